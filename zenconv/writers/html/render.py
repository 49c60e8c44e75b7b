"""IR blocks and inlines to HTML strings: every text escaped, every URL through the policy.

Blocks come out as an iterator of chunks, so a table inside a container still streams row by row.
The page (sections, template) is :mod:`.page`; tables are :mod:`.table`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ...ir.facets import CommentRangeFacet, HiddenFacet, RevisionFacet
from ...ir.nodes import (
    BLOCK_TYPES, BlockQuote, Code, CodeBlock, Container, Emphasis, HardBreak, Heading, Image, Link, List,
    Math, MathBlock, Note, NoteRef, Paragraph, SmallCaps, Span, Strikethrough, Strong, Subscript, Superscript,
    Table, Text, ThematicBreak, Underline,
)
from ...ir.walk import plain_text
from ..furniture import Distinct, furniture_of, label as furniture_label
from ..notes import NoteNumbers
from ..urls import REFUSALS, UrlPolicy
from .markup import ATTRIBUTE_CONTROLS, ELEMENT_IDS, ElementIds, attributes, escape, has_controls, node_attributes
from .slugs import Slugger
from ...patterns import pattern

_SIMPLE = {Strong: "strong", Emphasis: "em", Strikethrough: "s", Superscript: "sup", Subscript: "sub",
           Underline: "u"}
_LANGUAGE = pattern(r"[^A-Za-z0-9_+.#-]")
_CLASS_NAME = pattern(r"[^a-z0-9-]")
_INSERTIONS = ("insertion", "move-to")
_CHANGE_WORDS = {"insertion": "Inserted", "deletion": "Deleted", "move-to": "Moved here",
                 "move-from": "Moved from here"}
# A review comment's attribution as zenconv_plugins.comments writes it: "Comment by Ann Lee (AL), 2026-01-01T09:00:00:"
_ATTRIBUTION = pattern(r"(?P<kind>Comment|Reply)(?: by (?P<who>.*?))?"
                          r"(?:, (?P<date>\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?)?Z?))?:\Z", re.S)
_INITIALS = pattern(r"(?P<author>.*) \((?P<initials>[^()]*)\)\Z", re.S)


class HtmlCodes:
    """The report codes a renderer uses: the HTML writer's, or the Markdown writer's for --html-tables."""

    def __init__(self, prefix: str) -> None:
        self.refused = {refusal: f"{prefix}.{refusal}" for refusal in REFUSALS}  # the URL policy's refusals
        self.nested_link = f"{prefix}.nested-link-flattened"
        self.controls = f"{prefix}.control-characters-replaced"
        self.furniture = f"{prefix}.furniture-repeated"
        self.unpadded = f"{prefix}.table-rows-unpadded"


class HtmlRenderer:
    def __init__(self, report: Callable[[str], None], policy: UrlPolicy, notes: NoteNumbers,
                 slugger: Slugger | None = None, codes: HtmlCodes | None = None,
                 checkpoint: Callable[[], None] | None = None, element_ids: bool | None = None) -> None:
        """``element_ids``: give every element with a locator an id made from it (:mod:`.markup`); by
        default the HTML writer's renderer does (its own ``codes``), the Markdown writer's does not."""
        self.report = report
        self.policy = policy
        self.notes = notes
        self.slugger = slugger or Slugger()
        self.codes = codes or HtmlCodes("to-html")
        self.checkpoint = checkpoint or (lambda: None)
        ATTRIBUTE_CONTROLS.set(lambda: report(self.codes.controls))
        ELEMENT_IDS.set(ElementIds() if (codes is None if element_ids is None else element_ids) else None)
        self.furniture = Distinct(report, self.codes.furniture)
        self.revisions: dict[str, set[str]] = {}  # change kind -> authors, for the page's legend
        self.comment_refs: list[tuple[int, str]] = []  # review comments referenced since the last block
        self.note_kinds: Callable[[str], str | None] = lambda note_id: None  # the page says which notes are comments
        self.margin_notes: Callable[[], str] | None = None  # the page's: the comments just referenced, as margin notes
        self.contents: list[tuple[int, str, str]] | None = None  # the page's: headings for its contents
        self._inset = 0  # inside a cell, a list item or a note: no margin note, no contents entry

    # --- text and inlines --------------------------------------------------------------------------

    def text(self, text: str, *, cell: bool = False) -> str:
        if has_controls(text):
            self.report(self.codes.controls)
        out = escape(text)
        if cell and ("\n" in out or "\r" in out):
            out = out.replace("\r\n", "<br>").replace("\n", "<br>").replace("\r", "<br>")
        return out

    def inlines(self, nodes, *, in_link: bool = False, cell: bool = False) -> str:
        return "".join(self.inline(node, in_link, cell) for node in nodes)

    def inline(self, node, in_link: bool = False, cell: bool = False) -> str:
        kind = type(node)
        if kind is Text:
            return self.text(node.text, cell=cell)
        tag = _SIMPLE.get(kind)
        if tag is not None:
            return f"<{tag}>{self.inlines(node.children, in_link=in_link, cell=cell)}</{tag}>"
        if kind is SmallCaps:
            return f'<span class="small-caps">{self.inlines(node.children, in_link=in_link, cell=cell)}</span>'
        if kind is Code:
            return f"<code>{self.text(node.text)}</code>"
        if kind is HardBreak:
            return "<br>"
        if kind is Math:
            return f'<span class="math math-inline">{self.text(node.latex)}</span>'
        if kind is Link:
            return self._link(node, in_link, cell)
        if kind is Image:
            return self._image(node)
        if kind is NoteRef:
            number, nth = self.notes.reference(node.note_id)
            ref_id = f"fnref:{number}" if nth == 1 else f"fnref:{number}:{nth}"
            if self.note_kinds(node.note_id) == "comment":
                if nth == 1:
                    self.comment_refs.append((number, node.note_id))
                return (f'<sup class="footnote-ref comment-ref"><a href="#fn:{number}" id="{ref_id}" '
                        f'role="doc-noteref">{number}</a></sup>')
            return (f'<sup class="footnote-ref"><a href="#fn:{number}" id="{ref_id}" '
                    f'role="doc-noteref">{number}</a></sup>')
        if kind is Span:
            return self._span(node, in_link, cell)
        raise TypeError(f"not an inline node: {kind.__name__}")

    def _link(self, node: Link, in_link: bool, cell: bool) -> str:
        inner = self.inlines(node.children, in_link=True, cell=cell)
        if in_link:
            self.report(self.codes.nested_link)
            return inner
        verdict = self.policy.link(node.target)
        if verdict.url is None:
            self.report(self.codes.refused[verdict.refusal], detail=verdict.detail)
            return f'<span class="link-dropped">{inner}</span>'
        return f"<a{attributes([('href', verdict.url), ('title', node.title)])}>{inner}</a>"

    def _image(self, node: Image) -> str:
        verdict = self.policy.image(node.source)
        if verdict.url is None:
            self.report(self.codes.refused[verdict.refusal], detail=verdict.detail)
            return f'<span class="image-dropped">{self.text(node.alt)}</span>'
        return f"<img{attributes([('src', verdict.url), ('alt', node.alt), ('title', node.title)])}>"

    def _span(self, node: Span, in_link: bool, cell: bool) -> str:
        inner = self.inlines(node.children, in_link=in_link, cell=cell)
        revision = next((f for f in node.facets if isinstance(f, RevisionFacet)), None)
        tag = "span" if revision is None else ("ins" if revision.change in _INSERTIONS else "del")
        extra = [("data-class", node.class_)] if node.class_ else []
        classes: tuple[str, ...] = ()
        if revision is not None:
            self.revisions.setdefault(revision.change, set()).add(revision.author or "")
            said = _CHANGE_WORDS.get(revision.change, revision.change)
            if revision.author:
                said += f" by {revision.author}"
            if revision.date:
                said += f", {revision.date}"
            classes = (f"rev-{_CLASS_NAME.sub('', revision.change)[:40]}",)
            extra.append(("title", said))
        elif node.class_ == "comment-range":
            tag = "mark"  # the text a review comment covers (its note reference follows the range)
            note = next((f.note_id for f in node.facets if isinstance(f, CommentRangeFacet)), None)
            classes = ("comment-range",)
            if note is not None:
                extra.append(("data-note", f"fn:{self.notes.number(note)}"))
        return f"<{tag}{node_attributes(node, classes, extra)}>{inner}</{tag}>"

    # --- blocks ------------------------------------------------------------------------------------

    def block(self, block) -> Iterator[str]:
        kind = type(block)
        if kind is Paragraph:
            yield f"<p{node_attributes(block)}>{self.inlines(block.children)}</p>\n"
        elif kind is Heading:
            text = plain_text(block.children)
            slug = self.slugger.unique(text)
            self.listed(block.level, text, slug)
            yield self.heading(block, slug)
        elif kind is List:
            yield from self._list(block)
        elif kind is Table:
            from .table import table_chunks  # the table module renders cells with this class

            hidden = _hidden(block)
            if hidden is not None:
                yield _details_open(hidden)
            yield from table_chunks(self, block)
            if hidden is not None:
                yield "</details>\n"
        elif kind is CodeBlock:
            language = _LANGUAGE.sub("", block.language or "")[:40]
            code_attrs = attributes([("class", f"language-{language}" if language else None)])
            yield (f"<pre{node_attributes(block, extra=[('data-language', block.language)])}>"
                   f"<code{code_attrs}>{self.text(block.text)}</code></pre>\n")
        elif kind is BlockQuote:
            yield f"<blockquote{node_attributes(block)}>\n"
            yield from self.flow(block.blocks)
            yield "</blockquote>\n"
        elif kind is ThematicBreak:
            yield f"<hr{node_attributes(block)}>\n"
        elif kind is Container and block.class_ == "furniture":
            yield from self._furniture(block)
        elif kind is Container:
            extra = [("data-class", block.class_)] if block.class_ else []
            hidden = _hidden(block)
            if hidden is not None:
                yield _details_open(hidden)
            yield f"<div{node_attributes(block, ('container',), extra)}>\n"
            yield from self.flow(block.blocks)
            yield "</div>\n"
            if hidden is not None:
                yield "</details>\n"
        elif kind is MathBlock:
            yield f'<div{node_attributes(block, ("math", "math-display"))}>{self.text(block.latex)}</div>\n'
        else:
            raise TypeError(f"not a block node: {kind.__name__}")

    def _furniture(self, block: Container) -> Iterator[str]:
        """A header (or a master's text) as ``<header>``, a footer, date or slide number as ``<footer>``, in
        the section it opens, with what it is and where it shows as ``data-`` attributes; once per text."""
        facet = furniture_of(block)
        if not self.furniture.first(block, facet):
            return
        tag = "header" if facet.role in ("header", "master") else "footer"
        extra = [("data-role", facet.role), ("data-variant", facet.variant), ("data-section", facet.section),
                 ("data-position", facet.position), ("data-page-style", facet.style),
                 ("aria-label", furniture_label(facet, block.locator))]
        shown = Container(block.blocks, locator=block.locator)  # the facet is said by the attributes above
        yield f"<{tag}{node_attributes(shown, ('furniture',), extra)}>\n"
        yield from self.blocks(block.blocks)
        yield f"</{tag}>\n"

    def blocks(self, blocks) -> Iterator[str]:
        for block in blocks:
            yield from self.block(block)

    def flow(self, blocks) -> Iterator[str]:
        """Blocks of the body's flow (the page's, a container's, a quote's): each followed by the margin
        notes of the review comments it references, when the page has them."""
        for block in blocks:
            yield from self.block(block)
            if self.comment_refs and self.margin_notes is not None and not self._inset:
                yield self.margin_notes()

    def listed(self, level: int, text: str, slug: str) -> None:
        """A heading of the body's flow in the page's contents (levels 1 to 3)."""
        if self.contents is not None and not self._inset and level <= 3 and text.strip():
            self.contents.append((min(max(level, 1), 6), text, slug))

    def heading(self, block: Heading, slug: str) -> str:
        level = min(max(block.level, 1), 6)
        return f"<h{level}{node_attributes(block, extra=[('id', slug)])}>{self.inlines(block.children)}</h{level}>\n"

    def _list(self, block: List) -> Iterator[str]:
        """A list; one whose labels are not the browser's own ``1.``, ``2.`` shows them as text.

        ``type`` covers only a, A, i, I and 1, each with the browser's period, and a CSS counter would be
        no text: "(ii)", "1.2." or "Article 3." is a ``<span class="label">`` starting its item, in a list
        of class ``labelled`` that the page draws with no marker, so find, copy and a screen reader get it.
        """
        labelled = _labelled(block)
        classes = ("labelled",) if labelled else ()
        if block.ordered:
            start = [("start", block.start if block.start != 1 else None)]
            yield f"<ol{node_attributes(block, classes, extra=start)}>\n"
        else:
            yield f"<ul{node_attributes(block, classes)}>\n"
        self._inset += 1
        try:
            yield from self._items(block, labelled)
        finally:
            self._inset -= 1
        yield "</ol>\n" if block.ordered else "</ul>\n"

    def _items(self, block: List, labelled: bool) -> Iterator[str]:
        for item in block.items:
            classes = ("task-list-item",) if item.checked is not None else ()
            yield f"<li{node_attributes(item, classes)}>"
            if item.checked is not None:
                yield f'<input type="checkbox" disabled{" checked" if item.checked else ""}> '
            label = f'<span class="label">{self.text(item.label)}</span> ' if labelled and item.label else ""
            first = item.blocks[0] if item.blocks else None
            if type(first) is Paragraph and len(item.blocks) == 1 and not first.facets and first.locator is None:
                yield label + self.inlines(first.children)  # a tight item: no <p>, as Markdown renders it
            elif type(first) is Paragraph and label:  # the label opens the paragraph, not a line of its own
                yield f"\n<p{node_attributes(first)}>{label}{self.inlines(first.children)}</p>\n"
                yield from self.blocks(item.blocks[1:])
            else:
                yield label + "\n"
                yield from self.blocks(item.blocks)
            yield "</li>\n"

    def cell(self, content) -> str:
        """A table cell's content: inlines, or blocks."""
        if content and isinstance(content[0], BLOCK_TYPES):
            self._inset += 1
            try:
                return "".join(self.blocks(content)).strip("\n")
            finally:
                self._inset -= 1
        return self.inlines(content, cell=True)

    # --- notes -------------------------------------------------------------------------------------

    def note(self, number: int, note: Note) -> str:
        """A note's content, with one backlink per reference to it."""
        self._inset += 1
        try:
            body = self._comment(note) if note.kind == "comment" else "".join(self.blocks(note.blocks))
        finally:
            self._inset -= 1
        refs = self.notes.references(note.id)
        links = "".join(
            f' <a href="#fnref:{number}{"" if k == 1 else f":{k}"}" class="footnote-backref" '
            f'role="doc-backlink">↩</a>'
            for k in range(1, refs + 1)
        )
        if links:
            body += f'<p class="footnote-backrefs">{links.strip()}</p>\n'
        return body

    def _comment(self, note: Note) -> str:
        """A review comment's thread: each entry (its attribution opening a paragraph) a ``comment-entry``,
        a reply marked ``reply``, its author, initials and date said again as ``data-`` attributes for the
        page's badges; the attribution's text stays as the source gave it."""
        out: list[str] = []
        open_entry = False
        for block in note.blocks:
            said = _attribution(block)
            if said is not None:
                if open_entry:
                    out.append("</div>\n")
                kind, author, initials, date = said
                classes = "comment-entry reply" if kind == "Reply" else "comment-entry"
                out.append(f"<div{attributes([('class', classes), ('data-author', author), ('data-initials', initials or _initials(author)), ('data-date', date)])}>\n")
                open_entry = True
            out.extend(self.block(block))
        if open_entry:
            out.append("</div>\n")
        return "".join(out)


def _labelled(block: List) -> bool:
    """Whether the list's labels differ from what a browser shows for it (``start``, ``start + 1``... with a
    period for an ``<ol>``; a bullet for a ``<ul>``)."""
    if all(item.label is None for item in block.items):
        return False
    return not block.ordered or any(item.label != f"{block.start + i}." for i, item in enumerate(block.items))


def _hidden(block) -> str | None:
    facet = next((f for f in block.facets if isinstance(f, HiddenFacet)), None)
    return None if facet is None else (facet.reason or "hidden")


def _details_open(reason: str) -> str:
    """Hidden content, kept open (nothing is hidden from the reader) and collapsible, its reason said."""
    return (f'<details class="hidden-content" open><summary>Hidden in the source'
            f'{": " + escape(reason) if reason != "hidden" else ""}</summary>\n')


def _attribution(block) -> tuple[str, str | None, str | None, str | None] | None:
    """A comment entry's kind, author, initials and date, from the attribution opening ``block``."""
    if type(block) is not Paragraph or not block.children or type(block.children[0]) is not Emphasis:
        return None
    m = _ATTRIBUTION.match(plain_text(block.children[0].children))
    if m is None:
        return None
    who = m.group("who") or None
    author, initials = who, None
    if who:
        named = _INITIALS.match(who)
        if named:
            author, initials = named.group("author"), named.group("initials")
    return m.group("kind"), author, initials, m.group("date")


def _initials(author: str | None) -> str | None:
    if not author:
        return None
    return "".join(word[0] for word in author.split()[:3] if word[:1].isalnum()).upper() or None
