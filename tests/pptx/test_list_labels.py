"""PowerPoint's numbered paragraphs (a:buAutoNum) carry the label the slide shows: its scheme and startAt."""

from __future__ import annotations

from lxml import etree

from collections import Counter

from zenconv_plugins.numerals import autonum_label
from zenconv_plugins.pptx.package import NS
from zenconv_plugins.pptx.text import ListStyles, TextReader, blocks_of
from ..conftest import list_labels


def _body(*paras: tuple[str, int, str | None]) -> etree._Element:
    """A txBody of paragraphs (text, level, a:buAutoNum attributes or None for a plain bullet)."""
    xml = []
    for text, level, autonum in paras:
        bullet = f"<a:buAutoNum {autonum}/>" if autonum is not None else '<a:buChar char="•"/>'
        xml.append(f'<a:p><a:pPr lvl="{level}">{bullet}</a:pPr><a:r><a:t>{text}</a:t></a:r></a:p>')
    return etree.fromstring(f'<p:txBody xmlns:a="{NS["a"]}" xmlns:p="{NS["p"]}">{"".join(xml)}</p:txBody>')


class _Reports:
    """The part of a reader context the text reader reports through."""

    def __init__(self) -> None:
        self.codes = Counter()

    def report(self, code, locator=None, **_) -> None:
        self.codes[code] += 1


def _read(body):
    ctx = _Reports()
    return blocks_of(TextReader(ctx, {}, None).paragraphs(body, ListStyles()), None), ctx


def test_schemes_and_start_make_the_label():
    blocks, _ = _read(_body(("a", 0, 'type="alphaLcParenR"'), ("b", 0, 'type="alphaLcParenR"'),
                            ("sub", 1, 'type="romanUcPeriod" startAt="3"'), ("c", 0, 'type="alphaLcParenR"'),
                            ("bullet", 0, None), ("x", 0, 'type="arabicParenBoth" startAt="9"'),
                            ("y", 0, 'type="arabicParenBoth"'), ("z", 0, 'type="romanLcPeriod"')))
    assert list_labels(blocks) == ["a)", "b)", "III.", "c)", None, "(9)", "(10)", "i."]  # a new scheme: a new list
    assert [autonum_label(s, 28) for s in ("alphaUcPeriod", "arabicPlain", "romanLcParenBoth")] == ["BB.", "28", "(xxviii)"]


def test_an_unknown_scheme_is_decimal_and_reported():
    blocks, ctx = _read(_body(("a", 0, 'type="thaiAlphaPeriod"'), ("b", 0, 'type="thaiAlphaPeriod"'),
                              ("c", 0, "")))  # no type: arabicPeriod
    assert list_labels(blocks) == ["1.", "2.", "1."]
    assert ctx.codes == {"pptx.list-format-unsupported": 2}
