"""What a reader and a writer are handed: the source, the options, the reporter, the guard.

A reader is ``read(source: Source, ctx: ReadContext) -> Iterator[Block]``. It sets metadata on
``ctx.metadata`` before its first ``yield``, appends notes to ``ctx.notes``, registers media with
``ctx.resources.add(...)``, reports with ``ctx.report(code, locator)``, names its parsing library in
``ctx.library`` and may set manifest flags in ``ctx.flags`` and its preservation record in
``ctx.preservation``. It raises :class:`zenconv.reports.Unreadable` to refuse the document.

A writer is ``write(doc: Document, out: BinaryIO, ctx: WriteContext) -> None``.
"""

from __future__ import annotations

import io
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import field
from pathlib import Path
from typing import Any, BinaryIO

from .digest import sha256
from .ir.locator import Locator
from .ir.nodes import Metadata, Note
from .ir.resources import ResourceStore
from .reports import Reporter, Unreadable
from .records import dataclass
from .safe.text import read_chunks
from .watch import current_rss, private_memory

def out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` is an allocation failure, however the library that hit it words it.

    The one place that recognises them: Python's MemoryError, and libxml2's "Memory allocation failed",
    which lxml raises as a syntax or parser error (under an address-space cap, or a huge document).
    """
    return isinstance(exc, MemoryError) or "Memory allocation failed" in str(exc)


class Guard:
    """The wall-clock deadline, the memory ceiling and the scoped budgets of one conversion.

    Two ways to stop: cooperatively, the pipeline calls :meth:`checkpoint` for every block and every
    table row, and readers that loop long without yielding call it themselves; and, once :meth:`armed`,
    a watchdog (an interval timer whose signal handler raises) that reaches any pure-Python loop a
    reader forgot to tick in (pdfminer's interpreter on a page of ``q Q``). Code stuck in C is left to
    the parent, which kills the child. Reading RSS costs a system call, so memory is sampled every
    ``memory_every`` checkpoints; memory counts from where the conversion started (``baseline``).
    """

    RETRY = 0.25  # a raise the handler's target swallowed (a finally, a __del__) is raised again this soon

    def __init__(self, timeout: float | None = None, max_memory: int | None = None, memory_every: int = 2048,
                 progress: Progress | None = None) -> None:
        self.deadline = time.monotonic() + timeout if timeout else None
        self.max_memory = max_memory or None
        self.memory_every = memory_every
        self.progress = progress
        self._ticks = 0
        self.baseline = private_memory() if self.max_memory else 0
        self.peak_rss = 0
        self._budgets: list[list] = []  # [when, expired]; a budget fires once (its when becomes None)
        self._armed = False

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
            raise self._past_deadline()
        if self._ticks // self.memory_every != before // self.memory_every:
            if self.max_memory is not None:
                self.check_memory()
            if self.progress is not None:
                self.progress.tick(self._ticks)

    def check_memory(self) -> None:
        rss = private_memory() - self.baseline
        self.peak_rss = max(self.peak_rss, rss)
        if self.max_memory is not None and rss > self.max_memory:
            raise Unreadable("host.memory-limit", f"the conversion used {rss >> 20} MiB, over --max-memory")

    def extend(self, seconds: float) -> None:
        """Move the deadline later (a stdin source, once its size is known, earns --timeout-per-mib)."""
        if self.deadline is not None and seconds:
            self.deadline += seconds
            self._rearm()

    @staticmethod
    def _past_deadline() -> Unreadable:
        return Unreadable("host.deadline", "the conversion ran past its time limit (--timeout)")

    # --- the watchdog ----------------------------------------------------------------------------

    @contextmanager
    def budget(self, seconds: float, expired: Callable[[], BaseException]) -> Iterator[None]:
        """A scoped time budget (a PDF page): past ``seconds`` the watchdog raises ``expired()`` inside
        the block, which the reader catches to cut that part and report it. 0: no budget."""
        if not seconds:
            yield
            return
        entry = [time.monotonic() + seconds, expired]
        self._budgets.append(entry)
        self._rearm()
        try:
            yield
        finally:
            self._budgets.remove(entry)
            self._rearm()

    @contextmanager
    def armed(self) -> Iterator[None]:
        """Run the block under the watchdog. Only the main thread receives signals, and a caller's own
        SIGALRM handler is left alone: there, the checkpoints and the parent's kill still hold."""
        current = signal.getsignal(signal.SIGALRM) if hasattr(signal, "setitimer") else None
        outer = getattr(current, "__self__", None)
        if isinstance(outer, Guard) and outer._armed and threading.current_thread() is threading.main_thread():
            yield from self._nested(outer, current)
            return
        usable = (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
                  and current in (signal.SIG_DFL, None))
        if not usable:
            yield
            return
        yield from self._watching(signal.SIG_DFL)

    def _nested(self, outer: Guard, handler) -> Iterator[None]:
        """A conversion inside another's (an embedded document, ``zenconv.family``) takes the watchdog over
        for its span, so its own deadline and budgets (a PDF page's) fire; it never outlives the outer
        deadline, which it adopts when sooner, and hands the watchdog back as it found it."""
        if outer.deadline is not None:
            self.deadline = outer.deadline if self.deadline is None else min(self.deadline, outer.deadline)
        yield from self._watching(handler, outer)

    def _watching(self, handler, outer: Guard | None = None) -> Iterator[None]:
        """The watchdog is this guard's for the span; then SIGALRM goes back to ``handler`` (and the outer
        guard, if any, re-arms its own alarm)."""
        signal.signal(signal.SIGALRM, self._on_alarm)
        self._armed = True
        self._rearm()
        try:
            yield
        finally:
            self._armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, handler)
            if outer is not None:
                outer._rearm()

    def _next_alarm(self) -> float | None:
        times = [at for at, _ in self._budgets if at is not None]
        if self.deadline is not None:
            times.append(self.deadline)
        return min(times) if times else None

    def _rearm(self) -> None:
        if not self._armed:
            return
        at = self._next_alarm()
        signal.setitimer(signal.ITIMER_REAL, 0 if at is None else max(at - time.monotonic(), 0.001))

    def _on_alarm(self, signum, frame) -> None:
        now = time.monotonic()
        if self.deadline is not None and now > self.deadline:
            signal.setitimer(signal.ITIMER_REAL, self.RETRY)
            raise self._past_deadline()
        for entry in reversed(self._budgets):
            if entry[0] is not None and now > entry[0]:
                # Once: the reader catches it and goes on past the part it cut; the deadline still holds.
                entry[0] = None
                self._rearm()
                raise entry[1]()
        self._rearm()  # early (the clock's resolution): wait for the rest


class Progress:
    """A one-line status on a terminal for a long conversion: shown after a second, then 4 times a second."""

    def __init__(self, label: str, stream=None) -> None:
        import sys

        from .terminal import safe

        self.label = safe(label)  # the source's name: the document's text, never the terminal's escapes
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


def spool_path(pid: int | None = None) -> Path:
    """Where a conversion process keeps stdin while it converts it: named by its pid, so the parent can
    remove what a killed child left (as it removes the child's temporary outputs)."""
    import tempfile

    return Path(tempfile.gettempdir()) / f"zenconv-{os.getpid() if pid is None else pid}.stdin.tmp"


class Source:
    """The bytes being converted: a file on disk or bytes in memory, opened as often as needed.

    A third kind, a ``stream`` (stdin, a file object given to the API), is read once by the conversion
    itself (:meth:`spool`), inside its limits: never whole into the parent first.
    """

    def __init__(self, name: str, *, path: str | os.PathLike | None = None, data: bytes | None = None,
                 media_type: str | None = None, stream: BinaryIO | None = None) -> None:
        if [path, data, stream].count(None) != 2:
            raise ValueError("a Source is a path, bytes or a stream")
        self.name = name
        self.path = Path(path) if path is not None else None
        self.data = data
        self.stream = stream
        self._spooled: Path | None = None
        self.media_type = media_type
        self._sha256: str | None = None
        self._size: int | None = None
        self._head: bytes | None = None
        self.zip_names: list[str] | None = None  # filled by detection when the bytes are a zip
        self.detection: str | None = None  # how detection chose the reader (zenconv.detect), for the manifest
        self.decryption: str | None = None  # how an encrypted source was opened (zenconv.safe.decrypt)
        self._plain: bytes | None = None
        self._hashing: tuple[threading.Thread, dict] | None = None  # a digest being made aside (hash_aside)

    def spool(self, limit: int) -> None:
        """Copy the stream into a temporary file, hashing it; past ``limit`` bytes: host.input-too-large.

        Refused, the source is stated as the bytes read before the cut (its size and digest).
        """
        stream, self.stream = self.stream, None
        target = spool_path()
        digest, size = sha256(), 0
        self.path, self._spooled = target, target
        try:
            with open(target, "wb") as out:
                while True:
                    chunk = stream.read(min(1 << 20, limit + 1 - size) or 1)
                    if not chunk:
                        break
                    digest.update(chunk)
                    out.write(chunk)
                    size += len(chunk)
                    if size > limit:
                        raise Unreadable("host.input-too-large", f"{self.name}: more than {limit} bytes, over "
                                         "--max-input-bytes (the manifest states the bytes read until then)")
        finally:  # cut short (the limit, the deadline), the source is what was read until then
            self._size, self._sha256 = size, digest.hexdigest()

    def discard_spool(self) -> None:
        if self._spooled is not None:
            self._spooled.unlink(missing_ok=True)
            self._spooled = None

    @property
    def extension(self) -> str:
        base = self.name.rsplit("/", 1)[-1]
        return "." + base.rsplit(".", 1)[1].lower() if "." in base else ""

    def use_decrypted(self, plain: bytes, how: str) -> None:
        """Read the plain text of an encrypted source from here on; its size and digest stay the file's,
        which the manifest states."""
        _ = self.size, self.sha256
        self._plain, self._head, self.decryption, self.zip_names = plain, None, how, None

    def open(self) -> BinaryIO:
        if self._plain is not None:
            return io.BytesIO(self._plain)
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
        if self._plain is not None:
            return self._plain
        if self.data is not None:
            return self.data
        return self.path.read_bytes()

    @property
    def size(self) -> int:
        if self._size is None and self.stream is not None:
            return 0  # a stream this process has not read (the parent of a child killed while reading it)
        if self._size is None:
            self._size = len(self.data) if self.data is not None else self.path.stat().st_size
        return self._size

    @property
    def sha256(self) -> str:
        if self._hashing is not None:
            thread, outcome = self._hashing
            thread.join()
            self._hashing = None
            if "error" in outcome:
                raise outcome["error"]
            self._sha256 = outcome["digest"]
        if self._sha256 is None and self.stream is not None:
            return sha256().hexdigest()
        if self._sha256 is None:
            with self.open() as fh:
                self._sha256 = _digest_of(fh)
        return self._sha256

    def hash_aside(self) -> None:
        """Begin the source's digest, which :attr:`sha256` then gives: a file of :data:`HASH_ASIDE` bytes or
        more is hashed on a thread of its own while the conversion reads it (reading a file and hashing
        release the GIL, so on a machine with a core to spare its digest costs no wall time); a smaller
        one, bytes in memory or a stream, at once. The file is opened here, so one that cannot be opened
        fails where it always did."""
        if self._sha256 is not None or self._hashing is not None or self.stream is not None:
            return
        if self.path is None or self._plain is not None or self.size < HASH_ASIDE:
            _ = self.sha256
            return
        fh = self.open()
        outcome: dict = {}

        def work() -> None:
            try:
                with fh:
                    outcome["digest"] = _digest_of(fh)
            except BaseException as exc:  # noqa: BLE001 - raised where the digest is asked for
                outcome["error"] = exc

        thread = threading.Thread(target=work, name="zenconv-source-digest", daemon=True)
        thread.start()
        self._hashing = (thread, outcome)


HASH_ASIDE = 4 << 20  # below this a source is hashed at once: a thread would cost more than it saves


def _digest_of(fh: BinaryIO) -> str:
    """The SHA-256 of what is left in ``fh``."""
    digest = sha256()
    for _, chunk in read_chunks(fh, 1 << 18):
        digest.update(chunk)
    return digest.hexdigest()


class Options(Mapping):
    """Resolved option values by key (``max_rows``), and the names of those set away from default.

    ``secrets``: the values of the secret options given, which nothing written may quote.
    """

    def __init__(self, values: dict[str, Any], changed: dict[str, Any], secrets: tuple = ()) -> None:
        self._values = values
        self.changed = changed
        self.secrets = secrets

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[key]  # readers ask by key (max_rows) in their loops: one look-up
        except KeyError:
            return self._values[key.replace("-", "_")]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def get(self, key: str, default: Any = None) -> Any:
        value = self._values.get(key, _ABSENT)
        return value if value is not _ABSENT else self._values.get(key.replace("-", "_"), default)


_ABSENT = object()

# What readers let go of in a process that ends with its conversion, left for the exit to reclaim at once.
_LEFT_FOR_EXIT: list = []


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
    children: Any = None  # zenconv.family.Children: where embedded documents are converted (None: nowhere)
    ends_process: bool = False  # the process ends with this conversion (the command's, a batch document's)

    def done_with(self, structure: Any) -> None:
        """A large structure the reader no longer needs (a part's parsed tree), let go of.

        In a process that ends with this conversion it is kept for the exit, which reclaims the whole
        process at once, rather than freed element by element now: a 2 MB document.xml's tree took 30 M
        instructions, 2% of its conversion, to free. It was held until now, so memory never rises past
        what it was; only what comes after the reader finds the room still taken. Elsewhere (the API,
        in a long-lived process) it is let go at once, as dropping the last reference would."""
        if self.ends_process:
            _LEFT_FOR_EXIT.append(structure)

    def embed(self, data: bytes, name: str, locator: Locator | None = None, origin: str | None = None) -> str | None:
        """Convert an embedded document as a child conversion (``zenconv.family``): the key to link it by
        (``zenconv.family.reference``), or None when it was not converted (the host has said why)."""
        if self.children is None:
            return None
        return self.children.embed(data, name, locator, origin)

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
    resource_prefix: str = ""  # how the output refers to a resource: prefix + its file's name (a relative URL)
    embed_media: bool = False
    file_names: Callable[[str], str] | None = None  # resource name -> its file's name (default: the name)
    children: Any = None  # zenconv.family.Children: the child conversions' keys and URLs
    source_name: str | None = None  # the source's name as given (the HTML page's title when it states none)

    def report(self, code: str, locator: Locator | None = None, *, count: int = 1, detail: str | None = None,
               text: str | None = None) -> None:
        self.reporter.report(code, locator, count=count, detail=detail, text=text)

    def resource_url(self, name: str) -> str:
        return self.resource_prefix + (self.file_names(name) if self.file_names is not None else name)
