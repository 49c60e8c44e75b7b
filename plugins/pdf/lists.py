"""List items: a line that starts with a bullet or an enumerator, and the lines that hang under it."""

from __future__ import annotations

import re

from zenconv.records import dataclass
from zenconv.patterns import pattern

# Bullets (and checkboxes) as drawn, including the private-use code points symbol fonts (Symbol, Wingdings) map
# their bullets to when a PDF carries no better Unicode for them.
BULLETS = "•◦▪▫●○■□►▸‣⁃∙·–—-*➢➤✓✔❖☐☑☒❏❑\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf06e\uf0a8\uf0be\uf075\uf0e0\uf06f\uf071\uf070\uf0fe\uf078"
_BULLET = pattern(r"^([" + re.escape(BULLETS) + r"])(\s+|$)")
_ENUM = pattern(r"^(\(?)(\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6}|[IVXLCDM]{1,6})([.)])(\s+|$)")
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


@dataclass(slots=True, frozen=True)
class Marker:
    """What starts a list item: the marker text, whether it is ordered, its number, its width in characters."""

    text: str
    ordered: bool
    number: int = 1
    length: int = 0

    @property
    def label(self) -> str | None:
        """The enumerator as the page shows it ("1)", "(a)", "iv."): the item's label; a bullet has none."""
        return self.text if self.ordered else None


def marker_of(text: str) -> Marker | None:
    """The list marker a line starts with, or None. A lone dash starts an item only when words follow."""
    match = _BULLET.match(text)
    if match:
        rest = text[match.end():]
        if not rest.strip():
            return None
        return Marker(match.group(1), False, 1, match.end())
    match = _ENUM.match(text)
    if not match:
        return None
    opening, label, closing = match.group(1), match.group(2), match.group(3)
    if opening and closing != ")":
        return None
    rest = text[match.end():]
    if not rest.strip() or not match.group(4):
        return None
    number = _number(label)
    if number is None:
        return None
    return Marker(match.group(0).strip(), True, number, match.end())


def _number(label: str) -> int | None:
    if label.isdigit():
        return int(label)
    lower = label.lower()
    if len(label) == 1 and lower not in ("i", "v", "x"):
        return ord(lower) - ord("a") + 1
    total = 0
    prev = 0
    for ch in reversed(lower):
        value = _ROMAN.get(ch)
        if value is None:
            return None
        total = total - value if value < prev else total + value
        prev = max(prev, value)
    return total or None
