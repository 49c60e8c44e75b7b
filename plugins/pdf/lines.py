"""A row of cells read as one line of text: its pieces in reading order, its size and weight."""

from __future__ import annotations

from collections import Counter

from .bidi import direction, is_rtl, logical
from .grid import Row
from .grid.rows import SPACE_GAP
from zenconv.records import dataclass
from zenconv.patterns import pattern

MAX_PITCH_SPACES = 256   # spaces a gap in fixed-pitch text turns into at most (degenerate geometry)
# Dot leaders and a page reference: a contents entry. Exactly four dots: any longer leader ends in four
# too, and "{4,}" over a group backtracks without end on a line of ten thousand dots.
LEADER = pattern(r"(?:\.\s*){4}\S{1,8}$")


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
    mono: bool = False      # every character is in a monospaced font

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
            if _fixed_pitch(previous, cell):
                pieces.append((" " * _pitch_spaces(previous, gap), None))
            elif gap > SPACE_GAP * max(cell.height, previous.height, 1.0) or gap < 0 or previous.spaced:
                pieces.append((" ", None))
        pieces.extend(cell.pieces)
        previous = cell
    text = "".join(t for t, _ in pieces)
    rtl = is_rtl(text)
    if rtl:
        pieces = _logical_pieces(pieces)
    sizes: Counter = Counter()
    bold = italic = hidden = mono = True
    for t, style in pieces:
        if style is None or not t.strip():
            continue
        n = len(t.strip())
        sizes[style.size] += n
        bold &= style.bold
        italic &= style.italic
        hidden &= style.hidden
        mono &= style.mono
    size = max(sizes.items(), key=lambda kv: (kv[1], kv[0]))[0] if sizes else 0.0
    some = bool(sizes)
    return TextLine(pieces, row.top, row.bottom, row.left, row.right, size, bold and some, italic and some,
                    hidden and some, rtl, mono and some)


def _fixed_pitch(a, b) -> bool:
    """Two cells in a monospaced font: the gap between them is so many characters, and in a
    listing or a fixed-pitch table those characters are its alignment."""
    return all(style is not None and style.mono for cell in (a, b) for t, style in cell.pieces if t.strip())


def _pitch_spaces(cell, gap: float) -> int:
    """How many characters of ``cell``'s pitch fit in ``gap`` (one at least, at most a line's worth)."""
    text = cell.text
    pitch = cell.width / len(text) if text else 0.0
    if not pitch > 0:
        return 1
    return min(max(1, round(gap / pitch)), MAX_PITCH_SPACES)


def _side(text: str) -> str:
    rtl, ltr = direction(text)
    return "rtl" if rtl > ltr else ("ltr" if ltr else "neutral")


def _logical_pieces(pieces: list) -> list:
    """Right-to-left pieces in reading order, with the word spaces between them kept.

    Each piece is in reading order inside (runs are reordered when built), with its leading
    space on its left on the page and its trailing space on its right.
    """
    units = []   # [text, style, space after it in visual order]
    pending_space = False
    for text, style in pieces:
        core = text.strip()
        if not core:
            pending_space = True
            continue
        space_left = text[:1].isspace()
        space_right = text[-1:].isspace()
        if units and (pending_space or space_left):
            units[-1][2] = True
        units.append([core, style, space_right])
        pending_space = False
    spaced = {(id(a), id(b)) for a, b in zip(units, units[1:]) if a[2]}
    ordered = logical(units, lambda u: u[0])
    out: list = []
    for k, unit in enumerate(ordered):
        if k:
            before = ordered[k - 1]
            # Scripts do not mix inside a word: where Latin meets Arabic with no space drawn
            # between them (a bidi boundary the producer left bare), a space belongs there.
            if (id(before), id(unit)) in spaced or (id(unit), id(before)) in spaced or \
                    {_side(before[0]), _side(unit[0])} == {"rtl", "ltr"}:
                out.append((" ", None))
        out.append((unit[0], unit[1]))
    return out
