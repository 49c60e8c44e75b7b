"""Inlines to Markdown, composed before the block is finished (see :mod:`.escape`).

Each inline becomes a piece: escaped text, rendered markup, or a strong, emphasis or strikethrough run
whose delimiters are chosen once its neighbours are known (:func:`~.delimiters.resolve`). Before that the
sequence is normalised (when it is not already, :func:`_normal`): transparent wrappers (a plain Span, and Underline and SmallCaps, which Markdown
cannot show) are flattened, adjacent runs of one kind merged (``**a****b**`` is not two bold runs), a
run inside one of its own kind flattened, and emphasis around strong alone written strong outside (the
canonical nesting). Whitespace at a run's edges is moved outside its delimiters, where it can neither
stop them opening or closing nor leave a tag alone on a line.
"""

from __future__ import annotations

from collections.abc import Callable

from ...ir.facets import RevisionFacet
from ...ir.nodes import (
    Code, Emphasis, HardBreak, Image, Link, Math, NoteRef, SmallCaps, Span, Strikethrough, Strong, Subscript,
    Superscript, Text, Underline,
)
from ..notes import NoteNumbers
from ..urls import UrlPolicy
from .delimiters import DELIMITERS, resolve
from .escape import (
    CODE_MARKUP, CONTROLS, HARD, REPLACEMENT, escape_plain, escape_text, finish_block, finish_cell,
    finish_heading, needs_escape, tex,
)
from .hidden import hidden_reason, label_of
from ...patterns import pattern

_MERGEABLE = (Text, Strong, Emphasis, Strikethrough, Code)
_DELIMITED = frozenset(DELIMITERS)
_LEAVES = frozenset((HardBreak, Image, NoteRef, Math))  # never flattened, never empty
_BACKTICKS = pattern(r"`+")
# Whitespace (what str.isspace and the patterns' \s take: tests/writers/test_markdown_fast_paths_perf6.py holds
# it to them) and hard breaks (HARD): what a run's or a tag's edges lose to the outside (see _edges).
_SPACE_OR_HARD = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008" \
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000" + HARD
_URL_UNSAFE = pattern(r"[\x00-\x1f\x7f-\x9f]")
_DESTINATION_PLAIN = pattern(r"[\\<>&|\x00-\x1f\x7f-\x9f]")  # what destination() changes (| in a cell)
_NONE: frozenset = frozenset()  # no delimited kind around the inlines
_INSERTIONS = ("insertion", "move-to")
_COMMENT_RANGE = "comment-range"  # the text a review comment covers: <mark>, its note reference after it
_ENTITY_AMP = pattern(r"&(?=#|[^\t\n\f <&;]{1,32};)")  # as in escape.py: entities decode in URLs too
# A title is an attribute value to every renderer, and the text of the tag to one that refuses the
# destination: whatever could be markup there is a character reference.
_TITLE_REFS = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_TITLE_UNSAFE = pattern(r"[&<>\"']")


class InlineRenderer:
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
        if len(inlines) == 1 and type(inlines[0]) is Text:
            # The commonest paragraph, one text needing no escape: what compose() would give, without
            # its keyword arguments, its scan for other nodes and _text's second test.
            text = inlines[0].text
            if not needs_escape(text):
                return finish_block(text)
        return finish_block(self._inlines(inlines, False, False, _NONE, "block"))

    def heading(self, inlines) -> str:
        if len(inlines) == 1 and type(inlines[0]) is Text and not needs_escape(inlines[0].text):
            return finish_heading(inlines[0].text)  # one text, as paragraph() takes it
        return finish_heading(self._inlines(inlines, False, False, _NONE, "heading"))

    def cell(self, inlines) -> str:
        if len(inlines) == 1 and type(inlines[0]) is Text and not needs_escape(inlines[0].text, True):
            return finish_cell(inlines[0].text)  # one text, as paragraph() takes it
        return finish_cell(self._inlines(inlines, True, False, _NONE, "cell"))

    # --- composition ------------------------------------------------------------------------------

    def compose(self, inlines, *, cell: bool = False, in_link: bool = False, within: frozenset = frozenset(),
                mode: str | None = None) -> str:
        """``within``: the delimited kinds around these inlines; one nested in itself adds nothing.

        ``mode`` is how the block will be finished (``block``, ``heading``, ``cell``) for the top-level
        inlines of a block, None inside a delimiter, link or tag.
        """
        return self._inlines(inlines, cell, in_link, within, mode)

    def _inlines(self, inlines, cell: bool, in_link: bool, within: frozenset, mode: str | None) -> str:
        """:meth:`compose`, called positionally: the writer's own calls, one or more for every block,
        spare the keyword arguments' handling."""
        # Most inline sequences are text alone (a paragraph, a cell, a run's inside): normalising merges
        # them into one Text and resolving one piece returns it, so their escaped text is the whole answer.
        # Any other sequence: in one pass when it is of the common kind (_plain), else the general way.
        for node in inlines:
            if type(node) is not Text:
                plain = self._plain(inlines, cell, in_link, within, mode)
                return plain if plain is not None else self._compose(inlines, cell, in_link, within, mode)
        return self._text(inlines[0].text if len(inlines) == 1 else "".join(node.text for node in inlines), cell)

    def _text(self, text: str, cell: bool) -> str:
        if not needs_escape(text, cell):  # no control character, no line end in a cell: nothing to report
            return text
        if CONTROLS.search(text):
            self.report("to-md.control-characters-replaced")
        if cell and ("\n" in text or "\r" in text):
            self.report("to-md.cell-blocks-flattened")
        return escape_text(text, cell=cell)

    def _plain(self, inlines, cell: bool, in_link: bool, within: frozenset, mode: str | None) -> str | None:
        """The common sequence composed in one pass, or None, having reported nothing, for any other.

        The common sequence is normal (:func:`_normal` would say so) and holds only text, runs of one
        text, links of one text to a URL the policy takes, code spans without a control character, note
        references not followed by a ":" or "(", and hard breaks, and none of its texts needs escaping
        (their join is tested once, at the end). Its pieces are then :meth:`_compose`'s: text as it is, a
        run's Markdown form split at its edge whitespace, a link's text in brackets before its
        destination, the code span, the note's number; nothing between two of them writes nothing, so no
        code spans touch. Links are judged, and then notes numbered, once nothing can make it return None.
        tests/writers/test_markdown_fast_paths.py holds it to the composition before it on random inlines.
        """
        pieces: list[str] = []
        texts: list[str] = []
        add, add_text = pieces.append, texts.append  # bound once: most of the work is these appends
        runs: list[tuple] = []
        starts: list[int] = []  # the pieces that start with "[", links and note references (see resolve)
        links: list[tuple] = []  # (index, node) of each link: its piece is written once nothing can refuse
        notes: list[tuple] = []  # (index, node) of each note reference: numbered last
        previous = None
        for node in inlines:
            kind = type(node)
            if kind is Text:
                text = node.text
                if previous is Text or not text or previous is NoteRef and text[0] in ":(":
                    return None
                add_text(text)
                add(text)
            elif kind in DELIMITERS:
                try:  # one child, unpacked (cheaper than len() and an index): other counts are declined
                    (child,) = node.children
                except ValueError:
                    return None
                if type(child) is Text:
                    if kind is previous or kind in within:
                        return None
                    inner = child.text
                    if not inner:
                        return None
                    add_text(inner)
                else:  # a run of one run of one text (bold italic): its inside as _compose writes it
                    nested = _nested_run(kind, child, within)
                    if nested is None or nested[0] is previous:
                        return None
                    kind, text, inner = nested
                    add_text(text)
                markup = DELIMITERS[kind]
                # Only whitespace counts at the edges here: a hard break (HARD) in a text is a control
                # character, which needs escaping, so such a sequence is declined below whatever its pieces.
                if not inner[0].isspace() and not inner[-1].isspace():
                    runs.append((len(pieces), "", inner, "", markup))
                    add(markup[0] + inner + markup[0])
                else:  # whitespace inside a delimiter stops it opening or closing: moved out, as _compose does
                    lead, core, trail = _edges(inner)
                    if core:
                        runs.append((len(pieces), lead, core, trail, markup))
                        add(lead + markup[0] + core + markup[0] + trail)
                    else:
                        add(inner)  # whitespace alone: lead + trail
            elif kind is Link:
                try:
                    (child,) = node.children
                except ValueError:
                    return None
                if in_link or type(child) is not Text:
                    return None
                add_text(child.text)
                at = len(pieces)
                starts.append(at)
                links.append((at, node))
                add("[")  # its first character, until it is written below
            elif kind is NoteRef:
                starts.append(len(pieces))
                notes.append((len(pieces), node))
                add("[")
            elif kind is Code:
                text = node.text
                if previous is Code or not text or CONTROLS.search(text) is not None:
                    return None
                if cell or "`" in text or "\n" in text or "\r" in text or text[0] == " " == text[-1]:
                    add(code_span(text, cell))
                else:  # the common span, one backtick each side: what code_span gives it, without its tests
                    add("`" + text + "`")
            elif kind is HardBreak:
                add(HARD)
            else:
                return None
            previous = kind
        if needs_escape("".join(texts), cell):
            return None
        if links:
            policy = self.policy
            for at, node in links:
                target = node.target
                # A plain URL is its own destination (policy.plain_link): no verdict, nothing to escape.
                url = policy.plain_link(target)
                if url is not None:
                    written = "<" + url + ">"
                else:
                    url = policy.link(target).url
                    if url is None:
                        return None  # refused: reported by the general path
                    written = destination(url, cell)
                text = node.children[0].text
                if text[:1] == "^":
                    text = "\\" + text  # "[^…]" would read as a footnote reference
                pieces[at] = f"[{text}]({written}{title(node.title, cell) if node.title else ''})"
        for at, node in notes:
            pieces[at] = f"[^{self.notes.reference(node.note_id)[0]}]"
        return resolve(pieces, runs, starts, mode)

    def _compose(self, inlines, cell: bool, in_link: bool, within: frozenset, mode: str | None) -> str:
        """:meth:`compose`'s general path, for any inlines (tested against the fast path on text alone).

        Inlines that are already normal (:func:`_normal`: most are) are composed as they are; others are
        normalised first. A delimited run's piece is its Markdown form until :func:`resolve` has seen
        its neighbours.
        """
        pieces: list[str] = []
        runs: list[tuple] = []  # (index, lead, core, trail, markup) of each delimited run (see resolve)
        links: list[int] = []  # where the pieces start with "[" (see resolve)
        after_note = False
        code_text: str | None = None  # the text of the code span the pieces end with, if they do
        nodes = inlines if _normal(inlines, within, in_link) else self._normalize(inlines, within, in_link)
        for node in nodes:
            kind = type(node)
            if kind is Text:
                piece = node.text
                if needs_escape(piece, cell):
                    piece = self._text(piece, cell)
                if after_note and piece[:1] in (":", "("):
                    piece = "\\" + piece  # "[^1]:" would define a footnote, "[^1](x)" link
                after_note = False
                if piece:
                    pieces.append(piece)
                    code_text = None
                continue
            if kind in DELIMITERS:
                children = node.children
                if len(children) == 1 and type(children[0]) is Text:  # the common run: one piece of text
                    inner = children[0].text
                    if needs_escape(inner, cell):
                        inner = self._text(inner, cell)
                else:
                    inner = self._inlines(children, cell, in_link, within | {kind}, None)
                markup = DELIMITERS[kind]
                # Whitespace (a hard break too) inside a delimiter stops it opening or closing: move it out.
                if inner and inner[0] != HARD and not inner[0].isspace() and inner[-1] != HARD \
                        and not inner[-1].isspace():
                    runs.append((len(pieces), "", inner, "", markup))
                    piece = markup[0] + inner + markup[0]
                else:
                    lead, core, trail = _edges(inner)
                    if core:
                        runs.append((len(pieces), lead, core, trail, markup))
                        piece = lead + markup[0] + core + markup[0] + trail
                    else:
                        piece = lead + trail
            elif kind is Code and code_text is not None:
                # Two code spans would touch (what came between wrote nothing: an empty refused link):
                # their fences would make one backtick run and the second span's text would be markup.
                # They are one span, as adjacent Code nodes are merged into one.
                code_text += node.text
                pieces[-1] = self._other(Code(code_text), cell, in_link, within)
                continue
            elif kind is Link:  # never nested here: _flatten unwrapped links inside links
                piece = self._link(node, cell)
                if piece[:1] == "[":  # a link written, not its text alone (escaped text never starts so)
                    links.append(len(pieces))
            else:
                piece = self._other(node, cell, in_link, within)
                if piece[:1] == "[":  # escaped text never does: only a link or a note reference
                    links.append(len(pieces))
            after_note = kind is NoteRef
            if piece:
                pieces.append(piece)
                code_text = node.text if kind is Code else None
        return resolve(pieces, runs, links, mode)

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
        if kind is Link:
            return self._link(node, cell)
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
            return _tagged(tag, self._inlines(node.children, cell, in_link, within, None))
        if kind is Span:  # only a revision or comment-range Span reaches here; others were flattened
            revision = _revision(node)
            tag = "mark" if revision is None else "ins" if revision.change in _INSERTIONS else "del"
            return _tagged(tag, self._inlines(node.children, cell, in_link, within, None))
        raise TypeError(f"not an inline node: {kind.__name__}")

    def _link(self, node: Link, cell: bool) -> str:
        """A link (never nested: _flatten unwrapped links inside links), or its text alone if refused."""
        children = node.children
        if len(children) == 1 and type(children[0]) is Text:  # the common link text, as compose() writes it
            text = children[0].text
            if needs_escape(text, cell):
                text = self._text(text, cell)
        else:
            text = self._inlines(children, cell, True, _NONE, None)
        verdict = self.policy.link(node.target)
        url = verdict.url
        if url is None:
            self.report(f"to-md.{verdict.refusal}", verdict.detail)
            return text
        if text[:1] == "^":
            text = "\\" + text  # "[^…]" would read as a footnote reference
        return f"[{text}]({destination(url, cell)}{title(node.title, cell) if node.title else ''})"

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
        spans side by side would read as one odd fence) runs after flattening, over the flat sequence:
        here as each flattened node is added, which is the same fold.
        """
        out: list = []
        self._flatten_into(inlines, within, in_link, out)
        return out

    def _flatten_into(self, inlines, within: frozenset, in_link: bool, out: list) -> None:
        """:meth:`_flatten`'s nodes, each merged into ``out`` as :meth:`_normalize` merges them."""
        for node in inlines:
            kind = type(node)
            if kind is Text:  # the most common node, and none of the wrappers below
                if node.text:
                    if out and type(out[-1]) is Text:
                        out[-1] = Text(out[-1].text + node.text)
                    else:
                        out.append(node)
                continue
            if kind in _DELIMITED:
                if kind in within:
                    self._flatten_into(node.children, within, in_link, out)
                    continue
                children = node.children
                if not children or (type(children[0]) is not Text or not children[0].text) and _empty(node):
                    continue  # an empty run would leave its neighbours touching: `a``b` is one code span
                if kind is Emphasis and len(children) == 1 and type(children[0]) is Strong:
                    node, kind = Strong([Emphasis(children[0].children)]), Strong
            elif kind is Code:
                if not node.text:
                    continue
            elif kind in _LEAVES or (kind is Link and not in_link):  # never empty (see _empty)
                pass
            else:
                for each in self._flatten((node,), within, in_link):
                    _merge(out, each)
                continue
            if out and type(out[-1]) is kind and kind in _MERGEABLE:
                _merge(out, node)
            else:
                out.append(node)

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


def _nested_run(kind: type, child, within: frozenset) -> tuple | None:
    """A run (``kind``) whose one child, ``child``, is a run of another kind around one text, as
    :meth:`InlineRenderer._compose` writes its inside: (the outer kind once normalised, the text, the inside
    composed), or None for any other. Emphasis around strong is strong around emphasis (:meth:`_normalize`).

    The inside is the inner run alone, resolved with nothing around it (mode None): what the one-pass
    composition gives the inner sequence. Whether the text needs escaping is the caller's test (it declines if
    so); a text of whitespace alone, or a kind the runs around it already are, is declined here.
    """
    inner_kind = type(child)
    if inner_kind not in DELIMITERS or kind in within or inner_kind in within or inner_kind is kind:
        return None
    if kind is Emphasis and inner_kind is Strong:
        kind, inner_kind = Strong, Emphasis
    try:
        (grandchild,) = child.children
    except ValueError:
        return None
    if type(grandchild) is not Text:
        return None
    text = grandchild.text
    if not text:
        return None
    if not text[0].isspace() and not text[-1].isspace():
        lead, core, trail = "", text, ""
    else:  # as the one-pass composition moves it out (see InlineRenderer._plain)
        lead, core, trail = _edges(text)
        if not core:
            return None
    markup = DELIMITERS[inner_kind]
    return kind, text, resolve([lead + markup[0] + core + markup[0] + trail], [(0, lead, core, trail, markup)], [],
                               None)


def _normal(inlines, within: frozenset, in_link: bool) -> bool:
    """Whether :meth:`InlineRenderer._normalize` would give ``inlines`` back as they are: nothing to flatten,
    drop or merge. A paragraph's inlines most often are (text, a run of text, a link, text).

    It may say False of a sequence that is normal (a run whose first child is not text): the caller then
    normalises, which is never wrong. tests/writers/test_markdown_fast_paths.py holds it to that.
    """
    previous = None
    for node in inlines:
        kind = type(node)
        if kind is Text:
            if previous is Text or not node.text:
                return False
        elif kind in _DELIMITED:
            children = node.children
            if kind is previous or kind in within or not children or type(children[0]) is not Text \
                    or not children[0].text:
                return False
        elif kind is Code:
            if previous is Code or not node.text:
                return False
        elif kind is Link:
            if in_link:
                return False
        elif kind not in _LEAVES:
            return False
        previous = kind
    return True


def _merge(out: list, node) -> None:
    """Add ``node`` to the flat sequence ``out``, merged into the node before it when of one kind."""
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
    lead, core, trail = _edges(inner)
    if not core:
        return inner
    return f"{lead}<{tag}>{core}</{tag}>{trail}"


def _edges(text: str) -> tuple[str, str, str]:
    """``text`` as (its leading whitespace and hard breaks, what is between, its trailing ones); text of
    them alone is all lead. Stripped, not searched: a pattern anchored at the end is tried at every position."""
    body = text.lstrip(_SPACE_OR_HARD)
    core = body.rstrip(_SPACE_OR_HARD)
    return text[: len(text) - len(body)], core, body[len(core):]


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
    if "\n" in text or "\r" in text:
        text = text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    if CONTROLS.search(text) is not None:
        text = CONTROLS.sub(REPLACEMENT, text)
    if not text:
        return ""
    if cell and CODE_MARKUP.search(text):
        # A renderer without tables reads the row as one paragraph, where backticks may pair across
        # cells and leave a span's text raw: <code> around escaped text is code to every renderer.
        return "<code>" + finish_cell(escape_text(text, cell=True)) + "</code>"
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(text)), default=0) + 1) if "`" in text else "`"
    # A parser strips one space from each end when both ends have one, and a backtick at an edge would
    # join the fence: pad in both cases.
    if text[0] == "`" or text[-1] == "`" or (text[0] == " " and text[-1] == " " and text.strip(" ")):
        text = f" {text} "
    if cell:
        text = text.replace("|", "\\|")  # GFM splits cells before it parses code spans
    return fence + text + fence


def destination(url: str, cell: bool = False) -> str:
    """A link destination in angle brackets, where only ``<``, ``>``, ``\\`` and line ends matter."""
    if _DESTINATION_PLAIN.search(url) is None:  # nothing below would change it
        return f"<{url}>"
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
