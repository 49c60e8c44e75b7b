"""The block stream between a reader and a writer, and the hashing sink the writer writes into.

Every block and every table row passes :class:`BlockStream` on its way to the writer: it ticks the
guard (the deadline and the memory ceiling), counts facets for the manifest (and lists them under
``--preserve-facets``), for the Python API keeps the IR as it goes, and stops the document once the
output has grown past its cap (``--max-output-bytes``): the writer still closes what it opened (the
HTML its tags, the JSON its brackets), and a last paragraph says where the output was cut. A writer
that overshoots the cap by far (one enormous block, or notes past the end) meets the sink's hard
stop, which refuses the document instead.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from typing import BinaryIO

from .context import Guard
from .ir.facets import UnknownFacet
from .ir.nodes import Paragraph, Table, Text
from .ir.walk import facet_bearers
from .reports import Unreadable


def hard_output_limit(cap: int) -> int:
    """Past the soft cap the writer only closes its structure and writes its notes: twice the cap, and
    a MiB more for a small cap, is far more than that takes; a writer past it is refused."""
    return 2 * cap + (1 << 20)


class HashingWriter(io.RawIOBase):
    """A binary sink that hashes and counts what passes through it."""

    def __init__(self, raw: BinaryIO, hard_limit: int | None = None) -> None:
        self._raw = raw
        self._sha = hashlib.sha256()
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
                block.rows = self._rows(block, block.rows)
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
