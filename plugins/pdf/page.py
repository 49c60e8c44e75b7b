"""One page read into cells: the first stage, run ahead of the rest so later stages can compare pages.

A page's glyphs become runs and cells here; rotated text gets cells in its own frame; the words,
the font sizes and the lines near the top and bottom edge are noted for the document-wide
decisions (body size, heading ranks, running headers, hyphenation) made in the next stage.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import field

from .annotations import PageAnnotations, page_annotations
from .capture import CaptureDevice, Glyph, PageBudgetExceeded, Picture
from .grid import Cell, Rule, join_cells, rows_of_cells
from .grid.lattice import Lattice, find_lattices
from .interpreter import metered
from .runs import LinkAreas, flow_gap, runs_of
from zenconv.records import dataclass
from zenconv.patterns import pattern

SPACE_JOIN_GAP = 1.0   # × size: a gap next to a space character still joins a cell (justified text)
EDGE = 0.12            # share of the page height at the top and bottom where running headers live
EDGE_LINES = 3         # lines at each edge looked at
FOLIO_WORDS = 12       # a line carrying a page number is short
_DIGITS = pattern(r"\d+")
_ROMAN = pattern(r"^[ivxlcdm]+$", re.IGNORECASE)
_WORD = pattern(r"[^\W\d_]+(?:-[^\W\d_]+)*")


@dataclass(slots=True)
class EdgeLine:
    key: str              # the text with numbers folded, to match "Page 3" with "Page 4"
    top: float
    cells: list[Cell]
    text: str
    folios: frozenset = frozenset()  # each number in it less the page number: one is constant for a page number
    inner: int | None = None         # the edge line next to it towards the body (an index into edges)
    joined: bool = False             # the line towards the body follows it as the next line of one text


@dataclass(slots=True)
class PageData:
    number: int                       # 1-based page number in the file
    label: str | None
    width: float
    height: float
    cells: list[Cell] = field(default_factory=list)
    turned: dict[int, list[Cell]] = field(default_factory=dict)   # rotated text by angle, in its own frame
    vertical: list[Glyph] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    lattices: list[Lattice] = field(default_factory=list)                # ruled grids, top to bottom
    pictures: list[Picture] = field(default_factory=list)
    annotations: PageAnnotations = field(default_factory=PageAnnotations)
    attached: list = field(default_factory=list)  # the linking blocks of its attachments converted as children
    sizes: Counter = field(default_factory=Counter)               # characters per font size
    bold: Counter = field(default_factory=Counter)                # bold characters per font size
    edges: list[EdgeLine] = field(default_factory=list)
    words: set[str] = field(default_factory=set)
    hidden: int = 0
    unmapped: int = 0
    offpage: int = 0
    unsaved: int = 0                                              # graphics states past --max-state-depth
    font_limits: list[tuple[str, int]] = field(default_factory=list)  # (font and map not used, glyphs drawn)
    frame: int = 0                                                # the direction the page's text runs in
    budget: str | None = None                                     # "time", "glyphs", "rules" or "operands" if cut short
    failed: str | None = None                                     # why the page could not be read

    @property
    def has_text(self) -> bool:
        return bool(self.cells or self.turned or self.vertical)


def page_ctm(page) -> tuple:
    """The matrix pdfminer draws a page with (rotation and the media box's origin folded in)."""
    x0, y0, x1, y1 = page.mediabox
    if page.rotate == 90:
        return (0, -1, 1, 0, -y0, x1)
    if page.rotate == 180:
        return (-1, 0, 0, -1, x1, y1)
    if page.rotate == 270:
        return (0, 1, -1, 0, y1, -x0)
    return (1, 0, 0, 1, -x0, -y0)


def read_page(interpreter, device: CaptureDevice, page, number: int, label: str | None) -> PageData:
    """Interpret one page and turn what it draws into cells. pdfminer errors are the caller's."""
    budget = None
    try:
        with device.timed(), metered(device):
            interpreter.process_page(page)
    except PageBudgetExceeded as exc:
        budget = exc.what
    capture = device.page
    data = PageData(number, label, capture.width, capture.height, rules=capture.rules,
                    pictures=capture.pictures, unmapped=capture.unmapped, offpage=capture.offpage,
                    unsaved=capture.unsaved, budget=budget)
    data.annotations = page_annotations(page, page_ctm(page))
    links = LinkAreas(data.annotations.links)
    by_angle: dict[int, list[Glyph]] = {}
    for glyph in capture.glyphs:
        if glyph.hidden:
            data.hidden += 1
        if glyph.vertical:
            data.vertical.append(glyph)
        else:
            by_angle.setdefault(glyph.angle, []).append(glyph)
    # The direction most text runs in is the page's: a page turned by /Rotate, or a landscape
    # table set sideways on a portrait page, reads in its own frame, and the rest is "rotated".
    data.frame = max(by_angle, key=lambda a: (len(by_angle[a]), a == 0), default=0)
    flat = by_angle.pop(data.frame, [])
    if data.frame:
        data.rules = _turned_rules(data.rules, data.frame)
    for glyph in flat:
        if not glyph.text.isspace():
            size = round(glyph.size * 2) / 2
            data.sizes[size] += 1
            if glyph.font.bold:
                data.bold[size] += 1
    turned = by_angle
    flow = flow_gap(capture.glyphs)
    data.lattices = find_lattices(data.rules)
    walls = [(v.x0, v.y0, v.y1) for lattice in data.lattices for v in lattice.verticals]
    data.cells = join_cells(runs_of(flat, links, flow), space_join_gap=SPACE_JOIN_GAP, walls=walls)
    for angle, glyphs in sorted(turned.items()):
        data.turned[angle] = join_cells(runs_of(glyphs, None, flow), space_join_gap=SPACE_JOIN_GAP)
    _note_edges(data)
    for cell in data.cells:
        text = cell.text
        if text.endswith(("-", "\u2010", "\u00ad")):
            # A word broken at the line's end is a fragment, not evidence of a word.
            text = text[:-1].rsplit(" ", 1)[0] if " " in text else ""
        data.words.update(w.lower() for w in _WORD.findall(text))
    return data


def _turned_rules(rules: list[Rule], angle: int) -> list[Rule]:
    """Ruling lines turned into the frame of text running at ``angle`` degrees (as capture turns
    the glyphs: back to horizontal around the origin), so a sideways table keeps its grid."""
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def turn(x: float, y: float) -> tuple[float, float]:
        return x * cos + y * sin, -x * sin + y * cos

    return [Rule(*turn(r.x0, r.y0), *turn(r.x1, r.y1)) for r in rules]


def _note_edges(data: PageData) -> None:
    rows = rows_of_cells(data.cells)
    if len(rows) < 2:
        return
    band = EDGE * data.height
    top = [k for k in range(min(EDGE_LINES, len(rows))) if rows[k].bottom >= data.height - band]
    bottom = [k for k in range(len(rows) - 1, max(len(rows) - 1 - EDGE_LINES, -1), -1)
              if rows[k].top <= band and k not in top]
    for side, step in ((top, 1), (bottom, -1)):
        first = len(data.edges)
        for n, k in enumerate(side):
            row = rows[k]
            text = " ".join(c.text for c in row.cells)
            # Only the outermost line at either edge may carry the page number.
            folios = _folios(text, data.number) if n == 0 else frozenset()
            inner = rows[k + step] if 0 <= k + step < len(rows) else None
            edge = EdgeLine(edge_key(text), row.top, row.cells, text, folios,
                            first + n + 1 if n + 1 < len(side) else None, inner is not None and _joined(row, inner))
            data.edges.append(edge)


def _joined(row, inner) -> bool:
    """Whether two rows read as consecutive lines of one text: close, same size, same left edge."""
    height = max(c.height for c in row.cells)
    inner_height = max(c.height for c in inner.cells)
    gap = row.bottom - inner.top if row.top > inner.top else inner.bottom - row.top
    return gap <= 0.6 * height and abs(height - inner_height) <= 0.5 and abs(row.left - inner.left) <= 2.0


def _folios(text: str, number: int) -> frozenset:
    words = text.split()
    if not words or len(words) > FOLIO_WORDS or text.rstrip().endswith("."):
        return frozenset()
    return frozenset(int(w) - number for w in words if w.isdigit() and len(w) <= 5)


def edge_key(text: str) -> str:
    """A line's identity across pages: case and spacing folded, every number one mark, and a roman
    numeral at either end (a front-matter page number) one mark too."""
    words = text.lower().split()
    if words and _ROMAN.match(words[0]):
        words[0] = "#"
    if words and _ROMAN.match(words[-1]):
        words[-1] = "#"
    return _DIGITS.sub("#", " ".join(words))
