"""The batch at scale: planning memory, a no-op rerun, per-document overhead locally and on Dask.

    python bench/bench_batch.py [--files N] [--convert M] [--dask]

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
    args = parser.parse_args()

    tree = DATA / f"batch-{args.files}"
    started = time.perf_counter()
    generate(tree, args.files)
    print(f"generated {args.files:,} files in {time.perf_counter() - started:.0f} s: {tree}")
    out = DATA / f"batch-{args.files}-plan-out"
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run([sys.executable, "-c", PLAN, str(tree), str(out)], capture_output=True, text=True,
                          check=True)
    planned, seconds, rss = done.stdout.split()
    print(f"planning {int(planned):,} files: {float(seconds):.1f} s, peak RSS {rss} MiB")

    small = DATA / f"batch-{args.convert}-in"
    if not (small / ".complete").exists():
        shutil.rmtree(small, ignore_errors=True)
        generate(small, args.convert)
    zenconv = [sys.executable, "-m", "zenconv"]
    local = DATA / f"batch-{args.convert}-local"
    shutil.rmtree(local, ignore_errors=True)
    first = run([*zenconv, str(small), "-o", str(local), "--jobs", "2", "-q"])
    print(f"converting {args.convert:,} locally (--jobs 2): {first:.1f} s, {1000 * first / args.convert:.1f} ms/document")
    noop = min(run([*zenconv, str(small), "-o", str(local), "--jobs", "2", "-q"]) for _ in range(3))
    done = subprocess.run([sys.executable, "-c", NOOP, str(small), str(local)], capture_output=True, text=True,
                          check=True)
    seconds, unchanged = done.stdout.split()
    per_file = float(seconds) / int(unchanged)
    print(f"no-op rerun of {args.convert:,}: {noop:.2f} s end to end; its planning {float(seconds):.3f} s for "
          f"{int(unchanged):,} unchanged ({1e6 * per_file:.0f} µs/file); × {args.files:,} files ≈ "
          f"{per_file * args.files:.0f} s")
    if args.dask:
        from distributed import Client, LocalCluster

        with (LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address=None) as cluster, Client(cluster)):
            port = cluster.scheduler_address.rsplit(":", 1)[1]
            remote = DATA / f"batch-{args.convert}-dask"
            shutil.rmtree(remote, ignore_errors=True)
            seconds = run([*zenconv, str(small), "-o", str(remote), "--jobs", "2", "-q",
                           "--executor", f"dask://127.0.0.1:{port}"])
        print(f"converting {args.convert:,} on 2 Dask workers: {seconds:.1f} s, "
              f"{1000 * seconds / args.convert:.1f} ms/document, {seconds / first:.2f}× local")


if __name__ == "__main__":
    main()
