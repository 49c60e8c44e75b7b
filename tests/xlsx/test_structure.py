"""Sheets in order, one heading and one table each (then their charts' tables); spans; gaps that keep
row numbers; hidden content; the constructs that are reported instead of carried."""

from __future__ import annotations

from zenconv.ir.facets import HiddenFacet
from zenconv.ir.nodes import Cell, Heading, Link

from zenconv.ir.walk import plain_text
from zenconv_plugins.xlsx.headers import split_parts

from .conftest import FX, grid, read_xlsx, spans, tables

STRUCTURE = FX.structure()


def _body(result) -> list:
    """The blocks but the page furniture (the sheets' print headers and footers)."""
    return [b for b in result.document.blocks if getattr(b, "class_", None) != "furniture"]


def test_each_sheet_is_a_level_2_heading_and_one_table_in_workbook_order():
    blocks = _body(read_xlsx(STRUCTURE))
    kinds = [(type(b).__name__, b.children[0].text if isinstance(b, Heading) else None) for b in blocks]
    # Damages' chart follows its table; the chart sheet is a heading and its chart's table
    assert kinds == [("Heading", "Damages"), ("Table", None), ("Table", None), ("Heading", "Rows"), ("Table", None),
                     ("Heading", "Hidden"), ("Table", None), ("Heading", "Deep"), ("Table", None),
                     ("Heading", "Chart"), ("Table", None)]
    assert {b.level for b in blocks if isinstance(b, Heading)} == {2}
    assert [b.locator.sheet for b in blocks] == [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_rows_keep_their_numbers_and_cite_the_first_column():
    damages = tables(read_xlsx(STRUCTURE))[0]
    rows = list(damages.rows)
    # Data starts in column C: the table starts there; empty rows 1, 3, 7, 8, 10, 11 are not written.
    assert [(r.locator.row, r.locator.cell) for r in rows] == [
        (1, "C2"), (3, "C4"), (4, "C5"), (5, "C6"), (8, "C9"), (11, "C12"), (12, "C13")]
    assert rows[4].locator.citation() == "Sheet 'Damages', row 9"
    assert rows[4].locator.sheet == 1 and rows[4].locator.sheet_name == "Damages"


def test_column_letters_past_z():
    rows = list(tables(read_xlsx(STRUCTURE))[0].rows)
    far = rows[5].cells
    assert far[-1] == "far right" and len(far) == 26  # C..AB


def test_merged_cells_keep_the_top_left_value_with_spans_and_leave_covered_cells_out():
    got = spans(tables(read_xlsx(STRUCTURE))[0])
    assert got[0] == [("Damages summary", 3, 1)]
    assert got[2] == [("Rent", 1, 2), ("1000", 1, 1), ("first", 1, 1)]
    assert got[3] == [("1200", 1, 1), ("second", 1, 1)]  # C6 is covered by Rent


def test_hyperlink_is_carried_as_a_link():
    cell = list(tables(read_xlsx(STRUCTURE))[0].rows)[6].cells[0]
    assert isinstance(cell, Cell) and isinstance(cell.content[0], Link)
    assert cell.content[0].target == "https://example.com/claim"


def test_hidden_content_is_kept_and_marked_by_default():
    result = read_xlsx(STRUCTURE)
    blocks = _body(result)
    rows_table = blocks[4]
    assert grid(rows_table)[2] == ["Bob", "s2", "Paris"]
    assert list(rows_table.rows)[2].facets == (HiddenFacet("hidden-row"),)
    specs = rows_table.columns.specs
    assert [s.facets for s in specs] == [(), (HiddenFacet("hidden-column"),)]
    assert blocks[5].facets == (HiddenFacet("hidden-sheet"),) and blocks[6].facets == (HiddenFacet("hidden-sheet"),)
    assert blocks[7].facets == (HiddenFacet("very-hidden-sheet"),)
    assert not any(code.startswith("xlsx.hidden") for code in result.codes())


def test_hidden_skip_drops_and_reports():
    result = read_xlsx(STRUCTURE, hidden="skip")
    headings = [b.children[0].text for b in result.document.blocks if isinstance(b, Heading)]
    assert headings == ["Damages", "Rows", "Chart"]
    assert grid(tables(result)[2]) == [["name", "city"], ["Ada", "London"], ["Cy", "Rome"]]
    assert [r.locator.row for r in tables(result)[2].rows] == [0, 1, 3]
    codes = result.codes()
    assert codes["xlsx.hidden-sheet-dropped"] == 2
    assert codes["xlsx.hidden-row-dropped"] == 1
    assert codes["xlsx.hidden-column-dropped"] == 1


def test_hidden_skip_reports_take_the_text_they_drop():
    reports = {r.code.code: r for r in read_xlsx(STRUCTURE, hidden="skip").reporter.reports}
    assert reports["xlsx.hidden-sheet-dropped"].quotes == ["hidden value", "very hidden value"]
    assert reports["xlsx.hidden-row-dropped"].quotes == ["Bob s2 Paris"]
    # the hidden column's cells of the rows shown (the hidden row's are the row's report's)
    assert reports["xlsx.hidden-column-dropped"].quotes == ["secret s1 s3"]
    assert reports["xlsx.hidden-column-dropped"].chars == len("secret\ns1\ns3")


def test_constructs_not_carried_are_reported():
    codes = read_xlsx(STRUCTURE, comments="drop", furniture="drop").codes()
    for code in ("xlsx.images-dropped", "xlsx.comments-dropped",
                 "xlsx.data-validation-dropped", "xlsx.conditional-formatting-dropped",
                 "xlsx.headers-footers-dropped"):
        assert codes.get(code) == 1, code


def test_print_headers_are_furniture_under_the_sheet_heading():
    result = read_xlsx(STRUCTURE)
    blocks = list(result.document.blocks)
    assert isinstance(blocks[0], Heading) and blocks[1].class_ == "furniture"
    (facet,) = blocks[1].facets
    assert (facet.role, facet.variant, facet.position) == ("header", None, "center")
    assert plain_text(blocks[1].blocks) == "Confidential" and blocks[1].locator.sheet_name == "Damages"
    assert "xlsx.headers-footers-dropped" not in result.codes()


def test_header_parts_and_codes():
    parts, shown = split_parts('&L&"Arial,Bold"&12Bates &P of &N&CSheet &A &&Co&R&KFF0000&D', "Damages")
    assert parts == [("left", "Bates [Page] of [Pages]"), ("center", "Sheet Damages &Co"), ("right", "[Date]")]
    assert shown == 3
    assert split_parts("Plain words", "S") == ([("center", "Plain words")], 0)


def test_header_codes_are_reported_and_drop_reports_as_before():
    data = FX.raw_book('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row></sheetData>'
                       '<headerFooter differentFirst="1"><oddFooter>&amp;LACME-0001&amp;RPage &amp;P</oddFooter>'
                       '<firstHeader>&amp;CFirst page</firstHeader></headerFooter>')
    result = read_xlsx(data)
    furniture = [b for b in result.document.blocks if getattr(b, "class_", None) == "furniture"]
    assert [(f.facets[0].role, f.facets[0].variant, f.facets[0].position, plain_text(f.blocks)) for f in furniture] == [
        ("footer", None, "left", "ACME-0001"), ("footer", None, "right", "Page [Page]"),
        ("header", "first", "center", "First page")]
    assert result.codes()["xlsx.header-codes-shown"] == 1
    dropped = read_xlsx(data, furniture="drop")
    assert dropped.codes()["xlsx.headers-footers-dropped"] == 2
    assert not [b for b in dropped.document.blocks if getattr(b, "class_", None) == "furniture"]


def _raw(body: str, **kwargs) -> list:
    result = read_xlsx(FX.raw_book(body, **kwargs))
    return result, tables(result)[0]


def test_a_merge_over_empty_rows_writes_them_so_spans_stay_right():
    _, table = _raw('<sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>tall</t></is></c>'
                    '<c r="B2"><v>1</v></c></row><row r="6"><c r="B6"><v>5</v></c></row></sheetData>'
                    '<mergeCells count="1"><mergeCell ref="A2:A4"/></mergeCells>')
    rows = list(table.rows)
    assert [r.locator.row for r in rows] == [1, 2, 3, 5]
    assert spans_of(rows) == [[("tall", 1, 3), ("1", 1, 1)], [], [], [("", 1, 1), ("5", 1, 1)]]


def test_values_under_a_merge_are_dropped_and_reported():
    result, table = _raw('<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row></sheetData>'
                         '<mergeCells><mergeCell ref="A1:B1"/></mergeCells>')
    assert spans_of(list(table.rows)) == [[("1", 2, 1)]]
    assert result.codes()["xlsx.merged-cell-values-dropped"] == 1


def test_skipping_a_hidden_row_inside_a_merge_keeps_an_empty_row():
    result = read_xlsx(FX.raw_book(
        '<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row>'
        '<row r="2" hidden="1"><c r="B2"><v>3</v></c></row><row r="3"><c r="B3"><v>4</v></c></row></sheetData>'
        '<mergeCells><mergeCell ref="A1:A3"/></mergeCells>'), hidden="skip")
    rows = list(tables(result)[0].rows)
    assert spans_of(rows) == [[("1", 1, 3), ("2", 1, 1)], [], [("4", 1, 1)]]
    assert result.codes()["xlsx.hidden-row-dropped"] == 1


def test_out_of_order_rows_and_bad_refs_are_reported():
    result, table = _raw('<sheetData><row r="3"><c r="A3"><v>3</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>'
                         '<row r="4"><c r="!!"><v>4</v></c></row></sheetData>')
    assert grid(table) == [["3"], ["4"]]
    assert result.codes()["xlsx.bad-reference"] == 2


def spans_of(rows) -> list:
    return [[(c if isinstance(c, str) else "".join(t.text for t in c.content), getattr(c, "col_span", 1),
              getattr(c, "row_span", 1)) for c in r.cells] for r in rows]


def test_dialog_and_macro_sheets_and_a_vba_project_are_reported():
    book = FX.raw_book([("Data", '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>'),
                        ("Dialog", "<sheetData/>"), ("Macro", "<sheetData/>")])
    book = _retype(book, {"worksheets/sheet2.xml": "dialogsheet", "worksheets/sheet3.xml": "xlMacrosheet"},
                   vba=True)
    result = read_xlsx(book)
    assert [b.children[0].text for b in result.document.blocks if isinstance(b, Heading)] == ["Data"]
    codes = result.codes()
    assert codes["xlsx.dialog-sheet-dropped"] == 1
    assert codes["xlsx.macro-sheet-dropped"] == 1
    assert codes["xlsx.macros-dropped"] == 1


def _retype(data: bytes, kinds: dict[str, str], vba: bool) -> bytes:
    import io
    import re
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            content = src.read(info)
            if info.filename == "xl/_rels/workbook.xml.rels":
                text = content.decode()
                for target, kind in kinds.items():
                    text = re.sub(rf'/worksheet" Target="{target}"', f'/{kind}" Target="{target}"', text)
                if vba:
                    text = text.replace("</Relationships>", '<Relationship Id="rIdV" Type="http://schemas.microsoft.com/'
                                        'office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>')
                content = text.encode()
            dst.writestr(info, content)
        if vba:
            dst.writestr("xl/vbaProject.bin", b"\xd0\xcf\x11\xe0 not run")
    return out.getvalue()


def test_a_skipped_hidden_sheet_takes_its_print_header_and_footer():
    book = FX.raw_book([("Shown", '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>'),
                        ("Gone", '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>kept away</t></is></c></row>'
                                 '</sheetData><headerFooter><oddFooter>Page &amp;P of the ledger</oddFooter>'
                                 '</headerFooter>')], states={"Gone": "hidden"})
    report = next(r for r in read_xlsx(book, hidden="skip").reporter.reports
                  if r.code.code == "xlsx.hidden-sheet-dropped")
    assert report.quotes == ["kept away Page of the ledger"]
