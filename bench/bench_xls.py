"""A ROWS × 10 legacy .xls (BIFF8) to Markdown: zenconv vs xlrd alone; wall time and peak RSS.

    python bench/bench_xls.py            # 60,000 rows (BIFF8 holds 65,536)
    python bench/bench_xls.py 20000

The workbook is written with xlwt: per row a unique name, a category (shared strings), a number in a
currency format, a percentage, a date and a boolean; every hundredth row has a cell comment.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from common import DATA, measure_isolated, table, zenconv_cmd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "xls"))


def generate(rows: int) -> Path:
    path = DATA / f"rows-{rows}.xls"
    if path.exists():
        return path
    import xlwt
    from make_fixtures import _with_records, note_records

    book = xlwt.Workbook()
    sheet = book.add_sheet("Ledger")
    money = xlwt.easyxf(num_format_str='"$"#,##0.00')
    pct = xlwt.easyxf(num_format_str="0.0%")
    day = xlwt.easyxf(num_format_str="d-mmm-yy")
    for c, name in enumerate(("id", "name", "category", "amount", "rate", "date", "flag", "a", "b", "c")):
        sheet.write(0, c, name)
    notes = b""
    for r in range(1, rows):
        sheet.write(r, 0, r)
        sheet.write(r, 1, f"name {r}")
        sheet.write(r, 2, f"category {r % 12}")
        sheet.write(r, 3, r * 7.25, money)
        sheet.write(r, 4, (r % 100) / 100, pct)
        sheet.write(r, 5, dt.date(2026, 1, 1) + dt.timedelta(days=r % 365), day)
        sheet.write(r, 6, bool(r % 2))
        for c in (7, 8, 9):
            sheet.write(r, c, r * c)
        if r % 100 == 0:
            notes += note_records(r, 1, f"Reviewer:\nchecked row {r}", "Reviewer", r // 100)
    _with_records(sheet, notes)
    book.save(str(path))
    return path


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 60_000
    src = generate(rows)
    bare = [sys.executable, "-c", "import xlrd\nb = xlrd.open_workbook(%r, formatting_info=True)\n"
            "for s in b.sheets():\n    [s.row_values(r) for r in range(s.nrows)]" % str(src)]
    results = [
        ("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "out-xls.md")])),
        ("zenconv → segments", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "out-xls.jsonl")])),
        ("xlrd alone, formatting_info, row values", *measure_isolated(bare)),
    ]
    print(f"{rows:,} rows × 10 columns, {src.stat().st_size / 1e6:.0f} MB .xls")
    print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
