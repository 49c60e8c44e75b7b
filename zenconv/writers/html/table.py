"""Tables as HTML: ``<th>`` for header cells, spans as ``colspan``/``rowspan``, rows padded to the width.

Leading header rows go in ``<thead>``, the rest in ``<tbody>``; every ``<tr>`` carries its locator as
``data-`` attributes and its citation, so a reviewer can cite any row. The table's notes (a truncation
warning) follow it visibly. The Markdown writer's ``--html-tables`` reuses :func:`row_html`.

The page's table is rendered row by row as the rows arrive and spooled (:class:`~..spool.RowSpool`, on disk
past a threshold): only its last row can say how wide it is, and which columns hold numbers only. Each
record is a rendered row whose cells carry a column marker (``\x01<column>\x02``, characters escaping
never lets through); the replay turns the markers of numeric columns into ``class="num"`` and pads each
row with empty cells to the widest, as the Markdown writer does, within the same bound.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...ir.nodes import BLOCK_TYPES, Row, Table
from ...ir.walk import plain_text
from ..grid import COVERED, MAX_SPAN, SpanGrid
from ..spool import RowSpool
from .markup import attributes, node_attributes


# A row of bare strings joined with NUL is written as it is when none of these match: nothing to escape,
# no line break to write as <br>, no control character (a NUL in a cell shows in the separator count).
_PLAIN_UNSAFE = re.compile(r"[&<>\"'\r\n\x01-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def row_html(r, row: Row) -> str:
    cells = row.cells
    try:
        joined = "\x00".join(cells)
    except TypeError:  # a Cell among the strings
        joined = None
    if joined is not None and joined.count("\x00") == len(cells) - 1 and not _PLAIN_UNSAFE.search(joined):
        body = "<td>" + joined.replace("\x00", "</td><td>") + "</td>" if cells else ""
        return f"<tr{node_attributes(row)}>{body}</tr>"
    parts = [f"<tr{node_attributes(row)}>"]
    text = r.text
    for cell in cells:
        if type(cell) is str:
            parts.append(f"<td>{text(cell, cell=True)}</td>")
            continue
        tag = "th" if cell.header else "td"
        cols = min(max(cell.col_span, 1), MAX_SPAN)
        rows = min(max(cell.row_span, 1), MAX_SPAN)
        spans = attributes([("colspan", cols if cols > 1 else None), ("rowspan", rows if rows > 1 else None)])
        parts.append(f"<{tag}{spans}>{r.cell(cell.content)}</{tag}>")
    parts.append("</tr>")
    return "".join(parts)


def colgroup_html(table: Table) -> str:
    specs = table.columns.specs
    if not any(spec.facets or spec.locator for spec in specs):
        return ""
    return "<colgroup>" + "".join(f"<col{node_attributes(spec)}>" for spec in specs) + "</colgroup>"


def table_note_html(r, note: str) -> str:
    return f'<p class="table-note" role="note">{r.text(note)}</p>\n'



# Padding every row to the widest multiplies the output by the width (see the Markdown writer's
# PADDING_CELLS): past this many empty cells, and past eight per cell written, short rows stay short.
PADDING_CELLS = 1 << 22
PADDING_RATIO = 8
_MARKER = re.compile("\x01([0-9]+)\x02")
# A number as a table shows it: a sign or parentheses, a currency, digits grouped by , . space or ',
# a decimal part, a percent or a unit-less exponent. "12", "-3.5", "(1,200.00)", "€ 4 500", "12.5%", "1e-3".
_NUMBER = re.compile(r"[-+\u2212(]?\s*[$€£¥]?\s*(\d{1,3}([,.\u00a0\u202f' ]\d{3})+|\d+)([.,]\d+)?"
                     r"([eE][-+]?\d+)?\s*%?\)?\Z")


class _Columns:
    """Per column, whether every non-empty body cell seen holds a number (and at least one does)."""

    def __init__(self) -> None:
        self.numeric: dict[int, bool] = {}

    def see(self, column: int, text: str) -> None:
        text = text.strip()
        if not text:
            return
        verdict = _NUMBER.match(text) is not None
        if self.numeric.get(column, True):
            self.numeric[column] = verdict

    def refuse(self, column: int) -> None:
        self.numeric[column] = False

    def classes(self) -> frozenset[int]:
        return frozenset(column for column, numeric in self.numeric.items() if numeric)


def _page_row(r, row: Row, grid: SpanGrid, columns: _Columns) -> tuple[str, int]:
    """The row with a column marker in each cell's opening tag, and its width on the grid."""
    slots, _ = grid.place(row.cells)
    body = not row.is_header
    parts = [f"<tr{node_attributes(row)}>"]
    text = r.text
    for column, cell in enumerate(slots):
        if cell is COVERED:
            continue
        if type(cell) is str:
            if body:
                columns.see(column, cell)
            parts.append(f"<td\x01{column}\x02>{text(cell, cell=True)}</td>")
            continue
        tag = "th" if cell.header else "td"
        content = cell.content
        if body and not cell.header:
            if content and isinstance(content[0], BLOCK_TYPES):
                if len(content) == 1 and type(content[0]).__name__ == "Paragraph":
                    columns.see(column, plain_text(content[0].children))
                else:
                    columns.refuse(column)
            else:
                columns.see(column, plain_text(content))
        cols = min(max(cell.col_span, 1), MAX_SPAN)
        rows = min(max(cell.row_span, 1), MAX_SPAN)
        spans = attributes([("colspan", cols if cols > 1 else None), ("rowspan", rows if rows > 1 else None)])
        parts.append(f"<{tag}{spans}\x01{column}\x02>{r.cell(content)}</{tag}>")
    parts.append("</tr>")
    return "".join(parts), len(slots)


def table_chunks(r, table: Table) -> Iterator[str]:
    """The table in its scrolling wrapper, its notes after it."""
    label = attributes([("aria-label", plain_text(table.caption) if table.caption else "table")])
    yield f'<div class="table-wrap" role="region" tabindex="0"{label}>\n<table{node_attributes(table)}>\n'
    if table.caption:
        yield f"<caption>{r.inlines(table.caption)}</caption>\n"
    colgroup = colgroup_html(table)
    if colgroup:
        yield colgroup + "\n"
    section = None
    checkpoint = r.checkpoint
    grid = SpanGrid()
    columns = _Columns()
    width = filled = 0
    with RowSpool() as spool:
        for row in table.rows:
            checkpoint()
            wanted = "thead" if section in (None, "thead") and row.is_header else "tbody"
            opening = ""
            if wanted != section:
                opening = (f"</{section}>\n" if section else "") + f"<{wanted}>\n"
                section = wanted
            html, cells = _page_row(r, row, grid, columns)
            width = max(width, cells)
            filled += cells
            # one line per record: a newline in a cell (a code block's) travels as NUL, never in the output
            spool.append(f"{cells}\t{opening}{html}".replace("\n", "\x00"))
        padding = len(spool) * width - filled
        pad = padding <= max(PADDING_CELLS, PADDING_RATIO * filled)
        if not pad:
            r.report(r.codes.unpadded, table.locator)
        numeric = columns.classes()

        def marker(m: re.Match) -> str:
            return ' class="num"' if int(m.group(1)) in numeric else ""

        for record in spool:
            checkpoint()
            cells, _, html = record.partition("\t")
            html = _MARKER.sub(marker, html.replace("\x00", "\n"))
            short = width - int(cells)
            if pad and short > 0:
                html = html[:-5] + "<td></td>" * short + "</tr>"
            yield html + "\n"
    if section:
        yield f"</{section}>\n"
    yield "</table>\n</div>\n"
    for note in table.notes:
        yield table_note_html(r, note)
