"""Two builds of zenconv, the same bytes: every output and manifest of one equal to the other's.

A speed change must keep everything the output and the manifest hold, byte for byte. This converts the
given inputs (files or folders) with both commands, as a batch per writer, and compares every file the two
batches wrote except the batch's own index (it holds the sources' times).

    python bench/same_bytes.py --base /work/venvs/base/bin/zenconv --after zenconv \\
        ../shared/corpus tests/docx/golden bench/data/pages-300.docx --to markdown,html,json,segments

Exit 0 when every file matches; else the differing files are listed (first 20) and the exit is 1.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

INDEX = "zenconv-index.jsonl"


def convert(command: str, inputs: list[Path], out: Path, to: str, jobs: int) -> None:
    """One batch: ``inputs`` copied (as symlinks) under one folder, converted to ``to`` into ``out``."""
    with tempfile.TemporaryDirectory() as staging:
        for i, path in enumerate(inputs):
            os.symlink(path.resolve(), Path(staging) / f"{i:02d}-{path.name}")
        done = subprocess.run([*command.split(), staging, "-o", f"{out}/", "--to", to, "-j", str(jobs), "-q",
                               "--follow-symlinks", "--force"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode not in (0, 1, 3):  # 1: some document unreadable, 3: a policy matched; else no batch ran
            sys.exit(f"{command} {to}: exit {done.returncode}: {done.stderr.decode(errors='replace')[-500:]}")


def differences(left: Path, right: Path) -> list[str]:
    found = []
    names = {p.relative_to(left) for p in left.rglob("*") if p.is_file()} | \
            {p.relative_to(right) for p in right.rglob("*") if p.is_file()}
    for name in sorted(names):
        if name.name == INDEX:
            continue
        a, b = left / name, right / name
        if not (a.is_file() and b.is_file()):
            found.append(f"{name}: only in {'base' if a.is_file() else 'after'}")
        elif not filecmp.cmp(a, b, shallow=False):
            found.append(f"{name}: differs")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--base", required=True, help="the base build's command (e.g. a venv's zenconv)")
    parser.add_argument("--after", required=True, help="the changed build's command")
    parser.add_argument("--to", default="markdown,html,json,segments")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="keep both output trees here")
    args = parser.parse_args()
    work = Path(args.keep or tempfile.mkdtemp(prefix="same-bytes-"))
    total, bad = 0, []
    for to in args.to.split(","):
        left, right = work / "base" / to, work / "after" / to
        for folder in (left, right):
            shutil.rmtree(folder, ignore_errors=True)
        convert(args.base, args.inputs, left, to, args.jobs)
        convert(args.after, args.inputs, right, to, args.jobs)
        count = sum(1 for p in left.rglob("*") if p.is_file() and p.name != INDEX)
        total += count
        diff = differences(left, right)
        bad += [f"{to}: {line}" for line in diff]
        print(f"{to}: {count} files, {len(diff)} differ", flush=True)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    for line in bad[:20]:
        print("  " + line)
    print(f"{total} files compared, {len(bad)} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
