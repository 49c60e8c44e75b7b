"""Headings by size and weight, the outline, styled words, links, lists and dehyphenation."""

from __future__ import annotations

import pytest

from zenconv.ir.nodes import Emphasis, Heading, Link, List, Paragraph, Strong
from zenconv.ir.walk import walk

from .conftest import text_of


@pytest.fixture(scope="module")
def doc(fixtures):
    from zenconv.testing import read

    from .conftest import READER, PdfRead
    return PdfRead(read(fixtures["structure.pdf"], READER))


def test_headings_rank_by_size_and_the_outline_sets_their_depth(doc):
    assert doc.headings == [(1, "Annual Report"), (1, "1 Introduction"), (2, "1.1 Scope"), (1, "2 Results")]


def test_bookmarks_that_match_no_heading_are_reported(doc):
    # "Appendix" points at page 2, which has no such heading; the annotation is a comment.
    assert doc.codes["pdf.outline-entries-unmatched"] == 1
    assert doc.codes["pdf.annotations-dropped"] == 1


def test_bold_and_italic_come_from_the_font_names(doc):
    para = next(p for p in doc.of(Paragraph) if text_of(p).startswith("This sentence"))
    strong = [text_of(n) for n in walk(para) if isinstance(n, Strong)]
    emphasis = [text_of(n) for n in walk(para) if isinstance(n, Emphasis)]
    assert strong == ["bold words"] and emphasis == ["italic words"]


def test_a_uri_annotation_links_the_text_under_it(doc):
    links = [n for b in doc.blocks for n in walk(b) if isinstance(n, Link)]
    assert [(text_of(n), n.target) for n in links] == [("example.com", "https://example.com/")]


def test_a_broken_word_is_joined_and_a_broken_compound_keeps_its_hyphen(doc):
    para = next(t for t in doc.paragraphs if t.startswith("This sentence"))
    assert "the computer's line end" in para
    assert "at the line end as self-locking," in para


def test_bullets_nest_by_indent_and_numbers_make_an_ordered_list(doc):
    bullets, numbers = doc.lists
    assert not bullets.ordered and numbers.ordered and numbers.start == 1
    items = [text_of(item.blocks[0]) for item in bullets.items]
    assert items == ["First item of the list",
                     "Second item, whose text is long enough that it wraps onto a second line under its own text",
                     "Third item"]
    nested = bullets.items[1].blocks[1]
    assert isinstance(nested, List) and [text_of(i) for i in nested.items] == ["A nested item"]
    assert [text_of(i) for i in numbers.items] == ["Alpha", "Beta", "Gamma"]


def test_lines_in_a_monospaced_font_are_a_listing_with_their_indents(doc):
    from zenconv.ir.nodes import CodeBlock
    (code,) = doc.of(CodeBlock)
    assert code.text == "def answer():\n    return 42\n\nprint(answer())"


def test_every_block_cites_its_page_and_the_page_label(doc):
    first = doc.blocks[0]
    assert isinstance(first, Heading)
    assert (first.locator.page, first.locator.page_label) == (1, "i")
    last = doc.blocks[-1]
    assert (last.locator.page, last.locator.page_label) == (2, "1")
    assert last.locator.citation() == "Page 2 (page label 1)"


def test_metadata_comes_from_the_info_dictionary(doc):
    meta = doc.result.document.metadata
    assert meta.title == "structure" and meta.authors == ["zenconv tests"]
    assert doc.result.context.library.startswith("pdfminer.six/")
