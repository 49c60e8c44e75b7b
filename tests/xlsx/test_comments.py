"""Review comments as notes: legacy notes and threaded comments, each referenced from its cell."""

from __future__ import annotations

import pytest

from zenconv.ir.nodes import Cell, Link, NoteRef, Text
from zenconv.reports import Unreadable
from zenconv_plugins.xlsx.anchors import note_id

from ..writers.conftest import write_with
from .conftest import FX, read_xlsx, tables

COMMENTED = FX.commented()


def _markdown(data: bytes, **options) -> str:
    return write_with("markdown", read_xlsx(data, **options).document).text


def _note(ref: str, text: str, author: str = "0") -> str:
    return f'<comment ref="{ref}" authorId="{author}"><text><t>{text}</t></text></comment>'


def test_each_comment_is_a_note_referenced_at_the_end_of_its_cell():
    assert _markdown(COMMENTED).splitlines() == [
        "## Sheet1",
        "",
        "|  |  |  |",
        "| --- | --- | --- |",
        "| Item | Amount | State |",
        "| Rent | 1000[^1] | [^2] |",      # a value's cell, then an empty cell inside the table
        "| [^3] |  |  |",                  # an empty row between two rows: a row of its own
        "| Fees[^4] | 200 | paid |",
        "",
        # the author is the one authorId names; the text is kept as written, the name Excel puts first included
        "[^1]: *Comment by John Reviewer:* John Reviewer:",
        "",
        "    Is this net?",
        "",
        "[^2]: *Comment by Ann:* Still open",
        "",
        "[^3]: *Comment by Ann:* Why is row 3 empty?",
        "",
        # the thread and not its "[Threaded comment]" note twin; the person's displayName, the date as written
        "[^4]: *Comment by Jane Smith (JS), 2026-06-18T17:12:37:* Fees look high",
        "",
        "    *Reply by Marcus Sterling, 2026-06-18T17:15:52:* Agreed",
        "",
        # past the last column, after the last row, a reference that is no cell: carried, not referenced
        "[^5]: *Comment by John Reviewer:* Past the last column",
        "",
        "[^6]: *Comment by John Reviewer:* After the last row",
        "",
        "[^7]: *Comment by John Reviewer:* Dangling",
    ]


def test_the_ir_holds_one_note_per_thread_with_deterministic_ids():
    result = read_xlsx(COMMENTED)
    notes = result.document.notes
    # by row, then column, then those whose reference is no cell
    assert [n.id for n in notes] == ["comment-1-E1", "comment-1-B2", "comment-1-C2", "comment-1-A3",
                                     "comment-1-A4", "comment-1-A9", "comment-1-unanchored-1"]
    assert {n.kind for n in notes} == {"comment"}
    rows = list(tables(result)[0].rows)
    assert rows[1].cells[2] == Cell([NoteRef("comment-1-C2")])
    assert [r.locator.row for r in rows] == [0, 1, 2, 3]
    assert "xlsx.comments-dropped" not in result.codes()
    assert result.codes()["xlsx.rich-text-flattened"] == 1  # the bold author name of B2's note


def test_conversions_are_byte_identical():
    assert _markdown(COMMENTED) == _markdown(FX.commented())


def test_drop_reports_as_before_and_carries_nothing():
    result = read_xlsx(COMMENTED, comments="drop")
    assert result.document.notes == []
    # one per comment, at its cell: six notes and two threaded comments (the thread's note twin says only
    # what its thread says, so it is not counted apart; the larger of the two counts was 7)
    assert result.codes()["xlsx.comments-dropped"] == 8
    assert [where.cell for where in result.reporter.matching("xlsx.comments-dropped")[0].locators][:3] == ["E1", "B2", "C2"]
    assert "[^" not in _markdown(COMMENTED, comments="drop")


def _book(body: str, notes: str, **kwargs) -> bytes:
    return FX.raw_book(body, **FX.comment_parts(0, notes, authors=("Ann",)), **kwargs)


def test_comments_on_rows_and_columns_skipped_under_hidden_skip_are_skipped_and_reported():
    body = ('<cols><col min="2" max="2" hidden="1"/></cols><sheetData>'
            '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c></row>'
            '<row r="2" hidden="1"><c r="A2"><v>4</v></c></row>'
            '<row r="3"><c r="A3"><v>5</v></c></row></sheetData>')
    data = _book(body, _note("B1", "on a hidden column") + _note("A2", "on a hidden row") + _note("C1", "seen"))
    skipped = read_xlsx(data, hidden="skip")
    assert [n.id for n in skipped.document.notes] == ["comment-1-C1"]
    assert skipped.codes()["xlsx.comments-dropped"] == 2
    assert list(tables(skipped)[0].rows)[0].cells == ["1", Cell([Text("3"), NoteRef("comment-1-C1")])]
    kept = read_xlsx(data)
    assert [n.id for n in kept.document.notes] == ["comment-1-B1", "comment-1-C1", "comment-1-A2"]
    assert "xlsx.comments-dropped" not in kept.codes()


def test_a_linked_cell_keeps_its_link_and_gains_the_mark():
    body = ('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>claim</t></is></c></row></sheetData>'
            '<hyperlinks><hyperlink ref="A1" location="Sheet1!B9"/></hyperlinks>')
    cell = list(tables(read_xlsx(_book(body, _note("A1", "see the claim"))))[0].rows)[0].cells[0]
    assert isinstance(cell.content[0], Link) and cell.content[0].target == "#Sheet1!B9"
    assert cell.content[1:] == [NoteRef("comment-1-A1")]


def test_a_comment_under_a_merged_cell_is_carried_and_drops_no_value():
    body = ('<sheetData><row r="1"><c r="A1"><v>7</v></c></row><row r="2"><c r="A2"><v>8</v></c><c r="B2"><v>9</v></c></row>'
            '</sheetData><mergeCells><mergeCell ref="A1:B1"/></mergeCells>')
    result = read_xlsx(_book(body, _note("B1", "under the span") + _note("A1", "on the origin")))
    rows = list(tables(result)[0].rows)
    assert rows[0].cells[0].content[-1] == NoteRef("comment-1-A1") and rows[0].cells[0].col_span == 2
    assert [n.id for n in result.document.notes] == ["comment-1-A1", "comment-1-B1"]
    assert "xlsx.merged-cell-values-dropped" not in result.codes()


def test_a_comment_past_the_column_cap_is_carried_without_a_reference():
    body = '<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c></row></sheetData>'
    result = read_xlsx(_book(body, _note("C1", "cut")), max_cols=2)
    assert [n.id for n in result.document.notes] == ["comment-1-C1"]
    assert list(tables(result)[0].rows)[0].cells == ["1", "2"]


@pytest.mark.parametrize("part", ["xl/comments1.xml", "xl/threadedComments/threadedComment1.xml"])
def test_a_comments_part_that_does_not_parse_costs_its_comments_not_the_workbook(part):
    parts = FX.comment_parts(0, _note("A1", "a note"), '<threadedComment ref="B1" id="{T}"><text>a thread</text>'
                                                       '</threadedComment>', authors=("Ann",))
    parts["extra"][part] = b"<comments><unclosed>"
    result = read_xlsx(FX.raw_book('<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row>'
                                   '</sheetData>', **parts))
    assert len(result.document.notes) == 1
    assert result.codes()["xlsx.comments-dropped"] == 1
    assert len(list(tables(result)[0].rows)) == 1


def test_a_doctype_in_a_comments_part_refuses_the_workbook():
    parts = FX.comment_parts(0, "")
    parts["extra"]["xl/comments1.xml"] = b'<!DOCTYPE x [<!ENTITY a "b">]><comments/>'
    with pytest.raises(Unreadable) as caught:
        read_xlsx(FX.raw_book("<sheetData/>", **parts))
    assert caught.value.code == "xlsx.doctype-refused"


def test_a_sheet_without_comments_streams_its_rows_untouched(monkeypatch):
    from zenconv_plugins.xlsx import reader

    def refuse(*args, **kwargs):
        raise AssertionError("a sheet without comments built CellNotes")

    monkeypatch.setattr(reader, "CellNotes", refuse)
    assert len(list(tables(read_xlsx(FX.ledger(20)))[0].rows)) == 20


def test_a_comment_on_an_empty_cell_is_referenced_up_to_the_last_column_holding_a_cell():
    # C1 lies right of every cell met when row 1 is read: the sheet's last column (D, an empty styled cell) decides
    body = ('<sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
            '<row r="2"><c r="A2"><v>2</v></c><c r="C2"><v>3</v></c><c r="D2" s="0"/></row></sheetData>')
    result = read_xlsx(_book(body, _note("C1", "inside") + _note("D1", "an empty cell's column") + _note("E1", "past")))
    assert list(tables(result)[0].rows)[0].cells == [
        "1", "", Cell([NoteRef("comment-1-C1")]), Cell([NoteRef("comment-1-D1")])]
    assert [n.id for n in result.document.notes] == ["comment-1-C1", "comment-1-D1", "comment-1-E1"]


def test_replies_join_their_thread_through_their_parents_and_an_orphan_starts_its_own():
    threads = ('<threadedComment ref="A1" dT="2026-01-01T09:00:00" personId="{P1}" id="{R}"><text>first</text>'
               '</threadedComment>'
               '<threadedComment ref="A1" dT="2026-01-01T10:00:00" personId="{P2}" id="{S}" parentId="{R}">'
               '<text>second</text></threadedComment>'
               '<threadedComment ref="A1" personId="{Nobody}" id="{U}" parentId="{S}"><text>a reply to a reply</text>'
               '</threadedComment>'
               '<threadedComment ref="A1" id="{V}" parentId="{gone}"><text>an orphan</text></threadedComment>')
    body = '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>'
    result = read_xlsx(FX.raw_book(body, **FX.comment_parts(0, _note("A1", "[Threaded comment] twin"), threads)))
    text = write_with("markdown", result.document).text
    assert text.splitlines()[4:] == [
        "| 1[^1][^2] |",
        "",
        "[^1]: *Comment by Jane Smith (JS), 2026-01-01T09:00:00:* first",
        "",
        "    *Reply by Marcus Sterling, 2026-01-01T10:00:00:* second",
        "",
        "    *Reply:* a reply to a reply",   # a person the persons part does not list: no author
        "",
        "[^2]: *Comment:* an orphan",
    ]
    assert [n.id for n in result.document.notes] == ["comment-1-A1", "comment-1-A1-2"]


def test_a_depth_bomb_in_a_comments_part_refuses_the_workbook():
    parts = FX.comment_parts(0, "")
    parts["extra"]["xl/comments1.xml"] = b"<comments>" + b"<a>" * 300 + b"</a>" * 300 + b"</comments>"
    with pytest.raises(Unreadable) as caught:
        read_xlsx(FX.raw_book("<sheetData/>", **parts))
    assert caught.value.code == "xlsx.xml-too-deep"


def test_a_persons_part_that_does_not_parse_leaves_threads_without_authors():
    parts = FX.comment_parts(0, "", '<threadedComment ref="A1" personId="{P1}" id="{T}"><text>who?</text>'
                                    '</threadedComment>')
    parts["extra"]["xl/persons/person.xml"] = b"<personList><person"
    result = read_xlsx(FX.raw_book('<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>', **parts))
    assert write_with("markdown", result.document).text.endswith("[^1]: *Comment:* who?\n")
    assert result.codes()["xlsx.unhandled-construct"] == 1


def test_note_ids_on_one_cell_are_counted_not_searched():
    taken: dict[str, int] = {}
    ids = [note_id(1, 6, 5, taken) for _ in range(100_000)]  # a hostile sheet: every comment on F7
    assert ids[:3] == ["comment-1-F7", "comment-1-F7-2", "comment-1-F7-3"] and len(set(ids)) == 100_000
