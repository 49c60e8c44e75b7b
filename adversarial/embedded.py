"""Hostile embedded documents: OLE objects that lie, a program packaged in a memo, an attachment bomb.

Each file's code is the same whether or not the conversion has an output folder to put children in (the
hostile-input test compares the command line's batch with the API, which has none): each hostile child is
refused or found unhandled before the host would convert it. The depth bomb and hostile child names, whose
codes only a conversion with an output folder shows, are in ``tests/embedded/test_hostile_children.py``.
Standard library only; ``python adversarial/embedded.py DIR`` writes them into DIR.
"""

from __future__ import annotations

import io
import struct
import sys
import zipfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdfbytes import build  # noqa: E402  (beside this file, however it was loaded)

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_O = "urn:schemas-microsoft-com:office:office"
_FREE, _END, _FATSECT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD


def compound(name: str, data: bytes, *, broken: bool = False) -> bytes:
    """A compound file (v3, 512-byte sectors) of one stream padded to 4,096 bytes; ``broken``: the
    stream's FAT chain runs to a sector far past the end of the file."""
    data = data.ljust(4096, b"\0")
    sectors = -(-len(data) // 512)
    fat = [i + 1 for i in range(sectors - 1)] + [_END, _END, _FATSECT]
    if broken:
        fat[2] = 0x7FFFFF  # sector 2 links on to a sector the file does not have
    fat += [_FREE] * (128 - len(fat))
    header = struct.pack("<8s16s5H6s9L109L", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", bytes(16), 0x3E, 3, 0xFFFE, 9, 6,
                         bytes(6), 0, 1, sectors, 0, 4096, _END, 0, _END, 0, sectors + 1, *([_FREE] * 108))

    def entry(entry_name: str, kind: int, child: int, start: int, size: int) -> bytes:
        raw = entry_name.encode("utf-16-le") + b"\0\0"
        return struct.pack("<64sHBB3L16sLQQLQ", raw, len(raw), kind, 1, _FREE, _FREE, child, bytes(16), 0, 0, 0,
                           start, size)

    directory = (entry("Root Entry", 5, 1, _END, 0) + entry(name, 2, _FREE, 0, len(data))).ljust(512, b"\0")
    return header + data.ljust(sectors * 512, b"\0") + directory + struct.pack("<128L", *fat)


def native(file_name: str, data: bytes, *, claimed: int | None = None) -> bytes:
    """An Ole10Native stream around ``data``; ``claimed``: the payload size its header states instead."""
    label = file_name.encode() + b"\0"
    temp = b"C:\\Temp\\" + label
    body = struct.pack("<H", 2) + label + b"C:\\" + label + struct.pack("<HHL", 0, 3, len(temp)) + temp
    body += struct.pack("<L", len(data) if claimed is None else claimed) + data
    return struct.pack("<L", len(body)) + body


def docx_with_object(part: bytes, name: str = "oleObject1.bin") -> bytes:
    """A minimal WordprocessingML package whose one paragraph holds an OLE object pointing at ``part``."""
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{_W}" '
                f'xmlns:r="{_R}" xmlns:o="{_O}"><w:body><w:p><w:r><w:t>The exhibit follows.</w:t></w:r></w:p>'
                f'<w:p><w:r><w:object><o:OLEObject Type="Embed" ProgID="Package" r:id="rId9"/></w:object></w:r></w:p>'
                "</w:body></w:document>")
    types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
             'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
             'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" '
             'ContentType="application/vnd.openxmlformats-officedocument.oleObject"/><Override PartName="/word/'
             'document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.'
             'main+xml"/></Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            '2006/relationships"><Relationship Id="rId1" Target="word/document.xml" Type="http://schemas.'
            'openxmlformats.org/officeDocument/2006/relationships/officeDocument"/></Relationships>')
    doc_rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                f'package/2006/relationships"><Relationship Id="rId9" Target="embeddings/{name}" Type="http://'
                'schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject"/></Relationships>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for part_name, data in (("[Content_Types].xml", types), ("_rels/.rels", rels), ("word/document.xml", document),
                                ("word/_rels/document.xml.rels", doc_rels), (f"word/embeddings/{name}", part)):
            zf.writestr(zipfile.ZipInfo(part_name, (1980, 1, 1, 0, 0, 0)), data)
    return buf.getvalue()


def attachment_bomb_pdf(mib: int = 512) -> bytes:
    """A one-page PDF whose one attachment is ``mib`` MiB of zeros deflated to about 500 KB per 512 MiB."""
    packer = zlib.compressobj(9)
    chunk = b"\0" * (1 << 20)
    bomb = b"".join(packer.compress(chunk) for _ in range(mib)) + packer.flush()
    text = b"BT /F1 12 Tf 72 720 Td (The exhibit is attached.) Tj ET"
    return build([
        b"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(exhibit.docx) 6 0 R] >> >> >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream",
        b"<< /Type /Filespec /F (exhibit.docx) /EF << /F 7 0 R >> >>",
        b"<< /Type /EmbeddedFile /Filter /FlateDecode /Length %d >>\nstream\n" % len(bomb) + bomb + b"\nendstream",
    ])


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    program = b"MZ\x90\x00\x03" + b"\0" * 251
    return {
        "ole-lying-native.docx": (
            docx_with_object(compound("\x01Ole10Native", native("budget.xlsx", b"PK\x03\x04", claimed=0xFFFFFFF0))),
            "host.embedded-unhandled",
            "an OLE object whose Ole10Native header claims a 4 GiB payload: never read past the stream, unhandled"),
        "ole-broken-fat.docx": (
            docx_with_object(compound("\x01Ole10Native", native("memo.docx", b"x" * 5000), broken=True)),
            "host.embedded-unhandled",
            "an OLE object whose FAT chain runs past the end of the file: olefile refuses it, the part is unhandled"),
        "packaged-program.docx": (
            docx_with_object(compound("\x01Ole10Native", native("invoice.pdf.exe", program))),
            "host.embedded-unhandled",
            "a Packager object wrapping a Windows program named invoice.pdf.exe: listed, never converted or linked"),
        "attachment-bomb.pdf": (
            attachment_bomb_pdf(), "pdf.stream-too-large",
            "a PDF attachment of 512 MiB of zeros deflated to about 500 KB: its stream stops at --max-stream-bytes"),
    }


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "embedded-hostile")
    out.mkdir(parents=True, exist_ok=True)
    for file_name, (data, code, _) in hostile_files().items():
        (out / file_name).write_bytes(data)
        print(file_name, code)
