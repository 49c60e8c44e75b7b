"""A 1,000,000-row CSV converts without ever holding its rows: a probe counts the records alive at once,
in row objects and in the reader's groups of plain rows (whose row objects the pipe table never makes)."""

from __future__ import annotations

import gc
import weakref

from zenconv.context import Source
from zenconv.ir import Row
from zenconv.pipeline import Request, run
from zenconv.plugins import build_plugins
from zenconv.stream import PlainRows

ROWS = 1_000_000


def test_million_row_csv_streams(tmp_path, monkeypatch):
    src = tmp_path / "big.csv"
    with open(src, "w") as fh:
        fh.write("id,name,amount,date,flag\n")
        for i in range(ROWS):
            fh.write(f"{i},name {i},{i * 7 % 1000}.25,2026-01-{i % 28 + 1:02d},{i % 2}\n")

    alive = 0
    peak = 0
    grouped = 0  # records seen in groups

    def born(count: int) -> None:
        nonlocal alive, peak
        alive += count
        peak = max(peak, alive)

    def dead(count: int) -> None:
        nonlocal alive
        alive -= count

    # Row and PlainRows are slotted: weakref needs a __weakref__ slot, so count through subclasses the
    # reader builds.
    class ProbeRow(Row):
        __slots__ = ("__weakref__",)

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            born(1)
            weakref.finalize(self, dead, 1)

    class ProbePlain(PlainRows):
        __slots__ = ("__weakref__",)

        def __init__(self, cells, make) -> None:
            nonlocal grouped
            super().__init__(cells, make)
            grouped += len(cells)
            born(len(cells))
            weakref.finalize(self, dead, len(cells))

    import zenconv_plugins.csv.reader as reader_module

    monkeypatch.setattr(reader_module, "Row", ProbeRow)
    monkeypatch.setattr(reader_module, "PlainRows", ProbePlain)
    gc.collect()
    out = tmp_path / "big.md"
    result = run(Request(source=Source(src.name, path=src), output=out), build_plugins(third_party=False))
    assert result.manifest.outcome == "converted"
    with open(out, "rb") as fh:
        lines = sum(1 for _ in fh)
    assert lines == ROWS + 2  # header, delimiter row, one line per record
    assert grouped == ROWS  # every record after the header came in a group of plain rows
    assert 0 < peak < ROWS // 10, f"{peak} records were alive at once"
