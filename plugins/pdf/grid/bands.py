"""A table's columns from its body: the stretches of x its cells cover, parted by gutters.

A header is a poor guide to where its columns are (centred over left-aligned columns, stacked
several lines deep, a group header over three, the stub's left empty), so the body decides how
many columns there are and where, and the header is fitted onto them (``table``).
"""

from __future__ import annotations


from .rows import Cell
from zenconv.records import dataclass

BAND_SLACK = 0.5           # points: a cell belongs to a band starting at most this far right of it


@dataclass(slots=True)
class Band:
    start: float
    end: float


def band_index(starts: list[float], x: float) -> int:
    """The last band whose start is ≤ x + slack, or the first band when none is."""
    lo, hi = 0, len(starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if starts[mid] - BAND_SLACK <= x:
            lo = mid + 1
        else:
            hi = mid
    return max(lo - 1, 0)


def place_values(cells: list[Cell], starts: list[float], columns: int) -> list[list]:
    """One list of (text, style) pieces per column for a body line; same-column pieces joined by a space."""
    values: list[list] = [[] for _ in range(columns)]
    for cell in sorted(cells, key=lambda c: (-c.top, c.x)):
        column = band_index(starts, cell.x) if starts else 0
        if values[column]:
            values[column].append((" ", None))
        values[column].extend(cell.pieces)
    return values


BRIDGE_SHARE = 0.125   # share of a body's rows whose cells may cross a gutter and leave it a gutter


def body_columns(cells: list[Cell], rows: int, min_width: float) -> list[Band]:
    """A table's columns from where its body's cells stand: the stretches of x its cells cover,
    parted by gutters at least ``min_width`` wide.

    This is the table's own column structure, whatever its header says: right-aligned numbers
    start at different x but cover one stretch, and a header with fewer cells than the body
    (stacked, spanning, or the stub column's empty one) does not fold columns together. A cell
    or two crossing a gutter (a long row label) leave it one, as long as they are few; a column
    that few rows fill is still a column.
    """
    if not cells:
        return []
    inked = _stretches([(c.x, c.right) for c in cells], int(rows * BRIDGE_SHARE), min_width)
    alone = [(c.x, c.right) for c in cells if not any(c.x < b.end and c.right > b.start for b in inked)]
    bands = _stretches([(b.start, b.end) for b in inked] + alone, 0, min_width)
    # A band reaches to the edges of the cells centred in it, short of its neighbours.
    for cell in cells:
        middle = cell.x + cell.width / 2
        k = min(range(len(bands)), key=lambda i: max(bands[i].start - middle, middle - bands[i].end, 0.0))
        floor = bands[k - 1].end if k else float("-inf")
        ceiling = bands[k + 1].start if k + 1 < len(bands) else float("inf")
        bands[k].start = max(min(bands[k].start, cell.x), floor)
        bands[k].end = min(max(bands[k].end, cell.right), ceiling)
    return bands


def crossing(cells: list[Cell], bands: list[Band]) -> int:
    """How many cells reach into two bands or more (a value glued to its neighbour, a ragged row)."""
    return sum(1 for c in cells if sum(1 for b in bands if min(c.right, b.end) - max(c.x, b.start) > 0.5) > 1)


_CLOSES, _OPENS_POINT, _CLOSES_POINT, _OPENS = range(4)  # the order of the events at one x


def _stretches(extents: list[tuple[float, float]], allowed: int, min_width: float) -> list[Band]:
    """The stretches of x covered by more than ``allowed`` extents, gaps under ``min_width`` closed.

    At one x, the extents ending there close before those starting there open (touching cells do not
    overlap), and an extent of no width (a cell of glyphs without widths) covers its point between the
    two: it is a stretch of its own where nothing else is, never a dip in one."""
    events = sorted([(lo, _OPENS_POINT if lo == hi else _OPENS, 1) for lo, hi in extents]
                    + [(hi, _CLOSES_POINT if lo == hi else _CLOSES, -1) for lo, hi in extents])
    inked: list[Band] = []
    depth = 0
    for x, _, step in events:
        was = depth > allowed
        depth += step
        now = depth > allowed
        if now and not was:
            if inked and x - inked[-1].end < min_width:
                continue  # too narrow a gap: the same stretch goes on
            inked.append(Band(x, x))
        elif was and not now:
            inked[-1].end = x
    return inked
