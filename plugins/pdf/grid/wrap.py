"""Where a table's words wrap and where its cells part: the evidence that a body line starts a row
(its first word would have fitted on the line above, or dot leaders end the line above) and that
one cell holds two columns' numbers (a padded space glued them into one run)."""

from __future__ import annotations


from .bands import Band, band_index
from .regroup import numeric
from .rows import Cell, Row
from zenconv.patterns import pattern

FIT_SPACE = 0.3      # × cell height: a word space, for whether a word would have fitted on the line above
_LEADER_END = pattern(r"(?:\.\s{0,3}){3,}$")


def fresh_lines(body_rows: list[Row], bands: list[Band], header_rows: list[Row]) -> frozenset[int]:
    """The body lines that cannot be a wrapped part of the line above: in some column they share
    with it, their first word would have fitted after its text within the column's width (the
    widest cell seen in it, header cells over it alone included, which is never wider than the
    width the text was set in), or the line above ends in dot leaders. A typesetter breaks a cell's
    line only when the next word does not fit. A word in lower case goes on a sentence: no fit
    makes it a row's first."""
    if not bands or len(body_rows) < 2:
        return frozenset()
    starts = [b.start for b in bands]
    width = [0.0] * len(bands)
    placed: list[dict[int, list[Cell]]] = []
    for row in body_rows:
        at: dict[int, list[Cell]] = {}
        for cell in row.cells:
            at.setdefault(band_index(starts, cell.x), []).append(cell)
        placed.append(at)
        for c, cells in at.items():
            # Dot leaders run on past where the words wrap: the width the words were set in is narrower.
            if not any(_LEADER_END.search(x.text) for x in cells):
                width[c] = max(width[c], max(x.right for x in cells) - min(x.x for x in cells))
    for row in header_rows:
        for cell in row.cells:
            over = [c for c, b in enumerate(bands) if cell.x < b.end and cell.right > b.start]
            if len(over) == 1:
                width[over[0]] = max(width[over[0]], cell.width)
    fresh = set()
    for k in range(1, len(body_rows)):
        above, here = placed[k - 1], placed[k]
        for c, cells in here.items():
            if c not in above:
                continue
            first = min(cells, key=lambda x: x.x)
            text = first.text.strip()
            if not text:
                continue
            if _LEADER_END.search(max(above[c], key=lambda x: x.right).text):
                fresh.add(k)   # dot leaders end a label: nothing wraps on after them
                break
            word = text.split()[0]
            if word[0].islower():
                continue   # a line going on in lower case continues the one above, whatever the fit
            word_width = first.width * len(word) / max(len(text), 1)
            used = max(x.right for x in above[c]) - min(x.x for x in above[c])
            if used + FIT_SPACE * first.height + word_width < width[c] - 1.0:
                fresh.add(k)
                break
    return frozenset(fresh)


def values_apart(row: Row, bands: list[Band]) -> Row:
    """The row with numbers glued into one cell across a column gap set apart again: the joiner
    takes two values a padded space apart as one run ("6,922,900 12,664,000"). A cell across a
    gap whose words are all numbers, placed along it by their characters, in two columns or more,
    is one cell per column. Words (a long row label into the next column's gap) stay whole."""
    cells: list[Cell] = []
    changed = False
    for cell in row.cells:
        words = cell.text.split()
        over = sum(1 for b in bands if min(cell.right, b.end) - max(cell.x, b.start) > 0.5)
        if over < 2 or len(words) < 2 or not all(numeric(w) for w in words):
            cells.append(cell)
            continue
        text = cell.text
        share = cell.width / max(len(text), 1)
        style = next((st for t, st in cell.pieces if t.strip()), None)
        parts: list[tuple[int, float, float, str]] = []   # band, left, right, text
        at = 0
        for word in words:
            at = text.index(word, at)
            left, right = cell.x + at * share, cell.x + (at + len(word)) * share
            at += len(word)
            middle = (left + right) / 2
            k = min(range(len(bands)), key=lambda i: max(bands[i].start - middle, middle - bands[i].end, 0.0))
            if parts and parts[-1][0] == k:
                parts[-1] = (k, parts[-1][1], right, parts[-1][3] + " " + word)
            else:
                # The padding makes the gap wider than a character: the value starts in its band.
                parts.append((k, max(left, bands[k].start), max(right, bands[k].start + 0.5), word))
        if len(parts) < 2:
            cells.append(cell)
            continue
        changed = True
        cells.extend(Cell(left, cell.y, right - left, cell.height, [(word, style)]) for _, left, right, word in parts)
    return Row(row.top, row.bottom, cells) if changed else row
