"""IR blocks and inlines to HTML strings: every text escaped, every URL through the policy.

Blocks come out as an iterator of chunks, so a table inside a container still streams row by row.
The page (sections, template) is :mod:`.page`; tables are :mod:`.table`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ...ir.facets import RevisionFacet
from ...ir.nodes import (
    BLOCK_TYPES, BlockQuote, Code, CodeBlock, Container, Emphasis, HardBreak, Heading, Image, Link, List,
    Math, MathBlock, Note, NoteRef, Paragraph, SmallCaps, Span, Strikethrough, Strong, Subscript, Superscript,
    Table, Text, ThematicBreak, Underline,
)
from ...ir.walk import plain_text
from ..furniture import Distinct, furniture_of, label as furniture_label
from ..notes import NoteNumbers
from ..urls import REFUSALS, UrlPolicy
from .markup import ATTRIBUTE_CONTROLS, attributes, escape, has_controls, node_attributes
from .slugs import Slugger

_SIMPLE = {Strong: "strong", Emphasis: "em", Strikethrough: "s", Superscript: "sup", Subscript: "sub",
           Underline: "u"}
_LANGUAGE = re.compile(r"[^A-Za-z0-9_+.#-]")
_INSERTIONS = ("insertion", "move-to")


class HtmlCodes:
    """The report codes a renderer uses: the HTML writer's, or the Markdown writer's for --html-tables."""

    def __init__(self, prefix: str) -> None:
        self.refused = {refusal: f"{prefix}.{refusal}" for refusal in REFUSALS}  # the URL policy's refusals
        self.nested_link = f"{prefix}.nested-link-flattened"
        self.controls = f"{prefix}.control-characters-replaced"
        self.furniture = f"{prefix}.furniture-repeated"


class HtmlRenderer:
    def __init__(self, report: Callable[[str], None], policy: UrlPolicy, notes: NoteNumbers,
                 slugger: Slugger | None = None, codes: HtmlCodes | None = None,
                 checkpoint: Callable[[], None] | None = None) -> None:
        self.report = report
        self.policy = policy
        self.notes = notes
        self.slugger = slugger or Slugger()
        self.codes = codes or HtmlCodes("to-html")
        self.checkpoint = checkpoint or (lambda: None)
        ATTRIBUTE_CONTROLS.set(lambda: report(self.codes.controls))
        self.furniture = Distinct(report, self.codes.furniture)

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
        if revision is None and node.class_ == "comment-range":
            tag = "mark"  # the text a review comment covers (its note reference follows the range)
        extra = [("data-class", node.class_)] if node.class_ else []
        return f"<{tag}{node_attributes(node, extra=extra)}>{inner}</{tag}>"

    # --- blocks ------------------------------------------------------------------------------------

    def block(self, block) -> Iterator[str]:
        kind = type(block)
        if kind is Paragraph:
            yield f"<p{node_attributes(block)}>{self.inlines(block.children)}</p>\n"
        elif kind is Heading:
            yield self.heading(block, self.slugger.unique(plain_text(block.children)))
        elif kind is List:
            yield from self._list(block)
        elif kind is Table:
            from .table import table_chunks  # the table module renders cells with this class

            yield from table_chunks(self, block)
        elif kind is CodeBlock:
            language = _LANGUAGE.sub("", block.language or "")[:40]
            code_attrs = attributes([("class", f"language-{language}" if language else None)])
            yield (f"<pre{node_attributes(block, extra=[('data-language', block.language)])}>"
                   f"<code{code_attrs}>{self.text(block.text)}</code></pre>\n")
        elif kind is BlockQuote:
            yield f"<blockquote{node_attributes(block)}>\n"
            yield from self.blocks(block.blocks)
            yield "</blockquote>\n"
        elif kind is ThematicBreak:
            yield f"<hr{node_attributes(block)}>\n"
        elif kind is Container and block.class_ == "furniture":
            yield from self._furniture(block)
        elif kind is Container:
            extra = [("data-class", block.class_)] if block.class_ else []
            yield f"<div{node_attributes(block, ('container',), extra)}>\n"
            yield from self.blocks(block.blocks)
            yield "</div>\n"
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
        yield "</ol>\n" if block.ordered else "</ul>\n"

    def cell(self, content) -> str:
        """A table cell's content: inlines, or blocks."""
        if content and isinstance(content[0], BLOCK_TYPES):
            return "".join(self.blocks(content)).strip("\n")
        return self.inlines(content, cell=True)

    # --- notes -------------------------------------------------------------------------------------

    def note(self, number: int, note: Note) -> str:
        """A note's content, with one backlink per reference to it."""
        body = "".join(self.blocks(note.blocks))
        refs = self.notes.references(note.id)
        links = "".join(
            f' <a href="#fnref:{number}{"" if k == 1 else f":{k}"}" class="footnote-backref" '
            f'role="doc-backlink">↩</a>'
            for k in range(1, refs + 1)
        )
        if links:
            body += f'<p class="footnote-backrefs">{links.strip()}</p>\n'
        return body


def _labelled(block: List) -> bool:
    """Whether the list's labels differ from what a browser shows for it (``start``, ``start + 1``... with a
    period for an ``<ol>``; a bullet for a ``<ul>``)."""
    if all(item.label is None for item in block.items):
        return False
    return not block.ordered or any(item.label != f"{block.start + i}." for i, item in enumerate(block.items))
