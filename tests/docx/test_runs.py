"""Run formatting, shared prefixes, toggles, breaks and tabs, symbols."""

from __future__ import annotations

from zenconv.ir.nodes import (
    Code, Emphasis, HardBreak, SmallCaps, Strikethrough, Strong, Subscript, Superscript, Text, Underline,
)

from .conftest import FX, blocks, body, read_docx, text


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


def test_many_runs_join_into_one_text_and_code_lines_into_one_block():
    from zenconv.ir.nodes import CodeBlock

    runs = "".join(f"<w:r><w:t>{chr(97 + i % 26)}</w:t></w:r>" for i in range(50_000))
    code = "".join(FX.p(f"x{i} = {i};", style="SourceCode") for i in range(2_000))
    styles = '<w:style w:type="paragraph" w:styleId="SourceCode"><w:name w:val="Source Code"/></w:style>'
    first, second = blocks(FX.package(f"<w:p>{runs}</w:p>" + code, styles=styles))
    assert first.children == [Text("abcdefghijklmnopqrstuvwxyz" * 1923 + "abcdefghijklmnopqrstuvwx"[:50_000 - 26 * 1923])]
    assert isinstance(second, CodeBlock) and second.text.count("\n") == 1_999 and second.text.endswith("x1999 = 1999;")


def test_page_and_column_breaks_separate_the_words_around_them_and_a_rendered_break_does_not():
    found = blocks(FX.breaks_and_guides())
    assert [text(b) for b in found[:3]] == ["before page break after page break", "left column right column",
                                           "unbroken"]
    assert HardBreak() in found[0].children and HardBreak() in found[1].children
    assert HardBreak() not in found[2].children
    assert read_docx(FX.breaks_and_guides()).codes()["docx.page-breaks-dropped"] == 2


def test_a_phonetic_guide_keeps_its_base_text_and_reports_the_guide_with_its_text():
    result = read_docx(FX.breaks_and_guides())
    assert text(body(result.document.blocks)[3]) == "Guided 漢字 text."
    report = next(r for r in result.reporter.reports if r.code.code == "docx.phonetic-dropped")
    assert report.count == 1 and report.quotes == ["かんじ"]
