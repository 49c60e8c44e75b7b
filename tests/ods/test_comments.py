"""Cell annotations as comment notes, each referenced from its cell."""

from __future__ import annotations

from zenconv.ir.nodes import Cell, NoteRef, Text

from ..writers.conftest import write_with
from .conftest import FX, read_ods, tables

COMMENTED = FX.commented()


def _markdown(data: bytes, **options) -> str:
    return write_with("markdown", read_ods(data, **options).document).text


def _table(rows: str, columns: str = '<table:table-column table:number-columns-repeated="3"/>') -> bytes:
    return FX.raw_ods(f'<table:table table:name="S">{columns}{rows}</table:table>')


def _cell(value: str, note: str = "") -> str:
    inside = FX.annotation(note, author="Bo") if note else ""
    return f'<table:table-cell office:value-type="string">{inside}<text:p>{value}</text:p></table:table-cell>'


def test_each_annotation_is_a_note_referenced_at_the_end_of_its_cell():
    assert _markdown(COMMENTED).splitlines() == [
        "## Claims",
        "",
        "|  |  |  |",
        "| --- | --- | --- |",
        "| Item | Amount |  |",
        "| Rent | 1000[^1] | [^2] |",   # a value's cell, then an empty cell inside the table
        "| [^3] |  |  |",               # an empty row between two rows: a row of its own
        "| Fees |  | paid |",
        "",
        # creator, initials and date as written (cut to the second); paragraphs with the cell's inlines
        "[^1]: *Comment by Ann Lee (AL), 2026-01-05T10:00:00:* Net of tax?",
        "",
        "    See [the lease](<https://example.com/lease>)",
        "",
        "[^2]: *Comment by Bo:* Still open",
        "",
        "[^3]: *Comment:* Why is row 3 empty?",
        "",
        # past the last used column, after the last row: carried, not referenced
        "[^4]: *Comment by Bo:* Past the last column",
        "",
        "[^5]: *Comment by Bo:* After the last row",
    ]


def test_notes_are_in_row_then_column_order_with_ids_from_their_cells():
    result = read_ods(COMMENTED)
    assert [n.id for n in result.document.notes] == ["comment-1-B2", "comment-1-C2", "comment-1-E2",
                                                     "comment-1-A3", "comment-1-A9"]
    assert {n.kind for n in result.document.notes} == {"comment"}
    assert list(tables(result)[0].rows)[1].cells[2] == Cell([NoteRef("comment-1-C2")])
    assert result.codes() == {"ods.rich-text-flattened": 1}  # the span in the first annotation


def test_conversions_are_byte_identical():
    assert _markdown(COMMENTED) == _markdown(FX.commented())


def test_drop_reports_each_annotation_and_carries_none():
    result = read_ods(COMMENTED, comments="drop")
    assert result.document.notes == []
    assert result.codes()["ods.annotations-dropped"] == 5
    (report,) = result.reporter.matching("ods.annotations-dropped")
    assert report.quotes[0].startswith("Ann Lee AL Net of tax? See the lease Bo Still open")
    assert "[^" not in _markdown(COMMENTED, comments="drop")


def test_annotations_on_rows_and_columns_skipped_under_hidden_skip_are_skipped_and_reported():
    columns = ('<table:table-column/><table:table-column table:visibility="collapse"/>'
               '<table:table-column/>')
    rows = (f'<table:table-row>{_cell("a")}{_cell("b", "on a hidden column")}{_cell("c", "seen")}</table:table-row>'
            f'<table:table-row table:visibility="collapse">{_cell("d", "on a hidden row")}</table:table-row>'
            f'<table:table-row>{_cell("e")}</table:table-row>')
    skipped = read_ods(_table(rows, columns), hidden="skip")
    assert [n.id for n in skipped.document.notes] == ["comment-1-C1"]
    assert skipped.codes()["ods.annotations-dropped"] == 2
    assert "on a hidden row" in skipped.reporter.matching("ods.annotations-dropped")[0].quotes[0]
    assert list(tables(skipped)[0].rows)[0].cells == ["a", Cell([Text("c"), NoteRef("comment-1-C1")])]
    kept = read_ods(_table(rows, columns))
    assert [n.id for n in kept.document.notes] == ["comment-1-B1", "comment-1-C1", "comment-1-A2"]
    assert "ods.annotations-dropped" not in kept.codes()


def test_an_annotated_repeated_cell_is_one_note_referenced_from_its_first_copy():
    rows = ('<table:table-row><table:table-cell office:value-type="string" table:number-columns-repeated="3">'
            f'{FX.annotation("same")}<text:p>x</text:p></table:table-cell></table:table-row>')
    result = read_ods(_table(rows))
    assert [n.id for n in result.document.notes] == ["comment-1-A1"]
    assert list(tables(result)[0].rows)[0].cells == [Cell([Text("x"), NoteRef("comment-1-A1")]), "x", "x"]
    assert result.codes()["ods.unhandled-construct"] == 2


def test_an_annotation_under_a_merged_cell_is_carried_and_drops_no_value():
    rows = ('<table:table-row><table:table-cell office:value-type="string" table:number-columns-spanned="2">'
            f'<text:p>wide</text:p></table:table-cell><table:covered-table-cell>{FX.annotation("covered")}'
            f'</table:covered-table-cell></table:table-row><table:table-row>{_cell("a")}{_cell("b")}</table:table-row>')
    result = read_ods(_table(rows))
    assert [n.id for n in result.document.notes] == ["comment-1-B1"]
    assert list(tables(result)[0].rows)[0].cells == [Cell([Text("wide")], col_span=2)]
    assert "ods.merged-cell-values-dropped" not in result.codes()
