"""Tracked changes under the three --revisions modes, with RevisionFacets from office:change-info."""

from __future__ import annotations

from zenconv.ir import RevisionFacet, Span, plain_text

from .conftest import paragraph, read_odt

INSERTED = RevisionFacet("insertion", "Reviewer", "2024-01-02T03:04:05")
DELETED = RevisionFacet("deletion", "Reviewer", "2024-01-02T03:04:05")


def test_accept_keeps_insertions_and_drops_deletions(docs):
    result = read_odt(docs["text"])
    inserted, deleted = paragraph(result, "Kept"), paragraph(result, "Before")
    assert plain_text(inserted) == "Kept inserted text."
    assert plain_text(deleted) == "Before after."
    assert INSERTED in inserted.facets and DELETED in deleted.facets  # the fact survives the drop
    assert result.codes()["odt.tracked-deletions-dropped"] == 1


def test_reject_drops_insertions_and_restores_deletions(docs):
    result = read_odt(docs["text"], revisions="reject")
    assert plain_text(paragraph(result, "Kept")) == "Kept text."
    assert plain_text(paragraph(result, "Before")) == "Before removed words after."
    assert result.codes()["odt.tracked-insertions-dropped"] == 1
    assert "odt.tracked-deletions-dropped" not in result.codes()


def test_all_keeps_both_marked(docs):
    result = read_odt(docs["text"], revisions="all")
    ins = next(c for c in paragraph(result, "Kept").children if isinstance(c, Span))
    dele = next(c for c in paragraph(result, "Before").children if isinstance(c, Span))
    assert (ins.class_, ins.facets, plain_text(ins.children)) == ("insertion", (INSERTED,), "inserted")
    assert (dele.class_, dele.facets, plain_text(dele.children)) == ("deletion", (DELETED,), "removed words")
