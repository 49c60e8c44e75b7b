"""Composed pages into IR blocks, each with its locator: the last stage.

Table ordinals count over the whole document (``table=3`` is the document's third table), so a
table continued onto the next page keeps one ordinal while each of its rows is cited to the page
it is printed on. Rows are numbered from 0 over the whole table, header rows included.
"""

from __future__ import annotations

from collections import Counter

from zenconv.ir.facets import HiddenFacet
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import (
    Cell,
    CodeBlock,
    Columns,
    Heading,
    Image,
    List,
    ListItem,
    Paragraph,
    Row,
    Table,
    Text,
)

from .compose import Composed, FigureBlock
from .grid.table import TableGrid, pieces_text
from .headings import HeadingRanks, is_heading
from .images import image_file
from .inlines import inlines, join_lines, strip_marker
from .paragraphs import TextBlock
from .tables import TableBlock
from zenconv.records import dataclass

INVISIBLE = HiddenFacet(reason="invisible text")
CONTINUED_COLUMNS = 3.0  # points: how near a headerless table's columns must start to the open table's to run it on
LIST_INDENT = 0.5  # × size: items whose markers start this close are one level


@dataclass(slots=True)
class OpenTable:
    """A table whose last rows end its page: the next page may continue it."""

    table: Table
    header_key: tuple[str, ...]
    rows: list[Row]
    ordinal: int
    lefts: tuple[float, ...] = ()


class Emitter:
    def __init__(self, ctx, ranks: HeadingRanks, hidden: str, extract_images: bool) -> None:
        self.ctx = ctx
        self.ranks = ranks
        self.hidden = hidden
        self.extract_images = extract_images
        self.tables = 0
        self.open: OpenTable | None = None

    def locator(self, composed: Composed, **fields) -> Locator:
        page = composed.page
        return Locator(page=page.number, page_label=page.label, **fields)

    # --- the page ------------------------------------------------------------------------------

    def page_blocks(self, composed: Composed, sizes: Counter, body: float, body_bold: bool,
                    vocabulary: set[str]) -> list:
        """IR blocks for a page. A table that ends the page is held back (in ``open``) until the
        next page shows whether it continues; call :meth:`close` at the end of the document."""
        out: list = []
        blocks = composed.blocks
        i = 0
        while i < len(blocks):
            block = blocks[i]
            if isinstance(block, TableBlock):
                if i > 0 or not self._continue(block, composed):
                    out.extend(self.close())
                    self._open(block, composed)
                i += 1
                continue
            out.extend(self.close())
            if isinstance(block, FigureBlock):
                node = self._figure(block, composed)
                i += 1
            elif block.kind == "item":
                j = i
                while j < len(blocks) and isinstance(blocks[j], TextBlock) and blocks[j].kind == "item":
                    j += 1
                out.extend(self._list(blocks[i:j], composed, vocabulary))
                node = None
                i = j
            elif block.kind == "code":
                node = self._code(block, composed)
                i += 1
            else:
                node = self._text(block, composed, sizes, body, body_bold, vocabulary)
                i += 1
            if node is not None:
                out.append(node)
        return out

    def close(self) -> list:
        if self.open is None:
            return []
        table = self.open.table
        table.rows = self.open.rows
        self.open = None
        return [table]

    # --- text ----------------------------------------------------------------------------------

    def _facets(self, lines) -> tuple:
        return (INVISIBLE,) if all(ln.hidden for ln in lines) else ()

    def _skip_hidden(self, lines, loc: Locator) -> bool:
        if self.hidden == "skip" and all(ln.hidden for ln in lines):
            self.ctx.report("pdf.hidden-text-skipped", loc, text="\n".join(ln.text for ln in lines))
            return True
        return False

    def _text(self, block: TextBlock, composed: Composed, sizes: Counter, body: float, body_bold: bool,
              vocabulary: set[str]):
        loc = self.locator(composed)
        if self._skip_hidden(block.lines, loc):
            return None
        pieces = join_lines(block.lines, vocabulary)
        text = pieces_text(pieces).strip()
        if not text:
            return None
        bookmark = self.ranks.bookmark(composed.page.number, text)
        heading = block.kind == "heading" and is_heading(block.lines, body, body_bold)
        if bookmark is not None and len(block.lines) <= 3:
            return Heading(min(bookmark.level, 6), inlines(pieces, plain_bold=True), self._facets(block.lines), loc)
        if heading:
            size = max(ln.size for ln in block.lines)
            level = self.ranks.level(size, sizes, body)
            return Heading(level, inlines(pieces, plain_bold=True), self._facets(block.lines), loc)
        return Paragraph(inlines(pieces), self._facets(block.lines), loc)

    def _code(self, block: TextBlock, composed: Composed):
        """A listing: each line's indent turned back into spaces, measured in its own characters."""
        loc = self.locator(composed)
        if self._skip_hidden(block.lines, loc):
            return None
        left = min(ln.left for ln in block.lines)
        widths = [(ln.right - ln.left) / len(ln.text) for ln in block.lines if len(ln.text) > 3]
        char = sorted(widths)[len(widths) // 2] if widths else max(block.lines[0].size * 0.6, 1.0)
        steps = [a.bottom - b.bottom for a, b in zip(block.lines, block.lines[1:]) if a.bottom - b.bottom > 0]
        pitch = min(steps) if steps else 1.0
        out: list[str] = []
        for k, ln in enumerate(block.lines):
            if k:
                # A blank line takes no glyphs: it shows as a wider step between baselines.
                out.extend([""] * max(0, _times(block.lines[k - 1].bottom - ln.bottom, pitch, _MAX_BLANKS + 1) - 1))
            out.append(" " * _times(ln.left - left, char, _MAX_INDENT) + ln.text)
        return CodeBlock("\n".join(out), None, self._facets(block.lines), loc)

    def _list(self, items: list[TextBlock], composed: Composed, vocabulary: set[str]) -> list:
        """List nodes for consecutive items: nested by where their markers start."""
        loc = self.locator(composed)
        kept = [item for item in items if not self._skip_hidden(item.lines, loc)]
        # Letters and roman numerals start sentences too ("A. Smith"): alone, they make no list.
        if len(kept) == 1 and kept[0].marker.ordered and not kept[0].marker.text.strip("().").isdigit():
            pieces = join_lines(kept[0].lines, vocabulary)
            return [Paragraph(inlines(pieces), self._facets(kept[0].lines), loc)]
        roots: list[List] = []
        stack: list[tuple[float, List]] = []
        for item in kept:
            tolerance = LIST_INDENT * max(item.lines[0].size, 1.0)
            pieces = strip_marker(join_lines(item.lines, vocabulary), item.marker.length)
            node = ListItem([Paragraph(inlines(pieces), self._facets(item.lines), loc)], locator=loc,
                            label=item.marker.label)
            while stack and item.indent < stack[-1][0] - tolerance:
                stack.pop()
            if stack and abs(item.indent - stack[-1][0]) <= tolerance and stack[-1][1].ordered != item.marker.ordered:
                stack.pop()  # the same level changing kind is a new list beside the old one
            if not stack or item.indent > stack[-1][0] + tolerance:
                lst = List([], item.marker.ordered, item.marker.number if item.marker.ordered else 1, locator=loc)
                if stack and stack[-1][1].items:
                    stack[-1][1].items[-1].blocks.append(lst)
                else:
                    roots.append(lst)
                stack.append((item.indent, lst))
            stack[-1][1].items.append(node)
        return roots

    # --- figures -------------------------------------------------------------------------------

    def _figure(self, block: FigureBlock, composed: Composed):
        loc = self.locator(composed)
        if not self.extract_images:
            self.ctx.report("pdf.images-not-extracted", loc)
            return None
        try:
            found = image_file(block.picture.stream)
        except Exception:  # an image stream that cannot be decoded is reported like one we cannot write
            found = None
        if found is None:
            self.ctx.report("pdf.image-format-unsupported", loc)
            return None
        data, extension, media_type = found
        name = self.ctx.resources.add(data, f"page{composed.page.number}-{block.picture.name}{extension}", media_type)
        if name is None:
            self.ctx.report("pdf.media-limit", loc)
            return None
        return Paragraph([Image(name, "")], locator=loc)

    # --- tables --------------------------------------------------------------------------------

    def _continue(self, block: TableBlock, composed: Composed) -> bool:
        open_ = self.open
        if open_ is None or not (_same_header(block, open_) or _same_columns(block, open_)):
            return False
        header_rows = len(block.grid.header)
        rows = self._rows(block.grid, composed, open_.ordinal, len(open_.rows), skip_header=header_rows)
        open_.rows.extend(rows)
        self.ctx.report("pdf.table-continued", self.locator(composed, table=open_.ordinal),
                        text="\t".join(block.header_key) if header_rows else "")  # the repeated header it drops
        return True

    def _open(self, block: TableBlock, composed: Composed) -> None:
        self.tables += 1
        grid = block.grid
        rows = self._rows(grid, composed, self.tables, 0)
        table = Table([], Columns(count=grid.columns), locator=self.locator(composed, table=self.tables))
        self.open = OpenTable(table, block.header_key, rows, self.tables, grid.lefts)

    def _rows(self, grid: TableGrid, composed: Composed, ordinal: int, first: int, skip_header: int = 0) -> list[Row]:
        rows: list[Row] = []
        if not skip_header:
            for header in grid.header:
                cells = [Cell(inlines(h.pieces, plain_bold=True), col_span=h.col_span, row_span=h.row_span, header=True)
                         for h in header]
                rows.append(Row(cells, locator=self.locator(composed, table=ordinal, row=first + len(rows))))
        for grid_row in grid.rows:
            cells = [_cell(values, *grid_row.spans.get(c, (1, 1))) for c, values in enumerate(grid_row.values)
                     if c not in grid_row.covered]
            rows.append(Row(cells, locator=self.locator(composed, table=ordinal, row=first + len(rows))))
        return rows


def _same_header(block: TableBlock, open_: OpenTable) -> bool:
    return bool(block.header_key) and block.header_key == open_.header_key


def _same_columns(block: TableBlock, open_: OpenTable) -> bool:
    """A table opening the next page with no header of its own, its columns where the open
    table's stand: the same table run on (a report that does not repeat its header)."""
    lefts = block.grid.lefts
    return (not block.grid.header and len(lefts) == len(open_.lefts) > 1
            and all(abs(a - b) <= CONTINUED_COLUMNS for a, b in zip(lefts, open_.lefts)))


def _cell(pieces: list, col_span: int = 1, row_span: int = 1):
    nodes = inlines(pieces)
    if col_span > 1 or row_span > 1:
        return Cell(nodes, col_span=col_span, row_span=row_span)
    if not nodes:
        return ""
    if len(nodes) == 1 and isinstance(nodes[0], Text):
        return nodes[0].text
    return Cell(nodes)


# Degenerate geometry (a zero-width page, glyphs a millionth of a point wide) must not turn into
# millions of spaces or blank lines: no listing is indented or spaced this far.
_MAX_INDENT = 256
_MAX_BLANKS = 100


def _times(distance: float, unit: float, most: int) -> int:
    """How many ``unit`` fit in ``distance``, rounded, within 0..most (0 for a unit of 0 or NaN)."""
    if not unit > 0:
        return 0
    n = distance / unit
    if n > most:
        return most
    return round(n) if n >= 0 else 0
