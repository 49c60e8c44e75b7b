"""XLSX fixtures, built in memory: with xlsxwriter or openpyxl as Excel's peers write them, and raw
packages (``raw_book``) for what those libraries never write (phonetic guides, ``t="d"``, bad refs).

``python tests/xlsx/make_fixtures.py DIR`` writes each named fixture to DIR for a look in Excel.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

import openpyxl
import xlsxwriter

CREATED = dt.datetime(2024, 1, 2, 3, 4, 5)
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
# The smallest valid PNG: one transparent pixel.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082"
)


def _xlsxwriter(build, **options) -> bytes:
    out = io.BytesIO()
    wb = xlsxwriter.Workbook(out, {"in_memory": True, **options})
    wb.set_properties({"title": "Fixture", "author": "zenconv tests", "created": CREATED})
    build(wb)
    wb.close()
    return out.getvalue()


def values() -> bytes:
    """One row per value rule of the reference readers' §3.3, label in A, value in B."""
    def build(wb):
        ws = wb.add_worksheet("Values")
        fmt = {name: wb.add_format({"num_format": code}) for name, code in (
            ("id14", 14), ("id22", 22), ("id20", 20), ("id46", 46), ("pct", "0.0%"),
            ("eur", "#,##0.00 [$€-407]"), ("iso", "yyyy-mm-dd"), ("quoted", '"d" 0'), ("elapsed", "[h]:mm"),
            ("minutes", "mm:ss"), ("red", "[Red][$-410]dd/mm/yyyy"))}
        bold = wb.add_format({"bold": True})
        rows = [
            ("shared string", lambda r: ws.write_string(r, 1, "plain text")),
            ("rich string", lambda r: ws.write_rich_string(r, 1, bold, "Bold", " and plain")),
            ("true", lambda r: ws.write_boolean(r, 1, True)),
            ("false", lambda r: ws.write_boolean(r, 1, False)),
            ("error", lambda r: ws.write_formula(r, 1, "=1/0", None, "#DIV/0!")),
            ("integer", lambda r: ws.write_number(r, 1, 15950)),
            ("float", lambda r: ws.write_number(r, 1, 13955.625)),
            ("tenth", lambda r: ws.write_number(r, 1, 0.1)),
            ("big", lambda r: ws.write_number(r, 1, 1e20)),
            ("negative", lambda r: ws.write_number(r, 1, -3.5)),
            ("percent", lambda r: ws.write_number(r, 1, 0.125, fmt["pct"])),
            ("currency", lambda r: ws.write_number(r, 1, 15950, fmt["eur"])),
            ("date id 14", lambda r: ws.write_datetime(r, 1, dt.datetime(2026, 6, 1), fmt["id14"])),
            ("datetime id 22", lambda r: ws.write_datetime(r, 1, dt.datetime(2026, 6, 1, 9, 30), fmt["id22"])),
            ("time id 20", lambda r: ws.write_number(r, 1, 0.5, fmt["id20"])),
            ("elapsed id 46", lambda r: ws.write_number(r, 1, 1.5, fmt["id46"])),
            ("custom date", lambda r: ws.write_number(r, 1, 46174, fmt["iso"])),
            ("quoted d", lambda r: ws.write_number(r, 1, 5, fmt["quoted"])),
            ("custom elapsed", lambda r: ws.write_number(r, 1, 1.5, fmt["elapsed"])),
            ("minutes", lambda r: ws.write_number(r, 1, 0.25, fmt["minutes"])),
            ("bracketed date", lambda r: ws.write_number(r, 1, 46174, fmt["red"])),
            ("serial 1", lambda r: ws.write_number(r, 1, 1, fmt["id14"])),
            ("serial 59", lambda r: ws.write_number(r, 1, 59, fmt["id14"])),
            ("serial 60", lambda r: ws.write_number(r, 1, 60, fmt["id14"])),
            ("serial 60.5", lambda r: ws.write_number(r, 1, 60.5, fmt["id22"])),
            ("serial 61", lambda r: ws.write_number(r, 1, 61, fmt["id14"])),
            ("negative date", lambda r: ws.write_number(r, 1, -1, fmt["id14"])),
            ("formula cached", lambda r: ws.write_formula(r, 1, "=B7*2", None, 31900)),
            ("formula text", lambda r: ws.write_formula(r, 1, '="a"&"b"', None, "ab")),
            ("escaped", lambda r: ws.write_string(r, 1, "_x0041_ stays")),
            ("line break", lambda r: ws.write_string(r, 1, "line 1\nline 2")),
        ]
        for index, (label, write) in enumerate(rows):
            ws.write_string(index, 0, label)
            write(index)
    return _xlsxwriter(build)


def date1904() -> bytes:
    def build(wb):
        ws = wb.add_worksheet("Mac")
        ws.write_datetime(0, 0, dt.datetime(2026, 6, 1), wb.add_format({"num_format": 14}))
        ws.write_number(1, 0, 0.5, wb.add_format({"num_format": "h:mm"}))
        ws.write_number(2, 0, 60, wb.add_format({"num_format": 14}))
    return _xlsxwriter(build, date_1904=True)


def uncached_formulas() -> bytes:
    """openpyxl writes formulas with no cached value, as any program that never ran Excel does."""
    wb = openpyxl.Workbook()
    wb.properties.created = CREATED
    wb.properties.modified = CREATED
    ws = wb.active
    ws.title = "Formulas"
    ws.append(["a", "b", "sum"])
    ws.append([1, 2, "=A2+B2"])
    ws.append([3, 4, "=A3+B3"])
    out = io.BytesIO()
    wb.save(out)
    return _fixed_dates(out.getvalue())


def _fixed_dates(data: bytes) -> bytes:
    """openpyxl stamps docProps/core.xml with the time of saving: put CREATED there instead."""
    out = io.BytesIO()
    stamp = CREATED.isoformat() + "Z"
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            content = src.read(info)
            if info.filename == "docProps/core.xml":
                content = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + stamp.encode(), content)
            dst.writestr(zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0)), content, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def structure() -> bytes:
    """Sheets, spans, gaps, hidden content, and the constructs that are reported rather than carried."""
    def build(wb):
        title = wb.add_format({"bold": True})
        ws = wb.add_worksheet("Damages")
        ws.merge_range("C2:E2", "Damages summary", title)
        ws.write_row("C4", ["Item", "Amount", "Note"])
        ws.merge_range("C5:C6", "Rent", title)
        ws.write_row("D5", [1000, "first"])
        ws.write_row("D6", [1200, "second"])
        ws.write_row("C9", ["Total", 2200])
        ws.write_string("AB12", "far right")
        ws.write_url("C13", "https://example.com/claim", string="Claim file")
        ws.write_comment("D5", "Checked by the clerk")
        ws.data_validation("E5", {"validate": "list", "source": ["first", "second"]})
        ws.conditional_format("D5:D6", {"type": "cell", "criteria": ">", "value": 1100, "format": title})
        ws.set_header("&CConfidential")
        chart = wb.add_chart({"type": "column"})
        chart.add_series({"values": "=Damages!$D$5:$D$6"})
        ws.insert_chart("G4", chart)
        ws.insert_image("G20", "dot.png", {"image_data": io.BytesIO(PNG)})

        rows = wb.add_worksheet("Rows")
        rows.write_row("A1", ["name", "secret", "city"])
        rows.write_row("A2", ["Ada", "s1", "London"])
        rows.write_row("A3", ["Bob", "s2", "Paris"])
        rows.write_row("A4", ["Cy", "s3", "Rome"])
        rows.set_row(2, None, None, {"hidden": True})
        rows.set_column("B:B", None, None, {"hidden": True})

        hidden = wb.add_worksheet("Hidden")
        hidden.write_string("A1", "hidden value")
        hidden.hide()
        deep = wb.add_worksheet("Deep")
        deep.write_string("A1", "very hidden value")
        deep.very_hidden()

        sheet = wb.add_chartsheet("Chart")
        pie = wb.add_chart({"type": "pie"})
        pie.add_series({"values": "=Damages!$D$5:$D$6"})
        sheet.set_chart(pie)
        wb.worksheets()[0].activate()
    return _xlsxwriter(build)


def charts() -> bytes:
    """Charts from their cached values: a column chart (a point left blank, a value with binary noise)
    and a titled scatter chart on a sheet, in that drawing order; a chart sheet between two sheets."""
    def build(wb):
        ws = wb.add_worksheet("Sales")
        ws.write_row("A1", ["Quarter", "North", "South"])
        ws.write_column("A2", ["Q1", "Q2", "Q3"])
        ws.write_column("B2", [1.5, 0.1 + 0.2, 3])
        ws.write_number("C2", 2)
        ws.write_number("C4", 5)  # C3 left blank: the cache has no point there
        column = wb.add_chart({"type": "column"})
        for col in "BC":
            column.add_series({"name": f"=Sales!${col}$1", "categories": "=Sales!$A$2:$A$4",
                               "values": f"=Sales!${col}$2:${col}$4"})
        ws.insert_chart("E2", column)
        scatter = wb.add_chart({"type": "scatter"})
        scatter.add_series({"name": "South by North", "categories": "=Sales!$B$2:$B$4", "values": "=Sales!$C$2:$C$4"})
        scatter.set_title({"name": "Spread"})
        ws.insert_chart("E20", scatter)

        sheet = wb.add_chartsheet("Overview")
        line = wb.add_chart({"type": "line"})
        line.add_series({"name": "=Sales!$B$1", "categories": "=Sales!$A$2:$A$4", "values": "=Sales!$B$2:$B$4"})
        line.set_title({"name": "Trend"})
        sheet.set_chart(line)
        wb.add_worksheet("Notes").write_string("A1", "after the chart sheet")
        ws.activate()
    return _xlsxwriter(build)


def ledger(rows: int = 300) -> bytes:
    """A plain sheet for citations: strings and integers, with empty rows between blocks of data."""
    def build(wb):
        ws = wb.add_worksheet("Ledger")
        ws.write_row(0, 0, ["Date", "Payee", "Amount"])
        for i in range(1, rows):
            if i % 50 == 0:
                continue  # an empty row every 50: later rows keep their numbers
            ws.write_row(i, 0, [f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}", f"Payee {i}", i * 10])
        other = wb.add_worksheet("Parties")
        other.write_row(0, 1, ["Party", "Role"])
        other.write_row(1, 1, ["Acme", "Plaintiff"])
        other.write_row(3, 1, ["Globex", "Defendant"])
    return _xlsxwriter(build)


# --- raw packages ----------------------------------------------------------------------------------


def headed(title: bool = True, offset: tuple[int, int] = (0, 0), header: bool = True) -> bytes:
    """A price list as counsel's exhibits have it: a title merged across, a blank row, a header of text
    over rows of typed data (a currency, a percentage, a date, a group key merged down), starting at
    ``offset`` (blank leading rows and columns)."""
    def build(wb):
        ws = wb.add_worksheet("Listino")
        money = wb.add_format({"num_format": "$#,##0.00"})
        pct = wb.add_format({"num_format": "0.0%"})
        day = wb.add_format({"num_format": "d-mmm-yy"})
        r0, c0 = offset
        if title:
            ws.merge_range(r0, c0, r0, c0 + 4, "Incentives, June 2026")
            r0 += 2
        if header:
            for c, text in enumerate(("Brand", "Model", "Price", "Discount", "From")):
                ws.write_string(r0, c0 + c, text)
            r0 += 1
        ws.merge_range(r0, c0, r0 + 1, c0, "Fiat")
        for r, (model, price, discount) in enumerate((("Pandina Cross", 15950, 0.125), ("Pandina Icon", 16450, 0.1))):
            ws.write_string(r0 + r, c0 + 1, model)
            ws.write_number(r0 + r, c0 + 2, price, money)
            ws.write_number(r0 + r, c0 + 3, discount, pct)
            ws.write_number(r0 + r, c0 + 4, 46174, day)
        ws.write_string(r0 + 2, c0, "Citroën")
        ws.write_string(r0 + 2, c0 + 1, "C3")
        ws.write_number(r0 + 2, c0 + 2, 19300, money)
        ws.write_number(r0 + 2, c0 + 3, 0.08, pct)
        ws.write_number(r0 + 2, c0 + 4, 46174, day)
    return _xlsxwriter(build)


def raw_book(sheets: list[tuple[str, str]] | str, *, strings: str | None = None, styles: str | None = None,
             workbook_pr: str = "", states: dict[str, str] | None = None, extra: dict[str, bytes] | None = None,
             sheet_rels: dict[int, str] | None = None, book_rels: str = "") -> bytes:
    """A package written by hand. ``sheets`` are (name, sheetData and what follows it) pairs, or one
    body for a sheet named "Sheet1"; ``strings`` the <si> elements of sharedStrings.xml; ``book_rels``
    more relationships of the workbook."""
    if isinstance(sheets, str):
        sheets = [("Sheet1", sheets)]
    states = states or {}
    files: dict[str, bytes] = {
        "[Content_Types].xml": b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "_rels/.rels": (f'<Relationships xmlns="{PKG_RELS}"><Relationship Id="rId1" '
                        f'Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>').encode(),
    }
    wb_rels = [f'<Relationship Id="rId{i + 1}" Type="{RELS}/worksheet" Target="worksheets/sheet{i + 1}.xml"/>'
               for i in range(len(sheets))] + [book_rels]
    entries = []
    for i, (name, body) in enumerate(sheets):
        state = f' state="{states[name]}"' if name in states else ""
        entries.append(f'<sheet name="{name}" sheetId="{i + 1}"{state} r:id="rId{i + 1}"/>')
        files[f"xl/worksheets/sheet{i + 1}.xml"] = f'<worksheet xmlns="{MAIN}" xmlns:r="{RELS}">{body}</worksheet>'.encode()
        if sheet_rels and i in sheet_rels:
            files[f"xl/worksheets/_rels/sheet{i + 1}.xml.rels"] = (
                f'<Relationships xmlns="{PKG_RELS}">{sheet_rels[i]}</Relationships>').encode()
    if strings is not None:
        wb_rels.append(f'<Relationship Id="rIdS" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/>')
        files["xl/sharedStrings.xml"] = f'<sst xmlns="{MAIN}">{strings}</sst>'.encode()
    if styles is not None:
        wb_rels.append(f'<Relationship Id="rIdY" Type="{RELS}/styles" Target="styles.xml"/>')
        files["xl/styles.xml"] = f'<styleSheet xmlns="{MAIN}">{styles}</styleSheet>'.encode()
    files["xl/workbook.xml"] = (f'<workbook xmlns="{MAIN}" xmlns:r="{RELS}">{workbook_pr}<sheets>{"".join(entries)}'
                                f'</sheets></workbook>').encode()
    files["xl/_rels/workbook.xml.rels"] = f'<Relationships xmlns="{PKG_RELS}">{"".join(wb_rels)}</Relationships>'.encode()
    files.update(extra or {})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def raw_values() -> bytes:
    """What the libraries above never write: inline rich strings with phonetic guides, t="d", errors."""
    strings = ('<si><t>shared</t></si>'
               '<si><r><t>ru</t></r><r><rPr><b/></rPr><t>n</t></r><rPh sb="0" eb="1"><t>ルン</t></rPh></si>')
    body = ('<sheetData>'
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
            '<c r="C1" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r><rPh><t>x</t></rPh></is></c></row>'
            '<row r="2"><c r="A2" t="d"><v>2026-06-01T00:00:00</v></c><c r="B2" t="d"><v>2026-06-01T09:30:00</v></c>'
            '<c r="C2" t="e"><v>#N/A</v></c><c r="D2" t="s"><v>7</v></c></row>'
            '<row r="3"><c t="str"><v>no ref</v></c><c t="n"><v>2</v></c><c r="E3"><v>3</v></c></row>'
            '</sheetData>')
    return raw_book(body, strings=strings)


THREADED_REL = "http://schemas.microsoft.com/office/2017/10/relationships/threadedComment"
PERSON_REL = "http://schemas.microsoft.com/office/2017/10/relationships/person"
THREADED = "http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"
TWIN = "[Threaded comment]\n\nYour version of Excel allows you to read this threaded comment.\n\nComment:\n    Fees look high"


def comment_parts(sheet: int, notes: str, threads: str = "", authors: tuple[str, ...] = ()) -> dict:
    """``raw_book`` arguments for sheet ``sheet`` (0-based) with a comments part holding ``notes``
    (``<comment>`` elements), a threaded comments part holding ``threads`` when given, and two persons."""
    rels = f'<Relationship Id="rIdC" Type="{RELS}/comments" Target="../comments{sheet + 1}.xml"/>'
    extra = {f"xl/comments{sheet + 1}.xml": (
        f'<comments xmlns="{MAIN}"><authors>{"".join(f"<author>{a}</author>" for a in authors)}</authors>'
        f'<commentList>{notes}</commentList></comments>').encode()}
    if threads:
        rels += f'<Relationship Id="rIdT" Type="{THREADED_REL}" Target="../threadedComments/threadedComment{sheet + 1}.xml"/>'
        extra[f"xl/threadedComments/threadedComment{sheet + 1}.xml"] = (
            f'<ThreadedComments xmlns="{THREADED}">{threads}</ThreadedComments>').encode()
    extra["xl/persons/person.xml"] = (
        f'<personList xmlns="{THREADED}"><person displayName="Jane Smith (JS)" id="{{P1}}" userId="js" providerId="None"/>'
        f'<person displayName="Marcus Sterling" id="{{P2}}" userId="ms" providerId="None"/></personList>').encode()
    return {"sheet_rels": {sheet: rels}, "extra": extra,
            "book_rels": f'<Relationship Id="rIdP" Type="{PERSON_REL}" Target="persons/person.xml"/>'}


def _inline(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def commented() -> bytes:
    """Notes and a threaded comment (with its note twin) on cells with values, on an empty cell, on an
    empty row between two rows, and outside the table (past its last column, after its last row, a
    reference that reads as no cell)."""
    body = (f'<sheetData><row r="1">{_inline("A1", "Item")}{_inline("B1", "Amount")}{_inline("C1", "State")}</row>'
            f'<row r="2">{_inline("A2", "Rent")}<c r="B2"><v>1000</v></c></row>'
            f'<row r="4">{_inline("A4", "Fees")}<c r="B4"><v>200</v></c>{_inline("C4", "paid")}</row></sheetData>')
    notes = ('<comment ref="B2" authorId="0"><text><r><rPr><b/></rPr><t>John Reviewer:</t></r>'
             '<r><t xml:space="preserve">\nIs this net?</t></r></text></comment>'
             '<comment ref="C2" authorId="1"><text><t>Still open</t></text></comment>'
             '<comment ref="A3" authorId="1"><text><t>Why is row 3 empty?</t></text></comment>'
             f'<comment ref="A4" authorId="2"><text><t>{TWIN}</t></text></comment>'
             '<comment ref="E1" authorId="0"><text><t>Past the last column</t></text></comment>'
             '<comment ref="A9" authorId="0"><text><t>After the last row</t></text></comment>'
             '<comment ref="not a cell" authorId="0"><text><t>Dangling</t></text></comment>')
    threads = ('<threadedComment ref="A4" dT="2026-06-18T17:12:37.41" personId="{P1}" id="{T1}">'
               '<text>Fees look high</text></threadedComment>'
               '<threadedComment ref="A4" dT="2026-06-18T17:15:52.31" personId="{P2}" id="{T2}" parentId="{T1}">'
               '<text>Agreed</text></threadedComment>')
    return raw_book(body, **comment_parts(0, notes, threads, ("John Reviewer", "Ann", "tc={T1}")))


def linked() -> bytes:
    """Every kind of reference outside the workbook: an OLE DB connection whose string holds a password, a
    web query, a text import; a link to another workbook, a DDE link to cmd, an OLE link; a query table; a
    linked OLE object on the sheet beside its hyperlink (which is carried)."""
    connections = (
        f'<connections xmlns="{MAIN}">'
        '<connection id="1" name="Sales DB" type="5"><dbPr connection="Provider=SQLOLEDB;Data Source=db1;'
        'User ID=sa;Password=hunter2;Initial Catalog=sales" command="SELECT * FROM orders" commandType="2"/>'
        '</connection><connection id="2" name="Rates" type="4"><webPr url="https://example.com/rates.html"/>'
        '</connection><connection id="3" name="Import" type="6"><textPr sourceFile="C:\\data\\in.csv"/>'
        '</connection></connections>')
    book_link = (f'<externalLink xmlns="{MAIN}" xmlns:r="{RELS}"><externalBook r:id="rId1"><sheetNames>'
                 '<sheetName val="Q1"/></sheetNames></externalBook></externalLink>')
    dde = (f'<externalLink xmlns="{MAIN}"><ddeLink ddeService="cmd" ddeTopic="/c calc.exe"><ddeItems>'
           '<ddeItem name="A0"/></ddeItems></ddeLink></externalLink>')
    ole = (f'<externalLink xmlns="{MAIN}" xmlns:r="{RELS}"><oleLink r:id="rId1" progId="Word.Document.8">'
           '<oleItems><oleItem name="\'\'"/></oleItems></oleLink></externalLink>')
    ext_rel = (f'<Relationships xmlns="{PKG_RELS}"><Relationship Id="rId1" Type="{RELS}/externalLinkPath" '
               'Target="file:///C:/books/{name}" TargetMode="External"/></Relationships>')
    query = f'<queryTable xmlns="{MAIN}" name="Rates query" connectionId="2" autoFormatId="16"/>'
    body = ('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>rate</t></is></c><c r="B1"><v>1.5</v></c></row>'
            '</sheetData><hyperlinks><hyperlink ref="A1" r:id="rIdH"/></hyperlinks>')
    sheet_rels = (f'<Relationship Id="rIdH" Type="{RELS}/hyperlink" Target="https://example.com/carried" '
                  'TargetMode="External"/>'
                  f'<Relationship Id="rIdO" Type="{RELS}/oleObject" Target="file:///C:/docs/linked.docx" '
                  'TargetMode="External"/>'
                  f'<Relationship Id="rIdQ" Type="{RELS}/queryTable" Target="../queryTables/queryTable1.xml"/>')
    book_rels = "".join(f'<Relationship Id="rIdL{n}" Type="{RELS}/externalLink" '
                        f'Target="externalLinks/externalLink{n}.xml"/>' for n in (1, 2, 3))
    book_rels += f'<Relationship Id="rIdC" Type="{RELS}/connections" Target="connections.xml"/>'
    extra = {
        "xl/connections.xml": connections.encode(),
        "xl/externalLinks/externalLink1.xml": book_link.encode(),
        "xl/externalLinks/_rels/externalLink1.xml.rels": ext_rel.replace("{name}", "other.xlsx").encode(),
        "xl/externalLinks/externalLink2.xml": dde.encode(),
        "xl/externalLinks/externalLink3.xml": ole.encode(),
        "xl/externalLinks/_rels/externalLink3.xml.rels": ext_rel.replace("{name}", "memo.doc").encode(),
        "xl/queryTables/queryTable1.xml": query.encode(),
    }
    return raw_book([("Rates", body)], sheet_rels={0: sheet_rels}, book_rels=book_rels, extra=extra)


FIXTURES = {
    "headed": headed,
    "values": values,
    "date1904": date1904,
    "uncached_formulas": uncached_formulas,
    "structure": structure,
    "charts": charts,
    "ledger": lambda: ledger(60),
    "raw_values": raw_values,
    "commented": commented,
    "linked": linked,
}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    for name, build in FIXTURES.items():
        (out / f"{name}.xlsx").write_bytes(build())


if __name__ == "__main__":
    main()
