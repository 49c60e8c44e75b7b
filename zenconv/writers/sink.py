"""Text to a binary output: buffered, encoded as UTF-8 in large chunks.

A writer produces many small strings (a table row is one); encoding and writing each would cost more
than rendering it, so they are gathered and written about every 64 KiB.
"""

from __future__ import annotations

from typing import BinaryIO
from ..patterns import pattern

CHUNK = 1 << 16


class TextSink:
    """``parts`` and ``chunk`` are open to a writer's own loop that counts as :meth:`write` does (and calls
    :meth:`flush` where it would), to save a call per line."""

    def __init__(self, out: BinaryIO, chunk: int = CHUNK) -> None:
        self._out = out
        self.chunk = chunk
        self.parts: list[str] = []
        self._size = 0

    def write(self, text: str) -> None:
        self.parts.append(text)
        self._size += len(text)
        if self._size >= self.chunk:
            self.flush()

    def flush(self) -> None:
        if self.parts:
            # "replace" only matters for a lone surrogate a reader let through: a writer must not crash on it.
            self._out.write(self._final("".join(self.parts)).encode("utf-8", "replace"))
            self.parts.clear()
            self._size = 0

    def _final(self, text: str) -> str:
        return text


# JSON escapes C0 controls (json.dumps writes ESC as \u001b) but writes DEL and C1 raw, and U+009B is a
# terminal's CSI on its own. They can only stand inside a JSON string, so one pass over each chunk
# escapes them the same way: nothing is lost, nothing raw reaches a terminal.
_JSON_RAW = pattern("[\x7f-\x9f]")


class JsonSink(TextSink):
    """A sink for JSON text: DEL and C1 controls written as ``\\u`` escapes, like the C0 ones."""

    def _final(self, text: str) -> str:
        if _JSON_RAW.search(text) is None:
            return text
        return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
