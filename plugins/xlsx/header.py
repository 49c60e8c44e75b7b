"""A sheet's header row, found the way a reader of the sheet finds it (``--header auto``).

Shared by the XLSX, XLS and ODS readers. The rule, after the grid algorithm of the reference readers
(§3.4 of seeds/reference-document-readers.md, which takes the header from the first row a selector
matches) without a selector: among the first :data:`LOOKAHEAD` rows written, the header is the first row
of two or more cells that are all text, when a row of typed data (a number, a date or time, a boolean)
follows it within :data:`SUBHEADER_ROWS` rows, every row between being text too (a header over two
rows: the first is the header, the second an ordinary row). Rows above it with at most one cell each
are the sheet's title lines: each becomes a paragraph before the table, keeping its row's locator, so
the table starts at its header and a title is still cited by its row. The first row of two or more
cells that is not such a header ends the search: the sheet has no header, and the writers say so.

``--header first`` makes the first row the header, whatever it holds; ``none`` marks none.
"""

from __future__ import annotations

from collections.abc import Iterator

from zenconv.ir.facets import CellValuesFacet
from zenconv.ir.nodes import Cell, Paragraph, Row, Text
from zenconv.ir.walk import cell_text
from zenconv.patterns import pattern

LOOKAHEAD = 32  # rows read before a sheet's table is written; a header further down is not looked for
SUBHEADER_ROWS = 3  # rows of text a header may have under it before its first row of data
# A stored value that is typed: a canonical number, an ISO date, date-time or time, a boolean.
_TYPED = pattern(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\d{4}-\d{2}-\d{2}(?:T[\d:.]+)?|\d{2}:\d{2}:\d{2}(?:\.\d+)?"
                    r"|TRUE|FALSE")


def split_header(rows: Iterator[Row], mode: str) -> tuple[list[Paragraph], Iterator[Row]]:
    """The title lines above the header (as paragraphs) and the rows with their header marked.

    Reads at most :data:`LOOKAHEAD` rows ahead; the rest stay lazy."""
    if mode == "none":
        return [], rows
    buffered: list[Row] = []
    for row in rows:
        buffered.append(row)
        if len(buffered) >= LOOKAHEAD:
            break
    found = 0 if mode == "first" and buffered else _header_at(buffered)
    if found is None:
        return [], _chain(buffered, rows)
    titles = [title for title in map(_title, buffered[:found]) if title.children[0].text]  # a blank line: nothing
    buffered[found] = _marked(buffered[found])
    return titles, _chain(buffered[found:], rows)


def _chain(head: list[Row], rest: Iterator[Row]) -> Iterator[Row]:
    yield from head
    yield from rest


def _header_at(rows: list[Row]) -> int | None:
    for i, row in enumerate(rows):
        count, typed = _shape(row)
        if count <= 1:
            if any(type(c) is Cell and c.row_span > 1 for c in row.cells):
                return None  # a title merged down over the rows below: the spans would break
            continue
        if typed:
            return None
        for later in rows[i + 1:i + 1 + SUBHEADER_ROWS]:
            if _shape(later)[1]:
                return i
        return None
    return None


def _shape(row: Row) -> tuple[int, bool]:
    """How many of the row's cells hold text, and whether one holds typed data (by its stored value when
    its shown text hides it: ``$1,599.99`` is 1599.99)."""
    count, typed = 0, False
    for cell in row.cells:
        text = (cell if type(cell) is str else cell_text(cell)).strip()
        if text:
            count += 1
            typed = typed or bool(_TYPED.fullmatch(text))
    for facet in row.facets:
        if isinstance(facet, CellValuesFacet):
            typed = typed or any(_TYPED.fullmatch(raw) for raw in facet.raw)
    return count, typed


def _title(row: Row) -> Paragraph:
    text = " ".join(" ".join((c if type(c) is str else cell_text(c)).split()) for c in row.cells).strip()
    return Paragraph([Text(text)], row.facets, row.locator)


def _marked(row: Row) -> Row:
    cells = [Cell([Text(c)] if c else [], header=True) if type(c) is str
             else Cell(c.content, c.col_span, c.row_span, True) for c in row.cells]
    return Row(cells, row.facets, row.locator)
