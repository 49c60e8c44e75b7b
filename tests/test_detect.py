"""Choosing the reader: --from, then the bytes, then the extension, then the sniffers; fixed order."""

from __future__ import annotations

import io
import zipfile

import pytest

from zenconv.context import Source
from zenconv.detect import UsageError, choose_reader
from zenconv.plugins import Registry
from zenconv.reports import Unreadable


def registry() -> Registry:
    reg = Registry()
    reg.reader(id="b.text", name="text", version="1", reader="x:y", extensions=[".txt"],
               sniff=lambda head, name: head.startswith(b"hello"))
    reg.reader(id="a.text2", name="text2", version="1", reader="x:y", extensions=[".txt"])
    reg.reader(id="z.pdf", name="pdf", version="1", reader="x:y", magic=[b"%PDF-"], extensions=[".pdf"])
    reg.reader(id="z.docx", name="docx", version="1", reader="x:y", zip_parts=["word/"], extensions=[".docx"])
    reg.reader(id="z.odt", name="odt", version="1", reader="x:y",
               odf_mimetypes=["application/vnd.oasis.opendocument.text"], extensions=[".odt"])
    reg.reader(id="z.high", name="high", version="1", reader="x:y", extensions=[".hi"], priority=10)
    reg.reader(id="a.low", name="low", version="1", reader="x:y", extensions=[".hi"])
    return reg


def zip_bytes(parts: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return buf.getvalue()


def pick(data: bytes, name: str, from_: str | None = None) -> str:
    return choose_reader(Source(name, data=data), registry(), from_).id


def test_explicit_from_wins():
    assert pick(b"%PDF-1.7", "a.pdf", from_="text") == "b.text"
    with pytest.raises(UsageError):
        pick(b"x", "a.txt", from_="nope")


def test_bytes_beat_the_extension():
    assert pick(b"junk\n%PDF-1.4\n", "report.txt") == "z.pdf"
    assert pick(zip_bytes({"word/document.xml": b"<w/>"}), "misnamed.odt") == "z.docx"
    odt = zip_bytes({"mimetype": b"application/vnd.oasis.opendocument.text", "content.xml": b"<x/>"})
    assert pick(odt, "noext") == "z.odt"


def test_extension_then_sniffers():
    assert pick(b"plain", "notes.TXT") == "a.text2"  # two readers claim .txt: priority, then id
    assert pick(b"hello world", "noext") == "b.text"


def test_fixed_order_priority_then_id():
    reg = registry()
    assert [s.id for s in reg.ordered_readers()][:2] == ["z.high", "a.low"]
    assert pick(b"x", "file.hi") == "z.high"


def test_unknown_format_names_what_is_installed():
    with pytest.raises(Unreadable) as err:
        pick(b"\x00\x01", "data.bin")
    assert err.value.code == "host.unknown-format"
    assert "docx" in err.value.message and "pdf" in err.value.message


def test_empty_input():
    with pytest.raises(Unreadable) as err:
        pick(b"", "empty.txt")
    assert err.value.code == "host.empty-input"


def test_zip_without_known_parts_falls_back_to_the_extension():
    assert pick(zip_bytes({"other/x.xml": b"<x/>"}), "thing.docx") == "z.docx"
