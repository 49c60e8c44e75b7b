"""The reader's rows, built a batch at a time on its hot path, are the records the rules give, each with
its row index, cell and the line it starts on (tests/csv/test_rfc4180.py's character-by-character
statement of the rules is the reference)."""

from __future__ import annotations

import random

import pytest

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Row
from zenconv_plugins.csv import tokenizer

from .test_rfc4180 import stated

PIECES = ["a", "b c", "", "1.5", ",", '"q"', '"x,y"', '"l1\nl2"', '"l1\r\nl2"', '""', "é", "\u2028", '"un']


def _text(r: random.Random) -> str:
    lines = []
    for _ in range(r.randint(1, 900)):
        width = r.randint(0, 4) if r.random() < 0.2 else 3
        lines.append(",".join(r.choice(PIECES) if r.random() < 0.3 else f"v{r.random():.3f}" for _ in range(width)))
    return r.choice(["\n", "\r\n", "\r"]).join(lines) + r.choice(["", "\n"])


@pytest.mark.parametrize("seed", range(12))
def test_rows_and_their_locators_follow_the_rules(seed, read_csv, monkeypatch):
    r = random.Random(seed)
    text = _text(r)
    monkeypatch.setattr(tokenizer, "BATCH", r.choice([1, 7, 512]))
    got = read_csv(text.encode(), header="none", delimiter=",")
    expected = [(fields, Locator(row=i, cell=f"A{i + 1}", line=line)) for i, (fields, line) in enumerate(stated(text))]
    assert [(row.cells, row.locator) for row in got.rows] == expected
    assert all(row.facets == () for row in got.rows)
    # The hot path sets a row's slots itself: the rows equal the constructor's, every slot set.
    assert got.rows == [Row(fields, locator=locator) for fields, locator in expected]
