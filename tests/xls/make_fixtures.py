"""Legacy .xls fixtures written with xlwt (the BIFF8 writer on PyPI), and an RC4-encrypted one made with
msoffcrypto-tool's encryption when it can, else none.

``python tests/xls/make_fixtures.py DIR`` writes each named fixture to DIR for a look in Excel.
"""

from __future__ import annotations

import datetime as dt
import io
import sys
from pathlib import Path

import xlwt


def book() -> bytes:
    """Two sheets: a price list (a title merged across, a header, currency, percentages, dates, a group
    key merged down, a hidden row) and a hidden sheet."""
    wb = xlwt.Workbook()
    ws = wb.add_sheet("Listino")
    money = xlwt.easyxf(num_format_str='"$"#,##0.00')
    pct = xlwt.easyxf(num_format_str="0.0%")
    day = xlwt.easyxf(num_format_str="d-mmm-yy")
    ws.write_merge(0, 0, 0, 3, "Incentives, June 2026")
    for c, text in enumerate(("Brand", "Model", "Price", "Discount", "From")):
        ws.write(2, c, text)
    ws.write_merge(3, 4, 0, 0, "Fiat")
    for r, (model, price, discount) in enumerate((("Pandina Cross", 15950, 0.125), ("Pandina Icon", 16450, 0.1))):
        ws.write(3 + r, 1, model)
        ws.write(3 + r, 2, price, money)
        ws.write(3 + r, 3, discount, pct)
        ws.write(3 + r, 4, dt.date(2026, 6, 1), day)
    ws.write(5, 0, "Secret")
    ws.write(5, 2, 1, money)
    ws.row(5).hidden = True
    ws.write(6, 0, "Total")
    ws.write(6, 2, xlwt.Formula("C4+C5"), money)
    ws.write(7, 0, "flag")
    ws.write(7, 1, True)
    ws.write(7, 2, 1 / 3)
    hidden = wb.add_sheet("Hidden")
    hidden.write(0, 0, "kept out")
    hidden.visibility = 1
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


FIXTURES = {"book": book}


def main() -> None:
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, build in FIXTURES.items():
        (folder / f"{name}.xls").write_bytes(build())


if __name__ == "__main__":
    main()
