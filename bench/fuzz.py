"""Mutation fuzzer for every reader and writer (run by hand, not in CI).

    python bench/fuzz.py [--formats docx,xlsx,...] [--count 200] [--seed 1] [--timeout 10] [--out DIR]

Seeds are the tests' generated fixtures (each ``tests/<fmt>/make_fixtures.py`` writes them), the
conformance corpus documents (``docling/*/``, ``mammoth/``) and the text goldens under ``tests/<fmt>``.
Each mutant (``mutate_zip``, ``mutate_pdf``, ``mutate_text``) is converted through
``zenconv.pipeline.run`` in an isolation child (``zenconv.isolation.run_isolated``, ZENCONV_STRICT
unset) into its own output folder, once per writer. A case is a bug when:

- its outcome is ``unreadable`` with ``host.internal-error`` (an exception escaped a reader or writer);
  the case is then re-run in this process with ZENCONV_STRICT=1 to get the traceback, and crashes are
  grouped by exception type and innermost project frame;
- it took longer than the timeout (10 s, and 4 s more per MiB of input: past that size time is
  throughput, not a hang), or the child was killed for memory;
- its outcome is none of converted / needs_review / unreadable, or an unreadable case left an output;
- it wrote anything but its output, manifest and media folder, or anything into the working folder.

When the reader refuses a mutant (unreadable under the reader's own code) the remaining writers are
skipped: they would meet the same refusal before writing a byte (``--all-writers`` runs them anyway).
Crashing and slow mutants are saved under ``OUT/bugs/<signature>/`` with what was done to them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path

import mutate_ir
import mutate_pdf
import mutate_text
import mutate_zip

from zenconv.context import Guard, Source, WriteContext
from zenconv.isolation import run_isolated
from zenconv.options import resolve_options
from zenconv.pipeline import RECURSION_LIMIT, STRICT_ENV, Request, run
from zenconv.plugins import build_plugins
from zenconv.reports import HOST_CODES, Reporter, Unreadable

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("ZENCONV_CORPUS", "/work/shared/corpus"))
FORMATS = ("docx", "xlsx", "pptx", "odt", "ods", "pdf", "csv", "html", "markdown", "ir")
EXTENSIONS = {".docx": "docx", ".xlsx": "xlsx", ".pptx": "pptx", ".odt": "odt", ".odp": "odt", ".ods": "ods",
              ".pdf": "pdf", ".csv": "csv", ".html": "html", ".htm": "html", ".md": "markdown"}
FIXTURE_SCRIPTS = ("docx", "xlsx", "pptx", "odt", "ods", "pdf")
WRITERS = {"markdown": ".md", "html": ".html", "json": ".json", "segments": ".jsonl"}
OUTCOMES = {"converted", "needs_review", "unreadable"}
MAX_SEED_BYTES = 3 << 20  # bigger seeds make slow mutants without new shapes


def collect_seeds(work: Path, extra: list[str]) -> dict[str, list[Path]]:
    seeds: dict[str, list[Path]] = defaultdict(list)
    for fmt in FIXTURE_SCRIPTS:
        folder = work / "seeds" / fmt
        if not folder.exists():
            folder.mkdir(parents=True)
            subprocess.run([sys.executable, str(REPO / "tests" / fmt / "make_fixtures.py"), str(folder)],
                           cwd=folder, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    roots = [work / "seeds", REPO / "tests", CORPUS / "docling", CORPUS / "mammoth", CORPUS / "csv-spectrum"]
    if extra:
        roots = [Path(p) for p in extra]
    for root in roots:
        for path in sorted(root.rglob("*")):
            fmt = EXTENSIONS.get(path.suffix.lower())
            if fmt and path.is_file() and "groundtruth" not in path.parts and "expected" not in path.parts \
                    and "negative" not in path.parts and path.stat().st_size <= MAX_SEED_BYTES:
                seeds[fmt].append(path)
    return seeds


def mutate(fmt: str, data: bytes, rng: random.Random, most: int = 3) -> tuple[bytes, list[str]] | None:
    steps = rng.choice((1, 1, 1, 2, 3)) if most <= 3 else rng.randint(1, most)
    if fmt in ("csv", "html", "markdown"):
        return mutate_text.mutate(data, rng, steps, fmt)
    if fmt == "pdf":
        return mutate_pdf.mutate(data, rng, steps)
    return mutate_zip.mutate(data, rng, steps)


def project_frame(tb) -> str:
    """The innermost frame in the project (readers, writers, host), as path:line."""
    frames = traceback.extract_tb(tb)
    inside = [f for f in frames if str(REPO) in f.filename]
    frame = (inside or frames)[-1]
    return f"{os.path.relpath(frame.filename, REPO)}:{frame.lineno}"


def reproduce(request: Request, plugins, timeout: float) -> tuple[str, str]:
    """Re-run a crashing case here with the exception let through: its signature and traceback."""
    def alarm(*_):
        raise TimeoutError("reproduction ran past its time")

    os.environ[STRICT_ENV] = "1"
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(int(timeout) + 5)
    try:
        run(request, plugins)
        return "not-reproduced", ""
    except Exception as exc:  # noqa: BLE001 - the point is to catch whatever escapes
        frames = "".join(traceback.format_exception(exc)[-12:])
        return f"{type(exc).__name__}@{project_frame(exc.__traceback__)}", frames
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        del os.environ[STRICT_ENV]


class Fuzzer:
    def __init__(self, args) -> None:
        self.args = args
        self.work = Path(args.out)
        self.cwd = self.work / "cwd"
        self.plugins = build_plugins()
        for spec in self.plugins.registry.ordered_readers():
            spec.load()  # imported once here, not in every forked child
        for spec in self.plugins.registry.ordered_writers():
            spec.load()
        self.outcomes: dict[str, Counter] = defaultdict(Counter)
        self.reasons: dict[str, Counter] = defaultdict(Counter)
        self.bugs: dict[str, list[dict]] = defaultdict(list)
        self.counts: Counter = Counter()
        self.slowest: dict[str, tuple[float, str]] = {}

    def run_case(self, fmt: str, case: str, suffix: str, data: bytes, how: list[str]) -> None:
        first_outcome = None
        # The ceiling is for small inputs; a 20 MB mutant is a throughput question, allowed time by its size.
        limit = int(self.args.timeout + self.args.seconds_per_mb * len(data) / (1 << 20))
        writers = list(WRITERS) if self.args.writers == "all" else self.args.writers.split(",")
        for writer in writers:
            out_dir = self.work / "cases" / case / writer
            shutil.rmtree(out_dir, ignore_errors=True)
            out_dir.mkdir(parents=True)
            output = out_dir / ("out" + WRITERS[writer])
            request = Request(source=Source(case + suffix, data=data), to=writer, output=output,
                              options={"timeout": limit, "media_dir": str(out_dir / "media")})
            start = time.monotonic()
            result = run_isolated(request, self.plugins, timeout=limit, max_memory=self.args.max_memory)
            took = time.monotonic() - start
            manifest = result.manifest
            reasons = list(manifest.reasons or [])
            self.outcomes[fmt][manifest.outcome] += 1
            for reason in reasons:
                self.reasons[fmt][reason] += 1
            if took > self.slowest.get(fmt, (0.0, ""))[0]:
                self.slowest[fmt] = (took, case)
            problem = self.check(manifest, reasons, out_dir, output, took, limit)
            if problem:
                signature, detail = problem
                if signature == "host.internal-error":
                    signature, detail = reproduce(request, self.plugins, self.args.timeout)
                    detail = f"{manifest.message}\n{detail}"
                self.record(fmt, case, suffix, data, how, writer, signature, detail)
            shutil.rmtree(out_dir, ignore_errors=True)
            if first_outcome is None:
                first_outcome = (manifest.outcome, reasons)
                if manifest.outcome == "unreadable" and not self.args.all_writers \
                        and not any(r.startswith("host.") for r in reasons):
                    break

    def check(self, manifest, reasons, out_dir: Path, output: Path, took: float,
              limit: float) -> tuple[str, str] | None:
        if "host.internal-error" in reasons:
            return "host.internal-error", manifest.message or ""
        if "host.deadline" in reasons or took > limit:
            return "hang", f"{took:.1f} s: {manifest.message}"
        if "host.memory-limit" in reasons:
            return "memory", manifest.message or ""
        if manifest.outcome not in OUTCOMES:
            return "bad-outcome", manifest.outcome
        allowed = {output.name, output.name + ".manifest.json", "media"}
        stray = sorted(p.name for p in out_dir.iterdir() if p.name not in allowed)
        stray += sorted(p.name for p in self.cwd.iterdir())
        if stray:
            return "stray-files", ", ".join(stray[:5])
        if (manifest.outcome == "unreadable") == output.exists():
            return "output-vs-outcome", f"{manifest.outcome} with output {output.exists()}"
        return None

    def record(self, fmt, case, suffix, data, how, writer, signature, detail) -> None:
        slug = re.sub(r"[^\w.@-]+", "_", signature)[:120]
        folder = self.work / "bugs" / slug
        folder.mkdir(parents=True, exist_ok=True)
        seen = self.bugs[signature]
        if len(seen) < 5:  # a few examples per class are enough to reproduce it
            (folder / (case + suffix)).write_bytes(data)
            (folder / (case + ".txt")).write_text(f"writer: {writer}\nmutations: {how}\n\n{detail}\n")
        if not seen:
            print(f"\n!! {signature} ({fmt}, {writer}) {case}: {how}\n{detail}", flush=True)
        seen.append({"case": case, "format": fmt, "writer": writer, "mutations": how})

    def fuzz(self, fmt: str, seeds: list[Path]) -> None:
        rng = random.Random(f"{self.args.seed}:{fmt}")
        blobs = [(p, p.read_bytes()) for p in seeds]
        if not self.args.no_baseline:
            for i, (path, data) in enumerate(blobs):
                self.run_case(fmt, f"{fmt}-seed{i:03d}", path.suffix.lower(), data, [f"unmutated {path.name}"])
        made = 0
        while made < self.args.count:
            path, data = rng.choice(blobs)
            mutated = mutate(fmt, data, rng, self.args.steps)
            if mutated is None:
                continue
            mutant, how = mutated
            suffix = path.suffix.lower()
            if rng.random() < 0.05:  # the name lies about the format: detection and refusals
                suffix = rng.choice(sorted(EXTENSIONS) + [".txt", ".zip", ""])
                how.append(f"named {suffix or 'without extension'}")
            case = f"{fmt}-{made:05d}-{hashlib.sha256(mutant).hexdigest()[:8]}"
            self.run_case(fmt, case, suffix, mutant, [path.name, *how])
            made += 1
            self.counts[fmt] += 1
            if made % 50 == 0:
                print(f"{fmt}: {made} mutants, {dict(self.outcomes[fmt])}", flush=True)

    def fuzz_ir(self) -> None:
        """Random IR documents (mutate_ir) straight into each writer, in this process, under an alarm."""
        registry = self.plugins.registry
        options = resolve_options(registry, {})

        def alarm(*_):
            raise TimeoutError(f"a writer ran past {self.args.timeout} s")

        old = signal.signal(signal.SIGALRM, alarm)
        sys.setrecursionlimit(RECURSION_LIMIT)  # as the pipeline does around a conversion
        try:
            for made in range(self.args.count):
                for writer in WRITERS:
                    spec = registry.writer_named(writer)
                    doc = mutate_ir.document(random.Random(f"{self.args.seed}:ir:{made}"))
                    reporter = Reporter()
                    reporter.declare(HOST_CODES)
                    reporter.declare(spec.codes)
                    ctx = WriteContext(options=options, reporter=reporter, guard=Guard(), resources=doc.resources,
                                       resource_prefix="media/", embed_media=made % 2 == 1)
                    signal.alarm(self.args.timeout)
                    try:
                        spec.load()(doc, _Discard(), ctx)
                        self.outcomes["ir"]["written"] += 1
                    except Unreadable as exc:
                        self.outcomes["ir"]["refused"] += 1
                        self.reasons["ir"][exc.code] += 1
                    except Exception as exc:  # noqa: BLE001 - every escape is the finding
                        signature = f"{type(exc).__name__}@{project_frame(exc.__traceback__)}"
                        if isinstance(exc, TimeoutError):
                            signature = "hang"
                        detail = "".join(traceback.format_exception(exc)[-8:])
                        self.record("ir", f"ir-{made:05d}", ".txt", f"seed {self.args.seed}:ir:{made}".encode(),
                                    [f"mutate_ir.document(random.Random('{self.args.seed}:ir:{made}'))"], writer,
                                    signature, detail)
                    finally:
                        signal.alarm(0)
                self.counts["ir"] += 1
                if (made + 1) % 200 == 0:
                    print(f"ir: {made + 1} documents, {dict(self.outcomes['ir'])}", flush=True)
        finally:
            signal.signal(signal.SIGALRM, old)

    def summary(self) -> dict:
        return {
            "mutants": dict(self.counts),
            "outcomes": {k: dict(v) for k, v in self.outcomes.items()},
            "unreadable_reasons": {k: dict(v.most_common()) for k, v in self.reasons.items()},
            "slowest": {k: {"seconds": round(v[0], 2), "case": v[1]} for k, v in self.slowest.items()},
            "bugs": {sig: {"count": len(cases), "formats": sorted({c["format"] for c in cases}), "example": cases[0]}
                     for sig, cases in sorted(self.bugs.items())},
        }


class _Discard:
    """A binary sink that keeps nothing: the IR mode checks that writers finish, not what they write."""

    def write(self, data) -> int:
        return len(data)

    def flush(self) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--count", type=int, default=200, help="mutants per format")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per conversion of a small input")
    parser.add_argument("--seconds-per-mb", type=float, default=4.0, help="more seconds per MiB of input")
    parser.add_argument("--max-memory", type=int, default=2 << 30)
    parser.add_argument("--steps", type=int, default=3, help="most mutations stacked on one mutant")
    parser.add_argument("--writers", default="all", help="all, or a comma-separated list of " + ",".join(WRITERS))
    parser.add_argument("--all-writers", action="store_true", help="run every writer even when the reader refused")
    parser.add_argument("--no-baseline", action="store_true", help="skip converting the unmutated seeds")
    parser.add_argument("--out", default="/tmp/zenconv-fuzz")
    parser.add_argument("--seeds", action="append", default=[],
                        help="take seeds from this folder instead of the fixtures and corpus (repeatable)")
    args = parser.parse_args()

    fuzzer = Fuzzer(args)
    fuzzer.cwd.mkdir(parents=True, exist_ok=True)
    os.chdir(fuzzer.cwd)  # anything written relative to the working folder shows up as a stray file
    seeds = collect_seeds(fuzzer.work, args.seeds)
    for fmt in args.formats.split(","):
        if fmt == "ir":
            fuzzer.fuzz_ir()
            continue
        if not seeds.get(fmt):
            print(f"{fmt}: no seeds")
            continue
        print(f"{fmt}: {len(seeds[fmt])} seeds", flush=True)
        fuzzer.fuzz(fmt, seeds[fmt])
    summary = fuzzer.summary()
    (fuzzer.work / "summary.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
