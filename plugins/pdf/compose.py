"""One page's cells into blocks in reading order: the second stage, with the document's view.

Running headers go first, then the page is cut into regions (columns), each region's rows are
searched for tables, and what is not a table becomes paragraphs, headings and list items.
Pictures are placed where they stand on the page; rotated and vertical text follows the page's
body, in its own frame.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import field

from .capture import Glyph, Picture
from .grid import Cell, rows_of_cells
from .layout import regions
from .lines import TextLine, line_of
from .page import PageData
from .paragraphs import TextBlock, text_blocks
from .grid.lattice import open_stub
from .tables import Rejected, lattice_block, regions_of
from zenconv.records import dataclass


@dataclass(slots=True)
class FigureBlock:
    picture: Picture
    top: float


@dataclass(slots=True)
class Composed:
    """A page's blocks in reading order and what was set aside on the way."""

    page: PageData
    blocks: list = field(default_factory=list)
    running: list[str] = field(default_factory=list)      # running header and footer texts dropped
    rejected: list[Rejected] = field(default_factory=list)
    turned: int = 0                                         # blocks of rotated text
    vertical: int = 0                                       # blocks of vertical text


def compose(page: PageData, running: list[tuple[str, list[Cell]]], body: float, body_bold: bool) -> Composed:
    out = Composed(page)
    dropped = {id(c) for _, cells in running for c in cells}
    out.running = [text for text, _ in running]
    cells = [c for c in page.cells if id(c) not in dropped]
    cells, ruled, placed_turned = _lattice_tables(page, cells)
    placed_pictures: set[int] = set()
    for leaf in regions(cells, body):
        blocks = _leaf_blocks(leaf, page, body, body_bold, out)
        if not page.frame:  # pictures are placed in page space, which a turned page's text is not in
            _place_pictures(blocks, leaf, page.pictures, placed_pictures)
        out.blocks.extend(blocks)
    for table in ruled:
        _insert_by_height(out.blocks, table)
    for k, picture in enumerate(page.pictures):
        if k not in placed_pictures:
            _insert_by_height(out.blocks, FigureBlock(picture, picture.bbox[3]))
    for angle in sorted(page.turned):
        left = [c for c in page.turned[angle] if id(c) not in placed_turned]
        if not left:
            continue
        blocks = _leaf_blocks(left, page, body, body_bold, out, tables=False)
        out.turned += len(blocks)
        out.blocks.extend(blocks)
    if page.vertical:
        blocks = _vertical_blocks(page.vertical)
        out.vertical += len(blocks)
        out.blocks.extend(blocks)
    return out


def _lattice_tables(page: PageData, cells: list[Cell]) -> tuple[list[Cell], list, set[int]]:
    """The tables the page's ruled grids draw, the cells left for the rest of the page, and the
    ids of the rotated cells placed in a grid.

    A grid drawn around another grid (a frame around the page's content) is not a table: the
    inner one is. Text turned in a grid's cell (column headings set sideways over narrow columns)
    is that cell's text, read in its own direction.
    """
    lattices = [lat for lat in page.lattices if not any(
        other is not lat and lat.left - 1 <= other.left and other.right <= lat.right + 1
        and lat.bottom - 1 <= other.bottom and other.top <= lat.top + 1 for other in page.lattices)]
    if not lattices:
        return cells, [], set()
    by_height = sorted((c.y + c.height / 2, k) for k, c in enumerate(cells))
    turned = _turned_into_frame(page)
    taken: set[int] = set()
    placed_turned: set[int] = set()
    tables = []
    for lattice in lattices:
        lo = bisect.bisect_left(by_height, (lattice.bottom, -1))
        hi = bisect.bisect_right(by_height, (lattice.top, len(cells)))
        inside = [k for _, k in by_height[lo:hi] if k not in taken and lattice.holds(cells[k])]
        stub = open_stub(lattice, [(k, cells[k]) for _, k in by_height[lo:hi] if k not in taken], inside and [
            cells[k] for k in inside])
        if stub is not None:
            lattice, labels = stub
            inside = inside + labels
        sideways = _sideways_cells(lattice, [t for t in turned if not placed_turned & set(t[1])])
        if not inside:
            continue
        block = lattice_block(lattice, [cells[k] for k in inside] + [cell for cell, _ in sideways])
        if block is not None:
            taken.update(inside)
            placed_turned.update(i for _, ids in sideways for i in ids)
            tables.append(block)
    return [c for k, c in enumerate(cells) if k not in taken], tables, placed_turned


def _turned_into_frame(page: PageData) -> list[tuple[tuple[float, float, float, float], list[int], Cell, int]]:
    """Each rotated cell's box in the frame the page's grids are in (page space turned by the
    page's frame): (box, [its id], the cell, its angle)."""
    out = []
    to_frame = math.radians(page.frame)
    for angle, turned_cells in page.turned.items():
        back = math.radians(angle)
        for cell in turned_cells:
            corners = []
            for x, y in ((cell.x, cell.y), (cell.right, cell.y), (cell.x, cell.top), (cell.right, cell.top)):
                # out of the cell's own frame into page space, then into the grids' frame
                px, py = x * math.cos(back) - y * math.sin(back), x * math.sin(back) + y * math.cos(back)
                corners.append((px * math.cos(to_frame) + py * math.sin(to_frame),
                                -px * math.sin(to_frame) + py * math.cos(to_frame)))
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            out.append(((min(xs), min(ys), max(xs), max(ys)), [id(cell)], cell, angle))
    return out


def _sideways_cells(lattice, turned) -> list[tuple[Cell, list[int]]]:
    """The rotated text inside a grid, one cell per grid cell it stands in: its lines in their own
    reading order, placed where they stand in the grid's frame."""
    groups: dict[tuple[int, int, int], list] = {}
    for box, ids, cell, angle in turned:
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if lattice.left < x < lattice.right and lattice.bottom < y < lattice.top:
            groups.setdefault((lattice.row_of(y), lattice.column_of(x), angle), []).append((box, ids, cell))
    out = []
    for key in sorted(groups):
        members = groups[key]
        pieces: list = []
        for row in rows_of_cells([cell for _, _, cell in members]):
            for cell in row.cells:
                if pieces:
                    pieces.append((" ", None))
                pieces.extend(cell.pieces)
        x0 = min(b[0] for b, _, _ in members)
        y0 = min(b[1] for b, _, _ in members)
        x1 = max(b[2] for b, _, _ in members)
        y1 = max(b[3] for b, _, _ in members)
        out.append((Cell(x0, y0, x1 - x0, y1 - y0, pieces), [i for _, ids, _ in members for i in ids]))
    return out


def _leaf_blocks(cells: list[Cell], page: PageData, body: float, body_bold: bool, out: Composed,
                 tables: bool = True) -> list:
    rows = rows_of_cells(cells)
    parts = regions_of(rows, page.rules) if tables else [("text", rows)]
    blocks: list = []
    for kind, part in parts:
        if kind == "table":
            blocks.append(part)
            continue
        if kind == "rejected":
            out.rejected.append(part)
            part = part.rows
        blocks.extend(text_blocks([line_of(row) for row in part], body, body_bold))
    return blocks


def _place_pictures(blocks: list, leaf: list[Cell], pictures: list[Picture], placed: set[int]) -> None:
    """Put each picture that stands within this region's columns before the first block below it."""
    if not leaf or not pictures:
        return
    left = min(c.x for c in leaf)
    right = max(c.right for c in leaf)
    top = max(c.top for c in leaf)
    bottom = min(c.y for c in leaf)
    for k, picture in enumerate(pictures):
        if k in placed:
            continue
        x0, y0, x1, y1 = picture.bbox
        if not (left - 1 <= (x0 + x1) / 2 <= right + 1) or y0 > top + 1 or y1 < bottom - 1:
            continue
        _insert_by_height(blocks, FigureBlock(picture, y1))
        placed.add(k)


def _insert_by_height(blocks: list, figure: FigureBlock) -> None:
    """Before the first block that starts below the figure's top."""
    for i, block in enumerate(blocks):
        if block.top < figure.top:
            blocks.insert(i, figure)
            return
    blocks.append(figure)


def _vertical_blocks(glyphs: list[Glyph]) -> list[TextBlock]:
    """Vertical writing: columns right to left, each read top to bottom, one paragraph each."""
    columns: list[list[Glyph]] = []
    for glyph in sorted(glyphs, key=lambda g: (-(g.x0 + g.x1) / 2, -g.y1)):
        middle = (glyph.x0 + glyph.x1) / 2
        if columns:
            last = columns[-1][0]
            if abs((last.x0 + last.x1) / 2 - middle) <= 0.5 * max(glyph.size, 1.0):
                columns[-1].append(glyph)
                continue
        columns.append([glyph])
    blocks = []
    for column in columns:
        column.sort(key=lambda g: -g.y1)
        text = "".join(g.text for g in column).strip()
        if not text:
            continue
        g0 = column[0]
        line = TextLine([(text, None)], g0.y1, column[-1].y0, min(g.x0 for g in column),
                        max(g.x1 for g in column), g0.size, False, False, all(g.hidden for g in column))
        blocks.append(TextBlock("paragraph", [line]))
    return blocks

