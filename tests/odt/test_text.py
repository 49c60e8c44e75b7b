"""Headings, paragraphs with style facets, runs, links, spaces, notes, metadata, page layout."""

from __future__ import annotations

from zenconv.ir import (
    Emphasis, Heading, HiddenFacet, LayoutFacet, Link, NoteRef, Span, StyleFacet, Strong, Superscript, Text,
)

import zenconv

from .conftest import paragraph, read_odt


def test_headings_by_outline_level_and_title_style(docs):
    result = read_odt(docs["text"])
    headings = [(b.level, b.children[0].text) for b in result.document.blocks if isinstance(b, Heading)]
    assert headings == [(1, "Fixture title"), (1, "Introduction"), (2, "Data"), (6, "Deep heading")]
    assert result.codes()["odt.heading-level-clamped"] == 1


def test_paragraph_runs_links_and_style_facet(docs):
    result = read_odt(docs["text"])
    p = paragraph(result, "Plain")
    assert StyleFacet("Text_20_body", "Text body") in p.facets
    kids = p.children
    assert kids[:4] == [Text("Plain, "), Strong([Text("bold")]), Text(" and "), Emphasis([Text("italic")])]
    assert Superscript([Text("2")]) in kids
    assert Link([Text("safe link")], "https://example.com/") in kids
    # Carried as found: the writers' URL policy drops the javascript: link (tests/writers/test_adversarial_urls.py).
    assert Link([Text("unsafe one")], "javascript:alert(1)") in kids


def test_notes_go_to_the_document_with_a_reference(docs):
    result = read_odt(docs["text"])
    p = paragraph(result, "Plain")
    assert NoteRef("fn1") in p.children
    notes = {n.id: (n.kind, n.blocks[0].children[0].text) for n in result.document.notes if n.kind != "comment"}
    assert notes == {"fn1": ("footnote", "The footnote text."), "en1": ("endnote", "The endnote text.")}


def test_hidden_text_kept_marked_or_skipped(docs):
    kept = paragraph(read_odt(docs["text"]), "Plain").children[-1]
    assert isinstance(kept, Span) and HiddenFacet("hidden-text") in kept.facets
    result = read_odt(docs["text"], hidden="skip")
    assert not isinstance(paragraph(result, "Plain").children[-1], Span)
    assert "Hidden section text" not in [getattr(b.children[0], "text", "") for b in result.document.blocks
                                         if hasattr(b, "children") and b.children]
    assert result.codes()["odt.hidden-text-skipped"] == 2
    assert result.reporter.matching("odt.hidden-text-skipped")[0].quotes == ["Secret.", "Hidden section text"]


def test_hidden_section_kept_and_marked(docs):
    p = paragraph(read_odt(docs["text"]), "Hidden section text")
    assert HiddenFacet("hidden-section") in p.facets


def _body(result) -> list:
    return [b for b in result.document.blocks if getattr(b, "class_", None) != "furniture"]


def test_page_layout_on_the_first_block_in_emu(docs):
    first = _body(read_odt(docs["text"]))[0]
    assert LayoutFacet("page", 7_772_400, 10_058_400) in first.facets  # 8.5 × 11 in


def test_locators_count_paragraphs_and_rendered_pages(docs):
    result = read_odt(docs["text"])
    blocks = _body(result)
    assert blocks[0].locator.paragraph == 1 and blocks[0].locator.rendered_page == 1
    data = next(b for b in blocks if isinstance(b, Heading) and b.children[0].text == "Data")
    assert data.locator.rendered_page == 2  # after the soft page break
    assert data.locator.citation().startswith("Page 2 (as last rendered), ¶ ")


def test_metadata_from_meta_xml(docs):
    meta = read_odt(docs["text"]).document.metadata
    assert (meta.title, meta.authors, meta.keywords) == ("Text fixture", ["Ada Lovelace"], ["alpha", "beta"])
    assert meta.created == "2024-01-02T03:04:05" and meta.extra["last_modified_by"] == "Fixture Script"


def test_reported_constructs(docs):
    codes = read_odt(docs["text"], furniture="drop").codes()
    for code in ("odt.bookmarks-dropped", "odt.headers-footers-dropped", "odt.text-boxes-degraded"):
        assert codes[code] == 1, code


def test_every_master_pages_headers_and_footers_are_furniture_with_their_page_style(docs, tmp_path):
    from zenconv.ir.walk import plain_text

    from .make_fixtures import rewrite

    second = (b'<style:master-page style:name="Landscape" style:page-layout-name="pm1"><style:footer>'
              b'<text:p>Page <text:page-number>1</text:page-number></text:p></style:footer>'
              b'<style:header-left><text:p>Even legend</text:p></style:header-left>'
              b'<style:header style:display="false"><text:p>Switched off</text:p></style:header>'
              b'</style:master-page></office:master-styles>')
    path = tmp_path / "two-masters.odt"
    rewrite(docs["text"], path, "styles.xml", lambda d: d.replace(b"</office:master-styles>", second, 1))
    result = read_odt(path)
    furniture = [b for b in result.document.blocks if getattr(b, "class_", None) == "furniture"]
    assert [(f.facets[0].role, f.facets[0].variant, f.facets[0].style, plain_text(f.blocks)) for f in furniture] == [
        ("header", None, "Standard", "Confidential"), ("header", "left", "Landscape", "Even legend"),
        ("footer", None, "Landscape", "Page 1")]
    assert list(result.document.blocks)[:3] == furniture  # they open the document
    assert result.codes()["odt.page-field-cached"] == 1
    (report,) = result.reporter.matching("odt.headers-footers-dropped")
    assert report.quotes == ["Switched off"]
    md = zenconv.convert(path, to="markdown").output.decode()
    assert md.startswith("> *Header (page style 'Standard')*\n>\n> Confidential\n")
    assert "> *Header (page style 'Landscape', left pages)*" in md


def test_every_master_pages_headers_and_footers_are_reported_with_their_text(docs, tmp_path):
    from .make_fixtures import rewrite

    second = (b'<style:master-page style:name="Landscape" style:page-layout-name="pm1"><style:footer>'
              b'<text:p>Landscape<text:s/>footer</text:p></style:footer></style:master-page></office:master-styles>')
    path = tmp_path / "two-masters.odt"
    rewrite(docs["text"], path, "styles.xml", lambda d: d.replace(b"</office:master-styles>", second, 1))
    (report,) = read_odt(path, furniture="drop").reporter.matching("odt.headers-footers-dropped")
    assert report.quotes == ["Confidential Landscape footer"]
