"""Word comments as notes: anchors, threads, --comments drop, unanchored and missing comments, hidden
anchors, comments in notes and text boxes, determinism, and hostile comments parts."""

from __future__ import annotations

import io

import pytest

import zenconv
from zenconv.ir.nodes import Container, ListItem, NoteRef, Paragraph
from zenconv.ir.walk import walk
from zenconv.reports import Unreadable
from zenconv_plugins.docx.comments import reference_ids

from ..apart import run_apart
from .conftest import FX, read_docx, text

ANNOTATION = '<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>'


def para(para_id: str, words: str) -> str:
    """A comment paragraph with the w14:paraId commentsExtended names it by."""
    return f'<w:p w14:paraId="{para_id}">{FX.r(words)}</w:p>'


def reply(para_id: str, parent: str) -> str:
    return f'<w15:commentEx w15:paraId="{para_id}" w15:paraIdParent="{parent}"/>'


def markdown(data: bytes, **options) -> str:
    return zenconv.convert(data, to="markdown", name="input.docx", **options).output.decode("utf-8")


def refs(blocks) -> list[str]:
    return [n.note_id for n in walk(blocks) if isinstance(n, NoteRef)]


def test_a_comment_is_a_note_with_its_attribution_referenced_at_its_anchor():
    data = FX.with_comments(
        FX.p(runs=FX.commented("7", FX.r("The term is five years")) + FX.r(".")),
        FX.comment("7", FX.p(runs=ANNOTATION + FX.r("Too ") + FX.r("long", "<w:i/>") + FX.r(".")),
                   author="John Reviewer", initials="JR", date="2026-01-01T09:30:00Z"))
    assert markdown(data) == (
        "<mark>The term is five years</mark>[^1].\n\n"
        "[^1]: *Comment by John Reviewer (JR), 2026-01-01T09:30:00Z:* Too *long*.\n")
    result = read_docx(data)
    note = result.document.notes[0]
    assert (note.id, note.kind) == ("comment-7", "comment")
    assert note.blocks[0].locator.part == "word/comments.xml"
    assert "docx.comments-dropped" not in result.codes()


def test_a_thread_a_range_end_a_hidden_anchor_and_an_unanchored_comment_in_markdown():
    assert markdown(FX.comments()).splitlines() == [
        "<mark>Python is great</mark>[^1]", "",
        "<mark>Ranged only</mark>[^2] and after", "",
        "Hidden anchor[^3]", "",
        "Missing", "",
        "[^1]: *Comment by John Reviewer (JR), 2026-01-01T00:00:00Z:* Why **Python**?", "",
        "    *Reply by Jane Smith (JS), 2026-06-18T17:35:35Z:* Because it reads well.", "",
        "[^2]: *Comment by Ann, 2025-05-05T10:00:00Z:* First point.", "",
        "    Second point.", "",
        "[^3]: *Comment by Hal (H):* On hidden text.", "",
        "[^4]: *Comment by Bob:* Anchored nowhere.",
    ]


def test_a_thread_is_one_note_referenced_once_and_a_reply_is_never_a_note():
    result = read_docx(FX.comments())
    assert refs(result.document.blocks) == ["comment-0", "comment-2", "comment-3"]
    notes = {n.id: n for n in result.document.notes}
    assert list(notes) == ["comment-0", "comment-2", "comment-3", "comment-4"]
    assert [text(b) for b in notes["comment-0"].blocks] == [
        "Comment by John Reviewer (JR), 2026-01-01T00:00:00Z: Why Python?",
        "Reply by Jane Smith (JS), 2026-06-18T17:35:35Z: Because it reads well."]


def test_without_comments_extended_a_reply_is_a_comment_of_its_own():
    data = FX.with_comments(
        FX.p(runs=FX.commented("0", FX.r("a")) + FX.commented("1", FX.r("b"))),
        FX.comment("0", para("0A", "first"), author="A")
        + FX.comment("1", para("1B", "second"), author="B"))
    assert [n.id for n in read_docx(data).document.notes] == ["comment-0", "comment-1"]


def test_a_reply_named_before_its_parent_still_follows_it_and_its_reference_joins_the_thread():
    data = FX.with_comments(
        FX.p(runs=FX.commented("5", FX.r("reply anchor first")) + FX.commented("4", FX.r(" then the parent"))),
        FX.comment("5", para("05", "the reply"), author="R")
        + FX.comment("4", para("04", "the parent"), author="P"),
        extended=reply("05", "04"))
    result = read_docx(data)
    assert refs(result.document.blocks) == ["comment-4"]
    assert [text(b) for b in result.document.notes[0].blocks] == ["Comment by P: the parent", "Reply by R: the reply"]
    assert markdown(data).splitlines()[0] == "<mark>reply anchor first</mark>[^1] <mark>then the parent</mark>"


def test_drop_reports_each_comment_once_and_carries_nothing():
    result = read_docx(FX.comments(), comments="drop")
    assert not result.document.notes and not refs(result.document.blocks)
    report = next(r for r in result.reporter.reports if r.code.code == "docx.comments-dropped")
    # ids 0, 1, 2, 3 and 9: each mark met, as before; then 4, anchored nowhere, which was lost unsaid
    assert report.count == 6 and report.details == ["comment 4 has no mark"]
    assert "Anchored nowhere." in report.quotes
    assert markdown(FX.comments(), comments="drop").startswith("Python is great\n\nRanged only and after\n")


def test_an_unanchored_comment_is_kept_without_a_reference_and_a_missing_one_is_reported():
    result = read_docx(FX.comments())
    assert "comment-4" in [n.id for n in result.document.notes] and "comment-4" not in refs(result.document.blocks)
    report = next(r for r in result.reporter.reports if r.code.code == "docx.comments-dropped")
    assert report.count == 1 and report.details == ["comment 9 is not in the package"]
    assert [loc.paragraph for loc in report.locators] == [4]


def test_a_reference_anywhere_wins_over_the_range_end():
    data = FX.with_comments(
        FX.p(runs='<w:commentRangeStart w:id="1"/>' + FX.r("range") + '<w:commentRangeEnd w:id="1"/>' + FX.r(" words")
             + '<w:r><w:commentReference w:id="1"/></w:r>'),
        FX.comment("1", FX.p("c"), author="A"))
    assert markdown(data).splitlines()[0] == "<mark>range</mark> words[^1]"


def test_a_comment_anchored_only_in_hidden_text_skipped_is_skipped_and_reported():
    result = read_docx(FX.comments(), hidden="skip")
    assert [n.id for n in result.document.notes] == ["comment-0", "comment-2", "comment-4"]
    report = next(r for r in result.reporter.reports if r.code.code == "docx.hidden-text-skipped")
    assert report.count == 1 and report.details == ["comment 3"]


def test_comments_in_footnotes_and_text_boxes_are_referenced_there():
    box = ('<w:r><w:drawing><wp:anchor><wp:docPr id="1" name="Box"/><a:graphic><a:graphicData '
           'uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx><w:txbxContent>'
           + FX.p(runs=FX.commented("2", FX.r("boxed"))) + '</w:txbxContent></wps:txbx></wps:wsp></a:graphicData>'
           '</a:graphic></wp:anchor></w:drawing></w:r>')
    footnotes = '<w:footnote w:id="1">' + FX.p(runs=FX.commented("1", FX.r("In the note"))) + "</w:footnote>"
    data = FX.with_comments(
        FX.p(runs=FX.r("Body") + '<w:r><w:footnoteReference w:id="1"/></w:r>' + box),
        FX.comment("1", FX.p("on the note"), author="N") + FX.comment("2", FX.p("on the box"), author="B"),
        footnotes=footnotes)
    result = read_docx(data)
    boxed = next(b for b in result.document.blocks if isinstance(b, Container))
    assert refs([boxed]) == ["comment-2"]
    footnote = next(n for n in result.document.notes if n.id == "footnote-1")
    assert refs(footnote.blocks) == ["comment-1"]
    assert markdown(data) == (
        "Body[^1]\n\n<mark>boxed</mark>[^2]\n\n[^1]: <mark>In the note</mark>[^3]\n\n[^2]: *Comment by B:* on the box\n\n"
        "[^3]: *Comment by N:* on the note\n")


def test_the_same_input_gives_byte_identical_output():
    for to in ("markdown", "html", "json"):
        first = zenconv.convert(FX.comments(), to=to, name="c.docx").output
        assert first == zenconv.convert(FX.comments(), to=to, name="c.docx").output


def test_a_comment_written_by_python_docx():
    import docx

    doc = docx.Document()
    para = doc.add_paragraph("Clause 4 ")
    run = para.add_run("applies")
    doc.add_comment(run, text="Check this.", author="Legal Team", initials="LT")
    buf = io.BytesIO()
    doc.save(buf)
    lines = markdown(buf.getvalue()).splitlines()
    assert lines[0] == "Clause 4 <mark>applies</mark>[^1]"
    assert lines[2].startswith("[^1]: *Comment by Legal Team (LT), ") and lines[2].endswith(":* Check this.")


def test_a_cycle_of_parents_ends_and_keeps_every_comment():
    data = FX.with_comments(
        FX.p(runs=FX.commented("0", FX.r("a")) + FX.commented("1", FX.r("b"))),
        FX.comment("0", para("0A", "x")) + FX.comment("1", para("1B", "y")),
        extended=reply("0A", "1B") + reply("1B", "0A"))
    assert [n.id for n in read_docx(data).document.notes] == ["comment-0", "comment-1"]


@pytest.mark.parametrize("part, code", [
    (b"<w:comments><w:comment", "docx.xml-malformed"),
    (b'<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', "docx.doctype-refused"),
    (b"<a>" * 400 + b"</a>" * 400, "docx.xml-too-deep"),
])
def test_a_hostile_comments_part_gets_the_readers_refusal(part, code):
    # like every optional part (styles, numbering, notes, charts), a broken one refuses the document
    data = FX.with_comments(FX.p(runs=FX.commented("0", FX.r("a"))), "", parts={"word/comments.xml": part})
    with pytest.raises(Unreadable) as refused:
        read_docx(data)
    assert refused.value.code == code
    assert text(read_docx(data, comments="drop").document.blocks) == "a"


def test_the_reference_scan_finds_ids_in_any_spelling():
    data = (b'<w:r><w:commentReference w:id="7"/></w:r><x:commentReference  x:id = \'8\' />'
            b'<commentReference id="9"><w:t>commentReference id="10"</w:t>')
    assert reference_ids(data) == [b"7", b"8", b"9"]


def test_the_reference_scan_is_linear_on_hostile_text():
    # The word repeated with no '>' between made the first pattern quadratic (8,000 took 7 s; this, hours).
    # Run apart, so that a return of it fails here instead of hanging the suite.
    script = ("from zenconv_plugins.docx.comments import reference_ids\n"
              "assert reference_ids(b'<w:t>' + b'commentReference id=1 ' * 400_000 + b'</w:t>') == []\n")
    run_apart(script)


# --- the text a comment covers ---------------------------------------------------------------------

def test_the_covered_text_is_a_comment_range_span_one_per_thread():
    from zenconv.ir.nodes import Span
    from zenconv.ir.walk import walk

    first, second = read_docx(FX.comments()).document.blocks[:2]
    # the reply's range repeats its thread's: one span
    assert [(s.class_, text(s.children)) for s in walk([first]) if isinstance(s, Span)] == [
        ("comment-range", "Python is great")]
    assert [(s.class_, text(s.children)) for s in walk([second]) if isinstance(s, Span)] == [
        ("comment-range", "Ranged only")]


def test_a_range_across_paragraphs_is_marked_in_each_in_html_and_markdown():
    body = (FX.p(runs=FX.r("Before ") + '<w:commentRangeStart w:id="1"/>' + FX.r("start here"))
            + FX.p(runs=FX.r("and end here") + '<w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r>'
                   + FX.r(" after")))
    data = FX.with_comments(body, FX.comment("1", FX.p("Both."), author="A"))
    html = zenconv.convert(data, to="html", name="c.docx").output.decode()
    mark = '<mark class="comment-range" data-class="comment-range" data-note="fn:1">'
    assert f'Before {mark}start here</mark></p>' in html
    assert f'{mark}and end here</mark><sup' in html
    assert markdown(data).splitlines()[:3] == ["Before <mark>start here</mark>", "", "<mark>and end here</mark>[^1] after"]


def test_a_range_ending_between_paragraphs_closes_there():
    body = (FX.p(runs='<w:commentRangeStart w:id="1"/>' + FX.r("covered")) + '<w:commentRangeEnd w:id="1"/>'
            + FX.p("not covered"))
    data = FX.with_comments(body, FX.comment("1", FX.p("c"), author="A"))
    assert markdown(data).splitlines()[:3] == ["<mark>covered</mark>", "", "not covered"]


def test_comment_ranges_are_not_marked_under_drop():
    from zenconv.ir.nodes import Span
    from zenconv.ir.walk import walk

    found = read_docx(FX.comments(), comments="drop").document.blocks
    assert not [s for s in walk(list(found)) if isinstance(s, Span)]


def test_ranges_past_the_open_bound_are_reported_not_marked():
    starts = "".join(f'<w:commentRangeStart w:id="{i}"/>' for i in range(70))
    part = "".join(FX.comment(str(i), FX.p("c"), author="A") for i in range(70))
    result = read_docx(FX.with_comments(FX.p(runs=starts + FX.r("deep")), part))
    assert result.codes()["docx.comment-ranges-unmarked"] == 6
    result = read_docx(FX.with_comments(FX.p(runs=starts + FX.r("deep")), part), max_comment_ranges=10)
    assert result.codes()["docx.comment-ranges-unmarked"] == 60


def html(data: bytes, **options):
    from lxml import html as lxml_html

    page = zenconv.convert(data, to="html", name="input.docx", **options).output
    return lxml_html.fromstring(page)


def margin_notes_after(tree, words: str):
    """The element right after the body block holding ``words``, and the block."""
    block = next(el for el in tree.iter("p", "table", "ol", "ul") if words in el.text_content()
                 and el.getparent().tag == "main")
    return block.getnext(), block


def test_the_html_page_writes_a_thread_beside_the_paragraph_it_comments():
    tree = html(FX.comments())
    aside, block = margin_notes_after(tree, "Python is great")
    assert block.get("data-paragraph") == "1"
    assert aside.tag == "aside" and aside.get("class") == "margin-notes"
    note, = aside.findall("div")
    assert note.get("id") == "fn:1" and "comment" in note.get("class")
    # the reply is threaded under its comment, in the same note
    entries = [e.text_content().strip() for e in note.find_class("comment-entry")]
    assert entries == ["Comment by John Reviewer (JR), 2026-01-01T00:00:00Z: Why Python?",
                       "Reply by Jane Smith (JS), 2026-06-18T17:35:35Z: Because it reads well."]
    # a range with no reference is placed at its end, beside its paragraph too
    aside, _ = margin_notes_after(tree, "Ranged only")
    assert aside.get("class") == "margin-notes" and "First point." in aside.text_content()
    # the comment anchored nowhere stays in the list after the body, and only there
    end_list, = tree.find_class("comments")
    assert "Anchored nowhere." in end_list.text_content()
    assert all("Anchored nowhere." not in a.text_content() for a in tree.find_class("margin-notes"))
    assert "Why Python?" not in end_list.text_content()


def test_a_thread_anchored_only_in_hidden_text_skipped_is_on_the_page_nowhere():
    tree = html(FX.comments(), hidden="skip")
    assert "On hidden text." not in tree.text_content()
    assert [a.text_content().count("Comment by") for a in tree.find_class("margin-notes")] == [1, 1]


def _list_body(comment_ref: str) -> tuple[bytes, str]:
    numbering = FX.abstract("1", [("decimal", "%1.", 1)]) + FX.num("1", "1")
    body = (FX.p("One", num=("1", 0))
            + FX.p(runs=FX.r("Two") + comment_ref, num=("1", 0))
            + FX.p(runs=FX.r("Break") + '<w:r><w:br w:type="page"/></w:r>')
            + FX.p("Three", num=("1", 0)) + FX.p("After"))
    return body, numbering


def test_reading_a_thread_at_its_reference_leaves_the_bodys_counters_and_lists_as_they_were():
    # the comment holds what moves a reader's counters: items of the body's own list, a table, a page
    # break, a Title
    inner = (FX.p("c1", num=("1", 0)) + FX.p("c2", num=("1", 0))
             + '<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid><w:tr><w:tc>' + FX.p("cell") + '</w:tc></w:tr></w:tbl>'
             + FX.p(runs=FX.r("paged") + '<w:r><w:br w:type="page"/></w:r>', style="Title"))
    ref = '<w:r><w:commentReference w:id="1"/></w:r>'
    body, numbering = _list_body(ref)
    kept = read_docx(FX.with_comments(body, FX.comment("1", inner, author="A"), numbering=numbering))
    dropped = read_docx(FX.with_comments(body, FX.comment("1", inner, author="A"), numbering=numbering),
                        comments="drop")

    def shape(blocks):
        out = []
        for node in walk(blocks):
            if isinstance(node, (ListItem, Paragraph)):
                where = node.locator and (node.locator.paragraph, node.locator.rendered_page)
                out.append((node.label if isinstance(node, ListItem) else "p", text(node), where))
        return out

    assert shape(kept.document.blocks) == shape(dropped.document.blocks)
    assert [(label, words) for label, words, _ in shape(kept.document.blocks) if label != "p"] == [
        ("1.", "1. One"), ("2.", "2. Two"), ("3.", "3. Three")]
    assert ("p", "After", (5, 2)) in shape(kept.document.blocks)
    note, = kept.document.notes
    # the comment's list counts on from where the body's was at the reference (the commented item is
    # counted when its paragraph ends), in counters of its own
    items = [node.label for node in walk(note.blocks) if isinstance(node, ListItem)]
    assert items == ["2.", "3."]
    assert {n.locator.part for n in walk(note.blocks) if getattr(n, "locator", None)} == {"word/comments.xml"}


def test_a_thread_referenced_in_a_table_cell_is_beside_the_table():
    cell = '<w:tc>' + FX.p(runs=FX.commented("1", FX.r("celled"))) + '</w:tc>'
    rows = "".join(f"<w:tr>{cell if i == 1 else '<w:tc>' + FX.p(f'row {i}') + '</w:tc>'}</w:tr>" for i in range(3))
    body = '<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid>' + rows + '</w:tbl>' + FX.p("After")
    tree = html(FX.with_comments(body, FX.comment("1", FX.p("on the cell"), author="C")))
    aside, = tree.find_class("margin-notes")
    assert "on the cell" in aside.text_content()
    assert "After" in aside.getnext().text_content() and not tree.find_class("comments")


def test_the_notes_are_in_the_order_their_threads_are_first_referenced():
    data = FX.with_comments(
        FX.p(runs=FX.commented("2", FX.r("second in the part"))) + FX.p(runs=FX.commented("1", FX.r("first"))),
        FX.comment("1", FX.p("one"), author="A") + FX.comment("2", FX.p("two"), author="B")
        + FX.comment("3", FX.p("nowhere"), author="C"))
    assert [n.id for n in read_docx(data).document.notes] == ["comment-2", "comment-1", "comment-3"]
    assert markdown(data).endswith("[^1]: *Comment by B:* two\n\n[^2]: *Comment by A:* one\n\n"
                                   "[^3]: *Comment by C:* nowhere\n")
    footnotes = '<w:footnote w:id="1">' + FX.p(runs=FX.commented("1", FX.r("In the note"))) + "</w:footnote>"
    data = FX.with_comments(FX.p(runs=FX.r("Body") + '<w:r><w:footnoteReference w:id="1"/></w:r>'),
                            FX.comment("1", FX.p("on the note"), author="N") + FX.comment("2", FX.p("x"), author="M"),
                            footnotes=footnotes)
    # a thread referenced in a footnote is read while the footnote is: its note comes first
    assert [n.id for n in read_docx(data).document.notes] == ["comment-1", "footnote-1", "comment-2"]


def test_the_conservation_check_finds_every_word_of_threads_read_at_their_reference(tmp_path):
    from zenconv.conservation import check

    inner = (FX.p("listed remark", num=("1", 0))
             + '<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid><w:tr><w:tc>' + FX.p("tabled remark")
             + '</w:tc></w:tr></w:tbl>')
    body, numbering = _list_body('<w:r><w:commentReference w:id="1"/></w:r>')
    data = FX.with_comments(body, FX.comment("1", inner, author="A") + FX.comment("2", FX.p("unplaced remark")),
                            numbering=numbering)
    path = tmp_path / "c.docx"
    path.write_bytes(data)
    account = check(path)
    assert account.unaccounted == 0 and account.reported_tokens == 0
    assert "tabled remark" in markdown(data) and "unplaced remark" in markdown(data)


@pytest.mark.parametrize("referenced", [True, False])
def test_a_footnote_a_comment_refers_to_is_read_whether_or_not_the_text_references_the_comment(referenced):
    footnotes = '<w:footnote w:id="1">' + FX.p("the footnote text") + "</w:footnote>"
    body = FX.p(runs=FX.commented("1", FX.r("Body")) if referenced else FX.r("Body"))
    data = FX.with_comments(body, FX.comment("1", FX.p(runs=FX.r("see") + '<w:r><w:footnoteReference w:id="1"/></w:r>'),
                                             author="N"), footnotes=footnotes)
    assert [n.id for n in read_docx(data).document.notes] == ["comment-1", "footnote-1"]
    assert markdown(data).endswith("[^1]: *Comment by N:* see[^2]\n\n[^2]: the footnote text\n")
