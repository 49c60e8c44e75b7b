"""Hostile inputs for the reports that take text: what a report quotes must stay one bounded line.

A header of two million characters laced with bidi overrides, zero-width marks and C1 controls, and a
PDF whose running header is one 90-letter word. Under ``--furniture drop`` (tests/conservation/
test_hostile.py) the manifest quotes the first words on one line of at most 80 characters, never the
payload, and under accounting the check still ends. By default both are page furniture, so the code
each must produce is the default's: the header's controls replaced in the output, the running header
shown once and its repeats reported. Standard library and the test dependencies only (reportlab).
"""

from __future__ import annotations

import io
import zipfile

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
PAYLOAD = "\u202e\u200bevil\u0085\u2066 txt " * 200_000  # about 2.2 million characters


def _rels(items: list[tuple[str, str, str]]) -> str:
    body = "".join(f'<Relationship Id="{rid}" Type="{kind}" Target="{target}"/>' for rid, kind, target in items)
    return f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{body}</Relationships>'


def header_payload_docx() -> bytes:
    body = (f'<w:document xmlns:w="{W_NS}" xmlns:r="{R_NS}"><w:body><w:p><w:r><w:t>Body</w:t></w:r></w:p>'
            '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr></w:body></w:document>')
    header = f'<w:hdr xmlns:w="{W_NS}"><w:p><w:r><w:t xml:space="preserve">{PAYLOAD}</w:t></w:r></w:p></w:hdr>'
    files = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                               '<Default Extension="xml" ContentType="application/xml"/></Types>',
        "_rels/.rels": _rels([("rId1", REL + "officeDocument", "word/document.xml")]),
        "word/_rels/document.xml.rels": _rels([("rIdH", REL + "header", "header1.xml")]),
        "word/document.xml": body,
        "word/header1.xml": header,
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in files.items():
            zf.writestr(zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0)), text.encode("utf-8"))
    return buf.getvalue()


def running_header_pdf() -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    for page in range(1, 5):
        c.setFont("Helvetica", 8)  # a standard font (Latin-1 only), small enough that the line fits the page
        c.drawString(72, 800, "Running header " + "x" * 90)
        c.setFont("Helvetica", 12)
        c.drawString(72, 700, f"Body text of page {page}, different on every page number {page * 17}.")
        c.showPage()
    c.save()
    return buf.getvalue()


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    return {
        "header-payload.docx": (header_payload_docx(), "to-md.control-characters-replaced",
                                "a header of 2.2 M characters (bidi overrides, zero-width marks, C1 controls), "
                                "furniture; under --furniture drop, docx.headers-footers-dropped"),
        "running-header-payload.pdf": (running_header_pdf(), "to-md.furniture-repeated",
                                       "a running header ending in a 90-letter word, furniture shown once; under "
                                       "--furniture drop, pdf.running-headers-dropped"),
    }
