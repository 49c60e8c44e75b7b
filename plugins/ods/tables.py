"""The tables of ``content.xml``, streamed twice: a survey, then the rows.

All sheets live in one part. The survey pass learns, per table, what must be known before its first
row (its first and last used column, its last used row, its merged ranges, its hidden columns, its
annotations) and counts what is reported rather than carried; the row pass hands rows to the shared grid.

Repeats are never expanded blindly: ``number-rows-repeated`` and ``number-columns-repeated`` only
move the row and column counters, so a file repeating an empty row 1,048,000 times costs nothing; a
repeated cell or row that holds a value is written as often as it repeats, within the caps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import field

from zenconv_plugins.comments import Comment
from zenconv_plugins.odt.dropped import comment_text

from zenconv.ir import plain_text
from zenconv.ir.nodes import Cell, Code
from zenconv_plugins.xlsx.values import ValueList

from .cells import CALCEXT, OFFICE, TABLE, annotation_comment, cell_value, frame_kind, holds_value, shown_value
from zenconv.records import dataclass

STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
CELL, COVERED = TABLE + "table-cell", TABLE + "covered-table-cell"
TAGS = (TABLE + "table", TABLE + "table-row", TABLE + "table-column", TABLE + "shapes",
        TABLE + "content-validation", CALCEXT + "conditional-format", STYLE + "style", OFFICE + "spreadsheet")
EVENTS = ("start", "end")
MERGE_LIMIT = 100_000
_HIDDEN = ("collapse", "filter")


@dataclass(slots=True)
class TableInfo:
    ordinal: int
    name: str
    hidden: bool
    master: str | None = None  # the master page its table style names: its print header and footer
    first_col: int = -1
    last_col: int = -1
    last_row: int = -1
    columns: int = 0
    hidden_cols: list[tuple[int, int]] = field(default_factory=list)
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)
    comments: list[tuple[int, int, bool, Comment]] = field(default_factory=list)  # row, col, on a hidden row
    counts: Counter = field(default_factory=Counter)  # report code suffix → count
    taken: dict[str, list[str]] = field(default_factory=dict)  # report code suffix → the texts it drops


@dataclass(slots=True)
class Survey:
    spreadsheet: bool = False
    tables: list[TableInfo] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)  # outside any table


def repeat(element, name: str) -> int:
    raw = element.get(TABLE + name)
    if raw is None:
        return 1
    try:
        return max(int(raw), 1)
    except ValueError:
        return 1


def _free(element) -> None:
    element.clear(keep_tail=False)
    parent = element.getparent()
    if parent is not None:
        while element.getprevious() is not None:
            del parent[0]


def survey(events, checkpoint, keep_comments: bool) -> Survey:
    """What the tables hold; with ``keep_comments``, their annotations as comments, else their count."""
    found = Survey()
    hidden_styles: set[str] = set()
    masters: dict[str, str] = {}  # table style -> the master page it names
    depth = 0
    info: TableInfo | None = None
    row = 0
    for event, element in events:
        tag = element.tag
        if tag == TABLE + "table":
            if event == "start":
                depth += 1
                if depth == 1:
                    name = element.get(TABLE + "name") or f"Sheet{len(found.tables) + 1}"
                    style = element.get(TABLE + "style-name")
                    info = TableInfo(len(found.tables) + 1, name, style in hidden_styles, masters.get(style or ""))
                    found.tables.append(info)
                    row = 0
            else:
                depth -= 1
                if depth == 0:
                    info = None
                    _free(element)
            continue
        if event == "start":
            if tag == OFFICE + "spreadsheet":
                found.spreadsheet = True
            continue
        if depth > 1:
            continue  # a table inside a cell: read as that cell's text
        if tag == TABLE + "table-row" and info is not None:
            row = _survey_row(element, info, row, keep_comments)
            if row % 4096 == 0:
                checkpoint()
            _free(element)
        elif tag == TABLE + "table-column" and info is not None:
            count = repeat(element, "number-columns-repeated")
            if element.get(TABLE + "visibility") in _HIDDEN:
                info.hidden_cols.append((info.columns, info.columns + count - 1))
            info.columns += count
            _free(element)
        elif tag == STYLE + "style":
            if master := element.get(STYLE + "master-page-name"):
                masters[element.get(STYLE + "name") or ""] = master
            for props in element:
                if props.tag == STYLE + "table-properties" and props.get(TABLE + "display") == "false":
                    hidden_styles.add(element.get(STYLE + "name") or "")
            _free(element)
        elif tag == TABLE + "shapes":
            counts = info.counts if info is not None else found.counts
            for shape in element:
                counts[frame_kind(shape)] += 1
            _free(element)
        elif tag == TABLE + "content-validation":
            found.counts["data-validation-dropped"] += 1
            _free(element)
        elif tag == CALCEXT + "conditional-format":
            (info.counts if info is not None else found.counts)["conditional-formatting-dropped"] += 1
            _free(element)
    return found


def _survey_row(element, info: TableInfo, row: int, keep_comments: bool) -> int:
    rows = repeat(element, "number-rows-repeated")
    col = 0
    for cell in element:
        if cell.tag != CELL and cell.tag != COVERED:
            continue
        count = repeat(cell, "number-columns-repeated")
        if holds_value(cell):
            info.first_col = col if info.first_col < 0 else min(info.first_col, col)
            info.last_col = max(info.last_col, col + count - 1)
            info.last_row = max(info.last_row, row + rows - 1)
        if cell.tag == CELL:
            spanned = (repeat(cell, "number-columns-spanned"), repeat(cell, "number-rows-spanned"))
            if spanned != (1, 1):
                if len(info.merges) < MERGE_LIMIT:
                    info.merges.append((row, col, row + spanned[1] - 1, col + spanned[0] - 1))
                else:
                    info.counts["merges-past-limit"] += 1
        for child in cell:
            if child.tag == OFFICE + "annotation":
                if not keep_comments:
                    info.counts["annotations-dropped"] += count * rows
                    info.taken.setdefault("annotations-dropped", []).append(comment_text(child))
                    continue
                hidden = element.get(TABLE + "visibility") in _HIDDEN
                info.comments.append((row, col, hidden, annotation_comment(child, info.counts)))
                # a repeated cell repeats its annotation: one note, referenced from the first copy
                info.counts["annotation-copies"] += count * rows - 1
            elif isinstance(child.tag, str) and child.tag.startswith("{urn:oasis:names:tc:opendocument:xmlns:drawing"):
                info.counts[frame_kind(child)] += 1
        col += count
    return row + rows


def next_table(events) -> bool:
    """Consume events up to the start of the next top-level table; False at the end of the part."""
    for event, element in events:
        if element.tag == TABLE + "table" and event == "start":
            return True
        if event == "end" and element.tag != OFFICE + "spreadsheet":
            _free(element)
    return False


class TableRows:
    """The rows of the table whose start event was just consumed, read from the shared event stream.

    :meth:`rows` may be left unfinished (a cap stops the grid, or the writer never asks); :meth:`drain`
    then reads on to the table's end, so the next table starts where it should.
    """

    def __init__(self, events, info: TableInfo, *, skip_hidden: bool, limit_col: int, counts: Counter,
                 checkpoint, hidden_cols: list[tuple[int, int]] = (), shown: bool = True) -> None:
        self.events = events
        self.info = info
        self.skip_hidden = skip_hidden
        self.limit_col = limit_col  # the first column past the cap: a repeat is written up to it, and once at it
        self.counts = counts
        self.checkpoint = checkpoint
        self.hidden_cols = hidden_cols  # the columns the grid leaves out under --hidden skip
        self.taken: dict[str, list[str]] = {}  # report code suffix → the texts of the rows and columns left out
        self.shown = shown  # --values shown: a typed cell's text is its displayed text
        self.blanks: list[tuple[int, int]] = []  # the first formula cells without a cached value
        self.depth = 1
        self.done = False

    def _rows_elements(self) -> Iterator:
        for event, element in self.events:
            if element.tag == TABLE + "table":
                self.depth += 1 if event == "start" else -1
                if self.depth == 0:
                    self.done = True
                    _free(element)
                    return
            elif event == "end" and self.depth == 1 and element.tag == TABLE + "table-row":
                yield element

    def rows(self) -> Iterator[tuple[int, bool, list[int], list]]:
        row = 0
        for seen, element in enumerate(self._rows_elements(), 1):
            rows = repeat(element, "number-rows-repeated")
            hidden = element.get(TABLE + "visibility") in _HIDDEN
            blank = self.counts["formula-without-cached-value"]
            cols, vals = _row_values(element, self.limit_col, self.counts, self.shown)
            if self.counts["formula-without-cached-value"] > blank and len(self.blanks) < BLANK_FORMULAS_LOCATED:
                self.blanks += [(row, c) for c, v in zip(cols, vals) if _is_blank_formula(v)]
                del self.blanks[BLANK_FORMULAS_LOCATED:]
            _free(element)
            if seen % 4096 == 0:
                self.checkpoint()
            if hidden and self.skip_hidden:
                self.counts["hidden-row-dropped"] += rows if vals else 0
                if vals:
                    self.taken.setdefault("hidden-row-dropped", []).append("\t".join(map(value_text, vals)))
            elif vals:
                if self.hidden_cols:
                    self._hidden_columns(cols, vals)
                # Hidden rows under --hidden skip are counted, not handed over, and empty rows only move
                # the counter: a repeat of either costs nothing however large.
                for copy in range(rows):
                    yield row + copy, hidden, cols if copy == 0 else list(cols), vals if copy == 0 else _copy(vals)
            row += rows

    def _hidden_columns(self, cols: list[int], vals: list) -> None:
        texts = [value_text(v) for c, v in zip(cols, vals) if any(a <= c <= b for a, b in self.hidden_cols)]
        if texts:
            self.taken.setdefault("hidden-column-dropped", []).append("\t".join(texts))

    def drain(self) -> None:
        if not self.done:
            for element in self._rows_elements():
                _free(element)

    def text(self) -> str:
        """The text of the rest of the table, each cell once however often it repeats (what a report
        that drops the table takes), read to the table's end."""
        lines = []
        for seen, element in enumerate(self._rows_elements(), 1):
            values = [cell_value(cell, Counter()) for cell in element if cell.tag == CELL or cell.tag == COVERED]
            if any(values):
                lines.append("\t".join(value_text(v) for v in values if v))
            _free(element)
            if seen % 4096 == 0:
                self.checkpoint()
        return "\n".join(lines)


def value_text(value) -> str:
    """A cell value's text: a value is text, or a Cell of text and links."""
    return plain_text(value.content) if isinstance(value, Cell) else value


BLANK_FORMULAS_LOCATED = 5  # the formula cells without a cached value whose places a sheet's report names


def _is_blank_formula(value) -> bool:
    return type(value) is Cell and len(value.content) == 1 and type(value.content[0]) is Code


def _copy(vals: list) -> list:
    other = getattr(vals, "other", None)
    if other is None:
        return list(vals)
    copied = ValueList(vals)
    copied.other = other
    return copied


def _row_values(element, limit_col: int, counts: Counter, shown: bool = True) -> tuple[list[int], list]:
    cols: list[int] = []
    vals: list = []
    other: dict | None = None
    col = 0
    for cell in element:
        if cell.tag != CELL and cell.tag != COVERED:
            continue
        count = repeat(cell, "number-columns-repeated")
        if col < limit_col and (cell.get(TABLE + "formula") is not None or holds_value(cell)):
            value, pair = shown_value(cell, counts, shown)
            if value:
                for c in range(col, min(col + count, limit_col + 1)):
                    cols.append(c)
                    vals.append(value)
                    if pair is not None:
                        if other is None:
                            other = {}
                        other[c] = pair
        col += count
    if other is not None:
        vals = ValueList(vals)
        vals.other = other
    return cols, vals
