"""Table rows held back until the table's width is known: in memory up to a threshold, then on disk.

The GFM header row must say how many columns a table has before any row is written, and only the
last row can tell. A writer renders each row as it arrives and appends the rendered record here; the
first ``max_rows`` records (or ``max_chars`` characters) stay in a list, the rest go to a temporary
file as JSON lines, deleted when the spool closes. Replaying yields the records in order. Memory stays
bounded whatever the table's length: no row object is kept, only its rendered text, and only up to
the threshold.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from typing import Any

MAX_ROWS = 10_000
MAX_CHARS = 32 << 20


class RowSpool:
    def __init__(self, max_rows: int = MAX_ROWS, max_chars: int = MAX_CHARS) -> None:
        self._memory: list[Any] = []
        self._max_rows = max_rows
        self._max_chars = max_chars
        self._chars = 0
        self._file = None
        self._on_disk = 0

    def __enter__(self) -> RowSpool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._memory) + self._on_disk

    @property
    def spilled(self) -> bool:
        return self._file is not None

    def append(self, record: list, size: int) -> None:
        """Keep ``record`` (JSON-able); ``size`` is its rough size in characters, for the threshold."""
        if self._file is None:
            if len(self._memory) < self._max_rows and self._chars + size <= self._max_chars:
                self._memory.append(record)
                self._chars += size
                return
            self._file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")
        # ensure_ascii keeps every line one line (no raw U+2028 questions) and survives lone surrogates.
        self._file.write(json.dumps(record) + "\n")
        self._on_disk += 1

    def __iter__(self) -> Iterator[list]:
        yield from self._memory
        if self._file is not None:
            self._file.flush()
            self._file.seek(0)
            loads = json.loads
            for line in self._file:
                yield loads(line)

    def close(self) -> None:
        self._memory = []
        if self._file is not None:
            self._file.close()
            self._file = None
