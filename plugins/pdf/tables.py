"""Tables in a region: candidates from the grid's channel search, kept only when they resolve.

A candidate is refused when it is really a list (its first column is all list markers), when it
is prose that happens to line up, or when the columns do not resolve (fewer than two columns
with values, headers the body never reaches). A refused candidate is read as text and counted
under ``pdf.table-not-resolved``, never written as a garbled grid.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from .grid import Row, Rule, TableGrid, build_table, find_tables
from .grid.table import pieces_text
from .lists import marker_of

PROSE_WORDS = 7        # median words per cell above which two "columns" are prose side by side
NUMERIC = 0.5          # share of a first row's cells that are numbers for it to be data, not header


@dataclass(slots=True)
class TableBlock:
    grid: TableGrid
    top: float
    bottom: float
    header_key: tuple[str, ...]


@dataclass(slots=True)
class Rejected:
    rows: list[Row]
    reason: str

    @property
    def failed(self) -> bool:
        """A list or prose that lines up was never a table; only a table that did not resolve failed."""
        return self.reason not in ("list", "prose")


def _numeric(text: str) -> bool:
    stripped = text.replace(",", "").replace(".", "").replace("%", "").replace("-", "").replace(" ", "")
    return bool(stripped) and stripped.lstrip("+$€£").isdigit()


def _header_count(rows: list[Row], ruled_header: int | None) -> int:
    """How many leading rows are the header: a ruling line says so; else the first row, unless it is data."""
    if ruled_header is not None:
        return ruled_header
    first = rows[0].cells
    if sum(1 for c in first if _numeric(c.text)) >= NUMERIC * len(first):
        return 0
    count = 1
    styles = [_bold_row(row) for row in rows]
    if styles[0]:
        while count < min(len(rows) - 1, 3) and styles[count]:
            count += 1
        if count == len(rows) - 1 or not any(not s for s in styles[count:]):
            count = 1  # everything is bold: bold says nothing about the header
    return count


def _bold_row(row: Row) -> bool:
    styles = [style for cell in row.cells for text, style in cell.pieces if style is not None and text.strip()]
    return bool(styles) and all(getattr(s, "bold", False) for s in styles)


def regions_of(rows: list[Row], rules: list[Rule]) -> list[tuple[str, object]]:
    """The rows of a region as ("text", [rows]), ("table", TableBlock) and ("rejected", Rejected) parts."""
    parts: list[tuple[str, object]] = []
    position = 0
    for span in find_tables(rows, rules):
        if span.start > position:
            parts.append(("text", rows[position:span.start]))
        chunk = rows[span.start:span.end]
        block = _resolve(chunk, span.header, rules)
        if isinstance(block, TableBlock):
            parts.append(("table", block))
        else:
            parts.append(("rejected", block))
        position = span.end
    if position < len(rows):
        parts.append(("text", rows[position:]))
    return parts


def _resolve(rows: list[Row], ruled_header: int | None, rules: list[Rule]) -> TableBlock | Rejected:
    multi = [row for row in rows if len(row.cells) > 1]
    markers = sum(1 for row in multi if marker_of(row.cells[0].text + " x") and len(row.cells[0].text) <= 6)
    if markers >= 0.6 * len(multi):
        return Rejected(rows, "list")
    words = statistics.median(len(c.text.split()) for row in multi for c in row.cells)
    if words >= PROSE_WORDS:
        return Rejected(rows, "prose")
    header_count = min(_header_count(rows, ruled_header), len(rows) - 1)
    grid = build_table(rows[:header_count], rows[header_count:], rules=rules)
    filled = sum(1 for c in range(grid.columns) if any(pieces_text(r.values[c]).strip() for r in grid.rows))
    if grid.columns < 2 or filled < 2 or not grid.rows:
        return Rejected(rows, "columns")
    if header_count and grid.unused_headers > grid.columns // 2:
        return Rejected(rows, "header")
    return TableBlock(grid, rows[0].top, rows[-1].bottom, tuple(grid.header_texts()))
