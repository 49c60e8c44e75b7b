"""PDF to Markdown in pages per second: zenconv vs pdfminer.six's own extract_text vs markitdown.

    python bench/bench_pdf.py            # a generated 100-page report
    python bench/bench_pdf.py 300
    python bench/bench_pdf.py FILE.pdf   # any PDF

pdfminer's ``extract_text`` is the floor: zenconv parses with pdfminer too, so it cannot beat the
parsing by much; it can beat pdfminer's layout analysis, which it does not use. markitdown reads
PDFs with pdfminer's ``extract_text`` as well (and loses the tables). Each tool runs as its own
process, best of three, start-up included; the generated report (reportlab's platypus) has per
page a heading every third page, four justified paragraphs with bold and italic words, a
five-item list every other page and a 12 × 4 table every fourth page.
"""

from __future__ import annotations

import sys
from pathlib import Path

from common import DATA, measure_isolated, peer, zenconv_cmd

WORDS = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do", "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua", "enim", "ad", "minim", "veniam", "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi"]


def _words(n: int, seed: int) -> str:
    return " ".join(WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(n))


def generate(pages: int) -> Path:
    path = DATA / f"report-{pages}.pdf"
    if path.exists():
        return path
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import (
        ListFlowable,
        PageBreak,
        Paragraph,
        SimpleDocTemplate,
        Table,
        TableStyle,
    )

    styles = getSampleStyleSheet()
    body = styles["BodyText"]
    body.alignment = 4  # justified
    story = []
    for page in range(pages):
        if page % 3 == 0:
            story.append(Paragraph(f"Section {page // 3 + 1}: {_words(4, page)}", styles["Heading1"]))
        for k in range(4):
            story.append(Paragraph(f"{_words(40, page * 4 + k)} <b>{_words(4, k)}</b> {_words(30, page + k)} "
                                   f"<i>{_words(3, page)}</i> {_words(25, k * 11)}.", body))
        if page % 2 == 0:
            story.append(ListFlowable([Paragraph(_words(8, page + i), body) for i in range(5)], bulletType="bullet"))
        if page % 4 == 0:
            rows = [["Item", "Quantity", "Price", "Note"]] + [
                [f"Item {page}-{r}", str(r * 3), f"{r * 1.25:.2f}", _words(3, r)] for r in range(12)]
            table = Table(rows)
            table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black)]))
            story.append(table)
        story.append(PageBreak())
    SimpleDocTemplate(str(path), pagesize=A4, invariant=1).build(story)
    return path


def page_count(path: Path) -> int:
    from pdfminer.pdfpage import PDFPage

    with open(path, "rb") as fh:
        return sum(1 for _ in PDFPage.get_pages(fh))


def main() -> None:
    arg = sys.argv[1] if len(sys.argv) > 1 else "100"
    path = Path(arg) if arg.endswith(".pdf") else generate(int(arg))
    pages = page_count(path)
    out = DATA / "out.md"
    rows = [("zenconv → Markdown", *measure_isolated([*zenconv_cmd(), str(path), "-o", str(out), "-q"], repeat=3))]
    floor = [sys.executable, "-c", "import sys; from pdfminer.high_level import extract_text; extract_text(sys.argv[1])",
             str(path)]
    rows.append(("pdfminer.six extract_text (the floor)", *measure_isolated(floor, repeat=3)))
    markitdown = peer("markitdown")
    if markitdown:
        rows.append(("markitdown", *measure_isolated([markitdown, str(path), "-o", str(out)], repeat=3)))
    print(f"{path.name}: {pages} pages")
    print(f"{'tool':40} {'seconds':>8} {'pages/s':>8} {'peak MiB':>9} {'× zenconv':>10}")
    base = rows[0][1]
    for name, seconds, rss in rows:
        print(f"{name:40} {seconds:8.2f} {pages / seconds:8.1f} {rss:9d} {seconds / base:10.2f}")


if __name__ == "__main__":
    main()
