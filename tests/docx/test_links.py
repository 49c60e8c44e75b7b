"""Hyperlinks through relationships, anchors and fields, carried as stated; the writers drop script URLs."""

from __future__ import annotations

import pytest

from zenconv.ir.nodes import Link
from zenconv.ir.walk import walk

from zenconv.api import convert_api
from zenconv.writers.urls import UrlPolicy
from zenconv_plugins.docx.links import field_target

from .conftest import FX, blocks, read_docx, text


def _links(data):
    return [(n.target, text(n.children)) for n in walk(blocks(data)) if isinstance(n, Link)]


def test_relationship_anchor_and_field_links():
    assert _links(FX.links()) == [("https://example.com/a?b=1", "site"), ("#_Toc1", "anchor"),
                                  ("javascript:alert(1)", "js"), (" JaVa\tScRiPt:alert(2)", "tab"),
                                  ("%6Aavascript:alert(3)", "pct"), ("https://example.org/f", "field link"),
                                  ("java&#115;cript:x", "simple js")]


def test_underline_inside_a_link_is_the_link_look():
    first = blocks(FX.links())[0]
    assert first.children == [Link([first.children[0].children[0]], "https://example.com/a?b=1")]
    assert type(first.children[0].children[0]).__name__ == "Text"


def test_script_links_are_carried_and_the_writers_drop_them_keeping_their_text():
    found = blocks(FX.links())
    assert text(found[2]) == "js tab pct"
    assert text(found[4]) == "simple js"
    carried = [target for target, _ in _links(FX.links())]
    assert len(carried) == 7
    result = convert_api(FX.links(), to="markdown", name="links.docx")
    assert result.reports["to-md.unsafe-url-dropped"] == 4
    assert "javascript" not in result.output.decode().lower()


def test_other_fields_keep_their_result_and_drop_the_instruction():
    assert text(blocks(FX.links())[3]) == "field link 7"


@pytest.mark.parametrize("target", [
    "javascript:alert(1)", "JAVASCRIPT:x", " javascript:x", "java\tscript:x", "java\nscript:x",
    "&#106;avascript:x", "&#x6A;avascript:x", "%6Aavascript:x", "%256Aavascript:x", "vbscript:x",
    "data:text/html,<script>", "\u200bjavascript:x", "java\u00adscript:x", "&amp;#106;avascript:x",
])
def test_disguised_script_urls_are_refused_by_the_writers(target):
    assert UrlPolicy(None, str).link(target).url is None


@pytest.mark.parametrize("target", ["https://example.com", "mailto:a@b.c", "#anchor", "http://x/javascript:y"])
def test_ordinary_targets_are_kept_by_the_writers(target):
    assert UrlPolicy(None, str).link(target).url == target


def test_field_instruction_parsing():
    assert field_target(' HYPERLINK "https://a.b/c" \\l "sec" \\o "tip"') == "https://a.b/c#sec"
    assert field_target('HYPERLINK \\l "_Toc12"') == "#_Toc12"
    assert field_target(" PAGEREF _Toc1 \\h ") is None
