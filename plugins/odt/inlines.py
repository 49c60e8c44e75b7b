"""Paragraph content to inlines: spans, links, spaces, breaks, notes, change marks and frames.

White space follows ODF's rule (§6.1.2): runs of spaces, tabs and newlines in the XML are one
space, and a paragraph's leading and trailing white space goes; ``text:s`` and ``text:tab`` are
the spaces that count. Consecutive runs of one format share one wrapper, so ``**a b**`` stays one
strong span however many ``text:span`` elements the source split it into.
"""

from __future__ import annotations

from itertools import product
from operator import eq

from zenconv.ir import (
    Emphasis, HardBreak, HiddenFacet, Link, Note, NoteRef, Span, Strikethrough, Strong, Subscript, Superscript, Text,
    Underline, plain_text,
)
from zenconv.records import dataclass
from zenconv_plugins.comments import comment_range
from zenconv_plugins.runs import group_runs

from .dropped import comment_text
from .names import DRAW, OFFICE, TEXT, XLINK
from .state import State
from .styles import FLAGS
from zenconv.patterns import pattern

_SPACE = pattern(r"[ \t\r\n]+")
_MAX_SPACES = 1000
_DRAW_INLINE = {f"{DRAW}{n}" for n in ("frame", "a", "g", "custom-shape", "rect", "ellipse", "circle", "line",
                                        "polyline", "polygon", "path", "connector", "regular-polygon", "measure",
                                        "caption", "control")}
_SILENT = {f"{TEXT}{n}" for n in ("bookmark-end", "reference-mark-end", "alphabetical-index-mark-end",
                                  "toc-mark-end", "user-index-mark-end", "soft-page-break")}
_MARKS = {f"{TEXT}{n}" for n in ("bookmark", "bookmark-start", "reference-mark", "reference-mark-start")}
_SPAN, _A, _STYLE_NAME, _HREF = f"{TEXT}span", f"{TEXT}a", f"{TEXT}style-name", f"{XLINK}href"
_CACHED = 4096  # formats and keys kept at most
_WRAPPED = FLAGS[:-1]  # the flags a wrapper shows, in wrapping order (the last, hidden, is a key of its own): key_of
# reads them by name, faster than over this tuple (tests/odt/test_fast_paths.py checks it reads each of them)


@dataclass(slots=True, eq=False)
class _PlainBase:
    """What :meth:`InlineReader.plain` needs of a paragraph format, for the comment ranges open and the styles
    loaded when it was made: the format, its key, and the keys of the spans in its paragraphs by text style."""

    flags: dict[str, bool]
    covering: tuple[str, ...]
    loads: int
    fmt: dict
    key: tuple
    rest: tuple  # the key after its link: a link's key is its target and this
    spans: dict[str | None, tuple]


class InlineReader:
    def __init__(self, state: State, blocks, frames) -> None:
        self.s = state
        self.blocks = blocks    # the block reader, for note bodies
        self.frames = frames    # the frame reader, for draw: content
        self._space = True
        self._skip_hidden = state.skip_hidden  # --hidden skip: one option for the read, asked at every paragraph
        self._expanding: set[str] = set()
        # Formats are dicts, never changed once made. A paragraph style's format and a span's (its parent's
        # and its text style's flags merged) are made once and shared by every paragraph and span that has
        # them, and the key of each format is computed once, by the format's id. Each entry holds the dicts
        # its key names, so no id is reused while it stands; past _CACHED entries they start again.
        self._bases: dict[int, tuple[dict, dict]] = {}
        self._spans: dict[tuple[int, int], tuple[dict, dict, dict]] = {}
        self._keys: dict[int, tuple[dict, tuple[str, ...], tuple]] = {}
        self._plain_bases: dict[int, _PlainBase] = {}  # plain()'s, by the id of the paragraph style's flags

    def paragraph(self, p, flags: dict[str, bool]) -> list:
        """The inlines of a ``text:p``/``text:h``, its paragraph style's formatting as the base."""
        saved, self._space = self._space, True
        segments: list = []
        self._walk(p, self._base(flags), segments)
        self._space = saved
        if len(segments) == 1 and isinstance(segments[0][0], str):
            # One run of text: what trim and group_runs make of it.
            text = segments[0][0].strip(" ")
            return _wrap([Text(text)], segments[0][1]) if text.strip() else []
        return group_runs(trim(segments), _wrap)

    def plain(self, p, flags: dict[str, bool]) -> list | None:
        """The inlines of the commonest paragraph, its text in ``text:span`` and ``text:a`` elements that hold
        only text, read in one pass; None for any other paragraph, and while a change mark is open: the general
        path (``paragraph``) reads those. Nothing here reports or changes the reader's state, so a paragraph
        given up on is read afresh.

        What it keeps equal to the general path (_walk's segments, then trim and group_runs): the same white
        space rule and keys; consecutive texts of equal keys joined into one run (group_runs), the last run's
        trailing spaces trimmed and a run left empty dropped (trim: the first text never starts with a space,
        the paragraph starting with white space taken), a paragraph of nothing but white space empty. Text
        --hidden skip would drop is left to the general path, which reports it.

        The runs are joined before the white space rule is applied: joining texts of one key and collapsing
        white space commute. Most paragraphs have none to collapse (no tab, newline, double space, or leading
        space), which one look at the whole text tells: the rule then changes nothing but the last run's
        trailing space, and is not applied run by run."""
        if self.s.open_insertions:
            return None
        covering = self.blocks.annotations.covering
        base = self._plain_bases.get(id(flags))
        if base is None or base.flags is not flags or base.covering is not covering \
                or base.loads != self.s.styles.loads:
            base = self._plain_base(flags, covering)
        key = base.key
        if not len(p):
            return self._plain_text(p.text, key)
        texts, keys = [p.text], [key]  # each text and its key, None for a missing one
        for child in p[:]:  # a slice: the children in one C call, not one by one as iteration gives them
            tag = child.tag
            if tag == _SPAN:
                name = child.get(_STYLE_NAME)
                child_key = base.spans.get(name)
                if child_key is None:
                    child_key = self._plain_span_key(base, name)
            elif tag == _A:
                # _linked's key: the target, then the rest of the paragraph's key
                href = (child.get(_HREF) or "").strip()
                child_key = (href, *base.rest) if href else key
            else:
                return None
            if len(child):
                return None  # an element inside: a nested span, a space, a note...
            texts += child.text, child.tail
            keys += child_key, key
        # Already one text per run (the commonest: a span's format differs from the text around it), or grouped.
        if not all(texts) or any(map(eq, keys, keys[1:])):
            keys, texts = _grouped(keys, texts)
            if not texts:
                return []
        whole = "".join(texts)
        if whole[0] == " " or "  " in whole or "\n" in whole or "\t" in whole or "\r" in whole:
            keys, texts = _spaced(keys, texts)
        if self._skip_hidden:
            for run_key in keys:
                if run_key[3]:
                    return None  # hidden text skipped, which is reported
        if whole.isspace():
            return []
        last = texts[-1].rstrip(" ")
        if last:
            texts[-1] = last
        else:
            keys.pop()
            texts.pop()
        out: list = []
        for run_key, text in zip(keys, texts):
            if run_key is _PLAIN:
                out.append(Text(text))
            else:
                out += _wrap([Text(text)], run_key)
        return out

    def _plain_text(self, text: str | None, key: tuple) -> list | None:
        """:meth:`plain` of a paragraph of text alone (no child), the commonest in lists and table cells."""
        if not text:
            return []
        if "  " in text or "\n" in text or "\t" in text or "\r" in text:
            text = _SPACE.sub(" ", text)
        text = text.strip(" ")  # one space at most at each end, once collapsed
        if not text:
            return []
        if key[3] and self._skip_hidden:
            return None  # hidden text skipped, which is reported
        if text.isspace():
            return []
        return [Text(text)] if key is _PLAIN else _wrap([Text(text)], key)

    def _plain_base(self, flags: dict[str, bool], covering: tuple[str, ...]) -> _PlainBase:
        if len(self._plain_bases) >= _CACHED:
            self._plain_bases.clear()
        fmt = self._base(flags)
        key = self._key(fmt)
        base = self._plain_bases[id(flags)] = _PlainBase(flags, covering, self.s.styles.loads, fmt, key, key[1:], {})
        return base

    def _plain_span_key(self, base: _PlainBase, name: str | None) -> tuple:
        """The key of a span of text style ``name`` in a paragraph of ``base``'s format, as _child makes it."""
        if len(base.spans) >= _CACHED:
            base.spans.clear()
        key = base.spans[name] = self._key(self._span(base.fmt, self.s.styles.flags("text", name)))
        return key

    def _base(self, flags: dict[str, bool]) -> dict:
        """A paragraph's format: its style's flags, no link, no revision; one dict for each flags dict."""
        found = self._bases.get(id(flags))
        if found is None or found[0] is not flags:
            if len(self._bases) >= _CACHED:
                self._bases.clear()
            found = self._bases[id(flags)] = (flags, {**flags, "link": None, "rev": None})
        return found[1]

    def _walk(self, el, fmt: dict, out: list) -> None:
        # lxml makes a new string at each .text or .tail: asked once each
        if text := el.text:
            self._text(text, fmt, out)
        for child in el:
            self._child(child, fmt, out)
            if tail := child.tail:
                self._text(tail, fmt, out)

    def _text(self, text: str, fmt: dict, out: list) -> None:
        if "  " in text or "\n" in text or "\t" in text or "\r" in text:  # else each match is one space already
            text = _SPACE.sub(" ", text)
        if self._space and text.startswith(" "):
            text = text[1:]
        if text and self._emit(text, fmt, out):
            self._space = text.endswith(" ")

    def _emit(self, content, fmt: dict, out: list) -> bool:
        """Add a segment unless the revision mode or --hidden skip drops it; say whether it was added."""
        inserted = self.s.active_insertion() if self.s.open_insertions else None
        if inserted is not None:
            if self.s.revisions == "reject":
                return False
            if self.s.revisions == "all" and fmt.get("rev") is None:
                fmt = {**fmt, "rev": inserted}
        if fmt.get("hidden") and self.s.skip_hidden:
            self.s.report("hidden-text-skipped", text=content if isinstance(content, str) else plain_text([content]))
            return False
        found = self._keys.get(id(fmt))  # _key's lookup, inline: a segment is emitted for every run of text
        if found is not None and found[0] is fmt and found[1] is self.blocks.annotations.covering:
            out.append((content, found[2]))
        else:
            out.append((content, self._key(fmt)))
        return True

    def _key(self, fmt: dict) -> tuple:
        """``key_of(fmt, covering)``, the comment ranges open now, computed once per format and ranges."""
        covering = self.blocks.annotations.covering
        found = self._keys.get(id(fmt))
        if found is not None and found[0] is fmt and found[1] is covering:
            return found[2]
        key = key_of(fmt, covering)
        if len(self._keys) >= _CACHED:
            self._keys.clear()
        self._keys[id(fmt)] = (fmt, covering, key)
        return key

    def _linked(self, fmt: dict, link: str | None) -> dict:
        """``{**fmt, "link": link}``, its key made from ``fmt``'s: a link's format is new at every link (its
        target is its own), so computing the key afresh would be done once for every link."""
        linked = {**fmt, "link": link}
        covering = self.blocks.annotations.covering
        if len(self._keys) >= _CACHED:
            self._keys.clear()
        key = (link or None, *self._key(fmt)[1:])
        self._keys[id(linked)] = (linked, covering, _PLAIN if key == _PLAIN else key)
        return linked

    def _span(self, fmt: dict, flags: dict[str, bool]) -> dict:
        """``{**fmt, **flags}``, made once for each parent format and text style."""
        found = self._spans.get((id(fmt), id(flags)))
        if found is None or found[0] is not fmt or found[1] is not flags:
            if len(self._spans) >= _CACHED:
                self._spans.clear()
            found = self._spans[(id(fmt), id(flags))] = (fmt, flags, {**fmt, **flags})
        return found[2]

    def _child(self, child, fmt: dict, out: list) -> None:
        tag = child.tag
        if not isinstance(tag, str):
            return  # a comment or processing instruction
        if tag == _SPAN:
            self._walk(child, self._span(fmt, self.s.styles.flags("text", child.get(_STYLE_NAME))), out)
        elif tag == _A:
            # Carried as found: which targets become links is the writers' policy (zenconv/writers/urls.py).
            href = (child.get(_HREF) or "").strip()
            self._walk(child, self._linked(fmt, href or fmt.get("link")), out)
        elif tag == f"{TEXT}s":
            count = child.get(f"{TEXT}c", "1")
            if self._emit(" " * min(_MAX_SPACES, int(count) if count.isdigit() else 1), fmt, out):
                self._space = True
        elif tag == f"{TEXT}tab":
            if self._emit(" ", fmt, out):
                self._space = True
        elif tag == f"{TEXT}line-break":
            if self._emit(HardBreak(), fmt, out):
                self._space = True
        elif tag == f"{TEXT}soft-page-break":
            self.s.page += 1
        elif tag == f"{TEXT}note":
            self._note(child, out)
        elif tag in _MARKS:
            self.s.report("bookmarks-dropped")
        elif tag == f"{OFFICE}annotation":
            self._annotation(child, fmt, out)
        elif tag == f"{OFFICE}annotation-end":
            note_id = self.blocks.annotations.end(child.get(f"{OFFICE}name"))
            if note_id is not None:
                out.append((NoteRef(note_id), ()))
        elif tag in _SILENT:
            return
        elif tag == f"{TEXT}change-start":
            self._change_start(child.get(f"{TEXT}change-id"))
        elif tag == f"{TEXT}change-end":
            rid = child.get(f"{TEXT}change-id")
            if rid in self.s.open_insertions:
                self.s.open_insertions.remove(rid)
        elif tag == f"{TEXT}change":
            self._deletion(child.get(f"{TEXT}change-id"), fmt, out)
        elif tag == f"{TEXT}hidden-text":
            hidden = child.get(f"{TEXT}is-hidden", "true") != "false"
            value = child.get(f"{TEXT}string-value") or ""
            if value:
                self._emit(value, {**fmt, "hidden": hidden or fmt.get("hidden", False)}, out)
        elif tag == f"{TEXT}ruby":
            base = child.find(f"{TEXT}ruby-base")
            if base is not None:
                self._walk(base, fmt, out)
        elif tag in _DRAW_INLINE:
            for node in self.frames.inline(child):
                self._emit(node, {**fmt, "link": None} if isinstance(node, Text) else {"link": None, "rev": None}, out)
        elif tag.startswith(TEXT):
            self._walk(child, fmt, out)  # a field (date, page number, reference): its cached text
        else:
            self.s.report("unhandled-construct", detail=_local(tag))
            self._walk(child, fmt, out)

    def _note(self, el, out: list) -> None:
        kind = "endnote" if el.get(f"{TEXT}note-class") == "endnote" else "footnote"
        self.s.notes[kind] = self.s.notes.get(kind, 0) + 1
        note_id = f"{'en' if kind == 'endnote' else 'fn'}{self.s.notes[kind]}"
        body = el.find(f"{TEXT}note-body")
        blocks = self.blocks.detached(body) if body is not None else []
        self.s.ctx.notes.append(Note(note_id, blocks, kind))
        out.append((NoteRef(note_id), ()))

    def _annotation(self, el, fmt: dict, out: list) -> None:
        annotations = self.blocks.annotations
        if not annotations.keep:
            self.s.report("annotations-dropped", text=comment_text(el))
        elif fmt.get("hidden") and self.s.skip_hidden:
            self.s.report("hidden-text-skipped", text=comment_text(el))  # a comment on hidden text goes with it
        else:
            note_id = annotations.read(el, ranged=True)
            if note_id is not None:
                out.append((NoteRef(note_id), ()))

    def _change_start(self, rid: str | None) -> None:
        change = self.s.changes.get(rid or "")
        if change is None:
            return
        if change.kind == "format-change":
            self.s.report("format-changes-dropped")
            return
        self.s.open_insertions.append(rid)
        self.s.revision_marks.append(change)
        if self.s.revisions == "reject":
            self.s.report("tracked-insertions-dropped")

    def _deletion(self, rid: str | None, fmt: dict, out: list) -> None:
        change = self.s.changes.get(rid or "")
        if change is None or change.kind != "deletion":
            if change is not None and change.kind == "format-change":
                self.s.report("format-changes-dropped")
            return
        self.s.revision_marks.append(change)
        if self.s.revisions == "accept" or rid in self._expanding:
            self.s.report("tracked-deletions-dropped")
            return
        # The deleted paragraphs come back inline, where the mark is, one space between them.
        self._expanding.add(rid)
        kept = {**fmt, "rev": change} if self.s.revisions == "all" else fmt
        try:
            for i, para in enumerate(p for p in change.content if p.tag in (f"{TEXT}p", f"{TEXT}h")):
                if i:
                    self._emit(" ", kept, out)
                self._walk(para, kept, out)
        finally:
            self._expanding.discard(rid)


def _grouped(keys: list, texts: list) -> tuple[list, list]:
    """The runs of ``texts``: consecutive texts of equal keys joined, empty ones (or None) left out."""
    run_keys: list = []
    run_texts: list[str] = []
    for key, text in zip(keys, texts):
        if text:
            if run_keys and run_keys[-1] == key:
                run_texts[-1] += text
            else:
                run_keys.append(key)
                run_texts.append(text)
    return run_keys, run_texts


def _spaced(keys: list, texts: list[str]) -> tuple[list, list[str]]:
    """ODF's white space rule over runs (none empty): white space collapsed to one space, which the run after
    a space, or the paragraph's first, loses; a run that loses all goes, and the runs on either side of it
    are joined if their keys are equal, as _walk's segments would have been."""
    run_keys: list = []
    run_texts: list[str] = []
    space = True
    for key, text in zip(keys, texts):
        text = _SPACE.sub(" ", text)
        if space and text[0] == " ":
            text = text[1:]
            if not text:
                continue
        space = text[-1] == " "
        if run_keys and run_keys[-1] == key:
            run_texts[-1] += text
        else:
            run_keys.append(key)
            run_texts.append(text)
    return run_keys, run_texts


# --- segments to inlines -----------------------------------------------------------------------


def key_of(fmt: dict, covering: tuple[str, ...] = ()) -> tuple:
    """A canonical format, equal for the segments one wrapper takes: link, revision, hidden, the comment
    ranges open, then the wrappers its flags call for, innermost first."""
    get = fmt.get
    rev = get("rev")
    flags = (bool(get("b")), bool(get("i")), bool(get("u")), bool(get("s")), bool(get("sup")), bool(get("sub")))
    key = (get("link") or None, id(rev) if rev is not None else None, rev, bool(get("hidden")), covering,
           _WRAPPERS_OF[flags])
    return _PLAIN if key == _PLAIN else key  # the one plain key, which _wrap knows by identity


def trim(segments: list) -> list:
    """Breaks at the ends go, and a paragraph of nothing but white space is empty."""
    while segments and isinstance(segments[0][0], HardBreak):
        segments.pop(0)
    while segments and isinstance(segments[-1][0], HardBreak):
        segments.pop()
    if segments and isinstance(segments[0][0], str):
        first, fmt = segments[0]
        segments[0] = (first.lstrip(" "), fmt)
        if not segments[0][0]:
            segments.pop(0)
    if segments and isinstance(segments[-1][0], str):
        last, fmt = segments[-1]
        segments[-1] = (last.rstrip(" "), fmt)
        if not segments[-1][0]:
            segments.pop()
    for piece, _ in segments:
        if not isinstance(piece, str) or piece.strip():
            return segments
    return []


_WRAPPERS = (Strong, Emphasis, Underline, Strikethrough, Superscript, Subscript)  # outermost first, as _WRAPPED
# Every combination of the flags (a tuple of bools in _WRAPPED's order) to the wrappers it calls for, innermost first.
_WRAPPERS_OF = {flags: tuple(w for on, w in reversed(list(zip(flags, _WRAPPERS))) if on)
                for flags in product((False, True), repeat=len(_WRAPPERS))}


_PLAIN = (None, None, None, False, (), ())  # key_of({}): nothing to wrap, most runs' key


def _wrap(children: list, fmt: tuple) -> list:
    if fmt is _PLAIN or not fmt:
        return children
    link, _, rev, hidden, covering, wrappers = fmt
    for wrapper in wrappers:
        children = [wrapper(children)]
    if covering:
        for note_id in reversed(covering):  # the first opened outermost
            children = [comment_range(children, note_id)]
    if hidden:
        children = [Span(children, class_="hidden", facets=(HiddenFacet("hidden-text"),))]
    if rev is not None:
        children = [Span(children, class_=rev.kind, facets=(rev.facet,))]
    if link:
        children = [Link(children, link)]
    return children


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]
