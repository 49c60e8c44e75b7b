"""The ODT reader's fast paths read every document as the reference path does (tests/odt/reference_inlines.py).

The fast paths: the plain paragraph path (InlineReader.plain), a format's key computed once per format dict and
comment ranges, white space normalised only where it needs it, the wrappers a key calls for looked up once, the
style chains' answers cached per style, a paragraph's locator built directly. Random documents mix what changes
a key or a paragraph's shape (nested spans of every flag, links, spaces, breaks, notes, comment ranges, tracked
changes, hidden text, fields, headings, lists, tables, sections) and are read by both, under each option that
changes the path.
"""

from __future__ import annotations

import io
import random
import zipfile
from itertools import product

import pytest

from zenconv.ir import HardBreak, NoteRef, Strong, Text
from zenconv.ir.walk import walk
from zenconv_plugins.comments import COMMENT_RANGE
from zenconv_plugins.odt import inlines
from zenconv_plugins.odt.styles import FLAGS
from zenconv_plugins.runs import group_runs

from . import reference_inlines as reference
from .conftest import read_odt

_NS = " ".join(f'xmlns:{prefix}="{uri}"' for prefix, uri in (
    ("office", "urn:oasis:names:tc:opendocument:xmlns:office:1.0"),
    ("text", "urn:oasis:names:tc:opendocument:xmlns:text:1.0"),
    ("table", "urn:oasis:names:tc:opendocument:xmlns:table:1.0"),
    ("style", "urn:oasis:names:tc:opendocument:xmlns:style:1.0"),
    ("fo", "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"),
    ("xlink", "http://www.w3.org/1999/xlink"),
    ("dc", "http://purl.org/dc/elements/1.1/"),
    ("meta", "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"),
))

_TEXT_STYLES = {
    "Tb": 'fo:font-weight="bold"', "Ti": 'fo:font-style="italic"', "Tu": 'style:text-underline-style="solid"',
    "Ts": 'style:text-line-through-style="solid"', "Tsup": 'style:text-position="super 58%"',
    "Tsub": 'style:text-position="-33% 58%"', "Th": 'text:display="none"',
    "Tbi": 'fo:font-weight="700" fo:font-style="oblique"', "Tn": 'fo:font-weight="normal" fo:font-style="normal"',
}
_COMMON = ('<office:styles><style:style style:name="Text_20_body" style:display-name="Text body" '
           'style:family="paragraph"/><style:style style:name="Title" style:family="paragraph">'
           '<style:text-properties fo:font-weight="bold"/></style:style>'
           '<style:style style:name="Quote" style:family="paragraph" style:parent-style-name="Text_20_body">'
           '<style:text-properties fo:font-style="italic"/></style:style></office:styles>')
_AUTOMATIC = "".join(f'<style:style style:name="{name}" style:family="text"><style:text-properties {props}/>'
                     "</style:style>" for name, props in _TEXT_STYLES.items()) + (
    '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Text_20_body"/>'
    '<style:style style:name="P2" style:family="paragraph" style:parent-style-name="Title"/>'
    '<style:style style:name="P3" style:family="paragraph" style:parent-style-name="Quote">'
    '<style:text-properties fo:font-weight="bold"/></style:style>'
    '<style:style style:name="P4" style:family="paragraph" style:parent-style-name="P4"/>'
    '<text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-format="1" '
    'style:num-suffix="."/><text:list-level-style-bullet text:level="2" text:bullet-char="-"/></text:list-style>')
_TRACKED = ('<text:tracked-changes>'
            '<text:changed-region text:id="ins"><text:insertion><office:change-info><dc:creator>A</dc:creator>'
            '<dc:date>2024-01-02T03:04:05</dc:date></office:change-info></text:insertion></text:changed-region>'
            '<text:changed-region text:id="del"><text:deletion><office:change-info><dc:creator>B</dc:creator>'
            '</office:change-info><text:p>gone <text:span text:style-name="Tb">bold</text:span></text:p>'
            '<text:p>second</text:p></text:deletion></text:changed-region>'
            '<text:changed-region text:id="fmt"><text:format-change><office:change-info><dc:creator>C</dc:creator>'
            '</office:change-info></text:format-change></text:changed-region></text:tracked-changes>')
_WORDS = ["a", "b c", " d ", "  e\tf\n", "\r\ng  ", " ", "\u00a0", "\u2003x", "é", "*", "&lt;", "&amp;", "x  y", "\t",
          "h&#13;i"]
_PARAGRAPH_STYLES = [None, "P1", "P2", "P3", "P4", "Title", "Quote", "Text_20_body", "missing"]


def package(body: str) -> bytes:
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_NS} office:version="1.3">'
               f"<office:automatic-styles>{_AUTOMATIC}</office:automatic-styles>"
               f"<office:body><office:text>{_TRACKED}{body}</office:text></office:body></office:document-content>")
    styles = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-styles {_NS} office:version="1.3">'
              f"{_COMMON}</office:document-styles>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text", zipfile.ZIP_STORED)
        zf.writestr("content.xml", content)
        zf.writestr("styles.xml", styles)
    return out.getvalue()


class _Body:
    """One random document body; comment ranges are opened and closed across its paragraphs."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.comments = 0
        self.open: list[str] = []

    def inline(self, depth: int) -> str:
        rng = self.rng
        parts = []
        for _ in range(rng.randint(0, 5)):
            kind = rng.randrange(16 if depth < 3 else 2)
            if kind <= 1:
                parts.append(rng.choice(_WORDS))
            elif kind <= 4:
                parts.append(f'<text:span text:style-name="{rng.choice(list(_TEXT_STYLES))}">'
                             f"{self.inline(depth + 1)}</text:span>")
            elif kind == 5:
                parts.append(f'<text:a xlink:href="{rng.choice(["https://e.com/", " ", "", "#x"])}">'
                             f"{self.inline(depth + 1)}</text:a>")
            elif kind == 6:
                parts.append(rng.choice(['<text:s text:c="3"/>', "<text:s/>", "<text:tab/>", '<text:s text:c="x"/>']))
            elif kind == 7:
                parts.append("<text:line-break/>")
            elif kind == 8:
                parts.append('<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation>'
                             f"<text:note-body><text:p>{self.inline(depth + 1)}</text:p></text:note-body></text:note>")
            elif kind == 9:
                self.comments += 1
                name = f"c{self.comments}"
                parts.append(f'<office:annotation office:name="{name}"><dc:creator>R</dc:creator>'
                             f"<text:p>{self.inline(depth + 1)}</text:p></office:annotation>")
                if rng.random() < 0.7:
                    self.open.append(name)
            elif kind == 10 and self.open:
                name = self.open.pop(rng.randrange(len(self.open)))
                parts.append(f'<office:annotation-end office:name="{name}"/>')
            elif kind == 11:
                parts.append(rng.choice(['<text:change-start text:change-id="ins"/>',
                                         '<text:change-end text:change-id="ins"/>',
                                         '<text:change text:change-id="del"/>',
                                         '<text:change-start text:change-id="fmt"/>']))
            elif kind == 12:
                parts.append(f'<text:hidden-text text:is-hidden="{rng.choice(["true", "false"])}" '
                             f'text:string-value="{rng.choice(["hid", ""])}"/>')
            elif kind == 13:
                parts.append(rng.choice(['<text:bookmark text:name="b"/>', "<text:soft-page-break/>",
                                         "<text:page-number>7</text:page-number>",
                                         "<text:ruby><text:ruby-base>base</text:ruby-base></text:ruby>",
                                         '<x:y xmlns:x="urn:x">foreign</x:y>']))
            elif kind == 14:
                parts.append(f'<text:span>{self.inline(depth + 1)}</text:span>')
            else:
                parts.append(f'<text:span text:style-name="Tn">{rng.choice(_WORDS)}</text:span>')
        return "".join(parts)

    def paragraph(self) -> str:
        rng = self.rng
        style = rng.choice(_PARAGRAPH_STYLES)
        attribute = f' text:style-name="{style}"' if style else ""
        if rng.random() < 0.2:
            return (f'<text:h{attribute} text:outline-level="{rng.choice(["1", "3", "8", "x"])}">'
                    f"{self.inline(0)}</text:h>")
        return f"<text:p{attribute}>{self.inline(0)}</text:p>"

    def block(self, depth: int = 0) -> str:
        rng = self.rng
        kind = rng.randrange(10 if depth < 2 else 6)
        if kind < 6:
            return self.paragraph()
        if kind == 6:
            items = "".join(f"<text:list-item>{self.block(depth + 1)}</text:list-item>" for _ in range(rng.randint(1, 3)))
            return f'<text:list text:style-name="L1">{items}</text:list>'
        if kind == 7:
            rows = "".join("<table:table-row>" + "".join(
                f"<table:table-cell>{self.block(depth + 1)}</table:table-cell>" for _ in range(2))
                + "</table:table-row>" for _ in range(rng.randint(1, 2)))
            return f'<table:table table:name="T"><table:table-column table:number-columns-repeated="2"/>{rows}</table:table>'
        if kind == 8:
            return f'<text:section text:name="S">{self.block(depth + 1)}{self.block(depth + 1)}</text:section>'
        return "<text:soft-page-break/>"


def documents(count: int, seed: int = 22) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        body = _Body(rng)
        out.append(package("".join(body.block() for _ in range(rng.randint(1, 8)))))
    return out


def _read(data: bytes, options: dict):
    result = read_odt(data, **options)
    reports = [(r.code.code, r.count, r.locators, r.details, r.chars, r.quotes) for r in result.reporter.reports]
    return result.document.blocks, result.document.notes, reports


OPTIONS = [{}, {"revisions": "all"}, {"revisions": "reject"}, {"hidden": "skip"}, {"comments": "drop"},
           {"revisions": "all", "hidden": "skip", "max_comment_ranges": 1}]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_documents_read_as_the_reference_path_reads_them(options, monkeypatch):
    assert_read_as_the_reference(documents(40), options, monkeypatch)


def assert_read_as_the_reference(docs: list[bytes], options: dict, monkeypatch) -> None:
    """Each document read as it is, then with the reference path patched in: the same blocks and reports."""
    fast = [_read(data, options) for data in docs]
    reference.patched(monkeypatch)
    slow = [_read(data, options) for data in docs]
    for i, (got, want) in enumerate(zip(fast, slow)):
        assert got == want, f"document {i}"


def test_the_caches_starting_again_change_nothing(monkeypatch):
    """Past their bound the format and key caches are emptied mid-paragraph; what they give stays the same."""
    docs = documents(20, seed=5)
    monkeypatch.setattr(inlines, "_CACHED", 1)
    small = [_read(data, {"revisions": "all"}) for data in docs]
    reference.patched(monkeypatch)
    assert small == [_read(data, {"revisions": "all"}) for data in docs]


def test_the_documents_reach_the_paths_they_are_meant_to():
    """Not a speed test: the generator does make what the fast paths must get right."""
    seen, spans, wrappers = set(), set(), set()
    for data in documents(40):
        blocks, notes, reports = _read(data, {"revisions": "all"})
        seen |= {code for code, *_ in reports}
        for node in walk([*blocks, *notes]):
            spans.add(getattr(node, "class_", None))
            wrappers.add(type(node).__name__)
    assert {"odt.bookmarks-dropped", "odt.heading-level-clamped", "odt.format-changes-dropped",
            "odt.unhandled-construct"} <= seen
    assert {"insertion", "deletion", "hidden", COMMENT_RANGE} <= spans
    assert {"Strong", "Emphasis", "Underline", "Strikethrough", "Superscript", "Subscript", "Link", "HardBreak",
            "NoteRef", "Heading", "List", "Table"} <= wrappers


def test_keys_group_as_the_reference_keys_do():
    """Two formats share a key exactly when their reference keys are equal, and a key wraps as its reference does."""
    rng = random.Random(7)
    flags = list(FLAGS)
    revs = [None, object(), object()]
    formats = []
    for _ in range(400):
        fmt = {f: rng.choice([True, False]) for f in rng.sample(flags, rng.randint(0, len(flags)))}
        fmt["link"] = rng.choice([None, "", "https://e.com/", "#a"])
        if rng.random() < 0.5:
            fmt["rev"] = rng.choice(revs)
        formats.append((fmt, rng.choice([(), ("comment-1",), ("comment-1", "comment-2")])))
    for (a, ca), (b, cb) in product(formats[:80], formats[:80]):
        assert (inlines.key_of(a, ca) == inlines.key_of(b, cb)) == (reference.key_of(a, ca) == reference.key_of(b, cb))
    for fmt, covering in formats:
        if fmt.get("rev") is not None:
            continue  # a Change's kind and facet; the random documents cover those
        children = [Text("x")]
        assert inlines._wrap(list(children), inlines.key_of(fmt, covering)) == \
            reference.wrap(list(children), reference.key_of(fmt, covering))


def test_trim_and_grouping_as_the_reference():
    rng = random.Random(3)
    pieces = ["", " ", "  ", "a", " a ", "\u00a0", "\t", HardBreak(), Text("t"), NoteRef("fn1")]
    keys = [(), ("k1",), ("k2",)]
    for _ in range(3000):
        segments = [(rng.choice(pieces), rng.choice(keys)) for _ in range(rng.randint(0, 7))]
        assert inlines.trim(list(segments)) == reference.trim(list(segments))
        assert group_runs(list(segments), lambda c, k: [(k, c)]) == \
            reference.group_runs(list(segments), lambda c, k: [(k, c)])


def _plain_body(rng: random.Random) -> str:
    """Paragraphs of the shape the plain path reads (text, and spans and links holding only text), with the
    odd one it gives up on, in headings, lists, cells and comment ranges."""
    def inline() -> str:
        parts = []
        for _ in range(rng.randint(0, 6)):
            kind = rng.randrange(6)
            if kind <= 1:
                parts.append(rng.choice(_WORDS))
            elif kind <= 3:
                style = rng.choice([*_TEXT_STYLES, "missing"])
                parts.append(f'<text:span text:style-name="{style}">{rng.choice(_WORDS)}</text:span>')
            elif kind == 4:
                parts.append(f'<text:a xlink:href="{rng.choice(["https://e.com/", " ", "", " #x "])}">'
                             f"{rng.choice(_WORDS)}</text:a>")
            else:
                parts.append(rng.choice(["<text:span>x</text:span>", '<text:span text:style-name="Tb"/>',
                                         "<text:s/>", '<text:span text:style-name="Ti"><text:s/></text:span>']))
        return "".join(parts)

    blocks = []
    for i in range(rng.randint(4, 12)):
        style = rng.choice(_PARAGRAPH_STYLES)
        attribute = f' text:style-name="{style}"' if style else ""
        kind = rng.randrange(8)
        if kind == 0:
            blocks.append(f'<text:h{attribute} text:outline-level="2">{inline()}</text:h>')
        elif kind == 1:
            blocks.append(f'<text:list text:style-name="L1"><text:list-item><text:p>{inline()}</text:p>'
                          f"</text:list-item></text:list>")
        elif kind == 2:
            blocks.append('<table:table table:name="T"><table:table-row>'
                          f'<table:table-cell><text:p{attribute}>{inline()}</text:p></table:table-cell>'
                          f'<table:table-cell table:number-columns-spanned="2"><text:p>{inline()}</text:p>'
                          "</table:table-cell></table:table-row></table:table>")
        elif kind == 3:
            blocks.append(f'<text:p>{inline()}<office:annotation office:name="p{i}"><dc:creator>R</dc:creator>'
                          f'<text:p>c</text:p></office:annotation>{inline()}</text:p><text:p{attribute}>{inline()}'
                          f'</text:p><text:p>{inline()}<office:annotation-end office:name="p{i}"/></text:p>')
        else:
            blocks.append(f"<text:p{attribute}>{inline()}</text:p>")
    return "".join(blocks)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_plain_paragraphs_read_as_the_reference_path_reads_them(options, monkeypatch):
    rng = random.Random(11)
    docs = [package(_plain_body(rng)) for _ in range(40)]
    fast = [_read(data, options) for data in docs]
    reference.patched(monkeypatch)
    assert fast == [_read(data, options) for data in docs]


def test_the_plain_path_reads_most_plain_paragraphs(monkeypatch):
    """Not a speed test: the documents above do reach the plain path, and leave it where they should."""
    taken, given_up = [], []
    plain = inlines.InlineReader.plain

    def counting(self, p, flags):
        found = plain(self, p, flags)
        (taken if found is not None else given_up).append(p)
        return found

    monkeypatch.setattr(inlines.InlineReader, "plain", counting)
    rng = random.Random(11)
    for _ in range(10):
        _read(package(_plain_body(rng)), {})
    assert len(taken) > 2 * len(given_up) > 0


def test_styles_loaded_after_a_body_are_the_ones_its_next_body_reads_with(monkeypatch):
    """A second automatic-styles part between two bodies: what the plain path cached of the first styles
    (a heading's span keys, a paragraph style's answers) is not used with the second."""
    def styles(weight: str) -> str:
        return (f'<office:automatic-styles><style:style style:name="T1" style:family="text"><style:text-properties '
                f'fo:font-weight="{weight}"/></style:style><style:style style:name="P1" style:family="paragraph" '
                f'style:parent-style-name="{"Title" if weight == "bold" else "Quote"}"/></office:automatic-styles>')

    body = ('<office:body><office:text><text:h text:outline-level="1">a <text:span text:style-name="T1">b</text:span>'
            '</text:h><text:p text:style-name="P1">c <text:span text:style-name="T1">d</text:span></text:p>'
            "</office:text></office:body>")
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_NS} office:version="1.3">'
               f"{styles('bold')}{body}{styles('normal')}{body}</office:document-content>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text", zipfile.ZIP_STORED)
        zf.writestr("content.xml", content)
        zf.writestr("styles.xml", f'<?xml version="1.0" encoding="UTF-8"?><office:document-styles {_NS} '
                                  f'office:version="1.3">{_COMMON}</office:document-styles>')
    data = out.getvalue()
    fast = _read(data, {})
    reference.patched(monkeypatch)
    assert fast == _read(data, {})
    blocks = fast[0]
    assert [type(b).__name__ for b in blocks] == ["Heading", "Heading", "Heading", "Paragraph"]  # P1: a title first
    assert blocks[0].children == [Text("a "), Strong([Text("b")])] and blocks[2].children == [Text("a b")]
