"""RSS (0.9x, 1.0 and 2.0) and Atom feeds: the feed's title, then one section per item or entry.

A section is a level-2 heading (the title, a link to the item's page when it has one), a paragraph of
its fields one per line (published, updated, author, categories, enclosures and the rest, each
element we have no label for under its own name), then its content. Links are carried as links
whatever their scheme: the writers' URL policy decides what stays a link (a ``javascript:`` link is
written inert).

Content that is HTML (an RSS ``description`` or ``content:encoded``, an Atom ``type="html"`` or
``"xhtml"`` text) goes through the HTML reader's allowlist converter, the one Markdown's raw HTML uses,
under the ``xml.`` namespace: a feed's content is a web page's body, and read as text its markup would
either be lost (tables, lists, links) or shown as tags; through the converter, a script in it is dropped
and reported as it is in an HTML file. Plain-text content is one paragraph, as written.

Items are read one at a time and freed after, so a large feed costs one item's memory.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree
from zenconv_plugins.html.convert import Converter
from zenconv_plugins.html.parse import parse_fragment
from zenconv_plugins.html.urls import clean_url
from zenconv_plugins.html.whitespace import collapse

from zenconv.context import ReadContext
from zenconv.ir import HardBreak, Heading, Link, Locator, Paragraph, Strong, Text, plain_text

from .names import PathTracker, attributes_text, element_name, local_name, namespace_of, release

ATOM = "http://www.w3.org/2005/Atom"
CONTENT = "http://purl.org/rss/1.0/modules/content/"
_ITEMS = {"rss": "item", "RDF": "item", "feed": "entry"}
_CONTAINERS = {"channel", "feed", "RDF"}
# (namespace or "", local name) -> label, for fields carried as text
_LABELS = {
    ("", "pubDate"): "Published", ("", "lastBuildDate"): "Updated", ("", "author"): "Author",
    ("", "guid"): "GUID", ("", "language"): "Language", ("", "copyright"): "Copyright",
    ("", "managingEditor"): "Editor", ("", "generator"): "Generator",
    ("http://purl.org/dc/elements/1.1/", "date"): "Published",
    ("http://purl.org/dc/elements/1.1/", "creator"): "Author",
    (ATOM, "published"): "Published", (ATOM, "updated"): "Updated", (ATOM, "id"): "ID",
    (ATOM, "rights"): "Rights", (ATOM, "generator"): "Generator", (ATOM, "subtitle"): "Subtitle",
}
_LINKED = {("", "comments"): "Comments", ("", "docs"): "Docs"}


def is_feed(root) -> bool:
    name = local_name(root.tag)
    return name in ("rss", "RDF") or (name == "feed" and namespace_of(root.tag) == ATOM)


class Feed:
    def __init__(self, ctx: ReadContext) -> None:
        self.ctx = ctx
        self.paths = PathTracker()
        self.conv = Converter(ctx)
        self.max_items = ctx.options["max_rows"]

    def blocks(self, root, events: Iterator[tuple[str, object]]) -> Iterator:
        self.item_name = item_name = _ITEMS[local_name(root.tag)]
        self.owners = _CONTAINERS | {item_name}
        self.paths.enter(root)
        self.where: dict = {}  # a field element -> its XPath, noted at its end (its siblings go before it is read)
        header_done, items = False, 0
        for el, path in self.paths.ends(events):
            name, parent = local_name(el.tag), el.getparent()
            if parent is not None and local_name(parent.tag) in self.owners:
                self.where[el] = path
            if name == item_name and parent is not None and local_name(parent.tag) in _CONTAINERS:
                yield from self._loose(parent, self.paths.path, heading=not header_done, before=el)
                header_done = True
                items += 1
                if items > self.max_items:
                    yield self._truncated(el, path)
                    return
                yield from self._item(el, path)
                release(el)
                self.where.pop(el, None)
            elif name in _CONTAINERS or el is root:
                yield from self._loose(el, path, heading=not header_done)
                header_done = True

    # --- the feed and its items ------------------------------------------------------------------

    def _loose(self, container, path: str, heading: bool, before=None) -> Iterator:
        """The container's fields outside its items, those before the item ``before`` (all at the
        container's end; the parser may have read ahead), the first time with its title as the feed's
        heading; they are then removed, so each is read once."""
        where = Locator(line=container.sourceline, xpath=path)
        if heading:
            title = _child(container, "title")
            text = self._title_text(title) if title is not None else ""
            if text:
                self.ctx.metadata.title = self.ctx.metadata.title or text
                yield Heading(1, [Text(text)], locator=where)
        children = container if before is None else reversed(list(before.itersiblings(preceding=True)))
        loose = [child for child in children if not _is(child, self.owners)]
        yield from self._fields_paragraph(self._fields(loose, container), where)
        for child in loose:
            container.remove(child)
            self.where.pop(child, None)

    def _item(self, item, path: str) -> Iterator:
        where = Locator(line=item.sourceline, xpath=path)
        title = _child(item, "title")
        text = (self._title_text(title) if title is not None else "") or "(untitled)"
        link = _item_link(item)
        yield Heading(2, [Link([Text(text)], link)] if link else [Text(text)], locator=where)
        yield from self._fields_paragraph(self._fields(list(item), item), where)
        for child in item:
            self.where.pop(child, None)

    def _fields(self, children: list, owner) -> list[tuple[str, list, object, Locator]]:
        """(label, inlines, element, locator) for each child; a content child has the label "content"."""
        fields, categories = [], []
        for child in children:
            if not isinstance(child.tag, str):
                continue  # a comment: reported as the stream passed it
            where = Locator(line=child.sourceline, xpath=self.where.get(child))
            key = (namespace_of(child.tag), local_name(child.tag))
            field = self._field(child, key, categories)
            if field is not None and field[0] != "title":
                fields.append((*field, child, where))
        if categories:
            fields.append(("Categories", [Text(", ".join(categories))], owner, None))
        return fields

    def _field(self, child, key: tuple[str, str], categories: list[str]) -> tuple[str, list] | None:
        namespace, name = key
        atom = namespace == ATOM
        if name == "title" and namespace in ("", ATOM, "http://purl.org/rss/1.0/"):
            return "title", []
        if name == "category":
            categories.append(child.get("term") or _text(child))
            return None
        if (name in ("description", "summary", "content") and namespace in ("", ATOM, "http://purl.org/rss/1.0/")
                or (namespace, name) == (CONTENT, "encoded")):
            return "content", []
        if name == "link" and not atom and namespace in ("", "http://purl.org/rss/1.0/"):
            in_item = local_name(child.getparent().tag) == self.item_name
            return None if in_item else ("Link", _link(_text(child)))  # an item's is its heading's link
        if name == "link" and atom:
            rel = child.get("rel") or "alternate"
            parent = child.getparent()
            if rel == "alternate" and local_name(parent.tag) == "entry" and child is _first_alternate(parent):
                return None  # the entry's heading links to it
            return f"Link ({rel})", _link(child.get("href")) + _details(child, ("type", "hreflang", "length", "title"))
        if name in ("author", "contributor") and atom:
            parts = [_text(_child(child, n)) for n in ("name", "email", "uri") if _child(child, n) is not None]
            return name.capitalize(), [Text(", ".join(p for p in parts if p))]
        if name == "enclosure":
            return "Enclosure", _link(child.get("url")) + _details(child, ("type", "length"))
        if (namespace, name) in _LINKED:
            return _LINKED[(namespace, name)], _link(_text(child))
        if name == "source" and not atom:
            return "Source", [Text(_text(child))] + ([Text(" ")] + _link(child.get("url")) if child.get("url") else [])
        construct = atom and child.get("type") is not None  # an Atom text construct: its type is how it is read
        text = self._title_text(child) if construct else _text(child)
        attributes = attributes_text(child, skip=("type",) if construct else ())
        text += f" [{attributes}]" if attributes else ""
        return _LABELS.get((namespace, name)) or element_name(child), [Text(text)]

    def _fields_paragraph(self, fields: list, where: Locator) -> Iterator:
        """One paragraph of the fields, a line each, then the content elements in their order."""
        lines: list = []
        for label, inlines, _el, _where in fields:
            if label != "content":
                lines += [HardBreak()] if lines else []
                lines += [Strong([Text(f"{label}:")])]
                lines += [Text(" "), *inlines] if plain_text(inlines).strip() else []
        if lines:
            yield Paragraph(lines, locator=where)
        for label, _inlines, el, el_where in fields:
            if label == "content":
                yield from self._content(el, el_where)

    def _content(self, el, where: Locator) -> Iterator:
        """A description, summary or content element: HTML through the converter, text as it is."""
        kind = (el.get("type") or ("text" if namespace_of(el.tag) == ATOM else "html")).lower()
        if el.get("src"):
            yield Paragraph([Strong([Text("Content:")]), Text(" "), *_link(el.get("src"))], locator=where)
            return
        if kind in ("xhtml", "application/xhtml+xml"):
            html = "".join(etree.tostring(child, method="html", encoding="unicode") for child in el)
        elif kind in ("html", "text/html"):
            html = _text(el, strip=False)
        else:
            text = _text(el)
            if text:
                yield Paragraph([Text(text)], locator=where)
            return
        if not html.strip():
            return
        fragment = parse_fragment(html, self.ctx.namespace)
        if fragment is None:
            return
        self.conv.line_of = lambda _el: el.sourceline
        self.conv.prepare(fragment)
        for block in self.conv.blocks(fragment):
            block.locator = where
            yield block

    def _title_text(self, el) -> str:
        """A title as text: an Atom ``type="html"`` title's markup read as HTML, its text kept but a
        script's or a style sheet's, which are dropped and reported as the converter does."""
        kind = (el.get("type") or "text").lower()
        if kind != "html" or namespace_of(el.tag) != ATOM or not _text(el):
            return collapse(_text(el))
        fragment = parse_fragment(_text(el), self.ctx.namespace)
        if fragment is None:
            return ""
        for dropped in fragment.iter("script", "style"):
            self.ctx.report(self.ctx.code(f"{dropped.tag}-dropped"), Locator(line=el.sourceline), detail=dropped.tag)
        etree.strip_elements(fragment, "script", "style", with_tail=False)
        return collapse("".join(fragment.itertext())).strip()

    def _truncated(self, item, path: str) -> Paragraph:
        where = Locator(line=item.sourceline, xpath=path)
        self.ctx.report(self.ctx.code("items-truncated"), where)
        self.ctx.flags["truncated"] = True
        return Paragraph([Text(f"⚠ Truncated: items after {self.max_items:,} were not read "
                               f"(--max-rows {self.max_items})")], locator=where)


def _is(node, names: set[str]) -> bool:
    return isinstance(node.tag, str) and local_name(node.tag) in names


def _child(el, name: str):
    for child in el:
        if isinstance(child.tag, str) and local_name(child.tag) == name:
            return child
    return None


def _text(el, strip: bool = True) -> str:
    text = "".join(el.itertext()) if el is not None else ""
    return text.strip() if strip else text


def _first_alternate(parent):
    for child in parent:
        if (isinstance(child.tag, str) and local_name(child.tag) == "link" and namespace_of(child.tag) == ATOM
                and (child.get("rel") or "alternate") == "alternate"):
            return child
    return None


def _item_link(item) -> str | None:
    """The page an item is about: RSS ``link`` (else a permalink ``guid``), Atom's first alternate link."""
    alternate = _first_alternate(item)
    if alternate is not None:
        return clean_url(alternate.get("href") or "") or None
    link = _child(item, "link")
    if link is not None and namespace_of(link.tag) != ATOM and _text(link):
        return clean_url(_text(link))
    guid = _child(item, "guid")
    if guid is not None and (guid.get("isPermaLink") or "true").lower() == "true" and _text(guid):
        return clean_url(_text(guid))
    return None


def _link(url: str | None) -> list:
    if not url or not url.strip():
        return []
    url = clean_url(url)
    return [Link([Text(url)], url)]


def _details(el, names: tuple[str, ...]) -> list:
    found = [f"{name} {el.get(name)}" for name in names if el.get(name)]
    return [Text(f" ({', '.join(found)})")] if found else []
