"""The block stream between a reader and a writer, and the hashing sink the writer writes into.

Every block and every table row passes :class:`BlockStream` on its way to the writer: it ticks the
guard (the deadline and the memory ceiling), counts facets for the manifest (and lists them under
``--preserve-facets``), for the Python API keeps the IR as it goes, and stops the document once the
output has grown past its cap (``--max-output-bytes``): the writer still closes what it opened (the
HTML its tags, the JSON its brackets), and a last paragraph says where the output was cut. A writer
that overshoots the cap by far (one enormous block, or notes past the end) meets the sink's hard
stop, which refuses the document instead.

A reader may hand a table's rows over in groups (:class:`RowGroups`): a group of plain rows
(:class:`PlainRows`, bare-string cells and no facets, as a CSV batch is) holds the cells alone and
makes its Row objects only when something iterates them. A writer that needs no more than the cells
(the pipe table) takes the groups and never pays for a row object or a locator; any other consumer
iterates the rows one at a time, as it would any table's.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import chain
from typing import BinaryIO

from .context import Guard
from .digest import sha256
from .ir.facets import UnknownFacet
from .ir.nodes import Paragraph, Row, Table, Text
from .ir.walk import facet_bearers
from .reports import Unreadable


def hard_output_limit(cap: int) -> int:
    """Past the soft cap the writer only closes its structure and writes its notes: twice the cap, and
    a MiB more for a small cap, is far more than that takes; a writer past it is refused."""
    return 2 * cap + (1 << 20)


class PlainRows:
    """Consecutive rows of a table whose cells are all bare strings and which carry no facets: ``cells``
    holds each row's cells, and ``make(start, stop)`` gives the Row objects of ``cells[start:stop]``
    (``0 <= start <= stop <= len(cells)``; locators and all), made only when asked for."""

    __slots__ = ("cells", "make")

    def __init__(self, cells: list[list[str]], make: Callable[[int, int], Iterable[Row]]) -> None:
        self.cells = cells
        self.make = make

    def rows(self, start: int = 0, stop: int | None = None) -> Iterable[Row]:
        return self.make(start, len(self.cells) if stop is None else stop)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows())

    def after(self, count: int) -> PlainRows:
        """The rows after the first ``count``, as a group of their own."""
        return PlainRows(self.cells[count:], partial(_shifted, self.make, count))


def _shifted(make: Callable[[int, int], Iterable[Row]], by: int, start: int, stop: int) -> Iterable[Row]:
    return make(start + by, stop + by)


class RowGroups:
    """A table's rows as its reader made them, in groups, each a :class:`PlainRows` or an iterable of
    rows. As an iterator it gives the rows one at a time, as any table's rows; :meth:`groups` gives the
    groups. Consumed once, one way or the other."""

    __slots__ = ("_groups", "_rows", "_iter")

    def __init__(self, groups: Iterable, rows: Iterable[Row] | None = None) -> None:
        self._groups = groups
        self._rows = rows  # the same rows one at a time, when they come another way than through the groups
        self._iter: Iterator[Row] | None = None

    def __iter__(self) -> Iterator[Row]:
        # The rows' own iterator (a loop then runs in C, with no call here per row), the same one each
        # time: a loop that stops early leaves the rest to the next.
        if self._iter is None:
            self._iter = iter(self._rows) if self._rows is not None else chain.from_iterable(self._groups)
        return self._iter

    def __next__(self) -> Row:
        return next(iter(self))

    def groups(self) -> Iterator:
        return iter(self._groups)


class HashingWriter(io.RawIOBase):
    """A binary sink that hashes and counts what passes through it."""

    def __init__(self, raw: BinaryIO, hard_limit: int | None = None) -> None:
        self._raw = raw
        self._sha = sha256()
        self.size = 0
        self.hard_limit = hard_limit

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        if self.hard_limit is not None and self.size + len(data) > self.hard_limit:
            raise Unreadable("host.output-too-large", f"the writer went past {self.hard_limit} bytes of output, "
                             "far over --max-output-bytes")
        self._sha.update(data)
        self.size += len(data)
        self._raw.write(data)
        return len(data)

    @property
    def sha256(self) -> str:
        return self._sha.hexdigest()


class BlockStream:
    """The block stream between reader and writer: checkpoints, facet counts, the kept IR."""

    def __init__(self, blocks: Iterator, guard: Guard, keep_rows: list | None, preserve: bool) -> None:
        self._blocks = iter(blocks)
        self._guard = guard
        self._keep = keep_rows
        self._preserve = preserve
        self._primed: list = []
        self._sink: HashingWriter | None = None
        self._cap = 0
        self.cut_at: int | None = None  # the output size when the cap stopped the document
        self.facet_counts: dict[str, int] = {}
        self.facet_rows: list[dict] = [] if preserve else None

    def prime(self) -> None:
        """Start the reader (so it sets metadata before the writer's header) without losing a block."""
        for block in self._blocks:
            self._primed.append(block)
            break

    def cap_output(self, sink: HashingWriter, cap: int) -> None:
        """Stop the document once ``sink`` holds more than ``cap`` bytes."""
        self._sink, self._cap = sink, cap

    def _over_cap(self) -> bool:
        if self._sink is None or self._sink.size <= self._cap:
            return False
        if self.cut_at is None:
            self.cut_at = self._sink.size
        return True

    def _cut_note(self) -> Paragraph:
        return Paragraph([Text(f"[Output stopped here: it reached {self.cut_at:,} bytes, over the cap of "
                               f"{self._cap:,} (--max-output-bytes, --max-output-ratio); the rest of the document "
                               "was not converted.]")])

    def __iter__(self) -> Iterator:
        if self.cut_at is not None:
            return
        while True:
            if self._primed:
                block = self._primed.pop()
            else:
                block = next(self._blocks, None)
                if block is None:
                    if self.cut_at is not None:  # the last table's rows were cut
                        yield self._cut_note()
                    return
            if self._over_cap():  # only with a block still to come: a cut that cut nothing is not reported
                yield self._cut_note()
                return
            self._guard.checkpoint()
            self._count(block)
            if isinstance(block, Table):
                rows = block.rows
                if isinstance(rows, RowGroups) and self._keep is None:
                    block.rows = RowGroups(self._groups(rows.groups()), self._rows(block, rows))
                else:
                    block.rows = self._rows(block, rows)
            if self._keep is not None:
                self._keep.append(block)
            yield block

    def _rows(self, table: Table, rows) -> Iterator:
        kept = [] if self._keep is not None else None
        checkpoint = self._guard.checkpoint
        left = 64  # rows to the next checkpoint: the clock is read every 64th row (the per-row cost of a million rows)
        try:
            for row in rows:
                left -= 1
                if not left:
                    left = 64
                    checkpoint(64)
                    if self._over_cap():
                        break
                if row.facets:
                    self._note_facets(row.facets, "Row", row.locator)
                if kept is not None:
                    kept.append(row)
                yield row
        finally:  # the kept IR holds the rows read, even when the reader failed mid-table
            if kept is not None:
                table.rows = kept

    def _groups(self, groups: Iterator) -> Iterator:
        """:meth:`_rows` a group at a time (for the Python API's kept IR, rows go one at a time): the
        guard is ticked for the same rows and the output cap cuts before the same row, but the checks
        for a group's rows are made before the group is handed on. So a writer may take the groups only
        if it writes nothing while it takes them in (the pipe table spools its rows): the sink's size
        is then the same at each check as it would be row by row, and for a plain group the check at its
        first checkpoint stands for those after it (the guard ticked once for their rows).

        A plain group cut by the cap is handed on as a list of its rows before the cut."""
        checkpoint = self._guard.checkpoint
        left = 64  # rows to the next checkpoint, counted as _rows counts them
        for group in groups:
            if isinstance(group, PlainRows):
                count = len(group.cells)
                at = left - 1  # the group's row before which the next checkpoint falls
                if at < count:
                    checkpoint(64)
                    if self._over_cap():
                        if at:
                            yield list(group.rows(0, at))
                        return
                    checks = (count - 1 - at) // 64  # the group's other checkpoints
                    if checks:
                        checkpoint(64 * checks)
                    at += 64 * (checks + 1)
                left = at - count + 1
                yield group
                continue
            rows = []
            for row in group:
                left -= 1
                if not left:
                    left = 64
                    checkpoint(64)
                    if self._over_cap():
                        if rows:
                            yield rows
                        return
                if row.facets:
                    self._note_facets(row.facets, "Row", row.locator)
                rows.append(row)
            yield rows

    def _count(self, block) -> None:
        for node in facet_bearers(block):  # rows are counted as they stream, in _rows
            self._note_facets(node.facets, type(node).__name__, getattr(node, "locator", None))
        if isinstance(block, Table):
            for spec in block.columns.specs:
                if spec.facets:
                    self._note_facets(spec.facets, "ColumnSpec", spec.locator)

    def _note_facets(self, facets, node: str, locator) -> None:
        for facet in facets:
            key = facet.name if type(facet) is UnknownFacet else facet.kind  # to_json's kind, not serialised
            self.facet_counts[key] = self.facet_counts.get(key, 0) + 1
            if self.facet_rows is not None:
                row = {"node": node, "facet": facet.to_json()}
                if locator is not None:
                    row["locator"] = locator.to_json()
                    row["citation"] = locator.citation()
                self.facet_rows.append(row)

    def drain(self) -> None:
        for block in self:
            if isinstance(block, Table):
                for _ in block.rows:
                    pass
