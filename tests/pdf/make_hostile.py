"""Write hostile PDFs: each must end cleanly with a code, in bounded time and memory.

``python make_hostile.py DIR`` writes them; the tests call :func:`main` into a temporary folder.
Each file is built byte by byte (no PDF library would write them): a page tree whose /Kids
point back at itself, a page tree nested thousands deep, a cross-reference offset past the end
of the file, a form XObject that draws itself (and a pair that draw each other), a flate bomb in
a content stream and in an object stream, a content stream of arrays nested 100,000 deep, and text drawn
at a font size of 10^30.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

_TEXT = b"BT /F1 12 Tf 72 720 Td (Hostile but harmless) Tj ET"
_FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def _stream(body: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d%s >>\nstream\n" % (len(body), extra) + body + b"\nendstream"


def build(objects: list[bytes], *, root: int = 1, startxref: int | None = None, trailer_extra: bytes = b"") -> bytes:
    """A PDF with ``objects`` numbered from 1, a classic xref table and a trailer."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R%s >>\n" % (len(objects) + 1, root, trailer_extra)
    out += b"startxref\n%d\n%%%%EOF\n" % (xref if startxref is None else startxref)
    return bytes(out)


def _page(parent: int, contents: int, resources: bytes = b"<< /Font << /F1 4 0 R >> >>") -> bytes:
    return b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources %s /Contents %d 0 R >>" % (
        parent, resources, contents)


def circular_kids() -> bytes:
    """The page tree's /Kids lists the tree itself beside its one page."""
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [2 0 R 3 0 R 2 0 R] /Count 3 >>",
        _page(2, 5),
        _FONT,
        _stream(_TEXT),
    ])


def deep_kids(depth: int = 20_000) -> bytes:
    """A page tree nested ``depth`` levels deep before its one page."""
    objects = [b"<< /Type /Catalog /Pages 4 0 R >>", _FONT, _stream(_TEXT)]
    first = 4
    for level in range(depth):
        number = first + level
        objects.append(b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (number + 1))
    objects.append(_page(first + depth - 1, 3, b"<< /Font << /F1 2 0 R >> >>"))
    return build(objects)


def xref_past_eof() -> bytes:
    """The startxref offset points far beyond the end of the file."""
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 5),
        _FONT,
        _stream(_TEXT),
    ], startxref=10 ** 9)


def self_calling_xobject() -> bytes:
    """A form XObject whose content draws itself, and two forms that draw each other."""
    form = b"<< /XObject << /X1 6 0 R /X2 7 0 R >> /Font << /F1 4 0 R >> >>"
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 5, form),
        _FONT,
        _stream(_TEXT + b" /X1 Do /X2 Do"),
        _stream(b"/X1 Do", b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources " + form),
        _stream(b"/X3 Do", b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources "
                + b"<< /XObject << /X3 8 0 R >> >>"),
        _stream(b"/X2 Do", b" /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources "
                + b"<< /XObject << /X2 7 0 R >> >>"),
    ])


def _zeros_deflated(size: int) -> bytes:
    packer = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    parts = [packer.compress(chunk) for _ in range(size >> 20)]
    parts.append(packer.flush())
    return b"".join(parts)


def flate_bomb(size: int = 1 << 30) -> bytes:
    """A content stream of about 1 MB that inflates to ``size`` bytes of zeros."""
    bomb = _zeros_deflated(size)
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 5),
        _FONT,
        _stream(bomb, b" /Filter /FlateDecode"),
    ])


def objstm_bomb(size: int = 1 << 30) -> bytes:
    """The same bomb as an object stream, in a file whose xref is broken: the parser's fallback
    scan opens every object stream it finds."""
    bomb = _zeros_deflated(size)
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 5),
        _FONT,
        _stream(_TEXT),
        _stream(bomb, b" /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode"),
    ], startxref=10 ** 9)


def huge_glyphs() -> bytes:
    """Lines drawn at a font size of 10^30 beside an ordinary one: each glyph is wider than any page, and
    the search for a glyph drawn twice at one spot must not visit the cells such a glyph covers."""
    huge = b"BT /F1 1000000000000000000000000000000 Tf 72 %d Td (%s) Tj ET"
    body = b" ".join(huge % (600 - 20 * k, b"overprinted at an absurd size " * 4) for k in range(6))
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 5),
        _FONT,
        _stream(_TEXT + b" " + body),
    ])


def deep_arrays(depth: int = 100_000) -> bytes:
    """A content stream of arrays nested ``depth`` deep."""
    body = b"[" * depth + b"]" * depth + b" " + _TEXT
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        _page(2, 5),
        _FONT,
        _stream(body),
    ])


HOSTILE = {
    "circular-kids.pdf": circular_kids,
    "deep-kids.pdf": deep_kids,
    "xref-past-eof.pdf": xref_past_eof,
    "self-calling-xobject.pdf": self_calling_xobject,
    "flate-bomb.pdf": flate_bomb,
    "objstm-bomb.pdf": objstm_bomb,
    "deep-arrays.pdf": deep_arrays,
    "huge-glyphs.pdf": huge_glyphs,
}


def main(out: Path, bomb_size: int = 1 << 30) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for name, make in HOSTILE.items():
        data = make(bomb_size) if name.endswith("bomb.pdf") else make()
        (out / name).write_bytes(data)
        written[name] = out / name
    return written


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
