"""The batch at scale: planning memory, a no-op rerun, per-document overhead locally and on Dask.

    python bench/bench_batch.py [--files N] [--convert M] [--dask] [--python PYTHON]

1. ``--files N`` tiny CSVs (default 1,000,000) are generated under ``bench/data/batch-N/`` (once) and
   planned without converting (the walk, detection, the up-to-date check against an empty index): peak
   RSS and time of planning, in a child process of its own.
2. The first ``--convert M`` of them (default 2,000) are converted for real with ``--jobs 2`` (the
   per-document time locally), then rerun with nothing to do: the no-op rerun end to end, and its
   planning alone (the walk beside the index, a file's metadata and its record, no file's bytes) per
   file and times N: a no-op rerun scales linearly, and converting N files to measure it would take
   hours.
3. ``--dask``: the same M documents on a local 2-worker Dask cluster (127.0.0.1): the per-document
   time, as a ratio to the local run's.

``--python PYTHON``: convert with another interpreter's zenconv (an older commit's virtual environment),
steps 2 and 3 only, for a before-and-after of the per-document figures.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

from common import DATA

PLAN = """
import resource, sys, time
from pathlib import Path
from zenconv.batch import Batch
from zenconv.plugins import build_plugins
start = time.perf_counter()
batch = Batch([sys.argv[1]], Path(sys.argv[2]), build_plugins(), to=None, from_=None, options={}, fail_on=(),
              manifests=True)
planned = sum(1 for item in batch.plan() if not isinstance(item, tuple))
print(planned, time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


NOOP = """
import sys, time
from pathlib import Path
from zenconv.batch import Batch
from zenconv.plugins import build_plugins
batch = Batch([sys.argv[1]], Path(sys.argv[2]), build_plugins(), to=None, from_=None, options={}, fail_on=(),
              manifests=True)
start = time.perf_counter()
unchanged = sum(1 for item in batch.plan() if isinstance(item, tuple) and not item[1])
print(time.perf_counter() - start, unchanged)
"""


def generate(root: Path, count: int, per_folder: int = 1000) -> None:
    marker = root / ".complete"
    if marker.exists():
        return
    shutil.rmtree(root, ignore_errors=True)
    for n in range(count):
        folder = root / f"d{n // per_folder:05}"
        if n % per_folder == 0:
            folder.mkdir(parents=True)
        (folder / f"f{n:07}.csv").write_text(f"a,b\n{n},{n * 2}\n")
    marker.write_text("")


def run(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1_000_000)
    parser.add_argument("--convert", type=int, default=2_000)
    parser.add_argument("--dask", action="store_true")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    other = args.python != sys.executable

    if not other:
        plan(args.files)
    small = DATA / f"batch-{args.convert}-in"
    if not (small / ".complete").exists():
        shutil.rmtree(small, ignore_errors=True)
        generate(small, args.convert)
    zenconv = [args.python, "-m", "zenconv"]
    local = DATA / f"batch-{args.convert}-local"
    shutil.rmtree(local, ignore_errors=True)
    first = run([*zenconv, str(small), "-o", str(local), "--jobs", "2", "-q"])
    print(f"converting {args.convert:,} locally (--jobs 2): {first:.1f} s, {1000 * first / args.convert:.1f} ms/document")
    if not other:
        noop(small, local, args.convert, args.files)
    if args.dask:
        dask(zenconv, small, args.convert, first)


def plan(files: int) -> None:
    tree = DATA / f"batch-{files}"
    started = time.perf_counter()
    generate(tree, files)
    print(f"generated {files:,} files in {time.perf_counter() - started:.0f} s: {tree}")
    out = DATA / f"batch-{files}-plan-out"
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run([sys.executable, "-c", PLAN, str(tree), str(out)], capture_output=True, text=True,
                          check=True)
    planned, seconds, rss = done.stdout.split()
    print(f"planning {int(planned):,} files: {float(seconds):.1f} s, peak RSS {rss} MiB")


def noop(small: Path, local: Path, count: int, files: int) -> None:
    zenconv = [sys.executable, "-m", "zenconv"]
    noop = min(run([*zenconv, str(small), "-o", str(local), "--jobs", "2", "-q"]) for _ in range(3))
    done = subprocess.run([sys.executable, "-c", NOOP, str(small), str(local)], capture_output=True, text=True,
                          check=True)
    seconds, unchanged = done.stdout.split()
    per_file = float(seconds) / int(unchanged)
    print(f"no-op rerun of {count:,}: {noop:.2f} s end to end; its planning {float(seconds):.3f} s for "
          f"{int(unchanged):,} unchanged ({1e6 * per_file:.0f} µs/file); × {files:,} files ≈ "
          f"{per_file * files:.0f} s")


def dask(zenconv: list[str], small: Path, count: int, first: float) -> None:
    from distributed import Client, LocalCluster

    with (LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                       dashboard_address=None) as cluster, Client(cluster)):
        port = cluster.scheduler_address.rsplit(":", 1)[1]
        remote = DATA / f"batch-{count}-dask"
        shutil.rmtree(remote, ignore_errors=True)
        seconds = run([*zenconv, str(small), "-o", str(remote), "--jobs", "2", "-q",
                       "--executor", f"dask://127.0.0.1:{port}"])
    print(f"converting {count:,} on 2 Dask workers: {seconds:.1f} s, "
              f"{1000 * seconds / count:.1f} ms/document, {seconds / first:.2f}× local")


if __name__ == "__main__":
    main()
