"""Inlines to Markdown, composed before the block is finished (see :mod:`.escape`).

Emphasis is where Markdown is least forgiving: a ``*`` run opens or closes only when its neighbours
allow it (CommonMark's flanking rules), so ``**(a)**b`` is not bold at all. Each delimited node is
therefore rendered with its whitespace moved outside the delimiters, and written as ``**…**`` only when
the characters on both sides let the delimiters open and close; otherwise as ``<strong>…</strong>``,
which reads back to the same text. Adjacent runs of one kind are merged first (``**a****b**`` is not
two bold runs), and emphasis around strong alone is written strong outside (the canonical nesting).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from ...ir.facets import RevisionFacet
from ...ir.nodes import (
    Code, Emphasis, HardBreak, Image, Link, Math, NoteRef, SmallCaps, Span, Strikethrough, Strong, Subscript,
    Superscript, Text, Underline,
)
from ..notes import NoteNumbers
from .escape import HARD, REPLACEMENT, escape_plain, escape_text, finish_block, finish_cell, finish_heading

_DELIMITED = {Strong: ("**", "<strong>", "</strong>"), Emphasis: ("*", "<em>", "</em>"),
              Strikethrough: ("~~", "<s>", "</s>")}
_MERGEABLE = (Text, Strong, Emphasis, Strikethrough, Code)
_BACKTICKS = re.compile(r"`+")
_LEADING_SPACE = re.compile(r"[\s\x00]*")
_TRAILING_SPACE = re.compile(r"[\s\x00]*$")
_URL_UNSAFE = re.compile(r"[\x00-\x1f\x7f]")
_INSERTIONS = ("insertion", "move-to")
_ENTITY_AMP = re.compile(r"&(?=#|[^\t\n\f <&;]{1,32};)")  # as in escape.py: entities decode in URLs too


def _is_space(ch: str) -> bool:
    return ch.isspace() or ch == HARD


def _is_punct(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


# Character classes for the flanking rules: whitespace, punctuation, other. A character's class is a
# tuple of the classes it may have: CommonMark calls punctuation the Unicode P and S categories, mistune
# whatever is neither space nor alphanumeric, and a run must be read alike by both.
_WS, _PUNCT, _OTHER = 0, 1, 2
_MAYBE_SPACE = (_WS, _PUNCT)


def _classes(ch: str) -> tuple[int, ...]:
    if _is_space(ch):
        return (_WS,)
    by_spec = _is_punct(ch)
    by_mistune = not ch.isalnum()
    if by_spec == by_mistune:
        return (_PUNCT,) if by_spec else (_OTHER,)
    return (_PUNCT, _OTHER)


def _left(before: int, after: int) -> bool:
    return after != _WS and (after != _PUNCT or before != _OTHER)


def _right(before: int, after: int) -> bool:
    return before != _WS and (before != _PUNCT or after != _OTHER)


def _opens(before: tuple[int, ...], first: str, same_char: bool) -> bool:
    """A run that can open and cannot close, whatever the class of its neighbours: parsers agree on
    those. Intraword runs, which can do both, are where they part, so those fall back to HTML."""
    if same_char:
        return False
    return all(_left(b, f) and not _right(b, f) for b in before for f in _classes(first))


def _closes(last: str, after: tuple[int, ...], same_char: bool) -> bool:
    if same_char:
        return False
    return all(_right(l, a) and not _left(l, a) for l in _classes(last) for a in after)


def _peek(pieces: list, i: int) -> tuple[str, str]:
    """The two characters after piece ``i`` ("" past the end); a later delimiter counts as punctuation."""
    chars: list[str] = []
    for source in (pieces[i].trail, *pieces[i + 1:]):
        if type(source) is str:
            chars.extend(source[: 2 - len(chars)])
        else:
            chars.extend(source.lead[: 2 - len(chars)])
            if len(chars) < 2:
                chars.append(_DELIMITED[source.kind][0][0])
        if len(chars) >= 2:
            break
    chars += [""] * (2 - len(chars))
    return chars[0], chars[1]


# Finishing a block writes some whitespace as a character reference, whose ";" is punctuation to the
# flanking rules: a line's first and last whitespace, a line end at the block's edge or after another,
# and every line end in a heading (&#10;) or a cell (<br>). The two functions below classify the
# characters around a run as they will be once finished; where that is not certain (inside a delimiter,
# mode None, an edge may or may not be a line's edge) the answer is both, and the run must work for both.

def _before_class(before: str, earlier: str, column: int, mode: str | None) -> tuple[int, ...]:
    """``earlier`` is the character before ``before``; ``column`` is ``before``'s, 1-based, since a break."""
    if not before:
        return (_WS,) if mode else _MAYBE_SPACE
    if before == "\n" or before == HARD:
        if mode == "block" and earlier and earlier not in ("\n", HARD):
            return (_WS,)
        return _MAYBE_SPACE
    if _is_space(before):
        return _MAYBE_SPACE if column == 1 or not earlier else (_WS,)
    return _classes(before)


def _after_class(after: str, following: str, mode: str | None) -> tuple[int, ...]:
    if not after:
        return (_WS,) if mode else _MAYBE_SPACE
    if after == "\n" or after == HARD:
        return (_WS,) if mode == "block" and following else _MAYBE_SPACE
    if _is_space(after):
        return _MAYBE_SPACE if not following or following in ("\n", HARD) else (_WS,)
    return _classes(after)


class _Delimited:
    """A strong, emphasis or strikethrough run whose delimiters wait for its neighbours."""

    __slots__ = ("lead", "core", "trail", "kind")

    def __init__(self, lead: str, core: str, trail: str, kind: type) -> None:
        self.lead, self.core, self.trail, self.kind = lead, core, trail, kind

    @property
    def first(self) -> str:
        return self.lead[0] if self.lead else _DELIMITED[self.kind][0][0]


class InlineRenderer:
    """``report(code)`` receives this renderer's losses; ``locator`` is the block being written."""

    def __init__(self, report: Callable[[str], None], notes: NoteNumbers, resource_url: Callable[[str], str | None]):
        self.report = report
        self.notes = notes
        self.resource_url = resource_url
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
        pieces: list = []
        after_note = False
        for node in self._normalize(inlines, within, in_link):
            kind = type(node)
            if kind is Text:
                text = node.text
                if "\x00" in text:
                    self.report("to-md.control-characters-replaced")
                if cell and ("\n" in text or "\r" in text):
                    self.report("to-md.cell-blocks-flattened")
                piece = escape_text(text, cell=cell)
                if after_note and piece[:1] in (":", "("):
                    piece = "\\" + piece  # "[^1]:" would define a footnote, "[^1](x)" link
            elif kind in _DELIMITED:
                piece = self._delimited(node, cell, in_link, within | {kind})
            else:
                piece = self._other(node, cell, in_link, within)
            after_note = kind is NoteRef
            if piece:
                pieces.append(piece)
        return self._resolve(pieces, mode)

    def _resolve(self, pieces: list, mode: str | None) -> str:
        out: list[str] = []
        tail = ""  # the output's last two characters
        column = 0  # characters since the last line break
        for i, piece in enumerate(pieces):
            if type(piece) is not str:
                context = tail + piece.lead
                before, earlier = context[-1:], context[-2:-1]
                cut = max(piece.lead.rfind("\n"), piece.lead.rfind(HARD))
                where = len(piece.lead) - cut - 1 if cut >= 0 else column + len(piece.lead)
                after, following = _peek(pieces, i)
                delim, html_open, html_close = _DELIMITED[piece.kind]
                char = delim[0]
                core = piece.core
                # A nested run of the same character joins ours (``***x***``): flanking is judged past it.
                # An escaped delimiter touching the joined run (``**\\***``) is where parsers disagree.
                inner = core.strip(char) or core
                tangled = inner != core and (inner[-1] == "\\" or core.startswith("\\" + char))
                # mistune closes ~~ at the next ~~ it sees, even inside a code span or a URL.
                tangled = tangled or (char == "~" and "~~" in core)
                if (not tangled
                        and _opens(_before_class(before, earlier, where, mode), inner[0], before == char)
                        and _closes(inner[-1], _after_class(after, following, mode), after == char)):
                    piece = piece.lead + delim + core + delim + piece.trail
                else:
                    piece = piece.lead + html_open + core + html_close + piece.trail
            elif piece[0] == "[" and tail[-1:] == "!":
                out[-1] = out[-1][:-1] + "\\!"  # "!" before a link would make it an image
            out.append(piece)
            tail = (tail + piece)[-2:]
            cut = max(piece.rfind("\n"), piece.rfind(HARD))
            column = len(piece) - cut - 1 if cut >= 0 else column + len(piece)
        return "".join(out)

    def _delimited(self, node, cell: bool, in_link: bool, within: frozenset):
        inner = self.compose(node.children, cell=cell, in_link=in_link, within=within)
        # Whitespace (a hard break too) inside a delimiter stops it opening or closing: move it out.
        lead = _LEADING_SPACE.match(inner).group()
        trail = _TRAILING_SPACE.search(inner).group() if len(lead) < len(inner) else ""
        core = inner[len(lead): len(inner) - len(trail)]
        if not core:
            return lead + trail
        return _Delimited(lead, core, trail, type(node))

    def _other(self, node, cell: bool, in_link: bool, within: frozenset) -> str:
        # Raw HTML tags do not scope emphasis, so ``within`` goes through <sup>; a link's text is parsed
        # on its own, so it starts afresh.
        kind = type(node)
        if kind is HardBreak:
            return HARD
        if kind is Code:
            return code_span(node.text, cell)
        if kind is Link:  # never nested here: _flatten unwrapped links inside links
            text = self.compose(node.children, cell=cell, in_link=True)
            if text.startswith("^"):
                text = "\\" + text  # "[^…]" would read as a footnote reference
            return f"[{text}]({destination(node.target, cell)}{title(node.title, cell)})"
        if kind is Image:
            url = self.resource_url(node.source) or node.source
            alt = escape_plain(node.alt)
            if cell:
                alt = alt.replace("|", "\\|")
            return f"![{alt}]({destination(url, cell)}{title(node.title, cell)})"
        if kind is NoteRef:
            return f"[^{self.notes.reference(node.note_id)[0]}]"
        if kind is Math:
            latex = " ".join(node.latex.split())
            if not latex:
                return ""
            return "$" + (latex.replace("|", "\\|") if cell else latex) + "$"
        if kind is Superscript or kind is Subscript:
            tag = "sup" if kind is Superscript else "sub"
            return _tagged(tag, self.compose(node.children, cell=cell, in_link=in_link, within=within))
        if kind is Span:  # only a revision Span reaches here; others were flattened
            tag = "ins" if _revision(node).change in _INSERTIONS else "del"
            return _tagged(tag, self.compose(node.children, cell=cell, in_link=in_link, within=within))
        raise TypeError(f"not an inline node: {kind.__name__}")

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
            if kind is Underline or kind is SmallCaps:
                self.report("to-md.underline-dropped" if kind is Underline else "to-md.small-caps-dropped")
                yield from self._flatten(node.children, within, in_link)
            elif (kind is Span and _revision(node) is None) or kind in within:
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
    if kind in _DELIMITED or kind in (Underline, SmallCaps, Superscript, Subscript, Span):
        return all(_empty(child) for child in node.children)
    return False


def _revision(span: Span) -> RevisionFacet | None:
    for facet in span.facets:
        if isinstance(facet, RevisionFacet):
            return facet
    return None


def code_span(text: str, cell: bool = False) -> str:
    """A code span whose fence is longer than any backtick run inside it."""
    text = text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ").replace("\x00", REPLACEMENT)
    if not text:
        return ""
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
    text = _ENTITY_AMP.sub("\\\\&", " ".join(text.split()).replace("\\", "\\\\").replace('"', '\\"'))
    if cell:
        text = text.replace("|", "\\|")
    return f' "{text}"'
