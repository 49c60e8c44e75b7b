"""Tokens: NFKC, case folding, format characters; the Markdown output read back to text."""

from __future__ import annotations

from zenconv.conservation.tokens import markdown_text, tokens


def md(text: str) -> list[str]:
    return tokens(markdown_text(text))


def test_tokens_fold_and_join_over_format_characters():
    assert tokens("Ｆｕｌｌ width, soft\u00adhyphen, zero\u200bwidth, Straße") == [
        "full", "width", "softhyphen", "zerowidth", "strasse"]
    assert tokens("snake_case and a-b") == ["snake", "case", "and", "a", "b"]


def test_markdown_escapes_entities_emphasis_and_tags():
    assert md(r"a\*b **bo**ld ~~gone~~ x<sup>2</sup> one<br>two &amp; caf&eacute;") == [
        "a", "b", "bold", "gone", "x2", "one", "two", "café"]


def test_code_is_taken_as_it_stands():
    assert md("`&amp;` and\n\n```\n&lt; \\* x\n```\n") == ["amp", "and", "lt", "x"]


def test_math_is_compared_symbol_by_symbol():
    assert md(r"$A= \pi r^{2}$ and $$\cos{\Theta}$$") == ["a", "π", "r", "2", "and", "c", "o", "s", "θ"]
    assert md(r"costs \$5 and \$6") == ["costs", "5", "and", "6"]  # escaped dollars are not math


def test_a_right_to_left_word_matches_in_either_order():
    logical = "مرحبا"
    assert tokens(logical) == tokens(logical[::-1])
