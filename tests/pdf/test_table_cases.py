"""Issue 15's table hard cases (``make_tables.py``): each grid asserted cell by cell.

A case either gives its expected grid or says its structure is uncertain: none may put a value
in a wrong row silently.
"""

from __future__ import annotations

import pytest

from zenconv.ir.nodes import CodeBlock
from zenconv.testing import read

from . import make_tables
from .conftest import READER, PdfRead, cell_text

UNCERTAIN = "pdf.table-structure-uncertain"


@pytest.fixture(scope="module")
def cases(tmp_path_factory) -> dict:
    return make_tables.main(tmp_path_factory.mktemp("pdf-tables"))


def expanded(table) -> list[list[str]]:
    """The table as a plain grid: a spanning cell's text at its top-left, "" in the cells it covers."""
    grid: dict[tuple[int, int], str] = {}
    for r, row in enumerate(table.rows):
        c = 0
        for cell in row.cells:
            while (r, c) in grid:
                c += 1
            rows, cols = (1, 1) if isinstance(cell, str) else (cell.row_span, cell.col_span)
            for dr in range(rows):
                for dc in range(cols):
                    grid[(r + dr, c + dc)] = cell_text(cell) if (dr, dc) == (0, 0) else ""
            c += cols
    height = max(r for r, _ in grid) + 1
    width = max(c for _, c in grid) + 1
    return [[grid.get((r, c), "") for c in range(width)] for r in range(height)]


@pytest.mark.parametrize("name", sorted(make_tables.EXPECTED))
def test_the_case_gives_its_grid(cases, name):
    doc = PdfRead(read(cases[name], READER))
    assert len(doc.tables) == 1, [expanded(t) for t in doc.tables]
    assert expanded(doc.tables[0]) == make_tables.EXPECTED[name]
    assert UNCERTAIN not in doc.codes


def test_rows_that_only_position_could_tell_apart_are_reported(cases):
    # The best guess is right here (each row fills every column on its first line), but no
    # spacing backs it, so the table says it is a guess.
    doc = PdfRead(read(cases[make_tables.UNCERTAIN], READER))
    assert [expanded(t) for t in doc.tables] == [make_tables.EXPECTED["wrapped_spaced"]]
    assert doc.codes.get(UNCERTAIN) == 1


def test_a_chart_is_not_a_table(cases):
    doc = PdfRead(read(cases[make_tables.CHART], READER))
    assert doc.tables == []
    text = " ".join(doc.paragraphs)
    assert all(label in text for label in ("Greece", "Spain", "Italy", "France", "Exports"))


def test_a_drawing_of_more_grid_cells_than_a_table_has_is_read_as_text(cases):
    # Past MAX_GRID_CELLS the lines are not a lattice; the words in them are read all the same.
    from zenconv_plugins.pdf.grid.lattice import MAX_GRID_CELLS
    assert 150 * 150 > MAX_GRID_CELLS
    doc = PdfRead(read(cases[make_tables.HATCHING], READER))
    assert doc.tables == []
    assert "Hatched area" in " ".join(doc.paragraphs) and "Legend" in " ".join(doc.paragraphs)


def test_a_courier_listing_stays_code_with_its_spacing(cases):
    doc = PdfRead(read(cases[make_tables.LISTING], READER))
    assert doc.tables == []
    (code,) = doc.of(CodeBlock)
    assert code.text.splitlines() == ["x = compute(a, b)      # first pass", "total = x + offset     # running sum",
                                      "print(total)           # report it"]


def test_headings_set_sideways_in_a_grid_are_read_once_in_their_cells(cases):
    doc = PdfRead(read(cases["sideways_headings"], READER))
    assert "pdf.rotated-text" not in doc.codes
    assert not any("Brian Calley" in p for p in doc.paragraphs)


def test_a_caption_line_stays_as_text_before_its_table(cases):
    doc = PdfRead(read(cases["caption_label"], READER))
    text = " ".join(doc.paragraphs)
    assert "Table: 5" in text and "Public health outlay 2012-13" in text and "(Rs. in 000)" in text
