"""A table from its header rows and body rows: columns, header cells, values, regrouped rows."""

from __future__ import annotations

import statistics
from dataclasses import field

from .bands import Band, body_columns, crossing, place_values
from .regroup import Line, group_lines
from .wrap import fresh_lines, values_apart
from .rows import Cell, Row
from zenconv.records import dataclass

SPACE = (" ", None)
GUTTER_SHARE = 0.25   # × median cell height: the narrowest gutter between two body columns (as detect's channels)


@dataclass(slots=True)
class HeaderCell:
    """A header cell as placed: its column, its spans, its (text, style) pieces."""

    column: int
    pieces: list
    col_span: int = 1
    row_span: int = 1


@dataclass(slots=True)
class GridRow:
    """One table row: a (text, style) piece list per column, and the source rows it was built from."""

    values: list[list]
    sources: list = field(default_factory=list)
    spans: dict[int, tuple[int, int]] = field(default_factory=dict)  # column → (col_span, row_span)
    covered: set[int] = field(default_factory=set)                    # columns another cell's span covers


@dataclass(slots=True)
class TableGrid:
    header: list[list[HeaderCell]]
    rows: list[GridRow]
    columns: int
    unused_headers: int = 0      # header cells that stand over no body column
    bands: int = 0
    ambiguous: int = 0           # body lines as near one row as another
    bridged: int = 0             # body cells reaching across a gutter into the next column
    lefts: tuple[float, ...] = ()  # where the body's columns start (unruled tables), to match a continuation

    def header_texts(self) -> list[str]:
        """The text of each column's header, upper rows first, for comparing two tables' headers."""
        texts = [""] * self.columns
        for row in self.header:
            for cell in row:
                for c in range(cell.column, cell.column + cell.col_span):
                    texts[c] = (texts[c] + " " + pieces_text(cell.pieces)).strip()
        return texts


def pieces_text(pieces: list) -> str:
    return "".join(text for text, _ in pieces)


@dataclass(slots=True)
class _Span:
    left: float
    right: float
    pieces: list
    top: float = 0.0
    bottom: float = 0.0
    col_span: int = 1          # a key header cell over several columns none of which has its own name
    absorbed: bool = False     # this column's key cell is part of the one to its left


def _merged(cells: list[Cell]) -> list[_Span]:
    """Header cells that overlap horizontally merge into one, upper line first: a header written on
    two lines that ended up in one row."""
    spans: list[_Span] = []
    for cell in sorted(cells, key=lambda c: c.x):
        if spans and cell.x < spans[-1].right:
            last = spans[-1]
            if cell.top > last.top:
                last.pieces = list(cell.pieces) + [SPACE] + last.pieces
                last.top = cell.top
            else:
                last.pieces = last.pieces + [SPACE] + list(cell.pieces)
            last.right = max(last.right, cell.right)
            last.bottom = min(last.bottom, cell.y)
            continue
        spans.append(_Span(cell.x, cell.right, list(cell.pieces), cell.top, cell.y))
    return spans


def _overlaps(a: _Span, b: _Span) -> bool:
    return min(a.right, b.right) - max(a.left, b.left) > 0


def _header(header_rows: list[Row], columns: list[Band], rules) -> tuple[list[_Span], list[list[tuple[int, int, list]]], int]:
    """The header fitted onto the body's columns: each column's own header text, the group
    headers spanning several columns (upper rows first), and how many header cells fit no column.

    A header cell names the columns whose middles it covers (a centred heading wider than its
    column does not reach its neighbours' middles); one over a single column is a line of that
    column's heading, one over several is a group header. A group header is often narrower than
    its columns; the rule drawn under it shows how far it reaches.
    """
    rows = [_merged(row.cells) for row in header_rows]
    for spans in rows[:-1]:
        for span in spans:
            others = [(o.left + o.right) / 2 for o in spans if o is not span]
            _widen_to_rule(span, span.bottom, header_rows[-1].top, rules, others)
    last = len(rows) - 1
    rows = [[part for span in spans for part in _unglued(span, columns, words=0 < k == last)] for k, spans in enumerate(rows)]
    for spans, row in zip(rows[:-1], header_rows):
        for span in spans:
            _widen_to_walls(span, row, rules, [(o.left + o.right) / 2 for o in spans if o is not span])
    key = [_Span(b.start, b.end, []) for b in columns]
    upper: list[list[tuple[int, int, list]]] = []
    unfit = 0
    for spans in rows:
        groups: list[tuple[int, int, list]] = []
        for span in spans:
            first, last, fits = _fit(span, columns)
            unfit += not fits
            if first == last:
                k = key[first]
                k.pieces = k.pieces + [SPACE] + list(span.pieces) if k.pieces else list(span.pieces)
            elif groups and first <= groups[-1][0] + groups[-1][1] - 1:
                start, width, pieces = groups.pop()
                groups.append((start, max(start + width, last + 1) - start, pieces + [SPACE] + list(span.pieces)))
            else:
                groups.append((first, last - first + 1, list(span.pieces)))
        if groups:
            upper.append(groups)
    return key, _lowered(key, upper), unfit


def _lowered(key: list[_Span], upper: list[list[tuple[int, int, list]]]) -> list[list[tuple[int, int, list]]]:
    """Group headers over columns that have no name of their own are those columns' one header
    cell (spanning them), not a level above an empty row; what is left of ``upper``."""
    kept: list[list[tuple[int, int, list]]] = []
    for level, groups in enumerate(upper):
        below = [g for lower in upper[level + 1:] for g in lower]
        staying = []
        for start, width, pieces in groups:
            columns = range(start, start + width)
            nameless = not any(key[c].pieces for c in columns)
            if nameless and not any(b[0] < start + width and start < b[0] + b[1] for b in below):
                key[start].pieces, key[start].col_span = pieces, width
                for c in columns[1:]:
                    key[c].absorbed = True
            else:
                staying.append((start, width, pieces))
        if staying:
            kept.append(staying)
    return kept


def _unglued(span: _Span, columns: list[Band], words: bool = False) -> list[_Span]:
    """A header cell glued from one heading per column (runs of words the joiner took across the
    gaps between narrow columns), back in its headings: when its runs, placed along it by their
    characters, stand one over each of the columns it covers. A heading drawn in one run, or
    whose runs do not part that way (a group header), stays whole. With ``words`` (the last of
    several header lines, where group headers no longer stand), a heading drawn in one run whose
    words part that way is parted too: a PDF that pads with space glyphs draws "IUD Injectables"
    as one run over two columns."""
    original = span
    pieces = [p for p in span.pieces if p[0].strip()]
    if words and len(span.pieces) == 1 and len(span.pieces[0][0].split()) > 1:
        style = span.pieces[0][1]
        pieces = [(w + " ", style) for w in span.pieces[0][0].split()]
        pieces[-1] = (pieces[-1][0].strip(), style)
        span = _Span(span.left, span.right, pieces, span.top, span.bottom, span.col_span, span.absorbed)
    first, last, _ = _fit(span, columns)
    if len(pieces) < 2 or last - first + 1 != len(pieces) or len(pieces) != len(span.pieces):
        return [original]
    total = sum(len(t) for t, _ in pieces)
    share = (span.right - span.left) / max(total, 1)
    parts, x = [], span.left
    for text, style in pieces:
        width = len(text) * share
        parts.append(_Span(x, x + width, [(text.strip(), style)], span.top, span.bottom))
        x += width
    fitted = [_fit(part, columns) for part in parts]
    if [f[0] for f in fitted] != list(range(first, last + 1)) or any(f[0] != f[1] for f in fitted):
        return [original]
    return parts


def _fit(span: _Span, columns: list[Band]) -> tuple[int, int, bool]:
    """The first and last column a header cell names, and whether that is clear: it overlaps a
    column, or stands in a gap clearly nearer one side (a heading centred over a column wider
    than its values) than the other."""
    inside = [i for i, b in enumerate(columns) if span.left - 0.5 <= (b.start + b.end) / 2 <= span.right + 0.5]
    if inside:
        return inside[0], inside[-1], True

    def reach(i: int) -> float:
        b = columns[i]
        return min(b.end, span.right) - max(b.start, span.left)  # negative: minus the distance
    ranked = sorted(range(len(columns)), key=reach, reverse=True)
    best = ranked[0]
    clear = reach(best) > 0 or len(ranked) == 1 or -reach(ranked[1]) > 2 * -reach(best) + 1.0
    return best, best, clear


def _widen_to_rule(span: _Span, above: float, below: float, rules, others: list[float]) -> None:
    """Widen a header cell to the rule under it, when that rule is under no other cell of its row."""
    for rule in rules:
        if not rule.horizontal:
            continue
        y = (rule.y0 + rule.y1) / 2
        lo, hi = min(rule.x0, rule.x1), max(rule.x0, rule.x1)
        if (below - 1.5 <= y <= above + 1.5 and lo <= (span.left + span.right) / 2 <= hi
                and not any(lo <= o <= hi for o in others)):
            span.left, span.right = min(span.left, lo), max(span.right, hi)


def _widen_to_walls(span: _Span, row: Row, rules, others: list[float]) -> None:
    """Widen a header cell to the vertical rules on either side of it, when it is alone between them:
    rules that box a header line's cells part its groups (a group header narrower than its columns,
    over a body parted by space). On a side with no such rule, the horizontal rule above or under the
    line ends where the group does. A cell that shares its box with another heads one column."""
    middle = (row.top + row.bottom) / 2
    walls = [r.x0 for r in rules if not r.horizontal and min(r.y0, r.y1) <= middle <= max(r.y0, r.y1)]
    left = max((x for x in walls if x <= span.left + 1.0), default=None)
    right = min((x for x in walls if x >= span.right - 1.0), default=None)
    # A wall parts this cell from another of its line's; a lone cell (a footnote mark) heads no group.
    if not (left is not None and any(o < left for o in others) or right is not None and any(o > right for o in others)):
        return
    if left is None or right is None:
        ends = _rule_ends(rules, row, (span.left + span.right) / 2)
        if ends is not None:
            left, right = left if left is not None else ends[0], right if right is not None else ends[1]
    if left is None or right is None or any(left < o < right for o in others):
        return
    span.left, span.right = min(span.left, left), max(span.right, right)


def _rule_ends(rules, row: Row, x: float) -> tuple[float, float] | None:
    """Where the horizontal rule just above or under a line, through ``x``, ends on each side: its
    segments joined where they touch (a rule drawn cell by cell)."""
    height = max(row.top - row.bottom, 1.0)
    found = None
    for level in sorted({round((r.y0 + r.y1) / 2, 1) for r in rules if r.horizontal
                         and row.bottom - height <= (r.y0 + r.y1) / 2 <= row.top + height}):
        pieces = sorted((min(r.x0, r.x1), max(r.x0, r.x1)) for r in rules
                        if r.horizontal and abs((r.y0 + r.y1) / 2 - level) <= 0.5)
        joined: list[list[float]] = []
        for lo, hi in pieces:
            if joined and lo <= joined[-1][1] + 2.0:
                joined[-1][1] = max(joined[-1][1], hi)
            else:
                joined.append([lo, hi])
        for lo, hi in joined:
            if lo <= x <= hi:
                found = (lo, hi) if found is None else (min(found[0], lo), max(found[1], hi))
    return found


def _header_rows(key: list[_Span], upper: list[list[tuple[int, int, list]]]) -> list[list[HeaderCell]]:
    """Header rows in the HTML table model: a column no group header covers has its header
    cell in the top row spanning every header row; a covered column's sits in the last row."""
    levels = len(upper) + 1
    covered = [[False] * len(key) for _ in upper]
    rows: list[list[HeaderCell]] = [[] for _ in range(levels)]
    for r, row in enumerate(upper):
        for start, span, pieces in row:
            rows[r].append(HeaderCell(start, pieces, col_span=span))
            for c in range(start, start + span):
                covered[r][c] = True
    for c, k in enumerate(key):
        if k.absorbed:
            continue
        if not any(covered[r][c] for r in range(len(upper))):
            rows[0].append(HeaderCell(c, k.pieces, col_span=k.col_span, row_span=levels))
            continue
        rows[-1].append(HeaderCell(c, k.pieces, col_span=k.col_span))
        for r in range(len(upper)):
            if not covered[r][c]:
                rows[r].append(HeaderCell(c, []))
    for row in rows:
        row.sort(key=lambda h: h.column)
    return rows


def build_table(header_rows: list[Row], body_rows: list[Row], *, align: str = "auto", rules=()) -> TableGrid:
    """Columns from the body's cells, the header fitted onto them; body lines regrouped into rows."""
    body_cells = [c for row in body_rows if len(row.cells) > 1 for c in row.cells] or [
        c for row in body_rows for c in row.cells]
    size = statistics.median(c.height for c in body_cells) if body_cells else 1.0
    bands = body_columns(body_cells, len(body_rows), max(GUTTER_SHARE * size, 1.0))
    starts = [b.start for b in bands]
    columns = max(len(bands), 1)
    header: list[list[HeaderCell]] = []
    unused = 0
    if header_rows and bands:
        key, upper, unused = _header(header_rows, bands, rules)
        header = _header_rows(key, upper)
    body_rows = [values_apart(row, bands) for row in body_rows]
    lines = [Line(row.top, row.bottom, place_values(row.cells, starts, columns), row) for row in body_rows]
    rows = []
    regrouped = group_lines(lines, align, fresh_lines(body_rows, bands, header_rows))
    for group in regrouped.groups:
        values: list[list] = [[] for _ in range(columns)]
        for i in group:
            for c, pieces in enumerate(lines[i].values):
                if pieces:
                    if values[c]:
                        values[c].append(SPACE)
                    values[c].extend(pieces)
        rows.append(GridRow(values, [lines[i].source for i in group]))
    bridged = crossing([c for row in body_rows for c in row.cells], bands)
    return TableGrid(header, rows, columns, unused_headers=unused, bands=len(bands), ambiguous=regrouped.ambiguous,
                     bridged=bridged, lefts=tuple(starts))
