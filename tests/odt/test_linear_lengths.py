"""An ODF length (a page's width, a shape's place) is read with a regular expression, in C where the
deadline's checkpoints do not reach: it must stay linear on a hostile attribute value."""

from __future__ import annotations

from zenconv_plugins.odt.styles import length_emu

from ..apart import run_apart


def test_a_length_is_read_in_linear_time():
    # The digits and the spaces could each be split every way before the match failed: a million of
    # either took hours. Run apart, so that a return of it fails here instead of hanging the suite.
    script = ("from zenconv_plugins.odt.styles import length_emu\n"
              "assert length_emu('1' * 1_000_000 + '!') is None\n"
              "assert length_emu('1' + ' ' * 1_000_000 + '!') is None\n"
              "assert length_emu(' ' * 1_000_000 + '1in' + ' ' * 1_000_000) == 914_400\n")
    run_apart(script)


def test_lengths_are_still_read():
    assert length_emu("8.5in") == 7_772_400
    assert length_emu(" 21.001cm ") == 7_560_360
    assert length_emu("-.5 pt") == -6_350
    assert length_emu("2") is None          # no unit
    assert length_emu("1.cm") is None
    assert length_emu("3em") is None
