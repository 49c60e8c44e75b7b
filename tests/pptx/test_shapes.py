"""Shapes: reading order through group transforms and inherited placeholder boxes, bullets, runs,
links, pictures."""

from __future__ import annotations

from zenconv.ir import Emphasis, Image, Link, List, Paragraph, Strong, Text, Underline

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


def test_footer_placeholders_are_dropped_and_reported(decks):
    result = read_deck(decks["basic"])
    assert result.codes()["pptx.footer-placeholders-dropped"] == 1
    first = slides(result)[0]
    assert "1" not in texts(first.blocks)
