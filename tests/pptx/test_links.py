"""References outside the deck that nothing carries: each reported with its target, never fetched."""

from __future__ import annotations

from zenconv.ir import Link
from zenconv.ir.walk import walk

from .conftest import read_deck


def test_uncarried_external_relationships_are_reported_with_their_targets(decks):
    result = read_deck(decks["linked"])
    report = next(r for r in result.reporter.reports if r.code.code == "pptx.external-reference-dropped")
    assert report.details == ["hyperlink: https://example.com/hover", "hyperlink: https://example.com/shape",
                              "oleObject: file:///C:/books/linked.xlsx", "video: file:///C:/clips/talk.mp4"]
    assert report.count == 4 and report.locators[0].slide == 1


def test_a_carried_click_link_is_not_reported(decks):
    result = read_deck(decks["linked"])
    links = [node.target for node in walk(result.document.blocks) if isinstance(node, Link)]
    assert links == ["https://example.com/click"]
    report = next(r for r in result.reporter.reports if r.code.code == "pptx.external-reference-dropped")
    assert not any("click" in d for d in report.details)


def test_a_deck_without_external_references_reports_none(decks):
    assert "pptx.external-reference-dropped" not in read_deck(decks["templates"]).codes()
