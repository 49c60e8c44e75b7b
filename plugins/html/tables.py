"""HTML tables by the HTML table model: cells placed around the rowspans of the rows above, spans
capped, header rows from ``<thead>`` and ``<th>``, a table inside a cell kept among the cell's blocks.

Rows are the ``<tr>`` whose closest table is this one, in document order (``<thead>``, ``<tbody>``,
``<tfoot>`` alike). A cell covered by another cell's span is not in ``Row.cells``: the writers place
cells by the same model, so the spans alone rebuild the grid.
"""

from __future__ import annotations

from collections.abc import Iterator

from zenconv.ir import Cell, Columns, Paragraph, Row, Table, Text

from .tree import HIDDEN, html_int, pieces, tag_of
from .whitespace import collapse, tidy

MAX_SPAN = 1000
_ROW_GROUPS = ("thead", "tbody", "tfoot")


class TableReader:
    def __init__(self, conv, max_rows: int, max_cols: int, span_work: int) -> None:
        self.conv = conv
        self.max_rows = max_rows
        self.max_cols = max_cols
        self.span_work = span_work  # rows × spans still open: the work a table's row spans may cost
        self.count = 0  # tables met so far: the ordinal in locators

    def read(self, el, depth: int) -> Iterator:
        conv = self.conv
        self.count += 1
        ordinal = self.count
        caption = None
        trs: list[tuple] = []
        stray: list = []  # content a browser would move out of the table, before it
        for item in pieces(el):
            if isinstance(item, str):
                if item.strip():
                    stray.append(item)
                continue
            tag = tag_of(item)
            if tag == "tr":  # most rows: the table's own child
                if not conv._skip(item, tag):
                    trs.append((item, False, conv._is_hidden(item)))
            elif tag in _ROW_GROUPS:
                if conv._skip(item, tag):
                    continue
                group_hidden = conv._is_hidden(item)
                for tr in pieces(item):
                    if not isinstance(tr, str) and tag_of(tr) == "tr":
                        if not conv._skip(tr, "tr"):
                            trs.append((tr, tag == "thead", group_hidden or conv._is_hidden(tr)))
                    elif not isinstance(tr, str) or tr.strip():
                        stray.append(tr)
            elif tag == "caption":
                if not conv._skip(item, tag):
                    caption = tidy(conv._inlines_of(item, depth + 1)) or None
            elif tag in ("col", "colgroup"):
                continue
            else:
                stray.append(item)
        rows, width, notes = self._rows(trs, ordinal, depth, stray)
        if stray:
            yield from conv._flow(stray, depth, (), el)
        if not rows:
            if caption:
                yield Paragraph(caption, conv.facets(), conv.locator(el))
            return
        # A table inside a cell is one of the cell's blocks, as in DOCX and ODF: the writers that can nest
        # it do (HTML, JSON); Markdown flattens it into the cell and says so.
        yield Table(rows, Columns(count=width), caption, notes, conv.facets(), conv.locator(el, table=ordinal))

    def _rows(self, trs: list, ordinal: int, depth: int, stray: list) -> tuple[list, int, list]:
        conv = self.conv
        notes: list[str] = []
        if len(trs) > self.max_rows:
            conv.report("table-truncated", trs[self.max_rows][0],
                        detail=f"{len(trs) - self.max_rows} rows past --max-rows")
            notes.append(f"Table cut at {self.max_rows} rows: {len(trs) - self.max_rows} more were not read (--max-rows).")
            trs = trs[: self.max_rows]
        nrows = len(trs)
        live: list[list[int]] = []  # [first column, end column, rows still covered] from rowspans above
        width = 0
        cut_cols = 0
        rows = []
        work = 0
        for r, (tr, in_head, hidden) in enumerate(trs):
            conv.ctx.checkpoint()
            # Rowspans that pile up make each row walk every span still open above it: a table of
            # 100,000 rows each opening a span of 1,000 would take 10^8 steps. Past a budget the rest of
            # the table is cut, visibly, like a table past --max-rows (--max-span-work).
            work += len(live) + 1
            if work > self.span_work:
                conv.report("table-truncated", tr, detail=f"{nrows - r} rows past the span budget")
                notes.append(f"Table cut at {r} rows: its row spans cover more than {self.span_work:,} cells; "
                             f"{nrows - r} more rows were not read (--max-span-work).")
                break
            cells: list = []
            started: list[list[int]] = []
            col = 0
            bi = 0
            for item in pieces(tr):
                tag = None if isinstance(item, str) else tag_of(item)
                if tag not in ("td", "th"):
                    if tag is None and isinstance(item, str):
                        if item.strip():
                            stray.append(item)
                    elif not conv._skip(item, tag):
                        stray.append(item)
                    continue
                if item.keys():
                    conv._check_attributes(item)
                    colspan = self._span(item, "colspan")
                    asked = self._span(item, "rowspan")
                    hidden_cell = conv._is_hidden(item)
                else:  # most cells: no attribute, so no span and nothing hidden
                    colspan = asked = 1
                    hidden_cell = False
                while bi < len(live):  # past the columns that rowspans from above occupy
                    first, end, _ = live[bi]
                    if end <= col:
                        bi += 1
                    elif first <= col:
                        col = end
                        bi += 1
                    else:
                        break
                rowspan = asked
                if asked > nrows - r:
                    rowspan = nrows - r
                    conv.report("table-span-capped", item, detail="rowspan past the last row")
                if bi < len(live) and col + colspan > live[bi][0]:
                    colspan = live[bi][0] - col
                    conv.report("table-span-capped", item, detail="colspan over a cell spanning from above")
                if col + colspan > self.max_cols:
                    if col >= self.max_cols:
                        cut_cols += 1
                        continue
                    colspan = self.max_cols - col
                    cut_cols += 1
                cells.append(self._cell(item, tag, in_head, colspan, rowspan, hidden_cell, depth))
                if rowspan > 1:
                    started.append([col, col + colspan, rowspan - 1])
                col += colspan
            width = max(width, col)
            if live or started:
                live = sorted([[a, b, n - 1] for a, b, n in live if n > 1] + started)
            facets = HIDDEN if (hidden or conv.hidden) else ()
            rows.append(Row(cells, facets, conv.locator(tr, table=ordinal, row=r)))
        if cut_cols:
            conv.report("table-truncated", trs[0][0] if trs else None, count=cut_cols,
                        detail=f"cells past --max-cols {self.max_cols}")
            notes.append(f"Columns past {self.max_cols} were not read (--max-cols).")
        return rows, width, notes

    def _span(self, el, name: str) -> int:
        raw = el.get(name)
        if raw is None:  # most cells
            return 1
        value = html_int(raw)
        if value is None or value < 1:
            return 1
        if value > MAX_SPAN:
            self.conv.report("table-span-capped", el, detail=f"{name}={value}")
            return MAX_SPAN
        return value

    def _cell(self, td, tag: str, in_head: bool, colspan: int, rowspan: int, hidden: bool, depth: int):
        conv = self.conv
        header = in_head or tag == "th"
        if not len(td) and not (hidden or conv.hidden):
            # Text alone, shown (most cells): the inlines of the one paragraph _flow would make.
            text = td.text
            text = collapse(text).strip(" ") if text else ""
            if colspan == 1 and rowspan == 1 and not header:
                return text
            return Cell([Text(text)] if text else [], colspan, rowspan, header)
        if hidden and conv.skip_hidden:
            conv.report("hidden-skipped", td, detail=tag, text="".join(td.itertext()))
            blocks = []
        else:
            conv.in_cell += 1
            conv.hidden += hidden
            try:
                blocks = list(conv._flow(pieces(td), depth + 1, (), td))
            finally:
                conv.in_cell -= 1
                conv.hidden -= hidden
        if not blocks:
            content: list = []
        elif len(blocks) == 1 and isinstance(blocks[0], Paragraph) and not blocks[0].facets:
            content = blocks[0].children
        else:
            content = blocks
        if colspan == 1 and rowspan == 1 and not header:
            if not content:
                return ""
            if len(content) == 1 and type(content[0]) is Text:
                return content[0].text
        return Cell(content, colspan, rowspan, header)
