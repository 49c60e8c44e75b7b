"""A 1,000,000-row CSV converts without ever holding its rows: a probe counts the rows alive at once."""

from __future__ import annotations

import gc
import weakref

from zenconv.context import Source
from zenconv.ir import Row
from zenconv.pipeline import Request, run
from zenconv.plugins import build_plugins

ROWS = 1_000_000


def test_million_row_csv_streams(tmp_path, monkeypatch):
    src = tmp_path / "big.csv"
    with open(src, "w") as fh:
        fh.write("id,name,amount,date,flag\n")
        for i in range(ROWS):
            fh.write(f"{i},name {i},{i * 7 % 1000}.25,2026-01-{i % 28 + 1:02d},{i % 2}\n")

    alive = 0
    peak = 0
    original_init = Row.__init__

    def counting_init(self, *args, **kwargs):
        nonlocal alive, peak
        original_init(self, *args, **kwargs)
        alive += 1
        peak = max(peak, alive)
        weakref.finalize(self, _dead)

    def _dead():
        nonlocal alive
        alive -= 1

    # Row is slotted: weakref needs a __weakref__ slot, so count through a subclass the reader builds.
    class ProbeRow(Row):
        __slots__ = ("__weakref__",)

    ProbeRow.__init__ = counting_init
    import zenconv_plugins.csv.reader as reader_module

    monkeypatch.setattr(reader_module, "Row", ProbeRow)
    gc.collect()
    out = tmp_path / "big.md"
    result = run(Request(source=Source(src.name, path=src), output=out), build_plugins(third_party=False))
    assert result.manifest.outcome == "converted"
    with open(out, "rb") as fh:
        lines = sum(1 for _ in fh)
    assert lines == ROWS + 2  # header, delimiter row, one line per record
    assert 0 < peak < ROWS // 10, f"{peak} rows were alive at once"
