"""Lists synthesized from numbered paragraphs: kind, start, nesting, restarts, dangling pointers, and the
labels Word shows (``list_labels`` in make_fixtures.py: every number format, multi-level and legal text,
overrides, restarts, numbering from a style)."""

from __future__ import annotations

from zenconv.ir.nodes import List, ListItem, Paragraph

from .conftest import FX, blocks, read_docx, text


def _lists():
    return blocks(FX.lists())


def test_bullets_nest_and_survive_empty_paragraphs():
    first = _lists()[0]
    assert isinstance(first, List) and not first.ordered
    assert [text(i.blocks[0]) for i in first.items] == ["Bullet one", "Bullet two"]
    nested = first.items[0].blocks[1]
    assert isinstance(nested, List) and text(nested.items[0].blocks) == "Nested"


def test_ordered_list_starts_from_the_level_start_and_letters_nest():
    found = _lists()
    assert isinstance(found[1], Paragraph) and text(found[1]) == "Between"
    numbered = found[2]
    assert numbered.ordered and numbered.start == 3
    assert [text(i.blocks[0]) for i in numbered.items] == ["Third", "Fourth", "Fifth"]
    assert [i.label for i in numbered.items] == ["3.", "4.", "5."]
    lettered = numbered.items[1].blocks[1]
    assert lettered.ordered and [i.label for i in lettered.items] == ["a)"] and text(lettered) == "a) Sub a"


def test_start_override_restarts_in_a_new_list():
    restarted = _lists()[3]
    assert restarted.ordered and restarted.start == 1 and text(restarted) == "1. Restarted"


def test_a_compound_label_is_the_items_label_not_its_text():
    outline = _lists()[4]
    assert outline.ordered and text(outline.items[0].blocks[0]) == "Outline"
    compound = outline.items[0].blocks[1]
    assert compound.ordered and compound.items[0].label == "1.1."
    assert text(compound.items[0].blocks) == "Compound"


def test_dangling_number_is_a_bullet_and_num_id_zero_is_no_list():
    found = _lists()
    assert found[5].ordered is False and text(found[5]) == "Dangling" and found[5].items[0].label is None
    assert isinstance(found[6], Paragraph) and text(found[6]) == "Not a list"


def test_list_items_carry_their_paragraph_locators():
    first = _lists()[0]
    assert [i.locator.paragraph for i in first.items] == [1, 4]
    assert first.locator.paragraph == 1


def test_checkbox_paragraphs_are_task_items():
    tasks = [b for b in blocks(FX.controls_and_boxes()) if isinstance(b, List)][0]
    assert [(i.checked, text(i.blocks)) for i in tasks.items] == [(True, "Done"), (False, "Open")]
    assert all(isinstance(i, ListItem) for i in tasks.items)


def test_a_huge_start_value_gives_a_short_label():
    from zenconv_plugins.docx.numbering import format_number

    assert format_number(28, "lowerLetter") == "bb" and format_number(4, "upperRoman") == "IV"
    assert format_number(2_000_000_000, "lowerLetter") == "2000000000"
    numbering = FX.abstract("1", [("decimal", "%1.", 1), ("lowerLetter", "%1.%2.", 2_000_000_000)]) + FX.num("1", "1")
    found = blocks(FX.package(FX.p("a", num=("1", 0)) + FX.p("b", num=("1", 1)), numbering=numbering))
    assert found[0].items[0].blocks[1].items[0].label == "1.2000000000."


# --- labels as Word shows them ---------------------------------------------------------------------------

def _labels(found) -> list:
    """(label, own text) of every item, depth first."""
    out = []
    for block in found:
        if isinstance(block, List):
            for item in block.items:
                own = [b for b in item.blocks if not isinstance(b, List)]
                out.append((item.label, text(own)))
                out.extend(_labels([b for b in item.blocks if isinstance(b, List)]))
    return out


def _labelled(**options):
    return read_docx(FX.list_labels(), **options)


def test_multi_level_and_legal_labels():
    labels = _labels(_labelled().document.blocks)
    assert labels[:10] == [
        ("Article I.", "Definitions"), ("Section 1.01", "Scope"), ("(a)", "First"), ("(i)", "Sub one"),
        ("(ii)", "Sub two"), ("(b)", "Second"), ("Section 1.02", "Term"), ("(a)", "Again first"),
        ("Article II.", "Rent"), ("Section 2.01", "Amount"),
    ]


def test_ordinal_cardinal_and_ordinal_text_labels():
    labels = dict((t, label) for label, t in _labels(_labelled().document.blocks))
    assert [labels[t] for t in ("Top", "Mid one", "Mid two", "Low one", "Low two", "Low three")] == [
        "1st", "1st.1", "1st.2", "1st.2.1", "1st.2.2", "1st.2.3"]
    assert [labels[t] for t in ("Begin", "Step a", "Step b")] == ["One:", "Twenty-first step", "Twenty-second step"]


def test_letters_from_a_start_value_and_literal_text_around_the_number():
    labels = dict((t, label) for label, t in _labels(_labelled().document.blocks))
    assert [labels[t] for t in ("Fifth letter", "Paren one", "Sixth letter")] == ["e.", "(1))", "f."]
    # the suffix (w:suff nothing here) is not part of the label
    assert [labels[t] for t in ("Second section", "Third section")] == ["§ 2", "§ 3"]
    assert labels["Noted"] == "Note:"  # numFmt none: the level's text without a number


def test_overrides_restarts_and_numbering_from_a_style():
    found = _labelled().document.blocks
    labels = dict((t, label) for label, t in _labels(found))
    assert labels["Again one"] == "1."                                 # w:startOverride on the same definition
    assert (labels["Letter A"], labels["Letter B"]) == ("A)", "B)")    # a whole w:lvl in the w:lvlOverride
    assert (labels["Inner one"], labels["Inner two"]) == ("1)", "2)")  # w:lvlRestart 0: never restarts
    assert (labels["Styled one"], labels["Styled two"]) == ("I.", "II.")
    removed = [b for b in found if isinstance(b, Paragraph) and text(b) == "Numbering removed"]
    assert removed, "w:numId 0 on the paragraph removes the style's numbering"


def test_lvl_restart_names_the_levels_that_restart_it():
    from zenconv_plugins.docx.numbering import Numbering
    from lxml import etree

    numbering = FX.abstract_of("1", FX.lvl(0, "decimal", "%1."), FX.lvl(1, "decimal", "%2."),
                               FX.lvl(2, "decimal", "%3.", extra='<w:lvlRestart w:val="1"/>')) + FX.num("1", "1")
    root = etree.fromstring(f'<w:numbering xmlns:w="{FX.W_NS}">{numbering}</w:numbering>')
    counting = Numbering(root)
    shown = [counting.advance("1", level).label for level in (0, 1, 2, 2, 1, 2, 0, 1, 2)]
    # level 3 restarts only when level 1 advances, not when level 2 does
    assert shown == ["1.", "1.", "1.", "2.", "2.", "3.", "2.", "1.", "1."]


def test_unsupported_formats_and_long_texts_are_reported():
    result = _labelled()
    labels = dict((t, label) for label, t in _labels(result.document.blocks))
    assert labels["Hebrew one"] == "1."
    [unsupported] = result.reporter.matching("docx.list-format-unsupported")
    assert unsupported.details == ["hebrew1: 1."] and unsupported.locators[0].paragraph == 47
    assert labels["Long label"] == "X" * 100
    assert "docx.list-label-cut" in result.reporter
    cut = dict((t, label) for label, t in _labels(_labelled(max_label_chars=20).document.blocks))
    assert cut["Long label"] == "X" * 20  # the bound is an option
    assert "docx.list-label-cut" not in _labelled(max_label_chars=1000).reporter
    assert "docx.list-format-unsupported" not in read_docx(FX.lists()).reporter


def test_english_number_words():
    from zenconv_plugins.docx.numbering import format_number

    assert [format_number(n, "ordinal") for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"]
    assert [format_number(n, "cardinalText") for n in (1, 12, 40, 99, 105, 2024)] == [
        "One", "Twelve", "Forty", "Ninety-nine", "One hundred five", "Two thousand twenty-four"]
    assert [format_number(n, "ordinalText") for n in (1, 2, 3, 5, 8, 9, 12, 20, 42, 100)] == [
        "First", "Second", "Third", "Fifth", "Eighth", "Ninth", "Twelfth", "Twentieth", "Forty-second",
        "One hundredth"]
    assert format_number(10 ** 7, "cardinalText") == "10000000"  # past the words: digits, never a huge label
    assert [format_number(n, "decimalZero") for n in (3, 10, 123)] == ["03", "10", "123"]
    assert format_number(3, "decimalEnclosedCircle") == "③" and format_number(6, "chicago") == "††"


def test_markdown_keeps_every_label_word_shows():
    import zenconv

    md = zenconv.convert(FX.list_labels(), to="markdown", name="labels.docx").output.decode()
    for line in ("-   Article I. Definitions", "            -   (ii) Sub two", "        -   1st.2.3 Low three",
                 "-   e. Fifth letter", "    -   (1)) Paren one", "-   § 2 Second section", "1.  One",
                 "-   A) Letter A", "    2)  Inner two", "-   II. Styled two", "-   Note: Noted"):
        assert line + "\n" in md, line


def test_a_custom_format_in_alternate_content_is_read_from_its_fallback():
    levels = ('<w:lvl w:ilvl="0"><w:start w:val="1"/><mc:AlternateContent><mc:Choice Requires="w14">'
              '<w:numFmt w:val="custom" w:format="001, 002, 003, ..."/></mc:Choice><mc:Fallback>'
              '<w:numFmt w:val="decimalZero"/></mc:Fallback></mc:AlternateContent><w:lvlText w:val="%1."/></w:lvl>')
    numbering = FX.abstract_of("1", levels) + FX.num("1", "1")
    result = read_docx(FX.package(FX.p("a", num=("1", 0)) + FX.p("b", num=("1", 0)), numbering=numbering))
    assert [i.label for i in result.document.blocks[0].items] == ["01.", "02."]
    assert "docx.list-format-unsupported" not in result.reporter
