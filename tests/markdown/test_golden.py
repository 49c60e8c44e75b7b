"""Golden pairs: each source in golden/ -> IR JSON (with flags and reports) and -> our Markdown.

Regenerate with ZENCONV_REGEN_GOLDEN=1 (never in CI), then read the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import zenconv
from zenconv.testing import read

from ..html.test_golden import check, golden_record

GOLDEN = Path(__file__).parent / "golden"
SOURCES = sorted(p for p in GOLDEN.glob("*.md") if p.name != "README.md" and not p.name.endswith(".md.md"))


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_ir_golden(source):
    check(source.with_name(source.name + ".json"), golden_record(read(source, "ai.insan.zenfmt.markdown")))


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_markdown_golden(source):
    check(source.with_name(source.name + ".md"), zenconv.convert(source, to="markdown").output.decode("utf-8"))
