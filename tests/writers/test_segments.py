"""Segments: one JSON line per citable unit, ordinals monotonic and stable, citations and row text."""

from __future__ import annotations

import json

import zenconv
from zenconv.ir import (
    BlockQuote, Cell, CodeBlock, Columns, Container, Document, Heading, HiddenFacet, List, ListItem, Locator,
    MathBlock, Note, NoteRef, Paragraph, Row, Table, Text, ThematicBreak,
)

from .conftest import write_with
from .rich_document import rich_document


def segments(doc) -> list[dict]:
    return [json.loads(line) for line in write_with("segments", doc).text.splitlines()]


def test_each_citable_unit_is_one_record_in_order():
    doc = Document([
        Heading(1, [Text("Title")], locator=Locator(page=1)),
        Paragraph([Text("Body")], locator=Locator(page=1, paragraph=2)),
        List([ListItem([Paragraph([Text("item")]), List([ListItem([Paragraph([Text("sub")])])])])]),
        BlockQuote([Container([Paragraph([Text("deep")])])]),
        ThematicBreak(),
        CodeBlock("print(1)", "python"), MathBlock("x^2"), Paragraph([Text("  ")]),
    ], notes=[Note("n1", [Paragraph([Text("note text")])])])
    records = segments(doc)
    assert [(r["ordinal"], r["kind"], r["text"]) for r in records] == [
        (1, "heading", "Title"), (2, "paragraph", "Body"), (3, "list_item", "item"), (4, "list_item", "sub"),
        (5, "paragraph", "deep"), (6, "code", "print(1)"), (7, "math", "x^2"), (8, "note", "note text")]
    assert records[0] == {"ordinal": 1, "kind": "heading", "text": "Title", "page": 1, "citation": "Page 1",
                          "level": 1}
    assert records[1]["citation"] == "Page 1, ¶ 2" and records[1]["paragraph"] == 2
    assert records[5]["language"] == "python" and records[7]["note"] == "n1"


def test_table_rows_are_markdown_rows_with_their_citation():
    rows = [Row([Cell([Text("Item")], header=True), Cell([Text("Amount")], header=True)],
                locator=Locator(row=0)),
            Row(["Rent", "1 | 000"], locator=Locator(row=246, cell="A247")),
            Row([Cell([Text("merged")], col_span=2)], locator=Locator(row=247), facets=(HiddenFacet("h"),)),
            Row(["short"])]
    table = Table(rows=iter(rows), columns=Columns(count=2), locator=Locator(sheet=1, sheet_name="Damages"))
    records = segments(Document([Table(rows=iter([Row(["first table"])])), table]))
    rows_out = [r for r in records if r["kind"] == "table_row"][1:]
    # --fill-merged is on for segments: the cell a span covers repeats its text
    assert [r["text"] for r in rows_out] == ["| Item | Amount |", "| Rent | 1 \\| 000 |", "| merged | merged |",
                                             "| short |  |"]
    assert rows_out[0]["header"] is True and "header" not in rows_out[1]
    assert rows_out[1] == {"ordinal": 3, "kind": "table_row", "text": "| Rent | 1 \\| 000 |", "sheet": 1,
                           "sheet_name": "Damages", "table": 2, "row": 246, "cell": "A247",
                           "citation": "Sheet 'Damages', row 247"}
    assert rows_out[2]["hidden"] == "h"
    assert rows_out[3]["row"] == 3 and rows_out[3]["citation"] == "Sheet 'Damages', row 4"


def test_a_row_without_any_locator_is_cited_by_table_and_position():
    records = segments(Document([Paragraph([Text("x")]), Table(rows=[Row(["a"]), Row(["b"])])]))
    assert [(r["table"], r["row"], r["citation"]) for r in records[1:]] == [(1, 0, "Table 1, row 1"),
                                                                           (1, 1, "Table 1, row 2")]


def test_ordinals_are_monotonic_and_stable_across_runs():
    first = write_with("segments", rich_document()).text
    second = write_with("segments", rich_document()).text
    assert first == second
    ordinals = [json.loads(line)["ordinal"] for line in first.splitlines()]
    assert ordinals == list(range(1, len(ordinals) + 1))


def test_a_review_comments_records_are_comments_and_other_notes_stay_notes():
    doc = Document([Paragraph([Text("Body")])],
                   notes=[Note("c1", [Paragraph([Text("Why?")])], kind="comment"),
                          Note("n1", [Paragraph([Text("a footnote")])])])
    assert [(r["kind"], r["text"], r["note"]) for r in segments(doc)[1:]] == [
        ("comment", "Why?", "c1"), ("note", "a footnote", "n1")]


def _comments(data: bytes, name: str, **options) -> list[tuple]:
    """Each comment record's note and what it says the comment covers."""
    records = [json.loads(line) for line in
               zenconv.convert(data, to="segments", name=name, **options).output.decode().splitlines()]
    return [(r["note"], r.get("covers"), r.get("covers_chars"), r.get("covers_citation"))
            for r in records if r["kind"] == "comment"]


def test_a_word_comment_covers_its_range_and_a_point_comment_nothing():
    from ..docx.conftest import FX

    assert _comments(FX.comments(), "c.docx")[:4] == [
        ("comment-0", "Python is great", 15, "¶ 1"), ("comment-0", "Python is great", 15, "¶ 1"),  # a reply too
        ("comment-2", "Ranged only", 11, "¶ 2"), ("comment-2", "Ranged only", 11, "¶ 2")]
    body = (FX.p(runs=FX.r("Before ") + '<w:commentRangeStart w:id="1"/>' + FX.r("start ") + FX.r("here", "<w:b/>"))
            + FX.p(runs=FX.r("and end") + '<w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r>')
            + FX.p(runs=FX.r("Point") + '<w:r><w:commentReference w:id="2"/></w:r>'))
    data = FX.with_comments(body, FX.comment("1", FX.p("Both."), author="A") + FX.comment("2", FX.p("P."), author="A"))
    # pieces split by formatting join as written; paragraphs are a word apart
    assert _comments(data, "c.docx") == [("comment-1", "start here and end", 18, "¶ 1"),
                                         ("comment-2", None, None, None)]


def test_an_odf_comment_covers_its_range_across_paragraphs():
    from ..odt.test_comments import RANGES

    assert _comments(RANGES, "c.odt") == [("comment-1", "contract term", 13, "¶ 1"),
                                          ("comment-2", None, None, None),  # a point comment
                                          ("comment-3", "two paragraphs", 14, "¶ 3")]


def test_a_spreadsheet_comment_covers_its_cell():
    from ..xlsx.conftest import FX

    covers = dict((note, rest) for note, *rest in _comments(FX.commented(), "c.xlsx"))
    assert covers["comment-1-B2"] == ["1000", 4, "Sheet 'Sheet1', cell B2"]
    assert covers["comment-1-A4"] == ["Fees", 4, "Sheet 'Sheet1', cell A4"]
    assert covers["comment-1-C2"] == ["", 0, "Sheet 'Sheet1', cell C2"]  # an empty cell: it covers nothing, there


def test_the_covered_text_is_bounded_and_its_length_kept():
    from zenconv.writers.segments import MAX_COVERS_CHARS
    from zenconv_plugins.comments import comment_range

    words = "w" * 1000 + "  and   more "
    doc = Document([Paragraph([comment_range([Text(words)], "c1"), NoteRef("c1")])],
                   notes=[Note("c1", [Paragraph([Text("Long.")])], kind="comment")])
    record = segments(doc)[-1]
    assert len(record["covers"]) == MAX_COVERS_CHARS and words.startswith(record["covers"])
    assert record["covers_chars"] == len("w" * 1000 + " and more")  # white space collapsed
