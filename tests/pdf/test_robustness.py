"""Damage found by the mutation fuzzer (bench/fuzz.py): lines a ToUnicode map can make (one glyph
standing for hundreds of characters) must cost time in proportion to their length."""

from __future__ import annotations

import time
from types import SimpleNamespace

from zenconv_plugins.pdf.inlines import join_lines
from zenconv_plugins.pdf.lines import LEADER


def test_joining_after_a_line_of_one_long_word_takes_linear_time():
    # The hyphen search at the line's end tried every start in the word and scanned to its end from each.
    lines = [SimpleNamespace(pieces=[("A" * 40_000 + "1", None)]), SimpleNamespace(pieces=[("and", None)])]
    start = time.monotonic()
    pieces = join_lines(lines, set())
    assert time.monotonic() - start < 1
    assert pieces[-2:] == [(" ", None), ("and", None)]


def test_a_line_of_dots_is_searched_for_a_leader_in_linear_time():
    # "(\.\s*){4,}" backtracked over every split of the run: a line of 10,000 dots took minutes.
    start = time.monotonic()
    assert not LEADER.search("." * 10_000 + " ab cd")
    assert time.monotonic() - start < 1
    assert LEADER.search("Contents . . . . . 12") and LEADER.search("Intro..........3")
    assert not LEADER.search("Wait... what")
