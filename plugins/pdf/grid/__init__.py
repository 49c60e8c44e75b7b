"""Positioned text to rows and tables, from geometry alone.

Nothing here knows PDF: the PDF reader and the PowerPoint reader's text-box grids both hand it
:class:`Run` boxes (``x`` the left edge, ``y`` the bottom, y growing upwards, ``height`` the font
size) and get back cells, rows, and tables with their header rows and wrapped cells regrouped.
The algorithms and constants are those of the reference readers (runs → cells → rows by
overlap, the tie rule), with the columns taken from the body and ruled grids read as lattices.
"""

from .bands import Band, body_columns, place_values
from .detect import Rule, TableSpan, find_tables
from .regroup import group_lines
from .rows import Cell, Row, Run, join_cells, rows_of_cells
from .table import GridRow, TableGrid, build_table

__all__ = [
    "Band", "Cell", "GridRow", "Row", "Rule", "Run", "TableGrid", "TableSpan", "body_columns", "build_table",
    "find_tables", "group_lines", "join_cells", "place_values", "rows_of_cells",
]
