"""Tables in a region: candidates from the grid's channel search, kept only when they resolve.

A candidate is refused when it is really a list (its first column is all list markers), when it
is prose that happens to line up, or when the columns do not resolve (fewer than two columns
with values, headers the body never reaches). A refused candidate is read as text and counted
under ``pdf.table-not-resolved``, never written as a garbled grid.
"""

from __future__ import annotations

import statistics

from .grid import Cell, Row, Rule, TableGrid, build_table, find_tables
from .grid.lattice import Lattice, Placed, lattice_grid, placed_regions
from .grid.regroup import numeric
from .grid.table import pieces_text
from .lists import marker_of
from zenconv.records import dataclass
from zenconv.patterns import pattern

MAX_LATTICE_HEADER = 4    # rows a ruled grid's header may take
CHART_GAP = 5.0           # × a median label's width: a row of numbers this far apart is a chart's labels ...
CHART_ROWS = 0.5          # ... and a candidate with this share of such rows is a chart
CAPTION_SHARE = 0.6       # a one-cell line over this share of a table's width heads it as a caption
MAX_STACKED_HEADER = 6    # lines a heading over a numeric body may be set in
PROSE_WORDS = 7           # median words per cell above which two "columns" are prose side by side
CODE_SHARE = 0.2          # share of fixed-pitch rows with a program's punctuation that makes them a listing
FEW_ROWS = 3              # body rows below which unruled columns are a guess
NUMERIC = 0.5             # share of a first row's cells that are numbers for it to be data, not header
_LEADER_RUN = pattern(r"(?:\.\s?){4,}")  # dot leaders: four dots at least, spaced or not
_YEAR = pattern(r"(19|20)\d\d([-/\u2013](\d\d|(19|20)\d\d))?$")
_CODE = pattern(r"[{}();=<>\[\]]|^\s*(#|//)")
_CAPTION = pattern(r"(?i)(table|figure|exhibit|chart)(\s+|\s*[:.]\s*)[\dA-Z]")
_CAPTION_LABEL = pattern(r"(?i)(table|figure|exhibit|chart)(\s+|\s*[:.]\s*)[\dA-Z][\w.\-]*[:.]?")


@dataclass(slots=True)
class TableBlock:
    grid: TableGrid
    top: float
    bottom: float
    header_key: tuple[str, ...]
    uncertain: str | None = None   # why a value may stand in the wrong row or column, when it may


@dataclass(slots=True)
class Rejected:
    rows: list[Row]
    reason: str

    @property
    def failed(self) -> bool:
        """A list, prose, a listing or a chart's labels that line up were never a table; only a table that did not resolve failed."""
        return self.reason not in ("list", "prose", "code", "chart")


def _header_count(rows: list[Row], ruled_header: int | None) -> int:
    """How many leading rows are the header: a ruling line says so; else the first row, unless it is data."""
    if ruled_header is not None:
        return ruled_header
    stacked = _stacked_header(rows)
    if stacked:
        return stacked
    first = rows[0].cells
    if sum(1 for c in first if _value(c.text)) >= NUMERIC * len(first):
        return 0
    count = 1
    styles = [_bold_row(row) for row in rows]
    if styles[0]:
        while count < min(len(rows) - 1, 3) and styles[count]:
            count += 1
        if count == len(rows) - 1 or not any(not s for s in styles[count:]):
            count = 1  # everything is bold: bold says nothing about the header
    return count


def _without_leaders(row: Row) -> Row:
    """The row with the values its dot leaders lead to set apart: a leader glued into one cell with
    its value hides the column gap between them. The leader stays with its label (it is text as
    drawn; a leader drawn on its own joins the label it follows), the value after it becomes a cell
    of its own at the right end of the cell it was part of."""
    cells: list[Cell] = []
    for cell in row.cells:
        text = cell.text
        found = _LEADER_RUN.search(text)
        if found is None:
            cells.append(cell)
            continue
        label, value = text[:found.end()].strip(), text[found.end():].strip()
        share = cell.width / max(len(text), 1)
        styles = [st for t, st in cell.pieces if t.strip()]
        value_x = cell.right - len(value) * share
        # The leader points at the value: a column gap stands between them however close it is drawn.
        width = min(len(label) * share, value_x - cell.x - 0.5 * cell.height) if value else len(label) * share
        if not _LEADER_RUN.sub("", label).strip() and cells and cell.x - cells[-1].right <= cell.height:
            last = cells.pop()
            cells.append(Cell(last.x, last.y, cell.x + width - last.x, max(last.height, cell.height),
                              list(last.pieces) + [(" ", None), (label, styles[0])]))
        else:
            cells.append(Cell(cell.x, cell.y, width, cell.height, [(label, styles[0])]))
        if value:
            cells.append(Cell(value_x, cell.y, cell.right - value_x, cell.height, [(value, styles[-1])]))
    return Row(row.top, row.bottom, cells) if cells != row.cells else row


def _chart_labels(rows: list[Row]) -> bool:
    """Whether aligned rows are a chart's labels: half of them rows of numbers alone, far apart for
    their size (an axis's ticks level with the other axis's, the values over the bars), whatever
    the rest (a line of category names). A table's rows of numbers set them about a value's width
    apart; a chart's are a bar or a plot apart."""
    cells = [c for row in rows for c in row.cells]
    width = statistics.median(c.width for c in cells)
    ticks = sum(1 for row in rows if all(numeric(c.text) for c in row.cells)
                and statistics.median(b.x - a.right for a, b in zip(row.cells, row.cells[1:])) > CHART_GAP * width)
    return ticks >= CHART_ROWS * len(rows)


def _code_like(rows: list[Row]) -> bool:
    """Whether fixed-pitch rows read as a program: a fair share of them carry its punctuation.
    A report typed in Courier has tables whose gutters are its structure; a listing does not."""
    return sum(1 for row in rows if _CODE.search(row.text)) >= CODE_SHARE * len(rows)


def _value(text: str) -> bool:
    """A number that is a value, not a heading: a year ("2023", "2010-11") heads its column."""
    return numeric(text) and not _YEAR.match(text.strip())


def _data_row(row: Row) -> bool:
    """A row of values: two cells or more, most of those after the first numbers."""
    values = row.cells[1:]
    return bool(values) and sum(1 for c in values if numeric(c.text)) >= NUMERIC * len(values)


def _stacked_header(rows: list[Row]) -> int:
    """The rows above a numeric body's first row of values, when there are a few: a heading set
    several lines deep (bottom-aligned, under a group header) is all header. A stub-only line just
    above the values (a group label, "Caste/tribe") is the body's. 0 when this does not apply."""
    first = next((k for k, row in enumerate(rows) if _data_row(row)), None)
    if not first or first > MAX_STACKED_HEADER or len(rows) - first < 2:
        return 0
    if sum(1 for row in rows[first:] if _data_row(row)) < NUMERIC * (len(rows) - first):
        return 0
    if any(_value(c.text) for row in rows[:first] for c in row.cells[1:]):
        return 0  # a row with a value in it is the body's, however few its values
    left = min(row.left for row in rows)
    while first > 0 and len(rows[first - 1].cells) == 1 and rows[first - 1].left <= left + 1.0 \
            and rows[first - 1].right < rows[first].cells[1].x:
        first -= 1
    return first


def _bold_row(row: Row) -> bool:
    styles = [style for cell in row.cells for text, style in cell.pieces if style is not None and text.strip()]
    return bool(styles) and all(getattr(s, "bold", False) for s in styles)


def regions_of(rows: list[Row], rules: list[Rule]) -> list[tuple[str, object]]:
    """The rows of a region as ("text", [rows]), ("table", TableBlock) and ("rejected", Rejected) parts."""
    parts: list[tuple[str, object]] = []
    position = 0
    for span in find_tables(rows, rules):
        if span.start > position:
            parts.append(("text", rows[position:span.start]))
        listed = _list_rows(rows, span.start, span.end)
        if listed > span.start:
            # A list with hanging markers lines up like a table: it is text, and what follows it
            # is searched again on its own.
            parts.append(("text", rows[span.start:listed]))
            parts.extend(regions_of(rows[listed:span.end], rules))
        else:
            lead = _caption_end(rows, span.start, span.end)
            if lead > span.start:
                parts.append(("text", rows[span.start:lead]))
            header = None if span.header is None else max(span.header - (lead - span.start), 0) or None
            block = _resolve(rows[lead:span.end], header, rules)
            parts.append(("table", block) if isinstance(block, TableBlock) else ("rejected", block))
        position = span.end
    if position < len(rows):
        parts.append(("text", rows[position:]))
    return parts


def _caption_end(rows: list[Row], start: int, end: int) -> int:
    """Where the one-cell lines at the head of a candidate that are its caption or title end: a
    line across most of the table's width, or one that names it ("Table 21 ..."), is not a header;
    nor is a first line whose first cell is the table's label alone, its title beside it."""
    left = min(row.left for row in rows[start:end])
    right = max(row.right for row in rows[start:end])
    k = start
    if k < end - 2 and len(rows[k].cells) > 1 and _CAPTION_LABEL.fullmatch(rows[k].cells[0].text.strip()):
        k += 1  # "Table: 5 | the title | (Rs. in 000)": the label, its title and its unit
    while k < end - 2 and len(rows[k].cells) == 1:
        row = rows[k]
        if not (_CAPTION.match(row.text) or row.right - row.left >= CAPTION_SHARE * (right - left)):
            break
        k += 1
    return k


def _is_marker(cell_text: str) -> bool:
    return len(cell_text) <= 6 and marker_of(cell_text + " x") is not None


def _list_rows(rows: list[Row], start: int, end: int) -> int:
    """Where the list items at the head of a candidate end (``start`` when it does not open with two)."""
    k = start
    items = 0
    while k < end:
        row = rows[k]
        if len(row.cells) > 1 and _is_marker(row.cells[0].text):
            items += 1
        elif len(row.cells) > 1:
            break
        k += 1
    return k if items >= 2 else start


def _resolve(rows: list[Row], ruled_header: int | None, rules: list[Rule]) -> TableBlock | Rejected:
    multi = [row for row in rows if len(row.cells) > 1]
    markers = sum(1 for row in multi if _is_marker(row.cells[0].text))
    if markers >= 0.6 * len(multi):
        return Rejected(rows, "list")
    words = statistics.median(len(c.text.split()) for row in multi for c in row.cells)
    if words >= PROSE_WORDS:
        return Rejected(rows, "prose")
    styles = [style for row in rows for c in row.cells for text, style in c.pieces if style is not None and text.strip()]
    if styles and all(style.mono for style in styles) and _code_like(rows):
        return Rejected(rows, "code")  # a listing's aligned columns are layout, not a table
    if _chart_labels(multi):
        return Rejected(rows, "chart")
    rows = [_without_leaders(row) for row in rows]
    header_count = min(_header_count(rows, ruled_header), len(rows) - 1)
    grid = build_table(rows[:header_count], rows[header_count:], rules=rules)
    filled = sum(1 for c in range(grid.columns) if any(pieces_text(r.values[c]).strip() for r in grid.rows))
    if grid.columns < 2 or filled < 2 or not grid.rows:
        return Rejected(rows, "columns")
    if header_count and grid.unused_headers > grid.columns // 2:
        return Rejected(rows, "header")
    return TableBlock(grid, rows[0].top, rows[-1].bottom, tuple(grid.header_texts()), _uncertainty(grid, rules))


def _uncertainty(grid: TableGrid, rules: list[Rule]) -> str | None:
    """What makes an unruled table's structure a guess, if anything: said, not emitted as sure."""
    if grid.ambiguous:
        return f"{grid.ambiguous} line(s) as near one row as another"
    if grid.bridged:
        return f"{grid.bridged} cell(s) across a column gap"
    if grid.unused_headers:
        return f"{grid.unused_headers} header cell(s) over no column"
    if len(grid.rows) < FEW_ROWS and not rules:
        return f"columns inferred from {len(grid.rows)} row(s)"
    return None


def lattice_block(lattice: Lattice, cells: list[Cell]) -> TableBlock | None:
    """The table a ruled grid draws, or None when it holds less than two rows and two columns of text."""
    placed, rows, columns = placed_regions(lattice, cells)
    if rows < 2 or columns < 2 or _undrawn_columns(placed, rows):
        return None
    grid = lattice_grid(placed, rows, columns, _lattice_header(placed, rows))
    return TableBlock(grid, lattice.top, lattice.bottom, tuple(grid.header_texts()))


def _undrawn_columns(placed: list[Placed], rows: int) -> bool:
    """Whether the rules draw fewer columns than the text has: in some row, most of the cells holding
    text hold it in columns of their own, side by side (the rules box a table's group headers, its
    columns are set apart by space). Its text is read as an unruled table, the rules as its evidence."""
    for r in range(rows):
        filled = [p for p in placed if p.row == r and p.pieces]
        if len(filled) >= 2 and 2 * sum(p.parted for p in filled) >= len(filled):
            return True
    return False


def _lattice_header(placed: list[Placed], rows: int) -> int:
    """How many top rows of a ruled grid are its header.

    None when the first row is data (mostly numbers); else the first row, and the row under
    each row that holds a group header (a cell spanning columns) or a header cell drawn two
    rows deep, as long as a body row is left.
    """
    first = [pieces_text(p.pieces) for p in placed if p.row == 0 and pieces_text(p.pieces).strip()]
    if not first or sum(1 for t in first if numeric(t)) >= NUMERIC * len(first):
        return 0
    count = 1
    while count < min(rows - 1, MAX_LATTICE_HEADER):
        above = [p for p in placed if p.row < count]
        spanning = any(p.row == count - 1 and p.col_span > 1 for p in above)
        deep = any(p.row + p.row_span > count for p in above)
        if not (spanning or deep):
            break
        count += 1
    return count
