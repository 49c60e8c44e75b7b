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


# --- block-level revisions, paragraph marks, and a report for every revision resolved ------------------

def _paragraphs(mode: str) -> list[tuple[str, list[str]]]:
    return [(text(b), [f.change for f in b.facets if isinstance(f, RevisionFacet)])
            for b in blocks(FX.revision_blocks(), revisions=mode)]


def test_block_revisions_accept_keep_insertions_with_their_facet_and_join_at_a_deleted_mark():
    paragraphs = _paragraphs("accept")
    assert paragraphs[:7] == [
        ("Opening.", []), ("Inserted paragraph.", ["insertion"]), ("Middle.", []), ("Moved paragraph.", ["move-to"]),
        ("This is a", ["insertion"]), ("split Paragraph.", ["deletion"]), ("Last words", ["deletion"])]


def test_block_revisions_reject_restore_deletions_and_join_at_an_inserted_mark():
    paragraphs = _paragraphs("reject")
    assert paragraphs[:7] == [
        ("Opening.", []), ("Deleted paragraph.", ["deletion"]), ("Moved paragraph.", ["move-from"]), ("Middle.", []),
        ("This is a split", ["insertion", "deletion"]), ("Paragraph.", []), ("Last words", ["deletion"])]


def test_block_revisions_all_keep_every_paragraph_marked_as_a_revision_span():
    found = blocks(FX.revision_blocks(), revisions="all")
    assert [text(b) for b in found[:10]] == [
        "Opening.", "Inserted paragraph.", "Deleted paragraph.", "Moved paragraph.", "Middle.", "Moved paragraph.",
        "This is a", "split", "Paragraph.", "Last words"]
    spans = [(s.class_, text(s.children), s.facets[0].author) for b in found for s in walk([b]) if isinstance(s, Span)]
    assert spans == [("insertion", "Inserted paragraph.", "Ann"), ("deletion", "Deleted paragraph.", "Bob"),
                     ("move-from", "Moved paragraph.", "Cy"), ("move-to", "Moved paragraph.", "Cy")]


def test_block_revisions_under_all_are_ins_and_del_in_html():
    import zenconv

    html = zenconv.convert(FX.revision_blocks(), to="html", name="r.docx", revisions="all").output.decode()
    assert ('<ins class="rev-insertion" data-class="insertion" title="Inserted by Ann, 2024-05-01T10:00:00Z" '
            'data-revision="insertion" data-author="Ann"') in html
    assert ">Deleted paragraph.</del>" in html


def test_a_paragraph_waiting_to_join_stands_alone_before_a_table():
    found = blocks(FX.revision_blocks())
    index = next(i for i, b in enumerate(found) if text(b) == "Last words")
    assert type(found[index + 1]).__name__ == "Table"


def test_every_resolved_revision_has_a_code_with_its_authors():
    reports = {r.code.code: r for r in read_docx(FX.revision_blocks()).reporter.reports}
    assert reports["docx.tracked-insertions-accepted"].count == 2   # a paragraph, a paragraph mark
    assert reports["docx.tracked-insertions-accepted"].details == ["by Ann", "by Seeley, Jason"]
    assert reports["docx.tracked-moves-accepted"].count == 1
    assert reports["docx.tracked-deletions-dropped"].count == 4
    assert reports["docx.tracked-formatting-changes"].details == [
        "tcPrChange by Fay", "rPrChange by Dee", "pPrChange by Eve"]
    rejected = read_docx(FX.revision_blocks(), revisions="reject").codes()
    assert rejected["docx.tracked-deletions-restored"] == 4 and rejected["docx.tracked-insertions-dropped"] == 3
    shown = read_docx(FX.revision_blocks(), revisions="all").codes()
    assert shown["docx.tracked-changes-shown"] == 7
    assert not {code for code in shown if code.endswith(("-accepted", "-dropped", "-restored"))
                and code.startswith("docx.tracked-")}


def test_a_dropped_block_revision_report_takes_its_text():
    result = read_docx(FX.revision_blocks(), revisions="reject")
    report = next(r for r in result.reporter.reports if r.code.code == "docx.tracked-insertions-dropped")
    assert "Inserted paragraph." in report.quotes


def test_fail_on_tracked_catches_pending_insertions():
    """A document whose only revisions are insertions (kept under accept) still matches docx.tracked-*."""
    from zenconv.pipeline import Request, run
    from zenconv.context import Source

    data = FX.package(FX.p(runs='<w:ins w:id="1" w:author="Ann"><w:r><w:t>pending</w:t></w:r></w:ins>'))
    result = run(Request(source=Source("i.docx", data=data), to="markdown", output=None, manifest=False,
                         fail_on=("docx.tracked-*",)))
    assert result.policy_matches == ["docx.tracked-insertions-accepted"]


def test_a_hidden_paragraph_joined_to_a_visible_one_keeps_only_its_own_runs_hidden():
    from zenconv.ir.facets import HiddenFacet

    mark = '<w:rPr><w:del w:id="1" w:author="A"/></w:rPr>'
    data = FX.package(FX.p(runs=FX.r("secret", "<w:vanish/>"), ppr=mark) + FX.p("open"))
    (joined,) = blocks(data)
    assert text(joined) == "secret open"
    assert not [f for f in joined.facets if isinstance(f, HiddenFacet)]
    assert [s.class_ for s in walk([joined]) if isinstance(s, Span)] == ["hidden"]
