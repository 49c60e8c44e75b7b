"""Native DrawingML tables: ``a:tbl`` to a Table with its merges as spans.

``gridSpan`` and ``rowSpan`` sit on the cell that starts a merged range; the cells the range covers
carry ``hMerge``/``vMerge`` and are left out of ``Row.cells``, as the IR's HTML table model wants.
A table whose ``tblPr`` sets ``firstRow`` has a header row.
"""

from __future__ import annotations

from zenconv.ir import Cell, Columns, Row, Table, Text

from .package import NS, child
from .text import ListStyles, TextReader, blocks_of

_A = f"{{{NS['a']}}}"
# A row's and a cell's children by tag, not by ElementPath, which costs more for every cell.
_TR, _TC, _TXBODY = f"{_A}tr", f"{_A}tc", f"{_A}txBody"
_MAX_SPAN = 1 << 14


def read_table(tbl, text: TextReader, locator, other_style) -> Table:
    grid = tbl.find(f"{_A}tblGrid")
    width = len(grid.findall(f"{_A}gridCol")) if grid is not None else None
    tbl_pr = tbl.find(f"{_A}tblPr")
    header_rows = 1 if tbl_pr is not None and tbl_pr.get("firstRow") in ("1", "true") else 0
    styles = ListStyles((other_style,))  # every cell's paragraphs inherit the master's other style
    rows = []
    for index, tr in enumerate(tbl.iterchildren(_TR)):
        cells: list = []
        for tc in tr.iterchildren(_TC):
            if tc.get("hMerge") in ("1", "true") or tc.get("vMerge") in ("1", "true"):
                continue
            cells.append(_cell(tc, text, locator, styles, header=index < header_rows))
        rows.append(Row(cells, locator=locator.with_(row=index)))
    return Table(rows, columns=Columns(count=width), locator=locator)


def _span(value: str | None) -> int:
    try:
        return max(1, min(_MAX_SPAN, int(value))) if value is not None else 1
    except ValueError:
        return 1


def _cell(tc, text: TextReader, locator, styles: ListStyles, *, header: bool):
    paras = text.paragraphs(child(tc, _TXBODY), styles)
    col_span, row_span = _span(tc.get("gridSpan")), _span(tc.get("rowSpan"))
    if len(paras) == 1 and paras[0].bullet is None:
        content = paras[0].inlines
    else:
        content = blocks_of(paras, None)
    if not header and col_span == 1 and row_span == 1 and _plain(content):
        return content[0].text if content else ""
    return Cell(content, col_span=col_span, row_span=row_span, header=header)


def _plain(content: list) -> bool:
    return not content or (len(content) == 1 and isinstance(content[0], Text))
