"""ODS fixtures, built in memory with odfpy (as LibreOffice's peers write them) and, for what odfpy
cannot say, by hand (``raw_ods``).

``python tests/ods/make_fixtures.py DIR`` writes each named fixture to DIR for a look in LibreOffice.
"""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

from odf.office import Annotation
from odf.opendocument import OpenDocumentSpreadsheet
from odf.style import Style, TableProperties
from odf.table import CoveredTableCell, Table, TableCell, TableColumn, TableRow
from odf.text import A, LineBreak, P, S, Span

SPREADSHEET = "application/vnd.oasis.opendocument.spreadsheet"
NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "calcext": "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "xlink": "http://www.w3.org/1999/xlink",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "meta": "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
}


def _save(doc) -> bytes:
    out = io.BytesIO()
    doc.write(out)
    return out.getvalue()


def _text_cell(text: str, **attrs) -> TableCell:
    cell = TableCell(valuetype="string", **attrs)
    cell.addElement(P(text=text))
    return cell


def _row(*cells) -> TableRow:
    row = TableRow()
    for cell in cells:
        row.addElement(cell)
    return row


def values() -> bytes:
    """One row per value type, label in A, value in B."""
    doc = OpenDocumentSpreadsheet()
    table = Table(name="Values")
    linked = TableCell(valuetype="string")
    para = P(text="see ")
    para.addElement(A(href="https://example.com/doc", text="the file"))
    linked.addElement(para)
    two = TableCell(valuetype="string")
    two.addElement(P(text="line 1"))
    second = P(text="line")
    second.addElement(S(c=2))
    second.addText("2")
    second.addElement(LineBreak())
    second.addText("end")
    two.addElement(second)
    noted = _text_cell("noted")
    note = Annotation()
    note.addElement(P(text="a reviewer's remark"))
    noted.insertBefore(note, noted.firstChild)
    styled = TableCell(valuetype="string")
    para = P(text="plain ")
    para.addElement(Span(text="bold"))
    styled.addElement(para)
    uncached = TableCell(formula="of:=[.B1]*2")
    rows = [
        ("float", TableCell(valuetype="float", value="13955.625")),
        ("integer", TableCell(valuetype="float", value="15950")),
        ("percentage", TableCell(valuetype="percentage", value="0.125")),
        ("currency", TableCell(valuetype="currency", value="15950", currency="EUR")),
        ("date", TableCell(valuetype="date", datevalue="2026-06-01")),
        ("datetime", TableCell(valuetype="date", datevalue="2026-06-01T09:30:00")),
        ("midnight", TableCell(valuetype="date", datevalue="2026-06-01T00:00:00")),
        ("time", TableCell(valuetype="time", timevalue="PT09H30M00S")),
        ("duration", TableCell(valuetype="time", timevalue="PT36H00M00S")),
        ("true", TableCell(valuetype="boolean", booleanvalue="true")),
        ("false", TableCell(valuetype="boolean", booleanvalue="false")),
        ("string", _text_cell("plain text")),
        ("link", linked),
        ("paragraphs", two),
        ("annotated", noted),
        ("styled", styled),
        ("formula cached", TableCell(formula="of:=1+1", valuetype="float", value="2")),
        ("formula uncached", uncached),
    ]
    for label, cell in rows:
        table.addElement(_row(_text_cell(label), cell))
    doc.spreadsheet.addElement(table)
    return _save(doc)


def structure() -> bytes:
    """Spans, repeats, hidden tables, rows and columns, and a second table."""
    doc = OpenDocumentSpreadsheet()
    hidden_style = Style(name="hiddenTable", family="table")
    hidden_style.addElement(TableProperties(display="false"))
    doc.automaticstyles.addElement(hidden_style)

    table = Table(name="Damages")
    table.addElement(TableColumn(numbercolumnsrepeated=2))
    table.addElement(TableColumn(visibility="collapse"))
    table.addElement(TableColumn(numbercolumnsrepeated=1021))
    table.addElement(_row(TableCell(), _text_cell("Summary", numbercolumnsspanned=2, numberrowsspanned=1),
                          CoveredTableCell()))
    table.addElement(TableRow(numberrowsrepeated=2))  # two empty rows: counted, never expanded
    table.addElement(_row(TableCell(), _text_cell("Item"), _text_cell("Secret"), _text_cell("Amount")))
    table.addElement(_row(TableCell(), _text_cell("Rent", numberrowsspanned=2), _text_cell("s1"),
                          TableCell(valuetype="float", value="1000")))
    table.addElement(_row(TableCell(), CoveredTableCell(), _text_cell("s2"), TableCell(valuetype="float", value="1200")))
    hidden = _row(TableCell(), _text_cell("Hidden row"), _text_cell("s3"), TableCell(valuetype="float", value="7"))
    hidden.setAttribute("visibility", "collapse")
    table.addElement(hidden)
    repeated = _row(TableCell(), _text_cell("x", numbercolumnsrepeated=3))
    repeated.setAttribute("numberrowsrepeated", "2")
    table.addElement(repeated)
    table.addElement(TableRow(numberrowsrepeated=1048000))  # LibreOffice's trailing empty rows
    table.addElement(_row(TableCell(), _text_cell("after the gap")))
    doc.spreadsheet.addElement(table)

    secret = Table(name="Secret", stylename=hidden_style)
    secret.addElement(_row(_text_cell("hidden sheet value")))
    doc.spreadsheet.addElement(secret)

    parties = Table(name="Parties")
    parties.addElement(_row(_text_cell("Acme"), _text_cell("Plaintiff")))
    doc.spreadsheet.addElement(parties)
    return _save(doc)


def raw_ods(content_body: str, *, manifest_extra: str = "", mimetype: str = SPREADSHEET,
            extra: dict[str, bytes] | None = None, automatic: str = "") -> bytes:
    """A package written by hand; ``content_body`` is what goes inside office:spreadsheet, ``automatic``
    (an ``office:automatic-styles`` element) before the body."""
    decls = " ".join(f'xmlns:{k}="{v}"' for k, v in NS.items())
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {decls} office:version="1.3">'
               f"{automatic}<office:body><office:spreadsheet>{content_body}</office:spreadsheet></office:body>"
               "</office:document-content>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
                f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{mimetype}"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">'
                f"{manifest_extra}</manifest:file-entry></manifest:manifest>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype", (1980, 1, 1, 0, 0, 0)), mimetype, zipfile.ZIP_STORED)
        z.writestr(zipfile.ZipInfo("content.xml", (1980, 1, 1, 0, 0, 0)), content, zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("META-INF/manifest.xml", (1980, 1, 1, 0, 0, 0)), manifest, zipfile.ZIP_DEFLATED)
        for name, data in (extra or {}).items():
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def reported() -> bytes:
    """What is reported rather than carried: shapes, validations, conditional formats, a macro."""
    body = ('<table:content-validations><table:content-validation table:name="v1" '
            'table:condition="of:cell-content-is-whole-number()"/></table:content-validations>'
            '<table:table table:name="Sheet1"><table:shapes><draw:frame><draw:image xlink:href="Pictures/a.png"/>'
            '</draw:frame><draw:frame><draw:object xlink:href="./Object 1"/></draw:frame></table:shapes>'
            '<table:table-row><table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p>'
            '</table:table-cell></table:table-row>'
            '<calcext:conditional-formats><calcext:conditional-format calcext:target-range-address="Sheet1.A1">'
            '</calcext:conditional-format></calcext:conditional-formats></table:table>')
    return raw_ods(body, extra={"Basic/Standard/Module1.xml": b"<module/>"})


def annotation(*paragraphs: str, author: str = "", date: str = "", initials: str = "") -> str:
    """An ``office:annotation`` as LibreOffice writes it; ``paragraphs`` are the markup inside each text:p."""
    meta = (f"<dc:creator>{author}</dc:creator>" if author else "") + (f"<dc:date>{date}</dc:date>" if date else "")
    meta += f"<meta:creator-initials>{initials}</meta:creator-initials>" if initials else ""
    return f'<office:annotation>{meta}{"".join(f"<text:p>{p}</text:p>" for p in paragraphs)}</office:annotation>'


def _string(text: str, inside: str = "") -> str:
    return f'<table:table-cell office:value-type="string">{inside}<text:p>{text}</text:p></table:table-cell>'


def commented() -> bytes:
    """Annotations on cells with values, on an empty cell, on an empty row between two rows, and
    outside the table (past its last column, after its last row)."""
    remark = annotation('Net of <text:span text:style-name="T1">tax</text:span>?',
                        'See <text:a xlink:href="https://example.com/lease">the lease</text:a>',
                        author="Ann Lee", date="2026-01-05T10:00:00.123", initials="AL")
    body = ('<table:table table:name="Claims"><table:table-column table:number-columns-repeated="4"/>'
            f'<table:table-row>{_string("Item")}{_string("Amount")}</table:table-row>'
            f'<table:table-row>{_string("Rent")}<table:table-cell office:value-type="float" office:value="1000">'
            f'{remark}<text:p>1000</text:p></table:table-cell>'
            f'<table:table-cell>{annotation("Still open", author="Bo")}</table:table-cell>'
            f'<table:table-cell/>'
            f'<table:table-cell>{annotation("Past the last column", author="Bo")}</table:table-cell></table:table-row>'
            f'<table:table-row><table:table-cell>{annotation("Why is row 3 empty?")}</table:table-cell></table:table-row>'
            f'<table:table-row>{_string("Fees")}<table:table-cell/>{_string("paid")}</table:table-row>'
            '<table:table-row table:number-rows-repeated="4"><table:table-cell/></table:table-row>'
            f'<table:table-row><table:table-cell>{annotation("After the last row", author="Bo")}</table:table-cell>'
            '</table:table-row></table:table>')
    return raw_ods(body)


def displayed() -> bytes:
    """Typed cells with the text LibreOffice displays for them (``text:p``), and a header over them under
    a title: what a saved workbook holds."""
    doc = OpenDocumentSpreadsheet()
    table = Table(name="Prices")
    table.addElement(_row(_text_cell("Price list")))
    table.addElement(TableRow())
    table.addElement(_row(_text_cell("Item"), _text_cell("Price"), _text_cell("Discount"), _text_cell("From")))

    def typed(text: str, **attrs) -> TableCell:
        cell = TableCell(**attrs)
        cell.addElement(P(text=text))
        return cell

    table.addElement(_row(_text_cell("Pandina"), typed("€15,950.00", valuetype="currency", value="15950",
                                                           currency="EUR"),
                          typed("12.50%", valuetype="percentage", value="0.125"),
                          typed("01/06/26", valuetype="date", datevalue="2026-06-01")))
    table.addElement(_row(_text_cell("C3"), typed("€19,300.00", valuetype="currency", value="19300", currency="EUR"),
                          typed("8.00%", valuetype="percentage", value="0.08"),
                          typed("01/06/26", valuetype="date", datevalue="2026-06-01")))
    doc.spreadsheet.addElement(table)
    return _save(doc)


FIXTURES = {"displayed": displayed, "values": values, "structure": structure, "reported": reported, "commented": commented}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    for name, build in FIXTURES.items():
        (out / f"{name}.ods").write_bytes(build())


if __name__ == "__main__":
    main()
