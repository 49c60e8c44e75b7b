"""Damage found by the mutation fuzzer (bench/fuzz.py): lines a ToUnicode map can make (one glyph
standing for hundreds of characters) must cost time in proportion to their length, and degenerate
geometry (glyphs of no width) must neither divide by zero nor multiply the output."""

from __future__ import annotations

from types import SimpleNamespace

import zenconv
from zenconv_plugins.pdf.inlines import join_lines
from zenconv_plugins.pdf.lines import LEADER

from ..cputime import cpu_seconds
from .make_hostile import _page, _stream, build


def test_joining_after_a_line_of_one_long_word_takes_linear_time():
    # The hyphen search at the line's end tried every start in the word and scanned to its end from each.
    lines = [SimpleNamespace(pieces=[("A" * 40_000 + "1", None)]), SimpleNamespace(pieces=[("and", None)])]
    start = cpu_seconds()
    pieces = join_lines(lines, set())
    assert cpu_seconds() - start < 1
    assert pieces[-2:] == [(" ", None), ("and", None)]


def test_a_line_of_dots_is_searched_for_a_leader_in_linear_time():
    # "(\.\s*){4,}" backtracked over every split of the run: a line of 10,000 dots took minutes.
    start = cpu_seconds()
    assert not LEADER.search("." * 10_000 + " ab cd")
    assert cpu_seconds() - start < 1
    assert LEADER.search("Contents . . . . . 12") and LEADER.search("Intro..........3")
    assert not LEADER.search("Wait... what")


def _listing(scale: bytes, indent: bytes = b"0") -> bytes:
    """Five lines of Courier (a listing) drawn with horizontal scaling ``scale`` (Tz), the third moved
    ``indent`` points right: glyphs of no width, or of a millionth of a point, against real offsets."""
    body = (b"BT /F1 10 Tf " + scale + b" Tz 72 700 Td (def f\\(x\\):) Tj 0 -12 Td (    if x:) Tj "
            + indent + b" -12 Td (return 1) Tj -" + indent + b" -12 Td (    return 2) Tj 0 -12 Td (print\\(f\\(3\\)\\)) Tj ET")
    return build([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                  _page(2, 5), b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>", _stream(body)])


def test_a_listing_of_glyphs_without_width_converts():
    # The indent was measured in characters of the median glyph width: 0 divided by it.
    result = zenconv.convert(_listing(b"0"), to="markdown", name="zero-width.pdf")
    assert result.outcome == "converted", result.manifest.get("message")


def test_a_listing_of_glyphs_a_millionth_wide_is_not_indented_by_millions():
    result = zenconv.convert(_listing(b"0.0001", indent=b"300"), to="markdown", name="thin.pdf")
    assert result.outcome == "converted", result.manifest.get("message")
    assert len(result.output) < 4000
