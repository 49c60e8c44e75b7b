"""Right-to-left text: from the order glyphs are drawn in to the order they are read in.

A PDF draws Arabic and Hebrew in visual order, left to right across the page. Read in that
order, every word comes out backwards. The reordering here is the part of the Unicode
bidirectional algorithm a drawn line needs: in a right-to-left line the units (glyphs, runs,
cells) are reversed, then each stretch of left-to-right text (Latin words, numbers) is turned
back. Units are never split, so a ligature glyph such as lam-alef keeps its own order.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

_STRONG_RTL = ("R", "AL")


def direction(text: str) -> tuple[int, int]:
    """(right-to-left strong characters, left-to-right ones); digits count as left to right,
    since a number keeps its own order inside right-to-left text."""
    rtl = ltr = 0
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _STRONG_RTL:
            rtl += 1
        elif kind in ("L", "EN", "AN"):
            ltr += 1
    return rtl, ltr


def has_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in _STRONG_RTL for ch in text)


def is_rtl(text: str) -> bool:
    rtl, ltr = direction(text)
    return rtl > ltr


def logical(units: Sequence[T], text_of: Callable[[T], str]) -> list[T]:
    """Visual-order units of a right-to-left line in reading order."""
    kinds = []
    for unit in units:
        rtl, ltr = direction(text_of(unit))
        kinds.append("R" if rtl > ltr else ("L" if ltr else "N"))
    items = list(zip(units, kinds))[::-1]
    out: list[T] = []
    i = 0
    while i < len(items):
        if items[i][1] != "L":
            out.append(items[i][0])
            i += 1
            continue
        # A left-to-right stretch: L units and the neutrals between them, turned back.
        j = i
        last_l = i
        while j < len(items) and items[j][1] != "R":
            if items[j][1] == "L":
                last_l = j
            j += 1
        out.extend(unit for unit, _ in reversed(items[i:last_l + 1]))
        i = last_l + 1
    return out
