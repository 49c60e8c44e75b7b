"""Issue #22's "within 3× of the bare parser" on documents shaped unlike ``bench_table.py``'s: the same
table, one row per shape.

    python bench/bench_shapes.py                       # every shape
    python bench/bench_shapes.py --only docx-lists,html-inline --runs 5
    python bench/bench_shapes.py --base /work/venvs/base/bin/zenconv --no-peers

The table's documents are mixed prose, as a report is. What a conversion costs beside its parser depends on
the shape: a short paragraph pays the reader's and the writer's per-block work against almost nothing to
parse, and a run of twenty formatted spans pays the inline composition twenty times. Each shape here holds
one of those to the extreme, at about the table's size (100,000 to 200,000 words):

- ``docx-lists``: 12,000 short paragraphs, three in four of them list items (bullets, numbers, a second level);
- ``docx-runs``: 3,000 paragraphs of 20 runs, mixing bold, italic, colour, size and font;
- ``docx-tables``: 250 tables of 20 × 6 cells, a paragraph between each;
- ``pptx-shapes``: 200 slides of 15 text boxes of three paragraphs;
- ``pptx-tables``: 150 slides, a 12 × 5 table and notes on each;
- ``odt-runs``, ``odt-tables``: the DOCX shapes as ODF XML; ``odt-lists``: 2,400 lists of five items (every
  third with a sublist of two), a paragraph before each;
- ``html-inline``: 25,000 paragraphs of bold, italic, a link and code, a list every tenth;
- ``html-table``: one table of 40,000 rows × 8 cells.

The bare parsers are the table's (lxml over every text node of the part that holds the text). The documents
are written once to ``bench/data/`` from a fixed seed. DOCX and PPTX need python-docx and python-pptx.
"""

from __future__ import annotations

import argparse
import random
import zipfile

import bench_html
import bench_odt
from bench_table import DOCX_TEXT, PEER_SECONDS, PPTX_TEXT, PY, header, measure_row
from common import DATA, peer, zenconv_cmd

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et "
         "dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi").split()


class Words:
    """Seeded filler text: the same documents on every machine."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def __call__(self, n: int) -> str:
        return " ".join(self._random.choice(WORDS) for _ in range(n))


def docx_lists(path):
    import docx

    words, doc = Words(1), docx.Document()
    styles = ("List Bullet", "List Number", "List Bullet 2", "Normal")
    for i in range(12_000):
        doc.add_paragraph(words(12), style=styles[i % 4])
    doc.save(path)


def docx_runs(path):
    import docx
    from docx.shared import Pt, RGBColor

    words, doc = Words(2), docx.Document()
    for _ in range(3_000):
        paragraph = doc.add_paragraph()
        for k in range(20):
            run = paragraph.add_run(words(3) + " ")
            run.bold = k % 3 == 0 or None
            run.italic = k % 4 == 1 or None
            if k % 5 == 2:
                run.font.color.rgb = RGBColor(0x11, 0x22, 0x33)
            if k % 6 == 3:
                run.font.size, run.font.name = Pt(13), "Arial"
    doc.save(path)


def docx_tables(path):
    import docx

    words, doc = Words(3), docx.Document()
    for _ in range(250):
        doc.add_paragraph(words(12))
        table = doc.add_table(rows=20, cols=6)
        for row in table.rows:
            for cell in row.cells:
                cell.text = words(3)
    doc.save(path)


def pptx_shapes(path):
    from pptx import Presentation
    from pptx.util import Inches

    words, deck = Words(4), Presentation()
    for _ in range(200):
        slide = deck.slides.add_slide(deck.slide_layouts[6])
        for k in range(15):
            frame = slide.shapes.add_textbox(Inches(k % 5 * 2), Inches(k // 5 * 2), Inches(2), Inches(1)).text_frame
            frame.text = words(6)
            for _ in range(2):
                run = frame.add_paragraph().add_run()
                run.text, run.font.bold = words(4), k % 2 == 0
    deck.save(path)


def pptx_tables(path):
    from pptx import Presentation
    from pptx.util import Inches

    words, deck = Words(5), Presentation()
    for _ in range(150):
        slide = deck.slides.add_slide(deck.slide_layouts[5])
        slide.shapes.title.text = words(4)
        table = slide.shapes.add_table(12, 5, Inches(0.5), Inches(1.5), Inches(9), Inches(5)).table
        for r in range(12):
            for c in range(5):
                table.cell(r, c).text = words(2)
        slide.notes_slide.notes_text_frame.text = words(30)
    deck.save(path)


_ODT_STYLES = ('<office:automatic-styles>'
               '<style:style style:name="B" style:family="text"><style:text-properties fo:font-weight="bold"/>'
               '</style:style><style:style style:name="I" style:family="text">'
               '<style:text-properties fo:font-style="italic"/></style:style>'
               '<style:style style:name="C" style:family="text"><style:text-properties fo:color="#112233" '
               'fo:font-size="13pt" style:font-name="Arial"/></style:style>'
               '<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/>'
               '<text:list-level-style-bullet text:level="2" text:bullet-char="◦"/></text:list-style>'
               '<text:list-style style:name="L2"><text:list-level-style-number text:level="1" style:num-format="1" '
               'style:num-suffix="."/></text:list-style></office:automatic-styles>')


def _odt(path, body) -> None:
    """An ODT of ``body`` (ODF XML chunks), with the table bench's styles, meta and manifest."""
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), bench_odt.MIME)  # first and stored, as ODF requires
        with z.open(zipfile.ZipInfo("content.xml", (2026, 1, 1, 0, 0, 0)), "w") as fh:
            fh.write(f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {bench_odt.NS}>'
                     f"{_ODT_STYLES}<office:body><office:text>".encode())
            for chunk in body:
                fh.write(chunk.encode())
            fh.write(b"</office:text></office:body></office:document-content>")
        manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
                    f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{bench_odt.MIME}"/>'
                    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                    '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>'
                    "</manifest:manifest>")
        styles = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-styles {bench_odt.NS}><office:styles>'
                  '<style:style style:name="Standard" style:family="paragraph"/></office:styles>'
                  "</office:document-styles>")  # pandoc refuses a document without one
        for name, text in (("styles.xml", styles), ("META-INF/manifest.xml", manifest)):
            z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), text, zipfile.ZIP_DEFLATED)


def odt_runs(path):
    words, styles = Words(6), ("B", "I", None, "C", "B", None)

    def paragraph():
        spans = (f'<text:span text:style-name="{styles[k % 6]}">{words(3)} </text:span>' if styles[k % 6]
                 else f"{words(3)} " for k in range(20))
        return f'<text:p>{"".join(spans)}</text:p>'

    _odt(path, (paragraph() for _ in range(3_000)))


def odt_lists(path):
    words = Words(7)

    def item(k):
        inner = ("<text:list>" + "".join(f"<text:list-item><text:p>{words(8)}</text:p></text:list-item>"
                                         for _ in range(2)) + "</text:list>" if k % 3 == 2 else "")
        return f"<text:list-item><text:p>{words(8)}</text:p>{inner}</text:list-item>"

    def block(i):
        items = "".join(item(k) for k in range(5))
        return f'<text:p>{words(12)}</text:p><text:list text:style-name="{"L2" if i % 2 else "L1"}">{items}</text:list>'

    _odt(path, (block(i) for i in range(2_400)))


def odt_tables(path):
    words = Words(8)

    def table(t):
        rows = "".join("<table:table-row>" + "".join(
            f'<table:table-cell office:value-type="string"><text:p>{words(3)}</text:p></table:table-cell>'
            for _ in range(6)) + "</table:table-row>" for _ in range(20))
        return (f"<text:p>{words(12)}</text:p><table:table table:name=\"T{t}\">"
                f'<table:table-column table:number-columns-repeated="6"/>{rows}</table:table>')

    _odt(path, (table(t) for t in range(250)))


def html_inline(path):
    words, parts = Words(9), []
    for i in range(25_000):
        parts.append(f"<p>{words(5)} <b>{words(2)}</b> <a href='https://example.com/{i}'>{words(2)}</a> "
                     f"<i>{words(3)}</i> <code>x{i}</code> {words(4)}</p>")
        if i % 10 == 0:
            parts.append("<ul>" + "".join(f"<li>{words(4)} <em>{words(1)}</em></li>" for _ in range(5)) + "</ul>")
    path.write_text("<!DOCTYPE html><html><body><div><div><article>" + "\n".join(parts)
                    + "</article></div></div></body></html>", encoding="utf-8")


def html_table(path):
    words = Words(10)
    rows = ("<tr>" + "".join(f"<td>{words(2)}</td>" for _ in range(8)) + "</tr>" for _ in range(40_000))
    path.write_text("<!DOCTYPE html><html><body><h1>Table</h1><table><tr>" + "<th>head</th>" * 8 + "</tr>"
                    + "\n".join(rows) + "</table></body></html>", encoding="utf-8")


ODT_TEXT = bench_odt.LXML
HTML_TEXT = bench_html.LXML
SHAPES = {  # key: (file name, generator, bare parser's label and code, peers)
    "docx-lists": ("shape-lists.docx", docx_lists, ("lxml over every text node", DOCX_TEXT)),
    "docx-runs": ("shape-runs.docx", docx_runs, ("lxml over every text node", DOCX_TEXT)),
    "docx-tables": ("shape-tables.docx", docx_tables, ("lxml over every text node", DOCX_TEXT)),
    "pptx-shapes": ("shape-shapes.pptx", pptx_shapes, ("lxml over every slide's text", PPTX_TEXT)),
    "pptx-tables": ("shape-tables.pptx", pptx_tables, ("lxml over every slide's text", PPTX_TEXT)),
    "odt-runs": ("shape-runs.odt", odt_runs, ("lxml, content.xml", ODT_TEXT)),
    "odt-lists": ("shape-lists.odt", odt_lists, ("lxml, content.xml", ODT_TEXT)),
    "odt-tables": ("shape-tables.odt", odt_tables, ("lxml, content.xml", ODT_TEXT)),
    "html-inline": ("shape-inline.html", html_inline, ("lxml.html", HTML_TEXT)),
    "html-table": ("shape-table.html", html_table, ("lxml.html", HTML_TEXT)),
}
PEERS = {"docx": ("pandoc", "mammoth", "markitdown"), "pptx": ("pandoc", "markitdown"),
         "odt": ("pandoc", "markitdown"), "html": ("pandoc", "markitdown")}


def generate(key: str):
    name, make, _ = SHAPES[key]
    path = DATA / name
    if not path.exists():
        tmp = path.with_name("tmp-" + name)
        make(tmp)
        tmp.rename(path)
    return path


def _peer_args(name: str, out) -> list[str]:
    return {"pandoc": ["-t", "gfm", "-o", str(out)], "mammoth": [str(out), "--output-format=markdown"],
            "markitdown": ["-o", str(out)]}[name]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="", help="comma-separated shapes: " + ",".join(SHAPES))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", help="a base build's zenconv command, run in the same rounds (before vs after)")
    parser.add_argument("--peer-seconds", type=float, default=PEER_SECONDS)
    parser.add_argument("--no-peers", action="store_true", help="zenconv (and the base) against the bare parsers only")
    args = parser.parse_args()
    only = [key for key in filter(None, args.only.split(","))] or list(SHAPES)
    unknown = set(only) - set(SHAPES)
    if unknown:
        parser.error(f"unknown shapes: {', '.join(sorted(unknown))}")
    found = {name: None if args.no_peers else peer(name) for name in ("pandoc", "markitdown", "mammoth")}
    print("peers found:", ", ".join(f"{k} ({v})" for k, v in found.items() if v) or "none")
    base = args.base.split() if args.base else None
    out = DATA / "shape-peer-out.md"
    lines = header(bool(base))
    for key in only:
        src = generate(key)
        bare_label, bare_code = SHAPES[key][2]
        peers = {name: _peer_args(name, out) for name in PEERS[key.split("-")[0]]}
        row = measure_row(key, key, src, [], [(bare_label, [PY, "-c", bare_code, str(src)])], peers,
                          zen=zenconv_cmd(), base=base, found=found, limit=args.peer_seconds, runs=args.runs)
        lines.append(row.replace("no installed peer reads it", "not run") if args.no_peers else row)
        print(lines[-1], flush=True)
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
