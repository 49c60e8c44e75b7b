"""iterparse_xml's ``levels``: the events of the top levels only, found in the tree rather than seen one by
one, against the same call counting every element's depth in Python: the same events of the same elements,
after the same chunks of the stream, and the same refusal after the same events, whatever the bytes. A small
part is parsed whole: the same events of the same elements, complete at their ends, the same refusals."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from zenconv.reports import Unreadable
from zenconv.safe import xml
from zenconv.safe.xml import iterparse_xml

T = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
O = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
BENCH = Path(__file__).resolve().parents[2] / "bench" / "data" / "pages-300.odt"


class _Counted(io.BytesIO):
    """A stream that says how much of it has been read: which chunk an event came after."""


def _events(data: bytes, levels: int, events, *, fast: bool, free: bool = False, **kwargs):
    """Every event given, with the depth of its element, the bytes read when it came and what the element
    held then; the refusal that ended them, if one did. ``fast=False`` takes the counting path (a limit
    below libxml2's own, deeper than any document here). ``free``: the caller clears each element of the
    deepest level at its end and removes its earlier siblings, as a reader does."""
    stream = _Counted(data)
    depth, seen = 0, []
    limit = {} if fast else {"max_depth": 255}
    try:
        for event, el in iterparse_xml(stream, "odt", events=events, levels=levels, **limit, **kwargs):
            depth = len(list(el.iterancestors())) + 1
            held = (el.text or "")[:20], len(el), (el.tail or "")[:10] if event == "end" else None
            seen.append((event, el.tag, depth, stream.tell(), held, sorted(el.attrib.items())))
            if free and event == "end" and depth == levels:
                el.clear(keep_tail=True)
                while el.getprevious() is not None:
                    del el.getparent()[0]
    except Unreadable as exc:
        seen.append((exc.code, str(exc)))
    return seen


def _documents() -> list[bytes]:
    def para(i: int) -> str:
        return (f'<text:p text:style-name="P{i % 3}">word {i} <text:span text:style-name="T1">bold {i}</text:span>'
                f'<!-- note --> tail<text:a xlink:href="https://example.com/{i}">link</text:a></text:p>')

    body = "".join(para(i) if i % 9 else f"<text:list><text:list-item>{para(i)}</text:list-item></text:list>"
                   for i in range(2500))
    doc = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="{O}" xmlns:text="{T}" '
           f'xmlns:xlink="http://www.w3.org/1999/xlink"><office:automatic-styles><style a="1"/></office:automatic-styles>'
           f"<office:body><office:text>{body}</office:text></office:body></office:document-content>")
    docs = [
        doc.encode(),
        doc.encode("utf-16"),
        doc.encode()[: len(doc) // 2],                                              # cut mid-way
        doc.encode().replace(b"<office:body>", b"<!-- a comment --><?pi x?><office:body>"),
        doc.encode().replace(b"<office:text>", b"<office:text><!-- first -->x<?pi y?>"),
        doc.encode().replace(b"word 2000", b"word <a>" + b"<b>" * 300 + b"</b>" * 300 + b"</a>"),
        doc.encode().replace(b"word 2000", b"word </text:span>"),                  # malformed, chunks in
        doc.encode().replace(b"?>", b'?><!DOCTYPE r [<!ENTITY x "boom">]>', 1),
        doc.encode().replace(b"?>", b"?>" + b"<!--" + b" " * (1 << 20) + b"-->" + b"<!DOCTYPE r>", 1),
        doc.encode().replace(b"<style a=\"1\"/>", b"<s>" + b"x" * 200_000 + b"</s>"),  # a chunk with no events
        f'<office:document-content xmlns:office="{O}"><office:body/></office:document-content>'.encode(),
        b"<a><b><c><d><e/></d></c></b></a>",
        b"<a/>",
        b"",
        b"not xml at all",
        b"<a>" * 250 + b"</a>" * 250,
    ]
    if BENCH.exists():
        docs.append(zipfile.ZipFile(BENCH).read("content.xml"))
    return docs


@pytest.fixture
def streamed(monkeypatch):
    """No part parsed whole: the levels are found in the tree after each chunk."""
    monkeypatch.setattr(xml, "WHOLE_PART", -1)


@pytest.mark.parametrize("index", range(len(_documents())))
@pytest.mark.parametrize("levels", [1, 2, 4, 6])
@pytest.mark.parametrize("events", [("start", "end"), ("end",), ("start",)])
def test_same_events_after_the_same_chunks(index, levels, events, streamed):
    data = _documents()[index]
    assert _events(data, levels, events, fast=True) == _events(data, levels, events, fast=False)


def _settled(seen: list) -> list:
    """The events without when they came, nor, at a start, what the element held so far (parsed whole it
    is complete already); a refusal as it is."""
    return [item if len(item) == 2 else (item[0], item[1], item[2], item[4] if item[0] == "end" else None, item[5])
            for item in seen]


@pytest.mark.parametrize("index", range(len(_documents())))
@pytest.mark.parametrize("levels", [1, 2, 4])
@pytest.mark.parametrize("events", [("start", "end"), ("end",)])
def test_a_small_part_parsed_whole_gives_the_same_events(index, levels, events, monkeypatch):
    data = _documents()[index]
    whole = _events(data, levels, events, fast=True)
    monkeypatch.setattr(xml, "WHOLE_PART", -1)
    assert _settled(whole) == _settled(_events(data, levels, events, fast=True))


def test_a_part_past_the_whole_limit_streams(monkeypatch):
    data = _documents()[0]
    monkeypatch.setattr(xml, "WHOLE_PART", 1000)
    reads = [stream_at for *_, stream_at, _, _ in _events(data, 4, ("end",), fast=True)]
    assert reads[0] < len(data)  # the first events came before the part was all read


@pytest.mark.parametrize("index", [0, 1, 3, 4, 9])
@pytest.mark.parametrize("how", [{"free": True}, {"clear": True}])
def test_the_caller_may_free_what_it_has_read(index, how, streamed):
    data = _documents()[index]
    assert _events(data, 4, ("start", "end"), fast=True, **how) == _events(data, 4, ("start", "end"), fast=False, **how)


def test_tags_still_filter(streamed):
    data = _documents()[0]
    tags = {f"{{{T}}}list", f"{{{O}}}text"}
    assert _events(data, 4, ("end",), fast=True, tag=tags) == _events(data, 4, ("end",), fast=False, tag=tags)


def test_past_libxml2s_depth_the_refusal_is_the_same():
    data = b"<a>" * 257 + b"</a>" * 257
    refusal = _events(data, 2, ("start", "end"), fast=True)[-1]
    with pytest.raises(Unreadable) as info:
        list(iterparse_xml(io.BytesIO(data), "odt"))
    assert refusal == (info.value.code, str(info.value)) and info.value.code == "odt.xml-too-deep"
