"""The HTML page: title and meta, sections by heading, GitHub slugs, data- locators, facets, notes."""

from __future__ import annotations

import lxml.html
import pytest

from zenconv.ir import (
    Container, Document, Emphasis, Heading, HiddenFacet, Locator, Metadata, Note, NoteRef, Paragraph,
    RevisionFacet, Row, Span, Table, Text,
)
from zenconv.writers.html.slugs import Slugger, slug

from .conftest import write_with
from .test_spooling import CountedRow


def page(*blocks, notes=(), metadata=None):
    doc = Document(list(blocks), metadata=metadata or Metadata(), notes=list(notes))
    return lxml.html.document_fromstring(write_with("html", doc).text)


@pytest.mark.parametrize("text, expected", [
    ("Hello World", "hello-world"), ("What's new?", "whats-new"), ("  Trim me  ", "trim-me"),
    ("a -- b", "a----b"), ("snake_case & C++", "snake_case--c"), ("Ünïcödé 日本", "ünïcödé-日本"), ("???", ""),
])
def test_slugs_are_githubs(text, expected):
    assert slug(text) == expected


def test_slugs_are_unique_skipping_taken_ids():
    slugger = Slugger()
    assert [slugger.unique(t) for t in ["a", "a", "a-1", "a", "", "!"]] == ["a", "a-1", "a-1-1", "a-2", "section",
                                                                           "section-1"]


def test_headings_open_sections_and_close_same_or_deeper_ones():
    tree = page(Heading(1, [Text("One")]), Paragraph([Text("p1")]), Heading(2, [Text("Two")]),
                Heading(3, [Text("Three")]), Heading(2, [Text("Two")]), Heading(1, [Emphasis([Text("Again")])]),
                Container([Heading(2, [Text("Nested")])]))
    main = tree.find(".//main")
    outer = main.findall("section")
    assert [(s.get("data-heading"), s.get("data-level")) for s in outer] == [("One", "1"), ("Again", "1")]
    inner = outer[0].findall("section")
    assert [s.get("data-heading") for s in inner] == ["Two", "Two"]
    assert inner[0].find("section").get("data-heading") == "Three"
    assert [h.get("id") for h in tree.iter("h1", "h2", "h3")] == ["one", "two", "three", "two-1", "again", "nested"]
    assert outer[1].find("div/h2") is not None  # a heading in a container gets an id, opens no section


def test_title_and_metadata():
    meta = Metadata(title="Report", authors=["Ann"], keywords=["a", "b"], subject="S", modified="2024",
                    extra={"company": "X"})
    tree = page(Paragraph([Text("x")]), metadata=meta)
    assert tree.findtext(".//title") == "Report"
    named = tree.iter("meta")
    assert {(m.get("name"), m.get("content")) for m in named if m.get("name") not in (None, "viewport")} == {
        ("author", "Ann"), ("keywords", "a, b"), ("dcterms.subject", "S"), ("dcterms.modified", "2024"),
        ("zenconv.company", "X")}
    assert tree.find(".//meta[@charset]").get("charset") == "utf-8"
    assert page(Paragraph([Text("x")])).findtext(".//title") == "Untitled"


def test_locators_and_facets_are_data_attributes():
    rows = [Row([Text("x").text], locator=Locator(sheet=2, sheet_name="Costs", row=246, cell="A247"),
                facets=(HiddenFacet("hidden row"),))]
    tree = page(Paragraph([Text("p"), Span([Text("new")], facets=(RevisionFacet("insertion", "Ann", "2024-05-01"),))],
                          locator=Locator(page=9, paragraph=37)),
                Table(rows=iter(rows)))
    p = tree.find(".//main/p")
    assert (p.get("data-page"), p.get("data-paragraph"), p.get("data-citation")) == ("9", "37", "Page 9, ¶ 37")
    ins = p.find("ins")
    assert (ins.text, ins.get("data-author"), ins.get("data-date")) == ("new", "Ann", "2024-05-01")
    tr = tree.find(".//tr")
    assert tr.get("class") == "hidden" and tr.get("data-hidden") == "hidden row"
    assert (tr.get("data-sheet"), tr.get("data-sheet-name"), tr.get("data-row"), tr.get("data-cell")) == (
        "2", "Costs", "246", "A247")
    assert tr.get("data-citation") == "Sheet 'Costs', row 247"


def test_notes_in_an_aside_with_backlinks_comments_marked():
    tree = page(Paragraph([Text("a"), NoteRef("x"), Text("b"), NoteRef("y"), NoteRef("x")]),
                notes=[Note("y", [Paragraph([Text("why")])], kind="comment"), Note("x", [Paragraph([Text("ex")])]),
                       Note("z", [Paragraph([Text("unreferenced")])])])
    refs = tree.findall(".//sup[@class='footnote-ref']/a")
    assert [(a.get("href"), a.get("id"), a.text) for a in refs] == [
        ("#fn:1", "fnref:1", "1"), ("#fn:2", "fnref:2", "2"), ("#fn:1", "fnref:1:2", "1")]
    items = tree.findall(".//aside/ol/li")
    assert [(li.get("id"), li.find("p").text) for li in items] == [("fn:1", "ex"), ("fn:2", "why"),
                                                                    ("fn:3", "unreferenced")]
    assert [li.get("class") for li in items] == [None, "comment", None]  # a review comment is marked
    assert [a.get("href") for a in items[0].iter("a")] == ["#fnref:1", "#fnref:1:2"]


def test_a_big_table_streams_row_by_row():
    CountedRow.live = CountedRow.peak = 0
    rows = (CountedRow([str(i), "x"]) for i in range(20_000))
    text = write_with("html", Document(iter([Table(rows=rows)]))).text
    assert CountedRow.peak < 10
    assert text.count("<tr>") == 20_000
