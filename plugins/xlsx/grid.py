"""From a sheet's cell values to the IR's table rows: spans, hidden content, caps, citations.

Shared by the XLSX and ODS readers, which both hand over rows as ``(row index, hidden, columns,
values)`` with only the cells that hold a value, columns ascending.

The decisions, recorded in docs/formats/xlsx.md:
- The table starts at the sheet's first used column; each row's locator holds its real 0-based
  index and the reference of the table's first column in that row (``A247``), so rows keep their
  numbers.
- An empty row is not written (its index is simply skipped), unless a merged cell above covers it:
  then it is written, empty, so the spans of the HTML table model stay right.
- A merged range becomes one Cell with ``col_span``/``row_span`` at its top-left (first visible)
  position, holding the top-left value; the cells it covers are left out of ``cells``.
- Caps never hide truncation: the rows before the cap are kept, the table gains a visible note, the
  sheet is named in ``ctx.flags["truncated_sheets"]`` and ``<ns>.sheet-truncated`` is reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import field

from zenconv.ir.facets import CellValuesFacet, HiddenFacet
from zenconv.ir.locator import Locator, column_letters
from zenconv.ir.nodes import Cell, Columns, ColumnSpec, Link, NoteRef, Row, Table, Text
from zenconv.ir.walk import cell_text
from zenconv.records import dataclass

HIDDEN_ROW = (HiddenFacet("hidden-row"),)
HIDDEN_COLUMN = (HiddenFacet("hidden-column"),)
_OFF_LEFT = -2
_HIDDEN = -1


class _CapReached(Exception):
    """A cap stops the sheet: the rows before it are written, the note is on the table."""


CELL_CHARS = 32_767  # Excel's own limit on a cell's text
ROW_CHARS = 16  # what a written row costs against the character cap besides its text


class Budget:
    """The per-workbook caps, spent by every sheet in turn: cells (``--max-cells``) and characters.

    The character cap is ``--max-expansion`` characters per byte of source, at least 1 MiB: shared
    strings (and ODF repeats) let a 100 KB file reference one megabyte-long string ten thousand times.
    Every row written also costs ``ROW_CHARS``: a merge over a million empty rows, or an ODF row of one
    short value repeated a million times, is a few hundred bytes that every writer would turn into a
    million rows of output.
    """

    def __init__(self, limit: int, text_limit: int | None = None) -> None:
        self.limit = limit
        self.used = 0
        self.text_limit = text_limit if text_limit is not None else 1 << 62
        self.text_used = 0

    @classmethod
    def for_source(cls, source, options) -> Budget:
        return cls(options["max_cells"], max(1 << 20, options["max_expansion"] * source.size))


@dataclass(slots=True)
class SheetPlan:
    """What must be known about a sheet before its first row. Columns and rows are 0-based."""

    ordinal: int
    name: str
    first_col: int = 0
    skip_hidden: bool = False
    hidden_cols: list[tuple[int, int]] = field(default_factory=list)  # inclusive ranges
    last_col: int = -1  # the last column holding a cell, when known (-1: unknown)
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)  # r1, c1, r2, c2 inclusive
    links: dict[tuple[int, int], str] = field(default_factory=dict)
    link_ranges: list[tuple[int, int, int, int, str]] = field(default_factory=list)


@dataclass(slots=True)
class _Merge:
    r1: int
    r2: int
    c1: int   # the top-left column: where the value is
    p1: int   # first and last table position it covers
    p2: int


class Grid:
    """Turns one sheet's rows into IR rows; build one per sheet, then iterate :meth:`rows`."""

    HIDDEN = _HIDDEN  # the position of a column skipped under --hidden skip

    def __init__(self, plan: SheetPlan, ctx, table: Table, *, max_rows: int, max_cols: int, budget: Budget) -> None:
        self.plan = plan
        self.ctx = ctx
        self.table = table
        self.max_rows = max_rows
        self.max_cols = max_cols
        self.budget = budget
        self.counts: Counter = Counter()
        # the text of what --hidden skip leaves out, by report code suffix, for the reports to take
        # (bounded like the text written: a hidden sheet of repeats costs no more than a shown one)
        self.skipped: dict[str, list[str]] = {"hidden-row-dropped": [], "hidden-column-dropped": []}
        self._skipped_chars = 0
        self.emitted = 0
        self._cols_cut = False
        self._map, self._hidden_total = self._column_map()
        self._first_letter = column_letters(self._first_visible() + 1)
        self._pending = sorted(plan.merges, reverse=True)  # popped from the end: ascending start rows
        self._active: list[_Merge] = []
        self._reach = -1  # the last row an active merge covers
        self._plain = not (plan.links or plan.link_ranges or self._map is not None)
        self._column_letters: dict[int, str] = {}  # a column's letters, for the cells a values facet names

    # --- columns ---------------------------------------------------------------------------------

    def _column_map(self) -> tuple[list[int] | None, int]:
        """Table position per column offset when hidden columns are skipped (-1 for a hidden one)."""
        plan = self.plan
        if not (plan.skip_hidden and plan.hidden_cols):
            return None, 0
        end = max(b for _, b in plan.hidden_cols) - plan.first_col + 1
        if end <= 0:
            return None, 0
        hidden = bytearray(end)
        for a, b in plan.hidden_cols:
            lo, hi = max(a - plan.first_col, 0), b - plan.first_col + 1
            if lo < hi:
                hidden[lo:hi] = b"\x01" * (hi - lo)
        mapping, position = [], 0
        for flag in hidden:
            mapping.append(_HIDDEN if flag else position)
            position += not flag
        return mapping, end - position

    def _first_visible(self) -> int:
        offset = 0
        while self._map is not None and offset < len(self._map) and self._map[offset] == _HIDDEN:
            offset += 1
        return self.plan.first_col + offset

    def position(self, col: int) -> int:
        """The table position of a sheet column: negative left of the table (``HIDDEN`` for a column
        skipped under --hidden skip), ``max_cols`` or more past the cap."""
        offset = col - self.plan.first_col
        if offset < 0:
            return _OFF_LEFT
        mapping = self._map
        if mapping is None:
            return offset
        return mapping[offset] if offset < len(mapping) else offset - self._hidden_total

    def _letters_at(self, position: int) -> str:
        """The letters of the sheet column at a table position (the inverse of :meth:`position`): a cut
        cell is located at its own cell, past skipped hidden columns too. Rare (a cell past Excel's own
        limit), so the mapping is searched, not kept inverted."""
        offset = position
        if self._map is not None:
            kept = [at for at, placed in enumerate(self._map) if placed != _HIDDEN]
            offset = kept[position] if position < len(kept) else len(self._map) + position - len(kept)
        return column_letters(self.plan.first_col + offset + 1)

    def columns(self) -> Columns:
        """Column specs marking hidden columns (kept mode), up to the last one that holds data."""
        plan = self.plan
        if self._map is not None:  # columns skipped: the columns left name their letters, for the cells' locators
            kept = [offset for offset, position in enumerate(self._map) if position != _HIDDEN] + [len(self._map)]
            return Columns(specs=[ColumnSpec(locator=Locator(cell=column_letters(plan.first_col + offset + 1)))
                                  for offset in kept])
        if plan.skip_hidden or not plan.hidden_cols:
            return Columns()
        last = min(plan.last_col if plan.last_col >= 0 else max(b for _, b in plan.hidden_cols),
                   plan.first_col + self.max_cols - 1)
        hidden = [(a, b) for a, b in plan.hidden_cols if a <= last and b >= plan.first_col]
        if not hidden:
            return Columns()
        end = min(last, max(b for _, b in hidden))
        specs = [ColumnSpec() for _ in range(end - plan.first_col + 1)]
        for a, b in hidden:
            for col in range(max(a, plan.first_col), min(b, end) + 1):
                specs[col - plan.first_col] = ColumnSpec(facets=HIDDEN_COLUMN)
        return Columns(specs=specs)

    # --- rows ------------------------------------------------------------------------------------

    def rows(self, source: Iterable[tuple[int, bool, list[int], list]]) -> Iterator[Row]:
        try:
            yield from self._rows(source)
        finally:
            self._report_counts()

    def _rows(self, source: Iterable[tuple[int, bool, list[int], list]]) -> Iterator[Row]:
        prev = -1
        try:
            for index, hidden, cols, values in source:
                if index <= prev:
                    self.counts["bad-reference"] += 1
                    continue
                yield from self._covered_gap(prev, index)
                prev = index
                if hidden and self.plan.skip_hidden:
                    self.counts["hidden-row-dropped"] += bool(values)
                    self._skip("hidden-row-dropped", values)
                    self._drop_merges_at(index)
                    cols, values, hidden = [], [], False
                if not values and index > self._reach:
                    self._drop_merges_at(index)
                    continue
                row = self._emit(index, hidden, cols, values)
                if row is not None:
                    yield row
            yield from self._covered_gap(prev, 1 << 62)
        except _CapReached:
            return

    def _covered_gap(self, prev: int, index: int) -> Iterator[Row]:
        """The empty rows between ``prev`` and ``index`` that a merged cell above covers."""
        while prev + 1 < index and prev + 1 <= self._reach:
            prev += 1
            row = self._emit(prev, False, [], [])
            if row is not None:
                yield row

    def _report_counts(self) -> None:
        where = Locator(sheet=self.plan.ordinal, sheet_name=self.plan.name)
        ns = self.ctx.namespace
        for key, detail in (("hidden-row-dropped", None), ("merged-cell-values-dropped", None),
                            ("bad-reference", "a row whose number repeats or precedes an earlier row's"),
                            ("unhandled-construct", "cells left of the table's first column")):
            if self.counts[key]:
                self.ctx.report(f"{ns}.{key}", where, count=self.counts[key], detail=detail,
                                text="\n".join(self.skipped.get(key, ())) or None)

    def _skip(self, key: str, values) -> None:
        for value in values:
            text = value if isinstance(value, str) else cell_text(value)
            if text and self._skipped_chars + len(text) <= self.budget.text_limit:
                self._skipped_chars += len(text)
                self.skipped[key].append(text)

    def _drop_merges_at(self, index: int) -> None:
        while self._pending and self._pending[-1][0] <= index:
            self._pending.pop()

    def _emit(self, index: int, hidden: bool, cols: list[int], values: list) -> Row | None:
        """The Row for ``index``, or None when nothing of it is in the table; raises _CapReached at a cap."""
        self._advance_merges(index)
        if self._plain and not self._active and cols and cols[0] >= self.plan.first_col \
                and cols[-1] - self.plan.first_col < self.max_cols:
            cells = self._plain_cells(cols, values)
            cost = len(cells)
        else:
            cells, cost = self._cells(index, cols, values)
            if not cells and not self._active:
                return None
        if self.emitted >= self.max_rows:
            self._truncate(index, "rows")
        budget = self.budget
        if budget.used + cost > budget.limit:
            self._truncate(index, "cells")
        try:
            chars = sum(map(len, cells))
        except TypeError:  # a Cell among the strings
            chars = sum(len(c) if isinstance(c, str) else len(cell_text(c)) for c in cells)
        if chars > CELL_CHARS:
            cells, chars = self._long_cells(index, cells)
        if budget.text_used + chars + ROW_CHARS > budget.text_limit:
            self._truncate(index, "text")
        budget.used += cost
        budget.text_used += chars + ROW_CHARS
        self.emitted += 1
        locator = Locator(sheet=self.plan.ordinal, sheet_name=self.plan.name, row=index,
                          cell=f"{self._first_letter}{index + 1}")
        facets = HIDDEN_ROW if hidden else ()
        other = getattr(values, "other", None)
        if other:
            facet = self._values_facet(index, other)
            if facet is not None:
                facets = (*facets, facet)
        return Row(cells, facets, locator)

    def _values_facet(self, index: int, other: dict[int, tuple[str, str]]) -> CellValuesFacet | None:
        """The raw and shown values of the row's cells in the table whose two differ."""
        letters, row = self._column_letters, str(index + 1)
        cells, raws, shown = [], [], []
        for col in sorted(other):
            if 0 <= self.position(col) < self.max_cols:
                name = letters.get(col)
                if name is None:
                    name = letters[col] = column_letters(col + 1)
                cells.append(name + row)
                raw, text = other[col]
                raws.append(raw)
                shown.append(text)
        if not cells:
            return None
        return CellValuesFacet(tuple(cells), tuple(raws), tuple(shown))

    def _long_cells(self, index: int, cells: list) -> tuple[list, int]:
        """Cut every cell past Excel's 32,767 characters: no spreadsheet application writes one."""
        kept, chars = [], 0
        for position, cell in enumerate(cells):
            if isinstance(cell, str) and len(cell) > CELL_CHARS:
                cell = cell[:CELL_CHARS]
                self.ctx.report(f"{self.ctx.namespace}.cell-truncated", Locator(
                    sheet=self.plan.ordinal, sheet_name=self.plan.name, row=index,
                    cell=f"{self._letters_at(position)}{index + 1}"))
            kept.append(cell)
            chars += len(cell) if isinstance(cell, str) else len(cell_text(cell))
        return kept, chars

    def _plain_cells(self, cols: list[int], values: list) -> list:
        first = self.plan.first_col
        if cols[0] == first and cols[-1] - first + 1 == len(cols):
            return values
        cells: list = [""] * (cols[-1] - first + 1)
        for col, value in zip(cols, values):
            cells[col - first] = value
        return cells

    def _advance_merges(self, index: int) -> None:
        """Drop merges that ended above ``index``, and open those whose first row is ``index``."""
        changed = False
        if self._active and self._reach >= 0:
            kept = [m for m in self._active if m.r2 >= index]
            changed = len(kept) != len(self._active)
            self._active = kept
        pending = self._pending
        while pending and pending[-1][0] <= index:
            r1, c1, r2, c2 = pending.pop()
            if r1 < index:
                continue  # its first row was never written: its cells read as separate cells
            span = self._span(c1, c2)
            if span is not None:
                self._active.append(_Merge(r1, r2, c1, *span))
                changed = True
        if changed:
            self._reach = max((m.r2 for m in self._active), default=-1)

    def _span(self, c1: int, c2: int) -> tuple[int, int] | None:
        """The first and last table positions a column range covers, or None when none is visible."""
        first = self.plan.first_col
        lo, hi = max(c1, first) - first, c2 - first
        if lo > hi:
            return None
        mapping = self._map
        if mapping is not None:
            visible = [off for off in range(lo, min(hi, len(mapping) - 1) + 1) if mapping[off] >= 0]
            p1 = mapping[visible[0]] if visible else (max(lo, len(mapping)) - self._hidden_total)
            p2 = hi - self._hidden_total if hi >= len(mapping) else (mapping[visible[-1]] if visible else -1)
            lo, hi = p1, p2
            if hi < lo:
                return None
        hi = min(hi, self.max_cols - 1)
        return (lo, hi) if lo <= hi else None

    def _cells(self, index: int, cols: list[int], values: list) -> tuple[list, int]:
        """The general path: hidden columns, caps, links, merged ranges."""
        by_pos: dict[int, object] = {}
        for col, value in zip(cols, values):
            pos = self.position(col)
            if pos < 0:
                self.counts["unhandled-construct"] += pos == _OFF_LEFT  # hidden columns: reported per column
                if pos == _HIDDEN:
                    self._skip("hidden-column-dropped", (value,))
                continue
            if pos >= self.max_cols:
                self._cut_columns(index)
                continue
            if not self._plain:
                value = self._linked(index, col, value)
            by_pos[pos] = value
        width = max(by_pos) + 1 if by_pos else 0
        if not self._active:
            return [by_pos.get(p, "") for p in range(width)], width
        covered = bytearray(max(width, max(m.p2 for m in self._active) + 1))
        origins: dict[int, Cell] = {}
        for merge in self._active:
            covered[merge.p1:merge.p2 + 1] = b"\x01" * (merge.p2 - merge.p1 + 1)
            if merge.r1 == index:
                origins[merge.p1] = self._origin(merge, cols, values, by_pos)
        for pos in [p for p in by_pos if covered[p] and p not in origins]:
            # a comment's mark alone on a covered cell is no value: its note is carried unreferenced
            self.counts["merged-cell-values-dropped"] += not _marks_only(by_pos.pop(pos))
        cost = len(covered)
        width = max(width, max(origins) + 1 if origins else 0)
        cells = []
        for pos in range(width):
            if pos in origins:
                cells.append(origins[pos])
            elif not covered[pos]:
                cells.append(by_pos.get(pos, ""))
        return cells, cost

    def _origin(self, merge: _Merge, cols: list[int], values: list, by_pos: dict) -> Cell:
        value = by_pos.pop(merge.p1, None) if self.position(merge.c1) == merge.p1 else None
        if value is None:
            value = dict(zip(cols, values)).get(merge.c1, "")
        rows_left = max(self.max_rows - self.emitted, 1)
        row_span = min(merge.r2 - merge.r1 + 1, rows_left)
        col_span = merge.p2 - merge.p1 + 1
        if isinstance(value, Cell):
            return Cell(value.content, col_span, row_span, value.header)
        return Cell([Text(value)] if value else [], col_span, row_span)

    def _linked(self, index: int, col: int, value):
        plan = self.plan
        target = plan.links.get((index, col))
        if target is None:
            for r1, c1, r2, c2, ranged in plan.link_ranges:
                if r1 <= index <= r2 and c1 <= col <= c2:
                    target = ranged
                    break
        if target is None:
            return value
        if isinstance(value, str):
            return Cell([Link([Text(value)], target)])
        # a commented cell: the link goes over its text, the comments' marks stay after it
        text = [node for node in value.content if type(node) is not NoteRef]
        return Cell([Link(text, target), *value.content[len(text):]]) if text else value

    # --- caps ------------------------------------------------------------------------------------

    def _cut_columns(self, index: int) -> None:
        if self._cols_cut:
            return
        self._cols_cut = True
        last = column_letters(min(self.plan.first_col + self.max_cols + 1, 16_384))
        self._flag(index, f"⚠ Truncated: sheet {_quoted(self.plan.name)} has cells past the --max-cols cap of "
                          f"{self.max_cols} columns; columns from {last} on were not read.")

    def _truncate(self, index: int, why: str) -> None:
        """Note and report the cap, then stop the sheet."""
        name = _quoted(self.plan.name)
        if why == "rows":
            note = (f"⚠ Truncated: sheet {name} has more than {self.max_rows} rows (--max-rows); "
                    f"rows from row {index + 1} on were not read.")
        elif why == "cells":
            note = (f"⚠ Truncated: the workbook has more than {self.budget.limit} cells (--max-cells); "
                    f"sheet {name} was read up to row {index}, and rows from row {index + 1} on were not read.")
        else:
            note = (f"⚠ Truncated: the workbook's text passes {self.budget.text_limit} characters (each row "
                    f"counting {ROW_CHARS} more), "
                    f"--max-expansion times its size; sheet {name} was read up to row {index}, and rows from "
                    f"row {index + 1} on were not read.")
        self._flag(index, note)
        raise _CapReached(why)

    def _flag(self, index: int, note: str) -> None:
        self.table.notes.append(note)
        sheets = self.ctx.flags.setdefault("truncated_sheets", [])
        if self.plan.name not in sheets:
            sheets.append(self.plan.name)
        self.ctx.report(f"{self.ctx.namespace}.sheet-truncated",
                        Locator(sheet=self.plan.ordinal, sheet_name=self.plan.name, row=index), detail=note)


def _marks_only(value) -> bool:
    return type(value) is Cell and all(type(node) is NoteRef for node in value.content)


def _quoted(name: str) -> str:
    return "'" + name.replace("'", "''") + "'"
