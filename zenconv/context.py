"""What a reader and a writer are handed: the source, the options, the reporter, the guard.

A reader is ``read(source: Source, ctx: ReadContext) -> Iterator[Block]``. It sets metadata on
``ctx.metadata`` before its first ``yield``, appends notes to ``ctx.notes``, registers media with
``ctx.resources.add(...)``, reports with ``ctx.report(code, locator)``, names its parsing library in
``ctx.library`` and may set manifest flags in ``ctx.flags`` and its preservation record in
``ctx.preservation``. It raises :class:`zenconv.reports.Unreadable` to refuse the document.

A writer is ``write(doc: Document, out: BinaryIO, ctx: WriteContext) -> None``.
"""

from __future__ import annotations

import hashlib
import io
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from .ir.locator import Locator
from .ir.nodes import Metadata, Note
from .ir.resources import ResourceStore
from .reports import Reporter, Unreadable

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def current_rss() -> int:
    """Resident set size of this process in bytes (0 where /proc is not there)."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


class Guard:
    """The wall-clock deadline and memory ceiling of one conversion, checked cooperatively.

    The pipeline calls :meth:`checkpoint` for every block and every table row; readers that loop
    long without yielding (a page of a PDF, a big XML part) call it themselves. Reading RSS costs a
    system call, so memory is sampled every ``memory_every`` checkpoints.
    """

    def __init__(self, timeout: float | None = None, max_memory: int | None = None, memory_every: int = 2048,
                 progress: Progress | None = None) -> None:
        self.deadline = time.monotonic() + timeout if timeout else None
        self.max_memory = max_memory or None
        self.memory_every = memory_every
        self.progress = progress
        self._ticks = 0
        self.peak_rss = 0

    def tick(self) -> None:
        """The per-row checkpoint: a million calls for a big sheet, so the clock is read every 64th."""
        self._ticks += 1
        if not self._ticks & 63:
            self.checkpoint()

    def checkpoint(self, ticks: int = 1) -> None:
        """Raise at the deadline; sample memory (and show progress) every ``memory_every`` ticks.

        ``ticks``: the rows this checkpoint stands for, when the caller counts them itself.
        """
        before = self._ticks
        self._ticks = before + ticks
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Unreadable("host.deadline", "the conversion ran past its time limit (--timeout)")
        if self._ticks // self.memory_every != before // self.memory_every:
            if self.max_memory is not None:
                self.check_memory()
            if self.progress is not None:
                self.progress.tick(self._ticks)

    def check_memory(self) -> None:
        rss = current_rss()
        self.peak_rss = max(self.peak_rss, rss)
        if self.max_memory is not None and rss > self.max_memory:
            raise Unreadable("host.memory-limit", f"the conversion used {rss >> 20} MiB, over --max-memory")


class Progress:
    """A one-line status on a terminal for a long conversion: shown after a second, then 4 times a second."""

    def __init__(self, label: str, stream=None) -> None:
        import sys

        self.label = label
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self._last = self.started
        self.shown = False

    def tick(self, count: int) -> None:
        now = time.monotonic()
        if now - self.started < 1.0 or now - self._last < 0.25:
            return
        self._last = now
        rate = count / (now - self.started)
        self.stream.write(f"\r{self.label}: {count:,} blocks and rows read ({rate:,.0f}/s) ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


class Source:
    """The bytes being converted: a file on disk or bytes in memory, opened as often as needed."""

    def __init__(self, name: str, *, path: str | os.PathLike | None = None, data: bytes | None = None,
                 media_type: str | None = None) -> None:
        if (path is None) == (data is None):
            raise ValueError("a Source is a path or bytes")
        self.name = name
        self.path = Path(path) if path is not None else None
        self.data = data
        self.media_type = media_type
        self._sha256: str | None = None
        self._size: int | None = None
        self._head: bytes | None = None
        self.zip_names: list[str] | None = None  # filled by detection when the bytes are a zip

    @property
    def extension(self) -> str:
        base = self.name.rsplit("/", 1)[-1]
        return "." + base.rsplit(".", 1)[1].lower() if "." in base else ""

    def open(self) -> BinaryIO:
        if self.data is not None:
            return io.BytesIO(self.data)
        return open(self.path, "rb")

    def head(self, n: int = 8192) -> bytes:
        if self._head is None or len(self._head) < n:
            with self.open() as fh:
                self._head = fh.read(max(n, 8192))
        return self._head[:n]

    def read_bytes(self, limit: int | None = None, code: str = "host.input-too-large") -> bytes:
        """The whole source, refusing it as unreadable under ``code`` past ``limit`` bytes."""
        if limit is not None and self.size > limit:
            raise Unreadable(code, f"the source is {self.size} bytes, over the limit of {limit}")
        if self.data is not None:
            return self.data
        return self.path.read_bytes()

    @property
    def size(self) -> int:
        if self._size is None:
            self._size = len(self.data) if self.data is not None else self.path.stat().st_size
        return self._size

    @property
    def sha256(self) -> str:
        if self._sha256 is None:
            digest = hashlib.sha256()
            with self.open() as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    digest.update(chunk)
            self._sha256 = digest.hexdigest()
        return self._sha256


class Options(Mapping):
    """Resolved option values by key (``max_rows``), and the names of those set away from default."""

    def __init__(self, values: dict[str, Any], changed: dict[str, Any]) -> None:
        self._values = values
        self.changed = changed

    def __getitem__(self, key: str) -> Any:
        return self._values[key.replace("-", "_")]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def get(self, key: str, default: Any = None) -> Any:
        return self._values.get(key.replace("-", "_"), default)


@dataclass(slots=True)
class ReadContext:
    source_name: str
    options: Options
    reporter: Reporter
    guard: Guard
    resources: ResourceStore
    metadata: Metadata = field(default_factory=Metadata)
    notes: list[Note] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)
    preservation: dict[str, dict] = field(default_factory=dict)
    library: str | None = None
    namespace: str = "host"  # the reader's report namespace; the safe layer reports under it

    def report(self, code: str, locator: Locator | None = None, *, count: int = 1, detail: str | None = None,
               text: str | None = None) -> None:
        self.reporter.report(code, locator, count=count, detail=detail, text=text)

    def checkpoint(self) -> None:
        """Call in a reader's long loops (per page, per part): enforces --timeout and --max-memory."""
        self.guard.checkpoint()

    def tick(self) -> None:
        """The cheap checkpoint for per-row hot loops: the clock is read every 64th call."""
        self.guard.tick()

    def code(self, what: str) -> str:
        """``<namespace>.<what>``: the safe layer's codes land in the calling reader's namespace."""
        return f"{self.namespace}.{what}"


@dataclass(slots=True)
class WriteContext:
    options: Options
    reporter: Reporter
    guard: Guard
    resources: ResourceStore
    resource_prefix: str = ""  # how the output refers to a resource: prefix + name (a relative path)
    embed_media: bool = False

    def report(self, code: str, locator: Locator | None = None, *, count: int = 1, detail: str | None = None,
               text: str | None = None) -> None:
        self.reporter.report(code, locator, count=count, detail=detail, text=text)

    def resource_url(self, name: str) -> str:
        return self.resource_prefix + name
