"""What is recognised and not carried is reported under its declared code."""

from __future__ import annotations

from .conftest import read_deck


def test_reported_constructs(decks):
    codes = read_deck(decks["basic"]).codes()
    assert codes["pptx.smartart-as-text"] == 1
    assert codes["pptx.ole-object-dropped"] == 1
    assert codes["pptx.media-dropped"] == 1
    assert codes["pptx.animations-dropped"] == 1
    assert "pptx.comments-dropped" not in codes  # carried as notes by default
    assert read_deck(decks["basic"], comments="drop").codes()["pptx.comments-dropped"] == 2


def test_reports_carry_the_slide(decks):
    result = read_deck(decks["basic"])
    (report,) = result.reporter.matching("pptx.animations-dropped")
    assert report.locators[0].slide == 7
