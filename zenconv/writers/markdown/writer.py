"""Blocks to GitHub-flavoured Markdown lines, streamed; footnote definitions at the end.

Every block renders as an iterator of lines without their newline; a block quote or a list item
prefixes its children's lines, so a table nested in a list still streams. Blocks are separated by one
blank line. Two lists in a row would merge into one, so the second switches its bullet (``-``/``*``) or
its number delimiter (``.``/``)``). A list keeps the labels its source shows: Markdown numbers it only
when they are its plain sequence (``3.``, ``4.``, ``3)``, ``4)``, or bare numbers, given a delimiter with
``to-md.list-delimiter-changed``, as is a sequence that must switch delimiter to stay apart from the list
before it), and a list labelled any other way ("(ii)", "1.2.", "Article 3.") is a bullet list whose
items start with their label as text, as docling writes a compound label: every renderer then shows the
label, and the nesting stays a list's.
Containers are transparent (a slide's blocks are the slide), except speaker notes, written as a quote
headed "Notes". Hidden content is kept and marked with a visible label, ``[hidden slide]`` (see
:mod:`.hidden`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import BinaryIO

from ...ir.facets import HiddenFacet
from ...ir.nodes import (
    BlockQuote, CodeBlock, Container, Document, Emphasis, Heading, List, MathBlock, Paragraph, Table, Text,
    ThematicBreak,
)
from ..notes import NoteNumbers
from ..furniture import Distinct, furniture_of, label as furniture_label
from ..sink import TextSink
from ..urls import policy_of
from .escape import CODE_MARKUP, CONTROLS, REPLACEMENT, tex
from .hidden import block_label, hidden_reason
from .inlines import InlineRenderer, code_span
from .table import PipeTables
from ...patterns import pattern

# An info string is the class of a <code> to every renderer, and not every renderer escapes it well; and
# Python-Markdown reads a fence as a fence only when its language is one word of these characters (else
# the block's lines would be read as Markdown). The language's first word, reduced to them, is written.
_INFO_UNSAFE = pattern(r"[^A-Za-z0-9_+.#-]")
MAX_START = 999_999_999  # CommonMark: an ordered list number has at most nine digits


class MarkdownWriter:
    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.notes = NoteNumbers()
        policy = policy_of(ctx)
        self.inline = InlineRenderer(self._report, self.notes, policy)
        self.inline.locator = None
        html = None
        if ctx.options.get("html_tables", False):
            from ..html.render import HtmlCodes, HtmlRenderer  # only --html-tables needs it: not at start-up

            html = HtmlRenderer(ctx.report, policy, self.notes, codes=HtmlCodes("to-md"), checkpoint=ctx.guard.tick)
        self.tables = PipeTables(self.inline, ctx.report, html)
        self.tables.fill_merged = ctx.options.get("fill_merged") == "on"
        self.in_note = False  # a renderer without footnotes reads a note's lines as one paragraph
        self.furniture = Distinct(ctx.report, "to-md.furniture-repeated")

    def _report(self, code: str, detail: str | None = None) -> None:
        self.ctx.report(code, self.inline.locator, detail=detail)

    # --- the document ------------------------------------------------------------------------------

    def document(self, doc: Document) -> Iterator[str]:
        yield from self.join(doc.blocks)
        # The body is written (generators and all) before the first note: from here on, every block is a note's.
        self.in_note = True
        for number, note in self.notes.ordered(doc.notes):
            yield ""
            lines = self.join(note.blocks, nested=1, marker=True)
            first = next(lines, None)
            yield f"[^{number}]:" + (" " + first if first else "")
            for line in lines:
                yield "    " + line.replace("\n", "\n    ") if line else ""

    def join(self, blocks: Iterable, blank: bool = True, nested: int = 0, marker: bool = False) -> Iterator[str]:
        """Blocks separated by blank lines; a list right after a list of its kind changes its marker.

        ``nested``: how many list items, quotes or notes the blocks are inside (see :meth:`code`); ``marker``:
        the first of them is written on a list item's or a note's marker line.
        """
        started = False
        previous = None  # (ordered, marker) of the list just written, if the last block was a list
        inline = self.inline
        heading = None  # the label of the heading just written
        # A container seen through or a hidden block goes through _labelled_one; the common block (neither)
        # is written as it comes, a paragraph here as block() would write it.
        for outer in blocks:
            kind = type(outer)
            if (kind is Container and outer.class_ not in _OPAQUE) \
                    or (getattr(outer, "facets", ()) and hidden_reason(outer.facets) is not None):
                group, heading = _labelled_one(outer, heading)
            else:
                heading = None
                if kind is Paragraph:  # the most common block (no hidden label to carry)
                    inline.locator = outer.locator
                    text = inline.paragraph(outer.children)
                    if not text:
                        continue
                    if started and blank:
                        yield ""
                    if "\n" in text:
                        yield from text.split("\n")
                    else:
                        yield text
                    started = True
                    previous = None
                    continue
                group = (outer,)
            for block in group:
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

    # --- blocks ------------------------------------------------------------------------------------

    def block(self, block, nested: int = 0, exposed: bool = False) -> Iterator[str]:
        """``nested`` and ``exposed`` place a code block (see :meth:`code`)."""
        kind = type(block)
        self.inline.locator = getattr(block, "locator", None)
        label = block_label(block.facets) if kind in _LABELLED_INLINE and block.facets else None
        if kind is Paragraph:
            text = self.inline.paragraph(block.children if label is None else [Text(label + " "), *block.children])
            if text:
                yield from text.split("\n")
        elif kind is Heading:
            level = min(max(block.level, 1), 6)
            text = self.inline.heading(block.children if label is None else [*block.children, Text(" " + label)])
            yield "#" * level + (" " + text if text else "")
        elif kind is Table:
            yield from self.tables.lines(block)
        elif kind is CodeBlock:
            yield from self.code(block, nested, exposed)
        elif kind is BlockQuote:
            body = self.join(block.blocks, nested=nested + 1)
            first = next(body, None)
            # An empty quote is still a quote (">" alone reads back as one); writing nothing would lose it.
            yield from _prefixed(_chain(first, body), "> ", ">") if first is not None else (">",)
        elif kind is Container and block.class_ != "notes":  # page furniture (see _transparent)
            yield from self.furniture_block(block, nested)
        elif kind is Container:  # speaker notes
            yield "> **Notes**"
            body = self.join(block.blocks, nested=nested + 1)
            first = next(body, None)
            if first is not None:
                yield ">"
                yield from _prefixed(_chain(first, body), "> ", ">")
        elif kind is MathBlock:
            latex = block.latex.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
            if tex(latex):
                yield "$$"
                yield from latex.split("\n")
                yield "$$"
            else:  # read as text by a renderer without math, it would be markup: code is never markup
                self._report("to-md.math-written-as-code")
                yield from self.code(CodeBlock(latex), nested, exposed)
        elif kind is ThematicBreak:
            yield "___"  # never a bullet character: "- ---" or "* ***" would be one long break
        elif kind is List:
            numbered, marker = self.list_marker(block, None)
            yield from self.list(block, marker, numbered, nested)
        else:
            raise TypeError(f"not a block node: {kind.__name__}")

    def furniture_block(self, block: Container, nested: int) -> Iterator[str]:
        """A header, footer or master's text: a quote headed by what it is and where it shows
        (``> *Header (section 1, first page)*``), once per distinct text (see :mod:`..furniture`)."""
        facet = furniture_of(block)
        if not self.furniture.first(block, facet):
            return
        yield "> " + self.inline.paragraph([Emphasis([Text(furniture_label(facet, block.locator))])])
        body = self.join(block.blocks, nested=nested + 1)
        first = next(body, None)
        if first is not None:
            yield ">"
            yield from _prefixed(_chain(first, body), "> ", ">")

    def code(self, block: CodeBlock, nested: int, exposed: bool) -> Iterator[str]:
        """A fenced code block; nested in a list item, quote or note, an indented one if it could be markup.

        Python-Markdown (and so MkDocs) finds fences only at a line's start, so a nested fence's lines are
        read as Markdown there: a nested block whose text could be markup (``<``, ``>``, ``&``, brackets)
        is indented instead, which every renderer reads as code. Where an indented block is not read as
        one (``exposed``: first in its item or note, on the marker's line, or right after a list, whose
        last item it would join; or anywhere in a note, which a renderer without footnotes reads as one
        paragraph), each line is a code span. So is every line of one two containers deep or more (a quote in
        a list item, a list in a quote): there Python-Markdown's reading of the indentation parts from
        CommonMark's (a quote on a task item's marker line is paragraph text to it, a list in a quote in a
        list loses its depth), and an indented block it does not see as code would be raw markup.
        """
        if CONTROLS.search(block.text):
            self._report("to-md.control-characters-replaced")
        if not nested or not CODE_MARKUP.search(block.text):
            yield from _code_block(block)
            return
        text = CONTROLS.sub(REPLACEMENT, block.text.replace("\r\n", "\n").replace("\r", "\n")).strip("\n")
        if exposed or self.in_note or nested > 1:
            self._report("to-md.code-block-as-code-spans")
            yield "\\\n".join(code_span(line) or "&#32;" for line in text.split("\n"))
            return
        for line in text.split("\n"):
            yield "    " + line if line.strip() else ""

    def list_marker(self, block: List, previous) -> tuple[bool, str]:
        """:func:`_list_marker`, reporting labels whose delimiter Markdown changes."""
        numbered, marker, changed = _list_marker(block, previous)
        if changed:
            first = block.items[0]
            self.ctx.report("to-md.list-delimiter-changed", first.locator or block.locator,
                            detail=f"{(first.label or '')[:40]} as {min(max(block.start, 0), MAX_START)}{marker}")
        return numbered, marker

    def list(self, block: List, marker: str, numbered: bool, nested: int = 0) -> Iterator[str]:
        """``numbered``: Markdown numbers the items (``1.``); else each is a bullet, its label its text."""
        # Tight (no blank lines) when every item is at most one block followed by lists; a blank line
        # between items makes each item a paragraph when read back.
        contents = [item.blocks if numbered or item.label is None else labelled(item.label, item.blocks)
                    for item in block.items]
        # (Most lists have items of one block each: tight, without a call per item.)
        loose = bool(contents) and max(map(len, contents)) >= 2 \
            and not all(len(blocks) < 2 or _tight(blocks) for blocks in contents)
        inline = self.inline
        # The content starts at column 4 at least (``-   x``, ``1.  x``), as pandoc writes it: Python-Markdown
        # reads an item's later blocks only when indented by four, and would else read a nested code
        # block's lines as raw Markdown. A bullet's head is the same for every item.
        if numbered:
            number = min(max(block.start, 0), MAX_START)
        else:
            bullet = marker + " " * max(1, 4 - len(marker))
        for index, (item, blocks) in enumerate(zip(block.items, contents)):
            if index and loose:
                yield ""
            if numbered:
                head = f"{min(number + index, MAX_START)}{marker}"
                head += " " * max(1, 4 - len(head))
            else:
                head = bullet
            if item.checked is not None:
                head += "[x] " if item.checked else "[ ] "
            paragraph = blocks[0] if len(blocks) == 1 else None
            if type(paragraph) is Paragraph and (not paragraph.facets or hidden_reason(paragraph.facets) is None):
                # The most common item, one paragraph: its lines as join() would give them.
                inline.locator = paragraph.locator
                text = inline.paragraph(paragraph.children)
                if "\n" not in text:  # one line or none, written as the lines below would be
                    yield head + text if text else head.rstrip()
                    continue
                lines = iter(text.split("\n"))
            else:
                lines = self.join(blocks, blank=loose, nested=nested + 1, marker=True)
            indent = " " * len(head) if item.checked is None else " " * (len(head) - 4)
            first = next(lines, None)
            yield head + first if first else head.rstrip()
            for line in lines:
                yield indent + line.replace("\n", "\n" + indent) if line else ""


def _tight(blocks: list) -> bool:
    """A paragraph then lists: a later paragraph would need a blank line, or it would continue the list.

    Nor can every list follow a paragraph without one: in CommonMark only an ordered list starting at 1,
    or a list whose first item is not empty, interrupts a paragraph; any other is read as its text.
    """
    if not all(type(block) is List for block in blocks[1:]):
        return False
    if len(blocks) > 1 and type(blocks[0]) is Paragraph:
        nested = blocks[1]
        if not nested.items or not (nested.items[0].blocks or nested.items[0].label):
            return False
        if _list_marker(nested, None)[0] and nested.start != 1:
            return False
    return True


def labelled(label: str, blocks: list) -> list:
    """An item's blocks with its label as the start of its first paragraph (or as a paragraph of its own).
    The label is text like any other: the paragraph's escaping keeps "1." or "#" in it from being markup."""
    if blocks and type(blocks[0]) is Paragraph:
        first = blocks[0]
        return [Paragraph([Text(label + " "), *first.children], first.facets, first.locator), *blocks[1:]]
    return [Paragraph([Text(label)]), *blocks]


def _list_marker(block: List, previous) -> tuple[bool, str, bool]:
    """Whether Markdown numbers the list, its marker, and whether that changes the labels' delimiter;
    ``previous`` is (numbered, marker) of the list just written, if any.

    A list with no labels is numbered when ordered (``.``, or ``)`` right after a list numbered with
    ``.``, which it would else continue). A labelled list is numbered only when its labels are the plain
    sequence from its start, all with one delimiter (``3.``, ``4.``; ``3)``, ``4)``) or none (``3``, ``4``:
    Word's ``%1``); Markdown then writes them with that delimiter, or, bare or right after a list numbered
    with it, with the other one, and says so: the numbers stay what the source shows. Any other labelled
    list is bullets that carry their labels as text.
    """
    items = block.items
    for item in items:  # (a loop, not all() over a generator: most lists are short, many of one item)
        if item.label is not None:
            break
    else:
        return block.ordered, _marker(block.ordered, previous), False
    start = block.start
    if block.ordered and 0 <= start <= MAX_START - len(items):
        # The first label, the start's number and a delimiter, says which delimiter the others must have.
        first, number = items[0].label, str(start)
        delimiter = first[len(number):] if first is not None and first.startswith(number) else None
        if delimiter in _DELIMITERS and all(item.label == f"{start + i}{delimiter}" for i, item in enumerate(items)):
            if delimiter and previous != (True, delimiter):
                return True, delimiter, False
            return True, _marker(True, previous), True
    return False, _marker(False, previous), False


_DELIMITERS = (".", ")", "")  # of an ordered list's labels that Markdown can number


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


def _labelled_one(outer, heading: str | None) -> tuple[list, str | None]:
    """The blocks one block that is seen through or labelled comes to: a hidden block that cannot carry
    its label inline preceded by a paragraph of it (but for a hidden sheet's table right under its heading,
    ``heading``, which already says so); a container seen through (:func:`_transparent`). With them, the
    label of the heading they end with, if they do."""
    out = []
    inside = _transparent((outer,)) if type(outer) is Container and outer.class_ not in _OPAQUE else (outer,)
    for block in inside:
        facets = getattr(block, "facets", ())
        label = block_label(facets) if facets else None
        if label is not None and type(block) not in _LABELLED_INLINE and label != heading:
            out.append(Paragraph([Text(label)]))
        heading = label if type(block) is Heading else None
        out.append(block)
    return out, heading


def _marker(ordered: bool, previous) -> str:
    if ordered:
        return ")" if previous == (True, ".") else "."
    return "*" if previous == (False, "-") else "-"


def _prefixed(lines: Iterable[str], prefix: str, blank: str) -> Iterator[str]:
    # A "line" may be several (a table yields its rows in chunks): each gets the prefix.
    for line in lines:
        yield prefix + line.replace("\n", "\n" + prefix) if line else blank


def _chain(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def _code_block(block: CodeBlock) -> Iterator[str]:
    text = CONTROLS.sub(REPLACEMENT, block.text.replace("\r\n", "\n").replace("\r", "\n"))
    words = (block.language or "").split(None, 1)
    info = _INFO_UNSAFE.sub("", words[0])[:40] if words else ""
    char = "~" if "`" in info else "`"
    longest = max((len(run) for run in re.findall(re.escape(char) + "+", text)), default=0)
    fence = char * max(3, longest + 1)
    yield fence + info
    if text.endswith("\n"):
        text = text[:-1]
    if text or block.text:
        yield from text.split("\n")
    yield fence


def write(doc: Document, out: BinaryIO, ctx) -> None:
    sink = TextSink(out)
    # TextSink.write, inlined: a line costs an append and a count. The lines are held without their
    # newlines and joined with them when a chunk is flushed: one append a line, not two (the chunks
    # flushed are the same, at the same lines).
    lines: list[str] = []
    add = lines.append
    parts = sink.parts
    chunk = sink.chunk
    size = 0
    for line in MarkdownWriter(ctx).document(doc):
        add(line)
        size += len(line) + 1
        if size >= chunk:
            add("")  # the last line's newline
            parts.append("\n".join(lines))
            sink.flush()
            lines.clear()
            size = 0
    if lines:
        add("")
        parts.append("\n".join(lines))
    sink.flush()
