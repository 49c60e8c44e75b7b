"""What the segments writer's comment coverage costs: CPU seconds with its walk and with it stubbed out.

    python bench/bench_covers.py          # 100,000 paragraphs and a 50,000-row table of Cells
    python bench/bench_covers.py 20000

Every paragraph and every row of Cells is walked once more for ``comment-range`` Spans (the ``covers``
of a comment's records); a document without comments pays the walk and finds nothing. The ratio is the
figure: best of three, CPU time, in this process.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import zenconv.writers.segments as segments  # noqa: E402
from zenconv.ir import Cell, Document, Paragraph, Row, Strong, Table, Text  # noqa: E402


def _document(paragraphs: int) -> Document:
    blocks = [Paragraph([Text("lorem ipsum dolor sit amet "), Strong([Text("bold words")]), Text(" tail" * 10)])
              for _ in range(paragraphs)]
    rows = [Row([Cell([Paragraph([Text(f"cell {i}")])]), Cell([Paragraph([Text("x y z")])])])
            for i in range(paragraphs // 2)]
    return Document([*blocks, Table(rows=rows)])


def _best_cpu(paragraphs: int) -> float:
    best = float("inf")
    for _ in range(3):
        doc = _document(paragraphs)
        started = time.process_time()
        segments.write(doc, io.BytesIO(), None)
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    paragraphs = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    walked = _best_cpu(paragraphs)
    segments.Covers.inlines = lambda self, nodes, citation: []  # the walk stubbed out
    bare = _best_cpu(paragraphs)
    print(f"segments, {paragraphs:,} paragraphs and {paragraphs // 2:,} rows of Cells: {walked:.2f} s CPU with "
          f"the covers walk, {bare:.2f} s without: {walked / bare:.2f}x")


if __name__ == "__main__":
    main()
