"""Documents with documents inside, built here: every fixture of the embedded-document tests.

python-pptx embeds an OLE object itself; Word and Excel packages get theirs by adding the part, its
relationship, its content type and the element that places it (python-docx and openpyxl have no API for
it). :func:`compound` writes the smallest OLE compound file olefile reads (one stream, no mini stream: the
stream is padded past the 4,096-byte cutoff), and :func:`ole10native` the Packager's wrapper around a file.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile

_FREE, _END, _FATSECT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD
_SECTOR = 512


def compound(stream_name: str, data: bytes) -> bytes:
    """An OLE compound file (v3, 512-byte sectors) holding one stream of at least 4,096 bytes."""
    if len(data) < 4096:
        data = data + b"\0" * (4096 - len(data))
    n_data = -(-len(data) // _SECTOR)
    n_dir = 1
    total = n_data + n_dir
    n_fat = 1
    while n_fat * (_SECTOR // 4) < total + n_fat:
        n_fat += 1
    fat = [_FREE] * (n_fat * (_SECTOR // 4))
    for i in range(n_data):
        fat[i] = i + 1 if i + 1 < n_data else _END
    fat[n_data] = _END  # the directory's one sector
    for i in range(n_fat):
        fat[n_data + n_dir + i] = _FATSECT
    difat = [n_data + n_dir + i for i in range(n_fat)] + [_FREE] * (109 - n_fat)
    header = struct.pack("<8s16sHHHHH6sLLLLLLLLL", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", b"\0" * 16, 0x3E, 3,
                         0xFFFE, 9, 6, b"\0" * 6, 0, n_fat, n_data, 0, 4096, _END, 0, _END, 0)
    header += struct.pack("<109L", *difat)

    def entry(name: str, kind: int, child: int, start: int, size: int) -> bytes:
        raw = name.encode("utf-16-le") + b"\0\0"
        return struct.pack("<64sHBBLLL16sLQQLQ", raw, len(raw), kind, 1, _FREE, _FREE, child, b"\0" * 16, 0, 0, 0,
                           start, size)

    directory = entry("Root Entry", 5, 1, _END, 0) + entry(stream_name, 2, _FREE, 0, len(data))
    directory += b"\0" * (_SECTOR - len(directory))
    body = data + b"\0" * (n_data * _SECTOR - len(data))
    return header + body + directory + struct.pack(f"<{len(fat)}L", *fat)


def ole10native(file_name: str, data: bytes) -> bytes:
    """The ``\\x01Ole10Native`` stream the Packager writes around a file (MS-OLEDS 2.3.6)."""
    path = f"C:\\Users\\counsel\\{file_name}".encode("cp1252") + b"\0"
    label = file_name.encode("cp1252") + b"\0"
    temp = f"C:\\Temp\\{file_name}".encode("cp1252") + b"\0"
    body = struct.pack("<H", 2) + label + path + struct.pack("<HH", 0, 3) + struct.pack("<L", len(temp)) + temp
    body += struct.pack("<L", len(data)) + data
    return struct.pack("<L", len(body)) + body


def packager_object(file_name: str, data: bytes) -> bytes:
    """An ``oleObject*.bin``: a compound file whose Ole10Native stream wraps ``data`` as ``file_name``."""
    return compound("\x01Ole10Native", ole10native(file_name, data))


def xlsx_bytes(rows=(("Item", "Cost"), ("Rent", 1000)), title: str = "Budget") -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    for row in rows:
        ws.append(list(row))
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def docx_bytes(*paragraphs: str) -> bytes:
    import docx

    d = docx.Document()
    for text in paragraphs:
        d.add_paragraph(text)
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def _rewrite(package: bytes, edit) -> bytes:
    """The zip ``package`` with its parts passed through ``edit(parts) -> parts`` (a dict, order kept)."""
    with zipfile.ZipFile(io.BytesIO(package)) as zin:
        parts = {info.filename: zin.read(info) for info in zin.infolist()}
    parts = edit(parts)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in parts.items():
            zout.writestr(zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _add_rel(rels: bytes, rid: str, rel_type: str, target: str) -> bytes:
    rel = f'<Relationship Id="{rid}" Type="{rel_type}" Target="{target}"/>'.encode()
    return rels.replace(b"</Relationships>", rel + b"</Relationships>")


def _add_default(types: bytes, extension: str, content_type: str) -> bytes:
    if f'Extension="{extension}"'.encode() in types:
        return types
    default = f'<Default Extension="{extension}" ContentType="{content_type}"/>'.encode()
    return re.sub(rb"(<Types[^>]*>)", lambda m: m.group(1) + default, types, count=1)


_PACKAGE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/package"
_OLE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject"
_AFCHUNK_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk"
_TYPES = {"xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          "bin": "application/vnd.openxmlformats-officedocument.oleObject",
          "htm": "text/html", "mht": "message/rfc822", "exe": "application/octet-stream"}


def docx_with(*, embedded=(), chunks=(), before: str = "See the attached budget.") -> bytes:
    """A DOCX whose body holds, after a paragraph, one paragraph per ``embedded`` (file name, bytes) as an
    OLE object (``.bin`` names are Packager objects already) and one ``w:altChunk`` per ``chunks`` entry."""
    base = docx_bytes(before)

    def edit(parts):
        body = b""
        for n, (name, data) in enumerate(embedded, start=1):
            ext = name.rpartition(".")[2]
            part = f"embeddings/{name}"
            rid = f"rIdEmb{n}"
            kind = _OLE_REL if ext == "bin" else _PACKAGE_REL
            parts[f"word/{part}"] = data
            parts["word/_rels/document.xml.rels"] = _add_rel(parts["word/_rels/document.xml.rels"], rid, kind, part)
            parts["[Content_Types].xml"] = _add_default(parts["[Content_Types].xml"], ext, _TYPES.get(ext, _TYPES["exe"]))
            prog = "Package" if ext == "bin" else "Excel.Sheet.12"
            body += (f'<w:p><w:r><w:object><o:OLEObject Type="Embed" ProgID="{prog}" ShapeID="_x0000_i10{n}" '
                     f'DrawAspect="Icon" ObjectID="_1{n}" r:id="{rid}"/></w:object></w:r></w:p>').encode()
        for n, (name, data) in enumerate(chunks, start=1):
            ext = name.rpartition(".")[2]
            rid = f"rIdChunk{n}"
            parts[f"word/{name}"] = data
            parts["word/_rels/document.xml.rels"] = _add_rel(parts["word/_rels/document.xml.rels"], rid, _AFCHUNK_REL, name)
            parts["[Content_Types].xml"] = _add_default(parts["[Content_Types].xml"], ext, _TYPES[ext])
            body += f'<w:altChunk r:id="{rid}"/>'.encode()
        doc = parts["word/document.xml"]
        if b'xmlns:o="' not in doc:
            doc = doc.replace(b"<w:document ", b'<w:document xmlns:o="urn:schemas-microsoft-com:office:office" ', 1)
        parts["word/document.xml"] = doc.replace(b"<w:sectPr", body + b"<w:sectPr", 1)
        return parts

    return _rewrite(base, edit)


def xlsx_with(*, embedded=()) -> bytes:
    """An XLSX whose first sheet holds one OLE object per ``embedded`` (file name, bytes)."""
    base = xlsx_bytes((("Quarter", "Revenue"), ("Q1", 10)), title="Summary")

    def edit(parts):
        sheet = "xl/worksheets/sheet1.xml"
        rels_name = "xl/worksheets/_rels/sheet1.xml.rels"
        rels = parts.get(rels_name, b'<?xml version="1.0" encoding="UTF-8"?><Relationships '
                         b'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>')
        objects = b""
        for n, (name, data) in enumerate(embedded, start=1):
            ext = name.rpartition(".")[2]
            rid = f"rIdEmb{n}"
            parts[f"xl/embeddings/{name}"] = data
            rels = _add_rel(rels, rid, _OLE_REL if ext == "bin" else _PACKAGE_REL, f"../embeddings/{name}")
            parts["[Content_Types].xml"] = _add_default(parts["[Content_Types].xml"], ext, _TYPES.get(ext, _TYPES["exe"]))
            objects += f'<oleObject progId="Word.Document.12" shapeId="{1024 + n}" r:id="{rid}"/>'.encode()
        parts[rels_name] = rels
        xml = parts[sheet]
        if b'xmlns:r="' not in xml:
            xml = xml.replace(b"<worksheet ", b'<worksheet xmlns:r="http://schemas.openxmlformats.org/'
                              b'officeDocument/2006/relationships" ', 1)
        parts[sheet] = xml.replace(b"</worksheet>", b"<oleObjects>" + objects + b"</oleObjects></worksheet>", 1)
        return parts

    return _rewrite(base, edit)


def pptx_with(data: bytes, prog: str = "xlsx") -> bytes:
    """A one-slide PPTX holding ``data`` as an OLE object (python-pptx's own ``add_ole_object``)."""
    from pptx import Presentation
    from pptx.enum.shapes import PROG_ID
    from pptx.util import Inches

    p = Presentation()
    slide = p.slides.add_slide(p.slide_layouts[5])
    slide.shapes.title.text = "Quarterly review"
    slide.shapes.add_ole_object(io.BytesIO(data), getattr(PROG_ID, prog.upper()), Inches(1), Inches(1))
    out = io.BytesIO()
    p.save(out)
    return out.getvalue()


def pdf_with(files=(), annotated=()) -> bytes:
    """A one-page PDF with ``files`` (name, bytes) in its EmbeddedFiles tree and ``annotated`` ones as
    FileAttachment annotations on its page."""
    from adversarial.pdfbytes import build

    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def spec(name: str, data: bytes) -> int:
        stream = add(b"<< /Type /EmbeddedFile /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")
        return add(b"<< /Type /Filespec /F (%s) /UF (%s) /EF << /F %d 0 R >> >>" % (name.encode(), name.encode(), stream))

    add(b"")  # 1: the catalog, filled in last
    add(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    add(b"")  # 3: the page
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    text = b"BT /F1 12 Tf 72 720 Td (The engagement letter is attached.) Tj ET"
    content = add(b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream")
    annots = []
    for name, data in annotated:
        fs = spec(name, data)
        annots.append(add(b"<< /Type /Annot /Subtype /FileAttachment /Rect [72 600 90 618] /FS %d 0 R >>" % fs))
    names = b" ".join(b"(%s) %d 0 R" % (name.encode(), spec(name, data)) for name, data in files)
    annot_list = b" /Annots [" + b" ".join(b"%d 0 R" % a for a in annots) + b"]" if annots else b""
    objects[2] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 %d 0 R >> >> "
                  b"/Contents %d 0 R%s >>" % (font, content, annot_list))
    tree = b" /Names << /EmbeddedFiles << /Names [%s] >> >>" % names if files else b""
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R%s >>" % tree
    return build(objects)


def nested_docx(depth: int) -> bytes:
    """A DOCX holding a DOCX holding a DOCX ... ``depth`` levels of embedding below the outer one."""
    data = docx_bytes("The innermost memo.")
    for level in range(depth, 0, -1):
        data = docx_with(embedded=[(f"level{level}.docx", data)], before=f"Level {level - 1} memo.")
    return data


def odt_with_spreadsheet() -> bytes:
    """An ODT whose second paragraph holds a frame with a spreadsheet sub-document (odfpy's addObject)."""
    from odf.draw import Frame, Object
    from odf.opendocument import OpenDocumentSpreadsheet, OpenDocumentText
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    sheet = OpenDocumentSpreadsheet()
    table, row, cell = Table(name="Ledger"), TableRow(), TableCell()
    cell.addElement(P(text="Embedded ledger cell"))
    row.addElement(cell)
    table.addElement(row)
    sheet.spreadsheet.addElement(table)
    doc = OpenDocumentText()
    doc.text.addElement(P(text="Memo with a spreadsheet object."))
    frame = Frame(width="5cm", height="3cm", anchortype="paragraph")
    frame.addElement(Object(href="./" + doc.addObject(sheet)))
    holder = P()
    holder.addElement(frame)
    doc.text.addElement(holder)
    out = io.BytesIO()
    doc.write(out)
    return out.getvalue()
