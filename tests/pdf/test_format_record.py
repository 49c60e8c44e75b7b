"""docs/formats/pdf.md lists exactly the codes the plugin declares, and names every option."""

from __future__ import annotations

import re
from pathlib import Path

from zenconv_plugins.pdf.plugin import CODES, OPTIONS

RECORD = Path(__file__).resolve().parents[2] / "docs" / "formats" / "pdf.md"


def test_the_record_lists_exactly_the_declared_codes():
    documented = set(re.findall(r"`(pdf\.[a-z0-9-]+)`", RECORD.read_text(encoding="utf-8")))
    assert documented == {code.code for code in CODES}


def test_every_code_has_a_row_in_the_omissions_table():
    rows = re.findall(r"^\| `(pdf\.[a-z0-9-]+)` \|", RECORD.read_text(encoding="utf-8"), re.MULTILINE)
    assert sorted(rows) == sorted(code.code for code in CODES)


def test_every_option_is_named_in_the_record():
    text = RECORD.read_text(encoding="utf-8")
    for option in OPTIONS:
        assert f"--{option.name}" in text, option.name
