"""Positioned text to rows and tables, from geometry alone.

Nothing here knows PDF: the PDF reader and the PowerPoint reader's text-box grids both hand it
:class:`Run` boxes (``x`` the left edge, ``y`` the bottom, y growing upwards, ``height`` the font
size) and get back cells, rows, and tables with their header rows and wrapped cells regrouped.
The algorithms and constants are those of the reference readers (runs → cells → rows by
overlap, bands from the body's left edges, the monotone band-to-header mapping, the tie rule).
"""

from .bands import Band, assign_columns, band_tolerance, bands_of, place_values
from .detect import Rule, TableSpan, find_tables
from .regroup import group_lines
from .rows import Cell, Row, Run, join_cells, rows_of_cells
from .table import GridRow, TableGrid, build_table

__all__ = [
    "Band", "Cell", "GridRow", "Row", "Rule", "Run", "TableGrid", "TableSpan", "assign_columns", "band_tolerance",
    "bands_of", "build_table", "find_tables", "group_lines", "join_cells", "place_values", "rows_of_cells",
]
