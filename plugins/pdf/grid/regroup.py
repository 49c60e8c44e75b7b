"""Regrouping the lines of a table's body into its rows: wrapped names, notes above and below.

A line is *named* when its first column has a value and *valued* when another column does.
Anchors (a named and valued line, or a nameless line with a value in the first value column)
each start a row; every other line joins one. A tie between two anchors goes to the one below:
text reads top down, so a wrapped cell's first line comes before the row it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass

TIE = 1.0  # points: two anchors this close to a line are equally near


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


def _filled(pieces: list) -> bool:
    return any(text.strip() for text, _ in pieces)


def _gap(anchor: Line, line: Line) -> float:
    return max(0.0, anchor.bottom - line.top, line.bottom - anchor.top)


def group_lines(lines: list[Line], align: str = "auto") -> list[list[int]]:
    """Groups of line indexes, one per table row, each sorted top to bottom, rows in page order."""
    if not lines:
        return []
    anchors = [i for i, ln in enumerate(lines)
               if (ln.named and ln.valued) or (not ln.named and len(ln.values) > 1 and _filled(ln.values[1]))]
    if not anchors:
        anchors = [i for i, ln in enumerate(lines) if ln.named]
        if not anchors:
            return []
    if align == "auto" and any(not lines[a].named for a in anchors):
        align = "center"  # only a centred table produces a value line without a name
    owner: dict[int, int] = {a: a for a in anchors}
    if align == "center":
        _split_names_evenly(lines, anchors, owner)
    for i in range(len(lines)):
        if i not in owner:
            owner[i] = _owner_of(lines, anchors, i, align)
    groups: dict[int, list[int]] = {a: [] for a in anchors}
    for i in range(len(lines)):
        groups[owner[i]].append(i)
    _merge_nameless(lines, anchors, groups)
    result = [sorted(groups[a], key=lambda i: -lines[i].top) for a in anchors if a in groups]
    return sorted(result, key=lambda g: min(g))


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


def _merge_nameless(lines: list[Line], anchors: list[int], groups: dict[int, list[int]]) -> None:
    kept = [a for a in anchors if any(lines[i].named for i in groups[a])]
    if not kept:
        return
    for a in anchors:
        if a in kept:
            continue
        target = _nearest(lines, kept, lines[a])
        groups[target].extend(groups.pop(a))
