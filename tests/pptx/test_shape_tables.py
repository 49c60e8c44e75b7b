"""Text-box grids become tables only when --pptx-shape-tables asks, through the PDF grid code."""

from __future__ import annotations

from zenconv.ir import Paragraph, Table, cell_text

from .conftest import read_deck, slides


def test_off_by_default_the_boxes_are_paragraphs(decks):
    result = read_deck(decks["shapegrid"])
    slide = slides(result)[0]
    assert not any(isinstance(b, Table) for b in slide.blocks)
    assert sum(isinstance(b, Paragraph) for b in slide.blocks) == 13
    assert "pptx.shapes-as-table" not in result.codes()


def test_grid_of_boxes_read_as_a_table(decks):
    result = read_deck(decks["shapegrid"], pptx_shape_tables=True)
    slide = slides(result)[0]
    (table,) = [b for b in slide.blocks if isinstance(b, Table)]
    rows = list(table.rows)
    assert rows[0].is_header
    assert [[cell_text(c) for c in r.cells] for r in rows] == [
        ["Model", "Price", "Discount"], ["Avenger", "24.950", "8%"], ["Compass", "39.900", "10%"],
        ["Panda", "15.950", "12%"]]
    # the title stays the heading, the footnote stays a paragraph after the table
    assert slide.blocks[0].children[0].text == "Prices"
    assert slide.blocks[-1].children[0].text == "Prices valid until June."
    assert result.codes() == {"pptx.shapes-as-table": 1}


def test_the_grid_code_is_the_pdf_readers():
    from zenconv_plugins.pdf import grid
    from zenconv_plugins.pptx import shapegrid

    assert shapegrid.rows_of_cells is grid.rows_of_cells and shapegrid.find_tables is grid.find_tables
