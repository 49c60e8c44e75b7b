"""Typed values from office:value-type, never from the displayed text; annotations never in a value."""

from __future__ import annotations

import pytest

from zenconv.ir.nodes import Cell

from .conftest import FX, cell_text, grid, read_ods, tables

VALUES = read_ods(FX.values())
ROWS = list(tables(VALUES)[0].rows)
BY_LABEL = {row.cells[0]: row.cells[1] if len(row.cells) > 1 else "" for row in ROWS}
TEXT_BY_LABEL = {label: cell_text(value) for label, value in BY_LABEL.items()}


@pytest.mark.parametrize("label, expected", [
    ("float", "13955.625"), ("integer", "15950"),
    ("percentage", "0.125"), ("currency", "15950"),   # display never applied
    ("date", "2026-06-01"), ("datetime", "2026-06-01T09:30:00"), ("midnight", "2026-06-01"),
    ("time", "09:30:00"), ("duration", "36:00:00"),
    ("true", "TRUE"), ("false", "FALSE"),
    ("string", "plain text"),
    ("paragraphs", "line 1\nline  2\nend"),           # paragraphs, text:s c="2" and text:line-break
    ("annotated", "noted"),                           # the annotation's text is not the value (it is a note)
    ("styled", "plain bold"),
    ("formula cached", "2"), ("formula uncached", "=[.B1]*2"),  # no cached value: the formula, as code
])
def test_value_type(label, expected):
    assert TEXT_BY_LABEL[label] == expected


def test_a_link_is_kept():
    cell = BY_LABEL["link"]
    assert isinstance(cell, Cell)
    assert [type(i).__name__ for i in cell.content] == ["Text", "Link"]
    assert cell.content[1].target == "https://example.com/doc"


def test_value_reports():
    # typed cells without a displayed text (odfpy writes none): the stored value, reported
    assert VALUES.codes() == {
        "ods.display-formats-not-applied": 7, "ods.formula-without-cached-value": 1, "ods.rich-text-flattened": 1,
    }
    assert "ods.display-formats-not-applied" not in read_ods(FX.values(), values="raw").codes()
    report = next(r for r in VALUES.reporter.reports if r.code.code == "ods.formula-without-cached-value")
    assert [loc.citation() for loc in report.locators] == ["Sheet 'Values', cell B18"]
    assert VALUES.context.flags["cached_values_only"] is True
    assert read_ods(FX.values(), comments="drop").codes()["ods.annotations-dropped"] == 1


def test_rows_cite_sheet_and_row():
    assert ROWS[4].locator.citation() == "Sheet 'Values', row 5"
    assert (ROWS[4].locator.sheet, ROWS[4].locator.cell) == (1, "A5")
    assert grid(tables(VALUES)[0])[0] == ["float", "13955.625"]


@pytest.mark.parametrize("raw, expected", [
    ("PT09H30M00S", "09:30:00"), ("PT0H0M1.5S", "00:00:01.500"), ("-PT1H", "-01:00:00"), ("P1DT2H", "26:00:00"),
    ("nonsense", "nonsense"),
])
def test_durations(raw, expected):
    from zenconv_plugins.xlsx.values import duration_text

    assert duration_text(raw) == expected


def test_displayed_text_is_shown_and_the_stored_value_travels():
    from zenconv.ir.facets import CellValuesFacet

    result = read_ods(FX.displayed())
    rows = list(tables(result)[0].rows)
    assert grid(tables(read_ods(FX.displayed()))[0])[2] == ["Pandina", "€15,950.00", "12.50%", "01/06/26"]
    facet = next(f for f in rows[2].facets if isinstance(f, CellValuesFacet))
    assert facet.pairs()["C4"] == {"shown": "12.50%", "raw": "0.125"}
    assert "ods.display-formats-not-applied" not in result.codes()
    raw = grid(tables(read_ods(FX.displayed(), values="raw"))[0])[2]
    assert raw == ["Pandina", "15950", "0.125", "2026-06-01"]


def test_header_found_under_a_title():
    from zenconv.ir.nodes import Paragraph

    result = read_ods(FX.displayed(), header="auto")
    assert [b.children[0].text for b in result.document.blocks if isinstance(b, Paragraph)] == ["Price list"]
    rows = list(tables(result)[0].rows)
    assert [r.is_header for r in rows] == [True, False, False]
    assert rows[0].locator.citation() == "Sheet 'Prices', row 3"
