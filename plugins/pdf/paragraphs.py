"""Lines into paragraphs, heading blocks and list items, by spacing, indentation, type and markers.

Lines set wholly in a monospaced font make a listing. A new block starts where the gap above a line is wider than the region's usual line gap, where
the type changes (size, or heading weight), at a list marker, at a first-line indent, and after
a short line that ends a sentence. A line indented under a list item's text continues the item.
"""

from __future__ import annotations

import statistics
from dataclasses import field

from .headings import heading_type
from .lines import LEADER, TextLine
from .lists import Marker, marker_of
from zenconv.records import dataclass

PARA_GAP = 0.5       # × size over the usual gap: a paragraph break
MAX_GAP = 1.3        # × size: a gap this wide always breaks, usual gap or not
CODE_GAP = 2.5       # × size: the widest gap inside a listing (a blank line or two)
SIZE_CHANGE = 0.6    # points
INDENT = 0.8         # × size: a first-line indent
MAX_INDENT = 8.0     # × size: wider than this it is not an indent but centred text
SHORT = 2.5          # × size short of the region's right edge: a line that ends a paragraph
HANG = 0.5           # × size right of the marker: a line continuing a list item
_ENDS = (".", "!", "?", ":", "。", "\u061f", "\u06d4", '."', ".”", ".)")


@dataclass(slots=True)
class TextBlock:
    kind: str                        # "paragraph", "heading", "item" or "code"
    lines: list[TextLine] = field(default_factory=list)
    marker: Marker | None = None
    indent: float = 0.0              # where an item's marker starts
    level: int = 0                   # a heading's level, once ranked

    @property
    def top(self) -> float:
        return self.lines[0].top


def usual_gap(lines: list[TextLine]) -> float | None:
    gaps = [a.bottom - b.top for a, b in zip(lines, lines[1:])
            if abs(a.size - b.size) <= SIZE_CHANGE and a.bottom - b.top > -0.5 * a.size]
    return statistics.median(gaps) if gaps else None


def text_blocks(lines: list[TextLine], body: float, body_bold: bool) -> list[TextBlock]:
    if not lines:
        return []
    left = min(ln.left for ln in lines)
    right = max(ln.right for ln in lines)
    usual = usual_gap(lines)
    blocks: list[TextBlock] = []
    current: TextBlock | None = None
    for line in lines:
        marker = marker_of(line.text)
        heading = heading_type(line, body, body_bold)
        if current is not None and _continues(current, line, marker, heading, body, body_bold, usual, left, right):
            current.lines.append(line)
            continue
        if line.mono:
            current = TextBlock("code", [line])
        elif marker is not None and not heading:
            current = TextBlock("item", [line], marker, line.left)
        else:
            current = TextBlock("heading" if heading else "paragraph", [line])
        blocks.append(current)
    return blocks


def _continues(block: TextBlock, line: TextLine, marker, heading: bool, body: float, body_bold: bool,
               usual: float | None, left: float, right: float) -> bool:
    prev = block.lines[-1]
    size = max(line.size, prev.size, 1.0)
    gap = prev.bottom - line.top
    if (block.kind == "code") != line.mono:
        return False
    if block.kind == "code":
        return -size <= gap <= CODE_GAP * size  # a blank line or two inside a listing
    if gap > MAX_GAP * size or gap < -size:
        return False
    if usual is not None and gap > usual + PARA_GAP * size:
        return False
    if (block.kind == "heading") != heading or abs(line.size - prev.size) > SIZE_CHANGE:
        return False
    if marker is not None and not heading:
        return False
    if block.kind == "item":
        return line.left >= block.indent + HANG * size or abs(line.left - block.indent) <= HANG * size
    if block.kind == "heading":
        return True
    if LEADER.search(prev.text.rstrip()):
        return False
    indent = line.left - prev.left
    if INDENT * size <= indent <= MAX_INDENT * size and prev.left <= left + INDENT * size:
        return False  # a first-line indent opens a paragraph
    if prev.right < right - SHORT * size and prev.text.rstrip().endswith(_ENDS) and not _centred(prev, line):
        return False
    return True


def _centred(a: TextLine, b: TextLine) -> bool:
    return abs((a.left + a.right) / 2 - (b.left + b.right) / 2) <= 0.5 * max(a.size, 1.0) and a.left > b.left + 1
