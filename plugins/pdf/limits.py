"""Bounds on what a PDF may cost: page selection, decompressed stream sizes.

pdfminer inflates a stream with a bare ``zlib.decompress``: a few kilobytes of flate bomb become
gigabytes. Its stream decoder looks the codec up as the module global ``zlib`` of
``pdfminer.pdftypes``, which is the one hook it offers, so that name is pointed at a codec that
stops at a budget. The budget is per conversion (a context variable): outside our reader, or
when no budget is set, the codec behaves exactly like ``zlib``.
"""

from __future__ import annotations

import contextvars
import zlib

from zenconv.records import dataclass
from zenconv.patterns import pattern

_RANGE = pattern(r"^\s*(\d+)?\s*(-)?\s*(\d+)?\s*$")


class PageRangeError(ValueError):
    pass


def parse_pages(text: str) -> list[tuple[int, int | None]]:
    """``"1-20,25,30-"`` → [(1, 20), (25, 25), (30, None)]; empty text selects every page."""
    ranges: list[tuple[int, int | None]] = []
    for part in (text or "").split(","):
        if not part.strip():
            continue
        match = _RANGE.match(part)
        if not match or not (match.group(1) or match.group(3)):
            raise PageRangeError(f"not a page range: {part.strip()!r}")
        first, dash, last = match.groups()
        start = int(first) if first else 1
        end = (int(last) if last else None) if dash else start
        if start < 1 or (end is not None and end < start):
            raise PageRangeError(f"not a page range: {part.strip()!r}")
        ranges.append((start, end))
    return ranges


def page_selected(ranges: list[tuple[int, int | None]], number: int) -> bool:
    if not ranges:
        return True
    return any(start <= number and (end is None or number <= end) for start, end in ranges)


def last_selected(ranges: list[tuple[int, int | None]]) -> int | None:
    """The last page any range can select, or None when a range is open-ended (or none given)."""
    if not ranges or any(end is None for _, end in ranges):
        return None
    return max(end for _, end in ranges)


class StreamTooLarge(Exception):
    """A stream inflated past its budget; pdfminer must not swallow it, so it is no zlib.error."""


@dataclass(slots=True)
class StreamBudget:
    per_stream: int
    total: int
    used: int = 0
    exceeded: str | None = None  # "stream" or "total" once a limit was hit

    def take(self, produced: int) -> None:
        self.used += produced
        if self.used > self.total:
            self.exceeded = "total"
            raise StreamTooLarge(f"streams inflate past {self.total} bytes in all")


_BUDGET: contextvars.ContextVar[StreamBudget | None] = contextvars.ContextVar("zenconv_pdf_stream_budget", default=None)


class _Decompressor:
    """A zlib decompressobj whose output stops at the stream budget."""

    def __init__(self, budget: StreamBudget) -> None:
        self._inner = zlib.decompressobj()
        self._budget = budget
        self._produced = 0

    def decompress(self, data: bytes, max_length: int = 0) -> bytes:
        room = self._budget.per_stream - self._produced + 1
        out = self._inner.decompress(data, room)
        self._produced += len(out)
        if self._produced > self._budget.per_stream or self._inner.unconsumed_tail:
            self._budget.exceeded = "stream"
            raise StreamTooLarge(f"a stream inflates past {self._budget.per_stream} bytes")
        self._budget.take(len(out))
        return out

    def flush(self, *args) -> bytes:
        return self._inner.flush(*args)

    @property
    def unused_data(self) -> bytes:
        return self._inner.unused_data

    @property
    def eof(self) -> bool:
        return self._inner.eof


class _BoundedZlib:
    """Stands in for the ``zlib`` module inside ``pdfminer.pdftypes``."""

    error = zlib.error

    def __getattr__(self, name):
        return getattr(zlib, name)

    def decompressobj(self, *args, **kwargs):
        budget = _BUDGET.get()
        if budget is None or args or kwargs:
            return zlib.decompressobj(*args, **kwargs)
        return _Decompressor(budget)

    def decompress(self, data, *args, **kwargs):
        budget = _BUDGET.get()
        if budget is None or args or kwargs:
            return zlib.decompress(data, *args, **kwargs)
        inflater = _Decompressor(budget)
        out = inflater.decompress(data)
        if not inflater.eof:
            raise zlib.error("incomplete or truncated stream")
        return out


def _bounded_lzw(data: bytes) -> bytes:
    import io

    from pdfminer.lzw import LZWDecoder

    budget = _BUDGET.get()
    out = bytearray()
    for chunk in LZWDecoder(io.BytesIO(data)).run():
        out += chunk
        if budget is not None and len(out) > budget.per_stream:
            budget.exceeded = "stream"
            raise StreamTooLarge(f"a stream inflates past {budget.per_stream} bytes")
    if budget is not None:
        budget.take(len(out))
    return bytes(out)


def install() -> None:
    """Point pdfminer's stream decoder at the bounded codecs (idempotent)."""
    from pdfminer import pdftypes

    if not isinstance(pdftypes.zlib, _BoundedZlib):
        pdftypes.zlib = _BoundedZlib()
    if pdftypes.lzwdecode is not _bounded_lzw:
        pdftypes.lzwdecode = _bounded_lzw


def set_budget(budget: StreamBudget | None) -> contextvars.Token:
    return _BUDGET.set(budget)


def reset_budget(token: contextvars.Token) -> None:
    _BUDGET.reset(token)
