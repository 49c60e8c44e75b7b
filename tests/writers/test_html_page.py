"""The HTML page: title and meta, sections by heading, GitHub slugs, data- locators, facets, notes."""

from __future__ import annotations

import lxml.html
import pytest

from zenconv.ir import (
    CommentRangeFacet, Container, Document, Emphasis, Heading, HiddenFacet, Locator, Metadata, Note, NoteRef, Paragraph,
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
    assert [h.get("id") for h in main.iter("h1", "h2", "h3")] == ["one", "two", "three", "two-1", "again", "nested"]
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
    assert page(Paragraph([Text("x")])).findtext(".//title") == "Document"  # no source name either


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
    refs = tree.xpath(".//sup[contains(@class, 'footnote-ref')]/a")
    assert [(a.get("href"), a.get("id"), a.text) for a in refs] == [
        ("#fn:1", "fnref:1", "1"), ("#fn:2", "fnref:2", "2"), ("#fn:1", "fnref:1:2", "1")]
    items = tree.findall(".//aside[@class='footnotes']/ol/li")
    assert [(li.get("id"), li.find("p").text) for li in items] == [("fn:1", "ex"), ("fn:3", "unreferenced")]
    assert [a.get("href") for a in items[0].iter("a")] == ["#fnref:1", "#fnref:1:2"]
    # the comment, known when its paragraph is written: a margin note right after it, not in a list
    assert tree.xpath(".//sup[a/@href='#fn:2']/@class") == ["footnote-ref comment-ref"]
    (margin,) = tree.findall(".//main/aside[@class='margin-notes']")
    assert margin.getprevious().tag == "p"
    (comment,) = margin.findall("div")
    assert (comment.get("id"), comment.get("class"), comment.find("p").text) == ("fn:2", "note comment", "why")
    assert not tree.findall(".//aside[@class='comments']")


def test_comments_not_yet_known_are_listed_apart():
    notes = []

    def blocks():
        yield Paragraph([Text("a"), NoteRef("c")])
        notes.append(Note("c", [Paragraph([Text("late")])], kind="comment"))  # read after the body, as XLSX does

    doc = Document(blocks(), notes=notes)
    tree = lxml.html.document_fromstring(write_with("html", doc).text)
    assert not tree.findall(".//main/aside")
    (comment,) = tree.findall(".//aside[@class='comments']/ol/li")
    assert (comment.get("id"), comment.get("class"), comment.find("p").text) == ("fn:1", "comment", "late")


def test_a_thread_is_entries_with_author_initials_and_date():
    thread = [Paragraph([Emphasis([Text("Comment by John Reviewer (JR), 2026-01-01T00:00:00:")]), Text(" Check.")]),
              Paragraph([Text("More.")]),
              Paragraph([Emphasis([Text("Reply by Jane Smith, 2026-06-18T17:35:35:")]), Text(" Done.")]),
              Paragraph([Emphasis([Text("Comment:")])])]
    tree = page(Paragraph([Span([Text("covered")], "comment-range", (CommentRangeFacet("t"),)), NoteRef("t")]),
                notes=[Note("t", thread, kind="comment")])
    mark = tree.find(".//main/p/mark")
    assert (mark.get("class"), mark.get("data-note"), mark.text) == ("comment-range", "fn:1", "covered")
    entries = tree.findall(".//aside[@class='margin-notes']/div/div")
    assert [(e.get("class"), e.get("data-author"), e.get("data-initials"), e.get("data-date")) for e in entries] == [
        ("comment-entry", "John Reviewer", "JR", "2026-01-01T00:00:00"),
        ("comment-entry reply", "Jane Smith", "JS", "2026-06-18T17:35:35"),
        ("comment-entry", None, None, None)]
    assert [len(e.findall("p")) for e in entries] == [2, 1, 1]
    assert entries[0].find("p").text_content() == "Comment by John Reviewer (JR), 2026-01-01T00:00:00: Check."


def test_a_big_table_streams_row_by_row():
    CountedRow.live = CountedRow.peak = 0
    rows = (CountedRow([str(i), "x"]) for i in range(20_000))
    text = write_with("html", Document(iter([Table(rows=rows)]))).text
    assert CountedRow.peak < 10
    assert text.count("<tr>") == 20_000
