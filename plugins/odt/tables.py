"""``table:table`` to a Table: header rows, spans, covered cells left out, repeats bounded.

ODF states a span on the cell that starts it (``number-columns-spanned``, ``number-rows-spanned``)
and writes a ``table:covered-table-cell`` for every grid position it covers: those are left out of
``Row.cells``, as the IR's HTML table model wants. A repeated row or cell is expanded, up to the
caps: a few bytes of XML may not stand for a billion cells.
"""

from __future__ import annotations

import dataclasses

from zenconv.ir import Cell, Columns, Locator, Row, Table, Text

from .names import TABLE, TEXT
from .plugin import TABLE_COLS, TABLE_ROWS

_MAX_SPAN = 1 << 14
_ROW, _CELL, _COVERED = f"{TABLE}table-row", f"{TABLE}table-cell", f"{TABLE}covered-table-cell"
_ROWS_REPEATED, _COLS_REPEATED = f"{TABLE}number-rows-repeated", f"{TABLE}number-columns-repeated"
_ROWS_SPANNED, _COLS_SPANNED = f"{TABLE}number-rows-spanned", f"{TABLE}number-columns-spanned"


def read_table(el, reader) -> Table:
    state = reader.s
    state.tables += 1
    locator = state.locator(table=state.tables)
    max_rows = state.ctx.options.get(TABLE_ROWS.key, TABLE_ROWS.default)
    max_cols = state.ctx.options.get(TABLE_COLS.key, TABLE_COLS.default)
    width = _columns(el, max_cols)
    rows: list[Row] = []
    row_locator = _row_locators(locator)
    cut = False
    for row_el, header in _rows(el, False, state):
        state.ctx.checkpoint()
        cells, row_cut = _cells(row_el, reader, header, max_cols)
        cut = cut or row_cut
        repeat = _count(row_el.get(_ROWS_REPEATED))
        if repeat > 1 and all(c == "" for c in cells):
            repeat = 1  # a run of empty rows is padding, not content
        for _ in range(repeat):
            if len(rows) >= max_rows:
                cut = True
                break
            rows.append(Row(list(cells), locator=row_locator(len(rows))))
    table = Table(rows, columns=Columns(count=min(width, max_cols) or None), locator=locator)
    if cut:
        state.report("table-truncated")
        table.notes.append(f"Table truncated: at most {max_rows} rows and {max_cols} columns are read.")
    return table


def _row_locators(locator: Locator | None):
    """``row -> locator.with_(row=row)``, the table's fields copied once, not at every row."""
    if locator is None:
        return lambda row: None
    fields = {f.name: value for f in dataclasses.fields(Locator) if (value := getattr(locator, f.name)) is not None}
    fields.pop("row", None)
    return lambda row: Locator(**fields, row=row)


def _columns(el, max_cols: int) -> int:
    """The columns a table declares (its own, not those of tables nested in its cells)."""
    width = 0
    for child in el:
        if child.tag == f"{TABLE}table-column":
            width += _count(child.get(_COLS_REPEATED))
        elif child.tag in (f"{TABLE}table-columns", f"{TABLE}table-header-columns", f"{TABLE}table-column-group"):
            width += _columns(child, max_cols)
        if width > max_cols:
            break
    return width


def _count(value: str | None) -> int:
    return int(value) if value and value.isdigit() and int(value) > 0 else 1


def _span(value: str | None) -> int:
    return min(_count(value), _MAX_SPAN)


def _rows(el, header: bool, state):
    for child in el:
        tag = child.tag
        if tag == _ROW:
            yield child, header
        elif tag == f"{TABLE}table-header-rows":
            yield from _rows(child, True, state)
        elif tag in (f"{TABLE}table-rows", f"{TABLE}table-row-group"):
            yield from _rows(child, header, state)
        elif tag == f"{TEXT}soft-page-break":
            state.page += 1


def _cells(row_el, reader, header: bool, max_cols: int) -> tuple[list, bool]:
    cells: list = []
    columns = 0
    for child in row_el[:]:  # a slice: the children in one C call
        tag = child.tag
        if tag == _COVERED:
            columns += _count(child.get(_COLS_REPEATED))
            continue
        if tag != _CELL:
            continue
        # Its attributes' names, read once: most cells neither repeat nor span, and asking for an attribute
        # by name costs more than listing the few a cell has.
        names = child.keys()
        repeat = _count(child.get(_COLS_REPEATED)) if _COLS_REPEATED in names else 1
        cell = _cell(child, reader, header, names)
        if repeat > 1 and cell == "":
            # Trailing padding cells repeat by the thousand; keep no more of them than the table has.
            repeat = min(repeat, max(1, max_cols - columns))
        for _ in range(repeat):
            if columns >= max_cols:
                return cells, True
            cells.append(cell)
            columns += 1
    return cells, False


def _cell(el, reader, header: bool, names: list[str]):
    content = reader.cell_content(el)
    col_span = _span(el.get(_COLS_SPANNED)) if _COLS_SPANNED in names else 1
    row_span = _span(el.get(_ROWS_SPANNED)) if _ROWS_SPANNED in names else 1
    if not header and col_span == 1 and row_span == 1:
        if not content:
            return ""
        if len(content) == 1 and isinstance(content[0], Text):
            return content[0].text
    return Cell(content, col_span=col_span, row_span=row_span, header=header)
