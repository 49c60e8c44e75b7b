"""A 200-slide PowerPoint deck to Markdown: zenconv vs markitdown; wall time and peak RSS.

    python bench/bench_pptx.py          # 200 slides
    python bench/bench_pptx.py 50

The deck is generated with python-pptx: every slide a title and a body placeholder of five bulleted
paragraphs on two levels and speaker notes; a 6 × 4 table every tenth slide, a clustered column
chart every twentieth, a picture every fifteenth.
"""

from __future__ import annotations

import io
import struct
import sys
import zlib

from common import DATA, measure_isolated, peer, table, zenconv_cmd


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x20\x60\xa0" * 64 for _ in range(64))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def generate(slides: int):
    path = DATA / f"slides-{slides}.pptx"
    if path.exists():
        return path
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    for n in range(1, slides + 1):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = f"Slide number {n}"
        frame = slide.placeholders[1].text_frame
        frame.text = f"Point one of slide {n}"
        for level, text in ((1, "a detail"), (0, "point two"), (1, "another detail"), (0, "point three")):
            p = frame.add_paragraph()
            p.text = f"{text} {n}"
            p.level = level
        if n % 10 == 0:
            grid = slide.shapes.add_table(6, 4, Inches(1), Inches(5), Inches(8), Inches(2)).table
            for r in range(6):
                for c in range(4):
                    grid.cell(r, c).text = f"r{r}c{c} of {n}"
        if n % 20 == 0:
            data = CategoryChartData()
            data.categories = ["Q1", "Q2", "Q3", "Q4"]
            data.add_series("Sales", (n, n + 1, n + 2, n + 3))
            data.add_series("Costs", (n - 1, n, n + 1, n + 2))
            slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(5), Inches(1), Inches(4), Inches(3), data)
        if n % 15 == 0:
            slide.shapes.add_picture(io.BytesIO(_png()), Inches(8), Inches(6), Inches(1), Inches(1))
        slide.notes_slide.notes_text_frame.text = f"Notes for slide {n}"
    prs.save(path)
    return path


def main() -> None:
    slides = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    src = generate(slides)
    results = [("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "pptx-out.md")], repeat=3))]
    reader_only = [sys.executable, "-c",
                   "import sys\nfrom zenconv.testing import read\n"
                   "r = read(sys.argv[1], 'ai.insan.zenfmt.pptx', materialize=False)\n"
                   "for b in r.document.blocks:\n    pass\n", str(src)]
    results.append(("zenconv pptx reader alone (IR, no writer)", *measure_isolated(reader_only, repeat=3)))
    markitdown = peer("markitdown")
    if markitdown:
        results.append(("markitdown → markdown", *measure_isolated(
            [markitdown, str(src), "-o", str(DATA / "markitdown-pptx-out.md")], repeat=3)))
    print(f"{slides} slides, {src.stat().st_size / 1e6:.1f} MB")
    print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
