"""OMML to LaTeX: inline and display equations, each construct, unmapped ones reported."""

from __future__ import annotations

import pytest
from lxml import etree

from zenconv.ir.nodes import Math, MathBlock, Paragraph

from zenconv_plugins.docx.math import MathConverter

from .conftest import FX, blocks, read_docx

M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"'


def latex(inner: str) -> str:
    return MathConverter().convert(etree.fromstring(f"<m:oMath {M}>{inner}</m:oMath>"))


def mr(t: str) -> str:
    return f"<m:r><m:t>{t}</m:t></m:r>"


def test_inline_math_stays_in_its_paragraph_and_display_math_is_a_block():
    found = blocks(FX.math())
    assert isinstance(found[0], Paragraph)
    assert Math(r"\frac{a}{b}x^{2}") in found[0].children
    assert isinstance(found[1], MathBlock) and found[1].latex == r"\sqrt{y}+\sum_{i=1}^{n}i"


def test_unmapped_construct_keeps_its_text_and_is_reported():
    found = blocks(FX.math())
    assert found[2].latex.endswith("z")
    assert read_docx(FX.math()).codes()["docx.math-degraded"] == 1


@pytest.mark.parametrize("inner, expected", [
    (f"<m:f><m:fPr><m:type m:val=\"lin\"/></m:fPr><m:num>{mr('1')}</m:num><m:den>{mr('2')}</m:den></m:f>", "1/2"),
    (f"<m:f><m:fPr><m:type m:val=\"noBar\"/></m:fPr><m:num>{mr('n')}</m:num><m:den>{mr('k')}</m:den></m:f>",
     r"\genfrac{}{}{0pt}{}{n}{k}"),
    (f"<m:sSub><m:e>{mr('a')}</m:e><m:sub>{mr('n')}</m:sub></m:sSub>", "a_{n}"),
    (f"<m:sSubSup><m:e>{mr('x')}</m:e><m:sub>{mr('i')}</m:sub><m:sup>{mr('2')}</m:sup></m:sSubSup>", "x_{i}^{2}"),
    (f"<m:sSup><m:e>{mr('x+1')}</m:e><m:sup>{mr('2')}</m:sup></m:sSup>", "{x+1}^{2}"),
    (f"<m:rad><m:deg>{mr('3')}</m:deg><m:e>{mr('x')}</m:e></m:rad>", r"\sqrt[3]{x}"),
    (f"<m:nary><m:naryPr><m:chr m:val=\"∫\"/><m:subHide m:val=\"1\"/><m:supHide m:val=\"1\"/></m:naryPr>"
     f"<m:sub/><m:sup/><m:e>{mr('f')}</m:e></m:nary>", r"\int_{}^{}f"),
    (f"<m:d><m:dPr><m:begChr m:val=\"[\"/><m:endChr m:val=\"]\"/></m:dPr><m:e>{mr('a')}</m:e><m:e>{mr('b')}</m:e></m:d>",
     r"\left[a | b\right]"),
    (f"<m:m><m:mr><m:e>{mr('a')}</m:e><m:e>{mr('b')}</m:e></m:mr></m:m>", r"\begin{matrix}a & b\end{matrix}"),
    (f"<m:acc><m:accPr><m:chr m:val=\"\u20d7\"/></m:accPr><m:e>{mr('v')}</m:e></m:acc>", r"\vec{v}"),
    (f"<m:func><m:fName>{mr('log')}</m:fName><m:e>{mr('x')}</m:e></m:func>", r"\log{x}"),
    (f"<m:limLow><m:e>{mr('lim')}</m:e><m:lim>{mr('n→∞')}</m:lim></m:limLow>", r"lim_{n \rightarrow \infty }"),
    (f"<m:bar><m:barPr><m:pos m:val=\"top\"/></m:barPr><m:e>{mr('z')}</m:e></m:bar>", r"\overline{z}"),
    (f"<m:groupChr><m:e>{mr('abc')}</m:e></m:groupChr>", r"\underbrace{abc}"),
    (f"<m:eqArr><m:e>{mr('a=1')}</m:e><m:e>{mr('b=2')}</m:e></m:eqArr>", r"\begin{array}{l}a=1 \\ b=2\end{array}"),
    ("<m:r><m:rPr><m:nor/></m:rPr><m:t>if x</m:t></m:r>", r"\text{if x}"),
    (mr("a_b%"), r"a\_b\%"),
])
def test_constructs(inner, expected):
    assert latex(inner) == expected
