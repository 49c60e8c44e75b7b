"""Every corpus document's Markdown, rendered by the five renderers, and its HTML page: nothing outside the
allowlist (tests/writers/renderers.py). The test runs a sample (test_rendered_corpus.py); this runs all:

    python -m tests.writers.corpus_rendered [CORPUS] [--jobs N]   # default ../shared/corpus beside the repo

Each conversion runs as the API runs it (isolated child, default limits); an unreadable document is
fine (it wrote nothing), a document whose output is unsafe is listed with what was found. Most of the
time goes to the renderers themselves (Python-Markdown takes 18 s on the pathological link-opener file), so
``--jobs`` spreads the documents over processes.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from zenconv.api import convert_api

from .renderers import html_problems, rendered_problems

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"


def documents(corpus: Path = CORPUS) -> list[str]:
    """The corpus's documents (its own test suites left out), by their MANIFEST.tsv paths."""
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as fh:
        return sorted(r["file"] for r in csv.DictReader(fh, delimiter="\t") if r["role"] != "test-suite")


def problems_of(path: Path) -> list[str]:
    """What is unsafe in the document's Markdown (per renderer) and HTML page."""
    out = []
    md = convert_api(path, to="markdown")
    if md.output:
        for renderer, found in rendered_problems(md.output.decode("utf-8")).items():
            out += [f"{renderer}: {p}" for p in found[:3]]
    page = convert_api(path, to="html")
    if page.output:
        out += [f"html: {p}" for p in html_problems(page.output.decode("utf-8"), page_furniture=True)[:3]]
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.writers.corpus_rendered")
    parser.add_argument("corpus", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    paths = [args.corpus / name for name in documents(args.corpus)]
    bad = 0
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for done, (path, found) in enumerate(zip(paths, pool.map(problems_of, paths)), 1):
            if found:
                bad += 1
                print(path.relative_to(args.corpus), *found, sep="\n    ", flush=True)
            if sys.stderr.isatty():
                print(f"\r{done}/{len(paths)}", end="", file=sys.stderr, flush=True)
    print(f"{len(paths)} documents, {bad} with unsafe output, {time.perf_counter() - started:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
