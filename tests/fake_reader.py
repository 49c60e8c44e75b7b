"""Readers for host tests: facets, a slow reader, a greedy reader, a failing reader, a refusing one, and one
that writes down the interpreter settings it runs under."""

from __future__ import annotations

import gc
import signal
import sys
import time

from zenconv import (
    Columns, ColumnSpec, Heading, HiddenFacet, Locator, Paragraph, RevisionFacet, Row, StyleFacet, Table, Text,
    Unreadable, hookimpl,
)
from zenconv.reports import dropped, refused


def facets(source, ctx):
    ctx.metadata.title = "Facets"
    yield Heading(1, [Text("Title")], locator=Locator(paragraph=1))
    yield Paragraph([Text("styled")], facets=(StyleFacet("Quote"),), locator=Locator(paragraph=2))
    yield Paragraph([Text("inserted")], facets=(RevisionFacet("insertion", "Ann", "2026-01-01"),),
                    locator=Locator(paragraph=3))
    rows = (Row([str(i), "x"], facets=(HiddenFacet("row"),) if i == 2 else (), locator=Locator(row=i))
            for i in range(4))
    yield Table(rows, columns=Columns(2, [ColumnSpec(), ColumnSpec((HiddenFacet("column"),))]))
    ctx.report("fake.thing-dropped", Locator(paragraph=4))


def slow(source, ctx):
    for n in range(10_000):
        time.sleep(0.01)
        yield Paragraph([Text(str(n))])


def spinning(source, ctx):
    """Needs CPU, not time: ~2 s of it, checkpointed (its own deadline stops it)."""
    started = time.process_time()
    while time.process_time() - started < 2.0:
        sum(range(10_000))
        ctx.checkpoint()
    yield Paragraph([Text("spun")])


def spinning_blind(source, ctx):
    """Needs ~2 s of CPU, as if in C: no checkpoint, the watchdog's signal blocked (the parent's kill ends it)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    started = time.process_time()
    while time.process_time() - started < 2.0:
        sum(range(10_000))
    yield Paragraph([Text("spun")])


def stuck(source, ctx):
    # As if stuck in C: no checkpoint, and the watchdog's signal blocked; only the parent's kill can end it.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(60)
    yield Paragraph([Text("never")])


def stuck_later(source, ctx):
    yield Paragraph([Text("written")])  # the writer has its temporary file open when the reader sticks
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(60)
    yield Paragraph([Text("never")])


def sleeping(source, ctx):
    time.sleep(60)  # no checkpoint, but pure Python to the interpreter: the child's watchdog stops it
    yield Paragraph([Text("never")])


def greedy(source, ctx):
    hoard = []
    while True:
        hoard.append(bytearray(16 << 20))
        yield Paragraph([Text(str(len(hoard)))])


def greedy_silent(source, ctx):
    hoard = []
    while True:  # allocates without ever yielding: the address-space cap must stop it
        hoard.append(bytearray(64 << 20))


def hoarding(source, ctx):
    """Takes memory a MiB at a time, as if in C: no checkpoint, the watchdog blocked (the parent's sampling
    stops it, or the address-space cap if the sampling is late)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    hoard = []
    for _ in range(4096):
        hoard.append(b"x" * (1 << 20))  # written, so resident
        time.sleep(0.002)
    yield Paragraph([Text(str(len(hoard)))])


def aborting(source, ctx):
    """Crashes the process (SIGABRT), as a C library's failed assertion does."""
    import os

    yield Paragraph([Text("written")])
    os.abort()


def failing(source, ctx):
    yield Paragraph([Text("before")])
    raise KeyError("a bug")


def refusing(source, ctx):
    yield Paragraph([Text("before")])
    raise Unreadable("fake.corrupt", "the part does not parse")


def runtime(source, ctx):
    """The interpreter settings a conversion runs under, as text."""
    yield Paragraph([Text(f"recursion {sys.getrecursionlimit()} gc {gc.get_threshold()[0]}")])


def collector(source, ctx):
    """Whether the cycle collector runs during the conversion, and how many objects it sets aside for good."""
    yield Paragraph([Text(f"collecting {gc.isenabled()} frozen {gc.get_freeze_count()}")])


def _first_time(source, what: str) -> bool:
    """True the first time this source is read for ``what`` (a flag file in the temporary folder)."""
    import hashlib
    import os
    import tempfile

    flag = os.path.join(tempfile.gettempdir(), f"zenconv-test-{what}-{hashlib.sha256(str(source.path).encode()).hexdigest()[:16]}")
    try:
        os.close(os.open(flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def mutating(source, ctx):
    """Edits its own source while converting it, the first time (as a user saving over a file mid-batch)."""
    text = source.path.read_text()
    if _first_time(source, "mutating"):
        time.sleep(0.05)
        with open(source.path, "a") as fh:
            fh.write("edited\n")
    yield Paragraph([Text(text)])


def killed_once(source, ctx):
    """Killed from outside the first time (SIGKILL, as the OOM killer does), converted the second."""
    import os

    if _first_time(source, "killed"):
        os.kill(os.getpid(), signal.SIGKILL)
    yield Paragraph([Text("survived")])


def vanishing(source, ctx):
    """Deletes its own source while converting it."""
    source.path.unlink()
    yield Paragraph([Text("gone")])


CODES = [dropped("fake.thing-dropped", "A test construct."), refused("fake.corrupt", "A test refusal.")]


@hookimpl
def zenconv_readers(register):
    for name in ("facets", "slow", "spinning", "spinning_blind", "stuck", "stuck_later", "sleeping", "greedy",
                 "greedy_silent", "hoarding", "aborting", "failing", "refusing", "runtime", "collector", "mutating", "killed_once",
                 "vanishing"):
        register.reader(id=f"test.fake.{name}", name=f"fake{name.replace('_', '')}", version="1.0",
                        reader=f"tests.fake_reader:{name}", extensions=[f".{name}"], codes=CODES)


def plugins_with_fakes():
    """The built-in plugins with these readers registered beside them, as a conversion's plugins."""
    from zenconv.plugins import build_plugins

    loaded = build_plugins(third_party=False)
    loaded.manager.register(sys.modules[__name__], name="fake")
    zenconv_readers(loaded.registry)
    return loaded
