"""Cells placed on the table grid by the HTML table model, for writers that cannot express spans.

A Row lists only the cells that start in it; a cell covered by an earlier ``row_span`` is absent. Each
row is laid out by skipping the columns earlier row spans still occupy, then placing each cell and the
``col_span - 1`` columns it covers. Covered positions come back as :data:`COVERED`. A span is capped
at :data:`MAX_SPAN`, and below 1 counts as 1, as the reference table reader does.
"""

from __future__ import annotations

from ..ir.locator import Locator

MAX_SPAN = 1000


class _Covered:
    __slots__ = ()

    def __repr__(self) -> str:
        return "COVERED"


COVERED = _Covered()


def spans_of(cell) -> tuple[int, int]:
    if isinstance(cell, str):
        return 1, 1
    return min(max(cell.col_span, 1), MAX_SPAN), min(max(cell.row_span, 1), MAX_SPAN)


class SpanGrid:
    """Lays rows out one at a time; remembers only how long each column stays covered."""

    def __init__(self) -> None:
        self._pending: list[int] = []  # per column: rows still covered after the current one
        self._origins: list = []  # per column: the cell whose row span covers it
        self.active = False  # whether an earlier row span still covers a later row

    def place(self, cells: list) -> tuple[list, int]:
        """The row as grid slots (cells, COVERED for covered positions) and how many cells span."""
        if not self.active:
            for cell in cells:
                if type(cell) is not str and (cell.col_span != 1 or cell.row_span != 1):
                    break
            else:
                return cells, 0
        pending = self._pending
        covered_now = [p > 0 for p in pending]
        for i, p in enumerate(pending):
            if p:
                pending[i] = p - 1
        slots: list = []
        spanning = 0
        col = 0
        for cell in cells:
            while col < len(covered_now) and covered_now[col]:
                slots.append(COVERED)
                col += 1
            cols, rows = spans_of(cell)
            if cols > 1 or rows > 1:
                spanning += 1
            slots.append(cell)
            slots.extend([COVERED] * (cols - 1))
            if rows > 1:
                if len(pending) < col + cols:
                    pending.extend([0] * (col + cols - len(pending)))
                    self._origins.extend([None] * (col + cols - len(self._origins)))
                for c in range(col, col + cols):
                    if rows - 1 >= pending[c]:
                        self._origins[c] = cell
                    pending[c] = max(pending[c], rows - 1)
            col += cols
        last_covered = max((i for i, flag in enumerate(covered_now) if flag), default=-1)
        while col <= last_covered:
            slots.append(COVERED if covered_now[col] else "")
            col += 1
        self.active = any(pending)
        return slots, spanning


def filled(slots: list, grid: SpanGrid) -> list:
    """The slots of the row ``grid`` placed last with each covered one holding the cell that covers it
    (``--fill-merged``): a brand merged down its models reads on every row."""
    out: list = []
    origins = grid._origins
    for column, slot in enumerate(slots):
        if slot is COVERED:
            origin = out[-1] if out and _spans_here(out, column) else (origins[column] if column < len(origins) else None)
            slot = origin if origin is not None else ""
        out.append(slot)
    return out


def _spans_here(out: list, column: int) -> bool:
    """Whether a cell to the left in this row spans across ``column``."""
    for start in range(column - 1, -1, -1):
        cell = out[start]
        if type(cell) is str:
            return False
        if cell is not COVERED:
            return start + spans_of(cell)[0] > column
    return False


def cell_locator(row: Locator | None, column: int, specs) -> Locator | None:
    """The locator of the cell at ``column`` of a row: named by the column's spec when the table gives
    one (the last spec's, shifted, past them), else counted from the row's first cell."""
    if row is None or row.cell is None:
        return row
    if specs and specs[-1].locator is not None:
        if column < len(specs):
            return row.in_column(0, specs[column].locator)
        return row.in_column(column - len(specs) + 1, specs[-1].locator)
    return row.in_column(column)
