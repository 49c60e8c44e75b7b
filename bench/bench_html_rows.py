"""HTML table writing speed: a generated CSV of ROWS x 10 columns to HTML, rows per CPU second, for one
or more zenconv commands run alternately (so a change in the machine's load touches them alike).

    python bench/bench_html_rows.py --runs 5 /work/venvs/base/bin/zenconv /work/venvs/audit/bin/zenconv
    python bench/bench_html_rows.py --writer --runs 5 /path/to/checkout/a /path/to/checkout/b

Each command runs once first, uncounted. The figure is the child's user + system CPU time
(``resource.getrusage(RUSAGE_CHILDREN)``), median of the runs, start-up and the CSV's reading included.
With ``--writer`` the arguments are source trees (a checkout's root, put first on ``sys.path``): each
round runs, per tree, a child that reads the CSV once into the IR and times the HTML writer alone
(``time.process_time``, best of three writes), the figure the median over the rounds.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

WRITER = """
import io, sys, time
sys.path.insert(0, sys.argv[1])
import zenconv
assert zenconv.__file__.startswith(sys.argv[1]), zenconv.__file__
from zenconv.context import Guard, WriteContext
from zenconv.ir.nodes import Table
from zenconv.ir.resources import ResourceStore
from zenconv.options import resolve_options
from zenconv.plugins import build_plugins
from zenconv.reports import HOST_CODES, Reporter
from zenconv.testing import read

plugins = build_plugins(third_party=False)
doc = read(sys.argv[2], "ai.insan.zenfmt.csv").document
tables = [(block, list(block.rows)) for block in doc.blocks if isinstance(block, Table)]
spec = plugins.registry.writer_named("html")
write = spec.load()
best = None
for _ in range(3):
    for block, rows in tables:
        block.rows = iter(rows)
    reporter = Reporter()
    reporter.declare(HOST_CODES)
    reporter.declare(spec.codes)
    ctx = WriteContext(options=resolve_options(plugins.registry, {}), reporter=reporter, guard=Guard(),
                       resources=ResourceStore(), resource_prefix="media/", embed_media=False)
    start = time.process_time()
    write(doc, io.BytesIO(), ctx)
    spent = time.process_time() - start
    best = spent if best is None else min(best, spent)
print(best)
"""


def generate(path: Path, rows: int) -> Path:
    """Ten columns: an integer, text, a decimal, a date, a short code, a quoted text with a comma, a
    number with a thousands separator, a percent, an empty-or-number column and a word."""
    if not path.exists():
        with open(path, "w", newline="") as fh:
            fh.write(",".join(f"col{i}" for i in range(10)) + "\n")
            for r in range(rows):
                fh.write(f'{r},name {r},{r * 7 % 1000}.25,2026-01-{r % 28 + 1:02d},x{r % 97},"q, {r}",'
                         f'"{r % 9 + 1},{r % 1000:03d}",{r % 100}%,{"" if r % 5 else r},end\n')
    return path


def cpu(cmd: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("commands", nargs="+", help="zenconv executables to compare")
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--writer", action="store_true", help="time the HTML writer alone, per source tree")
    args = parser.parse_args()
    folder = Path(tempfile.gettempdir())
    source = generate(folder / f"zenconv-bench-{args.rows}x10.csv", args.rows)
    if args.writer:
        spent: dict[str, list[float]] = {tree: [] for tree in args.commands}
        for _ in range(args.runs):
            for tree in args.commands:
                found = subprocess.run([sys.executable, "-c", WRITER, tree, str(source)], check=True,
                                       capture_output=True, text=True)
                spent[tree].append(float(found.stdout.split()[-1]))
        for tree, seconds in spent.items():
            median = statistics.median(seconds)
            print(f"{tree}: writer {median:.3f} s CPU (rounds {', '.join(f'{s:.3f}' for s in seconds)}), "
                  f"{args.rows / median:,.0f} rows/s")
        return
    out = folder / "zenconv-bench-rows.html"
    times: dict[str, list[float]] = {c: [] for c in args.commands}
    for command in args.commands:
        cpu([command, str(source), "--to", "html", "-o", str(out)])
    for _ in range(args.runs):
        for command in args.commands:
            times[command].append(cpu([command, str(source), "--to", "html", "-o", str(out)]))
    for command, seconds in times.items():
        median = statistics.median(seconds)
        print(f"{command}: {median:.2f} s CPU (runs {', '.join(f'{s:.2f}' for s in seconds)}), "
              f"{args.rows / median:,.0f} rows/s")


if __name__ == "__main__":
    main()
