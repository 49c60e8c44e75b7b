"""The HTML reader's fast paths give exactly what its general paths give.

Each fast path is run beside the general one (or the code it replaced, kept here as a reference) on many
generated inputs: whitespace of every kind HTML collapses and of the kinds it keeps (a no-break space, an
em space), empty text, text that is only spaces.
"""

from __future__ import annotations

import itertools
import random
import re

from zenconv.ir import Cell, Table, Text
from zenconv_plugins.html.tree import VOID, pieces
from zenconv_plugins.html.whitespace import _tidy_nodes, _tidy_text, collapse, tidy

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
    from lxml import etree

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
