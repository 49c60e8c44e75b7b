"""Every row the segments writer emits cites the cells openpyxl finds at that sheet and row."""

from __future__ import annotations

import io
import json
import re

import openpyxl
import pytest

import zenconv

from .conftest import FX


def _openpyxl_text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@pytest.mark.parametrize("build", [FX.ledger, FX.structure], ids=["ledger", "structure"])
def test_segment_citations_point_at_the_cells_openpyxl_reads(build):
    data = build()
    records = [json.loads(line) for line in zenconv.convert(data, to="segments", name="book.xlsx", fill_merged="off", values="raw").output.splitlines()]
    # rows citing a cell: a chart's rows cite their place in its table (tests/xlsx/test_charts.py)
    rows = [r for r in records if r["kind"] == "table_row" and "cell" in r]
    assert rows
    book = openpyxl.load_workbook(io.BytesIO(data), data_only=True)
    checked = 0
    for record in rows:
        sheet = book[record["sheet_name"]]
        assert book.sheetnames.index(record["sheet_name"]) + 1 == record["sheet"]
        number = int(re.fullmatch(r"Sheet '.*', row (\d+)", record["citation"]).group(1))
        assert number == record["row"] + 1
        column = re.fullmatch(r"([A-Z]+)(\d+)", record["cell"])
        assert int(column.group(2)) == number
        first = openpyxl.utils.column_index_from_string(column.group(1))
        expected = [_openpyxl_text(c.value) for c in sheet[number] if c.value is not None and c.column >= first]
        got = [t.strip() for t in record["text"].strip("|").split(" | ") if t.strip()]
        assert got == expected, record["citation"]
        # The first cell of the row, where the citation's cell reference points.
        anchor = sheet[record["cell"]].value
        if anchor is not None:
            assert got[0] == _openpyxl_text(anchor)
        checked += 1
    assert checked == len(rows)


def test_row_numbers_survive_gaps():
    data = FX.ledger()
    records = [json.loads(line) for line in zenconv.convert(data, to="segments", name="book.xlsx").output.splitlines()]
    ledger_rows = [r["row"] for r in records if r["kind"] == "table_row" and r["sheet_name"] == "Ledger"]
    assert 50 not in ledger_rows and 51 in ledger_rows and ledger_rows[-1] == 299


def _segments(data: bytes) -> list[dict]:
    return [json.loads(line) for line in zenconv.convert(data, to="segments", name="book.xlsx").output.splitlines()]


def test_comment_records_cite_their_cell():
    comments = [r for r in _segments(FX.commented()) if r["kind"] == "comment"]
    by_note = {r["note"]: r["citation"] for r in comments}
    assert by_note["comment-1-B2"] == "Sheet 'Sheet1', cell B2"
    assert by_note["comment-1-A4"] == "Sheet 'Sheet1', cell A4"
    assert by_note["comment-1-unanchored-1"] == "Sheet 'Sheet1'"  # a reference no cell: its sheet
    assert all(r["citation"] for r in comments)


def test_row_text_is_padded_to_the_table_width():
    rows = [r for r in _segments(FX.commented()) if r["kind"] == "table_row" and r["sheet_name"] == "Sheet1"]
    # the first row is three columns wide: every row's text has its three cells, in their places
    assert [r["text"] for r in rows[:3]] == ["| Item | Amount | State |", "| Rent | 1000 |  |", "|  |  |  |"]
    assert {r["text"].count(" | ") for r in rows} == {2}
