"""Raw HTML blocks: their tags found in linear time, and the search for a group's closing block bounded."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from zenconv.ir import plain_text
from zenconv_plugins.markdown import build

from ..apart import run_apart
from .conftest import read_md

# The pattern the opener-by-opener scan replaced: lazy, it rescanned to the end from every unclosed opener.
OLD_RAW_TEXT = re.compile(r"<!--.*?-->|<(script|style|textarea|title)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
PIECES = ["<!--", "-->", "<script", "</script>", "</SCRIPT >", "<style", "</style>", "<Title", "</title>",
          "<textarea>", "</textarea>", "a", ">", "<", "-", "<!-->", "<scriptx", "</scripts>", " "]


@given(st.lists(st.sampled_from(PIECES), max_size=10))
def test_raw_text_is_removed_as_the_lazy_pattern_removed_it(pieces):
    raw = "".join(pieces)
    assert build._without_raw_text(raw) == OLD_RAW_TEXT.sub("", raw)


def test_unclosed_openers_and_tags_are_scanned_once():
    # Each of these took seconds at 10,000 repetitions (1.4 s, 0.6 s at 5,000): quadratic. Run apart, so
    # that a return of it fails here instead of hanging the suite.
    script = ("from zenconv_plugins.markdown.build import _open_after\n"
              "assert _open_after('<div ' + '<a ' * 400_000, []) == []\n"
              "assert _open_after('<div>' + '<!--' * 400_000, []) == ['div']\n"
              "assert len(_open_after('<div>' + '<script>' * 400_000, [])) == 400_001\n"  # unclosed: tags\n"
              "assert _open_after('<p><b>' * 200_000 + '</x>' * 200_000 + '</b>', []) == ['b'] * 199_999\n")
    run_apart(script)


def test_an_end_tag_closes_its_last_open_element_and_those_after_it():
    assert build._open_after("<a><b><c></b>", []) == ["a"]
    assert build._open_after("<a><b></a>", ["x"]) == ["x"]
    assert build._open_after("</b></y>", ["a", "b", "c"]) == ["a"]


def test_the_search_for_a_groups_end_stops_at_its_budget():
    result = read_md("<div>\n\nlost?\n\n" * 12 + "</div>\n", max_html_group_blocks=5)
    assert result.codes()["markdown.html-group-capped"] == 1
    assert plain_text(result.document.blocks).count("lost?") == 12  # read one block at a time, nothing dropped
    grouped = read_md("<div>\n\n*in*\n\n</div>\n")  # under the budget: one group, as before
    assert "markdown.html-group-capped" not in grouped.codes()
