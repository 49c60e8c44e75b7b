"""The reader's rows in groups (plain records made rows only when iterated) give the pipe table what
the rows one at a time give it: the same Markdown and the same writer reports, on records of every kind,
in memory and spilled to disk; and a table read as groups still iterates as rows, even after a loop
over it stopped early (the header found under title lines)."""

from __future__ import annotations

import random

import pytest

from zenconv.ir.nodes import Document, Table
from zenconv.stream import PlainRows, RowGroups
from zenconv.testing import read
from zenconv.writers import spool
from zenconv_plugins.csv import tokenizer

from ..writers.conftest import write_with
from .conftest import READER

PIECES = ["a", "b c", "", " ", "  x", "x  y", "end ", "1.25", "x|y", "a\\b", "`c`", "*e*", "[l]", "<b>", "&amp;",
          "http://e.com", "a:b", '"q"', '"x,y"', '"l1\nl2"', '""', "é", "中", "\u2028", "\u00a0", "\t", "\x1b",
          "\x7f", "\x85", "\U0001f600", '"un']


def _text(r: random.Random) -> str:
    width = r.randint(1, 5)
    hazard = r.choice([0.0, 0.001, 0.05, 0.4])
    lines = ["Title", ""] * r.randint(0, 2) + [",".join(f"h{k}" for k in range(width))]  # --header auto finds it
    for i in range(r.randint(1, 3000)):
        if r.random() < hazard:
            w = r.randint(0, 7) if r.random() < 0.3 else width
            lines.append(",".join(r.choice(PIECES) if r.random() < 0.5 else f"v{i}" for _ in range(w)))
        else:
            lines.append(",".join(f"v{i}.{k}" for k in range(width)))
    return r.choice(["\n", "\r\n"]).join(lines) + "\n"


def _markdown(data: bytes, materialize: bool, **options):
    result = read(data, READER, materialize=materialize, **options)
    doc = result.document
    if not materialize:
        doc = Document(blocks=list(doc.blocks), metadata=doc.metadata, notes=doc.notes, resources=doc.resources)
        assert any(isinstance(b, Table) and isinstance(b.rows, RowGroups) for b in doc.blocks)
    written = write_with("markdown", doc)
    return written.text, written.codes, result.codes()


@pytest.mark.parametrize("seed", range(24))
def test_groups_write_what_rows_write(seed, monkeypatch):
    r = random.Random(seed)
    data = _text(r).encode("utf-8", "surrogatepass")
    monkeypatch.setattr(tokenizer, "BATCH", r.choice([1, 7, 64, 512]))
    monkeypatch.setattr(spool, "MAX_ROWS", r.choice([5, 100, 10_000]))
    header = r.choice(["first", "none", "auto"])
    assert _markdown(data, False, header=header) == _markdown(data, True, header=header)


def test_plain_rows_make_their_rows_on_demand(read_csv):
    made = []

    def make(start, stop):
        made.append((start, stop))
        return [f"row {i}" for i in range(start, stop)]

    group = PlainRows([["a"], ["b"], ["c"]], make)
    assert not made
    assert list(group) == ["row 0", "row 1", "row 2"]
    assert list(group.rows(1, 2)) == ["row 1"]
    assert made == [(0, 3), (1, 2)]


def test_a_loop_that_stops_leaves_the_rest_of_the_rows(monkeypatch):
    monkeypatch.setattr(tokenizer, "BATCH", 7)
    data = ("a,b\n" + "".join(f"{i},{i * 2}\n" for i in range(100))).encode()
    result = read(data, READER, materialize=False)
    (table,) = list(result.document.blocks)
    rows = table.rows
    assert isinstance(rows, RowGroups)
    first = next(rows)
    assert first.is_header
    for row in rows:
        if row.cells == ["9", "18"]:
            break
    assert [row.cells for row in rows] == [[str(i), str(i * 2)] for i in range(10, 100)]
