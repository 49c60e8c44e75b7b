"""Glyphs to runs: what the content stream draws in one go, in one style, on one baseline.

Runs are the unit the grid joins into cells. A run breaks where the style changes (so a bold
word keeps its own piece), where the baseline moves, or where a gap opens wider than a word
space. Glyphs drawn twice at the same spot (fake bold, shadows) are kept once.
"""

from __future__ import annotations

import unicodedata

from .bidi import has_rtl, logical
from .capture import Glyph
from .grid import Run
from .grid.rows import JOIN_GAP, SAME_BASELINE, SPACE_GAP
from zenconv.records import dataclass

WORD_GAP_AFTER_SPACE = 1.0   # × size: a gap after a space character may be this wide and still join
_CELL = 4.0                 # points: the grid the drawn glyphs are kept on, to find an overprint
OVERPRINT = 0.15             # × size (and at most a fifth of its width): the same glyph this close to itself is drawn twice
FLOW_GAP = 0.6               # × size: in drawing order, a gap up to this wide is a word space ...
SPACED_FLOW_GAP = JOIN_GAP   # ... unless the page draws its word spaces as characters
SPACED_SHARE = 0.05          # share of a page's glyphs that are spaces for it to draw its spaces

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
    if text == "\u2044":  # the fraction slash of "1⁄4", found by a search for "1/4"
        return "/"
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


def flow_gap(glyphs: list[Glyph]) -> float:
    """How wide a gap with no space character in it may be and still be a word space.

    TeX and its kind draw no space characters, so their stretched word spaces reach past
    ``JOIN_GAP``; a producer that draws its spaces leaves a gap without one only between columns.
    """
    spaces = sum(1 for g in glyphs if g.text == " ")
    return SPACED_FLOW_GAP if spaces >= SPACED_SHARE * max(len(glyphs), 1) else FLOW_GAP


def runs_of(glyphs: list[Glyph], links: LinkAreas | None = None, flow: float = FLOW_GAP) -> list[Run]:
    """Join glyphs in drawing order into runs; ``flow`` is :func:`flow_gap` of the page."""
    runs: list[Run] = []
    units: list[list[str]] = []   # each run's glyph texts, for right-to-left reordering
    current: Run | None = None
    texts: list[str] = []         # the current run's glyph texts
    right = 0.0                   # the current run's right edge
    styles: dict[tuple, Style] = {}
    last_key: tuple | None = None
    style: Style | None = None
    areas = links.areas if links else None
    for g in without_overprints(glyphs, flow):
        text = fold(g.text)
        if not text or text == "\ufffd":
            continue  # unmapped glyphs say nothing; the page counts them
        size = max(1.0, g.size)
        x0, y0 = g.x0, g.y0
        space = text.isspace()
        link = links.target(g) if areas else None
        key = (g.font, g.size, link, g.hidden)
        if key != last_key:
            font = g.font
            skey = (round(g.size, 1), font.bold, font.italic, font.mono, link, g.hidden)
            style = styles.get(skey)
            if style is None:
                style = styles[skey] = Style(*skey)
            last_key = key
        if current is not None and abs(current.y - y0) <= SAME_BASELINE * size:
            gap = x0 - right
            spaced = space or texts[-1].isspace()
            if -size < gap <= (WORD_GAP_AFTER_SPACE if spaced else flow) * size:
                word_space = gap > SPACE_GAP * size and not spaced
                if word_space:
                    # After a word space a new style still starts a run, but the space goes with
                    # the run before, so the cells join them as words of one line.
                    texts.append(" ")
                if current.style is style:
                    texts.append(text)
                    if not space:
                        # Measured from the last inked glyph: a column padded with one space
                        # glyph and a wide gap is two values, not one.
                        right = max(right, g.x1)
                    continue
        if current is not None:
            current.width = right - current.x
        if space:
            current = None
            continue
        current = Run(x0, y0, g.x1 - x0, g.size, "", style)
        texts = [text]
        right = g.x1
        runs.append(current)
        units.append(texts)
    if current is not None:
        current.width = right - current.x
    for run, glyph_texts in zip(runs, units):
        run.text = "".join(glyph_texts)
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


def without_overprints(glyphs: list[Glyph], flow: float = FLOW_GAP) -> list[Glyph]:
    """The glyphs, each drawn twice at (nearly) one spot kept once: fake bold, a shadow, or a second pass
    over part of a line. Of the copies, the one drawn as part of the longer stretch of text is kept, so a
    partial pass drawn before the full line (some letters of it, jumping from one to the next) leaves the
    line whole rather than the letters it shares cut out of it.
    """
    stretch: list[int] = []  # per glyph, the index of the stretch of text (drawing order, one baseline) it is in
    lengths: list[int] = []
    right = y = None
    for g in glyphs:
        size = max(1.0, g.size)
        if right is None or abs(g.y0 - y) > SAME_BASELINE * size or not -size < g.x0 - right <= flow * size:
            lengths.append(0)
        lengths[-1] += 1
        stretch.append(len(lengths) - 1)
        right, y = g.x1, g.y0
    drawn: dict[str, dict[tuple[int, int], list[int]]] = {}  # by text, by cell: the glyphs kept
    dropped: set[int] = set()
    for index, g in enumerate(glyphs):
        if g.text.isspace():
            continue
        near = max(min(OVERPRINT * max(1.0, g.size), 0.2 * (g.x1 - g.x0)), 0.05)
        cells = drawn.get(g.text)
        earlier = None if cells is None else _overprinted(cells, glyphs, g, near)
        if earlier is None:
            if cells is None:
                cells = drawn[g.text] = {}
            cells.setdefault((int(g.x0 // _CELL), int(g.y0 // _CELL)), []).append(index)
        elif lengths[stretch[index]] > lengths[stretch[earlier]]:
            dropped.add(earlier)
            cell = cells[(int(glyphs[earlier].x0 // _CELL), int(glyphs[earlier].y0 // _CELL))]
            cell[cell.index(earlier)] = index  # the kept copy stands for both now
        else:
            dropped.add(index)
    return [g for index, g in enumerate(glyphs) if index not in dropped] if dropped else glyphs


def _overprinted(cells: dict, glyphs: list[Glyph], g: Glyph, near: float) -> int | None:
    """The index of a glyph already drawn with this text within ``near`` of ``g``, or None; ``cells`` holds
    the glyphs of ``g``'s text drawn so far.

    Glyphs are kept on a grid of ``_CELL`` points by text, so a line that draws one letter a hundred
    times still finds, in a few cells, the one a second pass lays over it. A glyph of absurd size and
    width (a hostile font's) would have the square around it span millions of cells: where the square
    has more cells than the text fills, the filled ones inside it are visited instead, in the same order.
    """
    column, row = int(g.x0 // _CELL), int(g.y0 // _CELL)
    reach = int(near // _CELL) + 1
    if reach > 2 and (2 * reach + 1) ** 2 > len(cells):
        return _overprinted_sparse(cells, glyphs, g, near, column, row, reach)
    for dx, dy in _SQUARES[reach] if reach < len(_SQUARES) else _square(reach):
        for index in cells.get((column + dx, row + dy), ()):
            other = glyphs[index]
            if -near < other.x0 - g.x0 < near and -near < other.y0 - g.y0 < near:
                return index
    return None


def _overprinted_sparse(cells: dict, glyphs: list[Glyph], g: Glyph, near: float, column: int, row: int,
                        reach: int) -> int | None:
    """:func:`_overprinted`'s answer from the cells the text fills: the match in the first cell of the
    square around (``column``, ``row``), in its order (by column, then row), that has one."""
    best = None
    for (c, r), indices in cells.items():
        step = (c - column, r - row)
        if -reach <= step[0] <= reach and -reach <= step[1] <= reach and (best is None or step < best[0]):
            for index in indices:
                other = glyphs[index]
                if -near < other.x0 - g.x0 < near and -near < other.y0 - g.y0 < near:
                    best = (step, index)
                    break
    return None if best is None else best[1]


def _square(reach: int) -> list[tuple[int, int]]:
    """The cells around one, ``reach`` each way, in the order they are searched."""
    return [(dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)]


_SQUARES = [_square(reach) for reach in range(4)]
