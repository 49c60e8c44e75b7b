"""Folders in, one output and one manifest per document, and a batch index.

The local runner manages its own workers: each document is converted in a forked child that is
killed at its time limit (``concurrent.futures.ProcessPoolExecutor`` cannot kill one task), so one
document that hangs or blows up is recorded ``unreadable`` and the batch goes on. Any
``concurrent.futures.Executor`` (a Dask cluster's, for one) can run the same tasks instead: each task
still isolates its document in a child of the worker, and is never retried: a task that finds its
own attempt marker from the same batch knows an earlier attempt took its worker down, and records
that instead of converting again.
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
import os
import select
import sys
import time
import uuid
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

import click

from .context import Source
from .detect import UsageError, choose_reader
from .files import errno_text
from .isolation import Child, KillCodes, can_isolate, run_isolated
from .manifest import load as load_manifest
from .manifest import manifest_path_for, verify
from .media import check_media_dir
from .options import SECRET_RECORD, resolve_options
from .pipeline import (
    EXIT_OK,
    EXIT_POLICY,
    EXIT_UNREADABLE,
    EXIT_USAGE,
    Request,
    Result,
    _atomic_write,
    _jsonable,
    run,
    unreadable_manifest,
)
from .plugins import BUILTIN_DISTRIBUTION, LoadedPlugins, build_plugins
from .reports import Unreadable
from .terminal import safe

INDEX_NAME = "zenconv-index.jsonl"
BATCH_CODES = KillCodes(deadline="batch.timeout", memory="batch.memory-limit", crashed="batch.worker-crashed")
ATTEMPT_SUFFIX = ".zenconv-attempt"


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

    def request(self) -> Request:
        return Request(source=Source(Path(self.source).name, path=self.source), to=self.to, output=Path(self.output),
                       manifest=self.manifests, from_=self.from_, options=dict(self.options),
                       fail_on=self.fail_on, output_root=Path(self.root) if self.root else None)


def collect(inputs: Iterable[str], out_dir: Path) -> list[tuple[Path, str]]:
    """(source path, relative name) for every file under the inputs, sorted, the output folder left out."""
    inputs = list(inputs)
    found: dict[str, Path] = {}
    out_resolved = out_dir.resolve()
    single_folder = len(inputs) == 1 and Path(inputs[0]).is_dir()
    for arg in inputs:
        path = Path(arg)
        if path.is_dir():
            if path.resolve() == out_resolved:
                raise UsageError(f"-o {out_dir} is the input folder itself: give another output folder")
            for root, dirs, files in os.walk(path):
                root_path = Path(root)
                dirs[:] = sorted(d for d in dirs if (root_path / d).resolve() != out_resolved)
                for name in sorted(files):
                    file = root_path / name
                    rel = file.relative_to(path).as_posix()
                    _add(found, rel if single_folder else f"{path.name}/{rel}", file)
        elif path.is_file():
            _add(found, path.name, path)
        else:
            raise UsageError(f"{arg}: no such file or folder")
    return sorted(((p, rel) for rel, p in found.items()), key=lambda t: t[1])


def _add(found: dict[str, Path], rel: str, path: Path) -> None:
    if rel in found and found[rel].resolve() != path.resolve():
        raise UsageError(f"{found[rel]} and {path} would both be written as {rel}: give their folders instead")
    found[rel] = path


def plan(inputs, out_dir: Path, plugins: LoadedPlugins, *, to, from_, options, fail_on, manifests,
         run_id: str = "") -> tuple[list[Task], list[dict]]:
    """The tasks to run and the files skipped (unsupported), with their reasons."""
    registry = plugins.registry
    writer = registry.writer_named(to) if to else registry.writer_named("markdown")
    if writer is None:
        raise UsageError(f"--to {to}: no such writer")
    ext = writer.extensions[0] if writer.extensions else ".out"
    third_party = any(d.split("\0")[0] != BUILTIN_DISTRIBUTION for d in plugins.distributions.values())
    tasks, skipped = [], []
    for path, rel in collect(inputs, out_dir):
        if path.name.startswith(".") or path.name.endswith(".manifest.json") or path.name == INDEX_NAME:
            continue
        try:
            reader = choose_reader(Source(path.name, path=path), registry, from_).id
        except Unreadable as exc:
            if exc.code == "host.unknown-format":
                skipped.append({"source": rel, "status": "skipped", "reason": "no reader for this format"})
                continue
            reader = ""  # refused before any reader (empty, legacy binary): the conversion records it
        except OSError as exc:
            skipped.append({"source": rel, "status": "skipped", "reason": str(exc)})
            continue
        output = out_dir / (rel + ext)
        tasks.append(Task(os.path.abspath(path), rel, os.path.abspath(output), to, from_,
                          tuple(sorted(options.items())), fail_on, manifests, third_party, run_id, reader,
                          os.path.abspath(out_dir)))
    return tasks, skipped


def up_to_date(task: Task, plugins: LoadedPlugins) -> dict | None:
    """The index entry of a previous run still valid for this task, or None."""
    output = Path(task.output)
    manifest_path = manifest_path_for(output)
    if not manifest_path.is_file():
        return None
    try:
        manifest = load_manifest(manifest_path)
    except (OSError, ValueError):
        return None
    source = Source(Path(task.source).name, path=task.source)
    changed = resolve_options(plugins.registry, dict(task.options)).changed
    if SECRET_RECORD in changed.values():
        return None  # a secret is recorded only as set: whether it is the same one cannot be told
    if manifest.source.sha256 != source.sha256 or manifest.options != {k: _jsonable(v) for k, v in changed.items()}:
        return None
    if verify(manifest_path):
        return None
    return entry_of(task, manifest, manifest_path, status="unchanged")


def entry_of(task: Task, manifest, manifest_path: Path | None, status: str = "converted") -> dict:
    return {
        "source": task.relative,
        "source_sha256": manifest.source.sha256,
        "status": status,
        "outcome": manifest.outcome,
        "reasons": list(manifest.reasons),
        "output": Path(task.output).name if manifest.output is not None else None,
        "manifest": manifest_path.name if manifest_path else None,
        "manifest_digest": manifest.digest,
        "reports": {r.code: r.count for r in manifest.reports},
    }


def convert_task(task: Task) -> dict:
    """Run one task to its index entry: what an Executor's worker runs (isolated when it can fork)."""
    plugins = build_plugins(third_party=task.third_party)
    output = Path(task.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    marker = _attempt_marker(task)
    if marker is not None and _read_text(marker) == task.run_id:
        return record_killed(task, plugins, "the worker running this conversion died; it is not retried")
    if marker is not None:
        marker.write_text(task.run_id, encoding="utf-8")
    try:
        request = task.request()
        options = resolve_options(plugins.registry, request.options)
        result = run_isolated(request, plugins, options["timeout"], options["max_memory"], BATCH_CODES)
        return entry_of(task, result.manifest, result.manifest_path)
    finally:
        if marker is not None:
            marker.unlink(missing_ok=True)


def record_killed(task: Task, plugins: LoadedPlugins, message: str) -> dict:
    """Write the ``batch.worker-crashed`` manifest of a task whose worker died, and return its entry."""
    request = task.request()
    output = Path(task.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    for tmp in output.parent.glob(f".{output.name}.*.zenconv-tmp"):  # left by the dead worker's child
        tmp.unlink(missing_ok=True)
    manifest = unreadable_manifest(request, BATCH_CODES.crashed, message, plugins)
    manifest_path = manifest_path_for(output) if task.manifests else None
    if manifest_path is not None:
        _atomic_write(manifest_path, manifest.to_bytes())
    marker = _attempt_marker(task)
    if marker is not None:
        marker.unlink(missing_ok=True)
    return entry_of(task, manifest, manifest_path)


def _attempt_marker(task: Task) -> Path | None:
    if not task.run_id:
        return None
    output = Path(task.output)
    return output.with_name(f".{output.name}{ATTEMPT_SUFFIX}")


def _read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def run_batch(inputs, out_dir: Path, plugins: LoadedPlugins, *, to=None, from_=None, options=None, fail_on=(),
              quiet=False, jobs=1, force=False, manifests=True, executor: Executor | str | None = None) -> int:
    """Convert every document under ``inputs`` into ``out_dir``; write the index; return the exit code."""
    options = dict(options or {})
    try:
        for key in ("media_dir", "media-dir"):
            if options.get(key):  # shared by every document (their files are named by content)
                check_media_dir(options[key], out_dir.resolve())
        resolve_options(plugins.registry, options)
        tasks, skipped = plan(inputs, out_dir, plugins, to=to, from_=from_, options=options, fail_on=tuple(fail_on),
                              manifests=manifests, run_id=uuid.uuid4().hex)
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
        except OSError as exc:
            click.echo(safe(f"zenconv: cannot create the output folder {out_dir}: {errno_text(exc)}"), err=True)
            return EXIT_UNREADABLE
        entries: list[dict] = list(skipped)
        pending: list[Task] = []
        for task in tasks:
            kept = None if force else up_to_date(task, plugins)
            if kept is not None:
                entries.append(kept)
            else:
                pending.append(task)
        progress = stack.enter_context(BatchProgress(len(pending), show=not quiet and sys.stderr.isatty()))
        if pool is not None:
            entries += _run_on_executor(pool, pending, plugins, progress)
        else:
            entries += _run_local(pending, plugins, max(1, jobs), progress)

    entries.sort(key=lambda e: e["source"])
    index = out_dir / INDEX_NAME
    _atomic_write(index, "".join(json.dumps(e, sort_keys=True, ensure_ascii=False) + "\n" for e in entries)
                  .encode("utf-8"))
    counts: dict[str, int] = {}
    for e in entries:
        key = e.get("outcome") or e["status"]
        counts[key] = counts.get(key, 0) + 1
    if not quiet:
        summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        click.echo(safe(f"zenconv: {len(entries)} files: {summary}; index {index}"), err=True)
    codes = {code for e in entries for code in (*e.get("reports", {}), *e.get("reasons", ()))}
    if any(fnmatch.fnmatchcase(code, pattern) for code in codes for pattern in fail_on):
        return EXIT_POLICY
    if any(e.get("outcome") == "unreadable" for e in entries):
        return EXIT_UNREADABLE
    return EXIT_OK


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


def _run_local(tasks: list[Task], plugins: LoadedPlugins, jobs: int, progress: BatchProgress) -> list[dict]:
    """At most ``jobs`` children at once; each killed at its own deadline."""
    entries: list[dict] = []
    if not can_isolate():
        for task in tasks:
            Path(task.output).parent.mkdir(parents=True, exist_ok=True)
            result = run(task.request(), plugins)
            entries.append(entry_of(task, result.manifest, result.manifest_path))
            progress.advance(entries[-1])
        return entries
    _preload(tasks, plugins)
    queue = list(reversed(tasks))
    running: dict[Child, Task] = {}
    while queue or running:
        while queue and len(running) < jobs:
            task = queue.pop()
            Path(task.output).parent.mkdir(parents=True, exist_ok=True)
            request = task.request()
            opts = resolve_options(plugins.registry, request.options)
            running[Child(request, plugins, opts["timeout"], opts["max_memory"], BATCH_CODES)] = task
        wait = min(c.wait_hint() for c in running)  # the deadlines, and the memory watchdog's sampling
        ready, _, _ = select.select(list(running), [], [], wait)
        done = [c for c in ready if not c.feed()]
        for child in running:
            if child not in ready and child.overdue():
                child.kill()
                done.append(child)
        for child in done:
            task = running.pop(child)
            result: Result = child.finish()
            entries.append(entry_of(task, result.manifest, result.manifest_path))
            progress.advance(entries[-1])
    return entries


def _preload(tasks: list[Task], plugins: LoadedPlugins) -> None:
    """Import the readers and the writer the batch needs once, here: every forked child then starts
    with them loaded, instead of spending most of a small document's time importing its libraries."""
    registry = plugins.registry
    specs = [registry.readers[r] for r in sorted({t.reader for t in tasks if t.reader}) if r in registry.readers]
    for to in sorted({t.to or "markdown" for t in tasks}):
        specs.append(registry.writer_named(to))
    for spec in specs:
        try:
            spec.load()
        except Exception:  # noqa: BLE001, S110 - the child meets the same failure and records it
            pass


def _run_on_executor(executor: Executor, tasks: list[Task], plugins: LoadedPlugins,
                     progress: BatchProgress) -> list[dict]:
    futures = {executor.submit(convert_task, task): task for task in tasks}
    entries = []
    for future in as_completed(futures):
        task = futures[future]
        try:
            entries.append(future.result())
        except Exception as exc:  # noqa: BLE001 - the task never returned: its worker died, or the cluster gave up
            entries.append(record_killed(task, plugins, f"{type(exc).__name__}: {exc}"[:300]))
        progress.advance(entries[-1])
    return entries


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


def _dask_client(url: str):
    if not url.startswith("dask://"):
        raise UsageError(f"--executor {url}: only dask://HOST:PORT is known")
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--executor dask://… needs the dask extra: pip install 'zenconv[dask]'") from None
    address = "tcp://" + url[len("dask://"):]
    try:
        return Client(address, timeout=30)
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"--executor {url}: cannot reach the Dask scheduler ({type(exc).__name__}: {exc})") from None
