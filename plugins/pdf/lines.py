"""A row of cells read as one line of text: its pieces in reading order, its size and weight."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .bidi import is_rtl, logical
from .grid import Row
from .grid.rows import SPACE_GAP


@dataclass(slots=True)
class TextLine:
    pieces: list            # (text, Style) in reading order
    top: float
    bottom: float
    left: float
    right: float
    size: float             # the font size most of its characters have
    bold: bool              # every character is bold
    italic: bool
    hidden: bool            # every character is invisible
    rtl: bool = False

    @property
    def text(self) -> str:
        return "".join(t for t, _ in self.pieces)

    @property
    def height(self) -> float:
        return self.top - self.bottom


def line_of(row: Row) -> TextLine:
    pieces: list = []
    previous = None
    for cell in row.cells:
        if previous is not None:
            gap = cell.x - previous.right
            if gap > SPACE_GAP * max(cell.height, previous.height, 1.0) or gap < 0:
                pieces.append((" ", None))
        pieces.extend(cell.pieces)
        previous = cell
    text = "".join(t for t, _ in pieces)
    rtl = is_rtl(text)
    if rtl:
        pieces = _logical_pieces(pieces)
    sizes: Counter = Counter()
    bold = italic = hidden = True
    for t, style in pieces:
        if style is None or not t.strip():
            continue
        n = len(t.strip())
        sizes[style.size] += n
        bold &= style.bold
        italic &= style.italic
        hidden &= style.hidden
    size = max(sizes.items(), key=lambda kv: (kv[1], kv[0]))[0] if sizes else 0.0
    return TextLine(pieces, row.top, row.bottom, row.left, row.right, size, bold and bool(sizes),
                    italic and bool(sizes), hidden and bool(sizes), rtl)


def _logical_pieces(pieces: list) -> list:
    """Right-to-left pieces in reading order, with the word spaces between them kept."""
    units = []   # (text, style, space after it in visual order)
    for text, style in pieces:
        core = text.strip()
        if not core:
            if units:
                units[-1] = (units[-1][0], units[-1][1], True)
            continue
        if units and text[:1].isspace():
            units[-1] = (units[-1][0], units[-1][1], True)
        units.append((core, style, text[-1:].isspace()))
    spaced = {(id(a), id(b)) for a, b in zip(units, units[1:]) if a[2]}
    ordered = logical(units, lambda u: u[0])
    out: list = []
    for k, unit in enumerate(ordered):
        if k and ((id(ordered[k - 1]), id(unit)) in spaced or (id(unit), id(ordered[k - 1])) in spaced):
            out.append((" ", None))
        out.append((unit[0], unit[1]))
    return out
