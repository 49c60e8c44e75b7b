"""Every corpus document's Markdown, rendered by the five renderers, and its HTML page: nothing outside the
allowlist (tests/writers/renderers.py). The test runs a sample (test_rendered_corpus.py); this runs all:

    python -m tests.writers.corpus_rendered [CORPUS]     # default ../shared/corpus beside the repo

Each conversion runs as the API runs it (isolated child, default limits); an unreadable document is
fine (it wrote nothing), a document whose output is unsafe is listed with what was found.
"""

from __future__ import annotations

import csv
import sys
import time
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
    corpus = Path(argv[0]) if argv else CORPUS
    started = time.perf_counter()
    names = documents(corpus)
    bad = 0
    for name in names:
        found = problems_of(corpus / name)
        if found:
            bad += 1
            print(name, *found, sep="\n    ", flush=True)
    print(f"{len(names)} documents, {bad} with unsafe output, {time.perf_counter() - started:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
