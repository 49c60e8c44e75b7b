"""Any XML that is not a feed or a sitemap: an outline of its elements, in document order, streamed.

An element with child elements is a heading (its depth, capped at 6) followed by a paragraph of its
attributes and one of its own text before the first child; an element without children is one
paragraph: its name in bold, its attributes in brackets, then its text. Text between children (mixed
content) becomes a paragraph of the parent where it is met, reported. Every block's locator is the
element's exact XPath and its line. Elements are freed as soon as they are read, so memory is the
path from the root, whatever the file's size.
"""

from __future__ import annotations

from collections.abc import Iterator

from zenconv.context import ReadContext
from zenconv.ir import Heading, Paragraph, Strong, Text

from .names import PathTracker, attributes_text, element_name, release


class Outline:
    def __init__(self, ctx: ReadContext) -> None:
        self.ctx = ctx
        self.paths = PathTracker()
        self.open: list[list] = []  # per open element: [element, heading emitted?]
        self.limit = ctx.options["max_xml_elements"]
        self.count = 0

    def blocks(self, root, events: Iterator[tuple[str, object]]) -> Iterator:
        yield from self._start(root)
        for event, el in events:
            if event == "start":
                if self.count >= self.limit:
                    yield self._truncated(el)
                    return
                yield from self._start(el)
            elif event == "end":
                yield from self._end(el)

    def _start(self, el) -> Iterator:
        self.count += 1
        if self.open:
            parent = self.open[-1]
            if not parent[1]:
                parent[1] = True
                yield from self._heading(parent[0])
            yield from self._mixed(el.getprevious(), parent[0])
        self.paths.enter(el)
        self.open.append([el, False])

    def _end(self, el) -> Iterator:
        _, has_children = self.open.pop()
        if has_children:
            yield from self._mixed(el[-1] if len(el) else None, el)
        else:
            yield self._leaf(el)
        self.paths.leave()
        release(el)

    def _heading(self, el) -> Iterator:
        where = self.paths.locator(el)
        yield Heading(min(self.paths.depth, 6), [Text(element_name(el))], locator=where)
        attributes = attributes_text(el)
        if attributes:
            yield Paragraph([Text(attributes)], locator=where)
        if el.text and el.text.strip():
            yield Paragraph([Text(el.text.strip())], locator=where)

    def _leaf(self, el) -> Paragraph:
        inlines: list = [Strong([Text(element_name(el))])]
        attributes = attributes_text(el)
        if attributes:
            inlines.append(Text(f" [{attributes}]"))
        text = "".join(el.itertext()).strip()  # a comment inside splits the text: its tail is text too
        if text:
            inlines.append(Text(": " + text))
        return Paragraph(inlines, locator=self.paths.locator(el))

    def _mixed(self, previous, parent) -> Iterator:
        """The text after ``previous`` (a child of ``parent`` just passed), as a paragraph of the parent."""
        tail = previous.tail if previous is not None else None
        if tail and tail.strip():
            where = self.paths.locator(parent)
            self.ctx.report(self.ctx.code("mixed-content-flattened"), where)
            yield Paragraph([Text(tail.strip())], locator=where)

    def _truncated(self, el) -> Paragraph:
        where = self.paths.locator(el, path=f"{self.paths.path}/{element_name(el)}")
        self.ctx.report(self.ctx.code("elements-truncated"), where)
        self.ctx.flags["truncated"] = True
        return Paragraph([Text(f"⚠ Truncated: elements after {self.limit:,} were not read "
                               f"(--max-xml-elements {self.limit})")], locator=where)
