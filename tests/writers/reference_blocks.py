"""The Markdown writer's block plumbing as it was before its fast paths (main at 16e780d): join(), list(),
the hidden-label and container pass, one sink write per line. The oracle the faster writer must match byte for
byte and report for report (test_markdown_fast_paths)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import BinaryIO

from zenconv.ir.facets import HiddenFacet
from zenconv.ir.nodes import Container, Document, Heading, List, Paragraph, Text
from zenconv.writers.markdown.hidden import block_label
from zenconv.writers.markdown.writer import MAX_START, MarkdownWriter, _tight, labelled
from zenconv.writers.sink import TextSink


class ReferenceMarkdownWriter(MarkdownWriter):
    def join(self, blocks: Iterable, blank: bool = True, nested: int = 0, marker: bool = False) -> Iterator[str]:
        """Blocks separated by blank lines; a list right after a list of its kind changes its marker.

        ``nested``: how many list items, quotes or notes the blocks are inside (see :meth:`code`); ``marker``:
        the first of them is written on a list item's or a note's marker line.
        """
        started = False
        previous = None  # (ordered, marker) of the list just written, if the last block was a list
        for block in _labelled(blocks):
            if type(block) is List:
                current = self.list_marker(block, previous)
                lines = self.list(block, current[1], current[0], nested)
            else:
                lines = self.block(block, nested, (marker and not started) or previous is not None)
                current = None
            first = next(lines, None)
            if first is None:
                continue
            if started and blank:
                yield ""
            yield first
            yield from lines
            started = True
            previous = current

    def list(self, block: List, marker: str, numbered: bool, nested: int = 0) -> Iterator[str]:
        """``numbered``: Markdown numbers the items (``1.``); else each is a bullet, its label its text."""
        # Tight (no blank lines) when every item is at most one block followed by lists; a blank line
        # between items makes each item a paragraph when read back.
        contents = [item.blocks if numbered or item.label is None else labelled(item.label, item.blocks)
                    for item in block.items]
        loose = not all(_tight(blocks) for blocks in contents)
        number = min(max(block.start, 0), MAX_START)
        for index, (item, blocks) in enumerate(zip(block.items, contents)):
            if index and loose:
                yield ""
            # The content starts at column 4 at least (``-   x``, ``1.  x``), as pandoc writes it: Python-Markdown
            # reads an item's later blocks only when indented by four, and would else read a nested code
            # block's lines as raw Markdown.
            head = f"{min(number + index, MAX_START)}{marker}" if numbered else marker
            head += " " * max(1, 4 - len(head))
            if item.checked is not None:
                head += "[x] " if item.checked else "[ ] "
            indent = " " * len(head) if item.checked is None else " " * (len(head) - 4)
            lines = self.join(blocks, blank=loose, nested=nested + 1, marker=True)
            first = next(lines, None)
            yield head + first if first else head.rstrip()
            for line in lines:
                yield indent + line.replace("\n", "\n" + indent) if line else ""


def _transparent(blocks: Iterable) -> Iterator:
    for block in blocks:
        if type(block) is Container and block.class_ not in _OPAQUE:
            hidden = [f for f in block.facets if isinstance(f, HiddenFacet)]
            if not hidden:
                yield from _transparent(block.blocks)
            elif block.blocks and type(block.blocks[0]) is Heading:  # a hidden slide's title says so
                first = block.blocks[0]
                yield from _transparent([replace(first, facets=(*first.facets, hidden[0])), *block.blocks[1:]])
            else:  # else a paragraph of the label opens it (after, not before, the previous slide's end)
                yield Paragraph([Text(block_label(hidden))])
                yield from _transparent(block.blocks)
        else:
            yield block


_OPAQUE = ("notes", "furniture")  # containers written as a quote of their own, not as their blocks
_LABELLED_INLINE = (Paragraph, Heading)  # a hidden one carries its label in its own line


def _labelled(blocks: Iterable) -> Iterator:
    """The blocks, a hidden block that cannot carry its label inline preceded by a paragraph of it (but
    for a hidden sheet's table right under its heading, which already says so)."""
    heading = None  # the label of the heading just written
    for block in _transparent(blocks):
        facets = getattr(block, "facets", ())
        label = block_label(facets) if facets else None
        if label is not None and type(block) not in _LABELLED_INLINE and label != heading:
            yield Paragraph([Text(label)])
        heading = label if type(block) is Heading else None
        yield block


def write(doc: Document, out: BinaryIO, ctx) -> None:
    sink = TextSink(out)
    write_line = sink.write
    for line in ReferenceMarkdownWriter(ctx).document(doc):
        write_line(line + "\n")
    sink.flush()


def list_marker(block: List, previous) -> tuple[bool, str, bool]:
    """writer._list_marker before perf6 (all() over generators, each delimiter tried in turn)."""
    from zenconv.writers.markdown.writer import _marker

    items = block.items
    if all(item.label is None for item in items):
        return block.ordered, _marker(block.ordered, previous), False
    start = block.start
    if block.ordered and 0 <= start <= MAX_START - len(items):
        numbers = [str(start + i) for i in range(len(items))]
        for delimiter in (".", ")", ""):
            if all(item.label == number + delimiter for item, number in zip(items, numbers)):
                if delimiter and previous != (True, delimiter):
                    return True, delimiter, False
                return True, _marker(True, previous), True
    return False, _marker(False, previous), False
