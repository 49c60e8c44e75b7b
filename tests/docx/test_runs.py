"""Run formatting, shared prefixes, toggles, breaks and tabs, symbols."""

from __future__ import annotations

from zenconv.ir.nodes import (
    Code, Emphasis, HardBreak, SmallCaps, Strikethrough, Strong, Subscript, Superscript, Text, Underline,
)

from .conftest import FX, blocks


def _first_paragraph():
    return blocks(FX.formatting())[0].children


def test_consecutive_runs_share_their_common_prefix():
    inlines = _first_paragraph()
    # "bold " then "bold italic": one Strong holding the text and an Emphasis, not two Strongs
    assert inlines[0] == Strong([Text("bold "), Emphasis([Text("bold italic")])])


def test_a_false_toggle_clears_what_the_character_style_set():
    inlines = _first_paragraph()
    assert inlines[1] == Text(" plain not bold ")


def test_formatting_kinds_in_canonical_order():
    inlines = _first_paragraph()
    kinds = [type(i) for i in inlines]
    for kind in (Underline, Superscript, Subscript, Strikethrough, SmallCaps, Code):
        assert kind in kinds
    assert Underline([Text("under")]) in inlines and Text("no-underx") in inlines
    assert Code("printf") in inlines


def test_tab_break_hyphen_and_symbols():
    inlines = _first_paragraph()
    tail = inlines[inlines.index(Code("printf")) + 1:]
    assert tail == [Text("a b"), HardBreak(), Text("c-dα✓")]
