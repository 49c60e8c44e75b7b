"""``python -m zenconv.conservation PATHS... [--corpus DIR] [--format NAME] [--option NAME=VALUE] [--json]
[--jobs N] [--rules]``

Prints, per format, the documents checked, those with unaccounted tokens and how many, then each
such document's parts with their first unaccounted tokens. ``--corpus`` takes the documents of a
conformance corpus's ``MANIFEST.tsv`` (role ``document``). Each document is checked in a forked child
under ``--timeout`` and ``--max-memory``. Exit status 1 when any token is unaccounted or a check failed.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import select
import signal
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .check import check
from .flow import MAX_PART_CHARS
from .model import Account
from .rules import catalogue

WORST = 10


def corpus_documents(folder: Path) -> list[Path]:
    with open(folder / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        return [folder / row["file"] for row in csv.DictReader(fh, delimiter="\t") if row["role"] == "document"]


def expand(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        found += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return found


def _check(args: tuple[Path, str | None, dict, int]) -> dict:
    path, fmt, options, max_part_chars = args
    try:
        return check(path, fmt, options, max_part_chars).to_json()
    except Exception as exc:  # the check must finish the run: one failure is one line of the table
        return _failed(path, fmt, f"{type(exc).__name__}: {exc}"[:300])


def _failed(path: Path, fmt: str | None, why: str) -> dict:
    return Account(str(path), fmt, "check-failed", problems=[why]).to_json()


def _check_apart(args: tuple[Path, str | None, dict, int, float, int]) -> dict:
    """One document's check in a forked child under an address-space cap and a deadline: a hostile
    source (a bomb the extractor inflates, a PDF pdfminer loops on) costs its own line, not the run."""
    path, fmt, options, max_part_chars, timeout, max_memory = args
    if not hasattr(os, "fork"):
        return _check((path, fmt, options, max_part_chars))
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: check, write the account as JSON, leave without cleaning up the parent's state
        os.close(read_end)
        try:
            resource.setrlimit(resource.RLIMIT_AS, (max_memory, max_memory))
            data = json.dumps(_check((path, fmt, options, max_part_chars))).encode()
        except BaseException as exc:  # noqa: BLE001 - MemoryError included: the parent must get a line
            data = json.dumps(_failed(path, fmt, f"{type(exc).__name__}")).encode()
        with os.fdopen(write_end, "wb") as out:
            out.write(data)
        os._exit(0)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([pipe], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return _failed(path, fmt, f"killed past --timeout {timeout:g}")
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return _failed(path, fmt, f"the child ended without an account (status {status})")
    return json.loads(b"".join(chunks))


def summary(accounts: list[dict]) -> str:
    by_format: dict[str, list[dict]] = defaultdict(list)
    for acc in accounts:
        by_format[acc["format"] or "?"].append(acc)
    out = [f"{'format':<10}{'checked':>8}{'lossy':>7}{'unaccounted':>13}{'source tokens':>15}{'not checked':>13}"]
    for fmt in sorted(by_format):
        docs = by_format[fmt]
        lossy = [a for a in docs if a["unaccounted"]]
        out.append(f"{fmt:<10}{len(docs):>8}{len(lossy):>7}{sum(a['unaccounted'] for a in docs):>13}"
                   f"{sum(a['source_tokens'] for a in docs):>15}"
                   f"{sum(a['outcome'] in ('unreadable', 'check-failed') for a in docs):>13}")
    for fmt in sorted(by_format):
        lossy = sorted((a for a in by_format[fmt] if a["unaccounted"]), key=lambda a: (-a["unaccounted"], a["path"]))
        if lossy:
            out.append(f"\n{fmt}: documents with unaccounted tokens (worst first)")
        for acc in lossy[:WORST]:
            out.append(f"  {acc['unaccounted']:>6} of {acc['source_tokens']:<7} {acc['path']}")
            for part in sorted(acc["parts"], key=lambda p: -p["unaccounted"])[:4]:
                out.append(f"           {part['unaccounted']:>5} in {part['part']} ({part['kind']}): "
                           + " ".join(part["first"]))
        if len(lossy) > WORST:
            out.append(f"  ... and {len(lossy) - WORST} more")
    problems = [(a["path"], p) for a in accounts for p in a["problems"]]
    if problems:
        out.append("\nproblems")
        out += [f"  {path}: {problem}" for path, problem in problems]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m zenconv.conservation", description=__doc__.split("\n\n")[1])
    parser.add_argument("paths", nargs="*", help="documents, or folders of documents")
    parser.add_argument("--corpus", type=Path, help="a corpus folder with a MANIFEST.tsv")
    parser.add_argument("--format", dest="fmt", help="the reader to use (as --from)")
    parser.add_argument("--json", action="store_true", help="one JSON account per document instead of the table")
    parser.add_argument("--jobs", type=int, default=1, help="documents checked at once (default 1)")
    parser.add_argument("--max-part-chars", type=int, default=MAX_PART_CHARS,
                        help=f"characters of a package part's text counted (default {MAX_PART_CHARS:,})")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per document (default 600)")
    parser.add_argument("--max-memory", type=int, default=4096, help="MiB of address space per document (default 4096)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a conversion option, as the API takes it (comments=drop, hidden=skip); repeatable")
    parser.add_argument("--rules", action="store_true", help="print what counts as text and every exclusion, then stop")
    args = parser.parse_args(argv)
    if args.rules:
        for family, what, why in catalogue():
            print(f"{family:<9} {what:<40} {why}")
        return 0
    paths = expand(args.paths) + (corpus_documents(args.corpus) if args.corpus else [])
    options = dict(item.partition("=")[::2] for item in args.option)
    work = [(path, args.fmt, options, args.max_part_chars, args.timeout, args.max_memory << 20) for path in paths]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            accounts = list(pool.map(_check_apart, work))
    else:
        accounts = [_check_apart(item) for item in work]
    if args.json:
        for acc in accounts:
            print(json.dumps(acc, ensure_ascii=False, sort_keys=True))
    else:
        print(summary(accounts))
    return 1 if any(a["unaccounted"] or a["outcome"] == "check-failed" for a in accounts) else 0


if __name__ == "__main__":
    sys.exit(main())
