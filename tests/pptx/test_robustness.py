"""Damage found by the mutation fuzzer (bench/fuzz.py): each test builds the bad input and expects a
conversion, never an exception."""

from __future__ import annotations

import re

from .conftest import read_deck, slides
from .make_fixtures import rewrite


def test_a_coordinate_too_big_for_a_float_reads_as_zero(decks, tmp_path):
    # int("1" * 400) is a fine int and an OverflowError as a float.
    path = tmp_path / "giant-extent.pptx"
    rewrite(decks["shapegrid"], path, "ppt/slides/slide1.xml",
            lambda d: re.sub(rb'cx="\d+"', b'cx="' + b"1" * 400 + b'"', d))
    result = read_deck(path)
    assert slides(result)
