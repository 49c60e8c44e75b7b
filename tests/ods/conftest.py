"""Reading ODS bytes through the registered reader; fixtures come from make_fixtures.py."""

from __future__ import annotations

from pathlib import Path

from zenconv.testing import ReadResult, read

from ..grids import cell_text, grid, load_script, spans, tables  # noqa: F401  (the tests import them from here)

READER = "ai.insan.zenfmt.ods"
HERE = Path(__file__).resolve().parent
FX = load_script("zenconv_ods_fixtures", HERE / "make_fixtures.py")


def read_ods(data: bytes, **options) -> ReadResult:
    # the cell and row rules are read with every row a body row (the header rules: test_header.py)
    options.setdefault("header", "none")
    return read(data, READER, name="input.ods", **options)



def row_body(cells: str, repeat: int = 1, attrs: str = "") -> str:
    rep = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{rep}{attrs}>{cells}</table:table-row>"


def float_cell(value, repeat: int = 1) -> str:
    rep = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    return f'<table:table-cell office:value-type="float" office:value="{value}"{rep}><text:p>{value}</text:p></table:table-cell>'
