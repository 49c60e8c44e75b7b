"""Text to a binary output: buffered, encoded as UTF-8 in large chunks.

A writer produces many small strings (a table row is one); encoding and writing each would cost more
than rendering it, so they are gathered and written about every 64 KiB.
"""

from __future__ import annotations

from typing import BinaryIO

CHUNK = 1 << 16


class TextSink:
    def __init__(self, out: BinaryIO, chunk: int = CHUNK) -> None:
        self._out = out
        self._chunk = chunk
        self._parts: list[str] = []
        self._size = 0

    def write(self, text: str) -> None:
        self._parts.append(text)
        self._size += len(text)
        if self._size >= self._chunk:
            self.flush()

    def flush(self) -> None:
        if self._parts:
            # "replace" only matters for a lone surrogate a reader let through: a writer must not crash on it.
            self._out.write("".join(self._parts).encode("utf-8", "replace"))
            self._parts.clear()
            self._size = 0
