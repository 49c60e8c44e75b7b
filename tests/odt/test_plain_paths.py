"""The plain paragraph path's branches read as the reference path does (tests/odt/reference_inlines.py).

InlineReader.plain reads a paragraph of text alone (_plain_text), one whose texts are already one per run, one
whose runs are grouped first (an empty text, a span whose format is the text's around it: _grouped), and one
with white space to collapse (a tab, a newline, a double space, a leading space: _spaced, which may drop a run
and join the runs around it). Random paragraphs made of the texts that tell those apart are read both ways,
under each option that changes the path, and each branch is shown to be taken.
"""

from __future__ import annotations

import random

import pytest

from zenconv_plugins.odt import inlines

from . import reference_inlines as reference
from .test_fast_paths import _PARAGRAPH_STYLES, _TEXT_STYLES, OPTIONS, _read, assert_read_as_the_reference, package

_TEXTS = ["", " ", "  ", "a", " a", "a ", " a ", "a  b", "a\tb", "\n", "\r\n", "\t", " \t ", "\u00a0", " \u00a0 ",
          "\u2003", "x\u00a0 y", "é ", "&lt;b&gt;", "*x*", "a&#13;b", "&#10;", "\u2028", "\u3000 "]
_STYLES = [*_TEXT_STYLES, "missing", None, "P1"]


def _piece(rng: random.Random) -> str:
    kind = rng.randrange(10)
    text = rng.choice(_TEXTS)
    if kind < 4:
        return text
    if kind < 7:
        style = rng.choice(_STYLES)
        attribute = f' text:style-name="{style}"' if style else ""
        return f"<text:span{attribute}>{text}</text:span>" if rng.random() < 0.9 else f"<text:span{attribute}/>"
    if kind < 9:
        href = rng.choice(["https://e.com/", " ", "", " #x "])
        return f'<text:a xlink:href="{href}">{text}</text:a>'
    return rng.choice(["<!-- c -->", "<text:s/>", '<text:span text:style-name="Tb"><text:span>n</text:span></text:span>'])


def _clean(rng: random.Random) -> str:
    """Texts with no white space to collapse, spans of a format of their own between them: runs as they are."""
    words = ["a", "b c", "x ", "é", "*x*"]
    inner = rng.choice(words)
    for _ in range(rng.randint(1, 3)):
        inner += (f'<text:span text:style-name="{rng.choice(["Tb", "Ti", "Tsup"])}">{rng.choice(words)}</text:span>'
                  f"{rng.choice(words)}")
    return inner


def _paragraph(rng: random.Random) -> str:
    style = rng.choice(_PARAGRAPH_STYLES)
    attribute = f' text:style-name="{style}"' if style else ""
    if rng.random() < 0.2:
        inner = _clean(rng)
    else:
        inner = "".join(_piece(rng) for _ in range(rng.choice([0, 1, 1, 2, 3, 5, 8])))
    if rng.random() < 0.15:
        return f'<text:h{attribute} text:outline-level="2">{inner}</text:h>'
    return f"<text:p{attribute}>{inner}</text:p>"


def _body(rng: random.Random) -> str:
    """Paragraphs at the top, in list items and in table cells (each read by plain)."""
    blocks = []
    for _ in range(rng.randint(3, 10)):
        kind = rng.randrange(5)
        if kind == 0:
            blocks.append(f'<text:list text:style-name="L1"><text:list-item>{_paragraph(rng)}</text:list-item></text:list>')
        elif kind == 1:
            cells = "".join(f"<table:table-cell>{_paragraph(rng)}</table:table-cell>" for _ in range(2))
            blocks.append(f'<table:table table:name="T"><table:table-row>{cells}</table:table-row></table:table>')
        else:
            blocks.append(_paragraph(rng))
    return "".join(blocks)


def documents(count: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    return [package(_body(rng)) for _ in range(count)]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_each_branch_reads_as_the_reference_path(options, monkeypatch):
    assert_read_as_the_reference(documents(60, seed=31), options, monkeypatch)


def test_each_branch_is_taken(monkeypatch):
    """Not a speed test: the documents above reach every branch of plain, and plain reads most paragraphs."""
    taken: dict[str, int] = {"read": 0, "given up": 0, "text alone": 0, "grouped": 0, "spaced": 0, "as they are": 0,
                             "hidden": 0}
    plain, plain_text, grouped, spaced = (inlines.InlineReader.plain, inlines.InlineReader._plain_text,
                                          inlines._grouped, inlines._spaced)
    shaped: list[str] = []

    def counting_plain(self, p, flags):
        shaped.clear()
        found = plain(self, p, flags)
        taken["read" if found is not None else "given up"] += 1
        if found is not None and len(p) and not shaped:
            taken["as they are"] += 1
        return found

    def counting_text(self, text, key):
        taken["text alone"] += 1
        return plain_text(self, text, key)

    def counting(name, helper):
        def counted(keys, texts):
            shaped.append(name)
            taken[name] += 1
            return helper(keys, texts)
        return counted

    monkeypatch.setattr(inlines.InlineReader, "plain", counting_plain)
    monkeypatch.setattr(inlines.InlineReader, "_plain_text", counting_text)
    monkeypatch.setattr(inlines, "_grouped", counting("grouped", grouped))
    monkeypatch.setattr(inlines, "_spaced", counting("spaced", spaced))
    docs = documents(60, seed=31)
    for data in docs:
        _read(data, {})
    before = taken["given up"]
    for data in docs:
        _read(data, {"hidden": "skip"})
    taken["hidden"] = taken["given up"] - before  # hidden text given up on, for the general path to report
    assert all(taken.values()), str(taken)
    assert taken["read"] > 2 * taken["given up"]


def test_a_run_emptied_by_the_white_space_rule_joins_its_neighbours():
    """``a `` bold ``x``… : a span of white space between two texts of one key loses its space and goes; the
    texts on either side are one run, as the general path makes them."""
    blocks, _, _ = _read(package('<text:p>a <text:span text:style-name="Tb"> </text:span>b</text:p>'), {})
    assert [type(n).__name__ for n in blocks[0].children] == ["Text"]
    assert blocks[0].children[0].text == "a b"
