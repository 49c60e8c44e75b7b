"""Tables without a selector: the reference readers' hard cases, continued tables, citations."""

from __future__ import annotations

import pytest

import zenconv
from zenconv.ir.nodes import Paragraph

from .conftest import READER, PdfRead, text_of


@pytest.fixture(scope="module")
def doc(fixtures):
    from zenconv.testing import read
    return PdfRead(read(fixtures["tables.pdf"], READER))


def test_centred_headers_name_left_aligned_columns(doc):
    # The extras start nearer the end of "Discount %" than their own centred header.
    assert doc.grid(doc.tables[0]) == [
        ["Model", "Discount %", "Extras"],
        ["CITY (model 101)", "19,0%", "+3% registration bonus"],
        ["CITY EV (model 102)", "3,0%", ""],
        ["MINI (model 103)", "0,0%", "1000 euro scrappage bonus"],
        ["COUPE (model 105)", "11,0%", ""],
    ]


def test_a_note_row_under_the_table_stays_a_paragraph(doc):
    assert any(t.startswith("NOTE: invoices dated") for t in doc.paragraphs)
    assert all("NOTE" not in cell for row in doc.grid(doc.tables[0]) for cell in row)


def test_one_header_over_two_body_columns_spans_them(doc):
    # The body decides the columns; the header naming both the discounts and their codes spans them.
    table = doc.tables[1]
    header = list(table.rows)[0]
    assert [(text_of(c.content[0]) if c.content else "", c.col_span) for c in header.cells] == [
        ("Model", 1), ("(PROMO ONLY AT DEALERS)", 2), ("Extras", 1)]
    assert doc.grid(table)[1:] == [
        ["VAN 590", "18,0%", "M1/M2", "Extra 2% on trade-in"], ["VAN 519", "12,0%", "M3", ""],
        ["DOBLO 510", "8,0%", "M1", "Trade-in bonus"],
    ]


def test_values_centred_against_a_wrapped_name_make_one_row(doc):
    assert doc.grid(doc.tables[2])[1:] == [
        ["MINI (model 103)", "0,0%", "scrappage bonus"],
        ["WAGON base series 1 (104.E23 without OPT)", "12,0%", "3% stock bonus"],
        ["COUPE (model 105)", "11,0%", ""],
    ]


def test_a_line_as_near_the_row_above_as_the_row_below_goes_below(doc):
    assert doc.grid(doc.tables[3])[1:] == [
        ["MINI (model 103)", "0,0%", ""],
        ["SEDAN (model 104)", "16,0%", "Special 100 edition 104.8RU-Top Sport 104.LRU"],
        ["COUPE (model 105)", "11,0%", ""],
    ]


def test_a_ruled_group_header_spans_its_columns(doc):
    table = doc.tables[4]
    top, second = list(table.rows)[:2]
    assert [(text_of(c.content[0]) if c.content else "", c.col_span, c.row_span) for c in top.cells] == [
        ("Model", 1, 2), ("TEDs", 3, 1), ("Time", 1, 2)]
    assert [text_of(c.content[0]) for c in second.cells] == ["simple", "complex", "all"]
    assert all(c.header for c in top.cells + second.cells)


def test_rows_cite_page_table_and_row(doc):
    rows = list(doc.tables[3].rows)
    assert rows[2].locator.citation() == "Page 1, table 4, row 3"
    assert doc.tables[3].locator.table == 4


def test_a_table_continued_under_the_same_header_is_one_table(fixtures):
    from zenconv.testing import read
    doc = PdfRead(read(fixtures["continued.pdf"], READER))
    (table,) = doc.tables
    grid = doc.grid(table)
    assert grid[0] == ["Item", "Qty", "Price"] and len(grid) == 16
    assert grid[-1] == ["Item 15", "45", "22.50"]
    rows = list(table.rows)
    assert [r.locator.page for r in rows[:11]] == [1] * 11 and [r.locator.page for r in rows[11:]] == [2] * 5
    assert rows[15].locator.citation() == "Page 2, table 1, row 16"
    assert doc.codes["pdf.table-continued"] == 1
    assert doc.paragraphs[-2].startswith("After the table")


def test_running_headers_and_page_numbers_are_dropped_and_reported(fixtures):
    from zenconv.testing import read
    doc = PdfRead(read(fixtures["continued.pdf"], READER, furniture="drop"))
    text = " ".join(doc.paragraphs)
    assert "ACME Corp" not in text and "Page 1 of 3" not in text
    assert doc.codes["pdf.running-headers-dropped"] == 6


def test_running_headers_are_furniture_and_later_page_numbers_reported(fixtures):
    from zenconv.ir.facets import FurnitureFacet
    from zenconv.ir.walk import plain_text
    from zenconv.testing import read
    doc = PdfRead(read(fixtures["continued.pdf"], READER))
    furniture = [b for b in doc.blocks if getattr(b, "class_", None) == "furniture"]
    assert [(b.facets[0].role, b.locator.page, plain_text(b.blocks)) for b in furniture] == [
        ("header", 1, "ACME Corp - Quarterly Report"), ("footer", 1, "Page 1 of 3"),
        ("header", 2, "ACME Corp - Quarterly Report"), ("header", 3, "ACME Corp - Quarterly Report")]
    md = zenconv.convert(fixtures["continued.pdf"], to="markdown").output.decode()
    assert md.count("ACME Corp") == 1 and md.startswith("> *Header (running from page 1)*")
    assert all(isinstance(b.facets[0], FurnitureFacet) and b.facets[0].variant == "running" for b in furniture)
    assert "ACME Corp" not in " ".join(doc.paragraphs)  # not in the body
    (numbers,) = doc.result.reporter.matching("pdf.running-page-numbers")
    assert numbers.count == 2 and numbers.quotes[0] == "Page 2 of 3"
    assert "pdf.running-headers-dropped" not in doc.codes


def test_a_footer_whose_number_keeps_step_with_the_page_runs_even_on_two_pages(fixtures):
    from zenconv.testing import read
    doc = PdfRead(read(fixtures["continued.pdf"], READER, pages="2-3"))
    assert not any(t.startswith("Page ") for t in doc.paragraphs)
    assert "ACME Corp - Quarterly Report" in doc.paragraphs  # two pages are too few to call it running


def test_a_list_with_hanging_markers_is_not_a_table(fixtures):
    from zenconv.testing import read
    doc = PdfRead(read(fixtures["structure.pdf"], READER))
    assert not doc.tables and "pdf.table-not-resolved" not in doc.codes
    assert isinstance(doc.blocks[0], (Paragraph,)) or doc.lists


def test_a_line_torn_between_two_rows_is_reported_with_its_page(doc):
    # The tie table's "Special 100 edition" line is 2 pt from each anchor: whichever row it joins,
    # a reader could cite it to the other, so the table is flagged, not presented as sure.
    report = next(r for r in doc.result.reporter.reports if r.code.code == "pdf.table-structure-uncertain")
    assert report.count == 1 and str(report.code.severity) == "degraded"
    assert [loc.page for loc in report.locators] == [1]
    assert report.details == ["1 line(s) as near one row as another"]
