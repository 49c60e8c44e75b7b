"""Caps that never hide truncation, and a declared <dimension> that is never trusted."""

from __future__ import annotations

import zenconv

from .conftest import FX, grid, read_xlsx, tables


def _rows(n: int, cols: int = 3) -> str:
    cells = "".join
    return "<sheetData>" + "".join(
        f'<row r="{r}">' + cells(f'<c r="{chr(65 + c)}{r}"><v>{r * 10 + c}</v></c>' for c in range(cols)) + "</row>"
        for r in range(1, n + 1)) + "</sheetData>"


def test_max_rows_keeps_the_rows_before_the_cap_and_says_so():
    result = read_xlsx(FX.raw_book(_rows(10)), max_rows=4)
    table = tables(result)[0]
    assert [r.locator.row for r in table.rows] == [0, 1, 2, 3]
    assert table.notes and table.notes[0].startswith("⚠ Truncated: sheet 'Sheet1' has more than 4 rows")
    assert result.context.flags["truncated_sheets"] == ["Sheet1"]
    assert result.codes()["xlsx.sheet-truncated"] == 1


def test_no_note_when_the_sheet_fits_exactly():
    result = read_xlsx(FX.raw_book(_rows(4)), max_rows=4)
    assert not tables(result)[0].notes and "truncated_sheets" not in result.context.flags


def test_max_cols_cuts_columns_and_keeps_rows():
    result = read_xlsx(FX.raw_book(_rows(3, cols=5)), max_cols=2)
    table = tables(result)[0]
    assert grid(table) == [["10", "11"], ["20", "21"], ["30", "31"]]
    assert "columns from C on were not read" in table.notes[0]
    assert result.codes()["xlsx.sheet-truncated"] == 1


def test_the_cell_cap_spans_the_workbook():
    book = FX.raw_book([("One", _rows(3)), ("Two", _rows(3))])
    result = read_xlsx(book, max_cells=12)
    one, two = tables(result)
    assert len(grid(one)) == 3 and len(grid(two)) == 1   # 9 cells, then 3 more
    assert "--max-cells" in two.notes[0]
    assert result.context.flags["truncated_sheets"] == ["Two"]


def test_truncation_makes_the_outcome_needs_review_with_a_visible_note():
    result = zenconv.convert(FX.raw_book(_rows(10)), to="markdown", name="t.xlsx", max_rows=2)
    assert result.outcome == "needs_review"
    assert "⚠ Truncated" in result.output.decode()
    assert result.manifest["flags"]["truncated_sheets"] == ["Sheet1"]


def test_a_lying_dimension_pads_nothing():
    data = FX.raw_book('<dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
                       '</sheetData>')
    assert len(data) < 2000
    result = read_xlsx(data)
    assert grid(tables(result)[0]) == [["1"]]


def test_a_huge_merge_is_clipped_to_the_cells_the_sheet_has():
    data = FX.raw_book('<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="C3"><v>9</v></c></row>'
                       '</sheetData><mergeCells><mergeCell ref="A1:XFD1048576"/></mergeCells>')
    result = read_xlsx(data)
    rows = list(tables(result)[0].rows)
    assert len(rows) == 3
    first = rows[0].cells[0]
    assert (first.col_span, first.row_span) == (3, 3)
    assert result.codes()["xlsx.merged-cell-values-dropped"] == 1  # C3 lies under the merge


def test_a_far_cell_fills_its_row_within_the_cell_cap():
    data = FX.raw_book('<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="XFD1"><v>2</v></c></row>'
                       '<row r="2"><c r="A2"><v>3</v></c></row></sheetData>')
    result = read_xlsx(data, max_cells=1000)
    table = tables(result)[0]
    assert list(table.rows) == [] and "--max-cells" in table.notes[0]


def test_a_shared_string_bomb_stops_at_the_text_cap():
    # One 100,000-character shared string referenced by 2,000 cells: 200 MB of text from a small file.
    strings = "<si><t>" + "z" * 100_000 + "</t></si>"
    body = "<sheetData>" + "".join(f'<row r="{r}"><c r="A{r}" t="s"><v>0</v></c></row>' for r in range(1, 2001))
    data = FX.raw_book(body + "</sheetData>", strings=strings)
    result = zenconv.convert(data, to="markdown", name="bomb.xlsx")
    assert result.outcome == "needs_review"
    assert result.reports["xlsx.cell-truncated"] >= 1            # Excel's 32,767 characters a cell
    assert len(result.output) <= max(1 << 20, 32 * len(data)) + (64 << 10)
    assert "--max-expansion" in result.output.decode()


def test_the_safe_layers_parser_reads_the_same_at_a_lower_depth_limit():
    fast = read_xlsx(FX.values())
    safe = read_xlsx(FX.values(), max_xml_depth=64)
    assert grid(tables(safe)[0]) == grid(tables(fast)[0])
