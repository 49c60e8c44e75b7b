"""Element ids: every element with a locator gets one made from it, unique in the page, never a heading's;
the Markdown writer's HTML tables get none."""

from __future__ import annotations

import lxml.html
import pytest

from zenconv.ir import Cell, Document, Heading, Locator, Metadata, Paragraph, Row, Table, Text
from zenconv.writers.html.markup import ElementIds, element_id

from .conftest import write_with


def page(*blocks):
    doc = Document(list(blocks), metadata=Metadata(), notes=[])
    return lxml.html.document_fromstring(write_with("html", doc).text)


@pytest.mark.parametrize("locator, expected", [
    (Locator(paragraph=12), "P12"),
    (Locator(sheet=1, sheet_name="Damages", row=246, cell="A247"), "S1-R247"),
    (Locator(page=9, table=2, row=3), "PG9-T2-R4"),
    (Locator(paragraph=5, table=1, row=1), "P5-T1-R2"),
    (Locator(slide=3, slide_title="Plan"), "SL3"),
    (Locator(rendered_page=4, paragraph=37), "RP4-P37"),
    (Locator(sheet=2, cell="D6"), "S2-CD6"),
    (Locator(line=9), "L9"),
    (Locator(line=9, line_end=12), "L9-L12"),
    (Locator(row=2, line=3, cell="A3"), "R3"),
    (Locator(), None),
])
def test_ids_are_made_from_the_locator(locator, expected):
    assert element_id(locator) == expected


def test_names_and_paths_are_a_digest():
    one = element_id(Locator(xpath="/rss/channel[1]/item[3]"))
    two = element_id(Locator(xpath="/rss/channel[1]/item[4]"))
    assert one != two and one.startswith("H") and len(one) == 9
    assert element_id(Locator(xpath="/rss/channel[1]/item[3]")) == one  # deterministic
    assert element_id(Locator(sheet_name="Costs")) != element_id(Locator(sheet_name="Prices"))


def test_a_repeat_gets_no_id_rows_included():
    ids = ElementIds()
    assert [ids.take(Locator(paragraph=1)), ids.take(Locator(paragraph=1)), ids.take(Locator(paragraph=2))] == [
        "P1", None, "P2"]
    rows = [ids.take(Locator(sheet=1, row=n)) for n in (0, 1, 1, 0, 5)] + [ids.take(Locator(sheet=2, row=0))]
    assert rows == ["S1-R1", "S1-R2", None, None, "S1-R6", "S2-R1"]


def test_every_citable_element_has_an_id_unique_in_the_page():
    rows = [Row(["a", "1"], locator=Locator(sheet=1, sheet_name="Costs", row=n, cell=f"A{n + 1}")) for n in range(3)]
    tree = page(Heading(1, [Text("Costs")], locator=Locator(sheet=1, sheet_name="Costs")),
                Paragraph([Text("x")], locator=Locator(paragraph=1)),
                Paragraph([Text("again")], locator=Locator(paragraph=1)),
                Heading(2, [Text("P1")], locator=Locator(paragraph=2)),
                Table(rows=iter(rows)))
    citable = tree.xpath("//main//*[@data-citation]")
    assert [(e.tag, e.get("id")) for e in citable] == [
        ("h1", "costs"), ("p", "P1"), ("p", None), ("h2", "p1"),  # a heading keeps its slug; a repeat has no id
        ("tr", "S1-R1"), ("tr", "S1-R2"), ("tr", "S1-R3")]
    ids = tree.xpath("//@id")
    assert len(ids) == len(set(ids))


def test_the_markdown_writers_html_tables_have_no_ids():
    rows = [Row([Cell([Text("spans")], col_span=2)], locator=Locator(row=0)), Row(["a", "1"], locator=Locator(row=1))]
    html = write_with("html", Document([Table(rows=iter(list(rows)))], metadata=Metadata(), notes=[])).text
    text = write_with("markdown", Document([Table(rows=iter(rows))], metadata=Metadata(), notes=[]),
                      html_tables=True).text
    assert 'id="R1"' in html and "data-row" in text and " id=" not in text
