"""The block stream between a reader and a writer, and the hashing sink the writer writes into.

Every block and every table row passes :class:`BlockStream` on its way to the writer: it ticks the
guard (the deadline and the memory ceiling), counts facets for the manifest (and lists them under
``--preserve-facets``), and for the Python API keeps the IR as it goes.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from typing import BinaryIO

from .context import Guard
from .ir.nodes import Row, Table
from .ir.walk import walk


class HashingWriter(io.RawIOBase):
    """A binary sink that hashes and counts what passes through it."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._sha = hashlib.sha256()
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
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
        self.facet_counts: dict[str, int] = {}
        self.facet_rows: list[dict] = [] if preserve else None

    def prime(self) -> None:
        """Start the reader (so it sets metadata before the writer's header) without losing a block."""
        for block in self._blocks:
            self._primed.append(block)
            break

    def __iter__(self) -> Iterator:
        while True:
            if self._primed:
                block = self._primed.pop()
            else:
                block = next(self._blocks, None)
                if block is None:
                    return
            self._guard.checkpoint()
            self._count(block)
            if isinstance(block, Table):
                block.rows = self._rows(block, block.rows)
            if self._keep is not None:
                self._keep.append(block)
            yield block

    def _rows(self, table: Table, rows) -> Iterator:
        kept = [] if self._keep is not None else None
        checkpoint = self._guard.checkpoint
        count = 0
        for row in rows:
            count += 1
            if not count & 63:  # the clock is read every 64th row (the per-row cost of a million rows)
                checkpoint(64)
            if row.facets:
                self._note_facets(row.facets, "Row", row.locator)
            if kept is not None:
                kept.append(row)
            yield row
        if kept is not None:
            table.rows = kept

    def _count(self, block) -> None:
        for node in walk(block):
            if isinstance(node, Row):
                continue  # rows are counted as they stream, in _rows
            facets = getattr(node, "facets", None)
            if facets:
                self._note_facets(facets, type(node).__name__, getattr(node, "locator", None))
        if isinstance(block, Table):
            for spec in block.columns.specs:
                if spec.facets:
                    self._note_facets(spec.facets, "ColumnSpec", spec.locator)

    def _note_facets(self, facets, node: str, locator) -> None:
        for facet in facets:
            key = facet.to_json()["kind"]
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
