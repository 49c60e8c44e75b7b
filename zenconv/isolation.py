"""Hard limits around one conversion: a forked child with an address-space ceiling and a deadline.

The guard's checkpoints stop a conversion that loops in Python; they cannot stop one stuck in C (an
XML parser, zlib, pdfminer's inflate). So the command line runs each conversion in a forked child
whose address space is capped (``RLIMIT_AS``: a runaway allocation fails with MemoryError) and which
the parent kills at the deadline. A killed child leaves only temporary files, which the parent
removes, and the parent writes the ``unreadable`` manifest itself. The batch runner keeps several
such children going at once through :class:`Child`.
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time
from dataclasses import dataclass

from .pipeline import EXIT_UNREADABLE, Request, Result, _atomic_write, _manifest_path, run, unreadable_manifest
from .plugins import LoadedPlugins

GRACE_SECONDS = 2.0               # the child's own checkpoint should fire first; this is the backstop
ADDRESS_SPACE_HEADROOM = 1 << 30  # virtual memory is larger than RSS (libraries, arenas): allow for it


@dataclass(frozen=True)
class KillCodes:
    """The codes for a child that ended without a result (the host's, or the batch runner's)."""

    deadline: str = "host.deadline"
    memory: str = "host.memory-limit"
    crashed: str = "host.internal-error"


def can_isolate() -> bool:
    return hasattr(os, "fork") and not os.environ.get("ZENCONV_NO_FORK")


class Child:
    """One conversion running in a forked child; the parent polls it and collects its Result."""

    def __init__(self, request: Request, plugins: LoadedPlugins, timeout: float | None, max_memory: int | None,
                 codes: KillCodes = KillCodes()) -> None:
        self.request, self.plugins, self.codes = request, plugins, codes
        self.deadline = time.monotonic() + timeout + GRACE_SECONDS if timeout else None
        self._chunks: list[bytes] = []
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            _child_main(request, plugins, max_memory, write_end)
        os.close(write_end)
        self.pid = pid
        self.pipe = os.fdopen(read_end, "rb", buffering=0)
        self.killed = False

    def fileno(self) -> int:
        return self.pipe.fileno()

    def overdue(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def feed(self) -> bool:
        """Read what the child sent; False once it closed its end."""
        chunk = self.pipe.read(1 << 16)
        if chunk:
            self._chunks.append(chunk)
            return True
        return False

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.killed = True

    def finish(self) -> Result:
        self.pipe.close()
        _, status = os.waitpid(self.pid, 0)
        if self._chunks and not self.killed:
            try:
                manifest, exit_code, matches, reports = pickle.loads(b"".join(self._chunks))
                return Result(manifest=manifest, exit_code=exit_code, policy_matches=matches,
                              manifest_path=_manifest_path(self.request), reports=reports)
            except Exception:  # a truncated payload: the child died while sending
                pass
        if self.killed:
            code, message = self.codes.deadline, "the conversion ran past its time limit and was stopped"
        elif os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
            code, message = self.codes.memory, "the conversion was killed, most likely for memory"
        elif os.WIFSIGNALED(status):
            code, message = self.codes.crashed, f"the conversion crashed (signal {os.WTERMSIG(status)})"
        elif os.WIFEXITED(status) and os.WEXITSTATUS(status) == _EXIT_MEMORY:
            code, message = self.codes.memory, "the conversion ran out of memory (--max-memory)"
        else:
            code, message = self.codes.crashed, "the conversion ended without a result"
        _remove_temporaries(self.request, self.pid)
        manifest = unreadable_manifest(self.request, code, message, self.plugins)
        path = _manifest_path(self.request)
        if path is not None:
            _atomic_write(path, manifest.to_bytes())
        return Result(manifest=manifest, exit_code=EXIT_UNREADABLE, manifest_path=path)


_EXIT_CRASHED, _EXIT_MEMORY = 70, 71


def _child_main(request: Request, plugins: LoadedPlugins, max_memory: int | None, write_end: int) -> None:
    code = _EXIT_CRASHED
    try:
        _die_with_parent()
        _cap_address_space(max_memory)
        result = run(request, plugins)
        payload = pickle.dumps((result.manifest, result.exit_code, result.policy_matches, result.reports))
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(payload)
        code = 0
    except MemoryError:
        code = _EXIT_MEMORY
    except BaseException:  # noqa: BLE001 - nothing may escape a forked child; the parent reports it
        code = _EXIT_CRASHED
    finally:
        os._exit(code)


def run_isolated(request: Request, plugins: LoadedPlugins, timeout: float | None, max_memory: int | None,
                 codes: KillCodes = KillCodes()) -> Result:
    """Run :func:`zenconv.pipeline.run` in a child; the same Result, or an unreadable one if it was killed."""
    if not can_isolate():
        return run(request, plugins)
    child = Child(request, plugins, timeout, max_memory, codes)
    while True:
        wait = None if child.deadline is None else max(0.0, child.deadline - time.monotonic())
        ready, _, _ = select.select([child], [], [], wait)
        if not ready:
            child.kill()
            break
        if not child.feed():
            break
    return child.finish()


def _die_with_parent() -> None:
    """Linux: the child is killed when its parent dies (a killed batch worker leaves no orphan behind)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _cap_address_space(max_memory: int | None) -> None:
    if not max_memory:
        return
    try:
        with open("/proc/self/statm", "rb") as fh:
            virtual = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        virtual = 0
    limit = virtual + max_memory + ADDRESS_SPACE_HEADROOM
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _remove_temporaries(request: Request, pid: int) -> None:
    """Temporary files a killed child left beside its output and manifest (named with its pid)."""
    folders = {p.parent for p in (request.output, _manifest_path(request)) if p is not None}
    for folder in folders:
        for tmp in folder.glob(f".*.{pid}.*.zenconv-tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
