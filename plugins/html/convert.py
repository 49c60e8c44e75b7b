"""An lxml HTML tree to IR blocks, through the allowlist of :mod:`.vocabulary`.

One converter serves HTML files and the raw HTML inside Markdown: it reports under the namespace of
the reader that calls it (``ctx.namespace``), whose plugin declares the allowlist codes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from lxml import etree

from zenconv.ir import (
    BlockQuote, Code, CodeBlock, Emphasis, HardBreak, Heading, Link, Locator, Math, NoteRef,
    Paragraph, Span, Strikethrough, Strong, Subscript, Superscript, Table, Text, ThematicBreak, Underline,
)

from . import vocabulary as v
from .links import LinkReader
from .lists import ListReading
from .tables import TableReader
from .tree import HIDDEN, VOID, pieces, tag_of
from .whitespace import collapse, merge_text, tidy
from zenconv.patterns import pattern

# Element nesting read structurally; deeper content is kept as plain text. Each level costs a few
# Python frames, so this keeps the converter well inside the interpreter's recursion limit.
MAX_DEPTH = 96

_HIDDEN_STYLE = pattern(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.IGNORECASE)
_LANGUAGE = pattern(r"(?:^|\s)(?:language|lang)-([^\s]+)")
_SPACES = " \t\n\r\f"  # what collapse() makes one space of
_NOT_CONTENT = frozenset({*v.DROPPED, "meta", "link", *v.IGNORED})  # the elements _skip drops for their name
# Attributes that neither report (an event handler's "on…") nor hide ("hidden", "style"): an element holding
# only these reads as one without attributes. The common ones only; any other sends it the general way.
_INERT_ATTRIBUTES = frozenset({
    "href", "title", "class", "id", "lang", "dir", "rel", "target", "src", "alt", "name", "width", "height",
    "role", "datetime", "cite", "type", "translate", "tabindex",
})
# The names the reader knows, each its own tag_of: an element so named (libxml2 writes names in lower case)
# is named by one dict lookup, not tag_of's call
_KNOWN_NAMES = {name: name for name in (*v.BLOCK, *v.INLINE, *v.DROPPED, *v.IGNORED, "meta", "link")}

Wrap = tuple[Callable[[list], object], ...]

# Formatting elements and the containers they become (as _wrapper maps them)
_FORMATTING = {
    **dict.fromkeys(v.STRONG, Strong), **dict.fromkeys(v.EMPHASIS, Emphasis), **dict.fromkeys(v.STRIKE, Strikethrough),
    **dict.fromkeys(v.UNDERLINE, Underline), "sup": Superscript, "sub": Subscript,
}


class Converter(ListReading):
    """Reads elements into blocks and inlines; ``line_of`` gives each element's source line."""

    def __init__(self, ctx, *, line_of: Callable[[object], int | None] | None = None,
                 note_ref_tag: str | None = None, note_ids: Callable[[str], str | None] | None = None) -> None:
        self.ctx = ctx
        self.ns = ctx.namespace
        self.skip_hidden = ctx.options.get("hidden", "keep") == "skip"
        # None: the element's own line, read without a function call per block (a page has tens of thousands)
        self.line_of = line_of
        self.note_ref_tag = note_ref_tag  # the element a Markdown footnote reference is rendered as
        self.note_ids = note_ids  # the note a reference's key names, or None when there is none
        options = ctx.options
        self.tables = TableReader(self, options.get("max_rows", 5_000_000), options.get("max_cols", 16_384),
                                  options.get("max_span_work", 2_000_000))
        self.links = LinkReader(ctx, self.report)
        self.hidden = 0
        self.in_cell = 0
        self.verbatim = False  # text kept as it is, not collapsed (Markdown's text in inline HTML)
        self._blocky: set = set()
        # The formatting elements _inline_of reads first: all of them but the note reference's element
        self._formatting = {tag: maker for tag, maker in _FORMATTING.items()
                            if not (tag == note_ref_tag and note_ids is not None)}
        self._at_line: dict[int, Locator] = {}
        # The paragraph blocks _flow reads itself: all of them but the note reference's element, an inline
        self._paragraphs = v.PARAGRAPHS - {note_ref_tag}

    # --- reporting and small facts -----------------------------------------------------------------

    def report(self, what: str, el=None, *, count: int = 1, detail: str | None = None,
               text: str | None = None) -> None:
        self.ctx.report(f"{self.ns}.{what}", self.locator(el), count=count, detail=detail, text=text)

    def locator(self, el, **extra) -> Locator | None:
        """Where an element is; a Locator given instead of an element is taken as it is."""
        if isinstance(el, Locator):
            return el
        if el is None:
            line = None
        else:
            line = el.sourceline if self.line_of is None else self.line_of(el)
        if extra:
            return Locator(line=line, **extra)
        if line is None:
            return None
        # One Locator per line, shared by the blocks on it (a Locator is treated as immutable): a page
        # holds far fewer lines than blocks, and a Locator of sixteen fields is slow to build.
        found = self._at_line.get(line)
        if found is None:
            found = self._at_line[line] = Locator(line=line)
        return found

    def facets(self) -> tuple:
        return HIDDEN if self.hidden else ()

    def prepare(self, root) -> None:
        """Note which elements hold a block somewhere inside, in one pass over the tree."""
        blocky = self._blocky
        # lxml picks the blocks out (names as tag_of gives them: the HTML parser writes every name in lower case)
        for el in root.iter(*v.BLOCK):
            parent = el.getparent()
            while parent is not None and parent not in blocky:
                blocky.add(parent)
                parent = parent.getparent()

    def _check_attributes(self, el) -> None:
        names = el.keys()
        if not names or _INERT_ATTRIBUTES.issuperset(names):  # most elements: none, or none of an event
            return
        events = 0
        for name in names:
            if name.lower().startswith(v.EVENT_PREFIX):
                events += 1
        if events:
            self.report("event-attribute-dropped", el, count=events, detail=tag_of(el))

    def _is_hidden(self, el) -> bool:
        names = el.keys()  # one call, and most elements have no attribute at all
        if not names:
            return False
        if "hidden" in names:
            return True
        if "style" not in names:
            return False
        style = el.get("style")
        return bool(style) and _HIDDEN_STYLE.search(style) is not None

    def _skip(self, el, tag: str | None) -> bool:
        """Report and skip what is not content: comments, dropped elements, hidden content under skip."""
        if tag is None:
            self.report("comment-dropped", el)
            return True
        if el.keys():  # most elements have no attribute at all
            self._check_attributes(el)
        if tag not in _NOT_CONTENT:  # most elements
            return self.skip_hidden and self._skip_hidden(el, tag)
        code = v.DROPPED.get(tag)
        if code is not None:  # the text it takes, but a script's or a style sheet's, which is code
            self.report(code, el, detail=tag, text=None if tag in ("script", "style") else "".join(el.itertext()))
            return True
        if tag == "meta":
            if (el.get("http-equiv") or "").strip().lower() == "refresh":
                self.report("meta-refresh-dropped", el)
            return True
        if tag == "link":
            if "stylesheet" in (el.get("rel") or "").lower().split():
                self.report("style-dropped", el, detail="link")
            return True
        return True  # v.IGNORED

    def _skip_hidden(self, el, tag: str) -> bool:
        if self._is_hidden(el):
            self.report("hidden-skipped", el, detail=tag, text="".join(el.itertext()))
            return True
        return False

    # --- blocks ------------------------------------------------------------------------------------

    def blocks(self, container, depth: int = 0) -> Iterator:
        """The blocks of a container's children (the body, a fragment's wrapper)."""
        yield from self._flow(pieces(container), depth, (), container)

    def _flow(self, items: Iterable, depth: int, wrap: Wrap, owner) -> Iterator:
        """Blocks from a run of text and elements: inline runs become paragraphs between blocks."""
        run: list = []
        run_el = owner
        blank = True  # the run holds nothing but text of whitespace: its next inline element locates it
        paragraphs = self._paragraphs
        blocky = self._blocky
        for item in items:
            if isinstance(item, str):
                if not run:
                    if not item.strip(_SPACES):
                        continue  # the whitespace between blocks: tidy would drop it at a run's start
                    run_el = owner
                text = collapse(item)
                run.append(Text(text))
                if blank and text.strip():
                    blank = False
                continue
            tag = _KNOWN_NAMES.get(item.tag) or tag_of(item)
            if tag in paragraphs and item not in blocky and depth < MAX_DEPTH and (
                    not (names := item.keys()) or _INERT_ATTRIBUTES.issuperset(names)):
                # Most blocks: a paragraph of inlines, nothing to report and nothing hidden (what _skip, _block
                # and _block_of make of it, without their frames and the tuple)
                if run:
                    yield from self._run_paragraph(run, wrap, run_el)
                    run = []
                    blank = True
                paragraph = self._paragraph(self._inlines_of(item, depth + 1), wrap, item)
                if paragraph is not None:
                    yield paragraph
                continue
            if self._skip(item, tag):
                continue
            if self._is_inline(item, tag):
                if blank:
                    run_el = item
                nodes = self._inline(item, tag, depth + 1)
                run.extend(nodes)
                if blank:
                    blank = _blank(nodes)
                continue
            if run:
                yield from self._run_paragraph(run, wrap, run_el)
                run = []
                blank = True
            yield from self._block(item, tag, depth + 1, wrap)
        if run:
            yield from self._run_paragraph(run, wrap, run_el)

    def _is_inline(self, el, tag: str) -> bool:
        if tag in v.INLINE or (tag not in v.BLOCK and tag != self.note_ref_tag):
            return el not in self._blocky
        return tag == self.note_ref_tag

    def _paragraph(self, run: list, wrap: Wrap, el) -> Paragraph | None:
        inlines = tidy(_wrapped(run, wrap) if wrap else run)
        return Paragraph(inlines, self.facets(), self.locator(el)) if inlines else None

    def _run_paragraph(self, run: list, wrap: Wrap, el) -> tuple:
        """The paragraph a run of inlines makes before a block or the end, if it makes one."""
        paragraph = self._paragraph(run, wrap, el)
        return () if paragraph is None else (paragraph,)

    def _block(self, el, tag: str, depth: int, wrap: Wrap) -> Iterable:
        if self._is_hidden(el):
            return self._hidden_block(el, tag, depth, wrap)
        return self._block_of(el, tag, depth, wrap)

    def _hidden_block(self, el, tag: str, depth: int, wrap: Wrap) -> Iterator:
        self.hidden += 1
        try:
            yield from self._block_of(el, tag, depth, wrap)
        finally:
            self.hidden -= 1

    def _block_of(self, el, tag: str, depth: int, wrap: Wrap) -> Iterable:
        """The blocks an element makes: a tuple for the elements that make at most one (most blocks of a
        page, passed up without a generator of their own), an iterator for the others."""
        if depth > MAX_DEPTH:
            text = self._flat_text(el)
            return (Paragraph([Text(text)], self.facets(), self.locator(el)),) if text else ()
        if tag in v.PARAGRAPHS and el not in self._blocky:
            paragraph = self._paragraph(self._inlines_of(el, depth), wrap, el)
            return () if paragraph is None else (paragraph,)
        if tag in v.HEADINGS:
            inlines = tidy(_wrapped(self._inlines_of(el, depth), wrap))
            return (Heading(v.HEADINGS[tag], inlines, self.facets(), self.locator(el)),) if inlines else ()
        if tag in v.PREFORMATTED:
            return (self._code_block(el, tag),)
        if tag == "hr":
            return (ThematicBreak(self.facets(), self.locator(el)),)
        return self._blocks_of(el, tag, depth, wrap)

    def _blocks_of(self, el, tag: str, depth: int, wrap: Wrap) -> Iterator:
        if tag in v.LISTS:
            yield from self._list(el, tag, depth, wrap)
        elif tag == "dl":
            yield from self._definitions(el, depth, wrap)
        elif tag == "blockquote":
            blocks = list(self._flow(pieces(el), depth, wrap, el))
            if blocks:
                yield BlockQuote(blocks, self.facets(), self.locator(el))
        elif tag == "table":
            yield from self.tables.read(el, depth)
        elif tag == "figure":
            yield from self._figure(el, depth, wrap)
        elif tag in v.CONTAINERS or tag in v.BLOCK:
            if tag == "form":
                self.report("form-dropped", el, detail="form")
            yield from self._flow(pieces(el), depth, wrap, el)
        else:
            # An inline or unknown element that holds blocks: its blocks, each inline run wrapped in it.
            maker = self._wrapper(el, tag, depth)
            yield from self._flow(pieces(el), depth, wrap + ((maker,) if maker else ()), el)

    def _code_block(self, el, tag: str) -> CodeBlock:
        text = self._pre_text(el)
        text = text.removeprefix("\n")  # HTML drops the newline right after <pre>
        text = text.removesuffix("\n")
        language = None
        for candidate in (el, *el.iterchildren("code")):
            m = _LANGUAGE.search(candidate.get("class") or "")
            if m:
                language = m.group(1)
                break
        return CodeBlock(text, language, self.facets(), self.locator(el))

    def _pre_text(self, el) -> str:
        """The text under ``el`` as written, ``<br>`` as a newline, dropped elements left out."""
        out: list[str] = []
        skip = 0  # > 0 inside a dropped element: its depth below the dropped one
        for event, node in etree.iterwalk(el, events=("start", "end", "comment", "pi")):
            if event in ("comment", "pi"):  # one event each, no start and end
                if not skip:
                    self.report("comment-dropped", node)
                    out.append(node.tail or "")
                continue
            if event == "start":
                if skip:
                    skip += 1
                    continue
                tag = tag_of(node)
                if node is not el and self._skip(node, tag):
                    skip = 1
                    continue
                if tag == "br":
                    out.append("\n")
                if tag is not None and node.text:
                    out.append(node.text)
                continue
            if skip:
                skip -= 1
                if skip:
                    continue
            if node is not el and node.tail:
                out.append(node.tail)
        return "".join(out)

    def _flat_text(self, el) -> str:
        """All the text under ``el``, without recursion: what is kept past the nesting cap."""
        self.report("nesting-capped", el)
        return collapse(self._pre_text(el)).strip()

    def _figure(self, el, depth: int, wrap: Wrap) -> Iterator:
        kids = [k for k in el if tag_of(k) is not None]
        captions = [k for k in kids if tag_of(k) == "figcaption"]
        tables = [k for k in kids if tag_of(k) == "table"]
        if len(captions) != 1 or len(tables) != 1:
            yield from self._flow(pieces(el), depth, wrap, el)
            return
        caption = tidy(self._inlines_of(captions[0], depth + 1))
        for block in self._flow((p for p in pieces(el) if p is not captions[0]), depth, wrap, el):
            if isinstance(block, Table) and block.caption is None and caption:
                block.caption, caption = caption, None
            yield block

    # --- inlines -----------------------------------------------------------------------------------

    def inlines(self, container) -> list:
        """The inlines of a Markdown paragraph that holds inline HTML, rendered to HTML.

        Its text is Markdown's, already as the Markdown parser reads it: kept as it is, spaces and
        line ends included, rather than laid out as HTML would.
        """
        self.verbatim = True
        try:
            return merge_text(self._inlines_of(container, 0))
        finally:
            self.verbatim = False

    def _inlines_of(self, el, depth: int) -> list:
        """The inlines of ``el``'s content: its :func:`.tree.pieces`, read in one loop over its children."""
        text = el.text
        if not len(el):  # text alone (or nothing)
            if not text:
                return []
            return [Text(text if self.verbatim else collapse(text))]
        verbatim = self.verbatim
        formatting = self._formatting
        out: list = [Text(text if verbatim else collapse(text))] if text else []
        for child in el:
            tag = _KNOWN_NAMES.get(child.tag) or tag_of(child)
            if tag is None or tag in _NOT_CONTENT or (
                    (names := child.keys()) and not _INERT_ATTRIBUTES.issuperset(names)):
                if not self._skip(child, tag):
                    out.extend(self._inline(child, tag, depth + 1))
            elif depth >= MAX_DEPTH:  # past the cap: _shown_inline keeps the text alone
                out.extend(self._shown_inline(child, tag, depth + 1))
            elif tag in formatting:
                # Most elements: formatting, without an attribute that reports or hides, so nothing to report
                # and nothing hidden (what _shown_inline makes of it, without its frame and the list it returns);
                # one of text alone (most) read here, as _inlines_of reads it
                if len(child):
                    kids = self._inlines_of(child, depth + 1)
                    if kids:
                        out.append(formatting[tag](kids))
                else:
                    text = child.text
                    if text:
                        out.append(formatting[tag]([Text(text if verbatim else collapse(text))]))
            else:  # other content without such an attribute: nothing to report and nothing hidden either
                out.extend(self._inline_of(child, tag, depth + 1))
            if tag in VOID and (child.text or len(child)):  # what libxml2 nested in a void element follows it
                out.extend(self._inlines_of(child, depth))
            tail = child.tail
            if tail:
                out.append(Text(tail if verbatim else collapse(tail)))
        return out

    def _inline(self, el, tag: str, depth: int) -> list:
        nodes = self._shown_inline(el, tag, depth)
        if self._is_hidden(el):
            return [Span(nodes, None, HIDDEN)] if nodes else []
        return nodes

    def _shown_inline(self, el, tag: str, depth: int) -> list:
        """The inlines of an element, without the mark of hidden content it may need."""
        if depth > MAX_DEPTH:
            text = self._flat_text(el)
            return [Text(text)] if text else []
        maker = self._formatting.get(tag)
        if maker is not None:  # most inline elements
            kids = self._inlines_of(el, depth)
            return [maker(kids)] if kids else []
        return self._inline_of(el, tag, depth)

    def _inline_of(self, el, tag: str, depth: int) -> list:
        """The inlines of an element that is not one of the formatting elements."""
        if tag == "br":
            return [HardBreak()]
        if tag == "wbr":
            return []
        if tag == "img":
            return self._image(el)
        if tag == "a":
            return self._link(el, depth)
        if tag in v.CODE:
            text = self._pre_text(el) if len(el) else el.text or ""  # _pre_text of an element without children
            text = text if self.verbatim else collapse(text)
            return [Code(text)] if text else []
        if tag == "math":
            return self._math(el)
        if tag == self.note_ref_tag and self.note_ids is not None:
            note = self.note_ids(el.get("key") or "")
            return [NoteRef(note)] if note else []
        if tag == "q":
            return [Text('"'), *self._inlines_of(el, depth), Text('"')]
        maker = self._wrapper(el, tag, depth)
        kids = self._inlines_of(el, depth)
        if maker is None:
            if tag in v.BLOCK:
                return [Text(" "), *kids, Text(" ")]  # a block inside inline context: a word break
            return kids
        return [maker(kids)] if kids else []

    def _wrapper(self, el, tag: str, depth: int):
        """The inline container an element maps to, or None when it is transparent."""
        maker = _FORMATTING.get(tag)
        if maker is not None:
            return maker
        if tag == "a":
            target = self.links.href(el)
            return (lambda kids: Link(kids, target, el.get("title"))) if target else None
        if tag not in v.INLINE and tag not in v.BLOCK and tag != self.note_ref_tag:
            self.report("unhandled-construct", el, detail=tag)
        return None

    def _link(self, el, depth: int) -> list:
        kids = self._inlines_of(el, depth)
        href = el.get("href")
        if href is None:
            return kids
        return self.links.link(kids, href, el.get("title"))

    def _image(self, el) -> list:
        return self.links.image(el.get("src"), collapse(el.get("alt") or "").strip(), el.get("title"), el)

    def _math(self, el) -> list:
        for annotation in el.iter("annotation"):
            if (annotation.get("encoding") or "").lower() in ("application/x-tex", "tex", "latex"):
                latex = (annotation.text or "").strip()
                if latex:
                    return [Math(latex)]
        self.report("math-dropped", el)
        return []


def _blank(nodes: list) -> bool:
    """Whether inlines are only text of whitespace (or nothing)."""
    for node in nodes:
        if not isinstance(node, Text) or node.text.strip():
            return False
    return True


def _wrapped(run: list, wrap: Wrap) -> list:
    for maker in reversed(wrap):
        run = [maker(run)] if run else run
    return run
