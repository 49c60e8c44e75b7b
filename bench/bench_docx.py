"""A 300-page Word document to Markdown: zenconv vs mammoth vs pandoc; wall time and peak RSS.

    python bench/bench_docx.py          # 300 pages
    python bench/bench_docx.py 50

The document is generated with python-docx: per page six paragraphs of mixed bold, italic and plain
runs with a hyperlink, a heading every fifth page, a five-item list every other page, a 12 × 4 table
every fifth page, and a page break; about 150,000 words at 300 pages.
"""

from __future__ import annotations

import sys

from common import DATA, measure_isolated, peer, table, zenconv_cmd

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et "
         "dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi").split()


def _words(n: int, seed: int) -> str:
    return " ".join(WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(n))


def _hyperlink(paragraph, url: str, text: str) -> None:
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    rid = paragraph.part.relate_to(url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), rid)
    run = OxmlElement("w:r")
    t = OxmlElement("w:t")
    t.text = text
    run.append(t)
    link.append(run)
    paragraph._p.append(link)


def generate(pages: int):
    path = DATA / f"pages-{pages}.docx"
    if path.exists():
        return path
    import docx
    from docx.enum.text import WD_BREAK

    doc = docx.Document()
    for page in range(pages):
        if page % 5 == 0:
            doc.add_heading(f"Chapter {page // 5 + 1}: {_words(4, page)}", level=1 + (page // 5) % 2)
        for k in range(6):
            p = doc.add_paragraph()
            p.add_run(_words(30, page * 6 + k) + " ")
            p.add_run(_words(6, k)).bold = True
            p.add_run(" " + _words(20, page + k) + " ")
            p.add_run(_words(5, page)).italic = True
            p.add_run(" " + _words(15, k * 11) + " ")
            _hyperlink(p, f"https://example.com/{page}/{k}", "a link")
            p.add_run(".")
        if page % 2 == 0:
            for i in range(5):
                doc.add_paragraph(_words(10, page + i), style="List Bullet" if page % 4 else "List Number")
        if page % 5 == 2:
            t = doc.add_table(rows=12, cols=4)
            for r, row in enumerate(t.rows):
                for c, cell in enumerate(row.cells):
                    cell.text = f"{_words(2, r + c)} {r}.{c}"
        doc.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    doc.save(path)
    return path


def main() -> None:
    pages = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    src = generate(pages)
    results = [("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "docx-out.md")], repeat=3))]
    reader_only = [sys.executable, "-c",
                   "import sys\nfrom zenconv.testing import read\n"
                   "r = read(sys.argv[1], 'ai.insan.zenfmt.docx', materialize=False)\n"
                   "for b in r.document.blocks:\n    getattr(b, 'rows', None) and list(b.rows)\n", str(src)]
    results.append(("zenconv docx reader alone (IR, no writer)", *measure_isolated(reader_only, repeat=3)))
    mammoth = peer("mammoth")
    if mammoth:
        results.append(("mammoth → markdown", *measure_isolated(
            [mammoth, str(src), str(DATA / "mammoth-out.md"), "--output-format=markdown"], repeat=3)))
    pandoc = peer("pandoc")
    if pandoc:
        results.append(("pandoc → gfm", *measure_isolated([pandoc, str(src), "-t", "gfm", "-o", str(DATA / "pandoc-out.md")], repeat=3)))
    print(f"{pages} pages, {src.stat().st_size / 1e6:.1f} MB")
    print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
