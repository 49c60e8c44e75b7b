"""Tables as HTML: ``<th>`` for header cells, spans as ``colspan``/``rowspan``, rows padded to the width.

Leading header rows go in ``<thead>``, the rest in ``<tbody>``; every ``<tr>`` carries its locator as
``data-`` attributes and its citation, so a reviewer can cite any row. The table's notes (a truncation
warning) follow it visibly. The Markdown writer's ``--html-tables`` reuses :func:`row_html`.

The page's table is rendered row by row as the rows arrive; its first rows (up to ``HOLD_CHARS`` of them
rendered) are held back to learn the table's width and which columns hold numbers only, then written, and
the rest stream. Each rendered cell carries a column marker (``\x01<column>\x02``, characters escaping
never lets through) until then: the marker of a numeric column becomes ``class="num"``, the others go, and
short rows are padded with empty cells to the width, as the Markdown writer pads, within the same bound.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Iterator

from ...ir.nodes import BLOCK_TYPES, Paragraph, Row, Table
from ...ir.walk import plain_text
from ..grid import COVERED, MAX_SPAN, SpanGrid
from .markup import attributes, node_attributes
from ...patterns import pattern


# A row of bare strings joined with NUL is written as it is when none of these match: nothing to escape,
# no line break to write as <br>, no control character (a NUL in a cell shows in the separator count).
_PLAIN_UNSAFE = pattern(r"[&<>\"'\r\n\x01-\x08\x0b\x0e-\x1f\x7f-\x9f]")


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
_MARKER = pattern("\x01([0-9]+)\x02")
# A number as a table shows it: a sign or parentheses, a currency, digits grouped by , . space or ',
# a decimal part, a percent or a unit-less exponent. "12", "-3.5", "(1,200.00)", "€ 4 500", "12.5%", "1e-3".
_NUMBER = pattern(r"[-+\u2212(]?\s*[$€£¥]?\s*(\d{1,3}([,.\u00a0\u202f' ]\d{3})+|\d+)([.,]\d+)?"
                     r"([eE][-+]?\d+)?\s*%?\)?\Z")


class _Columns:
    """Per column, whether every non-empty body cell seen holds a number (and at least one does). Only
    the columns still possibly numeric are looked at: a text column costs one look."""

    def __init__(self) -> None:
        self.live: list[int] = []  # columns not refused yet, ascending
        self.seen: set[int] = set()  # columns with a number in them
        self.width = 0
        self.frozen = False
        self._opens: dict[int, list[str]] = {}  # row width -> its cells' opening tags, for the live columns

    def opens(self, width: int) -> list[str]:
        """The opening tags of a row of ``width`` bare cells, each closing the cell before it; a marker only
        in a column still possibly numeric (and not yet met, past the widest row seen)."""
        found = self._opens.get(width)
        if found is None:
            marked = set(self.live) | set(range(self.width, width))
            mark = '<td class="num">' if self.frozen else None  # decided: no marker to resolve later
            found = [(mark or f"<td\x01{column}\x02>") if column in marked else "<td>" for column in range(width)]
            found[1:] = ["</td>" + tag for tag in found[1:]]
            if len(self._opens) < 256:
                self._opens[width] = found
        return found

    def _grow(self, width: int) -> None:
        if width > self.width:
            self.live.extend(range(self.width, width))
            self.width = width
            self._opens.clear()

    def freeze(self, numeric: list[int]) -> None:
        """From now on only ``numeric`` columns are marked, and no cell changes that."""
        self.live = list(numeric)
        self.width = sys.maxsize
        self.frozen = True
        self._opens.clear()

    def see_row(self, texts: list) -> None:
        """A body row of texts by column (None for a cell that cannot be a number, "" for an empty one)."""
        if self.frozen:
            return
        self._grow(len(texts))
        refused = None
        for column in self.live:
            if column >= len(texts):
                break
            text = texts[column]
            if text is None:
                refused = (refused or []) + [column]
                continue
            if not text or text.isdigit():
                if text:
                    self.seen.add(column)
                continue
            text = text.strip()
            if not text:
                continue
            if _NUMBER.match(text) is None:
                refused = (refused or []) + [column]
            else:
                self.seen.add(column)
        if refused:
            gone = set(refused)
            self.live = [column for column in self.live if column not in gone]
            self._opens.clear()

    def numeric(self) -> list[int]:
        return [column for column in self.live if column in self.seen]


def _page_row(r, row: Row, grid: SpanGrid, columns: _Columns) -> tuple[str, int]:
    """The row with a column marker in each cell's opening tag, and its width on the grid."""
    cells = row.cells
    body = not row.is_header
    if cells and not grid.active:  # bare strings span nothing: cell i is column i, the grid need not look
        try:
            joined = "\x00".join(cells)
        except TypeError:  # a Cell among the strings
            joined = None
        if joined is not None and joined.count("\x00") == len(cells) - 1 and not _PLAIN_UNSAFE.search(joined):
            n = len(cells)
            live = columns.live
            if body and (n > columns.width or live and live[0] < n):
                columns.see_row(cells)
                live = columns.live
            if (not live or live[0] >= n) and n <= columns.width:  # no column here can be numeric: no marker
                return f"<tr{node_attributes(row)}><td>" + joined.replace("\x00", "</td><td>") + "</td></tr>", n
            return f"<tr{node_attributes(row)}>" + "".join(map(operator.add, columns.opens(n), cells)) + "</td></tr>", n
    slots, _ = grid.place(cells)
    parts = [f"<tr{node_attributes(row)}>"]
    texts: list = []
    text = r.text
    for column, cell in enumerate(slots):
        if cell is COVERED:
            texts.append("")
            continue
        if type(cell) is str:
            texts.append(cell)
            parts.append(f"<td\x01{column}\x02>{text(cell, cell=True)}</td>")
            continue
        tag = "th" if cell.header else "td"
        content = cell.content
        if cell.header:
            texts.append("")
        elif content and isinstance(content[0], BLOCK_TYPES):
            one = len(content) == 1 and type(content[0]) is Paragraph
            texts.append(plain_text(content[0].children) if one else None)
        else:
            texts.append(plain_text(content))
        cols = min(max(cell.col_span, 1), MAX_SPAN)
        rows = min(max(cell.row_span, 1), MAX_SPAN)
        spans = attributes([("colspan", cols if cols > 1 else None), ("rowspan", rows if rows > 1 else None)])
        parts.append(f"<{tag}{spans}\x01{column}\x02>{r.cell(content)}</{tag}>")
    if body:
        columns.see_row(texts)
    parts.append("</tr>")
    return "".join(parts), len(slots)


def _marked(chunk: str, numeric: list[int]) -> str:
    """Rendered rows with their column markers resolved: ``class="num"`` in a numeric column, else nothing."""
    for column in numeric:
        chunk = chunk.replace(f"\x01{column}\x02", ' class="num"')
    return _MARKER.sub("", chunk)


def table_chunks(r, table: Table) -> Iterator[str]:
    """The table in its scrolling wrapper, its notes after it.

    The first rows, up to :data:`HOLD_CHARS` of them rendered, are held: their widest row is the width
    every row is padded to, their cells decide which columns are numeric; then they are written and the
    rest stream one by one (a later, wider row is written as it is), so the output grows as rows arrive
    and the output cap cuts a long table like any other block.
    """
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
    held: list[str] = []
    widths: list[int] = []
    size = 0
    padding = _Padding(r, table)
    for row in table.rows:
        checkpoint()
        wanted = "thead" if section in (None, "thead") and row.is_header else "tbody"
        opening = ""
        if wanted != section:
            opening = (f"</{section}>\n" if section else "") + f"<{wanted}>\n"
            section = wanted
        html, cells = _page_row(r, row, grid, columns)
        if padding.width is None:
            held.append(opening + html)
            widths.append(cells)
            size += len(html)
            if size >= HOLD_CHARS:
                yield from _release(held, widths, columns, padding)
        else:
            html = opening + html
            if "\x01" in html:
                html = _marked(html, padding.numeric)
            yield padding.padded(html, cells) + "\n"
    if padding.width is None:
        yield from _release(held, widths, columns, padding)
    if section:
        yield f"</{section}>\n"
    yield "</table>\n</div>\n"
    for note in table.notes:
        yield table_note_html(r, note)


HOLD_CHARS = 1 << 17  # about a thousand rows of ten short cells: held, and written before the cap is far


class _Padding:
    """The width rows are padded to, and the bound on the padding written so far (PADDING_CELLS, and
    eight empty cells per cell written): past it, short rows stay short, reported once."""

    def __init__(self, r, table: Table) -> None:
        self._r, self._table = r, table
        self.width: int | None = None
        self.numeric: list[int] = []
        self._filled = self._added = 0
        self._on = True

    def stop(self) -> None:
        if self._on:
            self._on = False
            self._r.report(self._r.codes.unpadded, self._table.locator)

    def padded(self, html: str, cells: int) -> str:
        self._filled += cells
        short = (self.width or 0) - cells
        if short <= 0 or not self._on:
            return html
        if self._added + short > max(PADDING_CELLS, PADDING_RATIO * self._filled):
            self.stop()
            return html
        self._added += short
        return html[:-5] + "<td></td>" * short + "</tr>"


def _release(held: list[str], widths: list[int], columns: _Columns, padding: _Padding) -> Iterator[str]:
    """The held rows, padded and marked; from now on the width and the numeric columns are fixed."""
    padding.width = max(widths, default=0)
    padding.numeric = columns.numeric()
    columns.freeze(padding.numeric)
    filled = sum(widths)
    # the bound is judged on the held rows as a whole, as the Markdown writer judges a whole table
    if len(widths) * padding.width - filled > max(PADDING_CELLS, PADDING_RATIO * filled):
        padding.stop()
    out: list[str] = []
    for html, cells in zip(held, widths):
        out.append(padding.padded(_marked(html, padding.numeric), cells))
        if len(out) >= 256:
            yield "\n".join(out) + "\n"
            out.clear()
    if out:
        yield "\n".join(out) + "\n"
    held.clear()
    widths.clear()
