"""Legacy .xls fixtures written with xlwt (the BIFF8 writer on PyPI), and an RC4-encrypted one made with
msoffcrypto-tool's encryption when it can, else none.

``python tests/xls/make_fixtures.py DIR`` writes each named fixture to DIR for a look in Excel.
"""

from __future__ import annotations

import datetime as dt
import io
import struct
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


def _record(kind: int, body: bytes) -> bytes:
    return struct.pack("<HH", kind, len(body)) + body


def note_records(row: int, col: int, text: str, author: str, object_id: int) -> bytes:
    """The BIFF8 records of one cell comment, as Excel writes them: OBJ (a comment box, ftCmo type 0x19),
    TXO with its text and formatting runs in two CONTINUE records, then NOTE naming the cell and the author.
    xlwt writes no comments, so these are appended to its sheet."""
    cmo = struct.pack("<HHHHH12s", 0x15, 18, 0x19, object_id, 0x4011, b"\0" * 12)
    obj = _record(0x005D, cmo + b"\0" * 4)
    chars = text.encode("latin-1")
    txo = _record(0x01B6, struct.pack("<HH6sHHH4x", 0x0212, 0, b"\0" * 6, len(text), 16, 0))
    body = _record(0x003C, b"\x00" + chars)
    runs = _record(0x003C, struct.pack("<HH4xHH4x", 0, 0, len(text), 0))
    who = author.encode("latin-1")
    note = _record(0x001C, struct.pack("<4HHB", row, col, 0, object_id, len(author), 0) + who + b"\0")
    return obj + txo + body + runs + note


def _with_records(sheet, extra: bytes) -> None:
    """Have xlwt write ``extra`` before the sheet's EOF record (the workbook takes each sheet's length as
    it comes, so the BOUNDSHEET offsets stay right)."""
    own = sheet.get_biff_data
    sheet.get_biff_data = lambda: (lambda data: data[:-4] + extra + data[-4:])(own())


def commented() -> bytes:
    """A sheet with two cell comments (one on a value, one on an empty cell inside the table), a formula
    xlwt stores without a result (xlwt has no calculation engine: every formula's result is the empty
    string) and a formula-free empty cell."""
    wb = xlwt.Workbook()
    ws = wb.add_sheet("Notes")
    for c, text in enumerate(("Item", "Amount", "Remark")):
        ws.write(0, c, text)
    ws.write(1, 0, "Rent")
    ws.write(1, 1, 1200)
    ws.write(2, 0, "Total")
    ws.write(2, 1, xlwt.Formula("B2*2"))
    ws.write(2, 2, "ok")
    _with_records(ws, note_records(1, 1, "Jane Roe:\nChecked against the lease", "Jane Roe", 1)
                  + note_records(1, 2, "Ask the landlord", "John Doe", 2))
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


FIXTURES = {"book": book, "commented": commented}


def main() -> None:
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, build in FIXTURES.items():
        (folder / f"{name}.xls").write_bytes(build())


if __name__ == "__main__":
    main()
