"""The HTML reader's fast paths give exactly what its general paths give.

Each fast path is run beside the general one (or the code it replaced, kept here as a reference) on many
generated inputs: whitespace of every kind HTML collapses and of the kinds it keeps (a no-break space, an
em space), empty text, text that is only spaces; inline trees of every container, hard breaks among them.
"""

from __future__ import annotations

import itertools
import random
import re

from lxml import etree

from zenconv.ir import (
    Cell, Code, Emphasis, HardBreak, Image, Link, NoteRef, SmallCaps, Span, Strikethrough, Strong, Subscript,
    Superscript, Table, Text, Underline,
)
from zenconv_plugins.html.convert import _HIDDEN_STYLE, Converter
from zenconv_plugins.html import vocabulary as v
from zenconv_plugins.html.tree import VOID, pieces, tag_of
from zenconv_plugins.html.whitespace import _laid_out, _tidy_nodes, _tidy_text, collapse, tidy

from . import reference_whitespace as reference
from .conftest import read_html

PARTS = ["", " ", "  ", "   ", "\t", "\n", "\r", "\r\n", "\f", "\v", "\xa0", "\u2003", "\u200b", " \n ", "a", "b c",
         "word", "x  y", "é", "中", "&", "<", "*"]
_REFERENCE_RUN = re.compile(r"[ \t\n\r\f]+")


def _texts(rng: random.Random, n: int) -> list[str]:
    return ["".join(rng.choice(PARTS) for _ in range(rng.randint(0, 5))) for _ in range(n)]


def test_collapse_is_the_substitution():
    rng = random.Random(1)
    samples = ["".join(p) for p in itertools.product(PARTS, repeat=2)] + _texts(rng, 5000)
    for text in samples:
        assert collapse(text) == _REFERENCE_RUN.sub(" ", text), repr(text)


def test_text_alone_tidies_as_the_general_path_does():
    rng = random.Random(2)
    runs = [[Text(a), Text(b)] for a, b in itertools.product(PARTS, repeat=2)]
    runs += [[Text(t) for t in _texts(rng, rng.randint(0, 6))] for _ in range(5000)]
    runs += [[Text(collapse(t)) for t in _texts(rng, rng.randint(0, 6))] for _ in range(2000)]
    for run in runs:
        general = _tidy_nodes([Text(n.text) for n in run])
        assert _tidy_text(run) == general, run
        assert tidy([Text(n.text) for n in run]) == general, run


_WRAPPERS = [Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline,
             lambda kids: Link(kids, "https://e.com"), lambda kids: Span(kids, None, ())]
_SPACEY = ["", " ", "  ", "a", " a", "a ", " a ", "a  b", "\xa0", " \xa0 ", "x y", "   "]


def _inlines(rng: random.Random, depth: int) -> list:
    out = []
    for _ in range(rng.randint(0, 5)):
        k = rng.random()
        if k < 0.5 or depth > 3:
            out.append(Text(rng.choice(_SPACEY)))
        elif k < 0.6:
            out.append(rng.choice([HardBreak(), Code("c"), Image("i.png", "alt"), NoteRef("n")]))
        else:
            out.append(rng.choice(_WRAPPERS)(_inlines(rng, depth + 1)))
    return out


def test_inlines_tidy_as_the_reference_tidies_them():
    for seed in range(8000):  # each tree built twice, the same: tidy changes the containers it is given
        expected = reference.tidy(_inlines(random.Random(seed), 0))
        assert tidy(_inlines(random.Random(seed), 0)) == expected, _inlines(random.Random(seed), 0)


_EDGY = ["a", "x y", "a ", " a", "a  b", "\xa0", " ", "", "a\tb"]


def _paragraph_like(rng: random.Random) -> list:
    """Texts between formatting elements of one text each, most of them laid out already (the fast path of
    tidy), some a space or an empty text away from it."""
    out = []
    for _ in range(rng.randint(0, 7)):
        k = rng.random()
        if k < 0.45:
            out.append(Text(rng.choice(_EDGY)))
        elif k < 0.55:
            out.append(rng.choice([Code("c"), Image("i.png", "alt"), NoteRef("n"), HardBreak()]))
        else:
            out.append(rng.choice(_WRAPPERS)([Text(rng.choice(_EDGY))]))
    return out


def test_paragraph_like_inlines_tidy_as_the_reference_tidies_them():
    laid_out = 0
    for seed in range(8000):
        nodes = _paragraph_like(random.Random(seed))
        laid_out += _laid_out(nodes)
        expected = reference.tidy(_paragraph_like(random.Random(seed)))
        assert tidy(_paragraph_like(random.Random(seed))) == expected, nodes
    assert laid_out > 500  # the fast path was taken often enough to be tested


def _reference_pieces(el):
    """``pieces`` as it was before its fast path, kept as the reference."""
    if el.text:
        yield el.text
    for child in el:
        yield child
        if (child.text or len(child)) and isinstance(child.tag, str) and child.tag.lower() in VOID:
            yield from _reference_pieces(child)
        if child.tail:
            yield child.tail


def test_pieces_are_the_reference_pieces():
    rng = random.Random(3)
    tags = ["p", "b", "br", "img", "embed", "span", "input", "hr", "IMG", "wbr"]
    for _ in range(500):
        html = "".join(rng.choice([f"<{rng.choice(tags)}>", f"</{rng.choice(tags)}>", rng.choice(PARTS), "<!--c-->"])
                       for _ in range(rng.randint(0, 20)))
        root = etree.fromstring(f"<html><body><div>{html}</div></body></html>", etree.HTMLParser())
        if root is None:
            continue
        for el in root.iter(etree.Element):
            assert list(pieces(el)) == list(_reference_pieces(el))


def _rows(html: str) -> list:
    [table] = [b for b in read_html(html).document.blocks if isinstance(b, Table)]
    return [row.cells for row in table.rows]


def test_a_cell_of_text_alone_reads_as_a_cell_with_an_element_does():
    """``<td>text</td>`` takes the fast path; an empty ``<span>`` after the text, which adds nothing, makes
    the cell take the general one: the two must read the same."""
    rng = random.Random(4)
    texts = ["".join(p) for p in itertools.product(PARTS, repeat=2)] + _texts(rng, 400)
    texts = [t.replace("&", "&amp;").replace("<", "&lt;") for t in texts]
    for tag in ("td", "th"):
        fast = "".join(f"<tr><{tag}>{t}</{tag}><td>x</td></tr>" for t in texts)
        general = "".join(f"<tr><{tag}>{t}<span></span></{tag}><td>x</td></tr>" for t in texts)
        fast_rows = _rows(f"<table>{fast}</table>")
        assert fast_rows == _rows(f"<table>{general}</table>")
        assert any(isinstance(c, Cell) or c for row in fast_rows for c in row)


def _blocks(html: str) -> list:
    return read_html(f"<html><body>{html}</body></html>").document.blocks


def test_an_element_of_text_alone_reads_as_one_with_an_empty_element_does():
    """Inline elements, code and links of text alone take the fast paths; an empty ``<span>`` inside, which
    adds nothing, makes them take the general ones."""
    rng = random.Random(5)
    texts = [t.replace("&", "&amp;").replace("<", "&lt;") for t in _texts(rng, 300)]
    shapes = ["<p>a<b>{}</b>c</p>", "<p><i>{}</i> <code>{}</code></p>", '<p><a href="https://e.com/x">{}</a></p>',
              "<ul><li><b>{}</b></li><li><kbd>{}</kbd></li></ul>", "<h2><em>{}</em></h2>", "<p><q>{}</q><tt>{}</tt></p>"]
    for shape in shapes:
        fast = "".join(shape.format(*[t] * shape.count("{}")) for t in texts)
        general = "".join(shape.format(*[t + "<span></span>"] * shape.count("{}")) for t in texts)
        assert _blocks(fast) == _blocks(general), shape


def _reference_is_hidden(el) -> bool:
    if el.get("hidden") is not None:
        return True
    style = el.get("style")
    return bool(style) and _HIDDEN_STYLE.search(style) is not None


def test_hidden_is_read_as_the_reference_reads_it():
    converter = Converter(read_html("<p>x</p>").context)
    rng = random.Random(7)
    attrs = ["hidden", "HIDDEN", 'hidden=""', 'style="display:none"', 'style="DISPLAY : None"', 'style=""',
             'style="color:red"', 'style="x;visibility:hidden"', 'class="hidden"', 'title="style"', "data-hidden",
             'xml:lang="en"', 'STYLE="display: none"', 'onclick="x"', 'hidden="false"']
    for _ in range(3000):
        chosen = " ".join(rng.sample(attrs, rng.randint(0, 3)))
        root = etree.fromstring(f"<html><body><p {chosen}>x</p></body></html>", etree.HTMLParser())
        el = root.find(".//p")
        assert converter._is_hidden(el) == _reference_is_hidden(el), chosen


def test_prepare_finds_the_elements_holding_blocks_as_the_reference_walk_does():
    ctx = read_html("<p>x</p>").context
    rng = random.Random(8)
    tags = ["P", "div", "Span", "b", "TABLE", "tr", "td", "li", "UL", "em", "a", "h2", "Pre", "custom", "svg", "hr"]
    for _ in range(500):
        html = "".join(rng.choice([f"<{rng.choice(tags)}>", f"</{rng.choice(tags)}>", "x", "<!--c-->"])
                       for _ in range(rng.randint(0, 30)))
        root = etree.fromstring(f"<html><body>{html}</body></html>", etree.HTMLParser())
        converter = Converter(ctx)
        converter.prepare(root)
        expected = set()
        for el in root.iter(etree.Element):
            if tag_of(el) in v.BLOCK:
                parent = el.getparent()
                while parent is not None:
                    expected.add(parent)
                    parent = parent.getparent()
        assert converter._blocky == expected, html


_INLINE_TAGS = ["b", "strong", "i", "em", "cite", "s", "del", "u", "ins", "sup", "sub", "span", "code", "kbd", "q",
                "small", "br", "wbr", "custom-x", "abbr", "img", "a"]


def _inline_html(rng: random.Random, depth: int, attribute: str) -> str:
    out = []
    for _ in range(rng.randint(0, 3)):
        if depth > 3 or rng.random() < 0.4:
            out.append(rng.choice(_SPACEY + ["&amp;", "*x*"]))
            continue
        tag = rng.choice(_INLINE_TAGS)
        extra = ' href="https://e.com/x" src="p.png"' if tag in ("a", "img") else ""
        out.append(f"<{tag}{attribute}{extra}>{_inline_html(rng, depth + 1, attribute)}</{tag}>{rng.choice(_SPACEY)}")
    return "".join(out)


def _read_counting(html: str, monkeypatch) -> tuple:
    """The blocks and reports of a page, and how often the general path of an inline element ran."""
    calls = {"_shown_inline": 0}
    general = Converter._shown_inline

    def counted(self, *args):
        calls["_shown_inline"] += 1
        return general(self, *args)

    monkeypatch.setattr(Converter, "_shown_inline", counted)
    result = read_html(html)
    blocks = result.document.blocks
    monkeypatch.setattr(Converter, "_shown_inline", general)
    return blocks, result.codes(), calls["_shown_inline"]


def test_an_inline_element_without_attributes_reads_as_one_with_an_attribute(monkeypatch):
    """``_inlines_of`` reads an inline element without attributes in its own loop (formatting) or straight through
    ``_inline_of``; an attribute that changes nothing (``data-k``) sends the element through ``_skip``,
    ``_inline`` and ``_shown_inline``, the general path. Both must give the same blocks and reports, also at
    the nesting cap, where the loop hands the element back to ``_shown_inline``."""
    rng = random.Random(22)
    fast_taken = 0
    for seed in range(400):
        shape = _inline_html(random.Random(seed), 0, "{}")
        plain, marked = shape.replace("{}", ""), shape.replace("{}", ' data-k="1"')
        depth = rng.choice([0, 0, 0, 90, 93, 94, 95, 96, 97])  # wrappers that bring the paragraph near the cap
        page = "<html><body>" + "<div>" * depth + "<p>{}</p>" + "</div>" * depth + "</body></html>"
        fast = _read_counting(page.format(plain), monkeypatch)
        general = _read_counting(page.format(marked), monkeypatch)
        assert fast[:2] == general[:2], plain
        if "<" in plain and depth == 0 and "href=" not in plain:  # links and images carry their attributes
            assert fast[2] == 0, plain  # no element of the paragraph took the general path
            fast_taken += 1
    assert fast_taken > 30


def test_rows_that_are_the_table_own_children_read_as_rows_in_a_body():
    """``TableReader.read`` appends a ``<tr>`` that is the table's own child at once; the same rows inside a
    ``<tbody>`` go through the row-group loop. Hidden rows, skipped rows, rows with attributes, comments and
    stray text between them must read the same either way."""
    rng = random.Random(23)
    rows = ["<tr><td>a</td><td>b</td></tr>", "<tr hidden><td>h</td></tr>", '<tr style="display:none"><td>s</td></tr>',
            '<tr onclick="x"><td>e</td></tr>', "<tr><th>h</th><td rowspan=2>r</td></tr>", "<!--c-->", "<tr></tr>",
            '<tr class="k"><td colspan="3">w</td></tr>', "<tr><td><b>x</b> y</td></tr>"]
    for _ in range(300):
        chosen = "".join(rng.choice(rows) + rng.choice(["", "\n", " "]) for _ in range(rng.randint(1, 6)))
        direct = f"<html><body><table>{chosen}</table></body></html>"
        tree = etree.fromstring(direct, etree.HTMLParser())
        assert tree.find(".//table/tr") is not None or "<tr" not in chosen  # libxml2 adds no <tbody>: the fast path
        in_body = f"<html><body><table><tbody>{chosen}</tbody></table></body></html>"
        for hidden in ("keep", "skip"):
            a, b = read_html(direct, hidden=hidden), read_html(in_body, hidden=hidden)
            assert a.document.blocks == b.document.blocks, chosen
            assert a.codes() == b.codes(), chosen
