"""One document of a batch: its attempts, and what each failure is about.

Every outcome is either the document's or the run's:

- **permanent** (the document's): a conversion that finished, ``unreadable`` included (refused,
  malformed, a limit the document itself hit: its reader stopped it, or the watchdog measured the
  child itself over ``--max-memory``, or past its deadline while it had the CPU);
- **transient** (the run's): the output could not be written (a full disk, a quota, an I/O error), the
  child was killed from outside (the OOM killer, an operator), its deadline passed while it waited for
  a CPU (an overloaded machine: measured, not guessed), the source changed while it was converted, the
  worker running it was lost. A transient failure writes no manifest (a manifest would state the run's
  fault as the document's); it is retried at once, up to ``retries`` times, each attempt's reason and
  figures kept, and by every rerun after that.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from dataclasses import field
from pathlib import Path
from typing import Any

from .. import __version__
from ..context import Source
from ..family import family_manifests
from ..files import UNWRITABLE, atomic_write
from ..isolation import Child, KillCodes, can_isolate, wait_for
from ..manifest import manifest_path_for
from ..options import SECRET_RECORD, resolve_options
from ..pipeline import Request, Result, run
from ..plugins import LoadedPlugins, build_plugins
from ..reports import Outcome
from ..records import dataclass

BATCH_CODES = KillCodes(deadline="batch.timeout", memory="batch.memory-limit", crashed="batch.worker-crashed",
                        killed="batch.killed")
SOURCE_CHANGED = "batch.source-changed"
WORKER_LOST = "batch.worker-lost"
OUTPUT_MISSING = "batch.output-missing"
SOURCE_UNREADABLE = "host.source-unreadable"
TRANSIENT_CODES = frozenset({UNWRITABLE, BATCH_CODES.killed, SOURCE_CHANGED, WORKER_LOST, OUTPUT_MISSING, SOURCE_UNREADABLE})
ATTEMPT_SUFFIX = ".zenconv-attempt"
OVERLOADED = 0.5  # a deadline is the run's when the child waited for a CPU more than this share of its time
# A deadline is the parent's kill (batch.timeout) or the child's own watchdog (host.deadline, a Python loop
# it reached): either passes sooner on an overloaded machine, and either is judged by the same rule.
DEADLINES = frozenset({BATCH_CODES.deadline, "host.deadline"})
STOPPED_BY_LIMIT = DEADLINES | {"host.memory-limit"}
DEFAULT_RETRIES = 2


@dataclass(frozen=True)
class Task:
    """One document of a batch: where it is, where its output goes, how to convert it."""

    source: str        # absolute path of the source (a cluster's worker may run in another folder)
    relative: str      # its path relative to the batch root, with / separators
    output: str        # absolute path of the output
    to: str | None
    from_: str | None
    options: tuple[tuple[str, Any], ...]
    fail_on: tuple[str, ...]
    manifests: bool
    third_party: bool = True  # an executor's worker loads the same plugin set as the caller
    run_id: str = ""          # the batch run this task belongs to (its attempt marker holds it)
    reader: str = ""          # the reader detection chose while planning (its id), "" if none could
    root: str = ""            # the batch's output folder (absolute): no media file may leave it
    retries: int = DEFAULT_RETRIES
    fingerprint: str = ""     # what the output depends on besides the source (see fingerprint())
    returned: bool = False    # written in the worker's own temporary folder and sent back as bytes
    size: int = 0             # the source's size when planned (what parcels are packed by)

    def request(self) -> Request:
        return Request(source=Source(Path(self.source).name, path=self.source), to=self.to, output=Path(self.output),
                       manifest=self.manifests, from_=self.from_, options=dict(self.options),
                       fail_on=self.fail_on, output_root=Path(self.root) if self.root else None)


def fingerprint(to: str | None, from_: str | None, stated: dict[str, Any], manifests: bool) -> str:
    """What an output depends on besides its source (``stated``: the options as a manifest states them):
    a rerun with another of these converts again."""
    if SECRET_RECORD in stated.values():
        return ""  # a secret is recorded only as set: whether it is the same one cannot be told
    basis = [__version__, to or "markdown", from_, stated, manifests]
    return hashlib.sha256(json.dumps(basis, sort_keys=True).encode()).hexdigest()[:32]


@dataclass
class Attempt:
    """What one attempt of a task came to."""

    code: str | None = None            # None: converted (any outcome); else the failure's code
    transient: bool = False
    message: str = ""
    figures: dict[str, float] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        return {"reason": self.code, "message": self.message, **({"figures": self.figures} if self.figures else {})}


def stat_key(path: str) -> tuple[int, int, int, int] | None:
    """What tells that a file changed: size, modification and change times, inode (None: gone)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino


def judge(task: Task, before, result: Result, child: Child | None) -> Attempt:
    """Whether an attempt's result stands (the document's) or is the run's, to be tried again."""
    after = stat_key(task.source)
    manifest = result.manifest
    if after is None:
        return Attempt("batch.vanished", message="the source was deleted while it was converted")
    if before != after or (manifest.outcome != Outcome.UNREADABLE and manifest.source.size != after[0]):
        return Attempt(SOURCE_CHANGED, transient=True, message="the source changed while it was converted")
    if manifest.outcome != Outcome.UNREADABLE:
        return Attempt()
    code = manifest.reasons[0] if manifest.reasons else ""
    limit_hit = child is not None and (child.kill_code or code in STOPPED_BY_LIMIT)
    figures = _figures(child) if limit_hit else {}  # what was measured
    if code in DEADLINES and child is not None and child.wait_seconds > OVERLOADED * child.wall_seconds:
        return Attempt(code, transient=True, figures=figures,
                       message="the deadline passed while the conversion waited for a CPU (the machine was overloaded)")
    if code in TRANSIENT_CODES:
        return Attempt(code, transient=True, figures=figures, message=manifest.message or "")
    return Attempt(code, figures=figures, message=manifest.message or "")


def _figures(child: Child | None) -> dict[str, float]:
    if child is None or not child.wall_seconds:
        return {}
    figures = {"wall_seconds": child.wall_seconds, "cpu_seconds": child.cpu_seconds,
               "cpu_wait_seconds": child.wait_seconds, "peak_memory": float(child.peak_memory or 0)}
    try:
        figures["load"] = os.getloadavg()[0]
    except OSError:
        pass
    return {k: round(v, 2) for k, v in figures.items()}


def discard(task: Task) -> None:
    """Remove what a transient attempt left: its output and manifest state nothing true."""
    output = Path(task.output)
    for path in (output, manifest_path_for(output)):
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass


KILLED_BY_THE_BATCH = frozenset({BATCH_CODES.deadline, BATCH_CODES.memory, BATCH_CODES.crashed})


def settle(task: Task, result: Result | None, attempt: Attempt) -> None:
    """The files an attempt leaves: none for the run's failures and vanished sources; the manifest of
    a child that ended without a result (the child could not write it) once judged the document's."""
    if attempt.transient or attempt.code == "batch.vanished":
        discard(task)
    elif attempt.code in KILLED_BY_THE_BATCH and result is not None and result.manifest_path is not None:
        atomic_write(result.manifest_path, result.manifest.to_bytes())


def start(task: Task, plugins: LoadedPlugins) -> Child:
    request = task.request()
    options = resolve_options(plugins.registry, request.options)
    return Child(request, plugins, options["timeout"], options["max_memory"], BATCH_CODES, persist_kills=False)


def folder_unwritable(task: Task) -> Attempt | None:
    """Make the output's folder; the run's failure (``host.output-unwritable``) of this document alone
    when it cannot be made (a full disk, a file where the folder should be)."""
    folder = Path(task.output).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from ..files import write_error

        return Attempt(UNWRITABLE, transient=True, message=write_error(folder, exc).message)
    return None


def attempt_once(task: Task, plugins: LoadedPlugins) -> tuple[Result, Attempt]:
    """One blocking attempt (an executor's worker): the same child and judgement as the local runner."""
    unwritable = folder_unwritable(task)
    if unwritable is not None:
        return None, unwritable
    before = stat_key(task.source)
    if before is None:
        return None, Attempt("batch.vanished", message="the source was deleted before it was converted")
    if not can_isolate():
        result = run(task.request(), plugins)
        return result, judge(task, before, result, None)
    child = start(task, plugins)
    result = wait_for(child)
    return result, judge(task, before, result, child)


def entry_of(task: Task, result: Result | None, attempt: Attempt, tries: list[Attempt]) -> dict[str, Any]:
    """The journal record of a task's last attempt (``tries``: the transient attempts before it)."""
    entry: dict[str, Any] = {"source": task.relative}
    if attempt.code == "batch.vanished":
        from .inputs import listing

        return listing(task.relative, "batch.vanished")
    if attempt.transient:
        entry.update(status="failed", failure="transient", reasons=[attempt.code], message=attempt.message,
                     attempts=[t.record() for t in [*tries, attempt]], output=None, manifest=None)
        return entry
    manifest = result.manifest
    path = result.manifest_path
    info = os.stat(task.source) if os.path.exists(task.source) else None
    entry.update(
        status="converted", outcome=manifest.outcome, reasons=list(manifest.reasons),
        output=Path(task.output).name if manifest.output is not None else None,
        output_size=manifest.output.size if manifest.output is not None else None,
        manifest=path.name if path else None, manifest_digest=manifest.digest,
        reports={r.code: r.count for r in manifest.reports},
        source_sha256=manifest.source.sha256, source_size=manifest.source.size,
        source_mtime_ns=info.st_mtime_ns if info else None, options=task.fingerprint,
    )
    embedded = _embedded(manifest, path)
    if embedded:  # absent when none: an index of documents without children reads as it always has
        entry["embedded"] = embedded
    if manifest.outcome == Outcome.UNREADABLE:
        entry["failure"] = "permanent"
        if attempt.figures:
            entry["figures"] = attempt.figures
    if tries:
        entry["attempts"] = [t.record() for t in tries]
    return entry


def _embedded(manifest, path: Path | None) -> int:
    """The embedded documents converted as children of this one, at every depth: the family members with a
    manifest of their own, as ``zenconv audit`` counts them (a child listed as not converted is none)."""
    if not manifest.children:
        return 0
    if path is not None and path.is_file():
        return len(family_manifests(path))
    return sum(1 for child in manifest.children if child.manifest)


@functools.cache
def _worker_plugins(third_party: bool) -> LoadedPlugins:
    """A worker's plugins, built once per process (not once per task)."""
    return build_plugins(third_party=third_party)


_PRELOADED: set[tuple[int, str, str]] = set()


def preload(plugins: LoadedPlugins, reader: str, to: str) -> None:
    """Import a task's reader and writer in this process, once: every child forked from it then starts
    with them loaded, instead of spending most of a small document's time importing its libraries."""
    key = (id(plugins), reader, to)
    if key in _PRELOADED:
        return
    _PRELOADED.add(key)
    for spec in (plugins.registry.readers.get(reader), plugins.registry.writer_named(to)):
        if spec is not None:
            try:
                spec.load()
            except Exception:  # noqa: BLE001, S110 - the child meets the same failure and records it
                pass


# Keys of a worker's record that the caller reads and drops before it journals the record:
ARRIVAL = "arrival"  # the SHA-256 of the manifest the worker wrote (the caller checks the same bytes are here)
ELAPSED = "elapsed"  # the seconds the worker spent on the task (what the caller sizes parcels by)
LOST = "lost"        # a parcel's item for a task whose conversion raised on the worker (retried as lost)


def convert_parcel(tasks: tuple[Task, ...]) -> list[dict[str, Any]]:
    """Run a parcel of tasks, one after another, on an executor's worker: one submission for several
    small documents, so the cluster's cost per task is shared by them. An item is the task's journal
    record, or ``{LOST: why}`` when its conversion raised (that task alone is tried again)."""
    import time

    records = []
    for task in tasks:
        started = time.monotonic()
        try:
            record = convert_task(task)
        except Exception as exc:  # noqa: BLE001 - a fault of the run on this worker, not of the other tasks
            record = {LOST: f"{type(exc).__name__}: {exc}"[:300]}
        record[ELAPSED] = time.monotonic() - started
        records.append(record)
    return records


def convert_task(task: Task) -> dict[str, Any]:
    """Run one task to its journal record on an executor's worker (see :func:`_convert_here`); a
    ``returned`` task converts into a private folder and sends its files back in the record (``files``).
    The record carries the digest of the manifest as written here (``ARRIVAL``), for the caller to
    check that the same bytes are in the output folder."""
    if not task.returned:
        return _with_arrival(_convert_here(task), Path(task.output).parent)
    import dataclasses
    import tempfile

    with tempfile.TemporaryDirectory(prefix="zenconv-task-") as private:
        local = dataclasses.replace(task, output=os.path.join(private, Path(task.output).name), root=private)
        entry = _with_arrival(_convert_here(local, marker_folder=_local_markers()), Path(private))
        entry["files"] = {path.relative_to(private).as_posix(): path.read_bytes()
                          for path in sorted(Path(private).rglob("*")) if path.is_file()}
    return entry


def _with_arrival(entry: dict[str, Any], folder: Path) -> dict[str, Any]:
    if entry.get("status") == "converted" and entry.get("manifest"):
        from ..manifest import sha256_file

        try:
            entry[ARRIVAL] = sha256_file(folder / entry["manifest"])
        except OSError:
            pass  # not written: the caller's check finds it missing
    return entry


def _local_markers() -> Path | None:
    """Where a ``returned`` task's attempt markers live: the worker's own temporary folder (its private
    output folder dies with the worker), so a task rescheduled on this host finds them."""
    import tempfile

    folder = Path(tempfile.gettempdir()) / "zenconv-attempts"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return None
    return folder


def receive(task: Task, entry: dict[str, Any]) -> None:
    """Write the files a ``returned`` task sent back into the output folder, beside its output (each
    through a temporary file; a name that would leave the folder is not written, and the check that
    follows fails the task)."""
    from ..manifest import contained

    files = entry.pop("files", None) or {}
    folder = Path(task.output).parent
    for name, data in sorted(files.items()):
        target = contained(folder, name) if folder_unwritable(task) is None else None
        if target is None:
            continue
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue  # not written: the check that follows finds it missing
        atomic_write(target, data)


def _convert_here(task: Task, marker_folder: Path | None = None) -> dict[str, Any]:
    """Run one task to its journal record: what an Executor's worker runs, retrying the run's failures.

    An attempt marker (``.NAME.zenconv-attempt``, holding the run id and the attempts begun) is left
    beside the output while converting: a task rescheduled after its worker died finds it. The first
    such death is taken as the run's (the task runs again); a document that took a second worker down
    with it is recorded ``batch.worker-crashed``, the document's.
    """
    plugins = _worker_plugins(task.third_party)
    preload(plugins, task.reader, task.to or "markdown")
    unwritable = folder_unwritable(task)
    if unwritable is not None:
        return entry_of(task, None, unwritable, [])
    marker = _attempt_marker(task, marker_folder)
    begun = _attempts_begun(marker, task.run_id)
    tries: list[Attempt] = []
    if begun >= 2:
        return record_killed(task, plugins, "the workers running this conversion died twice; it is not retried",
                             marker_folder)
    if begun == 1:
        tries.append(Attempt(WORKER_LOST, transient=True, message="the worker running this conversion was lost"))
    while True:
        if marker is not None:
            marker.write_text(f"{task.run_id} {begun + len(tries) + 1}", encoding="utf-8")
        try:
            result, attempt = attempt_once(task, plugins)
        finally:
            if marker is not None:
                marker.unlink(missing_ok=True)
        settle(task, result, attempt)
        if attempt.transient and len(tries) < task.retries:
            tries.append(attempt)
            continue
        return entry_of(task, result, attempt, tries)


def record_killed(task: Task, plugins: LoadedPlugins, message: str, marker_folder: Path | None = None) -> dict[str, Any]:
    """Write the ``batch.worker-crashed`` manifest of a task that took its workers down, and its record."""
    from ..pipeline import unreadable_manifest

    request = task.request()
    output = Path(task.output)
    for tmp in output.parent.glob(".*.zenconv-tmp"):  # left by the dead worker's child (named by its pid)
        if tmp.name.startswith(f".{output.name[:40]}"):
            tmp.unlink(missing_ok=True)
    manifest = unreadable_manifest(request, BATCH_CODES.crashed, message, plugins)
    manifest_path = manifest_path_for(output) if task.manifests else None
    if manifest_path is not None:
        atomic_write(manifest_path, manifest.to_bytes())
    marker = _attempt_marker(task, marker_folder)
    if marker is not None:
        marker.unlink(missing_ok=True)
    result = Result(manifest=manifest, exit_code=1, manifest_path=manifest_path)
    return entry_of(task, result, Attempt(BATCH_CODES.crashed, message=message),
                    [Attempt(WORKER_LOST, transient=True, message="the worker running this conversion was lost")] * 2)


def _attempt_marker(task: Task, folder: Path | None = None) -> Path | None:
    """Beside the output; or in ``folder``, named by the run and the source (a ``returned`` task's)."""
    if not task.run_id:
        return None
    if folder is not None:
        key = hashlib.sha256(task.relative.encode("utf-8", "surrogateescape")).hexdigest()[:32]
        return folder / f"{task.run_id}-{key}{ATTEMPT_SUFFIX}"
    output = Path(task.output)
    return output.with_name(f".{output.name}{ATTEMPT_SUFFIX}")


def _attempts_begun(marker: Path | None, run_id: str) -> int:
    """How many attempts of this run began and never finished (0 for another run's stale marker)."""
    if marker is None:
        return 0
    try:
        run, _, count = marker.read_text(encoding="utf-8").partition(" ")
    except OSError:
        return 0
    if run != run_id:
        return 0
    return int(count) if count.isdigit() else 1
