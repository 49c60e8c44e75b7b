"""The value rules: cached values only, strings, booleans, errors, typed numbers, dates by number format."""

from __future__ import annotations

import pytest

from zenconv.ir import Cell, Code

from .conftest import FX, grid, read_xlsx, tables

VALUES = read_xlsx(FX.values(), values="raw")
BY_LABEL = {row[0]: row[1] for row in grid(tables(VALUES)[0])}
SHOWN = read_xlsx(FX.values())
SHOWN_BY_LABEL = {row[0]: row[1] for row in grid(tables(SHOWN)[0])}


@pytest.mark.parametrize("label, expected", [
    ("shared string", "plain text"),
    ("rich string", "Bold and plain"),          # rich runs joined
    ("true", "TRUE"), ("false", "FALSE"),
    ("error", "#DIV/0!"),                       # an error as its text
    ("integer", "15950"), ("float", "13955.625"), ("tenth", "0.1"), ("big", "1e+20"), ("negative", "-3.5"),
    ("percent", "0.125"), ("currency", "15950"),  # display formats never applied
    ("date id 14", "2026-06-01"), ("datetime id 22", "2026-06-01T09:30:00"),
    ("time id 20", "12:00:00"),                 # a serial under 1 is a time of day
    ("elapsed id 46", "1.5"), ("custom elapsed", "1.5"),  # [h] elapsed time is a number
    ("custom date", "2026-06-01"), ("bracketed date", "2026-06-01"),  # [Red][$-410] removed
    ("quoted d", "5"),                          # "d" in quotes is text, not a day
    ("minutes", "06:00:00"),
    ("serial 1", "1900-01-01"), ("serial 59", "1900-02-28"),  # the phantom day undone below 60
    ("serial 60", "1900-02-29"), ("serial 60.5", "1900-02-29T12:00:00"),  # Lotus's 29 February
    ("serial 61", "1900-03-01"),
    ("negative date", "-1"),                    # no date Excel can show: the number
    ("formula cached", "31900"), ("formula text", "ab"),
    ("escaped", "_x0041_ stays"),               # xlsxwriter writes _x005F_x0041_
    ("line break", "line 1\nline 2"),
])
def test_value_rule(label, expected):
    """--values raw: the stored value in its canonical form, ISO for a date."""
    assert BY_LABEL[label] == expected


@pytest.mark.parametrize("label, expected", [
    ("integer", "15950"), ("float", "13955.625"), ("big", "1E+20"),   # General, as Excel shows it
    ("percent", "12.5%"), ("currency", "15,950.00 €"),
    ("date id 14", "06-01-26"), ("datetime id 22", "6/1/26 9:30"), ("time id 20", "12:00"),
    ("elapsed id 46", "36:00:00"), ("custom elapsed", "36:00"), ("custom date", "2026-06-01"),
    ("quoted d", "d 5"), ("minutes", "00:00"), ("bracketed date", "01/06/2026"),
    ("serial 60", "02-29-00"), ("serial 60.5", "2/29/00 12:00"),
    ("negative date", "-1"),                    # no date Excel can show: the number
    ("true", "TRUE"), ("error", "#DIV/0!"), ("shared string", "plain text"),
])
def test_shown_value_rule(label, expected):
    """--values shown (the default): what Excel shows under the cell's number format."""
    assert SHOWN_BY_LABEL[label] == expected


def test_the_other_value_travels_on_the_row():
    from zenconv.ir.facets import CellValuesFacet

    for result, text in ((SHOWN, "12.5%"), (VALUES, "0.125")):
        row = next(r for r in tables(result)[0].rows if r.cells[0] == "percent")
        assert row.cells[1] == text
        facet = next(f for f in row.facets if isinstance(f, CellValuesFacet))
        assert facet.pairs() == {f"B{row.locator.row + 1}": {"shown": "12.5%", "raw": "0.125"}}


def test_value_reports():
    codes = VALUES.codes()
    assert codes["xlsx.date-out-of-range"] == 1
    assert "xlsx.display-formats-not-applied" not in codes  # raw asked for: the shown text travels
    assert codes["xlsx.rich-text-flattened"] == 1
    assert VALUES.context.flags["cached_values_only"] is True
    shown = SHOWN.codes()
    assert "xlsx.display-formats-not-applied" not in shown  # every format here is understood
    assert shown["xlsx.number-colours-dropped"] == 1        # [Red]
    assert shown["xlsx.date-out-of-range"] == 1


def test_a_format_not_understood_is_reported_and_writes_the_number():
    styles = ('<numFmts count="1"><numFmt numFmtId="164" formatCode="[DBNum1]0"/></numFmts>'
              '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs>')
    result = read_xlsx(FX.raw_book('<sheetData><row r="1"><c r="A1" s="1"><v>12.5</v></c></row></sheetData>',
                                   styles=styles))
    assert grid(tables(result)[0]) == [["12.5"]]
    assert result.codes()["xlsx.display-formats-not-applied"] == 1


def test_1904_date_system():
    result = read_xlsx(FX.date1904(), values="raw")
    assert grid(tables(result)[0]) == [["2026-06-01"], ["12:00:00"], ["1904-03-01"]]


def test_formula_without_cached_value_shows_its_formula_and_is_located():
    result = read_xlsx(FX.uncached_formulas())
    assert grid(tables(result)[0]) == [["a", "b", "sum"], ["1", "2", "=A2+B2"], ["3", "4", "=A3+B3"]]
    cell = list(tables(result)[0].rows)[1].cells[2]
    assert isinstance(cell, Cell) and [type(n) for n in cell.content] == [Code]  # code: visibly no value
    report = next(r for r in result.reporter.reports if r.code.code == "xlsx.formula-without-cached-value")
    assert report.count == 2
    assert [loc.citation() for loc in report.locators] == ["Sheet 'Formulas', cell C2", "Sheet 'Formulas', cell C3"]
    assert result.context.flags["cached_values_only"] is True


def test_blank_formulas_past_the_first_few_are_counted_on_the_first():
    rows = "".join(f'<row r="{r}"><c r="A{r}"><f>B{r}*2</f></c></row>' for r in range(1, 9))
    result = read_xlsx(FX.raw_book(f"<sheetData>{rows}</sheetData>"))
    report = next(r for r in result.reporter.reports if r.code.code == "xlsx.formula-without-cached-value")
    assert report.count == 8
    assert [loc.cell for loc in report.locators] == ["A1", "A2", "A3", "A4", "A5"]
    assert grid(tables(result)[0])[7] == ["=B8*2"]


def test_a_long_formula_is_cut_in_its_cell():
    long = "+".join(f"A{n}" for n in range(1, 200))
    result = read_xlsx(FX.raw_book(f'<sheetData><row r="1"><c r="B1" t="str"><f>{long}</f></c></row></sheetData>'))
    shown = grid(tables(result)[0])[0][0]
    assert shown.startswith("=A1+A2") and shown.endswith("…") and len(shown) == 1 + 256  # "=" and the formula cut


def test_inline_rich_phonetic_iso_and_errors():
    result = read_xlsx(FX.raw_values())
    assert grid(tables(result)[0]) == [
        ["shared", "run", "inline"],                      # phonetic guide ルン dropped, runs joined
        ["2026-06-01", "2026-06-01T09:30:00", "#N/A"],    # t="d" in the canonical shape
        ["no ref", "2", "", "", "3"],                     # cells without r follow the previous one
    ]
    codes = result.codes()
    assert codes["xlsx.phonetic-dropped"] == 2
    assert codes["xlsx.rich-text-flattened"] == 2
    assert codes["xlsx.bad-cell-value"] == 1              # shared-string index 7 of 2


@pytest.mark.parametrize("serial, expected", [
    (0.0, "00:00:00"), (0.25, "06:00:00"), (1.0, "1900-01-01"), (45000.5, "2023-03-15T12:00:00"),
    (2958465, "9999-12-31"), (2958466, None), (-0.5, None),
])
def test_serial_text(serial, expected):
    from zenconv_plugins.xlsx.values import serial_text

    assert serial_text(serial, False) == expected


def test_styles_decide_dates_by_id_and_code():
    from zenconv_plugins.xlsx.styles import FORMATTED, PLAIN, TEMPORAL, _format_kind

    assert [_format_kind(i, {}) for i in (0, 14, 22, 27, 45, 46, 49, 10)] == [
        PLAIN, TEMPORAL, TEMPORAL, TEMPORAL, TEMPORAL, FORMATTED, PLAIN, FORMATTED]
    assert _format_kind(164, {164: 'yyyy"年"m"月"'}) == TEMPORAL
    assert _format_kind(164, {164: '0.00\\d'}) == FORMATTED     # an escaped d is text
    assert _format_kind(14, {14: "0.00"}) == FORMATTED          # a redefined built-in id follows its code
