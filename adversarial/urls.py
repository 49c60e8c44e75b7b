"""Hostile links, images, math and control characters, one file per hazard, across the formats.

Readers carry what they find; the writers' one URL and media policy (zenconv/writers/urls.py) decides.
Each file's code is the Markdown writer's (``to-md.``): the HTML writer reports the same refusal under
``to-html.``. Built with the standard library (hand-built zips) and the test dependencies (xlsxwriter,
python-docx, python-pptx, reportlab); zenconv is never imported here.
"""

from __future__ import annotations

import io
import zipfile

XSS = "<img src=x onerror=alert(1)>"
SVG = b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><script>alert(2)</script></svg>"
PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
       b"\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _rezip(data: bytes, edit) -> bytes:
    """The package with each part passed through ``edit(name, bytes) -> bytes``."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, edit(info.filename, src.read(info.filename)))
    return out.getvalue()


# --- OpenDocument, by hand ------------------------------------------------------------------------

_ODF_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
           'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
           'xmlns:xlink="http://www.w3.org/1999/xlink"')


def _odf(mimetype: str, body: str, extra: dict[str, bytes] | None = None) -> bytes:
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODF_NS} office:version="1.2">'
               f"<office:body>{body}</office:body></office:document-content>")
    entries = "".join(f'<manifest:file-entry manifest:full-path="{name}" manifest:media-type="image/svg+xml"/>'
                      for name in (extra or {}))
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{mimetype}"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                f"{entries}</manifest:manifest>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), mimetype)  # first and stored, as ODF requires
        z.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
        z.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        for name, data in (extra or {}).items():
            z.writestr(name, data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _odt(paragraphs: str, extra: dict[str, bytes] | None = None) -> bytes:
    return _odf("application/vnd.oasis.opendocument.text", f"<office:text>{paragraphs}</office:text>", extra)


def _odt_link(href_xml: str) -> bytes:
    return _odt(f'<text:p>Before <text:a xlink:type="simple" xlink:href="{href_xml}">click me</text:a> after.</text:p>')


def _odt_image(href: str, extra: dict[str, bytes] | None = None) -> bytes:
    return _odt('<text:p>Picture: <draw:frame draw:name="f1" svg:width="1cm" svg:height="1cm">'
                f'<draw:image xlink:type="simple" xlink:href="{_escape(href)}"/>'
                "<svg:desc>the picture</svg:desc></draw:frame></text:p>", extra)


def _ods_link(href: str) -> bytes:
    cell = (f'<table:table-cell office:value-type="string"><text:p><text:a xlink:type="simple" '
            f'xlink:href="{_escape(href)}">open</text:a></text:p></table:table-cell>')
    body = (f'<office:spreadsheet><table:table table:name="Sheet1"><table:table-row>{cell}</table:table-row>'
            "</table:table></office:spreadsheet>")
    return _odf("application/vnd.oasis.opendocument.spreadsheet", body)


# --- Office Open XML, built by the libraries and edited ---------------------------------------------

def _xlsx_link(target: str) -> bytes:
    import xlsxwriter

    buf = io.BytesIO()
    book = xlsxwriter.Workbook(buf, {"in_memory": True})
    sheet = book.add_worksheet()
    sheet.write_url("A1", "https://placeholder.example/", string="open me")
    sheet.write("A2", "plain")
    book.close()

    def edit(name: str, data: bytes) -> bytes:
        return data.replace(b"https://placeholder.example/", _escape(target).encode()) if name.endswith(".rels") else data

    return _rezip(buf.getvalue(), edit)


def _pptx_external_image(target: str) -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_picture(io.BytesIO(PNG), Inches(1), Inches(1))
    buf = io.BytesIO()
    prs.save(buf)

    def edit(name: str, data: bytes) -> bytes:
        if name == "ppt/slides/_rels/slide1.xml.rels":
            text = data.decode()
            start = text.index('Target="../media/')
            end = text.index('"', start + 8)
            text = text[:start] + f'Target="{_escape(target)}" TargetMode="External"' + text[end + 1:]
            return text.encode()
        if name == "ppt/slides/slide1.xml":
            return data.replace(b"r:embed=", b"r:link=")
        return data

    return _rezip(buf.getvalue(), edit)


def _docx_math(text: str) -> bytes:
    from docx import Document

    doc = Document()
    doc.add_paragraph("Math follows: MATHHERE")
    buf = io.BytesIO()
    doc.save(buf)
    omml = ('<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"><m:r><m:t>'
            f"{_escape(text)}</m:t></m:r></m:oMath>")

    def edit(name: str, data: bytes) -> bytes:
        if name == "word/document.xml":
            return data.replace(b"MATHHERE</w:t></w:r>", b"</w:t></w:r>" + omml.encode())
        return data

    return _rezip(buf.getvalue(), edit)


def _pdf_link(uri: str) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    c.drawString(72, 720, "Click here for the report")
    c.linkURL(uri, (72, 715, 250, 735), relative=0)
    c.showPage()
    c.save()
    return buf.getvalue()


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    unsafe, active, remote = "to-md.unsafe-url-dropped", "to-md.active-media-unlinked", "to-md.remote-image-dropped"
    math, controls = "to-md.math-written-as-code", "to-md.control-characters-replaced"
    mathml = ('<math><semantics><mi>x</mi><annotation encoding="application/x-tex">'
              f"{_escape(XSS)}</annotation></semantics></math>")
    return {
        "xlsx-hyperlink-mixed-case-javascript.xlsx": (
            _xlsx_link("JaVaScRiPt:alert(1)"), unsafe, "an XLSX hyperlink to JaVaScRiPt:alert(1)"),
        "ods-link-vbscript.ods": (_ods_link("vbscript:msgbox(1)"), unsafe, "an ODS text:a to vbscript:msgbox(1)"),
        "pdf-uri-data-html.pdf": (
            _pdf_link("data:text/html,<script>alert(1)</script>"), unsafe, "a PDF /URI action to data:text/html"),
        "odt-link-entity-colon-numeric.odt": (
            _odt_link("javascript&amp;#58;alert(1)"), unsafe, "an ODT link javascript&#58;alert(1) (entity colon)"),
        "odt-link-entity-colon-named.odt": (
            _odt_link("javascript&amp;colon;alert(1)"), unsafe, "an ODT link javascript&colon;alert(1)"),
        "pptx-image-javascript.pptx": (
            _pptx_external_image("javascript:alert(1)"), unsafe, "a PPTX picture linked to javascript:alert(1)"),
        "pptx-image-data-svg.pptx": (
            _pptx_external_image("data:image/svg+xml,<svg onload=alert(1)>"), unsafe,
            "a PPTX picture linked to a data:image/svg+xml URL"),
        "pptx-image-file.pptx": (
            _pptx_external_image("file:///etc/passwd"), unsafe, "a PPTX picture linked to file:///etc/passwd"),
        "pptx-image-remote.pptx": (
            _pptx_external_image("http://tracker.example/beacon.png"), remote, "a PPTX picture from the network"),
        # The ODT reader reads a target without a scheme it fetches as a path in the package: not there.
        "odt-image-javascript.odt": (
            _odt_image("javascript:alert(1)"), "odt.image-missing", "an ODT image at javascript:"),
        "odt-image-data-svg.odt": (
            _odt_image("data:image/svg+xml,<svg onload=alert(1)>"), "odt.image-missing",
            "an ODT image at data:image/svg+xml"),
        "odt-image-file.odt": (_odt_image("file:///etc/passwd"), unsafe, "an ODT image at file:///etc/passwd"),
        "odt-image-remote.odt": (
            _odt_image("http://tracker.example/beacon.png"), remote, "an ODT image from the network"),
        "odt-image-embedded-svg.odt": (
            _odt_image("Pictures/evil.svg", {"Pictures/evil.svg": SVG}), active,
            "an ODT picture that is an embedded SVG with onload and <script>"),
        "csv-script-and-escape.csv": (
            b"name,note\r\n<script>alert(1)</script>,\x1b[2J\x1b]0;pwned\x07\r\n", controls,
            "a CSV cell <script>alert(1)</script> beside one with CSI and OSC escapes and a BEL"),
        "csv-escape-bell.csv": (b"a,b\r\n\x1b[31mred\x1b[0m,ring\x07\x07\r\n", controls, "CSV cells with ESC and BEL"),
        "docx-omml-img-onerror.docx": (_docx_math(XSS), math, f"DOCX OMML math holding {XSS}"),
        "html-mathml-tex-img-onerror.html": (
            f"<html><body><p>Formula: {mathml}</p></body></html>".encode(), math,
            "HTML MathML whose TeX annotation holds an <img onerror>"),
        "markdown-mathml-tex-img-onerror.md": (
            f"Formula: {mathml}\n".encode(), math, "Markdown with raw MathML whose TeX annotation holds an <img onerror>"),
        "html-link-title-script.html": (
            b'<html><body><p><a href="https://ok.example/" title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">'
            b'titled</a> <img src="https://tracker.example/t.gif" alt="beacon"></p></body></html>', remote,
            'a link title "><script> beside a remote image'),
        "markdown-link-title-script.md": (
            b'[titled](https://ok.example/ "\\"><script>alert(1)</script>") ![beacon](http://tracker.example/t.png)\n',
            remote, 'a Markdown link title "><script> beside a remote image'),
        "html-image-remote.html": (
            b'<html><body><p><img src="http://tracker.example/beacon.png" alt="beacon"></p></body></html>', remote,
            "an HTML image from the network"),
        "markdown-image-remote.md": (
            b"![beacon](http://tracker.example/beacon.png)\n", remote, "a Markdown image from the network"),
    }
