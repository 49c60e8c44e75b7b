"""ODP: slides with title headings, reading order by position, hidden slides, notes."""

from __future__ import annotations

import zenconv
from zenconv.ir import Container, HiddenFacet, Image, LayoutFacet, List, Locator, plain_text

from .conftest import read_odp


def test_slides_titles_reading_order_and_notes(docs):
    result = read_odp(docs["slides"])
    slides = list(result.document.blocks)
    assert all(isinstance(s, Container) and s.class_ == "slide" for s in slides)
    assert [plain_text(s.blocks[0]) for s in slides] == ["Opening", "Hidden one", "Slide 3"]
    first = slides[0]
    assert isinstance(first.blocks[1], List)  # the outline frame, written before the title, reads after it
    assert isinstance(first.blocks[2].children[0], Image)
    notes = first.blocks[-1]
    assert notes.class_ == "notes" and plain_text(notes.blocks) == "Speaker notes here."
    assert all(b.locator.slide == 1 for b in first.blocks)
    assert first.locator.slide_title == "Opening"
    assert LayoutFacet("slide", 10_080_000, 5_670_000) in first.facets


def test_hidden_slide_kept_marked_or_skipped(docs):
    slides = list(read_odp(docs["slides"]).document.blocks)
    assert HiddenFacet("hidden-slide") in slides[1].facets
    result = read_odp(docs["slides"], hidden="skip")
    assert [s.locator.slide for s in result.document.blocks] == [1, 3]
    assert result.codes() == {"odp.hidden-slide-skipped": 1}
    assert result.reporter.matching("odp.hidden-slide-skipped")[0].quotes == ["Hidden one"]


# --- master pages ------------------------------------------------------------------------------


def test_master_page_text_is_reported_on_each_slide_it_shows_on_under_furniture_drop(docs):
    result = read_odp(docs["masters"], furniture="drop")
    (report,) = result.reporter.matching("odp.master-text-dropped")
    # Slide 1 shows the master's text box, its fixed date and its footer; slide 2's style hides the
    # footer and the master's objects, but not the date. Then the notes master, and a footer no slide shows.
    assert report.locators == [Locator(slide=1), Locator(slide=2), Locator(part="styles.xml"),
                               Locator(part="content.xml")]
    assert report.quotes == ["Acme Confidential 2024-01-02 Quarterly review", "2024-01-02", "Notes master legend",
                             "Draft footer"]
    assert report.details == ["notes master of Corporate", "footer ftr2: on no slide shown"]
    assert report.count == 4
    # A placeholder's prompt and the page-number field are not text the slides show.
    assert not any("Click" in q or "number" in q for q in report.quotes)
    assert result.codes() == {"odp.master-text-dropped": 4}


def test_master_text_is_not_in_the_slides_under_furniture_drop(docs):
    text = plain_text(read_odp(docs["masters"], furniture="drop").document.blocks)
    assert "Slide body 1" in text and "Acme" not in text and "Quarterly" not in text


def test_master_text_and_declarations_are_furniture_on_each_slide_that_shows_them(docs):
    from zenconv.ir import Container, FurnitureFacet

    result = read_odp(docs["masters"])
    shown = []
    for slide in result.document.blocks:
        for block in slide.blocks:
            if isinstance(block, Container) and block.class_ == "furniture":
                (facet,) = block.facets
                assert isinstance(facet, FurnitureFacet) and facet.style == "Corporate"
                shown.append((block.locator.slide, facet.role, plain_text(block.blocks)))
    assert shown == [(1, "master", "Acme Confidential"), (1, "date", "2024-01-02"), (1, "footer", "Quarterly review"),
                     (2, "date", "2024-01-02")]
    (report,) = result.reporter.matching("odp.master-text-dropped")  # what no slide shows, as before
    assert report.details == ["notes master of Corporate", "footer ftr2: on no slide shown"]
    md = zenconv.convert(docs["masters"], to="markdown").output.decode()
    assert md.count("2024-01-02") == 1 and "> *Master (slide 1, 'Corporate')*" in md
