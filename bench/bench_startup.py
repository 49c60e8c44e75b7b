"""Start-up: `zenconv tiny.csv` as a ratio of `python -c pass` (issue #22: within 5×); markitdown is the peer.

    python bench/bench_startup.py
"""

from __future__ import annotations

import sys

from common import DATA, measure_isolated, peer, table, zenconv_cmd


def main() -> None:
    tiny = DATA / "tiny.csv"
    tiny.write_text("a,b\n1,2\n")
    rows = [("zenconv tiny.csv (stdout)", *measure_isolated([*zenconv_cmd(), str(tiny)], repeat=5)),
            ("zenconv tiny.csv -o tiny.md", *measure_isolated([*zenconv_cmd(), str(tiny), "-o", str(DATA / "tiny.md")], repeat=5)),
            ("python -c pass", *measure_isolated([sys.executable, "-c", "pass"], repeat=5))]
    markitdown = peer("markitdown")
    if markitdown:
        rows.append(("markitdown tiny.csv", *measure_isolated([markitdown, str(tiny)], repeat=3)))
    print(table(rows, "python -c pass"))


if __name__ == "__main__":
    main()
