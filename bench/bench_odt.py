"""A 300-page OpenDocument text to Markdown: zenconv vs lxml and odfpy alone vs pandoc; wall time and peak RSS.

    python bench/bench_odt.py          # 300 pages
    python bench/bench_odt.py 50

The document is written as ODF XML directly (no office suite needed), shaped like ``bench_docx.py``'s:
per page six paragraphs of plain, bold and italic spans with a hyperlink, a heading every fifth page, a
five-item list every other page and a 12 × 4 table every fifth page; about 150,000 words at 300 pages.
The bare parsers: lxml parsing content.xml and visiting every text node, and odfpy's ``load``.
"""

from __future__ import annotations

import sys
import zipfile

from common import DATA, measure_isolated, peer, table, zenconv_cmd

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et "
         "dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi").split()
NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
      'xmlns:xlink="http://www.w3.org/1999/xlink" '
      'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
      'xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3"')
MIME = "application/vnd.oasis.opendocument.text"


def _words(n: int, seed: int) -> str:
    return " ".join(WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(n))


def _body(pages: int):
    for page in range(pages):
        if page % 5 == 0:
            level = 1 + (page // 5) % 2
            yield (f'<text:h text:style-name="Heading_20_{level}" text:outline-level="{level}">'
                   f"Chapter {page // 5 + 1}: {_words(4, page)}</text:h>")
        for k in range(6):
            yield (f'<text:p text:style-name="Standard">{_words(30, page * 6 + k)} '
                   f'<text:span text:style-name="T1">{_words(6, k)}</text:span> {_words(20, page + k)} '
                   f'<text:span text:style-name="T2">{_words(5, page)}</text:span> {_words(15, k * 11)} '
                   f'<text:a xlink:type="simple" xlink:href="https://example.com/{page}/{k}">a link</text:a>.</text:p>')
        if page % 2 == 0:
            items = "".join(f"<text:list-item><text:p>{_words(10, page + i)}</text:p></text:list-item>"
                            for i in range(5))
            yield f'<text:list text:style-name="{"L1" if page % 4 else "L2"}">{items}</text:list>'
        if page % 5 == 2:
            rows = "".join("<table:table-row>" + "".join(
                f"<table:table-cell office:value-type=\"string\"><text:p>{_words(2, r + c)} {r}.{c}</text:p>"
                "</table:table-cell>" for c in range(4)) + "</table:table-row>" for r in range(12))
            yield (f'<table:table table:name="Table{page}"><table:table-column table:number-columns-repeated="4"/>'
                   f"{rows}</table:table>")
        yield '<text:p text:style-name="Break"/>'


def generate(pages: int):
    path = DATA / f"pages-{pages}.odt"
    if path.exists():
        return path
    automatic = ('<office:automatic-styles>'
                 '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/>'
                 '</style:style><style:style style:name="T2" style:family="text">'
                 '<style:text-properties fo:font-style="italic"/></style:style>'
                 '<style:style style:name="Break" style:family="paragraph" style:parent-style-name="Standard">'
                 '<style:paragraph-properties fo:break-after="page"/></style:style>'
                 '<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"/>'
                 '</text:list-style><text:list-style style:name="L2"><text:list-level-style-number text:level="1" '
                 'style:num-format="1" style:num-suffix="."/></text:list-style></office:automatic-styles>')
    styles = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-styles {NS}><office:styles>'
              '<style:style style:name="Standard" style:family="paragraph"/>'
              '<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" '
              'style:default-outline-level="1"/><style:style style:name="Heading_20_2" style:display-name="Heading 2" '
              'style:family="paragraph" style:default-outline-level="2"/></office:styles></office:document-styles>')
    meta = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-meta {NS}><office:meta>'
            f"<dc:title>Benchmark</dc:title></office:meta></office:document-meta>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
                f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{MIME}"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>'
                '<manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>'
                "</manifest:manifest>")
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), MIME)  # first and stored, as ODF requires
        with z.open(zipfile.ZipInfo("content.xml", (2026, 1, 1, 0, 0, 0)), "w") as fh:
            fh.write(f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {NS}>{automatic}'
                     "<office:body><office:text>".encode())
            for chunk in _body(pages):
                fh.write(chunk.encode())
            fh.write(b"</office:text></office:body></office:document-content>")
        for name, text in (("styles.xml", styles), ("meta.xml", meta), ("META-INF/manifest.xml", manifest)):
            z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), text, zipfile.ZIP_DEFLATED)
    tmp.rename(path)
    return path


LXML = ("import sys, zipfile\nfrom lxml import etree\n"
        "root = etree.fromstring(zipfile.ZipFile(sys.argv[1]).read('content.xml'))\n"
        "for text in root.itertext():\n    pass\n")
ODFPY = "import sys\nfrom odf.opendocument import load\nload(sys.argv[1])\n"


def main() -> None:
    pages = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    src = generate(pages)
    results = [("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "odt-out.md")], repeat=3)),
               ("lxml, content.xml's text nodes", *measure_isolated([sys.executable, "-c", LXML, str(src)], repeat=3)),
               ("odfpy load", *measure_isolated([sys.executable, "-c", ODFPY, str(src)], repeat=3))]
    pandoc = peer("pandoc")
    if pandoc:
        results.append(("pandoc → gfm", *measure_isolated([pandoc, str(src), "-t", "gfm", "-o", str(DATA / "pandoc-odt-out.md")], repeat=3)))
    print(f"{pages} pages, {src.stat().st_size / 1e6:.1f} MB")
    print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
