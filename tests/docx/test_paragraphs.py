"""Headings by outline level and style chain, paragraph styles, code, preservation."""

from __future__ import annotations

from zenconv.ir.facets import StyleFacet
from zenconv.ir.nodes import CodeBlock, Heading, Paragraph

from .conftest import FX, blocks, read_docx, text


def test_headings_from_title_styles_chains_and_outline_levels():
    found = [(b.level, text(b)) for b in blocks(FX.headings_and_styles()) if isinstance(b, Heading)]
    # Title is level 1 and puts Heading N under it; a style based on Heading2 is a heading; a paragraph's
    # own outline level wins; a style *named* "heading 1" (Italian id Titolo1) is one; 8 + 1 clamps to 6.
    assert found == [(1, "The title"), (2, "Chapter"), (3, "Based on heading 2"), (4, "Outline level 3"),
                     (6, "Deep"), (2, "Italian heading")]


def test_deep_heading_is_clamped_and_reported():
    result = read_docx(FX.headings_and_styles())
    assert result.codes()["docx.heading-level-clamped"] == 1


def test_style_cycle_is_safe_and_body_styles_travel_as_facets():
    paras = [b for b in blocks(FX.headings_and_styles()) if isinstance(b, Paragraph)]
    by_text = {text(b): b for b in paras}
    assert by_text["A quotation"].facets == (StyleFacet(style_id="Quote", name="Quote"),)
    assert by_text["Looping style"].facets == (StyleFacet(style_id="LoopA", name="Loop A"),)
    assert by_text["Body text"].facets == ()


def test_empty_paragraphs_emit_nothing():
    assert [text(b) for b in blocks(FX.package(FX.p("") + FX.p("x") + FX.p(runs=FX.r("   "))))] == ["x"]


def test_preservation_lists_non_heading_style_ids():
    result = read_docx(FX.headings_and_styles())
    assert result.context.preservation["ai.insan.zenfmt.docx"] == {
        "version": 1, "paragraph_style_ids": ["LoopA", "Quote"]}


def test_code_style_and_monospace_paragraphs_become_one_code_block():
    found = blocks(FX.formatting())
    code = [b for b in found if isinstance(b, CodeBlock)]
    assert [c.text for c in code] == ["x = f(y);\nreturn x\nif (a) { b; }"]
    # prose in a typewriter face stays a paragraph (its text is inline code)
    assert text(found[-1]) == "A memo in a typewriter face" and isinstance(found[-1], Paragraph)
    assert read_docx(FX.formatting()).codes()["docx.monospace-as-code"] >= 1


def test_a_document_without_styles_or_numbering_converts():
    found = blocks(FX.package(FX.p("plain", style="Heading1") + FX.p("item", num=("1", 0))))
    # no styles part: Heading1 is still a built-in id; no numbering part: the dangling number is a bullet
    assert isinstance(found[0], Heading) and found[0].level == 1
    assert found[1].ordered is False and text(found[1].items[0].blocks) == "item"


def test_the_style_chain_is_followed_twenty_steps_and_no_further():
    def chain(length: int) -> str:
        styles = FX.heading_styles()
        for i in range(length):
            parent = f"C{i + 1}" if i + 1 < length else "Heading3"
            styles += f'<w:style w:type="paragraph" w:styleId="C{i}"><w:name w:val="c{i}"/><w:basedOn w:val="{parent}"/></w:style>'
        return styles
    near = blocks(FX.package(FX.p("near", style="C0"), styles=chain(19)))[0]
    far = blocks(FX.package(FX.p("far", style="C0"), styles=chain(25)))[0]
    assert isinstance(near, Heading) and near.level == 3
    assert isinstance(far, Paragraph)


def test_numbered_headings_start_with_their_number():
    numbering = FX.abstract("7", [("decimal", "%1.", 1), ("decimal", "%1.%2.", 1)]) + FX.num("7", "7")
    body = (FX.p("Intro", style="Heading1", num=("7", 0)) + FX.p("Scope", style="Heading2", num=("7", 1))
            + FX.p("Terms", style="Heading2", num=("7", 1)) + FX.p("Method", style="Heading1", num=("7", 0))
            + FX.p("Data", style="Heading2", num=("7", 1)))
    found = blocks(FX.package(body, styles=FX.heading_styles(), numbering=numbering))
    assert [(b.level, text(b)) for b in found] == [
        (1, "1 Intro"), (2, "1.1 Scope"), (2, "1.2 Terms"), (1, "2 Method"), (2, "2.1 Data")]
