"""Tracked changes: accept (default), reject and all, with their facets and reports."""

from __future__ import annotations

from zenconv.ir.facets import RevisionFacet
from zenconv.ir.nodes import Span
from zenconv.ir.walk import walk

from .conftest import FX, blocks, read_docx, text


def test_accept_keeps_insertions_and_moves_drops_deletions_with_facets():
    result = read_docx(FX.revisions())
    first, second = result.document.blocks
    assert text(first) == "Kept inserted end."
    assert first.facets == (RevisionFacet(change="insertion", author="Ann", date="2024-05-01T10:00:00Z"),
                            RevisionFacet(change="deletion", author="Bob", date="2024-05-02T10:00:00Z"))
    assert text(second) == "moved here"
    assert {f.change for f in second.facets} == {"move-from", "move-to"}
    assert result.codes()["docx.tracked-deletions-dropped"] == 2


def test_reject_keeps_deletions_and_drops_insertions():
    result = read_docx(FX.revisions(), revisions="reject")
    first, second = result.document.blocks
    assert [t.text for t in first.children] == ["Kept  deleted end."]
    assert text(second) == "moved away"
    assert result.codes()["docx.tracked-insertions-dropped"] == 2
    assert "docx.tracked-deletions-dropped" not in result.codes()


def test_all_keeps_both_marked_as_spans():
    first = blocks(FX.revisions(), revisions="all")[0]
    spans = [n for n in walk([first]) if isinstance(n, Span)]
    assert [(s.class_, s.children[0].text, s.facets[0].author) for s in spans] == [
        ("insertion", "inserted", "Ann"), ("deletion", " deleted", "Bob")]
    assert text(first) == "Kept inserted deleted end."
