"""Hostile inputs for where files go and what the terminal is shown (issue 12, parts 7 and 8).

:func:`hostile_files` maps a file name to (bytes, the report code its manifest must carry, what it is).
Built with the standard library only (the packages by hand with zipfile, the PDF object by object), so it
shares no code with what it tests.

- The DOCX's image part is named ``out.md.manifest.json`` and holds an SVG with a script: its file may
  neither take a manifest's name nor be written as something a browser opens.
- The other DOCX's image is named ``image1.png`` and holds the same SVG: the bytes decide, withheld.
- The CSV's cells and the PDF's page label hold ``ESC ] 0 ; pwned BEL ESC [ 2 J`` (set the terminal's
  title, clear its screen): run through the CLI, stderr must hold no ESC and no BEL byte.
- The two ``.manifest.json`` files are for ``zenconv verify``: digests that match, and an output or a
  resource path that leaves the manifest's folder (``../../../../etc/hostname``, ``/proc/self/environ``).
  Verify must refuse each (exit 1) without opening the path; converted, they are plain JSON the JSON reader
  reads with no report (their expected code is empty).
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdfbytes import build  # noqa: E402  (beside this file, however it was loaded)

ESCAPES = "\x1b]0;pwned\x07\x1b[2J"
DATE = (2024, 1, 2, 3, 4, 5)
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4" onload="alert(document.domain)">'
       b'<script>alert(1)</script><rect width="4" height="4"/></svg>')


def _zip(files: dict[str, str | bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files):
            data = files[name]
            zf.writestr(zipfile.ZipInfo(name, DATE), data.encode() if isinstance(data, str) else data)
    return buf.getvalue()


def docx_with_image(part: str, data: bytes) -> bytes:
    """A DOCX whose one image is the part word/media/``part``, holding ``data``."""
    ns = (f'xmlns:w="{W_NS}" xmlns:r="{R_NS}" '
          'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
          'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
          'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"')
    drawing = ('<w:r><w:drawing><wp:inline><wp:docPr id="2" name="Picture" descr="a picture"/><a:graphic>'
               '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>'
               '<pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic>'
               '</wp:inline></w:drawing></w:r>')
    body = f'<w:p><w:r><w:t>A picture follows.</w:t></w:r></w:p><w:p>{drawing}</w:p>'
    rels = (f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rIdImg" Type="{REL}image" Target="media/{part}"/></Relationships>')
    return _zip({
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                               '<Default Extension="xml" ContentType="application/xml"/></Types>',
        "_rels/.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                       f'<Relationship Id="rId1" Type="{REL}officeDocument" Target="word/document.xml"/>'
                       '</Relationships>',
        "word/_rels/document.xml.rels": rels,
        "word/document.xml": f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                             f'<w:document {ns}><w:body>{body}</w:body></w:document>',
        f"word/media/{part}": data,
    })


def escapes_in_cells() -> bytes:
    """Cells holding terminal escapes (and a NUL, which the reader reports with the cell's locator)."""
    return f"name,value\n{ESCAPES},1\nplain,{ESCAPES}\x00\n".encode()


def escapes_in_a_page_label() -> bytes:
    """One page labelled with terminal escapes, carrying an annotation (reported, cited by its page label)."""
    # UTF-16BE with its BOM, as a hex string: in PDFDocEncoding 0x1b would be read as a diacritic.
    label = b"<" + ("\ufeff" + ESCAPES).encode("utf-16-be").hex().upper().encode() + b">"
    text = b"BT /F1 12 Tf 72 720 Td (A page with a hostile label) Tj ET"
    return build([
        b"<< /Type /Catalog /Pages 2 0 R /PageLabels << /Nums [0 << /S /D /P " + label + b" >>] >> >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> "
        b"/Contents 5 0 R /Annots [6 0 R] >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream",
        b"<< /Type /Annot /Subtype /Text /Rect [400 700 420 720] /Contents " + label + b" >>",
    ])


def _manifest(output_path: str | None, resource_path: str | None) -> bytes:
    """A manifest whose digest matches its content, naming a path outside its folder."""
    digest = hashlib.sha256(b"x").hexdigest()
    body: dict = {
        "manifest_version": 1,
        "generator": {"name": "zenconv", "version": "0"},
        "source": {"name": "x.csv", "size": 1, "sha256": digest},
        "distributions": [], "options": {}, "resources": [], "outcome": "converted", "reasons": [],
        "reports": [], "flags": {}, "metadata": {}, "facets": {"counts": {}}, "preservation": {}, "limits": {},
    }
    if output_path is not None:
        body["output"] = {"path": output_path, "size": 1, "sha256": digest, "media_type": "text/markdown"}
    if resource_path is not None:
        body["resources"] = [{"name": "environ", "size": 1, "sha256": digest, "media_type": "image/png",
                              "written": True, "path": resource_path}]
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    body["digest"] = hashlib.sha256(canonical).hexdigest()
    return (json.dumps(body, sort_keys=True, indent=2) + "\n").encode()


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    return {
        "media-named-like-a-manifest.docx": (
            docx_with_image("out.md.manifest.json", SVG), "host.active-media-withheld",
            "an image part named out.md.manifest.json holding an SVG with a script: withheld, never that name"),
        "svg-named-png.docx": (
            docx_with_image("image1.png", SVG), "host.active-media-withheld",
            "an image part named image1.png holding an SVG with a script: the bytes decide, withheld"),
        "terminal-escapes.csv": (
            escapes_in_cells(), "csv.nul-removed",
            "cells holding ESC ] 0 ; pwned BEL ESC [ 2 J (and a NUL): no ESC or BEL may reach stderr"),
        "terminal-page-label.pdf": (
            escapes_in_a_page_label(), "pdf.annotations-dropped",
            "a page label of terminal escapes, cited by the annotation's report: no ESC or BEL may reach stderr"),
        "escape-output.manifest.json": (
            _manifest("../../../../etc/hostname", None), "",
            "for verify: output.path ../../../../etc/hostname must be refused unopened (exit 1)"),
        "escape-resource.manifest.json": (
            _manifest("x.md", "/proc/self/environ"), "",
            "for verify: a resource path /proc/self/environ must be refused unopened (exit 1)"),
    }
