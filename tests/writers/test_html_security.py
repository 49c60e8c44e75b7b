"""Hostile input never becomes script in the HTML page: text escaped, URLs allowlisted, attributes ours."""

from __future__ import annotations

import html
import re

import lxml.html
import pytest

from zenconv.ir import (
    Cell, CodeBlock, Container, Document, Heading, HiddenFacet, Image, Link, List, ListItem, Metadata, Note,
    NoteRef, Paragraph, Row, Span, StyleFacet, Table, Text,
)
from zenconv.writers.html.page import page_script
from zenconv.writers.urls import UrlPolicy

from .conftest import write_with
from .rich_document import HOSTILE_TARGETS, resources, rich_document

HOSTILE_TEXT = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "*a*", "[x](javascript:alert(1))",
                "</title><script>x</script>", "' onmouseover='alert(1)", "<!--", "]]>", "&lt;script&gt;", "\x00\x01"]


def hostile_text_document() -> Document:
    blocks = []
    for text in HOSTILE_TEXT:
        blocks += [
            Heading(2, [Text(text)]),
            Paragraph([Text(text), NoteRef(text)], facets=(StyleFacet(text, text), HiddenFacet(text))),
            CodeBlock(text, language=text),
            Container([Paragraph([Span([Text(text)], class_=text)])], class_=text),
            List([ListItem([Paragraph([Image("x.png", alt=text, title=text)])])]),
            Table(rows=iter([Row([text, Cell([Text(text)], header=True)])]), caption=[Text(text)], notes=[text]),
        ]
    notes = [Note(text, [Paragraph([Text(text)])]) for text in HOSTILE_TEXT]
    meta = Metadata(title=HOSTILE_TEXT[0], authors=HOSTILE_TEXT[:3], keywords=HOSTILE_TEXT,
                    extra={"k": HOSTILE_TEXT[1]})
    return Document(blocks, metadata=meta, notes=notes)


def hostile_targets_document() -> Document:
    links = [Link([Text("link")], target, title="t") for target in HOSTILE_TARGETS]
    images = [Image(target, "img") for target in HOSTILE_TARGETS]
    cell = Cell([Link([Text("in a cell")], HOSTILE_TARGETS[0])])
    return Document([Paragraph(links), Paragraph(images), Table(rows=[Row([cell])])])


def assert_inert(page: str) -> lxml.html.HtmlElement:
    # The one script is the page's own (it copies a citation), in the head, byte for byte; nothing else is.
    own = f"<script>{page_script()}</script>"
    assert page.count(own) == 1 and page.index(own) < page.index("</head>")
    page = page.replace(own, "")
    assert "<script" not in page.lower()
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    assert csp and csp.group(1).startswith("default-src 'none'; ") and "unsafe" not in csp.group(1)
    # Attribute values are double-quoted with every quote inside escaped: without them, what is left of
    # a tag is its name and attribute names. (A value may well say " onmouseover=": as text, escaped.)
    tags = re.sub(r'"[^"]*"', '""', page)
    assert not re.search(r"<[^>]*\son[a-z]+\s*=", tags, re.I), "an event attribute"
    tree = lxml.html.document_fromstring(page)
    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue
        assert element.tag not in ("script", "iframe", "object", "embed", "style") or element.tag == "style" \
            and element.getparent().tag == "head"
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on")
            assert name != "style"
            if name in ("href", "src"):
                assert re.match(r"(https?:|mailto:|#|media/|data:image/(png|jpeg|gif|webp);base64,)", value), value
    return tree


def test_hostile_text_is_escaped_everywhere():
    written = write_with("html", hostile_text_document())
    tree = assert_inert(written.text)
    assert tree.findtext(".//title") == HOSTILE_TEXT[0]
    marked = [p for p in tree.iter("p") if p.get("class") == "hidden"]
    shown = [*HOSTILE_TEXT[:-1], "\ufffd\ufffd"]  # control characters become U+FFFD
    assert [p.text_content() for p in marked] == [f"{text}{n}" for n, text in enumerate(shown, 1)]
    assert [p.get("data-style") for p in marked] == shown
    assert "\x00" not in written.text and "\x01" not in written.text
    assert written.codes["to-html.control-characters-replaced"] > 0


def test_hostile_targets_are_dropped_and_reported_keeping_their_text():
    written = write_with("html", hostile_targets_document())
    assert_inert(written.text)
    assert "javascript" not in html.unescape(written.text).lower()
    assert "vbscript" not in written.text.lower() and "evil.example" not in written.text
    assert written.text.count('<span class="link-dropped">link</span>') == len(HOSTILE_TARGETS)
    assert written.codes == {"to-html.unsafe-url-dropped": 2 * len(HOSTILE_TARGETS) + 1}


def test_the_rich_document_is_inert_with_and_without_embedded_media():
    for options in ({}, {"embed_media": True}):
        doc = rich_document()
        assert_inert(write_with("html", doc, doc.resources, **options).text)


@pytest.mark.parametrize("target", HOSTILE_TARGETS)
def test_policy_refuses_every_disguise(target):
    verdict = UrlPolicy(resources(), lambda name: "media/" + name).link(target)
    assert verdict.url is None and verdict.refusal == "unsafe-url-dropped"
    assert not any(ch < " " for ch in verdict.detail)  # the detail is printable


@pytest.mark.parametrize("target, written", [
    ("https://example.com/a?b=1&c=2", "https://example.com/a?b=1&c=2"),
    ("HTTP://EXAMPLE.COM", "HTTP://EXAMPLE.COM"),
    ("mailto:a@b.c", "mailto:a@b.c"),
    ("#section-2", "#section-2"),
    (" https://example.com/a b ", "https://example.com/a%20b"),
    ("https://example.com/&amp;x", "https://example.com/&x"),
    ("image1.png", "media/image1.png"),
])
def test_policy_keeps_what_is_allowed(target, written):
    assert UrlPolicy(resources(), lambda name: "media/" + name).link(target).url == written


def test_images_embed_only_raster_resources_we_hold():
    store = resources()
    store.add(b"<svg onload='x'/>", "vector.svg", "image/svg+xml")
    policy = UrlPolicy(store, lambda name: "media/" + name, embed_media=True)
    assert policy.image("image1.png").url.startswith("data:image/png;base64,iVBORw0KGgo")
    assert policy.image("vector.svg") == (None, "active-media-unlinked", "vector.svg (image/svg+xml)")
    assert policy.image("data:image/png;base64,AAAA").url is None  # a data: URL from the source is never trusted


def test_control_characters_in_a_citation_are_replaced_and_reported():
    from zenconv.ir import Locator

    label = "\x1b]0;pwned\x07\x1b[2J"
    doc = Document(blocks=[Paragraph([Text("quiet text")], locator=Locator(page=1, page_label=label))])
    written = write_with("html", doc)
    assert "\x1b" not in written.text and "\x07" not in written.text
    assert "data-citation=\"Page 1 (page label \ufffd]0;pwned\ufffd\ufffd[2J)\"" in written.text
    assert "data-page-label=\"\ufffd]0;pwned\ufffd\ufffd[2J\"" in written.text
    assert written.codes["to-html.control-characters-replaced"] == 2  # the label and the citation
