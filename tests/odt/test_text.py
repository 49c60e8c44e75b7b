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


def test_each_page_styles_headers_and_footers_open_the_body_where_its_pages_start(docs, tmp_path):
    from zenconv.ir.walk import plain_text

    from .make_fixtures import rewrite

    masters = (b'<style:master-page style:name="Landscape" style:page-layout-name="pm1"><style:footer>'
               b'<text:p>Page <text:page-number>1</text:page-number></text:p></style:footer>'
               b'<style:header-left><text:p>Even legend</text:p></style:header-left>'
               b'<style:header style:display="false"><text:p>Switched off</text:p></style:header>'
               b'</style:master-page>'
               b'<style:master-page style:name="Unused" style:page-layout-name="pm1"><style:header>'
               b'<text:p>Never shown</text:p></style:header></style:master-page></office:master-styles>')
    # An automatic paragraph style starting the Landscape pages, given to the list's first paragraph's
    # successor: the Introduction heading's section ends, the Landscape pages start at "Second item"'s list.
    starts = b'<style:style style:name="PL" style:family="paragraph" style:master-page-name="Landscape"/>'
    path = tmp_path / "two-masters.odt"

    def content(data: bytes) -> bytes:
        data = data.replace(b"<office:automatic-styles>", b"<office:automatic-styles>" + starts, 1)
        return data.replace(b'<text:h text:outline-level="1">Introduction</text:h>',
                            b'<text:h text:outline-level="1">Introduction</text:h>'
                            b'<text:p text:style-name="PL">Landscape page</text:p>', 1)

    between = tmp_path / "between.odt"
    rewrite(docs["text"], between, "styles.xml", lambda d: d.replace(b"</office:master-styles>", masters, 1))
    rewrite(between, path, "content.xml", content)
    result = read_odt(path)
    blocks = list(result.document.blocks)
    furniture = [b for b in blocks if getattr(b, "class_", None) == "furniture"]
    assert [(f.facets[0].role, f.facets[0].variant, f.facets[0].style, plain_text(f.blocks)) for f in furniture] == [
        ("header", None, "Standard", "Confidential"), ("header", "left", "Landscape", "Even legend"),
        ("footer", None, "Landscape", "Page 1")]
    assert blocks[0] is furniture[0]  # the first page's style opens the document
    landscape = blocks.index(furniture[1])
    assert blocks[landscape + 2:landscape + 3] and plain_text([blocks[landscape + 2]]) == "Landscape page"
    assert plain_text(blocks[1:landscape]).startswith("Fixture title")
    assert result.codes()["odt.page-field-cached"] == 1
    (report,) = result.reporter.matching("odt.headers-footers-dropped")
    assert report.quotes == ["Switched off", "Never shown"] and report.count == 2
    assert "page style 'Unused' starts no page" in report.details
    md = zenconv.convert(path, to="markdown").output.decode()
    assert md.startswith("> *Header (page style 'Standard')*\n>\n> Confidential\n")
    assert md.index("Introduction") < md.index("> *Header (page style 'Landscape', left pages)*") < md.index(
        "Landscape page")


def test_a_first_page_style_shows_its_next_style_on_the_pages_after(docs, tmp_path):
    from zenconv.ir.walk import plain_text

    from .make_fixtures import rewrite

    first = (b'<style:master-page style:name="First_20_Page" style:display-name="First Page" '
             b'style:page-layout-name="pm1" style:next-style-name="Standard"><style:header>'
             b'<text:p>Cover legend</text:p></style:header></style:master-page>')
    path, between = tmp_path / "first.odt", tmp_path / "between.odt"
    rewrite(docs["text"], between, "styles.xml", lambda d: d.replace(b"<office:master-styles>",
                                                                     b"<office:master-styles>" + first, 1))
    starts = b'<style:style style:name="PF" style:family="paragraph" style:master-page-name="First_20_Page"/>'
    rewrite(between, path, "content.xml", lambda d: d.replace(
        b"<office:automatic-styles>", b"<office:automatic-styles>" + starts, 1).replace(
        b'text:style-name="Title"', b'text:style-name="PF"', 1))
    result = read_odt(path)
    furniture = [b for b in result.document.blocks if getattr(b, "class_", None) == "furniture"]
    assert [(f.facets[0].style, plain_text(f.blocks)) for f in furniture] == [
        ("First Page", "Cover legend"), ("Standard", "Confidential")]
    assert list(result.document.blocks)[:2] == furniture
    assert not result.reporter.matching("odt.headers-footers-dropped")


def test_every_master_pages_headers_and_footers_are_reported_with_their_text(docs, tmp_path):
    from .make_fixtures import rewrite

    second = (b'<style:master-page style:name="Landscape" style:page-layout-name="pm1"><style:footer>'
              b'<text:p>Landscape<text:s/>footer</text:p></style:footer></style:master-page></office:master-styles>')
    path = tmp_path / "two-masters.odt"
    rewrite(docs["text"], path, "styles.xml", lambda d: d.replace(b"</office:master-styles>", second, 1))
    (report,) = read_odt(path, furniture="drop").reporter.matching("odt.headers-footers-dropped")
    assert report.quotes == ["Confidential Landscape footer"]
