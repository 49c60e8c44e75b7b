"""The pipe-table writer's chunk test (a thousand plain rows checked at once) lets through exactly the
rows its per-row test lets through, and a table written a chunk at a time is the table written a row at
a time."""

from __future__ import annotations

import random
import sys

import pytest

from zenconv.ir import Document, Row, Table
from zenconv.writers.markdown import table as table_module
from zenconv.writers.markdown.escape import ROW_UNSAFE, escape_cell_string
from zenconv.writers.markdown.table import _ROW_MARKS, _as_is, _plain_block

from .conftest import write_with

UNSAFE_BEYOND_ASCII = ["\x80", "\x85", "\x9b", "\x9f", "\xa0", "\u1680", "\u2000", "\u2003", "\u200a", "\u2028",
                       "\u2029", "\u202f", "\u205f", "\u3000"]
# Non-ASCII characters that share a lead byte with those (C2, E1, E2, E3) and are not unsafe, and others.
NEIGHBOURS = ["\xa1", "\xa3", "\u00bf", "\u1681", "\u1fff", "\u200b", "\u2030", "\u2122", "\u3001", "\u30a2",
              "é", "中", "\U0001f600", "\ufffd", "\ufeff"]
PIECES = ["a", "b c", "", " ", "  ", "1.25", "x", "|", "a|b", ":", "://", "http://e", "a:b", "/", "\\", "`", "*",
          "_", "[", "]", "<", ">", "~", "$", "&", "\t", "\n", "\r", "\x00", "\x1b", "\x7f",
          *UNSAFE_BEYOND_ASCII, *NEIGHBOURS]


def _before(joined: str, pipes: int) -> bool:
    """The chunk test as it was: one search of ROW_UNSAFE over the joined rows."""
    return not (ROW_UNSAFE.search(joined) or "://" in joined or joined.count("|") != pipes
                or "  " in joined or joined[:1] == " " or joined[-1:] == " ")


def _cell(r: random.Random) -> str:
    if r.random() < 0.6:
        return r.choice(["a", "name 7", "1.25", "2026-01-03", "q, 4", "end", "Zürich", "日本"])
    return "".join(r.choice(PIECES) for _ in range(r.randint(0, 3)))


def test_every_character_the_row_search_finds_leaves_a_mark_in_its_utf8():
    # The block test deletes every byte but these marks: a character ROW_UNSAFE finds must keep one.
    marks = set(_ROW_MARKS)
    for code in range(sys.maxunicode + 1):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        if ROW_UNSAFE.match(char):
            assert marks & set(char.encode("utf-8")), hex(code)
        elif code < 0x80 and char != "|":
            assert code not in marks, hex(code)  # an ASCII mark is a character to escape, nothing else


@pytest.mark.parametrize("seed", range(8))
def test_the_chunk_test_agrees_with_the_search_it_replaces(seed):
    r = random.Random(seed)
    for _ in range(3000):
        width = r.randint(1, 5)
        rows = r.randint(1, 6)
        lines = []
        for _ in range(rows):
            cells = [_cell(r) for _ in range(width)]
            if r.random() < 0.05:
                cells[r.randrange(width)] += "\ud800"  # a lone surrogate, which UTF-8 cannot hold
            lines.append(" | ".join(cells))
        joined = " | ".join(lines)
        block = _plain_block(lines, width)
        # (one row of one empty cell, "|  |", is left to the line test, which writes it as it is)
        assert (block is not None) == (_before(joined, rows * width - 1) and joined != ""), joined
        if block is not None:
            assert block == "\n".join(f"| {line} |" for line in lines)
            assert all(_as_is(line, line.split(" | ")) for line in lines)


def _row_by_row(rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(escape_cell_string(cell) for cell in cells) + " |" for cells in rows]


@pytest.mark.parametrize("seed", range(4))
def test_a_table_of_mostly_plain_rows_is_each_row_escaped(seed, monkeypatch):
    r = random.Random(100 + seed)
    width = r.randint(2, 6)
    body = [[f"r{i}", f"v {i}", "x", "end", "1", "2"][:width] for i in range(3000)]
    for i in r.sample(range(3000), 40):  # a hazard here and there, a chunk's test failing for it
        body[i][r.randrange(width)] = "".join(r.choice(PIECES) for _ in range(r.randint(1, 3))).replace("\n", "")
    expected = _row_by_row(body)
    for chunk_chars in (1 << 20, 5000, 1):  # chunks of about a thousand rows, of a few, of one
        monkeypatch.setattr(table_module, "CHUNK_CHARS", chunk_chars)
        monkeypatch.setattr(table_module, "ROW_CHARS", max(1, chunk_chars // 1024))
        written = write_with("markdown", Document([Table(rows=iter([Row(cells) for cells in body]))]))
        assert written.text.split("\n")[2:-1] == expected
