"""A sitemap (``urlset``) or a sitemap index (``sitemapindex``), sitemaps.org 0.9: one table of its URLs.

Columns ``loc``, ``lastmod``, ``changefreq``, ``priority`` for a ``urlset``; ``loc``, ``lastmod`` for an
index (its entries have no more). ``loc`` is a link: the writers' URL policy decides what stays one.
Rows stream (``Table.rows`` is lazy, one ``url`` element alive at a time), each citable by its row and
XPath. An extension inside an entry (``image:image``, ``xhtml:link``, ``news:news``, ``video:video``) has
no column: it is reported, with its text counted.
"""

from __future__ import annotations

from collections.abc import Iterator

from zenconv_plugins.html.urls import clean_url

from zenconv.context import ReadContext
from zenconv.ir import Cell, Link, Locator, Row, Table, Text

from .names import PathTracker, element_name, local_name, namespace_of, release

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
_COLUMNS = {"urlset": ("loc", "lastmod", "changefreq", "priority"), "sitemapindex": ("loc", "lastmod")}
_ENTRY = {"urlset": "url", "sitemapindex": "sitemap"}


def is_sitemap(root) -> bool:
    return local_name(root.tag) in _COLUMNS and namespace_of(root.tag) in (SITEMAP, "")


class Sitemap:
    def __init__(self, ctx: ReadContext) -> None:
        self.ctx = ctx
        self.paths = PathTracker()
        self.max_rows = ctx.options["max_rows"]

    def blocks(self, root, events: Iterator[tuple[str, object]]) -> Iterator:
        kind = local_name(root.tag)
        self.columns, self.entry = _COLUMNS[kind], _ENTRY[kind]
        self.paths.enter(root)
        table = Table(rows=(), locator=Locator(line=root.sourceline, xpath=self.paths.path))
        table.rows = self._rows(table, events)
        yield table

    def _rows(self, table: Table, events) -> Iterator[Row]:
        yield Row([Cell([Text(name)], header=True) for name in self.columns], locator=Locator(row=0))
        index = 1
        for el, path in self.paths.ends(events):
            if self.paths.depth != 1:
                continue
            if local_name(el.tag) != self.entry:  # not an entry: no row for it
                self._extension(el, Locator(line=el.sourceline, xpath=path))
                continue
            if index > self.max_rows:
                self._truncated(table, el, path)
                return
            yield self._row(el, Locator(row=index, line=el.sourceline, xpath=path))
            index += 1
            release(el)
            self.ctx.tick()

    def _row(self, entry, where: Locator) -> Row:
        values = dict.fromkeys(self.columns, "")
        for child in entry:
            name = local_name(child.tag) if isinstance(child.tag, str) else None
            if name in values and namespace_of(child.tag) in (SITEMAP, ""):
                values[name] = "".join(child.itertext()).strip()
            elif name is not None:
                self._extension(child, where)
        loc = clean_url(values["loc"])
        cells = [Cell([Link([Text(loc)], loc)]) if loc else ""] + [values[name] for name in self.columns[1:]]
        return Row(cells, locator=where)

    def _extension(self, el, where: Locator) -> None:
        self.ctx.report(self.ctx.code("sitemap-extension-dropped"), where, detail=element_name(el),
                        text="".join(el.itertext()).strip())

    def _truncated(self, table: Table, el, path: str) -> None:
        self.ctx.report(self.ctx.code("items-truncated"), Locator(row=self.max_rows + 1, line=el.sourceline, xpath=path))
        self.ctx.flags["truncated"] = True
        table.notes.append(f"⚠ Truncated: URLs after {self.max_rows:,} were not read (--max-rows {self.max_rows})")

