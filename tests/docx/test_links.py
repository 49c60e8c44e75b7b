"""Hyperlinks through relationships, anchors and fields; script URLs in every disguise never become links."""

from __future__ import annotations

import pytest

from zenconv.ir.nodes import Link
from zenconv.ir.walk import walk

from zenconv_plugins.docx.links import field_target, safe

from .conftest import FX, blocks, read_docx, text


def _links(data):
    return [(n.target, text(n.children)) for n in walk(blocks(data)) if isinstance(n, Link)]


def test_relationship_anchor_and_field_links():
    assert _links(FX.links()) == [("https://example.com/a?b=1", "site"), ("#_Toc1", "anchor"),
                                  ("https://example.org/f", "field link")]


def test_underline_inside_a_link_is_the_link_look():
    first = blocks(FX.links())[0]
    assert first.children == [Link([first.children[0].children[0]], "https://example.com/a?b=1")]
    assert type(first.children[0].children[0]).__name__ == "Text"


def test_script_links_keep_their_text_and_are_reported():
    found = blocks(FX.links())
    assert text(found[2]) == "js tab pct"
    assert text(found[4]) == "simple js"
    assert read_docx(FX.links()).codes()["docx.unsafe-link-dropped"] == 4


def test_other_fields_keep_their_result_and_drop_the_instruction():
    assert text(blocks(FX.links())[3]) == "field link 7"


@pytest.mark.parametrize("target", [
    "javascript:alert(1)", "JAVASCRIPT:x", " javascript:x", "java\tscript:x", "java\nscript:x",
    "&#106;avascript:x", "&#x6A;avascript:x", "%6Aavascript:x", "%256Aavascript:x", "vbscript:x",
    "data:text/html,<script>", "\u200bjavascript:x", "java\u00adscript:x", "&amp;#106;avascript:x",
])
def test_disguised_script_urls_are_unsafe(target):
    assert not safe(target)


@pytest.mark.parametrize("target", ["https://example.com", "mailto:a@b.c", "#anchor", "file.docx", "http://x/javascript:y"])
def test_ordinary_targets_are_safe(target):
    assert safe(target)


def test_field_instruction_parsing():
    assert field_target(' HYPERLINK "https://a.b/c" \\l "sec" \\o "tip"') == "https://a.b/c#sec"
    assert field_target('HYPERLINK \\l "_Toc12"') == "#_Toc12"
    assert field_target(" PAGEREF _Toc1 \\h ") is None
