"""Reading .xls bytes through the registered reader; fixtures come from make_fixtures.py."""

from __future__ import annotations

from pathlib import Path

from zenconv.testing import ReadResult, read

from ..grids import cell_text, grid, load_script, spans, tables  # noqa: F401  (the tests import them from here)

READER = "ai.insan.zenfmt.xls"
HERE = Path(__file__).resolve().parent
FX = load_script("zenconv_xls_fixtures", HERE / "make_fixtures.py")


def read_xls(data: bytes, **options) -> ReadResult:
    return read(data, READER, name="input.xls", **options)
