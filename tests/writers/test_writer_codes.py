"""The writers' codes: the format record lists exactly the declared codes, and each is reported somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zenconv.writers.codes import HTML_CODES, JSON_CODES, MARKDOWN_CODES, SEGMENTS_CODES

ROOT = Path(__file__).resolve().parents[2]
DECLARED = {code.code for code in (*MARKDOWN_CODES, *HTML_CODES, *JSON_CODES, *SEGMENTS_CODES)}


def test_the_format_record_lists_exactly_the_declared_codes():
    record = (ROOT / "docs" / "formats" / "writers.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(to-[a-z]+\.[a-z0-9-]+)`", record))
    assert named == DECLARED


@pytest.mark.parametrize("code", sorted(DECLARED))
def test_every_declared_code_is_used_by_a_writer(code):
    namespace, what = code.split(".", 1)
    sources = "\n".join(p.read_text() for p in (ROOT / "zenconv" / "writers").rglob("*.py") if p.name != "codes.py")
    # The HTML renderer builds its codes from a namespace (HtmlCodes), so the suffix is enough there.
    # The URL policy names its refusals (urls.py) and each writer prefixes them with its namespace.
    assert f'"{code}"' in sources or f'.{what}"' in sources or f'"{what}"' in sources
