"""Tables as GFM pipe tables, spooled so the header row can know the table's width.

Every row is rendered as it arrives and held in a :class:`~zenconv.writers.spool.RowSpool` (memory,
then disk), never as a Row: the GFM header row must name every column, and only the last row can say
how many there are. Ragged rows are padded to the widest. What a pipe table cannot hold is flattened
and reported: a merged cell is written once with its covered cells empty, a cell's line breaks or
blocks become one line joined with ``<br>``. A hidden row's first cell starts with ``[hidden row]``, a
hidden column's header cell holds ``[hidden column]`` (:mod:`.hidden`). With ``--html-tables`` each row is also rendered as HTML,
and a table that needed flattening is written as an HTML table instead; the reports of whichever
rendering is dropped are dropped with it (:class:`~zenconv.writers.deferred.DeferredReports`).

The common row (bare-string cells, no spans, nothing to escape) is checked with one regular
expression over the joined row and written as it is: this is the hot path of a million-row sheet.
A reader's group of such rows (:class:`~zenconv.stream.PlainRows`, a CSV batch) is joined and checked
from its cells alone, a Row made only for a row that needs more than that.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from ...ir.locator import Locator
from ...ir.nodes import (
    BLOCK_TYPES, BlockQuote, Cell, CodeBlock, Container, Heading, List, MathBlock, Paragraph, Row, Table, Text,
)
from ...ir.walk import cell_text
from ...stream import PlainRows, RowGroups
from ..deferred import DeferredReports
from ..grid import COVERED, SpanGrid, cell_locator, filled
from ..sink import CHUNK as SINK_CHUNK
from ..spool import RowSpool
from .escape import CONTROLS, ROW_UNSAFE, escape_cell_string, escape_text, finish_block
from .hidden import block_label, hidden_reason
from .inlines import InlineRenderer, code_span
from ...patterns import pattern


CHUNK_ROWS = 1024
CHUNK_CHARS = 1 << 20  # a chunk of rows checked together holds about this many characters at most
ROW_CHARS = CHUNK_CHARS // CHUNK_ROWS  # what a row counts for besides its characters: CHUNK_ROWS fill a chunk
# Padding every row to the widest multiplies the output by the width: a 2 MB CSV with one row of 16,384
# fields and 500,000 short rows would pad to 24 GB. Past this many empty cells (and past eight per cell
# written), short rows are written as they are, which GFM allows ("empty cells are inserted").
PADDING_CELLS = 1 << 22
PADDING_RATIO = 8


class PipeTables:
    def __init__(self, inline: InlineRenderer, report, html=None) -> None:
        self.inline = inline
        self.report = report  # the writer's own reporter (ctx.report)
        self.html = html  # an HtmlRenderer when --html-tables is on
        self.fill_merged = False  # --fill-merged on: covered cells repeat the merged cell's text

    def lines(self, table: Table) -> Iterator[str]:
        """The caption as a paragraph, the table, then each table note as a visible quote."""
        blank = False
        if table.caption:
            caption = self.inline.paragraph(table.caption)
            if caption:
                yield from caption.split("\n")
                blank = True
        md_held, html_held = DeferredReports(), DeferredReports()
        labels = {i: label for i, spec in enumerate(table.columns.specs)  # hidden columns' header labels
                  if spec.facets and (label := block_label(spec.facets, "column")) is not None}
        inline, html = self.inline, self.html
        inline_report = inline.report
        with RowSpool() as spool:
            inline.report = lambda code, detail=None: md_held(code, inline.locator, detail=detail)
            if html is not None:
                html_report, html.report = html.report, html_held
            try:
                header, shape, needs_html, filled = self._spool(table, spool, md_held, labels)
            finally:
                inline.report = inline_report
                if html is not None:
                    html.report = html_report
            if header is not None or len(spool):
                if blank:
                    yield ""
                if html is not None and needs_html:
                    html_held.replay(self.report)
                    yield from self._html_lines(table, header, spool)
                else:
                    md_held.replay(self.report)
                    if header is None:  # GFM needs a header row; an empty one is added, and said so
                        self.report("to-md.empty-header-row-added", table.locator)
                    padding = (len(spool) + 1) * shape.width - filled
                    pad = padding <= max(PADDING_CELLS, PADDING_RATIO * filled)
                    if not pad:
                        self.report("to-md.table-rows-unpadded", table.locator)
                    yield from self._pipe_lines(header, shape, spool, pad, labels)
                blank = True
        for note in table.notes:
            one_line = " ".join(note.split())
            if not one_line.startswith("⚠"):
                one_line = "⚠ " + one_line
            if blank:
                yield ""
            yield "> " + finish_block(escape_text(one_line))
            blank = True

    def _spool(self, table: Table, spool: RowSpool, held: DeferredReports, labels: dict[int, str]):
        """Render every row into the spool; return the header record, the shape, whether HTML is needed
        and the number of cells rendered.

        A record is the finished line ``"| <rendered cells> |"`` when the row is as wide as the first
        row, else the line behind its cell count (``"<cells> | ... |"``, for padding); with
        --html-tables, a JSON line ``[cells, rendered cells, is header, row HTML]``.
        """
        tally = _Tally(table.columns.count or 0)
        tally.column_labels = labels
        grid = SpanGrid()
        rows = table.rows
        if isinstance(rows, RowGroups) and self.html is None:
            # Nothing is written while the rows are spooled, so the groups may be taken (BlockStream._groups).
            for group in rows.groups():
                if isinstance(group, PlainRows) and tally.usual > 0 and not grid.active:
                    self._plain_rows(group, spool, table, grid, held, tally)
                else:
                    self._spool_rows(iter(group), spool, table, grid, held, tally)
        else:
            self._spool_rows(iter(rows), spool, table, grid, held, tally)
        return tally.header, _Shape(tally.width, tally.usual, tally.unusual), tally.needs_html, tally.filled

    def _spool_rows(self, rows: Iterator[Row], spool: RowSpool, table: Table, grid: SpanGrid,
                    held: DeferredReports, tally: _Tally) -> None:
        join = " | ".join
        plain = self.html is None
        row = next(rows, None)
        # No checkpoint per row here: the pipeline's row stream already ticks the guard for each row.
        while row is not None:
            record = self._record(row, table, grid, held, tally)
            if record is not None:
                spool.append(record)
            usual = tally.usual
            if not plain or grid.active or usual <= 0:
                row = next(rows, None)
                continue
            # The common rows (as wide as the first, of bare strings) are joined, then checked a chunk
            # at a time (see _plain): a thousand rows, or fewer when they are long. Any other row goes
            # back to _record.
            chunk: list[Row] = []
            lines: list[str] = []
            add_row, add_line = chunk.append, lines.append
            chars = 0  # the chunk's characters, and ROW_CHARS more for each row (a thousand rows fill it)
            for row in rows:
                cells = row.cells
                # a hidden row is labelled in _record; other facets (a row's shown and raw values) are not
                # Markdown's to render
                if len(cells) != usual or (row.facets and hidden_reason(row.facets) is not None):
                    break
                try:
                    line = join(cells)
                except TypeError:  # a Cell among the strings
                    break
                add_line(line)
                add_row(row)
                chars += len(line) + ROW_CHARS
                if chars >= CHUNK_CHARS:
                    self._plain(chunk, lines, usual, spool, table, grid, held, tally)
                    chunk, lines, chars = [], [], 0
                    add_row, add_line = chunk.append, lines.append
            else:
                row = None
            if chunk:
                self._plain(chunk, lines, usual, spool, table, grid, held, tally)

    def _plain_rows(self, group: PlainRows, spool: RowSpool, table: Table, grid: SpanGrid,
                    held: DeferredReports, tally: _Tally) -> None:
        """A group of plain rows after the first row, spooled as :meth:`_spool_rows` spools them, from
        their cells alone: rows of bare strings without facets need no label and take no span, so those
        as wide as the first are checked a chunk at a time (:meth:`_plain`), which makes Row objects only
        for the rows it sends to :meth:`_record`. The chunks are cut elsewhere than _spool_rows cuts
        them, which changes no record: a chunk's test passes exactly the rows the per-row test passes."""
        cells = group.cells
        usual = tally.usual
        if not cells:
            return
        if list(map(len, cells)).count(usual) != len(cells):  # a ragged group: row by row
            self._spool_rows(iter(group.rows()), spool, table, grid, held, tally)
            return
        lines = list(map(" | ".join, cells))
        count = len(lines)
        chunks = -(-(sum(map(len, lines)) + count * ROW_CHARS) // CHUNK_CHARS)  # at most CHUNK_CHARS or so each
        if chunks <= 1:
            self._plain(group.rows(), lines, usual, spool, table, grid, held, tally)
            return
        step = -(-count // chunks)
        for start in range(0, count, step):
            self._plain(group.rows(start, start + step), lines[start:start + step], usual, spool, table, grid,
                        held, tally)

    def _plain(self, rows: Iterable[Row], lines: list[str], width: int, spool: RowSpool, table: Table,
               grid: SpanGrid, held: DeferredReports, tally: _Tally) -> None:
        """Records for rows of ``width`` bare strings, ``lines`` their cells joined with " | ".

        The lines are tested together first, joined as one long row, by the rules of :func:`_as_is`
        (any two spaces in a row sending the chunk to the line-by-line test): one test for a thousand
        rows of a big clean table.
        """
        block = _plain_block(lines, width)
        if block is not None:
            spool.extend_lines(block, len(lines))
            tally.filled += len(lines) * width
            return
        for row, line in zip(rows, lines):
            if _as_is(line, row.cells):
                spool.append(f"| {line} |")
                tally.filled += width
            else:
                record = self._record(row, table, grid, held, tally)
                if record is not None:
                    spool.append(record)

    def _record(self, row: Row, table: Table, grid: SpanGrid, held: DeferredReports, tally: _Tally) -> str | None:
        """Any row: placed in the span grid, escaped cell by cell where it must be; its spool record,
        or None for the header row (kept in the tally)."""
        cells = row.cells
        if row.facets and (label := block_label(row.facets, "row")) is not None:
            cells = _labelled_cells(cells, {0: label})
        if tally.first and tally.column_labels and row.is_header:
            cells = _labelled_cells(cells, tally.column_labels)
        line = None
        spanning = 0
        placed = grid.active
        if placed:
            cells, spanning = grid.place(cells)
        if not spanning:
            try:
                line = " | ".join(cells)
            except TypeError:  # a Cell among the strings, or a covered slot
                if not placed:
                    cells, spanning = grid.place(cells)
            else:
                if not _as_is(line, cells):
                    line = None
        if line is None:
            locator = row.locator or table.locator
            shown = filled(cells, grid) if self.fill_merged else cells
            line, flattened = self._careful_row(shown, locator, held, table.columns.specs)
            if spanning:
                held("to-md.cell-spans-flattened", locator, spanning)
            tally.needs_html = tally.needs_html or bool(spanning) or flattened
        n = len(cells)
        tally.filled += n
        if n > tally.width:
            tally.width = n
        if self.html is None:
            if tally.usual < 0:
                tally.usual = n
            if n == tally.usual and n:
                record = f"| {line} |"
            else:
                record = f"{n} | {line} |" if n else "0 "
                tally.unusual += 1
        else:
            from ..html.table import row_html  # --html-tables only: the HTML table code is not imported at start-up

            record = json.dumps([n, line, row.is_header, row_html(self.html, row)])
        first, tally.first = tally.first, False
        if first and row.is_header:
            tally.header = record
            return None
        return record

    def _careful_row(self, slots, locator, held: DeferredReports, specs=()) -> tuple[str, bool]:
        """The row's line, each cell escaped; a report about a cell names that cell (``D4``), not the
        row's first (see :meth:`Locator.in_column`)."""
        self.inline.locator = locator
        flattened = False
        out = []
        for column, slot in enumerate(slots):
            if slot is COVERED:
                out.append("")
            elif type(slot) is str:
                unsafe, broken = CONTROLS.search(slot), "\n" in slot or "\r" in slot
                if unsafe or broken:
                    where = cell_locator(locator, column, specs)
                    if unsafe:
                        held("to-md.control-characters-replaced", where)
                    if broken:
                        held("to-md.cell-blocks-flattened", where)
                        flattened = True
                out.append(escape_cell_string(slot))
            else:
                where = cell_locator(locator, column, specs)
                self.inline.locator = where
                text, blocks_flattened = self._cell(slot.content, where, held)
                flattened = flattened or blocks_flattened
                out.append(text)
        return " | ".join(out), flattened

    def _cell(self, content, locator, held: DeferredReports) -> tuple[str, bool]:
        inlines = None
        if not content or not isinstance(content[0], BLOCK_TYPES):
            inlines = content
        elif len(content) == 1 and type(content[0]) is Paragraph:
            inlines = content[0].children
        if inlines is not None:  # flattened only if a text line break became <br>
            before = held.count("to-md.cell-blocks-flattened")
            text = self._labelled(content[0].facets if inlines is not content else (), self.inline.cell(inlines))
            return text, held.count("to-md.cell-blocks-flattened") != before
        held("to-md.cell-blocks-flattened", locator)
        return "<br>".join(part for block in content for part in self._flat(block)), True

    def _labelled(self, facets, text: str) -> str:
        """``text`` after its hidden label (``\\[hidden\\] secret``) when ``facets`` hide it, as a hidden
        paragraph outside a table reads: a hidden paragraph in a cell is as marked as one in the body."""
        label = block_label(facets) if facets and text else None
        return f"{self.inline.cell([Text(label)])} {text}" if label else text

    def _flat(self, block) -> Iterator[str]:
        """A block in a cell as one-line pieces, joined with <br> by the caller; a hidden block's first
        piece starts with its label."""
        pieces = self._flat_pieces(block)
        facets = getattr(block, "facets", ())
        if facets and block_label(facets) is not None:
            first = next(pieces, None)
            if first is not None:
                yield self._labelled(facets, first)
        yield from pieces

    def _flat_pieces(self, block) -> Iterator[str]:
        kind = type(block)
        if kind is Paragraph or kind is Heading:
            text = self.inline.cell(block.children)
            if text:
                yield text
        elif kind is List:
            for number, item in enumerate(block.items, block.start):
                if item.label is not None:  # the label the source shows, as text
                    marker = self.inline.cell([Text(item.label)]) + " "
                else:
                    marker = f"{number}. " if block.ordered else "- "
                if item.checked is not None:
                    marker += "\\[x\\] " if item.checked else "\\[ \\] "
                pieces = [part for child in item.blocks for part in self._flat(child)]
                yield marker + self._labelled(item.facets, " ".join(pieces))
        elif kind is BlockQuote or kind is Container:
            for child in block.blocks:
                yield from self._flat(child)
        elif kind is CodeBlock:
            for line in block.text.splitlines():
                yield code_span(line, cell=True)
        elif kind is MathBlock:
            math = self.inline.math(block.latex, cell=True)
            if math:
                yield math
        elif kind is Table:  # a table in a cell: a line per row, its cells separated by spaces
            rows = block.rows if isinstance(block.rows, (list, tuple)) else list(block.rows)
            for row in rows:
                text = " ".join(" ".join(cell_text(cell).split()) for cell in row.cells)
                if text.strip():
                    yield escape_cell_string(text)

    def _pipe_lines(self, header: str | None, shape: _Shape, spool: RowSpool, pad: bool = True,
                    labels: dict[int, str] | None = None) -> Iterator[str]:
        width = shape.width
        empty = "|" + "  |" * width
        if self.html is not None:
            records = (f"{n} | {line} |" if n else "0 " for n, line in (json.loads(r)[:2] for r in spool))
            if header is not None:
                n, line = json.loads(header)[:2]
                header = f"{n} | {line} |" if n else "0 "
        else:
            records = iter(spool)
        usual = shape.usual
        if header is None:
            yield _empty_header(width, labels) if labels else empty
        else:
            yield _padded(header, width, empty, usual)
        yield "|" + " --- |" * width
        if self.html is None and not shape.unusual and usual == width:
            # Every row is as wide as the table (the common case): the spool holds the lines as written.
            # Blocks of the sink's chunk: each is flushed as it comes, and no string of a MiB is made and
            # freed again per MiB of table (the allocator gave such memory back and faulted it in anew).
            yield from spool.blocks(SINK_CHUNK)
            return
        if not pad:
            width, empty = 0, "|  |"
        # Rows go out a thousand to a string: a table is most of a big document, and each string
        # passes every enclosing block's generator (which prefix each of its lines, see writer.py).
        chunk: list[str] = []
        chars = 0
        for record in records:
            chunk.append(_padded(record, width, empty, usual))
            chars += len(record)
            if len(chunk) == CHUNK_ROWS or chars >= CHUNK_CHARS:
                yield "\n".join(chunk)
                chunk, chars = [], 0
        if chunk:
            yield "\n".join(chunk)

    def _html_lines(self, table: Table, header, spool: RowSpool) -> Iterator[str]:
        # An HTML block ends at a blank line, so nothing here may be blank; row HTML has no raw newline.
        from ..html.markup import node_attributes
        from ..html.table import colgroup_html

        yield f"<table{node_attributes(table)}>"
        colgroup = colgroup_html(table)
        if colgroup:
            yield colgroup
        section = None
        for record in map(json.loads, spool if header is None else itertools.chain([header], spool)):
            wanted = "thead" if section in (None, "thead") and record[2] else "tbody"
            if wanted != section:
                if section:
                    yield f"</{section}>"
                yield f"<{wanted}>"
                section = wanted
            yield record[3].replace("\n", "&#10;")  # a newline could leave a blank line
        if section:
            yield f"</{section}>"
        yield "</table>"


def _labelled_cells(cells: list, labels: dict[int, str]) -> list:
    """``cells`` with a label at the start of the cells at the given places (an empty row gets a cell)."""
    out = list(cells) or [""]
    for place, label in labels.items():
        if place < len(out):
            out[place] = _labelled_cell(out[place], label)
    return out


def _labelled_cell(cell, label: str):
    if isinstance(cell, str):
        return f"{label} {cell}" if cell else label
    if cell.content and isinstance(cell.content[0], BLOCK_TYPES):
        return dataclasses.replace(cell, content=[Paragraph([Text(label)]), *cell.content])
    return dataclasses.replace(cell, content=[Text(label + " "), *cell.content])


def _empty_header(width: int, labels: dict[int, str]) -> str:
    """The empty header row GFM needs, but for a hidden column's cell, which holds its label."""
    return "| " + " | ".join(escape_cell_string(labels.get(i, "")) for i in range(width)) + " |"


# The bytes, in UTF-8, of what ROW_UNSAFE finds and of a pipe: the ASCII ones themselves (a line feed among
# them), and the lead byte of each non-ASCII one (U+0080-U+00A0 start with C2, U+1680 with E1,
# U+2000-U+205F with E2, U+3000 with E3). _ROW_PLAIN is every other byte, deleted to leave only these.
_ROW_MARKS = bytes(sorted({*range(0x20), 0x7f, *b"\\`*_[]<>~$&|", 0xc2, 0xe1, 0xe2, 0xe3}))
_ROW_PLAIN = bytes(sorted(set(range(256)) - set(_ROW_MARKS)))
_LEAD_BYTES_PIPE_NEWLINE = b"|\n\xc2\xe1\xe2\xe3"
_TWO_SPACES = pattern("  ")  # what ``"  " in block`` says, found in half its time (many single spaces)


def _plain_block(lines: list[str], width: int) -> str | None:
    """The records of ``lines`` (each ``width`` bare-string cells joined with " | ") written as they are,
    joined by newlines, when every line passes :func:`_as_is`; else None.

    The test is _as_is's over the whole block at once: nothing ROW_UNSAFE finds (but the newlines between
    the records), no pipe of a cell's own, no "://", no two spaces in a row (a space at a cell's edge
    makes two, with the pipe's). ROW_UNSAFE's search costs about 8 ns a character; deleting the plain
    bytes from the UTF-8 leaves the pipes, the newlines and the marks of anything it could find, at a
    fraction of that, and the search runs only when a non-ASCII character might be one it finds (e.g.
    "é" begins with C3, a no-break space with C2).
    """
    edged = lines.copy()  # the block's edges on its first and last line: the block is copied once, not three times
    edged[0] = "| " + edged[0]
    edged[-1] += " |"
    block = " |\n| ".join(edged)
    if _TWO_SPACES.search(block) or (":" in block and "://" in block):
        return None
    try:
        marks = block.encode("utf-8").translate(None, _ROW_PLAIN)
    except UnicodeEncodeError:  # a lone surrogate
        marks = None
    else:
        if len(marks) == len(lines) * (width + 2) - 1:  # the pipes and newlines of the block, nothing else
            return block
        if marks.translate(None, _LEAD_BYTES_PIPE_NEWLINE):
            return None  # an ASCII character to escape
    joined = " | ".join(lines)
    if ROW_UNSAFE.search(joined) or joined.count("|") != len(lines) * width - 1:
        return None
    return block


def _as_is(line: str, cells: list[str]) -> bool:
    """Whether ``line``, bare-string ``cells`` joined with " | ", can be written unchanged: nothing to
    escape, no pipe of its own, no whitespace at a cell's edge. Other whitespace than a space is in
    ROW_UNSAFE; a space at an edge makes two in a row, or one at either end of the line (an empty cell
    does too: only then are the cells stripped)."""
    return not (ROW_UNSAFE.search(line) or "://" in line or line.count("|") != len(cells) - 1
                or (("  " in line or line[:1] == " " or line[-1:] == " ")
                    and list(map(str.strip, cells)) != cells))


class _Tally:
    """What the rows of a table come to, as they are spooled."""

    __slots__ = ("width", "usual", "unusual", "filled", "needs_html", "header", "first", "column_labels")

    def __init__(self, width: int) -> None:
        self.width = width       # the widest row so far (or the declared column count)
        self.usual = -1          # the first row's cells; a record of another width is stored behind its count
        self.unusual = 0
        self.filled = 0          # cells rendered
        self.needs_html = False  # a row a pipe table cannot hold (for --html-tables)
        self.header: str | None = None
        self.first = True
        self.column_labels: dict[int, str] = {}  # a hidden column's label by its place


class _Shape(NamedTuple):
    width: int    # the widest row's cells (or the declared column count)
    usual: int    # the first row's cells: a record of this many is stored as its bare line
    unusual: int  # records of another width, stored behind their count


def _padded(record: str, width: int, empty: str, usual: int) -> str:
    if record[0] == "|":
        n, line = usual, record
    else:
        count, _, line = record.partition(" ")
        n = int(count)
    return line + "  |" * (width - n) if n else empty
