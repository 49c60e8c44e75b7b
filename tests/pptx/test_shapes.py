"""Shapes: reading order through group transforms and inherited placeholder boxes, bullets, runs,
links, pictures."""

from __future__ import annotations

import zenconv
from zenconv.ir import Container, Emphasis, FurnitureFacet, Image, Link, List, Paragraph, Strong, Text, Underline
from zenconv.ir.walk import plain_text

from .conftest import read_deck, slides


def texts(blocks):
    out = []
    for b in blocks:
        if isinstance(b, Paragraph):
            out.append("".join(getattr(c, "text", "") for c in b.children))
    return out


def test_group_transform_decides_reading_order(decks):
    grouped = slides(read_deck(decks["basic"]))[5]
    # The inner box sits at y=6in in the group's child space, which the group maps to y=2in:
    # on the slide it is above the box at y=4in outside the group.
    assert texts(grouped.blocks[1:]) == ["Inside the group, drawn higher", "Outside the group, lower"]


def test_placeholders_inherit_their_box_and_bullets(decks):
    first = slides(read_deck(decks["basic"]))[0]
    body = first.blocks[1]
    # python-pptx's body placeholder states neither box nor bullets: both come from layout and master.
    assert isinstance(body, List) and not body.ordered
    assert body.items[0].blocks[0].children == [Text("Revenue grew")] and len(body.items) == 3
    nested = body.items[0].blocks[1]
    assert isinstance(nested, List)
    para = nested.items[0].blocks[0]
    assert para.children == [Strong([Text("bold part")]), Emphasis([Text(" then italic")])]


def test_only_allowlisted_links_survive(decks):
    result = read_deck(decks["basic"])
    body = slides(result)[0].blocks[1]
    children = body.items[1].blocks[0].children
    assert children[0] == Link([Text("a link")], "https://example.com/report")
    assert Text(" and a script") in children  # the javascript: link keeps its text only
    assert result.codes()["pptx.link-dropped"] == 1
    assert body.items[2].blocks[0].children == [Underline([Text("underlined")])]


def test_numbered_text_box_and_plain_paragraph(decks):
    third = slides(read_deck(decks["basic"]))[2]
    numbered = next(b for b in third.blocks if isinstance(b, List))
    assert numbered.ordered and numbered.start == 1
    assert [i.blocks[0].children[0].text for i in numbered.items] == ["First step", "Second step"]
    assert "A plain closing line" in texts(third.blocks)


def test_picture_goes_to_the_resource_store_with_alt_text(decks):
    result = read_deck(decks["basic"])
    third = slides(result)[2]
    image = third.blocks[1].children[0]  # the picture is above the text box
    assert isinstance(image, Image) and image.alt == "A red square"
    stored = result.document.resources.get(image.source)
    assert stored is not None and stored.data.startswith(b"\x89PNG") and stored.media_type == "image/png"


def test_footer_placeholders_are_dropped_and_reported_under_furniture_drop(decks):
    result = read_deck(decks["basic"], furniture="drop")
    assert result.codes()["pptx.footer-placeholders-dropped"] == 1
    first = slides(result)[0]
    assert "1" not in texts(first.blocks)
    assert "pptx.field-cached" not in result.codes()


def test_footer_placeholders_are_furniture_with_their_role(decks):
    result = read_deck(decks["basic"])
    assert "pptx.footer-placeholders-dropped" not in result.codes()
    first = slides(result)[0]
    (footer,) = [b for b in first.blocks if isinstance(b, Container) and b.class_ == "furniture"]
    (facet,) = footer.facets
    assert isinstance(facet, FurnitureFacet) and footer.locator.slide == 1
    assert (facet.role, plain_text(footer.blocks)) == ("slide-number", "1")
    assert "pptx.field-cached" not in result.codes()  # a plain run, no field
    md = zenconv.convert(decks["basic"], to="markdown", name="deck.pptx").output.decode()
    assert "> *Slide number (slide 1)*\n>\n> 1\n" in md


def test_a_slide_number_field_keeps_its_cached_text_and_is_reported():
    import io

    from pptx import Presentation

    from .make_fixtures import A, P, _el

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes._spTree.append(_el(
        f'<p:sp xmlns:p="{P}" xmlns:a="{A}"><p:nvSpPr><p:cNvPr id="90" name="Slide Number"/><p:cNvSpPr/>'
        '<p:nvPr><p:ph type="sldNum" sz="quarter" idx="12"/></p:nvPr></p:nvSpPr><p:spPr/>'
        '<p:txBody><a:bodyPr/><a:p><a:r><a:t>Page </a:t></a:r><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" '
        'type="slidenum"><a:t>7</a:t></a:fld></a:p></p:txBody></p:sp>'))
    data = io.BytesIO()
    prs.save(data)
    result = read_deck(data.getvalue())
    (footer,) = [b for b in slides(result)[0].blocks if isinstance(b, Container) and b.class_ == "furniture"]
    assert plain_text(footer.blocks) == "Page 7"
    (report,) = result.reporter.matching("pptx.field-cached")
    assert report.count == 1 and report.details == ["slidenum"]
