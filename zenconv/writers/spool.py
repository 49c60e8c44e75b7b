"""Table rows held back until the table's width is known: in memory up to a threshold, then on disk.

The GFM header row must say how many columns a table has before any row is written, and only the
last row can tell. A writer renders each row as it arrives and appends the rendered record here, a
one-line string (the Markdown writer's rendered cells, or a JSON line); the first ``max_rows`` records
(or ``max_chars`` characters) stay in a list, the rest go to a temporary file, one per line, deleted
when the spool closes. Replaying yields the records in order. Memory stays bounded whatever the
table's length: no row object is kept, only its rendered text, and only up to the threshold.
"""

from __future__ import annotations

from collections.abc import Iterator
MAX_ROWS = 10_000
MAX_CHARS = 32 << 20


class RowSpool:
    def __init__(self, max_rows: int | None = None, max_chars: int | None = None) -> None:
        self._memory: list[str] = []
        self._max_rows = MAX_ROWS if max_rows is None else max_rows
        self._max_chars = MAX_CHARS if max_chars is None else max_chars
        self._chars = 0
        self._file = None
        self._on_disk = 0
        self._pending: list[str] = []  # records bound for the file (some joined by "\n"), written a thousand at a time
        self._pending_records = 0

    def __enter__(self) -> RowSpool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._memory) + self._on_disk + self._pending_records

    @property
    def spilled(self) -> bool:
        return self._file is not None

    def append(self, record: str) -> None:
        """Keep ``record``, a string without a newline ("\\n"; other line separators are fine)."""
        if self._file is None:
            if len(self._memory) < self._max_rows and self._chars + len(record) <= self._max_chars:
                self._memory.append(record)
                self._chars += len(record)
                return
            import tempfile  # only a table that spills needs it: importing it costs every conversion's start-up

            # newline="\n": only "\n" ends a record when read back, not U+2028 or a bare CR;
            # surrogatepass: a lone surrogate a reader let through comes back as it went in.
            self._file = tempfile.TemporaryFile("w+", encoding="utf-8", errors="surrogatepass", newline="\n")
        self._pending.append(record)
        self._pending_records += 1
        if self._pending_records >= 1024:
            self._spill()

    def extend(self, records: list[str]) -> None:
        """Keep each of ``records`` in order, as :meth:`append` would."""
        if self._file is None:
            room = self._max_rows - len(self._memory)
            chars = sum(map(len, records[:room]))
            if len(records) <= room and self._chars + chars <= self._max_chars:
                self._memory.extend(records)
                self._chars += chars
                return
            for record in records:
                self.append(record)
            return
        self._pending.extend(records)
        self._pending_records += len(records)
        if self._pending_records >= 1024:
            self._spill()

    def extend_lines(self, text: str, count: int) -> None:
        """Keep the ``count`` records of ``text``, joined by "\\n", as :meth:`extend` keeps
        ``text.split("\\n")``; bound for the file, they are written as they are, never split."""
        if self._file is None:
            self.extend(text.split("\n"))
            return
        self._pending.append(text)
        self._pending_records += count
        if self._pending_records >= 1024:
            self._spill()

    def _spill(self) -> None:
        if self._pending:
            self._pending.append("")
            self._file.write("\n".join(self._pending))
            self._on_disk += self._pending_records
            self._pending = []
            self._pending_records = 0

    def __iter__(self) -> Iterator[str]:
        yield from self._memory
        if self._file is not None:
            self._spill()
            self._file.flush()
            self._file.seek(0)
            for line in self._file:
                yield line[:-1]

    def blocks(self, size: int = 1 << 20) -> Iterator[str]:
        """The records in order, as strings of about ``size`` characters holding whole records joined
        by "\\n" (no newline at either end): for a replay that passes every record on unchanged."""
        memory = self._memory
        step = max(1, size // 64)
        for start in range(0, len(memory), step):
            yield "\n".join(memory[start:start + step])
        if self._file is None:
            return
        self._spill()
        self._file.flush()
        self._file.seek(0)
        read = self._file.read
        carry = ""
        while True:
            data = read(size)
            if not data:
                break
            data = carry + data
            cut = data.rfind("\n")
            if cut < 0:
                carry = data
                continue
            carry = data[cut + 1:]
            yield data[:cut]
        if carry:  # never: every record on disk ends with its newline
            yield carry

    def close(self) -> None:
        self._memory = []
        self._pending = []
        self._pending_records = 0
        if self._file is not None:
            self._file.close()
            self._file = None
