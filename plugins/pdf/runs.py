"""Glyphs to runs: what the content stream draws in one go, in one style, on one baseline.

Runs are the unit the grid joins into cells. A run breaks where the style changes (so a bold
word keeps its own piece), where the baseline moves, or where a gap opens wider than a word
space. Glyphs drawn twice at the same spot (fake bold, shadows) are kept once.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from dataclasses import dataclass

from .bidi import has_rtl, logical
from .capture import Glyph
from .grid import Run
from .grid.rows import SAME_BASELINE, SPACE_GAP

WORD_GAP_AFTER_SPACE = 1.0   # × size: a gap after a space character may be this wide and still join
OVERPRINT = 0.15             # × size (and at most a fifth of its width): the same glyph this close to itself is drawn twice
FLOW_GAP = 0.6               # × size: in drawing order, a gap up to this wide is a word space

# Ligatures and presentation forms fold to plain letters: a reader searching for "find" must
# find it whether the font drew "ﬁ" or "f" "i".
_FOLD = {chr(c): unicodedata.normalize("NFKC", chr(c)) for c in range(0xFB00, 0xFB07)}


@dataclass(slots=True, frozen=True)
class Style:
    """How a run looks and what it links to; compared by value when pieces merge."""

    size: float
    bold: bool = False
    italic: bool = False
    mono: bool = False
    link: str | None = None
    hidden: bool = False


def fold(text: str) -> str:
    if text in _FOLD:
        return _FOLD[text]
    if text and "\ufb50" <= text[0] <= "\ufeff" and len(text) == 1:
        return unicodedata.normalize("NFKC", text) or text
    if text in ("\u00a0", "\u2002", "\u2003", "\u2009", "\u200a", "\u202f"):
        return " "
    return text


class LinkAreas:
    """URI link rectangles on a page; a glyph whose centre is inside one links to its target."""

    def __init__(self, areas: list[tuple[tuple[float, float, float, float], str]]) -> None:
        self.areas = areas

    def target(self, glyph: Glyph) -> str | None:
        if not self.areas:
            return None
        x = (glyph.x0 + glyph.x1) / 2
        y = (glyph.y0 + glyph.y1) / 2
        for (x0, y0, x1, y1), uri in self.areas:
            if x0 <= x <= x1 and y0 <= y <= y1:
                return uri
        return None


def runs_of(glyphs: list[Glyph], links: LinkAreas | None = None) -> list[Run]:
    """Join glyphs in drawing order into runs."""
    runs: list[Run] = []
    units: list[list[str]] = []   # each run's glyph texts, for right-to-left reordering
    current: Run | None = None
    recent: dict[str, deque] = {}
    styles: dict[tuple, Style] = {}
    for g in glyphs:
        text = fold(g.text)
        if not text or text == "\ufffd":
            continue  # unmapped glyphs say nothing; the page counts them
        size = max(g.size, 1.0)
        if not text.isspace():
            places = recent.get(text)
            if places is None:
                places = recent[text] = deque(maxlen=8)
            near = max(min(OVERPRINT * size, 0.2 * (g.x1 - g.x0)), 0.05)
            if any(abs(x - g.x0) < near and abs(y - g.y0) < near for x, y in places):
                continue
            places.append((g.x0, g.y0))
        link = links.target(g) if links else None
        skey = (round(g.size, 1), g.font.bold, g.font.italic, g.font.mono, link, g.hidden)
        style = styles.get(skey)
        if style is None:
            style = styles[skey] = Style(skey[0], g.font.bold, g.font.italic, g.font.mono, link, g.hidden)
        if current is not None and abs(current.y - g.y0) <= SAME_BASELINE * size:
            gap = g.x0 - (current.x + current.width)
            spaced = current.text[-1:].isspace() or text.isspace()
            limit = WORD_GAP_AFTER_SPACE if spaced else FLOW_GAP
            if -size < gap <= limit * size:
                word_space = gap > SPACE_GAP * size and not spaced
                if current.style == style:
                    if word_space:
                        current.text += " "
                        units[-1].append(" ")
                    current.text += text
                    units[-1].append(text)
                    current.width = max(current.x + current.width, g.x1) - current.x
                    continue
                if word_space:
                    # A new style after a word space: the space goes with the run before, so the
                    # cells join them as words of one line.
                    current.text += " "
                    units[-1].append(" ")
        if text.isspace():
            current = None
            continue
        current = Run(g.x0, g.y0, g.x1 - g.x0, g.size, text, style)
        runs.append(current)
        units.append([text])
    for run, glyph_texts in zip(runs, units):
        if has_rtl(run.text):
            # Reading order inside, but the spaces stay on the side of the page they are on:
            # everything after this stage reads a piece's leading space as its left.
            start, end = 0, len(glyph_texts)
            while start < end and glyph_texts[start].isspace():
                start += 1
            while end > start and glyph_texts[end - 1].isspace():
                end -= 1
            core = logical(glyph_texts[start:end], str)
            run.text = "".join(glyph_texts[:start]) + "".join(core) + "".join(glyph_texts[end:])
    return runs
