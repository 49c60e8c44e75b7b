"""needs_escape's byte table answers exactly what the search it replaced answered.

Escaping is security: a text it calls clean is written as it is. The table is right when the search finds
nothing past U+009F (so every character it finds is ASCII or starts with C2 in UTF-8) and every character
up to there, alone or beside others, gets the search's answer.
"""

from __future__ import annotations

import random

import pytest

from zenconv.writers.markdown.escape import NEEDS, NEEDS_CELL, needs_escape


def _searched(text: str, cell: bool) -> bool:
    return (NEEDS_CELL if cell else NEEDS).search(text) is not None or "://" in text


def test_the_search_finds_no_character_past_c1():
    # In slices well under malloc's mmap threshold: a string of megabytes, once freed, would leave the
    # process heap large enough for tests/conservation/test_check.py's capped child to convert within it.
    for start in range(0xA0, 0x110000, 0x1000):
        beyond = "".join(chr(c) for c in range(start, min(start + 0x1000, 0x110000)) if not 0xD800 <= c <= 0xDFFF)
        assert NEEDS.search(beyond) is None
        assert NEEDS_CELL.search(beyond) is None


@pytest.mark.parametrize("cell", [False, True])
def test_every_character_to_u00ff_and_its_neighbours(cell):
    others = ["", "a", ":", "//", "é", "\u00a0", "\x85", "中", "\U0001f600", "\ud800"]
    for c in range(0x100):
        ch = chr(c)
        for before in others:
            for after in others:
                text = before + ch + after
                assert needs_escape(text, cell) == _searched(text, cell), (hex(c), text, cell)


@pytest.mark.parametrize("cell", [False, True])
def test_random_text(cell):
    r = random.Random(2205)
    alphabet = [chr(c) for c in range(0x100)] + ["://", "http://x", "ü", "’", "—", "\u2028", "\ud83d", "😀", "中"]
    for _ in range(20000):
        text = "".join(r.choice(alphabet) for _ in range(r.randint(0, 12)))
        assert needs_escape(text, cell) == _searched(text, cell), text
