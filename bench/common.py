"""Timing and peak-RSS measurement of a command, and where to find the peers."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
PEER_DIRS = [Path("/opt/peers/bin")]


def peer(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in PEER_DIRS:
        if (folder / name).exists():
            return str(folder / name)
    return None


def measure(cmd: list[str], repeat: int = 1, stdout=subprocess.DEVNULL) -> tuple[float, int]:
    """Best wall time over ``repeat`` runs, and the peak RSS (MiB) of the children."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=stdout, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    return best, peak


def measure_isolated(cmd: list[str], repeat: int = 1) -> tuple[float, int]:
    """As measure(), but each command in its own /usr/bin/time-like wrapper so peaks do not mix."""
    code = ("import resource,subprocess,sys,time;"
            "t=time.perf_counter();subprocess.run(sys.argv[1:],check=True,stdout=subprocess.DEVNULL,"
            "stderr=subprocess.DEVNULL);"
            "print(time.perf_counter()-t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss//1024)")
    best, peak = float("inf"), 0
    # A user's Python writes bytecode; without it every run recompiles the package and start-up triples.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for _ in range(repeat + 1):  # the first run may write the bytecode: not counted
        out = subprocess.run([sys.executable, "-c", code, *cmd], check=True, capture_output=True, text=True, env=env)
        if _ == 0 and repeat > 1:
            continue
        seconds, rss = out.stdout.split()
        best = min(best, float(seconds))
        peak = max(peak, int(rss))
    return best, peak


def zenconv_cmd() -> list[str]:
    exe = shutil.which("zenconv")
    return [exe] if exe else [sys.executable, "-m", "zenconv"]


def table(rows: list[tuple[str, float, int]], baseline: str) -> str:
    base = dict((name, secs) for name, secs, _ in rows)[baseline]
    lines = [f"{'tool':44} {'seconds':>9} {'peak MiB':>9} {'× ' + baseline:>14}"]
    for name, secs, rss in rows:
        lines.append(f"{name:44} {secs:9.2f} {rss:9d} {secs / base:14.2f}")
    return "\n".join(lines)


os.makedirs(DATA, exist_ok=True)
