"""Hard limits around one conversion: a forked child with an address-space ceiling and a deadline.

The guard's checkpoints stop a conversion that loops in Python; they cannot stop one stuck in C (an
XML parser, zlib, pdfminer's inflate). So the command line runs each conversion in a forked child
whose address space is capped (``RLIMIT_AS``: a runaway allocation fails with MemoryError) and which
the parent kills at the deadline. A killed child leaves only temporary files, which the parent
removes, and the parent writes the ``unreadable`` manifest itself.
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time
from pathlib import Path

from .pipeline import EXIT_UNREADABLE, Request, Result, run, unreadable_manifest
from .plugins import LoadedPlugins

GRACE_SECONDS = 2.0          # the child's own checkpoint should fire first; this is the backstop
ADDRESS_SPACE_HEADROOM = 1 << 30  # virtual memory is larger than RSS (libraries, arenas): allow for it


def can_isolate() -> bool:
    return hasattr(os, "fork") and not os.environ.get("ZENCONV_NO_FORK")


def run_isolated(request: Request, plugins: LoadedPlugins, timeout: float | None, max_memory: int | None) -> Result:
    """Run :func:`zenconv.pipeline.run` in a child; the same Result, or an unreadable one if it was killed."""
    if not can_isolate():
        return run(request, plugins)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: convert, send the result, leave without running the parent's atexit hooks
        code = 70
        try:
            os.close(read_end)
            _cap_address_space(max_memory)
            result = run(request, plugins)
            payload = pickle.dumps((result.manifest, result.exit_code, result.policy_matches, result.reports))
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
            code = 0
        except BaseException:  # noqa: BLE001 - nothing may escape a forked child
            code = 70
        finally:
            os._exit(code)

    os.close(write_end)
    deadline = time.monotonic() + timeout + GRACE_SECONDS if timeout else None
    chunks: list[bytes] = []
    killed = False
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([pipe], [], [], wait)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if chunks and not killed:
        try:
            manifest, exit_code, matches, reports = pickle.loads(b"".join(chunks))
            return Result(manifest=manifest, exit_code=exit_code, policy_matches=matches,
                          manifest_path=_manifest_path_of(request), reports=reports)
        except Exception:  # a truncated payload: the child died while sending
            pass
    if killed:
        code, message = "host.deadline", "the conversion ran past its time limit and was stopped (--timeout)"
    elif os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        code, message = "host.memory-limit", "the conversion was killed, most likely for memory (--max-memory)"
    elif os.WIFSIGNALED(status):
        code, message = "host.internal-error", f"the conversion crashed (signal {os.WTERMSIG(status)})"
    else:
        code, message = "host.memory-limit", "the conversion failed without a result, most likely out of memory"
    _remove_temporaries(request, pid)
    manifest = unreadable_manifest(request, code, message, plugins)
    path = _manifest_path_of(request)
    if path is not None:
        path.write_bytes(manifest.to_bytes())
    return Result(manifest=manifest, exit_code=EXIT_UNREADABLE, manifest_path=path)


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


def _manifest_path_of(request: Request) -> Path | None:
    from .pipeline import _manifest_path

    return _manifest_path(request)


def _remove_temporaries(request: Request, pid: int) -> None:
    """Temporary files a killed child left beside its output and manifest."""
    folders = {p.parent for p in (request.output, _manifest_path_of(request)) if p is not None}
    for folder in folders:
        for tmp in folder.glob(f".*.{pid}.*.zenconv-tmp"):
            try:
                tmp.unlink()
            except OSError:
                pass
