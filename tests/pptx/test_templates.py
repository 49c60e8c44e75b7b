"""Text a slide shows from its layout and master, text around the notes, and the masters no slide shows:
carried where it shows, reported with its words where it shows nowhere."""

from __future__ import annotations

import io

from pptx import Presentation

from zenconv.conservation import check
from zenconv.conservation.extract import source_parts
from zenconv.ir import Container, FurnitureFacet, Table
from zenconv.ir.walk import cell_text, plain_text

from .conftest import read_deck, slides
from .make_fixtures import _el, _text_box


def _backdrop(slide: Container) -> dict[str, str]:
    """What the slide shows of its layout and master: furniture (role master, variant layout for the
    layout's), or, under --furniture drop, ``layout`` and ``master`` containers as before."""
    return {_template(b): plain_text(b.blocks) for b in slide.blocks if isinstance(b, Container) and b.class_ != "notes"}


def _template(block: Container) -> str:
    if block.class_ != "furniture":
        return block.class_
    (facet,) = [f for f in block.facets if isinstance(f, FurnitureFacet)]
    assert facet.role == "master"
    return facet.variant or "master"


def _reports(result) -> dict:
    return {r.code.code: r for r in result.reporter.reports}


def test_layout_and_master_text_shows_on_the_slides_that_show_it(decks):
    shown = [_backdrop(s) for s in slides(read_deck(decks["templates"]))]
    assert shown[0] == {"layout": "Layout banner", "master": "Confidential draft"}
    assert shown[1] == {"layout": "Blank layout stamp"}  # the Blank layout hides the master's shapes
    assert shown[2] == {}  # the slide hides background graphics


def test_under_furniture_drop_layout_and_master_text_stays_as_before(decks):
    shown = [_backdrop(s) for s in slides(read_deck(decks["templates"], furniture="drop"))]
    first = slides(read_deck(decks["templates"], furniture="drop"))[0]
    assert {b.class_ for b in first.blocks if isinstance(b, Container)} >= {"layout", "master"}
    assert shown[0] == {"layout": "Layout banner", "master": "Confidential draft"}


def test_template_blocks_carry_the_slide_locator(decks):
    first = slides(read_deck(decks["templates"]))[0]
    layout = next(b for b in first.blocks if isinstance(b, Container) and b.class_ == "furniture"
                  and _template(b) == "layout")
    assert all(block.locator.slide == 1 for block in layout.blocks)


def test_text_no_slide_shows_is_reported_with_its_words(decks):
    reports = _reports(read_deck(decks["templates"]))
    unused = reports["pptx.template-text-dropped"]
    assert unused.quotes == ["Unused layout words"] and unused.count == 1
    assert unused.locators[0].part == "ppt/slideLayouts/slideLayout4.xml"
    assert reports["pptx.notes-master-dropped"].quotes[0].startswith("Notes header words")
    assert "Click" not in reports["pptx.handout-master-dropped"].quotes[0]  # the body's prompt is no text
    assert reports["pptx.handout-master-dropped"].quotes == ["Handout footer words"]


def test_a_master_hidden_on_every_slide_is_reported():
    prs = Presentation()
    prs.slide_master.shapes._spTree.append(_el(_text_box(900, "Never shown")))
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide._element.set("showMasterSp", "0")
    data = io.BytesIO()
    prs.save(data)
    result = read_deck(data.getvalue())
    assert _backdrop(slides(result)[0]) == {}
    assert _reports(result)["pptx.template-text-dropped"].quotes == ["Never shown"]


def test_notes_page_shapes_and_tables_are_carried_with_the_notes(decks):
    first = slides(read_deck(decks["templates"]))[0]
    notes = next(b for b in first.blocks if isinstance(b, Container) and b.class_ == "notes")
    assert plain_text(notes.blocks[:2]) == "Speaker words WordArt words"
    table = next(b for b in notes.blocks if isinstance(b, Table))
    assert [[cell_text(c) for c in r.cells] for r in table.rows] == [["Notes cell", "Total"], ["alpha", "42"]]
    assert table.locator.slide == 1 and table.locator.table == 1


def test_the_check_sees_every_template_word(decks):
    account = check(decks["templates"])
    assert account.unaccounted == 0
    assert account.source_tokens >= 35  # the notes and handout masters' printed placeholders count


def test_the_check_reads_printed_placeholders_of_notes_and_handout_masters_only(decks):
    parts, problems = source_parts(decks["templates"], "pptx")
    text = {part.kind: part.text for part in parts}
    assert not problems
    assert "Notes header words" in text["notesMaster"]
    assert "Handout footer words" in text["handoutMaster"] and "Click to edit" not in text["handoutMaster"]
    assert "Click to edit" not in text["slideMaster"]  # a slide master's placeholders are prompts
