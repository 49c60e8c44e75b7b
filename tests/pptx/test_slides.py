"""Slides: presentation order, titles, hidden slides, locators on every block, notes, metadata."""

from __future__ import annotations

from zenconv.ir import Container, HiddenFacet, LayoutFacet, List, ListItem, Paragraph, Row, Table, walk

from .conftest import read_deck, slide_titles, slides


def test_slides_in_presentation_order_with_title_headings(decks):
    result = read_deck(decks["basic"])
    assert slide_titles(result) == ["Quarterly report", "Hidden slide", "Slide 3", "Merged table", "Chart slide",
                                    "Grouped", "Reported things"]


def test_every_block_is_located_on_its_slide(decks):
    result = read_deck(decks["basic"])
    for number, slide in enumerate(slides(result), 1):
        assert slide.locator.slide == number
        for node in walk(slide.blocks):
            if isinstance(node, (Paragraph, List, ListItem, Table, Row, Container)):
                assert node.locator is not None and node.locator.slide == number, node
    first = slides(result)[0]
    assert first.locator.slide_title == "Quarterly report"
    assert slides(result)[2].locator.slide_title is None  # "Slide 3" is a stand-in, not the slide's title
    assert first.locator.citation() == "Slide 1"


def test_hidden_slide_kept_and_marked_by_default(decks):
    hidden = slides(read_deck(decks["basic"]))[1]
    assert HiddenFacet("hidden-slide") in hidden.facets


def test_hidden_slide_skipped_and_reported(decks):
    result = read_deck(decks["basic"], hidden="skip")
    assert "Hidden slide" not in slide_titles(result)
    assert [s.locator.slide for s in slides(result)] == [1, 3, 4, 5, 6, 7]  # numbers stay the deck's own
    assert result.codes()["pptx.hidden-slide-skipped"] == 1
    skipped = next(r for r in result.reporter.reports if r.code.code == "pptx.hidden-slide-skipped")
    assert skipped.quotes == ["Hidden slide"] and skipped.chars == len("Hidden slide")


def test_missing_slide_part_reported_and_numbering_kept(decks):
    result = read_deck(decks["dangling"])
    assert [s.locator.slide for s in slides(result)] == [1, 3, 4, 5, 6, 7]
    assert result.codes()["pptx.slide-missing"] == 1


def test_notes_follow_the_slide_content(decks):
    third = slides(read_deck(decks["basic"]))[2]
    notes = third.blocks[-1]
    assert isinstance(notes, Container) and notes.class_ == "notes"
    assert [p.children[0].text for p in notes.blocks] == ["Say hello.", "Then say goodbye."]
    assert notes.locator.slide == 3


def test_slide_size_travels_as_layout_facet(decks):
    first = slides(read_deck(decks["basic"]))[0]
    assert LayoutFacet("slide", 9_144_000, 6_858_000) in first.facets


def test_core_properties_become_metadata(decks):
    meta = read_deck(decks["basic"]).document.metadata
    assert meta.title == "Basic deck"
    assert meta.authors == ["Ada Lovelace"]
    assert meta.keywords == ["alpha", "beta"]
    assert meta.created == "2024-01-02T03:04:05Z"


def test_blocks_are_streamed_slide_by_slide(decks):
    result = read_deck(decks["basic"], materialize=False)
    stream = iter(result.document.blocks)
    first = next(stream)
    assert isinstance(first, Container) and first.locator.slide == 1
    assert result.document.metadata.title == "Basic deck"  # set before the first slide was yielded


def test_a_title_with_a_line_break_reads_as_one_line(tmp_path):
    from pptx import Presentation

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Line one\vLine two"  # python-pptx writes a vertical tab as <a:br/>
    prs.save(tmp_path / "t.pptx")
    result = read_deck(tmp_path / "t.pptx")
    assert slide_titles(result) == ["Line one Line two"]
    assert slides(result)[0].locator.slide_title == "Line one Line two"
