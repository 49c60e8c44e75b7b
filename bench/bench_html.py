"""A 5 MB HTML page to Markdown: zenconv vs lxml.html alone vs markitdown and pandoc; wall time and peak RSS.

    python bench/bench_html.py          # about 5 MB
    python bench/bench_html.py 2        # about 2 MB

The page is an article of sections: a heading, four paragraphs with bold, italic, a link and inline code,
a six-item list every other section and a 10 × 4 table every fourth. The bare parser: ``lxml.html``
parsing the file and visiting every text node.
"""

from __future__ import annotations

import sys

from common import DATA, measure_isolated, peer, table, zenconv_cmd

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et "
         "dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi").split()


def _words(n: int, seed: int) -> str:
    return " ".join(WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(n))


def _section(n: int) -> str:
    parts = [f"<h{2 + n % 2}>Section {n}: {_words(4, n)}</h{2 + n % 2}>"]
    for k in range(4):
        parts.append(f"<p>{_words(25, n + k)} <b>{_words(3, k)}</b> {_words(15, n * k)} <i>{_words(4, n)}</i> "
                     f'<a href="https://example.com/{n}/{k}">a link</a> and <code>x_{n}</code> {_words(10, k)}.</p>')
    if n % 2 == 0:
        parts.append("<ul>" + "".join(f"<li>{_words(8, n + i)}</li>" for i in range(6)) + "</ul>")
    if n % 4 == 0:
        parts.append("<table><tr>" + "".join(f"<th>col {c}</th>" for c in range(4)) + "</tr>" + "".join(
            "<tr>" + "".join(f"<td>{_words(2, r + c)} {r}.{c}</td>" for c in range(4)) + "</tr>" for r in range(10))
            + "</table>")
    return "\n".join(parts) + "\n"


def generate(megabytes: int):
    path = DATA / f"page-{megabytes}mb.html"
    if path.exists():
        return path
    size, n = 0, 0
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Benchmark</title></head>'
                 "<body><article><h1>Benchmark</h1>\n")
        while size < megabytes * 1_000_000:
            text = _section(n)
            fh.write(text)
            size += len(text)
            n += 1
        fh.write("</article></body></html>\n")
    return path


LXML = "import sys\nimport lxml.html\nfor text in lxml.html.parse(sys.argv[1]).getroot().itertext():\n    pass\n"


def main() -> None:
    megabytes = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    src = generate(megabytes)
    results = [("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "html-out.md")], repeat=3)),
               ("lxml.html, every text node", *measure_isolated([sys.executable, "-c", LXML, str(src)], repeat=3))]
    markitdown = peer("markitdown")
    if markitdown:
        results.append(("markitdown", *measure_isolated([markitdown, str(src), "-o", str(DATA / "md-html-out.md")], repeat=3)))
    pandoc = peer("pandoc")
    if pandoc:
        results.append(("pandoc → gfm", *measure_isolated([pandoc, str(src), "-t", "gfm", "-o", str(DATA / "pandoc-html-out.md")], repeat=3)))
    print(f"{src.stat().st_size / 1e6:.1f} MB")
    print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
