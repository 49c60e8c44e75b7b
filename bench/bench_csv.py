"""A ROWS × 10 CSV to Markdown: zenconv vs the csv module alone vs markitdown; wall time and peak RSS.

    python bench/bench_csv.py            # 1,000,000 rows
    python bench/bench_csv.py 200000
"""

from __future__ import annotations

import sys

from common import DATA, measure_isolated, peer, table, zenconv_cmd


def generate(rows: int, columns: int = 10):
    """ROWS rows of 10 columns (``rows-ROWS.csv``), or of 8 without the two constant ones
    (``rows-ROWSx8.csv``, the issue table's shape)."""
    if columns not in (8, 10):
        raise ValueError("columns: 8 or 10")
    path = DATA / (f"rows-{rows}.csv" if columns == 10 else f"rows-{rows}x{columns}.csv")
    if not path.exists():
        with open(path, "w") as fh:
            fh.write(",".join(f"col{i}" for i in range(columns)) + "\n")
            pad, tail = (",y", ",z") if columns == 10 else ("", "")
            for r in range(rows):
                fh.write(f"{r},name {r},{r * 7 % 1000}.25,2026-01-{r % 28 + 1:02d},x{pad},\"q, {r}\"{tail},{r % 3},end\n")
    return path


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    src = generate(rows)
    bare = ["python3", "-c", f"import csv\nfor _ in csv.reader(open({str(src)!r}, newline='')): pass"]
    results = [
        ("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "out.md")])),
        ("zenconv → segments", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "out.jsonl")])),
        ("python csv module, rows only", *measure_isolated(bare)),
    ]
    markitdown = peer("markitdown")
    if markitdown:
        results.append(("markitdown", *measure_isolated([markitdown, str(src), "-o", str(DATA / "md-out.md")])))
    print(f"{rows:,} rows × 10 columns, {src.stat().st_size / 1e6:.0f} MB")
    print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
