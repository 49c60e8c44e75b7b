"""Runs to cells (runs on one baseline that nearly touch), cells to rows (vertical overlap).

Rows are built from overlap, not equal baselines: a table that centres its cells vertically puts
a one-line value a few points above or below its two-line label, and rows built from equal
baselines would pair the value with the wrong label.
"""

from __future__ import annotations

import bisect
from dataclasses import field
from functools import cmp_to_key
from typing import Any

from zenconv.records import dataclass

JOIN_GAP = 0.35        # × font size: two runs on a line this close join into one cell
SPACE_GAP = 0.1        # × font size: a joined gap wider than this gets a space
SAME_BASELINE = 0.2    # × max(font sizes, 1): two runs are on one line
ROW_OVERLAP = 0.4      # × cell height: a cell joins the current row
MAX_OVERLAP = 1.0      # × font size: a run may start this far inside the previous one and still join

# How far back a run looks for a cell on its own line; cells are sorted line by line, so the
# cell it joins is almost always among the last few.
_LOOKBACK = 12


@dataclass(slots=True)
class Run:
    """A piece of text at a position: ``x`` its left edge, ``y`` its bottom (y grows upwards),
    ``height`` its font size. ``style`` is carried through untouched (fonts, links)."""

    x: float
    y: float
    width: float
    height: float
    text: str
    style: Any = None


@dataclass(slots=True)
class Cell:
    """Text that reads as one unit: runs joined left to right, as (text, style) pieces."""

    x: float
    y: float
    width: float
    height: float
    pieces: list[tuple[str, Any]] = field(default_factory=list)
    spaced: bool = False   # it ended in space characters, trimmed: the next cell on its line is a word away

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.pieces)

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height


@dataclass(slots=True)
class Row:
    """Cells whose vertical extents overlap, left to right; ``top`` and ``bottom`` bound them."""

    top: float
    bottom: float
    cells: list[Cell]

    @property
    def text(self) -> str:
        return "\t".join(cell.text for cell in self.cells)

    @property
    def left(self) -> float:
        return min(cell.x for cell in self.cells)

    @property
    def right(self) -> float:
        return max(cell.right for cell in self.cells)


def _reading_order(a: Run, b: Run) -> int:
    # Pairwise, not a total order: for the gently wandering baselines of real documents it gives
    # lines top to bottom, each left to right.
    if abs(a.y - b.y) <= SAME_BASELINE * max(a.height, b.height, 1.0):
        return -1 if a.x < b.x else (1 if a.x > b.x else 0)
    return -1 if a.y > b.y else 1


def join_cells(runs: list[Run], *, join_gap: float = JOIN_GAP, space_join_gap: float | None = None,
               walls: list[tuple[float, float, float]] = ()) -> list[Cell]:
    """Join runs into cells.

    ``space_join_gap`` (× font size) lets a gap that follows or precedes explicit whitespace
    join up to that width: justified text widens its word spaces, and a reader that keeps the
    source's space characters knows such a gap is a word space, not a column gap.
    ``walls`` are vertical rules (x, bottom, top) that no cell is joined across: a ruled
    grid's column line parts two values however close they are drawn.
    """
    ordered = sorted((r for r in runs if r.text.strip()), key=cmp_to_key(_reading_order))
    walls = sorted(walls)
    wall_xs = [w[0] for w in walls]
    cells: list[Cell] = []
    for run in ordered:
        cell = _cell_on_line(cells, run)
        if cell is not None and walls and _walled(walls, wall_xs, cell.right, run):
            cell = None
        if cell is not None:
            size = max(run.height, cell.height, 1.0)
            gap = run.x - cell.right
            spaced = cell.pieces[-1][0][-1:].isspace() or run.text[:1].isspace()
            limit = join_gap if space_join_gap is None or not spaced else max(join_gap, space_join_gap)
            if -size < gap <= limit * size:
                if gap > SPACE_GAP * size and not spaced:
                    last_text, last_style = cell.pieces[-1]
                    cell.pieces[-1] = (last_text + " ", last_style)
                cell.pieces.append((run.text, run.style))
                cell.width = max(cell.right, run.x + run.width) - cell.x
                cell.height = max(cell.height, run.height)
                continue
        cells.append(Cell(run.x, run.y, run.width, run.height, [(run.text, run.style)]))
    for cell in cells:
        _trim(cell)
    return [c for c in cells if c.pieces]


def _walled(walls: list[tuple[float, float, float]], xs: list[float], right: float, run: Run) -> bool:
    """Whether a wall stands between a cell ending at ``right`` and the run after it."""
    middle = run.y + run.height / 2
    lo = bisect.bisect_left(xs, min(right, run.x) - 1.0)
    hi = bisect.bisect_right(xs, max(right, run.x) + 1.0)
    return any(bottom <= middle <= top for _, bottom, top in walls[lo:hi])


def _cell_on_line(cells: list[Cell], run: Run) -> Cell | None:
    for cell in reversed(cells[-_LOOKBACK:]):
        if abs(cell.y - run.y) <= SAME_BASELINE * max(run.height, cell.height, 1.0):
            return cell
    return None


def _trim(cell: Cell) -> None:
    pieces = cell.pieces
    while pieces and not pieces[0][0].strip():
        pieces.pop(0)
    while pieces and not pieces[-1][0].strip():
        pieces.pop()
        cell.spaced = True
    if pieces:
        pieces[0] = (pieces[0][0].lstrip(), pieces[0][1])
        text = pieces[-1][0]
        pieces[-1] = (text.rstrip(), pieces[-1][1])
        # The width still reaches over the spaces cut: the gap to the next cell understates the space drawn.
        cell.spaced = cell.spaced or len(pieces[-1][0]) < len(text)


def rows_of_cells(cells: list[Cell], *, row_overlap: float = ROW_OVERLAP) -> list[Row]:
    """Group cells into rows, top to bottom; a cell is compared with the current row only."""
    ordered = sorted(cells, key=lambda c: (-(c.y + c.height / 2), c.x))
    rows: list[Row] = []
    current: Row | None = None
    for cell in ordered:
        if current is not None:
            overlap = min(cell.top, current.top) - max(cell.y, current.bottom)
            if overlap >= row_overlap * cell.height:
                current.cells.append(cell)
                current.top = max(current.top, cell.top)
                current.bottom = min(current.bottom, cell.y)
                continue
        current = Row(cell.top, cell.y, [cell])
        rows.append(current)
    for row in rows:
        row.cells.sort(key=lambda c: c.x)
    return rows
