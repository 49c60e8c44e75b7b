"""Native tables with merges as spans; charts (classic and chartEx) as tables of cached values."""

from __future__ import annotations

from zenconv.ir import Cell, cell_text

from .conftest import read_deck, slides, tables


def grid(table):
    return [[cell_text(c) for c in row.cells] for row in table.rows]


def test_merges_become_spans_and_covered_cells_are_left_out(decks):
    (table,) = tables(slides(read_deck(decks["basic"]))[3])
    rows = list(table.rows)
    assert table.columns.count == 3
    head = rows[0].cells
    assert rows[0].is_header and head[1].col_span == 2 and len(head) == 2
    label = rows[1].cells[0]
    assert isinstance(label, Cell) and label.row_span == 2
    assert grid(table) == [["Region", "Quarters"], ["North and South", "1", "2"], ["3", "4"], ["Total", "4", "6"]]
    assert [r.locator.row for r in rows] == [0, 1, 2, 3]
    assert rows[2].locator.table == 1 and rows[2].locator.slide == 4


def test_chart_is_a_titled_table_of_cached_values(decks):
    result = read_deck(decks["basic"])
    (table,) = tables(slides(result)[4])
    assert table.caption[0].text == "Birds by year"
    assert grid(table) == [["", "Ducks", "Geese"], ["2019", "120", "80"], ["2020", "130", ""], ["2021", "150", "110"]]
    assert list(table.rows)[0].is_header
    assert result.codes()["pptx.chart-as-table"] == 1


def test_chartex_waterfall_from_its_own_chart_data(decks):
    result = read_deck(decks["chartex"])
    (table,) = tables(slides(result)[0])
    assert table.caption[0].text == "Forecast variance"
    assert grid(table) == [["", "Variance"], ["Budget", "-20"], ["Pay", "216"], ["Forecast", "-262"]]
    assert result.codes() == {"pptx.chart-as-table": 1}
