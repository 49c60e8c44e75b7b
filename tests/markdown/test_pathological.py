"""Pathological Markdown ends in bounded time with a report, never hangs: the inputs of the brief
(100,000 `[`, 100,000 `>`, `*a_b` repeated) and cmark-gfm's pathological set from the corpus.

What matters is that no input is superlinear: the guards of plugins/markdown/parser.py turn the
quadratic cases into reports. The bound is on the CPU time the test process spends, not on the clock, and
the conversion's own deadline is lifted, so a busy machine cannot fail it; it is generous (twelve times the
corpus's own 5 s budget), so only a superlinear case, which runs for minutes, trips it. Speed itself is
measured by the corpus score and bench/.
"""

from __future__ import annotations

import json
import time

import pytest

from ..conftest import SHARED
from .conftest import read_md

CAP_SECONDS = 60
PATHOLOGICAL = SHARED / "corpus" / "markdown-spec-gfm" / "pathological"

GENERATED = {
    "100000 [": ("[" * 100_000, {"markdown.links-skipped"}),
    "100000 >": (">" * 100_000, {"markdown.block-nesting-capped"}),
    "*a_b x 50000": ("*a_b" * 50_000, {"markdown.emphasis-skipped"}),
    "*a **a nested": ("*a **a " * 20_000 + "b" + " a** a*" * 20_000, {"markdown.emphasis-skipped"}),
    "1000 nested lists": ("".join("  " * i + "- a\n" for i in range(1000)), {"markdown.block-nesting-capped"}),
}


def timed_read(text: str):
    start = time.process_time()
    result = read_md(text, timeout=0)
    return result, time.process_time() - start


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_cases_end_quickly_with_their_report(name):
    text, codes = GENERATED[name]
    result, seconds = timed_read(text)
    assert seconds < CAP_SECONDS
    assert codes <= set(result.codes()), result.codes()


@pytest.mark.skipif(not PATHOLOGICAL.is_dir(), reason="the conformance corpus is not beside the repository")
@pytest.mark.parametrize("path", sorted(PATHOLOGICAL.glob("*.md")) if PATHOLOGICAL.is_dir() else [],
                         ids=lambda p: p.stem)
def test_cmark_gfm_pathological_inputs_end_in_bounded_time(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    result, seconds = timed_read(path.read_bytes())
    assert seconds < max(CAP_SECONDS, expected["time_budget_seconds"])
    assert result.document.blocks or not path.read_bytes().strip()
