"""Folders in, one output and one manifest per document, and a journal of every input file.

The local runner manages its own workers: each document is converted in a forked child that is
killed at its time limit (``concurrent.futures.ProcessPoolExecutor`` cannot kill one task), so one
document that hangs or blows up is recorded and the batch goes on. Any ``concurrent.futures.Executor``
(a Dask cluster's, for one) can run the same tasks instead, a bounded window of them at a time.

Planning streams: the input tree is walked in the index's order beside the previous index, so a
queued file costs the same whatever the batch's size, and a file whose source, options, output and
manifest are as the index left them is ``unchanged`` without being read (``verify_all`` hashes them).
"""

from __future__ import annotations

import contextlib
import fcntl
import fnmatch
import json
import os
import select
import sys
import time
import uuid
from collections import deque
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from dataclasses import field
from pathlib import Path
from typing import Any, Self

import click

from ..context import Source
from ..detect import UsageError, choose_reader, named_reader
from ..files import errno_text
from ..isolation import Child, can_isolate
from ..manifest import contained, sha256_file, verify
from ..manifest import load as load_manifest
from ..media import check_media_dir
from ..options import resolve_options
from ..pipeline import EXIT_OK, EXIT_POLICY, EXIT_UNREADABLE, EXIT_USAGE, _jsonable, run
from ..plugins import BUILTIN_DISTRIBUTION, LoadedPlugins
from ..reports import Outcome, Unreadable
from ..terminal import safe
from .inputs import Found, listing, walk
from .journal import INDEX_NAME, TOMBSTONE, Journal, Previous, dumps
from .tasks import (
    ARRIVAL, ATTEMPT_SUFFIX, DEFAULT_RETRIES, ELAPSED, LOST, OUTPUT_MISSING, WORKER_LOST, Attempt, Task, convert_parcel,
    entry_of, fingerprint, folder_unwritable, judge, preload, receive, settle, start, stat_key,
)
from ..records import dataclass

EXIT_BATCH = 4     # the batch itself failed (its journal could not be written), or documents failed for the run's reasons
LOCK_NAME = ".zenconv-lock"
MANIFEST_SUFFIX = ".manifest.json"  # manifest_path_for's, as a string for the planning loop
HASH_THREADS = 4   # the rerun's digests computed at once (reading and hashing release the GIL)
HASH_WINDOW = 256  # files the planner may run ahead of the first one still being hashed
WINDOW_PER_JOB = 4  # an executor's parcels in flight: this many per --jobs (at least 8)
# A parcel is one submission to an executor: documents converted one after another by one worker. A
# cluster's cost per submission (the scheduler, the client's bookkeeping, the messages) is several
# milliseconds, which a tiny document alone would pay in full; a parcel of slow documents, though, would
# keep the other workers idle at the end. So a parcel holds what its worker needs about PARCEL_SECONDS
# for, by the seconds per document measured so far (one document until there is a measure), at most
# PARCEL_DOCUMENTS and PARCEL_BYTES of sources.
PARCEL_SECONDS = 0.25
PARCEL_DOCUMENTS = 32
PARCEL_BYTES = 1 << 20
POLICY_NAMES = 5  # documents named per code --fail-on matched (the index lists them all)


@dataclass
class Summary:
    """What this run did, by what happened to each file."""

    converted: int = 0
    embedded: int = 0  # the converted documents' embedded documents converted as children (every depth)
    unchanged: int = 0
    unreadable: int = 0
    skipped: int = 0
    retried: int = 0
    failed: int = 0
    unreadable_kept: int = 0  # unchanged documents whose kept outcome is unreadable
    codes: set[str] = field(default_factory=set)  # every report and reason code of every document
    fail_on: tuple[str, ...] = ()
    matched: dict[str, list] = field(default_factory=dict)  # a --fail-on code -> [documents, first few names]

    @property
    def files(self) -> int:
        return self.converted + self.unchanged + self.unreadable + self.skipped + self.failed

    def count(self, entry: dict[str, Any], fresh: bool) -> None:
        status = entry.get("status")
        if status == "skipped":
            self.skipped += 1
            return
        if status == "failed":
            self.failed += 1
        elif not fresh:
            self.unchanged += 1
            self.unreadable_kept += entry.get("outcome") == Outcome.UNREADABLE
        elif entry.get("outcome") == Outcome.UNREADABLE:
            self.unreadable += 1
        else:
            self.converted += 1
            self.embedded += entry.get("embedded") or 0
        if fresh and entry.get("attempts"):
            self.retried += 1
        self.codes.update(entry.get("reports") or {}, entry.get("reasons") or ())
        if self.fail_on:
            self._match(entry)

    def _match(self, entry: dict[str, Any]) -> None:
        for code in sorted({*(entry.get("reports") or {}), *(entry.get("reasons") or ())}):
            if any(fnmatch.fnmatchcase(code, pattern) for pattern in self.fail_on):
                seen = self.matched.setdefault(code, [0, []])
                seen[0] += 1
                if len(seen[1]) < POLICY_NAMES:
                    seen[1].append(entry.get("source", "?"))

    def policy_lines(self) -> list[str]:
        """What --fail-on matched, a line per code: in how many documents, the first few named."""
        lines = []
        for code, (count, names) in sorted(self.matched.items()):
            more = f", and {count - len(names)} more" if count > len(names) else ""
            lines.append(f"  policy: --fail-on matched {code} in {count} document{'s' if count != 1 else ''}: "
                         f"{', '.join(names)}{more}")
        return lines

    def line(self) -> str:
        embedded = f" (+{self.embedded} embedded)" if self.embedded else ""
        return (f"{self.files} files: converted {self.converted}{embedded}, unchanged {self.unchanged}, "
                f"unreadable {self.unreadable}, skipped {self.skipped}, retried {self.retried}, failed {self.failed}")


class BatchFailed(Exception):
    """The batch itself cannot go on (its journal or output folder cannot be written)."""


class Batch:
    """One run: the walk, the journal, the summary."""

    def __init__(self, inputs, out_dir: Path, plugins: LoadedPlugins, *, to, from_, options, fail_on, manifests,
                 force=False, retry_unreadable=False, verify_all=False, follow_symlinks=False,
                 retries=DEFAULT_RETRIES, returned=False) -> None:
        self.inputs, self.out_dir, self.plugins = list(inputs), out_dir, plugins
        self.returned = returned
        self.to, self.from_, self.options, self.fail_on, self.manifests = to, from_, options, tuple(fail_on), manifests
        self.force, self.retry_unreadable, self.verify_all = force, retry_unreadable, verify_all
        self.follow_symlinks, self.retries = follow_symlinks, retries
        registry = plugins.registry
        writer = registry.writer_named(to) if to else registry.writer_named("markdown")
        if writer is None:
            raise UsageError(f"--to {to}: no such writer")
        self.extension = writer.extensions[0] if writer.extensions else ".out"
        if from_:
            named_reader(registry, from_)  # a usage error before anything is walked
        self.third_party = any(d.split("\0")[0] != BUILTIN_DISTRIBUTION for d in plugins.distributions.values())
        changed = resolve_options(registry, options).changed
        self.stated_options = {k: _jsonable(v) for k, v in changed.items()}  # as a manifest states them
        self.fingerprint = fingerprint(to, from_, self.stated_options, manifests)
        self.run_id = uuid.uuid4().hex
        self.summary = Summary(fail_on=self.fail_on)
        self.index = out_dir / INDEX_NAME
        self.out_root = os.path.abspath(out_dir)
        self.journal = Journal(self.index)
        self.previous: Previous | None = None
        self._cleaned: set[str] = set()

    # -- planning ---------------------------------------------------------------------------------
    def plan(self) -> Iterator[Task | tuple[dict, bool]]:
        """Each input file, in walk order: a Task to run, or (its record, whether it is new) when not.

        What the cheap check cannot settle is hashed by a few threads a window ahead of the walk (hashing
        and reading release the GIL), and decided in walk order."""
        self.previous = Previous(self.index, on_gone=lambda rel: self.record({"source": rel, "status": TOMBSTONE}))
        media_dir = self.options.get("media_dir") or self.options.get("media-dir")
        if media_dir:  # shared by every document
            _remove(_stale(Path(media_dir)))
        pending: deque[tuple[Found, dict | None, Any]] = deque()
        with ThreadPoolExecutor(max_workers=HASH_THREADS) as pool:
            for found in walk(self.inputs, self.out_dir, self.extension, self.follow_symlinks):
                previous = self.previous.lookup(found.rel)
                verdict: Any = None
                if found.listed is None:
                    self._clean_folder(found.out_rel)
                    verdict = False if self.force else self._cheap(found, previous)
                    if verdict is None:
                        verdict = pool.submit(self._verified, found, previous)
                pending.append((found, previous, verdict))
                while pending and (len(pending) > HASH_WINDOW or not isinstance(pending[0][2], Future)
                                   or pending[0][2].done()):
                    yield self._decide(*pending.popleft())
            while pending:
                yield self._decide(*pending.popleft())
        self.previous.finish()

    def _decide(self, found: Found, previous: dict | None, verdict) -> Task | tuple[dict, bool]:
        if found.listed is not None:
            return self._unless_recorded(listing(found.rel, found.listed, found.detail), previous)
        if isinstance(verdict, Future):
            verdict = verdict.result()
        if isinstance(verdict, dict):
            self.record(verdict)  # its refreshed record: the next rerun can take the cheap path
            return previous, False
        if verdict:
            return previous, False  # not even opened
        task = self._task(found)
        return self._unless_recorded(task, previous) if isinstance(task, dict) else task

    @staticmethod
    def _unless_recorded(entry: dict, previous: dict | None) -> tuple[dict, bool]:
        """A listing, new unless the index already holds it as it is (a rerun appends nothing for it)."""
        return entry, previous is None or dumps(previous) != dumps(entry)

    def _task(self, found: Found) -> Task | dict:
        try:
            reader = choose_reader(Source(Path(found.path).name, path=found.path), self.plugins.registry,
                                   self.from_).id
        except Unreadable as exc:
            if exc.code == "host.unknown-format":
                return listing(found.rel, "batch.no-reader")
            reader = ""  # refused before any reader (empty, legacy binary): the conversion records it
        except FileNotFoundError:
            return listing(found.rel, "batch.vanished")
        except OSError as exc:
            return listing(found.rel, "batch.permission-denied", errno_text(exc))
        output = self.out_dir / found.out_rel
        return Task(found.path, found.rel, os.path.abspath(output), self.to, self.from_,
                    tuple(sorted(self.options.items())), self.fail_on, self.manifests, self.third_party,
                    self.run_id, reader, os.path.abspath(self.out_dir), self.retries, self.fingerprint,
                    self.returned, found.size)

    def _cheap(self, found: Found, previous: dict | None) -> bool | None:
        """Whether the previous record still holds, by sizes and times alone; None: only its digests can say."""
        if not previous or previous.get("status") not in ("converted", "unchanged") or not self.fingerprint:
            return False
        if previous.get("options") not in (self.fingerprint, None):
            return False
        if self.retry_unreadable and previous.get("outcome") == Outcome.UNREADABLE:
            return False
        output = os.path.join(self.out_root, found.out_rel)
        if previous.get("output") not in (None, os.path.basename(output)) or not self.manifests:
            return False
        manifest = output + MANIFEST_SUFFIX
        if (not self.verify_all and previous.get("options") == self.fingerprint
                and previous.get("source_size") == found.size and previous.get("source_mtime_ns") == found.mtime_ns
                and _settled(manifest, None, self.previous.mtime_ns)
                and (previous.get("output") is None or _settled(output, previous.get("output_size"),
                                                                 self.previous.mtime_ns))):
            return True
        return None

    def _verified(self, found: Found, previous: dict) -> bool | dict:
        """The slow check (a record of an older index, a file touched since, ``--verify-all``): hash.
        A record to journal when it holds but its recorded sizes and times are not the file's."""
        manifest_path = os.path.join(self.out_root, found.out_rel) + MANIFEST_SUFFIX
        try:
            manifest = load_manifest(Path(manifest_path))
        except (OSError, ValueError):
            return False
        if manifest.options != self.stated_options:
            return False
        if manifest.source.sha256 != Source(Path(found.path).name, path=found.path).sha256 or verify(Path(manifest_path)):
            return False
        if previous.get("options") != self.fingerprint or previous.get("source_mtime_ns") != found.mtime_ns:
            return dict(previous, options=self.fingerprint, source_mtime_ns=found.mtime_ns, status="converted",
                        source_size=found.size)
        return True

    def _clean_folder(self, out_rel: str) -> None:
        """Remove what a killed earlier run left in an output folder (its temporaries, attempt markers):
        the lock says no other batch writes here."""
        folder = out_rel.rsplit("/", 1)[0] if "/" in out_rel else ""
        if folder in self._cleaned:
            return
        self._cleaned.add(folder)
        _remove(_stale(self.out_dir / folder, media=True))

    # -- the journal ------------------------------------------------------------------------------
    def record(self, entry: dict) -> None:
        try:
            self.journal.append(entry)
        except Unreadable as exc:
            raise BatchFailed(exc.message) from None

    def done(self, entry: dict, fresh: bool) -> None:
        """Count a file's outcome; journal its record when it is new."""
        if fresh:
            self.record(entry)
        self.summary.count(entry, fresh)

    def finish(self) -> None:
        if self.journal.appended:
            try:
                self.journal.compact(self.previous.sorted_end if self.previous else 0)
            except Unreadable as exc:
                raise BatchFailed(exc.message) from None
        else:
            self.journal.close()


def _stale(folder: Path, media: bool = False) -> list[str]:
    """The temporaries and attempt markers in ``folder`` (and, with ``media``, in its outputs' media folders)."""
    found: list[str] = []
    try:
        with os.scandir(folder) as scan:
            for entry in scan:
                if entry.name.startswith(".") and entry.name.endswith((".zenconv-tmp", ATTEMPT_SUFFIX)):
                    found.append(entry.path)
                elif media and entry.name.endswith(".media") and entry.is_dir(follow_symlinks=False):
                    found += _stale(Path(entry.path))
    except OSError:
        pass
    return found


def _remove(paths: list[str]) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _settled(path: str, size: int | None, index_mtime_ns: int) -> bool:
    """The file is there, of the size recorded, and not written since the index was (so not edited)."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    return (size is None or info.st_size == size) and info.st_mtime_ns <= index_mtime_ns


def run_batch(inputs, out_dir: Path, plugins: LoadedPlugins, *, to=None, from_=None, options=None, fail_on=(),
              quiet=False, jobs=1, force=False, manifests=True, executor: Executor | str | None = None,
              retry_unreadable=False, verify_all=False, follow_symlinks=False, retries=DEFAULT_RETRIES,
              outputs: str = "shared", sign_key=None) -> int:
    """Convert every document under ``inputs`` into ``out_dir``; journal each; return the exit code.

    ``outputs="returned"`` (or ``?outputs=returned`` on a ``dask://`` URL): an executor's workers do not
    share the output folder; each converts into a folder of its own and sends its files back.

    ``sign_key`` (an Ed25519 private key): once the journal is compacted, every document and then the
    batch as a whole are signed (:func:`zenconv.attestation.sign_batch`)."""
    options = dict(options or {})
    try:
        if isinstance(executor, str):
            outputs = parse_executor(executor)[1]
        if outputs not in OUTPUT_MODES:
            raise UsageError(f"outputs={outputs}: give one of {', '.join(OUTPUT_MODES)}")
        if outputs == "returned" and (options.get("media_dir") or options.get("media-dir")):
            raise UsageError("--media-dir needs a shared output folder: with outputs=returned each document's "
                             "media travel back beside it")
        for key in ("media_dir", "media-dir"):
            if options.get(key):  # shared by every document (their files are named by content)
                check_media_dir(options[key], out_dir.resolve())
        resolve_options(plugins.registry, options)
        batch = Batch(inputs, out_dir, plugins, to=to, from_=from_, options=options, fail_on=fail_on,
                      manifests=manifests, force=force, retry_unreadable=retry_unreadable, verify_all=verify_all,
                      follow_symlinks=follow_symlinks, retries=retries, returned=outputs == "returned"
                      and executor is not None)
        from .inputs import top_level

        top_level(batch.inputs, out_dir)  # usage errors before anything is written
    except (UsageError, ValueError) as exc:
        click.echo(safe(f"zenconv: {exc}"), err=True)
        return EXIT_USAGE
    with contextlib.ExitStack() as stack:
        try:
            pool = stack.enter_context(_opened(executor))
        except (UsageError, OSError) as exc:
            click.echo(safe(f"zenconv: {exc}"), err=True)
            return EXIT_USAGE
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
            stack.enter_context(_locked(out_dir))
        except UsageError as exc:
            click.echo(safe(f"zenconv: {exc}"), err=True)
            return EXIT_USAGE
        except OSError as exc:
            click.echo(safe(f"zenconv: cannot create the output folder {out_dir}: {errno_text(exc)}"), err=True)
            return EXIT_BATCH
        show = not quiet and sys.stderr.isatty()
        total = _count(batch) if show else 0
        progress = stack.enter_context(BatchProgress(total, show=show))
        try:
            if pool is not None:
                _run_on_executor(pool, batch, progress, max(1, jobs))
            else:
                _run_local(batch, max(1, jobs), progress)
            batch.finish()
            if sign_key is not None:
                _sign(out_dir, sign_key, quiet)
        except BatchFailed as exc:
            click.echo(safe(f"zenconv: the batch stopped: {exc}; rerun the same command to resume"), err=True)
            return EXIT_BATCH
    summary = batch.summary
    if not quiet:
        click.echo(safe(f"zenconv: {summary.line()}; index {batch.index}"), err=True)
        for line in summary.policy_lines():  # what the exit code 3 is for, and where to look
            click.echo(safe(line), err=True)
    if summary.failed:
        return EXIT_BATCH
    if any(fnmatch.fnmatchcase(code, pattern) for code in summary.codes for pattern in fail_on):
        return EXIT_POLICY
    if summary.unreadable or summary.unreadable_kept:
        return EXIT_UNREADABLE
    return EXIT_OK


def _sign(out_dir: Path, key, quiet: bool) -> None:
    from ..attestation import sign_batch

    try:
        refused = sign_batch(out_dir, key)
    except Unreadable as exc:
        raise BatchFailed(f"cannot sign: {exc.message}") from None
    for line in refused if not quiet else ():
        click.echo(safe(f"zenconv: not signed (its files do not verify): {line}"), err=True)


def _count(batch: Batch) -> int:
    """How many files the walk will meet (for the progress bar's total): a walk without a stat."""
    return sum(1 for _ in walk(batch.inputs, batch.out_dir, batch.extension, batch.follow_symlinks))


@contextlib.contextmanager
def _locked(out_dir: Path) -> Iterator[None]:
    """One batch at a time writes an output folder (its journal, its temporaries)."""
    fd = os.open(out_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UsageError(f"another batch is writing {out_dir}: wait for it, or give another -o") from None
        yield
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(out_dir / LOCK_NAME)
class BatchProgress:
    """Files done, rate and failures on a terminal (click's bar on stderr); nothing when piped."""

    def __init__(self, total: int, show: bool) -> None:
        self.done = self.failures = 0
        self.started = time.monotonic()
        self._bar = click.progressbar(length=total, label="converting", file=sys.stderr, show_pos=True,
                                      show_eta=True, item_show_func=self._status) if show else None

    def __enter__(self) -> Self:
        if self._bar is not None:
            self._bar.__enter__()
        return self

    def __exit__(self, *exc) -> bool:
        if self._bar is not None:
            self._bar.__exit__(*exc)
        return False

    def advance(self, entry: dict) -> None:
        self.done += 1
        if entry.get("outcome") == "unreadable":
            self.failures += 1
        if self._bar is not None:
            self._bar.update(1, entry)

    def _status(self, _entry) -> str:
        rate = self.done / max(time.monotonic() - self.started, 1e-3)
        return f"{rate:.1f} files/s, {self.failures} unreadable"



@dataclass
class _Job:
    task: Task
    tries: list[Attempt] = field(default_factory=list)
    before: tuple | None = None


def _feed(batch: Batch, plan: Iterator, progress: BatchProgress) -> Task | None:
    """The next task of the plan; the records on the way (unchanged, listed) are journaled and counted."""
    for item in plan:
        if isinstance(item, Task):
            return item
        entry, fresh = item
        batch.done(entry, fresh)
        progress.advance(entry)
    return None


class _Queue:
    """The jobs to start: the retries first, then the plan's tasks as it streams them."""

    def __init__(self, batch: Batch, plan: Iterator, progress: BatchProgress) -> None:
        self.batch, self.plan, self.progress = batch, plan, progress
        self.retry: deque[_Job] = deque()
        self._exhausted = False

    def next(self) -> _Job | None:
        if self.retry:
            return self.retry.popleft()
        if not self._exhausted:
            task = _feed(self.batch, self.plan, self.progress)
            if task is not None:
                return _Job(task)
            self._exhausted = True
        return None


def _conclude(batch: Batch, job: _Job, result, attempt: Attempt, progress: BatchProgress) -> bool:
    """Settle an attempt; True when the task is to be tried again (a transient failure, retries left)."""
    settle(job.task, result, attempt)
    if attempt.transient and len(job.tries) < job.task.retries:
        job.tries.append(attempt)
        return True
    entry = entry_of(job.task, result, attempt, job.tries)
    batch.done(entry, True)
    progress.advance(entry)
    return False


def _run_local(batch: Batch, jobs: int, progress: BatchProgress) -> None:
    """At most ``jobs`` children at once, each killed at its own deadline; the plan read as they free up."""
    plan = batch.plan()
    if not can_isolate():
        while (task := _feed(batch, plan, progress)) is not None:
            job = _Job(task, before=stat_key(task.source))
            while True:
                unwritable = folder_unwritable(task)
                result = run(task.request(), batch.plugins) if unwritable is None else None
                attempt = unwritable or judge(task, job.before, result, None)
                if not _conclude(batch, job, result, attempt, progress):
                    break
        return
    queue = _Queue(batch, plan, progress)
    running: dict[Child, _Job] = {}
    while True:
        while len(running) < jobs and (job := queue.next()) is not None:
            preload(batch.plugins, job.task.reader, job.task.to or "markdown")
            job.before = stat_key(job.task.source)
            if job.before is None:
                _conclude(batch, job, None, Attempt("batch.vanished"), progress)
                continue
            unwritable = folder_unwritable(job.task)
            if unwritable is not None:  # this document's folder: it ends the document, not the batch
                if _conclude(batch, job, None, unwritable, progress):
                    queue.retry.append(job)
                continue
            running[start(job.task, batch.plugins)] = job
        if not running:
            return
        wait_for = min(c.wait_hint() for c in running)  # the deadlines, and the memory watchdog's sampling
        ready, _, _ = select.select(list(running), [], [], wait_for)
        done = [c for c in ready if not c.feed()]
        for child in running:
            if child not in ready and child.overdue():
                child.kill()
                done.append(child)
        for child in done:
            job = running.pop(child)
            result = child.finish()
            if _conclude(batch, job, result, judge(job.task, job.before, result, child), progress):
                queue.retry.append(job)


def _run_on_executor(executor: Executor, batch: Batch, progress: BatchProgress, jobs: int) -> None:
    """A bounded window of parcels in flight; the tasks of a lost parcel are submitted again (each up
    to its retries); every returned record is checked against the files it names before it is journaled."""
    window = max(8, WINDOW_PER_JOB * jobs)
    in_flight: dict[Future, list[_Job]] = {}
    queue = _Queue(batch, batch.plan(), progress)
    pace = _Pace()
    while True:
        while len(in_flight) < window and (parcel := _parcel(queue, pace.documents())):
            in_flight[executor.submit(convert_parcel, tuple(job.task for job in parcel))] = parcel
        if not in_flight:
            return
        finished, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
        for future in sorted(finished, key=lambda f: in_flight[f][0].task.relative):
            parcel = in_flight.pop(future)
            try:
                records = future.result()
            except Exception as exc:  # noqa: BLE001 - the parcel never returned: its worker died, or the cluster gave up
                records = [{LOST: f"{type(exc).__name__}: {exc}"[:300]}] * len(parcel)
            for job, entry in zip(parcel, records, strict=True):
                pace.observe(entry.pop(ELAPSED, None))
                _returned(batch, job, entry, queue, progress)


class _Pace:
    """How many documents the next parcel holds: PARCEL_SECONDS by the mean seconds a document took."""

    def __init__(self) -> None:
        self.seconds = self.count = 0.0

    def observe(self, seconds: float | None) -> None:
        if seconds is not None:
            self.seconds += seconds
            self.count += 1

    def documents(self) -> int:
        if not self.count:
            return 1
        mean = self.seconds / self.count
        return max(1, min(PARCEL_DOCUMENTS, int(PARCEL_SECONDS / mean) if mean > 0 else PARCEL_DOCUMENTS))


def _parcel(queue: _Queue, documents: int) -> list[_Job]:
    """The next jobs to submit together: up to ``documents`` of them, or PARCEL_BYTES of sources."""
    parcel: list[_Job] = []
    size = 0
    while len(parcel) < documents and size < PARCEL_BYTES and (job := queue.next()) is not None:
        parcel.append(job)
        size += job.task.size
    return parcel


def _returned(batch: Batch, job: _Job, entry: dict, queue: _Queue, progress: BatchProgress) -> None:
    """Journal what a worker returned for one task, once its files are here; else try it again."""
    if LOST in entry:
        attempt = Attempt(WORKER_LOST, transient=True, message=entry[LOST])
        if _conclude(batch, job, None, attempt, progress):
            queue.retry.append(job)
        return
    problem = ""
    if job.task.returned:
        try:
            receive(job.task, entry)
        except Unreadable as exc:  # this document's files cannot be written here
            problem = exc.message
    problem = problem or _missing_files(job.task, entry)
    if problem:
        attempt = Attempt(OUTPUT_MISSING, transient=True, message=problem)
        if _conclude(batch, job, None, attempt, progress):
            queue.retry.append(job)
        return
    if job.tries:  # the submissions lost before this one
        entry["attempts"] = [t.record() for t in job.tries] + entry.get("attempts", [])
    batch.done(entry, True)
    progress.advance(entry)


def _missing_files(task: Task, entry: dict) -> str:
    """What the record says was written but is not here (a worker that does not share the output folder):
    the manifest must hold the bytes the worker wrote, and the files it names must be here at their sizes.
    (Their digests are ``verify``'s and the audit's to recompute: reading every output back would cost the
    caller as much as the workers spent writing it.)"""
    written = entry.pop(ARRIVAL, None)
    if entry.get("status") != "converted" or not entry.get("manifest"):
        return ""
    manifest = Path(task.output).with_name(entry["manifest"])
    try:
        here = sha256_file(manifest)
    except OSError:
        return f"the worker's output is not in the output folder: {manifest} is missing"
    if here != written:
        return f"the worker's output is not in the output folder: {manifest} is not the manifest it wrote"
    try:
        stated = json.loads(manifest.read_bytes())
        named = [stated["output"]] if stated.get("output") else []
        named += [r for r in stated.get("resources") or () if r.get("written") and r.get("path")]
        for item in named:
            path = contained(manifest.parent, item.get("path") or "")
            if path is None or not path.is_file() or path.stat().st_size != item.get("size"):
                return f"the worker's output is not in the output folder: {item.get('path')!r} is missing"
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        return f"the worker's output is not in the output folder: {type(exc).__name__}"
    return ""


@contextlib.contextmanager
def _opened(executor: Executor | str | None) -> Iterator[Executor | None]:
    """The executor given, or one on the cluster a URL names (closed when the batch ends)."""
    if not isinstance(executor, str):
        yield executor
        return
    client = _dask_client(executor)
    try:
        yield client.get_executor(retries=0, pure=False)
    finally:
        client.close()


def executor_from_url(url: str) -> Executor:
    """``dask://HOST:PORT``: the executor of a Dask distributed cluster, with task retries off."""
    return _dask_client(url).get_executor(retries=0, pure=False)


OUTPUT_MODES = ("shared", "returned")


def parse_executor(url: str) -> tuple[str, str]:
    """``dask://HOST:PORT[?outputs=shared|returned]``: the scheduler's address and how outputs travel."""
    if not url.startswith("dask://"):
        raise UsageError(f"--executor {url}: only dask://HOST:PORT is known")
    address, _, query = url[len("dask://"):].partition("?")
    outputs = "shared"
    for pair in filter(None, query.split("&")):
        key, _, value = pair.partition("=")
        if key != "outputs" or value not in OUTPUT_MODES:
            raise UsageError(f"--executor {url}: the only setting is outputs=shared or outputs=returned")
        outputs = value
    return address, outputs


def _dask_client(url: str):
    address, _ = parse_executor(url)
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--executor dask://… needs the dask extra: pip install 'zenconv[dask]'") from None
    try:
        return Client("tcp://" + address, timeout=30)
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"--executor {url}: cannot reach the Dask scheduler ({type(exc).__name__}: {exc})") from None
