"""Lists: bullet, ordered and task lists, and definition lists carried as bullet lists.

A mixin of :class:`.convert.Converter`, which supplies ``_flow``, ``_paragraph``, ``_skip``, ``_inlines_of``
and the hidden-content bookkeeping these methods use.
"""

from __future__ import annotations

from collections.abc import Iterator

from zenconv.ir import List, ListItem, Paragraph, Strong, Text
from zenconv_plugins.numerals import format_number

from .tree import html_int, pieces, tag_of
from .whitespace import collapse, tidy

# <ol type> (and an <li>'s own, for that item): the marker a browser draws, each followed by a period.
_TYPES = {"1": "decimal", "a": "alphabetic", "A": "ALPHABETIC", "i": "lowerRoman", "I": "upperRoman"}


def _alphabetic(n: int) -> str:
    """CSS's lower-alpha: a, b, ... z, aa, ab (bijective base 26, unlike Word's aa, bb); decimal below 1."""
    if n < 1:
        return str(n)
    letters = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(97 + rest) + letters
    return letters


def marker(n: int, kind: str | None) -> str:
    """The label a browser shows for item number ``n`` of an ``<ol type=kind>``: ``3.``, ``c.``, ``iii.``."""
    fmt = _TYPES.get(kind or "1", "decimal")
    if fmt == "alphabetic":
        return _alphabetic(n) + "."
    if fmt == "ALPHABETIC":
        return _alphabetic(n).upper() + "."
    return format_number(n, fmt) + "."


def _label(items: list[ListItem], sources: list, ol, start: int | None) -> int:
    """Give each item of an ``<ol>`` the label a browser shows (HTML's list owner rules): counting from
    ``start`` (1, or the number of items when ``reversed``), up (or down), an ``<li value>`` setting the
    count from there on, in the list's ``type`` or the item's own. ``sources`` are the items' ``<li>``
    elements (None for content the list held outside an item, which a browser numbers too). Return the
    list's start."""
    down = ol.get("reversed") is not None
    first = start if start is not None else (len(items) if down else 1)
    count = first
    for item, li in zip(items, sources):
        value = html_int(li.get("value")) if li is not None else None
        if value is not None:
            count = value
        item.label = marker(count, (li.get("type") if li is not None else None) or ol.get("type"))
        count += -1 if down else 1
    return first


class ListReading:
    def _list(self, el, tag: str, depth: int, wrap: tuple) -> Iterator:
        ordered = tag == "ol"
        start = html_int(el.get("start")) if ordered else None
        items: list[ListItem] = []
        sources: list = []  # each item's <li>, None for one _attach made of stray content
        stray: list = []
        for item in pieces(el):
            if not isinstance(item, str) and tag_of(item) == "li":
                if self._skip(item, "li"):
                    continue
                if stray:
                    self._attach(items, stray, depth, wrap, el)
                    sources.extend([None] * (len(items) - len(sources)))
                    stray = []
                items.append(self._item(item, depth, wrap))
                sources.append(item)
            else:
                stray.append(item)
        if stray:
            self._attach(items, stray, depth, wrap, el)
            sources.extend([None] * (len(items) - len(sources)))
        if items:
            if ordered:
                start = _label(items, sources, el, start)
            yield List(items, ordered, start if start is not None else 1, self.facets(), self.locator(el))

    def _attach(self, items: list, stray: list, depth: int, wrap: tuple, owner) -> None:
        """Content directly inside a list (a nested <ul> without its <li>) joins the item before it."""
        blocks = list(self._flow(stray, depth, wrap, owner))
        if not blocks:
            return
        if items:
            items[-1].blocks.extend(blocks)
        else:
            items.append(ListItem(blocks, None, self.facets(), self.locator(owner)))

    def _item(self, li, depth: int, wrap: tuple) -> ListItem:
        hidden = self._is_hidden(li)
        self.hidden += hidden
        try:
            if not len(li):  # text alone (most items): the one paragraph _flow would make of it
                text = li.text
                paragraph = self._paragraph([Text(collapse(text))], wrap, li) if text else None
                return ListItem([] if paragraph is None else [paragraph], None, self.facets(), self.locator(li))
            text = li.text
            if text and text.strip() and li not in self._blocky:
                # Text, then inlines alone (no block inside): the one paragraph _flow would make, located at the
                # item as the text that starts it locates it, and no checkbox before that text
                paragraph = self._paragraph(self._inlines_of(li, depth + 1), wrap, li)
                return ListItem([] if paragraph is None else [paragraph], None, self.facets(), self.locator(li))
            items = list(pieces(li))
            checked = None
            for i, item in enumerate(items):
                if isinstance(item, str):
                    if item.strip():
                        break
                    continue
                if tag_of(item) == "input" and (item.get("type") or "").lower() == "checkbox":
                    checked = item.get("checked") is not None
                    del items[i]
                break
            blocks = list(self._flow(items, depth + 1, wrap, li))
            return ListItem(blocks, checked, self.facets(), self.locator(li))
        finally:
            self.hidden -= hidden

    def _definitions(self, el, depth: int, wrap: tuple) -> Iterator:
        self.report("definition-list-degraded", el)
        items: list[ListItem] = []
        stack = [iter(pieces(el))]
        while stack:
            item = next(stack[-1], None)
            if item is None:
                stack.pop()
                continue
            tag = None if isinstance(item, str) else tag_of(item)
            if tag in ("dt", "dd", "div") and self._skip(item, tag):
                continue
            if tag == "div" and len(stack) < 3:
                stack.append(iter(pieces(item)))  # <dl><div><dt>…<dd>…</div></dl> groups
            elif tag == "dt":
                term = tidy(self._inlines_of(item, depth + 1))
                items.append(ListItem([Paragraph([Strong(term)] if term else [], self.facets(), self.locator(item))],
                                      None, self.facets(), self.locator(item)))
            else:
                self._attach(items, list(pieces(item)) if tag == "dd" else [item], depth + 1, wrap, el)
        if items:
            yield List(items, False, 1, self.facets(), self.locator(el))

