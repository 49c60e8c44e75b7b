"""The ``zenconv`` command's first step: fork at once, convert in the child, watch it from the parent.

A conversion runs under hard limits held from another process (:mod:`zenconv.isolation`): its watcher
kills it at its deadline or past ``--max-memory`` however it is stuck (a C parser looping), and writes
its ``unreadable`` manifest. The command used to fork its conversion off once it had imported zenconv
and read its arguments; the child then copied every page of the parent's heap it touched (some 2,400
pages: 4 ms of a tiny CSV's conversion, 19 ms of a 200-slide deck's, where the result came back
pickled too). Here the command forks before importing anything but the standard library's ``os``,
``select``, ``signal`` and ``time``. The child imports zenconv, reads the arguments and converts in its
own process; the parent stays that small and watches.

The parent relays the child's end as its own: the child's exit code, or the signal it died of. It
forwards the signals a supervisor sends to the process it started: SIGTERM and SIGHUP, and SIGINT and
SIGQUIT when they do not come from the terminal (which sends them to the child too).

Once the child has one source to convert, it tells the parent its limits (:func:`arm`); until it has
its result (:func:`disarm`) the parent kills it at its deadline or past its memory limit, and when it
ends without a result (killed, crashed) the parent imports zenconv and finishes the conversion as the
command would: the manifest, its signature, the summary, exit 1 (``zenconv.cli.conclude_unfinished``).
A batch, ``--help`` and the other commands never arm: each batch document has a watched child of its
own (:mod:`zenconv.batch`).
"""

from __future__ import annotations

import gc
import marshal
import os
import select
import signal
import sys

from .watch import EXIT_CRASHED, Limits, die_with_parent

# The signals the parent passes on to its child. SIGINT and SIGQUIT only when they were not the terminal's
# (the terminal sends them to its whole foreground process group: the child has one already).
_FORWARDED = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT)
_TERMINAL_SIGNALS = frozenset({signal.SIGINT, signal.SIGQUIT})
_POLL_SECONDS = 0.01  # how often the parent looks for its child's end where it cannot wait on a pidfd

_ARM, _DISARM = b"A", b"D"
_launched: tuple[int, int] | None = None  # in the child: (its pid, the pipe's write end)
_collection_paused = False  # the cycle collector is off while the command starts (see main)


def main() -> None:
    """The ``zenconv`` command and ``python -m zenconv``."""
    # Starting allocates thousands of objects (modules, classes, functions, the command's options) and frees
    # few: the cycle collector, run every 700 allocations, walks them again and again and finds nothing
    # (about 5 ms of a tiny conversion's 80). It is off until the command has started (start_collecting).
    global _collection_paused
    if gc.isenabled():
        gc.disable()
        _collection_paused = True
    if not hasattr(os, "fork") or os.environ.get("ZENCONV_NO_FORK"):
        return _run_command()
    read_end, write_end = os.pipe()
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:  # no process to spare: convert here, under the conversion's own forked watcher
        os.close(read_end)
        os.close(write_end)
        return _run_command()
    if pid == 0:
        global _launched
        os.close(read_end)
        die_with_parent(parent)  # a command killed outright (SIGKILL) leaves no conversion or batch running on
        _launched = (os.getpid(), write_end)
        return _run_command()
    os.close(write_end)
    _watch(pid, read_end)


def _run_command() -> None:
    from .cli import script

    script()  # ends the process


def start_collecting() -> None:
    """Once the command has started: the cycle collector back on, if :func:`main` paused it, with what
    starting made set aside for good (``gc.freeze``: never walked again, nor copied by a fork for it).

    Frozen, not collected: every object starting made sits in the youngest generation, and the first
    collection would walk them all (as long as the pause saved). What cyclic garbage the imports left
    stays until the process ends: a few objects, made once."""
    global _collection_paused
    if _collection_paused:
        _collection_paused = False
        gc.freeze()
        gc.enable()


def watcher() -> int | None:
    """In the child this module launched, once: the pipe to its parent; else None.

    A process the child forks in turn (a batch's worker, the API's child) is not watched this way."""
    global _launched
    if _launched is None or _launched[0] != os.getpid():
        return None
    pipe = _launched[1]
    _launched = None
    return pipe


def arm(pipe: int, limits: Limits, finish: bytes) -> None:
    """Tell the parent the limits of the conversion about to run (``limits.pid`` is this process), and
    ``finish``: what it needs to conclude the conversion if it must (:func:`zenconv.cli.conclude_unfinished`)."""
    payload = marshal.dumps((limits.deadline, limits.max_memory, limits.baseline, limits.per_mib, limits.spool,
                             finish))
    _write_all(pipe, _ARM + b"%016x" % len(payload) + payload)


def disarm(pipe: int) -> None:
    """The conversion has its result: from here the parent only waits for this process to end."""
    _write_all(pipe, _DISARM)
    os.close(pipe)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class _Messages:
    """What the child sent, parsed as it arrives: its limits once armed, and whether it disarmed."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.pending = b""
        self.limits: Limits | None = None
        self.finish: bytes | None = None
        self.disarmed = False

    def feed(self, data: bytes) -> None:
        self.pending += data
        while self.pending:
            kind = self.pending[:1]
            if kind == _DISARM:
                self.disarmed = True
                self.pending = self.pending[1:]
            elif kind == _ARM and len(self.pending) >= 17:
                size = int(self.pending[1:17], 16)
                if len(self.pending) < 17 + size:
                    return
                deadline, max_memory, baseline, per_mib, spool, finish = marshal.loads(self.pending[17:17 + size])
                self.limits = Limits(self.pid, deadline, max_memory, baseline, per_mib, spool)
                self.finish = finish
                self.pending = self.pending[17 + size:]
            elif kind == _ARM:
                return
            else:  # not ours: nothing the child sends starts so
                self.pending = b""

    @property
    def watching(self) -> bool:
        return self.limits is not None and not self.disarmed


def _watch(pid: int, pipe: int) -> None:
    """The parent: wait for the child, holding its limits once it has armed them; then end as it did."""
    forwarded: list[int] = []

    def forward(signum, frame) -> None:
        if signum in _TERMINAL_SIGNALS and _terminal_foreground():
            return
        forwarded.append(signum)
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass

    for signum in _FORWARDED:
        signal.signal(signum, forward)
    try:
        ended = os.pidfd_open(pid)  # readable once the child has ended
    except (AttributeError, OSError):
        ended = None
    messages = _Messages(pid)
    killed: str | None = None
    status = None
    while status is None:
        wait = messages.limits.wait_hint() if messages.watching and killed is None else None
        if ended is None:
            wait = _POLL_SECONDS if wait is None else min(wait, _POLL_SECONDS)
        ready, _, _ = select.select([fd for fd in (pipe, ended) if fd is not None], [], [], wait)
        if pipe in ready:
            data = os.read(pipe, 1 << 16)
            if data:
                messages.feed(data)
            else:
                os.close(pipe)
                pipe = None
        if ended is None or ended in ready:
            done, status = os.waitpid(pid, os.WNOHANG)
            if not done:
                status = None
        if status is None and messages.watching and killed is None:
            killed = messages.limits.overdue()
            if killed is not None:
                os.kill(pid, signal.SIGKILL)
    while pipe is not None and select.select([pipe], [], [], 0)[0]:  # what it sent just before it ended
        data = os.read(pipe, 1 << 16)
        if not data:
            break
        messages.feed(data)
    _end_as(pid, status, killed, messages, forwarded)


def _end_as(pid: int, status: int, killed: str | None, messages: _Messages, forwarded: list[int]) -> None:
    """End this process as the child ended, or conclude the conversion it did not finish."""
    died_of = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    if messages.watching:  # it ended between arm and disarm: its conversion did not finish
        # Killed here, crashed, or SIGKILLed by the OOM killer: the document's outcome, concluded here. Ended
        # by a signal passed on, or by its own exit (a Ctrl-C's KeyboardInterrupt): the run's; only the
        # temporary files it left are removed, and this process ends as it did.
        unfinished = killed is not None or (died_of is not None and died_of not in forwarded)
        try:
            from .cli import conclude_unfinished

            code = conclude_unfinished(messages.finish, killed, status, pid, write=unfinished)
        except BaseException:  # noqa: BLE001 - the parent of a dead conversion still ends as it must
            code = EXIT_CRASHED
        if unfinished:
            _exit(code)
    if died_of is not None:
        signal.signal(died_of, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {died_of})
        os.kill(os.getpid(), died_of)
    _exit(os.waitstatus_to_exitcode(status) if died_of is None else 128 + died_of)


def _exit(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _terminal_foreground() -> bool:
    """Whether this process is in its terminal's foreground group: a SIGINT it gets is then the terminal's."""
    for fd in (0, 1, 2):
        try:
            if os.isatty(fd) and os.tcgetpgrp(fd) == os.getpgrp():
                return True
        except OSError:
            continue
    return False
