"""A sitemap of URLS entries and an outline-shaped XML of the same size to Markdown: zenconv vs lxml's
iterparse alone vs markitdown; wall time and peak RSS (memory should not grow with the file).

    python bench/bench_xml.py            # 200,000 URLs
    python bench/bench_xml.py 1000000
"""

from __future__ import annotations

import sys

from common import DATA, measure_isolated, peer, table, zenconv_cmd


def sitemap(urls: int):
    path = DATA / f"sitemap-{urls}.xml"
    if not path.exists():
        with open(path, "w") as fh:
            fh.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')
            for u in range(urls):
                fh.write(f"<url><loc>https://example.com/p/{u}</loc><lastmod>2026-01-{u % 28 + 1:02d}</lastmod>"
                         f"<changefreq>weekly</changefreq><priority>0.{u % 10}</priority></url>\n")
            fh.write("</urlset>\n")
    return path


def records(count: int):
    path = DATA / f"records-{count}.xml"
    if not path.exists():
        with open(path, "w") as fh:
            fh.write("<export>\n")
            for r in range(count):
                fh.write(f'<record id="{r}"><name>name {r}</name><amount>{r * 7 % 1000}.25</amount></record>\n')
            fh.write("</export>\n")
    return path


def bare(src) -> list[str]:
    code = ("from lxml import etree\n"
            f"for _, el in etree.iterparse({str(src)!r}):\n"
            "    el.clear(keep_tail=True)\n")
    return [sys.executable, "-c", code]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    markitdown = peer("markitdown")
    for src in (sitemap(count), records(count)):
        results = [
            ("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "out.md")])),
            ("zenconv → segments", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "out.jsonl")])),
            ("lxml iterparse alone", *measure_isolated(bare(src))),
        ]
        if markitdown:
            results.append(("markitdown", *measure_isolated([markitdown, str(src), "-o", str(DATA / "md-out.md")])))
        print(f"{src.name}: {src.stat().st_size / 1e6:.0f} MB")
        print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
