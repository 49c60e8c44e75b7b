"""Reading XLSX bytes through the registered reader; fixtures come from make_fixtures.py."""

from __future__ import annotations

from pathlib import Path

from zenconv.testing import ReadResult, read

from ..grids import cell_text, grid, load_script, spans, tables  # noqa: F401  (the tests import them from here)

READER = "ai.insan.zenfmt.xlsx"
HERE = Path(__file__).resolve().parent
FX = load_script("zenconv_xlsx_fixtures", HERE / "make_fixtures.py")


def read_xlsx(data: bytes, **options) -> ReadResult:
    # The rules of cells, spans and rows are read with every row a body row; the header rules (--header
    # auto, the default) have their own tests (test_header.py) and the goldens read with the default.
    options.setdefault("header", "none")
    return read(data, READER, name="input.xlsx", **options)

