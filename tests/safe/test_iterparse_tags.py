"""iterparse_tags, the fast path a reader takes for a few tags' events, against iterparse_xml: the same
events of the same elements, or the same refusal, whatever the bytes."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from zenconv.reports import Unreadable
from zenconv.safe.xml import iterparse_tags, iterparse_xml

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
TAGS = tuple(W + t for t in ("body", "p", "tbl", "tr", "sdt", "sectPr"))
DOCX = Path(__file__).resolve().parents[2] / "bench" / "data"
WNS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _events(how, data: bytes, tags, events, **kwargs):
    stream = io.BytesIO(data)
    try:
        if how == "tags":
            found = iterparse_tags(stream, "docx", tags, events=events, **kwargs)
        else:
            found = iterparse_xml(stream, "docx", events=events, tag=tags, **kwargs)
        return [(event, el.tag, (el.text or "")[:20], len(el)) for event, el in found]
    except Unreadable as exc:
        return (exc.code, str(exc))


def _documents() -> list[bytes]:
    body = "".join(f'<w:p><w:r><w:t>word {i}</w:t></w:r></w:p>' if i % 7 else
                   f'<w:tbl><w:tr><w:tc><w:p><w:r><w:t>{i}</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' for i in range(3000))
    doc = f'<?xml version="1.0" encoding="UTF-8"?><w:document {WNS}><w:body>{body}<w:sectPr/></w:body></w:document>'
    docs = [
        doc.encode(),
        doc.encode("utf-16"),
        ("\ufeff" + doc).encode("utf-8"),
        doc.encode()[: len(doc) // 2],                                     # cut mid-way
        doc.encode().replace(b"<w:body>", b"<!-- a comment --><w:body><?pi x?>"),
        doc.encode().replace(b"<w:sectPr/>", b"<w:sectPr>" + b"<w:x>" * 300 + b"</w:x>" * 300 + b"</w:sectPr>"),
        doc.encode().replace(b"?>", b'?><!DOCTYPE w:document [<!ENTITY x "boom">]>', 1),
        doc.encode().replace(b"?>", b"?>" + b"<!--" + b" " * (1 << 20) + b"-->" + b"<!DOCTYPE w:document>", 1),
        f"<w:document {WNS}><w:body></w:body></w:document>".encode(),
        b"<a><b/></a>",
        b"",
        b"not xml at all",
        b"<a>" * 256 + b"</a>" * 256,
        b"<a>" * 257 + b"</a>" * 257,
    ]
    bench = DOCX / "pages-300.docx"
    if bench.exists():
        docs.append(zipfile.ZipFile(bench).read("word/document.xml"))
    return docs


@pytest.mark.parametrize("index", range(len(_documents())))
@pytest.mark.parametrize("events", [("end",), ("start", "end"), ("start",)])
def test_same_events_as_iterparse_xml(index, events):
    data = _documents()[index]
    assert _events("tags", data, TAGS, events) == _events("xml", data, TAGS, events)


@pytest.mark.parametrize("depth", [3, 40, 255, 256, 300])
def test_a_lower_limit_takes_the_counting_path(depth):
    data = b"<a>" * 50 + b"</a>" * 50
    assert _events("tags", data, ("a",), ("end",), max_depth=depth) == \
        _events("xml", data, ("a",), ("end",), max_depth=depth)


def test_the_default_limit_is_libxml2s():
    with pytest.raises(Unreadable) as info:
        list(iterparse_tags(io.BytesIO(b"<a>" * 257 + b"</a>" * 257), "docx", ("a",)))
    assert info.value.code == "docx.xml-too-deep"
