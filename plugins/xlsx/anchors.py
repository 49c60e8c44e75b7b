"""Comment notes anchored to a sheet's cells, shared by the XLSX and ODS readers.

Every comment is carried: its note goes to ``ctx.notes`` before the sheet's first row, in row then
column order. Its ``NoteRef`` goes at the end of its cell's content when the cell is inside the table:
from the table's first column to the sheet's last column, within ``--max-cols``, on a row between the
first and the last row the sheet hands over (an empty cell there gets a Cell holding only the mark; an
empty row, a row of its own). Elsewhere (left of the table, past its last column or a cap, under a
merged cell's span) the note is carried without a reference. A comment on a column or a row that
``--hidden skip`` leaves out is left out too, and reported under the dropped code.

Only a sheet with comments pays for this: its rows pass through :meth:`CellNotes.rows`, which compares
each row's index with the next commented row, and touches the cells of a commented row only. The
sheet's last column is asked for (``last_col``, which may cost a pass over the sheet) only when a
comment sits on an empty cell right of every cell met so far.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator

from zenconv.ir.locator import Locator, column_letters
from zenconv.ir.nodes import Cell, Note, NoteRef, Text
from zenconv.ir.walk import plain_text

from .grid import Grid
from .values import ValueList

_UNASKED = object()


def note_id(ordinal: int, row: int, col: int, taken: dict[str, int]) -> str:
    """``comment-<sheet>-<cell>``: ``comment-1-F7``; a second comment on one cell gets ``-2``.

    ``taken`` counts the comments given each cell's id so far (a count, not a search: a hostile sheet
    may put a hundred thousand comments on one cell). A base never ends in ``-<n>``, so no two collide.
    """
    base = f"comment-{ordinal}-{column_letters(col + 1)}{row + 1}"
    copy = taken[base] = taken.get(base, 0) + 1
    return base if copy == 1 else f"{base}-{copy}"


def marked(value, refs: list[NoteRef]) -> Cell:
    """A cell's value with the comments' marks after its content."""
    if isinstance(value, Cell):
        return Cell([*value.content, *refs], value.col_span, value.row_span, value.header)
    return Cell([Text(value), *refs] if value else list(refs))


class CellNotes:
    """One sheet's comment notes: carried at once, their marks put into the rows as they stream by."""

    def __init__(self, grid: Grid, ctx, dropped_code: str, last_col: Callable[[], int | None]) -> None:
        """``last_col``: the sheet's last column holding a cell (None when it cannot be known)."""
        self.grid = grid
        self.ctx = ctx
        self.dropped_code = dropped_code
        self.by_row: dict[int, list[tuple[int, Note]]] = {}
        self._last_col = last_col
        self._widest = -1  # the last column holding a value in the rows met so far
        self._bound: int | None | object = _UNASKED  # the sheet's last column, once asked for

    def carry(self, anchored: Iterable[tuple[int, int, Note]]) -> None:
        """Append each note to ``ctx.notes`` (``anchored`` sorted by row and column) and keep the marks
        whose column is in the table."""
        grid = self.grid
        skipped: list[Note] = []
        for row, col, note in anchored:
            position = grid.position(col)
            if position == grid.HIDDEN:
                skipped.append(note)
                continue
            self.ctx.notes.append(note)
            if 0 <= position < grid.max_cols:
                self.by_row.setdefault(row, []).append((col, note))
        if skipped:
            self._report(skipped, "comments on hidden columns skipped under --hidden skip")

    def rows(self, source: Iterable[tuple[int, bool, list[int], list]]) -> Iterator[tuple[int, bool, list[int], list]]:
        """``source`` with the marks in their cells, and a row for each commented empty row between two rows."""
        if not self.by_row:
            yield from source
            return
        pending = sorted(self.by_row, reverse=True)  # popped from the end: ascending
        started = False
        gone: dict[int, Note] = {}  # the notes of hidden rows skipped under --hidden skip, by id()
        try:
            for index, hidden, cols, values in source:
                if cols and cols[-1] > self._widest:
                    self._widest = cols[-1]
                while pending and pending[-1] < index:
                    empty = pending.pop()
                    if started:
                        yield (empty, False, *self._marked(self.by_row[empty], [], []))
                started = True
                if pending and pending[-1] == index:
                    entries = self.by_row[pending.pop()]
                    if hidden and self.grid.plan.skip_hidden:
                        gone.update((id(note), note) for _, note in entries)
                    else:
                        cols, values = self._marked(entries, cols, values)
                yield index, hidden, cols, values
        finally:
            if gone:  # withdrawn once, however many hidden rows had comments
                self.ctx.notes[:] = [note for note in self.ctx.notes if id(note) not in gone]
                self._report(list(gone.values()), "comments on hidden rows skipped under --hidden skip")

    def _marked(self, entries: list[tuple[int, Note]], cols: list[int], values: list) -> tuple[list[int], list]:
        other = getattr(values, "other", None)
        cols, values = list(cols), list(values)  # a repeated ODF row hands its lists to every copy
        if other is not None:
            values = ValueList(values)
            values.other = other
        refs: dict[int, list[NoteRef]] = {}
        for col, note in entries:
            refs.setdefault(col, []).append(NoteRef(note.id))
        for col, marks in refs.items():
            at = bisect_left(cols, col)
            if at < len(cols) and cols[at] == col:
                values[at] = marked(values[at], marks)
            elif col <= self._widest or self._inside(col):
                cols.insert(at, col)
                values.insert(at, marked("", marks))
        return cols, values

    def _inside(self, col: int) -> bool:
        if self._bound is _UNASKED:
            self._bound = self._last_col()
        return self._bound is None or col <= self._bound

    def _report(self, notes: list[Note], detail: str) -> None:
        """One report per note skipped, located at its cell (its blocks' locator), taking its text."""
        plan = self.grid.plan
        sheet = Locator(sheet=plan.ordinal, sheet_name=plan.name)
        for note in notes:
            located = next((block.locator for block in note.blocks if block.locator is not None), sheet)
            self.ctx.report(self.dropped_code, located, detail=detail, text=plain_text(note.blocks) or None)
