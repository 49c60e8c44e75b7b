"""docs/formats/csv.md gives every code it declares a row of its own in the omissions table (tests/test_docs.py
checks the set of codes and the options for every reader)."""

from __future__ import annotations

import re
from pathlib import Path

from zenconv_plugins.csv.plugin import CODES

RECORD = Path(__file__).resolve().parents[2] / "docs" / "formats" / "csv.md"


def test_every_code_has_a_row_in_the_omissions_table():
    rows = re.findall(r"^\| `(csv\.[a-z0-9-]+)` \|", RECORD.read_text(encoding="utf-8"), re.M)
    assert sorted(rows) == sorted(code.code for code in CODES)
