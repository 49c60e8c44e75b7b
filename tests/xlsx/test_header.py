"""--header: the header row found above typed data (auto, the default), the first row, or none; title lines
above the header become paragraphs that keep their row's citation."""

from __future__ import annotations

import json

import zenconv
from zenconv.ir.nodes import Paragraph

from .conftest import FX, grid, read_xlsx, tables


def _header_and_body(result):
    table = tables(result)[0]
    rows = list(table.rows)
    return [r.is_header for r in rows], grid(type(table)(rows=rows))


def test_title_above_the_table_becomes_a_paragraph_and_the_header_is_found():
    result = read_xlsx(FX.headed(), header="auto")
    titles = [b for b in result.document.blocks if isinstance(b, Paragraph)]
    assert [(t.children[0].text, t.locator.citation()) for t in titles] == [
        ("Incentives, June 2026", "Sheet 'Listino', row 1")]
    headers, rows = _header_and_body(result)
    assert headers == [True, False, False, False]
    assert rows[0] == ["Brand", "Model", "Price", "Discount", "From"]
    assert rows[1] == ["Fiat", "Pandina Cross", "$15,950.00", "12.5%", "1-Jun-26"]


def test_blank_leading_rows_and_columns():
    result = read_xlsx(FX.headed(title=False, offset=(3, 2)), header="auto")
    headers, rows = _header_and_body(result)
    assert headers[:2] == [True, False]
    assert rows[0] == ["Brand", "Model", "Price", "Discount", "From"]
    assert list(tables(result)[0].rows)[0].locator.cell == "C4"


def test_no_header_marks_none_and_the_markdown_writer_says_so():
    result = read_xlsx(FX.headed(header=False), header="auto")
    headers, rows = _header_and_body(result)
    assert not any(headers)
    out = zenconv.convert(FX.headed(header=False), to="markdown", name="book.xlsx")
    assert "to-md.empty-header-row-added" in {r["code"] for r in out.manifest["reports"]}


def test_a_found_header_needs_no_empty_header_row():
    out = zenconv.convert(FX.headed(), to="markdown", name="book.xlsx")
    assert "to-md.empty-header-row-added" not in {r["code"] for r in out.manifest["reports"]}
    lines = out.output.decode().splitlines()
    table = lines.index("| Brand | Model | Price | Discount | From |")
    assert lines[table + 1].startswith("| --- |")
    assert "Incentives, June 2026" in lines[:table]


def test_first_and_none():
    first = read_xlsx(FX.headed(), header="first")
    assert _header_and_body(first)[0][0] is True
    assert _header_and_body(first)[1][0] == ["Incentives, June 2026"]
    assert not [b for b in first.document.blocks if isinstance(b, Paragraph)]
    none = read_xlsx(FX.headed(), header="none")
    assert not any(_header_and_body(none)[0])


def test_segments_fill_the_group_key_down_and_carry_raw_values():
    out = zenconv.convert(FX.headed(), to="segments", name="book.xlsx")
    rows = [json.loads(line) for line in out.output.splitlines()]
    body = [r for r in rows if r["kind"] == "table_row" and not r.get("header")]
    assert body[1]["text"] == "| Fiat | Pandina Icon | $16,450.00 | 10.0% | 1-Jun-26 |"
    assert body[1]["values"]["C5"] == {"shown": "$16,450.00", "raw": "16450"}
    kept = zenconv.convert(FX.headed(), to="segments", name="book.xlsx", fill_merged="off")
    row = [json.loads(line) for line in kept.output.splitlines() if b"Pandina Icon" in line][0]
    assert row["text"].startswith("|  | Pandina Icon")
