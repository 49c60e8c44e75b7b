"""Tables: columns from w:tblGrid, rows placed on the grid (gridBefore, gridSpan), vertical merges
folded into the cell that starts them, leading w:tblHeader rows as header rows, nested tables.

Rows leave as soon as no open vertical merge still needs them: a merge's row span is known only
when a row below stops continuing it, so a row waits while a merge it starts is open, and no longer.
"""

from __future__ import annotations

from collections import deque

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import BLOCK_TYPES, Cell, Columns, Paragraph, Row, Table, Text

from .namespaces import W
from .revisions import CHANGES, FORMAT_CHANGES, formatting_change, formatting_changes, kept

_TR, _TC, _TRPR, _TCPR = W + "tr", W + "tc", W + "trPr", W + "tcPr"
_VAL = W + "val"
_GRID_BEFORE, _TBL_HEADER, _GRID_SPAN, _VMERGE = W + "gridBefore", W + "tblHeader", W + "gridSpan", W + "vMerge"
_ROW_CHANGES = (W + "del", W + "ins")
_TBLPR, _TBLGRID, _GRIDCOL, _TBLLOOK = W + "tblPr", W + "tblGrid", W + "gridCol", W + "tblLook"
_AUTHOR = W + "author"
_ROW_WRAPPERS = frozenset((W + "sdt", W + "sdtContent", W + "customXml", W + "ins", W + "moveTo"))
_OFF = ("0", "false", "off")


class TableReader:
    def __init__(self, blocks) -> None:
        self.blocks = blocks
        self.st = blocks.st

    def table(self, tbl) -> Table:
        """A whole table from its element, rows materialised (nested tables, tables in cells or controls)."""
        table, rows = self.begin(tbl)
        built: list[Row] = []
        for tr in row_elements(tbl):
            built.extend(rows.row(tr))
        built.extend(rows.finish())
        table.rows = built
        return table

    def read_blocks(self, tbl) -> list:
        """A table as blocks: the table, or the content of a one-cell table (a frame, not data)."""
        table = self.table(tbl)
        content = frame_content(table.rows)
        return [table] if content is None else content

    def begin(self, tbl) -> tuple[Table, RowBuilder]:
        """The Table (rows still to come) and the builder its rows go through."""
        st = self.st
        st.tables += 1
        # _child rather than find: lxml's ElementPath costs tens of thousands of instructions a call
        grid = _child(tbl, _TBLGRID)
        count = sum(1 for col in grid if col.tag == _GRIDCOL) if grid is not None else 0
        for props in (_child(tbl, _TBLPR), grid):
            if props is not None:
                formatting_changes(st, props)
        locator = Locator(table=st.tables, paragraph=st.paragraph + 1 if st.counting else None,
                          rendered_page=st.page if st.paged else None, part=None if st.in_body else st.part)
        table = Table(rows=[], columns=Columns(count=count or None), locator=locator)
        return table, RowBuilder(self, st.tables, _first_row_is_header(tbl))


def frame_content(rows: list[Row]) -> list | None:
    """The blocks of a table of one row of one cell, or None for a real table.

    Word users draw a box around text with a one-cell table; it holds no tabular data, and a
    one-cell pipe table would flatten its lists and paragraphs into one line.
    """
    if len(rows) != 1 or len(rows[0].cells) != 1:
        return None
    cell = rows[0].cells[0]
    if isinstance(cell, str):
        return [Paragraph([Text(cell)])] if cell.strip() else []
    if cell.col_span != 1 or cell.row_span != 1:
        return None
    return _as_blocks(cell.content)


def _first_row_is_header(tbl) -> bool:
    """Word's "Header Row" table option (w:tblLook firstRow, or bit 0x0020 of its older hex value)."""
    pr = _child(tbl, _TBLPR)
    look = _child(pr, _TBLLOOK) if pr is not None else None
    if look is None:
        return False
    first = look.get(W + "firstRow")
    if first is not None:
        return first.lower() in ("1", "true", "on")
    try:
        return bool(int(look.get(_VAL) or "0", 16) & 0x0020)
    except ValueError:
        return False


def row_elements(tbl):
    """The w:tr of a table in order, through the controls and custom XML that may wrap them."""
    for child in tbl:
        if child.tag == _TR:
            yield child
        elif child.tag in _ROW_WRAPPERS:
            yield from row_elements(child)


class RowBuilder:
    def __init__(self, reader: TableReader, ordinal: int, first_row_header: bool = False) -> None:
        self.reader = reader
        self.first_row_header = first_row_header
        self.st = reader.st
        self.ordinal = ordinal
        self.index = 0
        self.in_header = True
        self._pending: deque[tuple[int, Row]] = deque()
        self._open: dict[int, tuple[Cell, int]] = {}   # grid column -> (merge origin, its row's sequence)
        self._seq = 0

    def row(self, tr) -> list[Row]:
        """Read one w:tr; return the rows that can leave now."""
        st = self.st
        before = 0
        header = False
        trpr, tcs = _row_parts(tr)
        if trpr is not None:
            for prop in trpr:
                tag = prop.tag
                if tag == _GRID_BEFORE:
                    before = _int(prop.get(_VAL))
                elif tag == _TBL_HEADER:
                    header = (prop.get(_VAL) or "on").lower() not in _OFF
                elif tag in _ROW_CHANGES:
                    if not kept(st, CHANGES[tag], prop.get(_AUTHOR), tr):
                        return []
                elif tag in FORMAT_CHANGES:
                    formatting_change(st, prop)
        header = (header or (self.index == 0 and self.first_row_header)) and self.in_header
        self.in_header = header
        locator = Locator(table=self.ordinal, row=self.index, paragraph=st.paragraph + 1 if st.counting else None,
                          rendered_page=st.page if st.paged else None, part=None if st.in_body else st.part)
        self.index += 1
        seq = self._seq
        self._seq += 1
        cells: list = []
        if before:
            cells.append(Cell([], col_span=before) if before > 1 else "")
        col = before
        still_open: dict[int, tuple[Cell, int]] = {}
        block_reader = self.reader.blocks
        for tc in tcs:
            # a cell's properties come first: tc[0] makes no proxy for the content, which blocks_of makes next
            count = len(tc)
            pr = tc[0] if count else None
            lead = 1 if pr is not None and pr.tag == _TCPR else 0
            if not lead:
                pr = _child(tc, _TCPR)
            span, vmerge = _cell_props(pr, st)
            # one block after the properties, most often a paragraph of one plain run: read without the walk
            text = block_reader.plain_cell(tc[lead]) if count == lead + 1 else None
            if text is not None and vmerge is None:
                # merged with no other: the cell is what _cell makes of that paragraph, made without it
                cells.append(text if span == 1 and not header else
                             Cell([Text(text)] if text else [], col_span=span, header=header))
                col += span
                continue
            if text is not None:
                blocks = block_reader.cell_blocks(text)
            else:
                # pr still held: the walk over the cell's blocks meets it again, and lxml keeps an element's
                # proxy, and the tag it made, only while something holds it
                blocks = block_reader.blocks_of(tc)
            del pr
            origin = self._open.get(col) if vmerge == "continue" else None
            if origin is not None:
                cell, origin_seq = origin
                if cell.row_span == 1:
                    st.report("docx.merged-cells-degraded")
                cell.row_span += 1
                if blocks:
                    cell.content = _as_blocks(cell.content) + blocks
                still_open[col] = origin
            else:
                cell = _cell(blocks, span, header, force=vmerge == "restart")
                if vmerge == "restart":
                    still_open[col] = (cell, seq)
                cells.append(cell)
            col += span
        self._open = still_open
        self._pending.append((seq, Row(cells, locator=locator)))
        return self._flush()

    def _flush(self) -> list[Row]:
        oldest = min((s for _, s in self._open.values()), default=None)
        ready = []
        while self._pending and (oldest is None or self._pending[0][0] < oldest):
            ready.append(self._pending.popleft()[1])
        return ready

    def finish(self) -> list[Row]:
        self._open = {}
        return self._flush()


def _row_parts(tr) -> tuple:
    """A row's w:trPr (the first, as ``_child`` finds it) and its w:tc in order (as ``_cells`` gives them), in
    one pass over its children: each cell's proxy made once and held while the row is read."""
    trpr = None
    cells = []
    for child in tr:
        tag = child.tag
        if tag == _TC:
            cells.append(child)
        elif tag == _TRPR:
            if trpr is None:
                trpr = child
        elif tag in _ROW_WRAPPERS:
            cells.extend(_cells(child))
    return trpr, cells


def _cells(tr):
    for child in tr:
        if child.tag == _TC:
            yield child
        elif child.tag in _ROW_WRAPPERS:
            yield from _cells(child)


def _cell_props(pr, st) -> tuple[int, str | None]:
    """(grid span, vertical merge) of a cell's w:tcPr (None: a plain cell)."""
    span, vmerge = 1, None
    if pr is not None:
        for prop in pr:
            tag = prop.tag
            if tag == _GRID_SPAN:
                span = max(1, min(_int(prop.get(_VAL)) or 1, 1000))
            elif tag == _VMERGE:
                vmerge = prop.get(_VAL) or "continue"
            elif tag in FORMAT_CHANGES:
                formatting_change(st, prop)
    return span, vmerge


def _cell(blocks: list, span: int, header: bool, force: bool = False):
    if len(blocks) == 1 and type(blocks[0]) is Paragraph and not blocks[0].facets:
        content = blocks[0].children
    else:
        content = blocks
    if span == 1 and not header and not force:
        if not content:
            return ""
        if len(content) == 1 and type(content[0]) is Text:
            return content[0].text
    return Cell(content, col_span=span, header=header)


def _as_blocks(content) -> list:
    if isinstance(content, str):
        return [Paragraph([Text(content)])] if content else []
    if content and not isinstance(content[0], BLOCK_TYPES):
        return [Paragraph(list(content))]
    return list(content)


def _child(el, tag: str):
    """``el.find(tag)`` without lxml's ElementPath, which costs more than a walk to the first child: for
    every row and every cell."""
    for node in el:
        if node.tag == tag:
            return node
    return None


def _int(value: str | None) -> int:
    try:
        return max(0, min(int(value), 1000)) if value is not None else 0
    except ValueError:
        return 0
