"""Any XML that is not a feed or a sitemap: an outline of its elements, in document order, streamed.

An element with child elements is a heading (its depth, capped at 6) followed by a paragraph of its
attributes and one of its own text before the first child; an element without children is a line:
its name in bold, its attributes in brackets, then its text, and the leaf children met one after
another are one paragraph, a line each (a record's fields read together, and a tenth of the blocks).
Text between children (mixed content) becomes a paragraph of the parent where it is met, reported.
Every block's locator is the element's exact XPath and its line (a paragraph of leaves: its first
leaf's). Elements are freed as soon as they are read, so memory is the path from the root (and the
leaves of each open element), whatever the file's size.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field

from zenconv.context import ReadContext
from zenconv.ir import HardBreak, Heading, Locator, Paragraph, Strong, Text

from .names import PathTracker, attributes_text, element_name, release
from zenconv.records import dataclass


@dataclass(slots=True)
class _Open:
    """An element being read: whether its heading is out, and the leaf children not yet written."""

    element: object
    headed: bool = False
    leaves: list = field(default_factory=list)  # the inlines of each leaf child, one line each
    leaves_at: Locator | None = None  # the first of them


class Outline:
    def __init__(self, ctx: ReadContext) -> None:
        self.ctx = ctx
        self.paths = PathTracker()
        self.open: list[_Open] = []
        self.limit = ctx.options["max_xml_elements"]
        self.count = 0

    def blocks(self, root, events: Iterator[tuple[str, object]]) -> Iterator:
        yield from self._start(root)
        for event, el in events:
            if event == "start":
                if self.count >= self.limit:
                    yield from self._flush_all()
                    yield self._truncated(el)
                    return
                yield from self._start(el)
            elif event == "end":
                yield from self._end(el)

    def _start(self, el) -> Iterator:
        self.count += 1
        if self.open:
            parent = self.open[-1]
            if not parent.headed:  # its first child: it is a heading, after its parent's leaves so far
                parent.headed = True
                if len(self.open) > 1:
                    yield from self._flush(self.open[-2])
                yield from self._heading(parent.element)
            yield from self._mixed(el.getprevious(), parent)
        self.paths.enter(el)
        self.open.append(_Open(el))

    def _end(self, el) -> Iterator:
        done = self.open.pop()
        if done.headed:
            yield from self._mixed(el[-1] if len(el) else None, done)
            yield from self._flush(done)
        elif self.open:  # a leaf: a line of its parent's paragraph
            parent = self.open[-1]
            if parent.leaves_at is None:
                parent.leaves_at = self.paths.locator(el, path=self.paths.path)
            parent.leaves.append(self._leaf(el))
        else:
            yield Paragraph(self._leaf(el), locator=self.paths.locator(el))
        self.paths.leave()
        release(el)

    def _flush(self, frame: _Open) -> Iterator:
        """The leaf children read so far as one paragraph, a line each, cited by the first of them."""
        if frame.leaves:
            inlines = frame.leaves[0]
            for line in frame.leaves[1:]:
                inlines += [HardBreak(), *line]
            yield Paragraph(inlines, locator=frame.leaves_at)
            frame.leaves, frame.leaves_at = [], None

    def _flush_all(self) -> Iterator:
        for frame in self.open:
            yield from self._flush(frame)

    def _heading(self, el) -> Iterator:
        where = self.paths.locator(el)
        yield Heading(min(self.paths.depth, 6), [Text(element_name(el))], locator=where)
        attributes = attributes_text(el)
        if attributes:
            yield Paragraph([Text(attributes)], locator=where)
        if el.text and el.text.strip():
            yield Paragraph([Text(el.text.strip())], locator=where)

    def _leaf(self, el) -> list:
        inlines: list = [Strong([Text(element_name(el))])]
        attributes = attributes_text(el)
        if attributes:
            inlines.append(Text(f" [{attributes}]"))
        text = "".join(el.itertext()).strip()  # a comment inside splits the text: its tail is text too
        if text:
            inlines.append(Text(": " + text))
        return inlines

    def _mixed(self, previous, parent: _Open) -> Iterator:
        """The text after ``previous`` (a child of ``parent`` just passed), as a paragraph of the parent."""
        tail = previous.tail if previous is not None else None
        if tail and tail.strip():
            yield from self._flush(parent)
            where = self.paths.locator(parent.element)
            self.ctx.report(self.ctx.code("mixed-content-flattened"), where)
            yield Paragraph([Text(tail.strip())], locator=where)

    def _truncated(self, el) -> Paragraph:
        where = self.paths.locator(el, path=f"{self.paths.path}/{element_name(el)}")
        self.ctx.report(self.ctx.code("elements-truncated"), where)
        self.ctx.flags["truncated"] = True
        return Paragraph([Text(f"⚠ Truncated: elements after {self.limit:,} were not read "
                               f"(--max-xml-elements {self.limit})")], locator=where)
