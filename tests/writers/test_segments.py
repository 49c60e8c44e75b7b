"""Segments: one JSON line per citable unit, ordinals monotonic and stable, citations and row text."""

from __future__ import annotations

import json

from zenconv.ir import (
    BlockQuote, Cell, CodeBlock, Columns, Container, Document, Heading, HiddenFacet, List, ListItem, Locator,
    MathBlock, Note, Paragraph, Row, Table, Text, ThematicBreak,
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
    assert [r["text"] for r in rows_out] == ["| Item | Amount |", "| Rent | 1 \\| 000 |", "| merged |  |",
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
