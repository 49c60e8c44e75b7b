"""Page furniture is written apart from the body, once per distinct text, in every writer.

A reader carries a header, a footer or a master's text as ``Container(class_="furniture")`` with a
FurnitureFacet. Markdown writes a quote headed by what it is; HTML a ``<header>`` or ``<footer>`` with
``data-`` attributes; segments records of kind ``furniture``; JSON the container itself, read back whole.
"""

from __future__ import annotations

import json

import lxml.html

from zenconv.ir import Container, Document, FurnitureFacet, Heading, Locator, Paragraph, Row, Table, Text
from zenconv.ir.serialize import document_from_data, document_to_data

from .conftest import MISTUNE, mistune_text, write_with
from .renderers import html_problems


def _furniture(role: str, text: str, **facet) -> Container:
    return Container([Paragraph([Text(text)])], "furniture", (FurnitureFacet(role=role, **facet),))


def _document() -> Document:
    return Document(blocks=[
        _furniture("header", "CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER", section=1),
        _furniture("header", "First page only", section=1, variant="first"),
        Heading(1, [Text("Memo")]),
        Paragraph([Text("Body text.")]),
        _furniture("footer", "ACME-000123", section=1),
        # section 2 repeats section 1's header: written once
        _furniture("header", "CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER", section=2),
        Container([Table(rows=[Row(["Doc 7", "v3"])])], "furniture", (FurnitureFacet(role="footer", section=2),)),
        Paragraph([Text("More body.")]),
    ])


def test_markdown_quotes_each_distinct_furniture_once_under_its_label():
    written = write_with("markdown", _document())
    md = written.text
    (repeat,) = written.reporter.matching("to-md.furniture-repeated")
    assert repeat.details == ["Header (section 2)"] and repeat.quotes == ["CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER"]
    assert md.count("CONFIDENTIAL") == 1
    assert "> *Header (section 1)*\n>\n> CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER\n" in md
    assert "> *Header (section 1, first page)*" in md
    assert "> *Footer (section 1)*" in md
    assert "> *Footer (section 2)*" in md and "| Doc 7 | v3 |" in md
    assert md.index("First page only") < md.index("# Memo") < md.index("ACME-000123")
    # read back, the furniture is a quote (kept apart from the body's paragraphs), its text intact
    tokens = MISTUNE(md)
    quotes = [t for t in tokens if t["type"] == "block_quote"]
    assert len(quotes) == 4
    assert "ACME-000123" in mistune_text(quotes[2]["children"])


def test_html_writes_header_and_footer_elements_with_locators():
    written = write_with("html", _document())
    page = written.text
    assert written.codes == {"to-html.furniture-repeated": 1}
    tree = lxml.html.document_fromstring(page)
    headers = tree.findall(".//header")
    footers = tree.findall(".//footer")
    assert [h.text_content().strip() for h in headers] == ["CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER",
                                                           "First page only"]
    assert headers[1].get("data-variant") == "first" and headers[1].get("data-section") == "1"
    assert headers[1].get("class") == "furniture" and headers[1].get("aria-label") == "Header (section 1, first page)"
    assert [f.get("data-section") for f in footers] == ["1", "2"]
    assert footers[0].get("data-role") == "footer"
    assert not html_problems(page, page_furniture=True)


def test_segments_records_of_their_own_kind():
    lines = [json.loads(line) for line in write_with("segments", _document()).text.splitlines()]
    furniture = [r for r in lines if r["kind"] == "furniture"]
    assert [(r["role"], r.get("variant"), r["section"], r["text"]) for r in furniture] == [
        ("header", None, 1, "CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER"),
        ("header", "first", 1, "First page only"),
        ("footer", None, 1, "ACME-000123"),
        ("header", None, 2, "CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER"),  # each says where it shows
        ("footer", None, 2, "| Doc 7 | v3 |"),
    ]
    assert [r["ordinal"] for r in lines] == list(range(1, len(lines) + 1))
    assert {r["kind"] for r in lines} == {"furniture", "heading", "paragraph"}


def test_segments_furniture_carries_the_slide_it_shows_on():
    doc = Document(blocks=[Container([
        Heading(1, [Text("Slide 3")], locator=Locator(slide=3)),
        Container([Paragraph([Text("Draft — do not circulate")])], "furniture", (FurnitureFacet(role="footer"),),
                  Locator(slide=3)),
    ], "slide", locator=Locator(slide=3))])
    (record,) = [json.loads(line) for line in write_with("segments", doc).text.splitlines()
                 if json.loads(line)["kind"] == "furniture"]
    assert record["slide"] == 3 and record["citation"] == "Slide 3" and record["role"] == "footer"
    assert "> *Footer (slide 3)*" in write_with("markdown", doc).text


def test_json_round_trips_the_furniture_facet():
    data = document_to_data(_document().materialize())
    back = document_to_data(document_from_data(json.loads(json.dumps(data))))
    assert back == data
    first = back["blocks"][1]
    assert first["class"] == "furniture"
    assert first["facets"] == [{"kind": "furniture", "role": "header", "variant": "first", "section": 1}]
