"""The one PDF builder of the hostile sets: objects numbered from 1, a classic xref, a trailer.

Standard library only, like every module here; the area modules import it from beside themselves.
"""

from __future__ import annotations


def build(objects: list[bytes], *, trailer_extra: bytes = b"") -> bytes:
    """A PDF of ``objects`` numbered from 1 (object 1 the catalog), a classic xref and a trailer."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R%s >>\n" % (len(objects) + 1, trailer_extra)
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)
