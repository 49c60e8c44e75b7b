"""Damage found by the mutation fuzzer (bench/fuzz.py): each test builds the bad input and expects a
bounded conversion, never an exception."""

from __future__ import annotations


from ..cputime import cpu_seconds
from .conftest import FX, read_xlsx, tables


def test_a_merge_over_a_million_empty_rows_stops_at_the_text_cap():
    # A few hundred bytes: a value in A1, one in A1048576, and a merge over the column between them.
    # Every covered row is written (the spans must stay right), so each written row costs the cap.
    data = FX.raw_book('<sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
                       '<row r="1048576"><c r="B1048576"><v>2</v></c></row></sheetData>'
                       '<mergeCells><mergeCell ref="A1:A1048576"/></mergeCells>')
    started = cpu_seconds()
    result = read_xlsx(data)
    rows = list(tables(result)[0].rows)
    assert cpu_seconds() - started < 10
    assert len(rows) < 100_000
    assert result.codes()["xlsx.sheet-truncated"] == 1
    assert "--max-expansion" in tables(result)[0].notes[0]
