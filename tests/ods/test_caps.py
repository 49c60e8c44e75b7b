"""Caps hold against repeats: a row or cell repeated a billion times stops at the cap, visibly."""

from __future__ import annotations


import zenconv

from ..cputime import cpu_seconds
from .conftest import FX, float_cell, grid, read_ods, row_body, tables


def _sheet(rows: str) -> bytes:
    return FX.raw_ods(f'<table:table table:name="S">{rows}</table:table>')


def test_a_row_repeated_a_billion_times_stops_at_max_rows():
    started = cpu_seconds()
    result = read_ods(_sheet(row_body(float_cell(1), repeat=1_000_000_000)), max_rows=100)
    table = tables(result)[0]
    assert len(grid(table)) == 100
    assert cpu_seconds() - started < 5
    assert "more than 100 rows" in table.notes[0]
    assert result.context.flags["truncated_sheets"] == ["S"]


def test_a_cell_repeated_past_max_cols_is_cut():
    result = read_ods(_sheet(row_body(float_cell(1, repeat=1_000_000_000))), max_cols=5)
    table = tables(result)[0]
    assert grid(table) == [["1"] * 5]
    assert "--max-cols" in table.notes[0]
    assert result.codes()["ods.sheet-truncated"] == 1


def test_an_empty_row_repeated_a_billion_times_costs_nothing():
    rows = row_body(float_cell(1)) + row_body("<table:table-cell/>", repeat=1_000_000_000) + row_body(float_cell(2))
    started = cpu_seconds()
    table = tables(read_ods(_sheet(rows)))[0]
    assert [r.locator.row for r in table.rows] == [0, 1_000_000_001]
    assert cpu_seconds() - started < 5


def test_hidden_repeats_under_skip_cost_nothing():
    rows = row_body(float_cell(1), repeat=1_000_000_000, attrs=' table:visibility="collapse"')
    started = cpu_seconds()
    result = read_ods(_sheet(rows + row_body(float_cell(2))), hidden="skip")
    assert grid(tables(result)[0]) == [["2"]]
    assert result.codes()["ods.hidden-row-dropped"] == 1_000_000_000
    assert cpu_seconds() - started < 5


def test_the_text_cap_stops_a_repeated_long_string():
    long = "<table:table-cell office:value-type=\"string\"><text:p>" + "z" * 40_000 + "</text:p></table:table-cell>"
    result = zenconv.convert(_sheet(row_body(long, repeat=100_000)), to="markdown", name="s.ods")
    assert result.outcome == "needs_review"
    assert result.reports["ods.cell-truncated"] >= 1
    assert len(result.output) < 4 << 20
    assert "--max-expansion" in result.output.decode()
