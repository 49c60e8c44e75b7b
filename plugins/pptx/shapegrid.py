"""Text-box grids (``--pptx-shape-tables``): a table drawn as positioned text boxes read as a table.

The slide becomes a page for the PDF reader's geometry (:mod:`zenconv_plugins.pdf.grid`, shared,
never copied): each shape with text is one cell, its box in points with ``y`` flipped to grow
upwards (the box's bottom edge standing in for the baseline) and the box's height for the font
size, without run joining. Rows come from the overlap rule, table regions from the channels
between columns, columns from the body's bands; a region's first row is its header unless a
ruling line says otherwise. Shapes outside every region are read as they
would be without the option, in reading order.
"""

from __future__ import annotations

from zenconv.ir import Cell as IrCell
from zenconv.ir import Columns, Row as IrRow, Table, Text
from zenconv_plugins.pdf.grid import Cell, build_table, find_tables, rows_of_cells
from zenconv_plugins.pdf.grid.table import pieces_text

from .geometry import EMU_PER_POINT
from .package import NS

_P = f"{{{NS['p']}}}"
_A = f"{{{NS['a']}}}"


def grid_blocks(slide, ordered: list, title_shape) -> list:
    """The slide's blocks with its text-box tables found; ``ordered`` is its shapes in reading order."""
    height = (slide.size.height_emu if slide.size is not None and slide.size.height_emu else 6_858_000) / EMU_PER_POINT
    cells = []
    for shape in ordered:
        if shape.box is None or shape.el.tag != f"{_P}sp":
            continue
        text = " ".join("".join(t.text or "" for t in shape.el.iter(f"{_A}t")).split())
        if not text:
            continue
        box = shape.box
        top, h = box.y / EMU_PER_POINT, max(box.h / EMU_PER_POINT, 1.0)
        cells.append(Cell(box.x / EMU_PER_POINT, height - top - h, box.w / EMU_PER_POINT, h, [(text, shape)]))
    rows = rows_of_cells(cells)
    in_table: dict[int, Table] = {}   # id of a shape → the table it went into
    tables_at: dict[int, Table] = {}  # id of the first shape of each table's first row → the table
    for span in find_tables(rows):
        head = span.header if span.header is not None else 1
        grid = build_table(rows[span.start:span.start + head], rows[span.start + head:span.end])
        table = _table(grid, slide)
        slide.ctx.report("pptx.shapes-as-table", slide.locator)
        first = min((c.pieces[0][1] for c in rows[span.start].cells), key=lambda s: ordered.index(s))
        tables_at[id(first)] = table
        for row in rows[span.start:span.end]:
            for cell in row.cells:
                in_table[id(cell.pieces[0][1])] = table
    text = slide.text_reader()
    blocks: list = []
    for shape in ordered:
        if id(shape) in tables_at:
            blocks.append(tables_at[id(shape)])
        elif id(shape) not in in_table and shape is not title_shape:
            blocks.extend(slide.shape_blocks(shape, text))
    return blocks


def _table(grid, slide) -> Table:
    slide.tables += 1
    locator = slide.locator.with_(table=slide.tables)
    rows = []
    for header in grid.header:
        cells = []
        for cell in header:
            label = pieces_text(cell.pieces).strip()
            cells.append(IrCell([Text(label)] if label else [], col_span=cell.col_span, row_span=cell.row_span,
                                header=True))
        rows.append(IrRow(cells, locator=locator.with_(row=len(rows))))
    for body in grid.rows:
        rows.append(IrRow([pieces_text(pieces).strip() for pieces in body.values], locator=locator.with_(row=len(rows))))
    return Table(rows, columns=Columns(count=grid.columns), locator=locator)
