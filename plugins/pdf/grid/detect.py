"""Finding table regions without a selector: runs of rows kept apart by vertical channels.

A table's columns are separated by channels of white space that run down through all its rows;
prose has none, because its next line covers any gap the last one had. A run of rows with two or
more cells each, sharing at least one channel, is a table candidate. Ruling lines are extra
evidence: they let a two-row table count, and a rule under the first rows marks the header.
"""

from __future__ import annotations

import statistics

from .regroup import numeric
from .rows import Row
from zenconv.records import dataclass

MIN_MULTI_ROWS = 3        # rows with two or more cells a table needs without ruling lines
MIN_RULED_ROWS = 2        # ... and with them
MAX_LOOSE = 2             # one-cell rows (wrapped cells) a table may hold in a row
GROUP_GAP = 4.5           # × median cell height: the widest gap between row groups of one table
ROW_GAP = 2.5             # × median cell height: a wider gap between rows ends the table
CHANNEL_SHARE = 0.25      # × median cell height: the narrowest channel that still separates columns
RULE_COVER = 0.6          # a horizontal rule covering this share of a table's width counts


@dataclass(slots=True, frozen=True)
class Rule:
    """A ruling line: a segment from (x0, y0) to (x1, y1), horizontal or vertical."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def horizontal(self) -> bool:
        return abs(self.y1 - self.y0) <= abs(self.x1 - self.x0)


@dataclass(slots=True)
class TableSpan:
    """Rows ``start`` to ``end`` (exclusive) form a table candidate; ``header`` rows are its header
    when a ruling line says so, else None (the caller decides)."""

    start: int
    end: int
    header: int | None = None
    ruled: bool = False


def _gaps(row: Row, min_width: float) -> list[tuple[float, float]]:
    cells = row.cells
    return [(a.right, b.x) for a, b in zip(cells, cells[1:]) if b.x - a.right >= min_width]


def _subtract(channels: list[tuple[float, float]], row: Row, min_width: float) -> list[tuple[float, float]]:
    for cell in row.cells:
        kept = []
        for left, right in channels:
            if cell.right <= left or cell.x >= right:
                kept.append((left, right))
                continue
            if cell.x - left >= min_width:
                kept.append((left, cell.x))
            if right - cell.right >= min_width:
                kept.append((cell.right, right))
        channels = kept
        if not channels:
            break
    return channels


def _closes_any(channels: list[tuple[float, float]], narrowed: list[tuple[float, float]]) -> bool:
    return any(not any(lo <= a and b <= hi for a, b in narrowed) for lo, hi in channels)


def find_tables(rows: list[Row], rules: list[Rule] = ()) -> list[TableSpan]:
    """Table candidates among ``rows`` (top to bottom), in order, not overlapping."""
    heights = [c.height for row in rows for c in row.cells]
    if not heights:
        return []
    size = statistics.median(heights)
    min_width = max(CHANNEL_SHARE * size, 1.0)
    spans: list[TableSpan] = []
    i = 0
    while i < len(rows):
        if len(rows[i].cells) < 2 or not _gaps(rows[i], min_width):
            i += 1
            continue
        end = _grow(rows, i, size, min_width)
        multi = sum(1 for row in rows[i:end] if len(row.cells) > 1)
        ruled, header = _ruling(rows, i, end, rules)
        if multi >= MIN_MULTI_ROWS or (ruled and multi >= MIN_RULED_ROWS):
            start = _ruled_start(rows, i, end, rules, spans[-1].end if spans else 0, size) if ruled else i
            start = _group_lead(rows, start, end, rules, spans[-1].end if spans else 0, size)
            if header is not None:
                header += i - start
            spans.append(TableSpan(start, end, header, ruled))
            i = end
        else:
            i += 1
    return spans


def _grow(rows: list[Row], start: int, size: float, min_width: float) -> int:
    channels = _gaps(rows[start], min_width)
    end = start + 1
    loose = 0
    pitches: list[float] = []
    last_multi = start + 1
    while end < len(rows):
        row, prev = rows[end], rows[end - 1]
        gap = prev.bottom - row.top
        limit = ROW_GAP * size
        if pitches:
            limit = max(limit, 2.0 * statistics.median(pitches) + size)
        narrowed = _subtract(channels, row, min_width)
        if gap > limit:
            # A blank line or two between row groups: the table goes on when the row after them
            # is a row of values (a header there starts the next table) keeping every column gap open.
            if gap > GROUP_GAP * size or len(row.cells) < 2 or not any(numeric(c.text) for c in row.cells[1:]) \
                    or _closes_any(channels, narrowed):
                break
            channels = narrowed
            end += 1
            last_multi = end
            continue
        if not narrowed:
            break
        if len(row.cells) == 1:
            # A wrapped cell stays inside its column; a line across a column gap (a note under
            # the table, the next paragraph) is not the table's.
            if _closes_any(channels, narrowed):
                break
            loose += 1
            if loose > MAX_LOOSE:
                break
        else:
            loose = 0
            last_multi = end + 1
        channels = narrowed
        pitches.append(max(gap, 0.0))
        end += 1
    # One-cell rows after the last multi-cell row belong to the table only when close to it.
    while end > last_multi:
        gap = rows[end - 2].bottom - rows[end - 1].top
        if pitches and gap <= 1.5 * statistics.median(pitches) + 0.25 * size:
            break
        end -= 1
    return end


def _ruled_start(rows: list[Row], start: int, end: int, rules, floor: int, size: float) -> int:
    """Rows above a ruled table that are still under its top rule (a group header) belong to it."""
    left = min(row.left for row in rows[start:end])
    right = max(row.right for row in rows[start:end])
    width = max(right - left, 1.0)
    tops = [(r.y0 + r.y1) / 2 for r in rules if r.horizontal
            and min(max(r.x0, r.x1), right) - max(min(r.x0, r.x1), left) >= RULE_COVER * width]
    while start > floor and start > 0:
        above = rows[start - 1]
        if above.bottom - rows[start].top > ROW_GAP * size or above.left < left - size or above.right > right + size:
            break
        # The top rule must be above this row and below the row before it.
        ceiling = rows[start - 2].bottom if start - 2 >= floor and start >= 2 else float("inf")
        if not any(above.top - 1.5 <= y < ceiling for y in tops):
            break
        start -= 1
    return start


def _group_lead(rows: list[Row], start: int, end: int, rules, floor: int, size: float) -> int:
    """One-cell lines just above a candidate that each have a rule of their own drawn under them,
    within the candidate's width and short of it (a group header over some of its columns,
    "Period ending" over two dates), belong to it: up to two."""
    left = min(row.left for row in rows[start:end])
    right = max(row.right for row in rows[start:end])
    width = max(right - left, 1.0)
    taken = 0
    while start > floor and start > 0 and taken < 2:
        above, below = rows[start - 1], rows[start]
        if len(above.cells) != 1 or above.bottom - below.top > ROW_GAP * size:
            break
        cell = above.cells[0]
        middle = cell.x + cell.width / 2
        if cell.width > 0.5 * width or not left - size <= middle <= right + size:
            break
        level = [r for r in rules if r.horizontal and below.top - 1.5 <= (r.y0 + r.y1) / 2 <= above.bottom + 1.5]
        # A rule drawn cell by cell is one rule: its touching segments joined before it is measured.
        under = [(lo, hi) for lo, hi in _joined_extents(level) if lo <= middle <= hi and hi - lo < RULE_COVER * width]
        if not under:
            break
        start -= 1
        taken += 1
    return start


def _joined_extents(rules) -> list[tuple[float, float]]:
    """The x extents of horizontal rules, segments at one height that touch joined."""
    joined: list[list[float]] = []
    for y, lo, hi in sorted((round((r.y0 + r.y1) / 2), min(r.x0, r.x1), max(r.x0, r.x1)) for r in rules):
        if joined and joined[-1][0] == y and lo <= joined[-1][2] + 2.0:
            joined[-1][2] = max(joined[-1][2], hi)
        else:
            joined.append([y, lo, hi])
    return [(lo, hi) for _, lo, hi in joined]


def _ruling(rows: list[Row], start: int, end: int, rules) -> tuple[bool, int | None]:
    """Whether ruling lines frame the rows, and how many leading rows a rule sets off as header."""
    if not rules:
        return False, None
    left = min(row.left for row in rows[start:end])
    right = max(row.right for row in rows[start:end])
    top, bottom = rows[start].top, rows[end - 1].bottom
    width = max(right - left, 1.0)
    pad = 1.5 * max(c.height for row in rows[start:end] for c in row.cells)
    horizontal = []
    for rule in rules:
        if rule.horizontal:
            lo, hi = min(rule.x0, rule.x1), max(rule.x0, rule.x1)
            y = (rule.y0 + rule.y1) / 2
            cover = min(hi, right) - max(lo, left)
            if cover >= RULE_COVER * width and bottom - pad <= y <= top + pad:
                horizontal.append((y, cover))
    # Two horizontal rules frame a table; vertical lines alone may be a chart's axes (a ruled
    # grid is read as a lattice before this).
    ruled = len(horizontal) >= 2
    # The rule under the header is the widest among the first rows': one under a group header
    # reaches only as far as its group's columns (the stub's are left out).
    header, widest = None, 0.0
    for k in range(start, min(start + 3, end - 1)):
        upper, lower = rows[k], rows[k + 1]
        cover = max((c for y, c in horizontal if lower.top - 1.5 <= y <= upper.bottom + 1.5), default=0.0)
        if cover > widest + 2.0:
            header, widest = k - start + 1, cover
    return ruled, header

