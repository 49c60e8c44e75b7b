"""A table from its header rows and body rows: columns, header cells, values, regrouped rows."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bands import assign_columns, bands_of, place_values
from .regroup import Line, group_lines
from .rows import Cell, Row

SPACE = (" ", None)


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
    unused_headers: int = 0      # header columns no body band mapped to
    bands: int = 0

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


def _header(header_rows: list[Row], rules) -> tuple[list[_Span], list[list[tuple[int, int, list]]]]:
    """The key columns (one per header column) and the upper rows' spanning cells.

    The last header row names the columns; an upper cell over one of them is the first line of
    that header, an upper cell over none is a column of its own, and an upper cell over several
    is a group header spanning them. A group header is often narrower than its columns; the
    rule drawn under it shows how far it reaches.
    """
    rows = [_merged(row.cells) for row in header_rows]
    for spans in rows[:-1]:
        for span in spans:
            others = [(o.left + o.right) / 2 for o in spans if o is not span]
            _widen_to_rule(span, span.bottom, header_rows[-1].top, rules, others)
    key = list(rows[-1])
    for row in rows[:-1]:
        for span in row:
            if not any(_overlaps(span, k) for k in key):
                key.append(span)
    key.sort(key=lambda k: k.left)
    upper: list[list[tuple[int, int, list]]] = []
    for row in reversed(rows[:-1]):
        spanning: list[tuple[int, int, list]] = []
        for span in row:
            covered = [i for i, k in enumerate(key) if _overlaps(span, k)]
            if len(covered) == 1 and key[covered[0]] is not span:
                k = key[covered[0]]
                k.pieces = list(span.pieces) + [SPACE] + k.pieces
            elif len(covered) > 1:
                spanning.append((covered[0], covered[-1] - covered[0] + 1, list(span.pieces)))
        if spanning:
            upper.insert(0, spanning)
    return key, upper


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
        if not any(covered[r][c] for r in range(len(upper))):
            rows[0].append(HeaderCell(c, k.pieces, row_span=levels))
            continue
        rows[-1].append(HeaderCell(c, k.pieces))
        for r in range(len(upper)):
            if not covered[r][c]:
                rows[r].append(HeaderCell(c, []))
    for row in rows:
        row.sort(key=lambda h: h.column)
    return rows


def build_table(header_rows: list[Row], body_rows: list[Row], *, align: str = "auto", rules=()) -> TableGrid:
    """Columns from the body's bands, named by the header; body lines regrouped into rows."""
    body_cells = [c for row in body_rows for c in row.cells]
    bands = bands_of(body_cells)
    starts = [b.start for b in bands]
    if header_rows:
        key, upper = _header(header_rows, rules)
        mapping = assign_columns(bands, [(k.left, k.right) for k in key])
        header = _header_rows(key, upper)
        columns = len(key)
    else:
        mapping = list(range(len(bands)))
        header = []
        columns = max(len(bands), 1)
    lines = [Line(row.top, row.bottom, place_values(row.cells, starts, mapping, columns), row) for row in body_rows]
    rows = []
    for group in group_lines(lines, align):
        values: list[list] = [[] for _ in range(columns)]
        for i in group:
            for c, pieces in enumerate(lines[i].values):
                if pieces:
                    if values[c]:
                        values[c].append(SPACE)
                    values[c].extend(pieces)
        rows.append(GridRow(values, [lines[i].source for i in group]))
    unused = columns - len(set(mapping)) if header_rows else 0
    return TableGrid(header, rows, columns, unused_headers=unused, bands=len(bands))
