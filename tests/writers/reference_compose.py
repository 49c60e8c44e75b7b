"""The Markdown writer's inline composition as it was before its single-pass normalising and its inline fast
paths (main at 16e780d), the resolver before it too: the oracle the faster
:class:`zenconv.writers.markdown.inlines.InlineRenderer` must match byte for byte and report for report
(test_markdown_fast_paths)."""

from __future__ import annotations

import re
from collections.abc import Callable

from zenconv.ir.facets import RevisionFacet
from zenconv.ir.nodes import (
    Code, Emphasis, HardBreak, Image, Link, Math, NoteRef, SmallCaps, Span, Strikethrough, Strong, Subscript,
    Superscript, Text, Underline,
)
from zenconv.writers.notes import NoteNumbers
from zenconv.writers.urls import UrlPolicy
from zenconv.writers.markdown.delimiters import DELIMITERS

from .reference_resolve import Run, resolve
from zenconv.writers.markdown.escape import (
    CODE_MARKUP, CONTROLS, HARD, REPLACEMENT, escape_plain, escape_text, finish_block, finish_cell, finish_heading,
    needs_escape, tex,
)
from zenconv.writers.markdown.hidden import hidden_reason, label_of

_MERGEABLE = (Text, Strong, Emphasis, Strikethrough, Code)
_BACKTICKS = re.compile(r"`+")
_LEADING_SPACE = re.compile(r"[\s\x00]*")  # whitespace and hard breaks (HARD)
_TRAILING_SPACE = re.compile(r"(?<![\s\x00])[\s\x00]*$")  # from a run's start only: else quadratic in a run
_URL_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_INSERTIONS = ("insertion", "move-to")
_COMMENT_RANGE = "comment-range"  # the text a review comment covers: <mark>, its note reference after it
_ENTITY_AMP = re.compile(r"&(?=#|[^\t\n\f <&;]{1,32};)")  # as in escape.py: entities decode in URLs too
# A title is an attribute value to every renderer, and the text of the tag to one that refuses the
# destination: whatever could be markup there is a character reference.
_TITLE_REFS = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_TITLE_UNSAFE = re.compile(r"[&<>\"']")


class ReferenceInlineRenderer:
    """``report(code, detail=None)`` receives this renderer's losses; ``locator`` is the block being written.

    Which links and images are written is the writers' :class:`~zenconv.writers.urls.UrlPolicy`'s call.
    """

    def __init__(self, report: Callable[..., None], notes: NoteNumbers, policy: UrlPolicy):
        self.report = report
        self.notes = notes
        self.policy = policy
        self.locator = None  # of the block being rendered, for the writer's reports

    # --- the three ways a block finishes its inlines ------------------------------------------------

    def paragraph(self, inlines) -> str:
        return finish_block(self.compose(inlines, mode="block"))

    def heading(self, inlines) -> str:
        return finish_heading(self.compose(inlines, mode="heading"))

    def cell(self, inlines) -> str:
        return finish_cell(self.compose(inlines, cell=True, mode="cell"))

    # --- composition ------------------------------------------------------------------------------

    def compose(self, inlines, *, cell: bool = False, in_link: bool = False, within: frozenset = frozenset(),
                mode: str | None = None) -> str:
        """``within``: the delimited kinds around these inlines; one nested in itself adds nothing.

        ``mode`` is how the block will be finished (``block``, ``heading``, ``cell``) for the top-level
        inlines of a block, None inside a delimiter, link or tag.
        """
        # Most inline sequences are text alone (a paragraph, a cell, a run's inside): normalising merges
        # them into one Text and resolving one piece returns it, so their escaped text is the whole answer.
        for node in inlines:
            if type(node) is not Text:
                return self._compose(inlines, cell, in_link, within, mode)
        return self._text(inlines[0].text if len(inlines) == 1 else "".join(node.text for node in inlines), cell)

    def _text(self, text: str, cell: bool) -> str:
        if not needs_escape(text, cell):  # no control character, no line end in a cell: nothing to report
            return text
        if CONTROLS.search(text):
            self.report("to-md.control-characters-replaced")
        if cell and ("\n" in text or "\r" in text):
            self.report("to-md.cell-blocks-flattened")
        return escape_text(text, cell=cell)

    def _compose(self, inlines, cell: bool, in_link: bool, within: frozenset, mode: str | None) -> str:
        """:meth:`compose`'s general path, for any inlines (tested against the fast path on text alone)."""
        pieces: list = []
        after_note = False
        code_text: str | None = None  # the text of the code span the pieces end with, if they do
        for node in self._normalize(inlines, within, in_link):
            kind = type(node)
            if kind is Code and code_text is not None:
                # Two code spans would touch (what came between wrote nothing: an empty refused link):
                # their fences would make one backtick run and the second span's text would be markup.
                # They are one span, as adjacent Code nodes are merged into one.
                code_text += node.text
                pieces[-1] = self._other(Code(code_text), cell, in_link, within)
                continue
            if kind is Text:
                piece = self._text(node.text, cell)
                if after_note and piece[:1] in (":", "("):
                    piece = "\\" + piece  # "[^1]:" would define a footnote, "[^1](x)" link
            elif kind in DELIMITERS:
                piece = self._delimited(node, cell, in_link, within | {kind})
            else:
                piece = self._other(node, cell, in_link, within)
            after_note = kind is NoteRef
            if piece:
                pieces.append(piece)
                code_text = node.text if kind is Code else None
        return resolve(pieces, mode)

    def _delimited(self, node, cell: bool, in_link: bool, within: frozenset):
        inner = self.compose(node.children, cell=cell, in_link=in_link, within=within)
        # Whitespace (a hard break too) inside a delimiter stops it opening or closing: move it out.
        lead = _LEADING_SPACE.match(inner).group()
        trail = _TRAILING_SPACE.search(inner).group() if len(lead) < len(inner) else ""
        core = inner[len(lead): len(inner) - len(trail)]
        if not core:
            return lead + trail
        return Run(lead, core, trail, type(node))

    def _other(self, node, cell: bool, in_link: bool, within: frozenset) -> str:
        # Raw HTML tags do not scope emphasis, so ``within`` goes through <sup>; a link's text is parsed
        # on its own, so it starts afresh.
        kind = type(node)
        if kind is HardBreak:
            return HARD
        if kind is Code:
            if CONTROLS.search(node.text):
                self.report("to-md.control-characters-replaced")
            return code_span(node.text, cell)
        if kind is Link:  # never nested here: _flatten unwrapped links inside links
            text = self.compose(node.children, cell=cell, in_link=True)
            verdict = self.policy.link(node.target)
            if verdict.url is None:
                self.report(f"to-md.{verdict.refusal}", verdict.detail)
                return text
            if text.startswith("^"):
                text = "\\" + text  # "[^…]" would read as a footnote reference
            return f"[{text}]({destination(verdict.url, cell)}{title(node.title, cell)})"
        if kind is Image:
            verdict = self.policy.image(node.source)
            alt = escape_plain(node.alt)
            if cell:
                alt = alt.replace("|", "\\|")
            if verdict.url is None:
                self.report(f"to-md.{verdict.refusal}", verdict.detail)
                return alt
            return f"![{alt}]({destination(verdict.url, cell)}{title(node.title, cell)})"
        if kind is NoteRef:
            return f"[^{self.notes.reference(node.note_id)[0]}]"
        if kind is Math:
            return self.math(node.latex, cell)
        if kind is Superscript or kind is Subscript:
            tag = "sup" if kind is Superscript else "sub"
            return _tagged(tag, self.compose(node.children, cell=cell, in_link=in_link, within=within))
        if kind is Span:  # only a revision or comment-range Span reaches here; others were flattened
            revision = _revision(node)
            tag = "mark" if revision is None else "ins" if revision.change in _INSERTIONS else "del"
            return _tagged(tag, self.compose(node.children, cell=cell, in_link=in_link, within=within))
        raise TypeError(f"not an inline node: {kind.__name__}")

    def math(self, latex: str, cell: bool = False) -> str:
        """Inline math between dollars when it is plain TeX, else as code (reported)."""
        latex = " ".join(latex.split())
        if not latex:
            return ""
        if not tex(latex):
            self.report("to-md.math-written-as-code")
            if CONTROLS.search(latex):
                self.report("to-md.control-characters-replaced")
            # Escaped text in <code>, not a code span: a span's fence could touch a neighbouring span's.
            return "<code>" + finish_cell(escape_text(latex, cell=cell)) + "</code>"
        return "$" + (latex.replace("|", "\\|") if cell else latex) + "$"

    def _normalize(self, inlines, within: frozenset = frozenset(), in_link: bool = False) -> list:
        """Flatten transparent wrappers, put strong outside emphasis, merge neighbours of one kind.

        Bold inside bold is bold: a delimited node inside one of its kind is flattened, since
        ``*a*b**`` cannot close both runs at once. Merging (``**a****b**`` is not two bold runs; two code
        spans side by side would read as one odd fence) runs after flattening, over the flat sequence.
        """
        out: list = []
        for node in self._flatten(inlines, within, in_link):
            kind = type(node)
            if out and type(out[-1]) is kind and kind in _MERGEABLE:
                prev = out[-1]
                if kind is Text:
                    out[-1] = Text(prev.text + node.text)
                elif kind is Code:
                    out[-1] = Code(prev.text + node.text)
                else:
                    out[-1] = kind([*prev.children, *node.children])
            else:
                out.append(node)
        return out

    def _flatten(self, inlines, within: frozenset, in_link: bool):
        for node in inlines:
            kind = type(node)
            if kind is Text:  # the most common node, and none of the wrappers below
                if node.text:
                    yield node
            elif kind is Underline or kind is SmallCaps:
                self.report("to-md.underline-dropped" if kind is Underline else "to-md.small-caps-dropped")
                yield from self._flatten(node.children, within, in_link)
            elif kind is Span and node.facets and hidden_reason(node.facets) is not None:
                if not _empty(node):  # what the source hides, kept: its text between visible marks
                    yield from _marked(list(self._flatten(node.children, within, in_link)),
                                       label_of(hidden_reason(node.facets)))
            elif (kind is Span and _revision(node) is None and node.class_ != _COMMENT_RANGE) or kind in within:
                yield from self._flatten(node.children, within, in_link)
            elif kind is Link and in_link:
                self.report("to-md.nested-link-flattened")
                yield from self._flatten(node.children, within, in_link)
            elif _empty(node):
                continue  # an empty run would leave its neighbours touching: `a``b` is one code span
            elif kind is Emphasis and len(node.children) == 1 and type(node.children[0]) is Strong:
                yield Strong([Emphasis(node.children[0].children)])
            else:
                yield node


def _marked(inner: list, label: str) -> list:
    """``[label: inner]``, the whitespace at inner's edges outside the brackets (a run's own spaces)."""
    lead = trail = ""
    if inner and type(inner[0]) is Text:
        text = inner[0].text
        lead = text[: len(text) - len(text.lstrip())]
        inner[0] = Text(text[len(lead):])
    if inner and type(inner[-1]) is Text:
        text = inner[-1].text
        trail = text[len(text.rstrip()):]
        inner[-1] = Text(text[: len(text) - len(trail)])
    return [Text(f"{lead}[{label}: "), *inner, Text("]" + trail)]


def _tagged(tag: str, inner: str) -> str:
    """Inline HTML around ``inner``, its edge whitespace outside: a tag alone on a line is an HTML block."""
    lead = _LEADING_SPACE.match(inner).group()
    if len(lead) == len(inner):
        return inner
    trail = _TRAILING_SPACE.search(inner).group()
    return f"{lead}<{tag}>{inner[len(lead): len(inner) - len(trail)]}</{tag}>{trail}"


def _empty(node) -> bool:
    kind = type(node)
    if kind is Text or kind is Code:
        return not node.text
    if kind in DELIMITERS or kind in (Underline, SmallCaps, Superscript, Subscript, Span):
        return all(_empty(child) for child in node.children)
    return False


def _revision(span: Span) -> RevisionFacet | None:
    for facet in span.facets:
        if isinstance(facet, RevisionFacet):
            return facet
    return None


def code_span(text: str, cell: bool = False) -> str:
    """A code span whose fence is longer than any backtick run inside it."""
    text = CONTROLS.sub(REPLACEMENT, text.replace("\r\n", " ").replace("\n", " ").replace("\r", " "))
    if not text:
        return ""
    if cell and CODE_MARKUP.search(text):
        # A renderer without tables reads the row as one paragraph, where backticks may pair across
        # cells and leave a span's text raw: <code> around escaped text is code to every renderer.
        return "<code>" + finish_cell(escape_text(text, cell=True)) + "</code>"
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(text)), default=0) + 1)
    # A parser strips one space from each end when both ends have one, and a backtick at an edge would
    # join the fence: pad in both cases.
    if text[0] == "`" or text[-1] == "`" or (text[0] == " " and text[-1] == " " and text.strip(" ")):
        text = f" {text} "
    if cell:
        text = text.replace("|", "\\|")  # GFM splits cells before it parses code spans
    return fence + text + fence


def destination(url: str, cell: bool = False) -> str:
    """A link destination in angle brackets, where only ``<``, ``>``, ``\\`` and line ends matter."""
    url = _ENTITY_AMP.sub("\\\\&", url.replace("\\", "\\\\").replace("<", "\\<").replace(">", "\\>"))
    url = _URL_UNSAFE.sub(lambda m: f"%{ord(m.group()):02X}", url)
    if cell:
        url = url.replace("|", "\\|")
    return f"<{url}>"


def title(text: str | None, cell: bool = False) -> str:
    if not text:
        return ""
    text = CONTROLS.sub(REPLACEMENT, " ".join(text.split()).replace("\\", "\\\\"))
    text = _TITLE_UNSAFE.sub(lambda m: _TITLE_REFS[m.group()], text)
    if cell:
        text = text.replace("|", "\\|")
    return f' "{text}"'


def renderer_pair() -> list:
    """The writer's renderer and this oracle over the same resources (an image, an SVG), each with the list its
    reports go to: ``[(fast, reports), (reference, reports)]``."""
    from zenconv.ir.resources import ResourceStore
    from zenconv.writers.markdown.inlines import InlineRenderer

    resources = ResourceStore()
    resources.add(b"\x89PNG\r\n\x1a\n" + b"0" * 16, "a.png", "image/png")
    resources.add(b"<svg/>", "b.svg", "image/svg+xml")
    made = []
    for cls in (InlineRenderer, ReferenceInlineRenderer):
        reports: list = []
        made.append((cls(lambda code, detail=None, reports=reports: reports.append((code, detail)), NoteNumbers(),
                         UrlPolicy(resources, lambda name: "media/" + name)), reports))
    return made
