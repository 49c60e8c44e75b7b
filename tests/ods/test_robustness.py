"""Damage found by the mutation fuzzer (bench/fuzz.py): each test builds the bad input and expects a
bounded conversion, never an exception."""

from __future__ import annotations


from ..cputime import cpu_seconds
from .conftest import FX, float_cell, read_ods, row_body, tables


def test_a_short_row_repeated_a_million_times_stops_at_the_text_cap():
    # One character a row is under the text cap for a million rows: the row itself has to cost.
    rows = row_body(float_cell(1), repeat=1_000_000)
    started = cpu_seconds()
    result = read_ods(FX.raw_ods(f'<table:table table:name="S">{rows}</table:table>'))
    kept = list(tables(result)[0].rows)
    assert cpu_seconds() - started < 10
    assert 1000 < len(kept) < 100_000
    assert result.codes()["ods.sheet-truncated"] == 1


def test_a_sheet_starting_past_excels_last_column_is_read():
    # 100,000 covered cells before the first value: the table starts at column 100,001, past openpyxl's letters.
    row = row_body('<table:covered-table-cell table:number-columns-repeated="100000"/>' + float_cell(7))
    result = read_ods(FX.raw_ods(f'<table:table table:name="S">{row}</table:table>'))
    first = list(tables(result)[0].rows)[0]
    assert first.cells == ["7"]
    assert first.locator.cell == "EQXE1"
