"""Every report code a run can produce: the host's, the batch runner's, and each installed plugin's.

It is what ``zenconv codes`` prints and what ``--fail-on`` is checked against: a pattern that
matches no code here is a typo, and a typo must not silently switch off a compliance gate.
"""

from __future__ import annotations

import difflib
import fnmatch

from .errors import UsageError
from .plugins import BUILTIN_DISTRIBUTION, Registry
from .reports import HOST_CODES, Code, refused
from .records import dataclass

HOST = "host"
BATCH = "batch"

# The batch runner states these as a record's reason; they are not declared through a reporter (no
# conversion runs to report them), so their meanings are declared here, beside the host's.
BATCH_CODES: tuple[Code, ...] = (
    refused("batch.timeout", "The worker converting the document ran past its deadline and was killed."),
    refused("batch.memory-limit", "The worker converting the document went past --max-memory and was killed."),
    refused("batch.worker-crashed", "The worker converting the document died (a crash in a parsing library)."),
    refused("batch.killed", "The worker was killed from outside the batch: the run's failure, retried."),
    refused("batch.source-changed", "The source changed while it was converted: the run's failure, retried."),
    refused("batch.worker-lost", "The executor lost the worker converting the document: the run's failure, retried."),
    refused("batch.output-missing", "A worker's output did not arrive in the output folder: the run's failure, retried."),
    refused("batch.no-reader", "Listed, not converted: no installed reader takes this format."),
    refused("batch.symlink-outside", "Listed, not converted: a symlink leaving the input folder (see --follow-symlinks)."),
    refused("batch.symlink-broken", "Listed, not converted: a symlink whose target does not exist."),
    refused("batch.symlink-loop", "Listed, not converted: a symlinked folder leading back into the walk."),
    refused("batch.not-regular-file", "Listed, not converted: a FIFO, socket or device, never opened."),
    refused("batch.permission-denied", "Listed, not converted: the file or its folder cannot be read."),
    refused("batch.vanished", "Listed, not converted: the file was gone by the time it was read."),
)

NEAREST = 3  # suggestions for a pattern that matches nothing


@dataclass(frozen=True, slots=True)
class Entry:
    """One code as ``zenconv codes`` lists it: who declares it, and what it means."""

    code: str
    severity: str
    kind: str
    meaning: str
    plugin: str        # the declaring plugin's id; "host" or "batch" for the host's own
    distribution: str  # the distribution that ships it

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "severity": self.severity, "kind": self.kind, "meaning": self.meaning,
                "plugin": self.plugin, "distribution": self.distribution}


def catalogue(registry: Registry) -> list[Entry]:
    """Every code, sorted by code; a code two plugins declare (a shared safe-layer code) is listed once
    per declaring plugin."""
    entries = [_entry(code, HOST, BUILTIN_DISTRIBUTION) for code in HOST_CODES]
    entries += [_entry(code, BATCH, BUILTIN_DISTRIBUTION) for code in BATCH_CODES]
    for spec in [*registry.ordered_readers(), *registry.ordered_writers()]:
        entries += [_entry(code, spec.id, spec.distribution) for code in spec.codes]
    return sorted(entries, key=lambda e: (e.code, e.plugin))


def select(entries: list[Entry], plugin: str, registry: Registry) -> list[Entry]:
    """The entries of one plugin, named by its id, its short name (``csv``, ``markdown``), ``host`` or
    ``batch``; UsageError naming the choices when none is called that."""
    wanted = plugin.lower()
    spec = registry.reader_named(wanted) or registry.writer_named(wanted)
    ids = {wanted} if spec is None else {spec.id}
    if spec is None and wanted not in (HOST, BATCH):
        for writer in registry.ordered_writers():  # a writer's namespace: to-md, to-html
            if any(code.code.startswith(f"{wanted}.") for code in writer.codes):
                ids = {writer.id}
    chosen = [e for e in entries if e.plugin in ids]
    if not chosen:
        names = sorted({HOST, BATCH, *(s.name for s in registry.ordered_readers()),
                        *(s.name for s in registry.ordered_writers())})
        raise UsageError(f"{plugin}: no installed plugin has that name; give one of {', '.join(names)}")
    return chosen


def check_patterns(patterns: tuple[str, ...] | list[str], codes: list[str], option: str = "--fail-on") -> None:
    """UsageError for the first pattern that matches none of ``codes``, naming the nearest ones."""
    for pattern in patterns:
        if not any(fnmatch.fnmatchcase(code, pattern) for code in codes):
            near = nearest(pattern, codes)
            hint = f"; nearest: {', '.join(near)}" if near else "; `zenconv codes` lists them"
            raise UsageError(f"{option} {pattern}: matches no report code{hint}")


def nearest(pattern: str, codes: list[str]) -> list[str]:
    """The codes closest to ``pattern``: a glob is compared by its literal stem with each code cut to
    the stem's length (``docx.trackd-*`` is near ``docx.tracked-deletions-dropped``)."""
    stem = pattern.split("*", 1)[0].split("?", 1)[0].split("[", 1)[0]
    globbed = stem != pattern
    scored = []
    for code in sorted(set(codes)):
        target = code[: len(stem) + 1] if globbed else code
        ratio = difflib.SequenceMatcher(None, stem, target).ratio()
        if ratio >= 0.75:
            scored.append((-ratio, code))
    return [code for _, code in sorted(scored)[:NEAREST]]


def _entry(code: Code, plugin: str, distribution: str) -> Entry:
    return Entry(code.code, str(code.severity), str(code.kind), code.meaning, plugin, distribution)
