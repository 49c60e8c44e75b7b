"""Reading order on a page: columns found by cutting along white space (a recursive XY cut).

A page is cut down a vertical gutter when both sides read as prose (full lines of words): that is
how two text columns look, and how a table's columns do not, so a table is never split into
"columns". When nothing crosses no gutter, the page is cut across its wider horizontal gaps
(a title over two columns, a figure between them) and each band is tried again. Bands that
split at the same gutter are put back together, so a paragraph gap that happens to line up in
both columns does not interleave them.
"""

from __future__ import annotations

import statistics

from .grid import Cell, rows_of_cells
from zenconv.patterns import pattern

MAX_DEPTH = 10
MAX_GUTTERS = 4       # the widest gutters tried at each cut (a wide table has dozens)
GUTTER = 1.0          # × body size: the narrowest gutter between text columns
BAND_GAP = 1.0        # × body size: the narrowest horizontal gap a page is cut across
FULL_LINE = 0.6       # a line filling this share of its column is a full line of prose
PROSE_LINES = 0.4     # ... and this share of a column's lines must be full
PROSE_WORDS = 4       # median words per line of a prose column
MIN_LINES = 3         # lines a column needs before it counts as one
MIN_COLUMN = 8.0      # × body size: the narrowest text column
WIDE_GUTTER = 3.0     # × body size: a gutter this wide splits columns of words that do not line up
ALIGNED = 0.6         # ... when fewer than this share of their lines are level with each other
_LETTER = pattern(r"[^\W\d_]")


def regions(cells: list[Cell], body: float) -> list[list[Cell]]:
    """The page's cells as regions in reading order; each region is read top to bottom."""
    return [leaf for leaf in _cut(cells, body, 0) if leaf]


def _cut(cells: list[Cell], body: float, depth: int) -> list[list[Cell]]:
    if depth > MAX_DEPTH or len(cells) < 2:
        return [cells]
    split = _vertical(cells, body)
    if split is not None:
        left, right, _ = split
        return _cut(left, body, depth + 1) + _cut(right, body, depth + 1)
    bands = _horizontal(cells, body)
    if len(bands) == 1:
        return [cells]
    # Put back together the neighbouring bands that split at the same gutter.
    merged: list[list[Cell]] = []
    gutters: list[tuple[float, float] | None] = []
    for band in bands:
        found = _vertical(band, body)
        gutter = found[2] if found else None
        if merged and gutter and gutters[-1] and min(gutter[1], gutters[-1][1]) > max(gutter[0], gutters[-1][0]):
            merged[-1] = merged[-1] + band
            gutters[-1] = (max(gutter[0], gutters[-1][0]), min(gutter[1], gutters[-1][1]))
        else:
            merged.append(band)
            gutters.append(gutter)
    leaves: list[list[Cell]] = []
    pending: list[Cell] = []
    for band, gutter in zip(merged, gutters):
        if gutter is None:
            pending.extend(band)  # bands nothing splits read on as one region
            continue
        if pending:
            leaves.append(pending)
            pending = []
        leaves.extend(_cut(band, body, depth + 1))
    if pending:
        leaves.append(pending)
    return leaves


def _intervals(spans: list[tuple[float, float]], min_gap: float) -> list[tuple[float, float]]:
    """The gaps at least ``min_gap`` wide between the union of ``spans``, widest first."""
    spans = sorted(spans)
    gaps = []
    reach = spans[0][1]
    for lo, hi in spans[1:]:
        if lo - reach >= min_gap:
            gaps.append((reach, lo))
        reach = max(reach, hi)
    return sorted(gaps, key=lambda g: -(g[1] - g[0]))


def _vertical(cells: list[Cell], body: float):
    for lo, hi in _intervals([(c.x, c.right) for c in cells], GUTTER * body)[:MAX_GUTTERS]:
        left = [c for c in cells if c.right <= lo + 0.01]
        right = [c for c in cells if c.x >= hi - 0.01]
        left_rows, right_rows = _rows(left, body), _rows(right, body)
        if left_rows is None or right_rows is None:
            continue
        if _prose(left_rows) and _prose(right_rows):
            return left, right, (lo, hi)
        # Two sides of words whose lines do not line up are two columns, not a table's.
        if hi - lo >= WIDE_GUTTER * body and _wordy(left_rows) and _wordy(right_rows) \
                and _aligned(left_rows, right_rows) < ALIGNED:
            return left, right, (lo, hi)
    return None


def _horizontal(cells: list[Cell], body: float) -> list[list[Cell]]:
    """The cells in bands split at the horizontal gaps, top band first (y grows upwards)."""
    gaps = _intervals([(c.y, c.top) for c in cells], BAND_GAP * body)
    if not gaps:
        return [cells]
    cuts = sorted(((lo + hi) / 2 for lo, hi in gaps), reverse=True)
    bands: list[list[Cell]] = [[] for _ in range(len(cuts) + 1)]
    for cell in cells:
        middle = cell.y + cell.height / 2
        bands[sum(1 for cut in cuts if middle < cut)].append(cell)
    return [b for b in bands if b]


def _rows(cells: list[Cell], body: float) -> list | None:
    """The rows of one side of a gutter, or None when it is too small to be a column."""
    if len(cells) < MIN_LINES:
        return None
    if max(c.right for c in cells) - min(c.x for c in cells) < MIN_COLUMN * body:
        return None
    rows = rows_of_cells(cells)
    return rows if len(rows) >= MIN_LINES else None


def _prose(rows) -> bool:
    """Full lines of words: most lines fill the column, measured without its outliers."""
    lefts = sorted(r.left for r in rows)
    rights = sorted(r.right for r in rows)
    width = rights[int(0.9 * (len(rights) - 1))] - lefts[int(0.1 * (len(lefts) - 1))]
    if width <= 0:
        return False
    full = sum(1 for r in rows if r.right - r.left >= FULL_LINE * width)
    return full >= PROSE_LINES * len(rows) and _wordy(rows)


def _wordy(rows) -> bool:
    """Lines of words: a median line holds enough words (numbers are not words), in a cell or
    two, not spread over a table's many cells."""
    if statistics.median(len(r.cells) for r in rows) > 2:
        return False
    return statistics.median(sum(1 for w in r.text.split() if _LETTER.search(w)) for r in rows) >= PROSE_WORDS


def _aligned(left, right) -> float:
    """The share of the shorter side's rows that sit level with a row of the other side."""
    small, large = (left, right) if len(left) <= len(right) else (right, left)
    level = 0
    for row in small:
        height = max(row.top - row.bottom, 1.0)
        if any(min(row.top, o.top) - max(row.bottom, o.bottom) >= 0.5 * height for o in large):
            level += 1
    return level / len(small)
