"""Lists synthesized from numbered paragraphs: kind, start, nesting, restarts, dangling pointers."""

from __future__ import annotations

from zenconv.ir.nodes import List, ListItem, Paragraph

from .conftest import FX, blocks, text


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
    assert numbered.items[1].blocks[1].ordered and text(numbered.items[1].blocks[1]) == "Sub a"


def test_start_override_restarts_in_a_new_list():
    restarted = _lists()[3]
    assert restarted.ordered and restarted.start == 1 and text(restarted) == "Restarted"


def test_compound_labels_become_bullets_that_keep_the_label():
    outline = _lists()[4]
    assert outline.ordered and text(outline.items[0].blocks[0]) == "Outline"
    compound = outline.items[0].blocks[1]
    assert compound.ordered is False and text(compound) == "1.1. Compound"


def test_dangling_number_is_a_bullet_and_num_id_zero_is_no_list():
    found = _lists()
    assert found[5].ordered is False and text(found[5]) == "Dangling"
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
    assert text(found[0].items[0].blocks[1]) == "1.2000000000. b"
