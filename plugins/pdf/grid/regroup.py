"""Regrouping the lines of a table's body into its rows: wrapped cells in any column, notes.

A line is *named* when its first column has a value. Anchors each start a row; every other
line joins one. An anchor is a line with a value in a *value column* (one whose cells are
mostly numbers: a wrapped cell in any column never carries a second number), or, in a table
with no such column, a named line with another value. The rest join an anchor for all columns
at once: the one above when the rows are top-aligned (the body opens with an anchor and ends
with a continuation), the one below when bottom-aligned, else the nearest, a tie going to the
one below (text reads top down, so a wrapped cell's first line comes before the row it belongs
to). A line that could as well go to either anchor is counted as ambiguous: the caller says so.
"""

from __future__ import annotations

from zenconv.records import dataclass

TIE = 1.0          # points: two anchors this close to a line are equally near
ROW_SPACING = 1.5  # × the narrowest gap between lines: a gap this much wider parts two rows of words
MAX_WRAPPED = 4    # lines a row of words parted by spacing may hold
VALUE_SHARE = 0.6  # share of a column's filled cells that are numbers for it to be a value column


@dataclass(slots=True)
class Line:
    """One body line of a table: its vertical extent and its value pieces per column."""

    top: float
    bottom: float
    values: list[list]
    source: object = None  # whatever the caller needs back (its Row, its page)

    @property
    def named(self) -> bool:
        return _filled(self.values[0])

    @property
    def valued(self) -> bool:
        return any(_filled(v) for v in self.values[1:])


@dataclass(slots=True)
class Regrouped:
    groups: list[list[int]]   # line indexes per table row, each top to bottom, rows in page order
    ambiguous: int = 0        # lines that were as near one row as another


PLACEHOLDERS = frozenset({"-", "\u2013", "\u2014", "..", "n/a", "na", "n.a.", "*"})  # a value not given


def numeric(text: str) -> bool:
    """A number as tables print them: digits with separators, a sign, a currency, a percent; or
    the dash or "n/a" a table prints where a value is not given."""
    if text.strip().lower() in PLACEHOLDERS:
        return True
    stripped = text.replace(",", "").replace(".", "").replace("%", "").replace("-", "").replace(" ", "")
    return bool(stripped) and stripped.lstrip("+$€£").isdigit()


def _filled(pieces: list) -> bool:
    return any(text.strip() for text, _ in pieces)


def _text(pieces: list) -> str:
    return "".join(text for text, _ in pieces).strip()


def _gap(anchor: Line, line: Line) -> float:
    return max(0.0, anchor.bottom - line.top, line.bottom - anchor.top)


def value_columns(lines: list[Line]) -> list[int]:
    """The columns after the first whose filled cells are mostly numbers."""
    columns = len(lines[0].values) if lines else 0
    found = []
    for c in range(1, columns):
        texts = [_text(ln.values[c]) for ln in lines if _filled(ln.values[c])]
        if texts and sum(1 for t in texts if numeric(t)) >= VALUE_SHARE * len(texts):
            found.append(c)
    return found


def _anchors(lines: list[Line]) -> list[int]:
    values = value_columns(lines)
    if values:
        anchors = [i for i, ln in enumerate(lines) if any(_filled(ln.values[c]) for c in values)]
        if anchors:
            return anchors
    anchors = [i for i, ln in enumerate(lines)
               if (ln.named and ln.valued) or (not ln.named and len(ln.values) > 1 and _filled(ln.values[1]))]
    return anchors or [i for i, ln in enumerate(lines) if ln.named]


def group_lines(lines: list[Line], align: str = "auto", fresh: frozenset[int] = frozenset()) -> Regrouped:
    """The body's lines grouped into table rows. ``fresh`` are lines that cannot continue the line
    above (the caller measured that their words would have fitted on it): each starts a row."""
    if not lines:
        return Regrouped([])
    guessed = 0
    anchors = []
    valued = bool(value_columns(lines))
    if not valued:
        spaced = _rows_by_spacing(lines)
        if spaced is not None:
            return Regrouped(spaced)
        # Gaps all alike and no value column: the best guess is that a row fills every column its
        # fullest lines fill and a line filling fewer is a wrapped part of one, but it is a guess.
        # A line whose words would have fitted at the end of the line above is no wrapped part of
        # it (text wraps only when the next word does not fit): it starts a row, and says so.
        filled = [sum(1 for v in ln.values if _filled(v)) for ln in lines]
        anchors = [i for i, n in enumerate(filled) if n == max(filled) or i in fresh]
        guessed = len(lines) - len(anchors)
    anchors = anchors or _anchors(lines)
    if not anchors:
        return Regrouped([])
    if align == "auto":
        align = _alignment(lines, anchors)
    settled: dict[int, int] = {}
    if valued and align != "center":
        anchors, settled = _by_fit(lines, anchors, align, fresh)
    owner: dict[int, int] = {a: a for a in anchors}
    owner.update(settled)
    if align == "center":
        _split_names_evenly(lines, anchors, owner)
    ambiguous = 0
    for i in range(len(lines)):
        if i not in owner:
            owner[i] = _owner_of(lines, anchors, i, align)
            ambiguous += align == "nearest" and _torn(lines, anchors, i)
    groups: dict[int, list[int]] = {a: [] for a in anchors}
    for i in range(len(lines)):
        groups[owner[i]].append(i)
    _merge_nameless(lines, anchors, groups, frozenset() if valued else fresh)
    result = [sorted(groups[a], key=lambda i: -lines[i].top) for a in anchors if a in groups]
    return Regrouped(sorted(result, key=lambda g: min(g)), ambiguous + guessed)


def _by_fit(lines: list[Line], anchors: list[int], align: str, fresh: frozenset[int]) -> tuple[list[int], dict[int, int]]:
    """What the fit of words settles among the lines without a value: a line that continues
    neither the line above nor is continued by the one below, as the rows align, is a row of its
    own (a group label, "Caste/tribe" over "Scheduled caste"); in rows aligned on the nearest
    anchor, a line that can only continue one side joins that side. The anchors with those rows,
    and the owners settled."""
    last = len(lines) - 1
    alone, settled = [], {}
    for i in range(len(lines)):
        if i in anchors:
            continue
        starts = i in fresh                     # it does not continue the line above
        ends = i == last or (i + 1) in fresh    # the line below does not continue it
        if (align == "top" and starts) or (align == "bottom" and ends) or (align == "nearest" and starts and ends):
            alone.append(i)
        elif align == "nearest" and starts != ends:
            side = [a for a in anchors if a > i] if starts else [a for a in anchors if a < i]
            if side:
                settled[i] = side[0] if starts else side[-1]
    return sorted(anchors + alone), settled


def _rows_by_spacing(lines: list[Line]) -> list[list[int]] | None:
    """Rows of words told apart by the space between them, when the gaps say it.

    A table of words has no value column to anchor its rows, and a wrapped cell in the first
    and the last column looks like a row of its own. Where the gaps between rows are clearly
    wider than between a cell's lines, they part the rows. None when every gap is alike.
    """
    if len(lines) < 2:
        return None
    gaps = [a.bottom - b.top for a, b in zip(lines, lines[1:])]
    low, high = min(gaps), max(gaps)
    if high <= ROW_SPACING * max(low, 0.0) + 1.0:
        return None
    cut = (low + high) / 2
    groups = [[0]]
    for k, gap in enumerate(gaps, start=1):
        if gap > cut:
            groups.append([])
        groups[-1].append(k)
    if len(groups) < 2 or max(len(g) for g in groups) > MAX_WRAPPED:
        return None  # not rows of wrapped cells: row groups parted by a blank line, or one outlier
    return groups


def _alignment(lines: list[Line], anchors: list[int]) -> str:
    """How the rows align their wrapped cells, from where the anchors stand."""
    if any(not lines[a].named for a in anchors):
        return "center"  # only a centred table produces a value line without a name
    first, last = anchors[0] == 0, anchors[-1] == len(lines) - 1
    if first and not last:
        return "top"
    if last and not first:
        return "bottom"
    return "nearest"


def _torn(lines: list[Line], anchors: list[int], i: int) -> bool:
    """Whether line ``i`` lies between two anchors about as near to each (a value could be cited
    to the wrong row)."""
    above = [a for a in anchors if a < i]
    below = [a for a in anchors if a > i]
    if not above or not below:
        return False
    line = lines[i]
    pitch = max(line.top - line.bottom, 1.0)
    return abs(_gap(lines[above[-1]], line) - _gap(lines[below[0]], line)) < 0.5 * pitch


def _split_names_evenly(lines: list[Line], anchors: list[int], owner: dict[int, int]) -> None:
    named = [i for i in range(len(lines)) if lines[i].named and i not in owner]
    taken_above: dict[int, int] = {}
    position = 0
    for k, anchor in enumerate(anchors):
        above = [i for i in named[position:] if i < anchor]
        if k == 0:
            mine = above
        else:
            # The upper anchor takes as many lines below it as it took above it; this one the rest.
            upper = anchors[k - 1]
            share = taken_above.get(upper, 0)
            for i in above[:share]:
                owner[i] = upper
            mine = above[share:]
        for i in mine:
            owner[i] = anchor
        taken_above[anchor] = len(mine)
        position += len(above)
    for i in named[position:]:
        owner[i] = anchors[-1]


def _owner_of(lines: list[Line], anchors: list[int], i: int, align: str) -> int:
    line = lines[i]
    if align == "top":
        above = [a for a in anchors if lines[a].bottom >= line.bottom]
        return above[-1] if above else anchors[0]
    if align == "bottom":
        below = [a for a in anchors if lines[a].bottom <= line.bottom]
        return below[0] if below else anchors[-1]
    return _nearest(lines, anchors, line)


def _nearest(lines: list[Line], anchors: list[int], line: Line) -> int:
    best = anchors[0]
    best_gap = _gap(lines[best], line)
    for a in anchors[1:]:
        gap = _gap(lines[a], line)
        if gap < best_gap - TIE or (abs(gap - best_gap) <= TIE and lines[a].top < lines[best].top):
            best, best_gap = a, gap
    return best


def _merge_nameless(lines: list[Line], anchors: list[int], groups: dict[int, list[int]], fresh: frozenset[int]) -> None:
    """Rows with nothing in the first column join the nearest named row, unless they start a row
    of their own (``fresh``: an empty stub cell under a row label, "A1 B1 C1" over "C2")."""
    kept = [a for a in anchors if a in fresh or any(lines[i].named for i in groups[a])]
    if not kept:
        return
    for a in anchors:
        if a in kept:
            continue
        target = _nearest(lines, kept, lines[a])
        groups[target].extend(groups.pop(a))
