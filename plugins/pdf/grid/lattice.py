"""Ruled grids (lattices): where ruling lines form a grid, the grid is the table's structure.

Text positions alone guess where columns and rows part; a grid of drawn rules says it. Rules
that touch form a component; a component with two or more columns and rows between its lines
is a lattice, each text cell goes to the grid cell its centre falls in, and a rule missing
between two grid cells makes them one spanning cell (a group header, a merged row label).
A page drawing more lines than a table has (a million crossings to test, a grid of over 20,000
cells: a hatching, a plot) is read without lattices; its text is read all the same.
"""

from __future__ import annotations

import bisect
from dataclasses import field

from .detect import Rule
from .rows import Cell, rows_of_cells
from .table import GridRow, HeaderCell, TableGrid
from zenconv.records import dataclass

SNAP = 2.0            # points: rule ends this close meet; lines this close are one grid line
MIN_LINE = 4.0        # points: a shorter rule is a tick or a glyph's stroke, not a grid line
MAX_RULE_PAIRS = 1_000_000   # horizontal × vertical rules past which a page's lines are not searched for grids
MAX_GRID_CELLS = 20_000      # grid cells past which a drawing of lines is not read as a table
MIN_GAP = 4.0         # points: grid lines closer than this are one (a double rule, a thick border)


@dataclass(slots=True)
class Region:
    """One cell of a lattice as drawn: its first row and column, its spans, its text cells."""

    row: int
    column: int
    row_span: int = 1
    col_span: int = 1
    cells: list[Cell] = field(default_factory=list)


@dataclass(slots=True)
class Lattice:
    xs: list[float]                 # column boundaries, left to right
    ys: list[float]                 # row boundaries, top to bottom
    horizontals: list[Rule]
    verticals: list[Rule]
    x_extents: list[tuple[float, float]] = field(default_factory=list)  # the rules each column line gathers
    y_extents: list[tuple[float, float]] = field(default_factory=list)

    @property
    def left(self) -> float:
        return self.xs[0]

    @property
    def right(self) -> float:
        return self.xs[-1]

    @property
    def top(self) -> float:
        return self.ys[0]

    @property
    def bottom(self) -> float:
        return self.ys[-1]

    def holds(self, cell: Cell) -> bool:
        x, y = cell.x + cell.width / 2, cell.y + cell.height / 2
        return self.left < x < self.right and self.bottom < y < self.top

    def column_of(self, x: float) -> int:
        return min(max(bisect.bisect_right(self.xs, x) - 1, 0), len(self.xs) - 2)

    def row_of(self, y: float) -> int:
        descending = [-y0 for y0 in self.ys]
        return min(max(bisect.bisect_right(descending, -y) - 1, 0), len(self.ys) - 2)

    def walls(self) -> tuple[list[list[bool]], list[list[bool]]]:
        """Which grid lines are drawn where: ``vertical[k][row]``, a rule on column line ``k``
        through the middle of ``row``; ``horizontal[k][column]``, one on row line ``k`` under the
        middle of ``column``. Each rule marks the cells it passes, once."""
        rows, columns = len(self.ys) - 1, len(self.xs) - 1
        row_middles = [-(self.ys[r] + self.ys[r + 1]) / 2 for r in range(rows)]      # ascending
        column_middles = [(self.xs[c] + self.xs[c + 1]) / 2 for c in range(columns)]
        vertical = [[False] * rows for _ in self.xs]
        horizontal = [[False] * columns for _ in self.ys]
        for rule in self.verticals:
            k = _line_of(self.x_extents, rule.x0)
            if k is not None:
                for r in range(bisect.bisect_left(row_middles, -(rule.y1 + SNAP)),
                               bisect.bisect_right(row_middles, -(rule.y0 - SNAP))):
                    vertical[k][r] = True
        for rule in self.horizontals:
            k = _line_of(self.y_extents, rule.y0)
            if k is not None:
                for c in range(bisect.bisect_left(column_middles, rule.x0 - SNAP),
                               bisect.bisect_right(column_middles, rule.x1 + SNAP)):
                    horizontal[k][c] = True
        return vertical, horizontal

    def regions(self) -> list[Region]:
        """The grid's cells as drawn, row by row: a missing rule merges its neighbours."""
        rows, columns = len(self.ys) - 1, len(self.xs) - 1
        vertical, horizontal = self.walls()

        def reaches(r: int, c: int, span: int) -> bool:
            # The cell spanning ``span`` columns from (r - 1, c) reaches down into row r: no rule
            # under any of its columns, none between its columns in the new row.
            return (not any(horizontal[r][cc] for cc in range(c, c + span))
                    and not any(vertical[k][r] for k in range(c + 1, c + span)))

        taken = [[False] * columns for _ in range(rows)]
        out: list[Region] = []
        for r in range(rows):
            for c in range(columns):
                if taken[r][c]:
                    continue
                col_span = 1
                while c + col_span < columns and not taken[r][c + col_span] and not vertical[c + col_span][r]:
                    col_span += 1
                row_span = 1
                while r + row_span < rows and reaches(r + row_span, c, col_span) and not any(
                        taken[r + row_span][c:c + col_span]):
                    row_span += 1
                for rr in range(r, r + row_span):
                    for cc in range(c, c + col_span):
                        taken[rr][cc] = True
                out.append(Region(r, c, row_span, col_span))
        return out


def _line_of(extents: list[tuple[float, float]], position: float) -> int | None:
    """The grid line whose rules lie around ``position`` (extents in either order), if any."""
    for k, (lo, hi) in enumerate(extents):
        if lo <= position <= hi:
            return k
    return None


def _normalised(rules: list[Rule]) -> tuple[list[Rule], list[Rule]]:
    """Horizontal rules left to right and vertical ones bottom to top, too-short ones dropped."""
    horizontals, verticals = [], []
    for rule in rules:
        if rule.horizontal:
            lo, hi = sorted((rule.x0, rule.x1))
            if hi - lo >= MIN_LINE:
                y = (rule.y0 + rule.y1) / 2
                horizontals.append(Rule(lo, y, hi, y))
        else:
            lo, hi = sorted((rule.y0, rule.y1))
            if hi - lo >= MIN_LINE:
                x = (rule.x0 + rule.x1) / 2
                verticals.append(Rule(x, lo, x, hi))
    return _joined(horizontals, True), _joined(verticals, False)


def _joined(rules: list[Rule], horizontal: bool) -> list[Rule]:
    """Collinear segments that touch joined into one (cell borders drawn box by box)."""
    def key(r: Rule):
        return (round(r.y0 if horizontal else r.x0), r.x0 if horizontal else r.y0)
    out: list[Rule] = []
    for rule in sorted(rules, key=key):
        if out:
            last = out[-1]
            if horizontal and abs(last.y0 - rule.y0) <= SNAP / 2 and rule.x0 <= last.x1 + SNAP:
                out[-1] = Rule(last.x0, last.y0, max(last.x1, rule.x1), last.y0)
                continue
            if not horizontal and abs(last.x0 - rule.x0) <= SNAP / 2 and rule.y0 <= last.y1 + SNAP:
                out[-1] = Rule(last.x0, last.y0, last.x0, max(last.y1, rule.y1))
                continue
        out.append(rule)
    return out


def _components(horizontals: list[Rule], verticals: list[Rule]) -> list[tuple[list[Rule], list[Rule]]]:
    """Rules that cross or touch, grouped: each group is one drawing of lines."""
    parent = list(range(len(horizontals) + len(verticals)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_y = sorted(range(len(horizontals)), key=lambda i: horizontals[i].y0)
    ys = [horizontals[i].y0 for i in by_y]
    for v, vertical in enumerate(verticals):
        lo = bisect.bisect_left(ys, vertical.y0 - SNAP)
        hi = bisect.bisect_right(ys, vertical.y1 + SNAP)
        for i in by_y[lo:hi]:
            h = horizontals[i]
            if h.x0 - SNAP <= vertical.x0 <= h.x1 + SNAP:
                a, b = find(i), find(len(horizontals) + v)
                if a != b:
                    parent[a] = b
    groups: dict[int, tuple[list[Rule], list[Rule]]] = {}
    for i, h in enumerate(horizontals):
        groups.setdefault(find(i), ([], []))[0].append(h)
    for v, vertical in enumerate(verticals):
        groups.setdefault(find(len(horizontals) + v), ([], []))[1].append(vertical)
    return list(groups.values())


def _lines(positions: list[float]) -> tuple[list[float], list[tuple[float, float]]]:
    """Positions clustered into grid lines: each line's mean, and the extent its rules lie in."""
    lines: list[list[float]] = []
    for p in sorted(positions):
        if lines and p - lines[-1][-1] < MIN_GAP:
            lines[-1].append(p)
        else:
            lines.append([p])
    return [sum(group) / len(group) for group in lines], [(group[0] - 0.5, group[-1] + 0.5) for group in lines]


def find_lattices(rules: list[Rule]) -> list[Lattice]:
    """The page's ruled grids, top to bottom: two columns and two rows at least."""
    horizontals, verticals = _normalised(rules)
    if len(horizontals) < 2 or len(verticals) < 2 or len(horizontals) * len(verticals) > MAX_RULE_PAIRS:
        return []
    found = []
    strips = []
    for hs, vs in _components(horizontals, verticals):
        xs, x_extents = _lines([v.x0 for v in vs])
        ys, y_extents = _lines([h.y0 for h in hs])
        if 3 <= len(xs) and 3 <= len(ys) and (len(xs) - 1) * (len(ys) - 1) <= MAX_GRID_CELLS:
            found.append(_lattice(hs, vs))
        elif 3 <= len(xs) and len(ys) == 2:
            strips.append((hs, vs, xs, ys))
    for hs, vs, xs, ys in strips:
        for k, lattice in enumerate(found):
            if _continues(lattice, xs, ys):
                found[k] = _lattice(lattice.horizontals + hs, lattice.verticals + vs)
                break
    return sorted(found, key=lambda lattice: -lattice.top)


def _lattice(hs: list[Rule], vs: list[Rule]) -> Lattice:
    """The grid the rules draw. Where its horizontal rules run on past the outermost vertical
    ones (a grid open at its sides, the row labels' and the last column's outer rules left out),
    their ends are its outer column lines."""
    xs, x_extents = _lines([v.x0 for v in vs])
    ys, y_extents = _lines([h.y0 for h in hs])
    lo, hi = min(h.x0 for h in hs), max(h.x1 for h in hs)
    if lo < xs[0] - MIN_GAP:
        xs, x_extents = [lo] + xs, [(lo - 0.5, lo + 0.5)] + x_extents
    if hi > xs[-1] + MIN_GAP:
        xs, x_extents = xs + [hi], x_extents + [(hi - 0.5, hi + 0.5)]
    return Lattice(xs, ys[::-1], hs, vs, x_extents, y_extents[::-1])


def _continues(lattice: Lattice, xs: list[float], ys: list[float]) -> bool:
    """Whether a one-row strip of rules drawn apart from a grid, just under or over it, is a row of
    the grid (a totals row boxed on its own): all its column lines are the grid's, and the gap
    between them is under two of the grid's rows."""
    heights = [a - b for a, b in zip(lattice.ys, lattice.ys[1:])]
    gap = max(lattice.bottom - ys[-1], ys[0] - lattice.top)
    return (0 <= gap <= 2 * max(heights) and (len(lattice.xs) - 1) * len(lattice.ys) <= MAX_GRID_CELLS
            and all(any(abs(x - lx) < MIN_GAP for lx in lattice.xs) for x in xs))


def fill(lattice: Lattice, cells: list[Cell]) -> list[Region]:
    """The lattice's regions holding the text cells whose centres fall in them, empty ones included."""
    regions = lattice.regions()
    at: dict[tuple[int, int], Region] = {}
    for region in regions:
        for r in range(region.row, region.row + region.row_span):
            for c in range(region.column, region.column + region.col_span):
                at[(r, c)] = region
    for cell in sorted(cells, key=lambda c: (-c.top, c.x)):
        r = lattice.row_of(cell.y + cell.height / 2)
        c = lattice.column_of(cell.x + cell.width / 2)
        at[(r, c)].cells.append(cell)
    return regions


@dataclass(slots=True)
class Placed:
    """A region in the grid after empty rows and columns are gone: its pieces and its spans."""

    row: int
    column: int
    row_span: int
    col_span: int
    pieces: list
    parted: bool = False   # its text stands in cells side by side on a line: columns the rules do not draw


def placed_regions(lattice: Lattice, cells: list[Cell]) -> tuple[list[Placed], int, int]:
    """The lattice's regions with their text, and the grid's rows and columns, without the rows
    and columns no text reaches (a decorative border cell, a spacer row)."""
    regions = fill(lattice, cells)
    used_rows = {r for g in regions if g.cells for r in range(g.row, g.row + g.row_span)}
    used_columns = {c for g in regions if g.cells for c in range(g.column, g.column + g.col_span)}
    row_index = {r: k for k, r in enumerate(sorted(used_rows))}
    column_index = {c: k for k, c in enumerate(sorted(used_columns))}
    placed = []
    for g in regions:
        rows = [row_index[r] for r in range(g.row, g.row + g.row_span) if r in row_index]
        columns = [column_index[c] for c in range(g.column, g.column + g.col_span) if c in column_index]
        if rows and columns:
            pieces, parted = _region_pieces(g.cells)
            placed.append(Placed(rows[0], columns[0], len(rows), len(columns), pieces, parted))
    return sorted(placed, key=lambda p: (p.row, p.column)), len(row_index), len(column_index)


def _region_pieces(cells: list[Cell]) -> tuple[list, bool]:
    """A region's text: its lines top to bottom, each left to right, one space between; and whether
    a line of it holds two cells or more (text a column gap apart)."""
    pieces: list = []
    parted = False
    for row in rows_of_cells(cells):
        parted = parted or len(row.cells) > 1
        for cell in row.cells:
            if pieces:
                pieces.append((" ", None))
            pieces.extend(cell.pieces)
    return pieces, parted


def lattice_grid(placed: list[Placed], rows: int, columns: int, header_rows: int) -> TableGrid:
    """A table grid from placed regions; the first ``header_rows`` rows are its header."""
    header: list[list[HeaderCell]] = [[] for _ in range(header_rows)]
    body = [GridRow([[] for _ in range(columns)]) for _ in range(rows - header_rows)]
    for p in placed:
        if p.row < header_rows:
            header[p.row].append(HeaderCell(p.column, p.pieces, p.col_span, min(p.row_span, header_rows - p.row)))
            continue
        row = body[p.row - header_rows]
        row.values[p.column] = p.pieces
        if p.col_span > 1 or p.row_span > 1:
            row.spans[p.column] = (p.col_span, p.row_span)
        for r in range(p.row - header_rows, p.row - header_rows + p.row_span):
            for c in range(p.column, p.column + p.col_span):
                if (r, c) != (p.row - header_rows, p.column):
                    body[r].covered.add(c)
    return TableGrid(header, body, columns, bands=columns)


STUB_SHARE = 0.5      # share of a grid's rows with text that an open stub column labels, at least
STUB_ALIGN = 2.0      # points: the labels of an open stub column start (or end) this close to each other ...
STUB_ALIGNED = 0.75   # ... this share of them at least (a totals label set apart)


def open_stub(lattice: Lattice, near: list[tuple[int, Cell]], inside: list[Cell]) -> tuple[Lattice, list[int]] | None:
    """A grid whose row labels stand outside its rules, left of its first column line (the rules
    drawn round the figures only): the grid widened by that column, and the labels' keys.

    The labels must read as a column of the grid's rows: each within one grid row, one a row,
    most starting (or ending) at one x, in half the rows that hold text at least. Prose beside a grid
    has lines at its own pitch, not one per row."""
    left = [(k, c) for k, c in near if c.right <= lattice.left + 1.0 and lattice.bottom < c.y + c.height / 2 < lattice.top]
    if len(left) < 2:
        return None
    rows: dict[int, int] = {}
    for k, cell in left:
        r = lattice.row_of(cell.y + cell.height / 2)
        if cell.y < lattice.ys[r + 1] - 1.0 or cell.top > lattice.ys[r] + 1.0 or r in rows:
            return None
        rows[r] = k
    filled = {lattice.row_of(c.y + c.height / 2) for c in inside}
    if len(rows) < STUB_SHARE * max(len(filled), 1):
        return None
    lefts = [c.x for _, c in left]
    rights = [c.right for _, c in left]
    if not (_aligned(lefts) or _aligned(rights)):
        return None
    edge = min(lefts) - 1.0
    horizontals = lattice.horizontals + [Rule(edge, y, lattice.left, y) for y in lattice.ys]
    verticals = lattice.verticals + [Rule(edge, lattice.bottom, edge, lattice.top)]
    widened = Lattice([edge] + lattice.xs, lattice.ys, horizontals, verticals,
                      [(edge - 0.5, edge + 0.5)] + lattice.x_extents, lattice.y_extents)
    return widened, [k for k, _ in left]


def _aligned(edges: list[float]) -> bool:
    """Whether most of these edges are at one x (within STUB_ALIGN of the commonest)."""
    best = max(sum(1 for e in edges if abs(e - x) <= STUB_ALIGN) for x in edges)
    return best >= STUB_ALIGNED * len(edges)
