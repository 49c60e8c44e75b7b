"""A conversion's hard limits as the process watching it checks them: its deadline and its memory.

Two watchers use it: the parent of a forked conversion (:class:`zenconv.isolation.Child`, for the API,
the batch runner and embedded documents) and the command's launcher (:mod:`zenconv.launch`), whose
child converts in the process that read the arguments. This module imports nothing but the standard
library's ``functools``, ``os``, ``signal`` and ``time`` (``ctypes`` when :func:`die_with_parent` is
called): the launcher watches from a process that has imported nothing else.
"""

from __future__ import annotations

import functools
import os
import signal
import time

GRACE_SECONDS = 2.0    # the child's own watchdog should fire first; the parent's kill is the backstop
SAMPLE_SECONDS = 0.02  # how often the parent reads the child's RSS: a child allocating fast gains tens of MiB

EXIT_CRASHED = 70  # the exit status (EX_SOFTWARE) of a conversion process that could not go on

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def current_rss() -> int:
    """Resident set size of this process in bytes (0 where /proc is not there)."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def private_memory(pid: int | str = "self") -> int:
    """The resident memory of a process that is its own (anonymous: its heap, its stacks), in bytes: the
    RSS less the pages of files it maps (shared libraries, mapped files). What ``--max-memory`` bounds.

    Not the RSS because a forked child starts with few of its parent's file pages in its page tables and
    counts each as it touches it again: measured against the parent's RSS, a child forked from a large
    process (a Dask worker with its libraries loaded) could allocate tens of MiB more than one forked from
    a small one before it was counted. Its anonymous memory starts equal to its parent's, wherever it runs.
    """
    try:
        with open(f"/proc/{pid}/statm", "rb") as fh:
            fields = fh.read().split()
        return (int(fields[1]) - int(fields[2])) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


class Limits:
    """When the watcher must kill the process ``pid``: past ``deadline`` (``time.monotonic``, which is the
    same clock in every process of the machine), or once its private memory has grown by more than
    ``max_memory`` over ``baseline``.

    ``spool``: the file a conversion reading stdin copies it into: the deadline grows by ``per_mib`` for
    each MiB in it, as the conversion's own does once it knows the size.
    """

    def __init__(self, pid: int, deadline: float | None, max_memory: int | None, baseline: int,
                 per_mib: float = 0.0, spool: str | None = None) -> None:
        self.pid, self.deadline, self.max_memory, self.baseline = pid, deadline, max_memory or None, baseline
        self.per_mib, self.spool = per_mib, spool
        self._next_sample = 0.0

    def wait_hint(self) -> float:
        """Seconds the watcher may block before it must look at this process again."""
        wait = SAMPLE_SECONDS if self.max_memory else 3600.0
        deadline = self.current_deadline()
        if deadline is not None:
            wait = min(wait, max(0.0, deadline - time.monotonic()))
        return wait

    def overdue(self) -> str | None:
        """``"deadline"`` or ``"memory"`` when the process must be killed now; None while it may go on."""
        now = time.monotonic()
        if self.deadline is not None and now > self.deadline and now > self.current_deadline():
            return "deadline"
        if self.max_memory and now >= self._next_sample:
            self._next_sample = now + SAMPLE_SECONDS
            if private_memory(self.pid) - self.baseline > self.max_memory:
                return "memory"
        return None

    def current_deadline(self) -> float | None:
        """The deadline, with what a stdin conversion has read so far (its spool file) counted in."""
        if self.deadline is None or self.spool is None:
            return self.deadline
        try:
            size = os.stat(self.spool).st_size
        except OSError:
            size = 0
        return self.deadline + self.per_mib * size / (1 << 20)


def die_with_parent(parent: int | None = None) -> None:
    """Linux: this process is killed when its parent dies (a killed command or batch worker leaves no
    orphan converting on). ``parent``: the pid it was forked from; if that one is gone already, this
    process ends here."""
    prctl = _prctl()
    if prctl is not None:
        prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if parent is not None and os.getppid() != parent:
        os._exit(EXIT_CRASHED)


@functools.cache
def _prctl():
    """libc's prctl, found once per process: a batch worker's every child then inherits it, instead of
    opening libc again for each small document."""
    try:
        return _bare_prctl()
    except (ImportError, AttributeError, OSError, TypeError):
        pass
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def _bare_prctl():
    """prctl through ``_ctypes``, the C module ``ctypes`` is written over, declared as ``ctypes`` declares a
    function (``int prctl(int, unsigned long...)``): importing ``ctypes`` itself, a hundred types and
    its helpers, was 10 M instructions (2 ms) of every command, for this one call. Where ``_ctypes`` is not
    the one this knows, the caller falls back to ``ctypes``."""
    import _ctypes

    class Int(_ctypes._SimpleCData):
        _type_ = "i"

    class Long(_ctypes._SimpleCData):
        _type_ = "l"

    class Function(_ctypes.CFuncPtr):
        _flags_ = _ctypes.FUNCFLAG_CDECL | _ctypes.FUNCFLAG_USE_ERRNO
        _restype_ = Int

    function = Function(_ctypes.dlsym(_ctypes.dlopen(None, 0), "prctl"))
    function.argtypes = (Int, Long, Long, Long, Long)
    return function
