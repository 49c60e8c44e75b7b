"""A worksheet's print headers and footers as page furniture: left, centre and right parts, codes shown.

Excel keeps a header as one string of text and ``&`` codes (``headerFooter/oddHeader``): ``&L``, ``&C``
and ``&R`` start its left, centre and right parts (text before any of them is the centre's); ``&P``,
``&N``, ``&D``, ``&T``, ``&Z``, ``&G`` stand for what Excel fills in when it prints (the page, the page
count, the date, the time, the path, a picture), ``&F`` for the file's name and ``&A`` for the sheet's;
the rest (``&"Arial,Bold"``, ``&12``, ``&KFF0000``, ``&B``, ``&I``, ``&U``...) set the font. The sheet's
name is known and written; each other printing-time code is written as what it stands for, in
brackets (``[Page]``), and reported ``xlsx.header-codes-shown``: the document holds no value for it.
"""

from __future__ import annotations

import re

from zenconv.ir.facets import FurnitureFacet
from zenconv.ir.nodes import Container, Paragraph, Text
from zenconv.patterns import pattern

_VARIANTS = {"odd": None, "even": "even", "first": "first"}
_SHOWN = {"P": "[Page]", "N": "[Pages]", "D": "[Date]", "T": "[Time]", "Z": "[Path]", "G": "[Picture]",
          "F": "[File]"}
_POSITIONS = {"L": "left", "C": "center", "R": "right"}
# One code: && a literal ampersand; a font (&"name,style"); a size (&12); a colour (&KRRGGBB, &KTTSNNN,
# theme colour and tint); a one-letter code.
_CODE = pattern(r'&(&|"[^"]*"?|\d{1,3}|K[0-9A-Fa-f+-]{0,6}|.?)', re.S)


def header_blocks(headers: list[tuple[str, str]], sheet_name: str, where, ctx) -> list[Container]:
    """One furniture Container per non-empty part of each header and footer, in the sheet's order."""
    out: list[Container] = []
    shown = 0
    for name, raw in headers:
        variant, role = _split_name(name)
        parts, codes = split_parts(raw, sheet_name)
        shown += codes
        for position, text in parts:
            facet = FurnitureFacet(role=role, variant=_VARIANTS.get(variant), position=position)
            out.append(Container([Paragraph([Text(text)], locator=where)], class_="furniture", facets=(facet,),
                                 locator=where))
    if shown:
        ctx.report("xlsx.header-codes-shown", where, count=shown)
    return out


def _split_name(name: str) -> tuple[str, str]:
    """``oddHeader`` as (odd, header)."""
    for role in ("Header", "Footer"):
        if name.endswith(role):
            return name[: -len(role)], role.lower()
    return "odd", "header"


def split_parts(raw: str, sheet_name: str) -> tuple[list[tuple[str, str]], int]:
    """The non-empty parts as (position, text), white space collapsed, and the count of printing-time
    codes written as what they stand for."""
    texts = {"center": [], "left": [], "right": []}
    current = "center"
    codes = 0
    at = 0
    for code in _CODE.finditer(raw):
        texts[current].append(raw[at:code.start()])
        at = code.end()
        value = code.group(1)
        if value == "&":
            texts[current].append("&")
        elif value in _POSITIONS:
            current = _POSITIONS[value]
        elif value == "A":
            texts[current].append(sheet_name)
        elif value in _SHOWN:
            texts[current].append(_SHOWN[value])
            codes += 1
    texts[current].append(raw[at:])
    parts = []
    for position in ("left", "center", "right"):
        text = " ".join("".join(texts[position]).split())
        if text:
            parts.append((position, text))
    return parts, codes
