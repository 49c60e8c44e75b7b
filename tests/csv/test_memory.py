"""Hostile sizes: a 100 MB line with no line break, and a 1,000,000-row file, in bounded memory."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import zenconv_plugins.csv.reader as reader_module
from zenconv.ir.nodes import Row
from zenconv.testing import read

from .conftest import READER

HUNDRED_MB_LINE = textwrap.dedent("""
    import json, resource, sys
    from zenconv.testing import read
    path, kind = sys.argv[1], sys.argv[2]
    piece = ("x" * 999 + ",") * 1024 if kind == "fields" else "x" * (1 << 20)
    with open(path, "w") as fh:
        fh.write("a,b\\n" + ('"' if kind == "stray quote" else ""))
        for _ in range(100):
            fh.write(piece)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = read(path, sys.argv[3], materialize=False)
    (table,) = list(result.document.blocks)
    widths = [len(row.cells) for row in table.rows]
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    print(json.dumps({"widths": widths, "codes": result.codes(), "grown_kib": grown, "notes": table.notes}))
""")


def run_hundred_mb_line(tmp_path, kind: str) -> dict:
    done = subprocess.run([sys.executable, "-c", HUNDRED_MB_LINE, str(tmp_path / "line.csv"), kind, READER],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_100_mb_line_of_fields_is_read_under_the_caps(tmp_path):
    got = run_hundred_mb_line(tmp_path, "fields")
    assert got["widths"] == [2, 16_384]
    assert set(got["codes"]) == {"csv.line-truncated", "csv.columns-truncated"}
    assert got["grown_kib"] < 48 * 1024, f"reading grew the process by {got['grown_kib'] >> 10} MiB"


def test_a_100_mb_field_is_read_under_the_caps(tmp_path):
    got = run_hundred_mb_line(tmp_path, "one field")
    assert got["widths"] == [2, 1]
    assert set(got["codes"]) == {"csv.line-truncated", "csv.field-truncated"}
    assert got["grown_kib"] < 16 * 1024, f"reading grew the process by {got['grown_kib'] >> 10} MiB"


def test_a_quote_open_over_a_100_mb_line_is_held_up_to_its_bound(tmp_path):
    # The quote runs past --max-quoted-chars (1 Mi): that much is read again, then the line goes on
    # under the record's caps as any 100 MB line does.
    got = run_hundred_mb_line(tmp_path, "stray quote")
    assert got["widths"] == [2, 1]
    assert set(got["codes"]) == {"csv.unterminated-quote", "csv.line-truncated", "csv.field-truncated"}
    assert got["grown_kib"] < 24 * 1024, f"reading grew the process by {got['grown_kib'] >> 10} MiB"


def test_an_unterminated_quote_at_the_top_does_not_swallow_the_file(tmp_path):
    # The quote runs past --max-quoted-lines: it is taken literally and every later line is a row.
    path = tmp_path / "quote.csv"
    with open(path, "w") as fh:
        fh.write('a,"b\n')
        for _ in range(20):
            fh.write("row,1,2,3\n" * 1000)
    got = read(path, READER, max_field_chars=100)
    (table,) = got.document.blocks
    rows = list(table.rows)
    assert len(rows) == 20_001
    assert [c.content[0].text for c in rows[0].cells] == ["a", '"b']
    assert rows[-1].cells == ["row", "1", "2", "3"]
    assert got.codes() == {"csv.unterminated-quote": 1}


def test_a_million_rows_stream_without_being_held(tmp_path, monkeypatch):
    rows = 1_000_000
    path = tmp_path / "million.csv"
    line = ",".join(f"c{i}" for i in range(10)) + "\n"
    with open(path, "w") as fh:
        for _ in range(rows // 10_000):
            fh.write(line * 10_000)

    alive = peak = 0

    class ProbeRow(Row):
        __slots__ = ()

        def __init__(self, *args, **kwargs):
            nonlocal alive, peak
            Row.__init__(self, *args, **kwargs)
            alive += 1
            peak = max(peak, alive)

        def __del__(self):
            nonlocal alive
            alive -= 1

    monkeypatch.setattr(reader_module, "Row", ProbeRow)
    result = read(path, READER, materialize=False)
    (table,) = list(result.document.blocks)
    seen = 0
    for row in table.rows:
        seen += 1
    assert seen == rows
    assert peak <= 2, f"{peak} rows were alive at once"
