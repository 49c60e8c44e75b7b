"""Hard limits around one conversion: a forked child, watched from outside.

The guard's checkpoints and its watchdog (an interval timer in the child) stop a conversion that
loops in Python; they cannot stop one stuck in C (an XML parser, zlib). So every entry point (the
command line, the Python API, stdin, the batch runner) runs a conversion in a forked child that the
parent watches: it samples the child's private resident memory (``/proc/PID/statm``) every
:data:`zenconv.watch.SAMPLE_SECONDS` and kills it past ``--max-memory``, and kills it at the deadline. An
address-space ceiling (``RLIMIT_AS``) is the backstop for an allocation faster than the sampling: a
single huge allocation fails at once with MemoryError. A killed child leaves only temporary files
named by its pid, which the parent removes, and the parent writes the ``unreadable`` manifest itself.

Memory is counted from where the conversion starts: the child begins as a copy of its parent (the
interpreter, the loaded plugins, whatever the API's caller holds), and ``--max-memory`` bounds what
the conversion adds to that.
"""

from __future__ import annotations

import functools
import os
import resource
import select
import signal
import time
from pathlib import Path

try:  # the C pickler itself: the pickle module around it costs every conversion 5 M instructions of start-up
    from _pickle import dumps, loads
except ImportError:  # pragma: no cover - an interpreter without it
    from pickle import dumps, loads

from .context import spool_path
from .options import resolve_options
from .pipeline import (
    EXIT_UNREADABLE, STRICT_ENV, Request, Result, _atomic_write, _manifest_path, run, unreadable_manifest,
)
from .plugins import LoadedPlugins
from .records import dataclass
from .watch import EXIT_CRASHED, GRACE_SECONDS, Limits, _prctl, current_rss, die_with_parent, private_memory
# Address space the child may map beyond what it starts with and --max-memory: shared libraries a reader
# loads on first use (lxml, pdfminer's CMaps) and malloc's reserve are mapped long before they are resident.
# Measured on the corpus and bench documents: at most 6 MiB more mapped than resident (docs/architecture.md).
ADDRESS_SPACE_SLACK = 32 << 20


@dataclass(frozen=True)
class KillCodes:
    """The codes for a child that ended without a result (the host's, or the batch runner's)."""

    deadline: str = "host.deadline"
    memory: str = "host.memory-limit"
    crashed: str = "host.internal-error"
    killed: str | None = None  # SIGKILL from outside (the OOM killer, an operator); None: counted as memory


def can_isolate() -> bool:
    return hasattr(os, "fork") and not os.environ.get("ZENCONV_NO_FORK")


class ChildRaised(Exception):
    """Under ZENCONV_STRICT, an exception the child's conversion raised, carried to the API's caller."""


class Child:
    """One conversion running in a forked child; the parent polls it and collects its Result.

    ``keep``: the API's child also sends back the output bytes and the kept document (pickled).
    """

    def __init__(self, request: Request, plugins: LoadedPlugins, timeout: float | None, max_memory: int | None,
                 codes: KillCodes = KillCodes(), keep: bool = False, persist_kills: bool = True) -> None:
        self.request, self.plugins, self.codes = request, plugins, codes
        self.persist_kills = persist_kills  # False: the caller decides whether a killed child's manifest is written
        # ``timeout`` is the base; the budget grows with the source (time_budget), as the child's does.
        self.started = time.monotonic()
        deadline, per_mib = _deadline(request, plugins, timeout, self.started)
        self.max_memory = max_memory or None
        self.baseline = current_rss()  # what the child's peak (ru_maxrss) is counted from
        self.private_baseline = private_memory()  # what --max-memory is counted from (see private_memory)
        self.peak_memory: int | None = None  # what the child added at its peak (ru_maxrss), once finished
        self.cpu_seconds = self.wall_seconds = 0.0  # what the child used, once finished
        self.wait_seconds = 0.0  # how long it was runnable but waited for a CPU (/proc/PID/schedstat)
        self.kill_code: str | None = None  # the code it ended under when it ended without a result
        self._chunks: list[bytes] = []
        _prctl()  # resolved in the parent, so that no child pays for it
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            _child_main(request, plugins, max_memory, write_end, keep)
        os.close(write_end)
        self.pid = pid
        self.pipe = os.fdopen(read_end, "rb", buffering=0)
        self.limits = Limits(pid, deadline, self.max_memory, self.private_baseline, per_mib,
                             str(spool_path(pid)) if request.source.stream is not None else None)
        self.killed: str | None = None  # "deadline" or "memory": why the parent killed it
        self._why = "deadline"

    def fileno(self) -> int:
        return self.pipe.fileno()

    def wait_hint(self) -> float:
        """Seconds the parent may block before it must look at this child again."""
        return self.limits.wait_hint()

    def overdue(self) -> bool:
        """Past the deadline or over the memory limit: the parent must kill it (see :attr:`killed`)."""
        why = self.limits.overdue()
        if why is not None:
            self._why = why
        return why is not None

    def feed(self) -> bool:
        """Read what the child sent; False once it closed its end."""
        chunk = self.pipe.read(1 << 16)
        if chunk:
            self._chunks.append(chunk)
            return True
        return False

    def kill(self) -> None:
        self._sample_schedule()
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.killed = self._why

    def _sample_schedule(self) -> None:
        """The child's time waiting on a run queue: what tells an overloaded machine from a slow document."""
        try:
            with open(f"/proc/{self.pid}/schedstat", "rb") as fh:
                self.wait_seconds = max(self.wait_seconds, int(fh.read().split()[1]) / 1e9)
        except (OSError, ValueError, IndexError):
            pass

    def finish(self, reraise: bool = False) -> Result:
        self.pipe.close()
        self._sample_schedule()
        _, status, usage = os.wait4(self.pid, 0)
        self.peak_memory = max(0, usage.ru_maxrss * 1024 - self.baseline)
        self.cpu_seconds = usage.ru_utime + usage.ru_stime
        self.wall_seconds = time.monotonic() - self.started
        if self._chunks and not self.killed:
            try:
                payload = loads(b"".join(self._chunks))
            except Exception:  # a truncated payload: the child died while sending
                payload = None
            if payload is not None and payload[0] == "raised":
                _remove_temporaries(self.request, self.pid)
                if reraise:
                    raise payload[1]
                payload = None
            if payload is not None:
                _, manifest, exit_code, matches, reports, output, document = payload
                return Result(manifest=manifest, exit_code=exit_code, policy_matches=matches, output=output,
                              document=document, manifest_path=_manifest_path(self.request), reports=reports,
                              peak_memory=self.peak_memory)
        self.kill_code, result = unfinished(self.request, self.plugins, self.codes, self.killed, status, self.pid,
                                            persist=self.persist_kills)
        result.peak_memory = self.peak_memory
        return result


def unfinished(request: Request, plugins: LoadedPlugins, codes: KillCodes, killed: str | None, status: int,
               pid: int, persist: bool = True) -> tuple[str, Result]:
    """The code and the unreadable Result of a conversion process that ended without its result: ``killed``
    by its watcher (``"deadline"``, ``"memory"``), or dead of itself (``status``, as ``os.waitpid`` gives
    it). Its temporary files are removed; with ``persist``, its manifest is written where it was asked."""
    if killed == "memory":
        code, message = codes.memory, "the conversion went over --max-memory and was stopped"
    elif killed:
        code, message = codes.deadline, "the conversion ran past its time limit and was stopped"
    elif os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL and codes.killed:
        code, message = codes.killed, "the conversion was killed from outside (SIGKILL: the OOM killer?)"
    elif os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        code, message = codes.memory, "the conversion was killed, most likely for memory"
    elif os.WIFSIGNALED(status):
        code, message = codes.crashed, f"the conversion crashed (signal {os.WTERMSIG(status)})"
    elif os.WIFEXITED(status) and os.WEXITSTATUS(status) == _EXIT_MEMORY:
        code, message = codes.memory, "the conversion ran out of memory (--max-memory)"
    else:
        code, message = codes.crashed, "the conversion ended without a result"
    _remove_temporaries(request, pid)
    manifest = unreadable_manifest(request, code, message, plugins)
    path = _manifest_path(request)
    if path is not None and persist:
        _atomic_write(path, manifest.to_bytes())
    return code, Result(manifest=manifest, exit_code=EXIT_UNREADABLE, manifest_path=path)


_EXIT_MEMORY = 71


def _child_main(request: Request, plugins: LoadedPlugins, max_memory: int | None, write_end: int,
                keep: bool) -> None:
    code = EXIT_CRASHED
    try:
        die_with_parent()
        _cap_address_space(max_memory)
        request.ends_process = True  # this child ends with os._exit below
        try:
            result = run(request, plugins)
        except Exception as exc:  # only under ZENCONV_STRICT (tests) does run let one through
            if not (keep and os.environ.get(STRICT_ENV)):
                raise
            payload = dumps(("raised", _portable(exc)))
        else:
            fields = ["result", result.manifest, result.exit_code, result.policy_matches, result.reports,
                      result.output if keep else None, result.document if keep else None]
            try:
                payload = dumps(tuple(fields))
            except Exception:  # a document a plugin filled with what cannot travel: the rest still does
                fields[-1] = None
                payload = dumps(tuple(fields))
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(payload)
        code = 0
    except MemoryError:
        code = _EXIT_MEMORY
    except BaseException:  # noqa: BLE001 - nothing may escape a forked child; the parent reports it
        code = EXIT_CRASHED
    finally:
        os._exit(code)


def _portable(exc: Exception) -> Exception:
    """The exception itself when it survives pickling, else its traceback as text."""
    try:
        loads(dumps(exc))
        return exc
    except Exception:
        import traceback

        return ChildRaised("".join(traceback.format_exception(exc)))


def run_isolated(request: Request, plugins: LoadedPlugins, timeout: float | None, max_memory: int | None,
                 codes: KillCodes = KillCodes(), keep: bool = False) -> Result:
    """Run :func:`zenconv.pipeline.run` in a child; the same Result, or an unreadable one if it was killed.

    ``keep`` (the API): the output bytes and the document come back too, and under ZENCONV_STRICT an
    exception in the child is raised here.
    """
    if not can_isolate():
        return run(request, plugins)
    return wait_for(Child(request, plugins, timeout, max_memory, codes, keep), reraise=keep)


def run_watched(pipe: int, request: Request, plugins: LoadedPlugins, timeout: float | None,
                max_memory: int | None, finish: bytes) -> Result:
    """Run :func:`zenconv.pipeline.run` in this process, watched by the parent :mod:`zenconv.launch` forked
    it from (``pipe``: the pipe to it), under the limits a forked child gets.

    ``finish``: what the parent needs to conclude the conversion if it kills this process or this process
    dies (:func:`zenconv.cli.conclude_unfinished`).
    """
    from . import launch

    started = time.monotonic()
    deadline, per_mib = _deadline(request, plugins, timeout, started)
    spool = str(spool_path()) if request.source.stream is not None else None
    launch.arm(pipe, Limits(os.getpid(), deadline, max_memory, private_memory(), per_mib, spool), finish)
    ceiling = resource.getrlimit(resource.RLIMIT_AS)
    _cap_address_space(max_memory)
    request.ends_process = True  # what the conversion leaves is freed by the exit, not collected on the way
    try:
        result = run(request, plugins)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, ceiling)  # the summary and the signature are not the conversion's
    # Only with its result: a conversion an exception left (a Ctrl-C's KeyboardInterrupt) stays armed, and
    # the parent removes the temporary files it left once this process has ended.
    launch.disarm(pipe)
    return result


def wait_for(child: Child, reraise: bool = False) -> Result:
    """Block until ``child`` ends (or is killed at its limits) and collect its Result."""
    while True:
        ready, _, _ = select.select([child], [], [], child.wait_hint())
        if ready:
            if not child.feed():
                break
        elif child.overdue():
            child.kill()
            break
    return child.finish(reraise=reraise)


def _deadline(request: Request, plugins: LoadedPlugins, timeout: float | None, started: float):
    """When the watcher kills a conversion that began at ``started`` (``time.monotonic``), and the seconds
    it earns per MiB: the base ``timeout`` and the grace, then as the child's own budget grows with the
    source (time_budget). None: no deadline."""
    if not timeout:
        return None, 0.0
    per_mib = resolve_options(plugins.registry, request.options)["timeout_per_mib"]
    return started + timeout + GRACE_SECONDS + per_mib * _size_of(request.source) / (1 << 20), per_mib


def _size_of(source) -> int:
    try:
        return source.size
    except OSError:  # a path that is not there: the child's conversion says so in its manifest
        return 0


def _cap_address_space(max_memory: int | None) -> None:
    if not max_memory:
        return
    try:
        with open("/proc/self/statm", "rb") as fh:
            virtual = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        virtual = 0
    limit = virtual + max_memory + ADDRESS_SPACE_SLACK
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _remove_temporaries(request: Request, pid: int) -> None:
    """Temporary files a killed child left (each named with its pid): beside its output and manifest,
    and in $TMPDIR its output on the way to stdout or the API and the stdin it was reading."""
    folders = {p.parent for p in (request.output, _manifest_path(request)) if p is not None}
    leftovers = [tmp for folder in folders for tmp in folder.glob(f".*.{pid}.*.zenconv-tmp")]
    import tempfile

    leftovers += Path(tempfile.gettempdir()).glob(f"zenconv-{pid}.*.tmp")  # spool_path's name too
    for tmp in leftovers:
        try:
            tmp.unlink()
        except OSError:
            pass
