"""The ODT reader's paragraph path as it was before its fast paths (kept to test them against).

``patched(monkeypatch)`` puts these back in place of the fast ones: a format made anew for every paragraph
and span, its key computed for every segment (no cache), white space always normalised by the regex, the
flags kept as bools in the key and turned into wrappers one by one, the style chains walked at every
paragraph, every paragraph trimmed and grouped by the shared grouping as it was, a table row's
locator made by ``with_``, a link's format key computed afresh, a cell's paragraph built as a block, a comment's
end always looked up by reading content.xml again, and no paragraph read by the plain path (``InlineReader.plain``).
"""

from __future__ import annotations

import re
from itertools import groupby
from operator import itemgetter

from zenconv.ir import (
    Emphasis, HardBreak, Heading, HiddenFacet, Link, Locator, Paragraph, Span, Strikethrough, Strong, StyleFacet,
    Subscript, Superscript, Text, Underline, plain_text,
)
from zenconv_plugins.comments import comment_range
from zenconv_plugins.odt import annotations, blocks, inlines, state, styles, tables
from zenconv_plugins.odt.names import TEXT
from zenconv_plugins.odt.styles import FLAGS

_SPACE = re.compile(r"[ \t\r\n]+")
_WRAPPERS = (Strong, Emphasis, Underline, Strikethrough, Superscript, Subscript)


def key_of(fmt: dict, covering: tuple[str, ...] = ()) -> tuple:
    rev = fmt.get("rev")
    return (fmt.get("link") or None, id(rev) if rev is not None else None, rev,
            bool(fmt.get("hidden")), covering, *(bool(fmt.get(f)) for f in FLAGS[:-1]))


def wrap(children: list, fmt: tuple) -> list:
    if not fmt:
        return children
    link, _, rev, hidden, covering, *flags = fmt
    for on, wrapper in reversed(list(zip(flags, _WRAPPERS))):
        if on:
            children = [wrapper(children)]
    for note_id in reversed(covering):
        children = [comment_range(children, note_id)]
    if hidden:
        children = [Span(children, class_="hidden", facets=(HiddenFacet("hidden-text"),))]
    if rev is not None:
        children = [Span(children, class_=rev.kind, facets=(rev.facet,))]
    if link:
        children = [Link(children, link)]
    return children


def trim(segments: list) -> list:
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
    if not any(not isinstance(s, str) or s.strip() for s, _ in segments):
        return []
    return segments


def group_runs(segments: list, wrap) -> list:
    out: list = []
    for fmt, run in groupby(segments, key=itemgetter(1)):
        children: list = []
        texts: list[str] = []
        for piece, _ in run:
            if isinstance(piece, str):
                if not texts and children and isinstance(children[-1], Text):
                    texts.append(children.pop().text)
                texts.append(piece)
                continue
            if texts:
                children.append(Text("".join(texts)))
                texts = []
            children.append(piece)
        if texts:
            children.append(Text("".join(texts)))
        out.extend(wrap(children, fmt))
    return out


def _text(self, text: str, fmt: dict, out: list) -> None:
    text = _SPACE.sub(" ", text)
    if self._space and text.startswith(" "):
        text = text[1:]
    if text and self._emit(text, fmt, out):
        self._space = text.endswith(" ")


def _emit(self, content, fmt: dict, out: list) -> bool:
    inserted = self.s.active_insertion()
    if inserted is not None:
        if self.s.revisions == "reject":
            return False
        if self.s.revisions == "all" and fmt.get("rev") is None:
            fmt = {**fmt, "rev": inserted}
    if fmt.get("hidden") and self.s.skip_hidden:
        self.s.report("hidden-text-skipped", text=content if isinstance(content, str) else plain_text([content]))
        return False
    out.append((content, key_of(fmt, self.blocks.annotations.covering)))
    return True


def common(self, family: str, name: str | None):
    return next((s for s in self.chain(family, name) if not s.automatic), None)


def master_page(self, family: str, name: str | None) -> str | None:
    return next((s.master_page for s in self.chain(family, name) if s.master_page), None)


def is_title(self, name: str | None) -> bool:
    return any(s.name == "Title" for s in self.chain("paragraph", name))


def locator(self, **extra) -> Locator | None:
    if not self.locating:
        return None
    if self.base is not None:
        return self.base.with_(**extra) if extra else self.base
    fields = {"paragraph": self.paragraph or None, "rendered_page": self.page if self.track_pages else None}
    if "table" in extra:
        del fields["paragraph"]
    fields.update(extra)
    return Locator(**fields)


def paragraph(self, el, tag=None) -> list:
    if self.s.locating:
        self.s.paragraph += 1
    style = el.get(f"{TEXT}style-name")
    self.s.revision_marks.clear()
    deferred, self.s.deferred = self.s.deferred, []
    heading = el.tag == f"{TEXT}h" or self.s.styles.is_title(style)
    inlines = self.inlines.paragraph(el, {} if heading else self.s.styles.flags("paragraph", style))
    boxes, self.s.deferred = self.s.deferred, deferred
    facets: tuple = tuple(dict.fromkeys(c.facet for c in self.s.revision_marks))
    out: list = []
    if inlines:
        locator = self.s.locator()
        if heading:
            level = blocks._int(el.get(f"{TEXT}outline-level"), 1) if el.tag == f"{TEXT}h" else 1
            if level > 6:
                self.s.report("heading-level-clamped")
                level = 6
            out.append(Heading(level, inlines, facets=facets, locator=locator))
        else:
            common = self.s.styles.common("paragraph", style)
            if common is not None:
                facets = (StyleFacet(common.name, common.display), *facets)
            out.append(Paragraph(inlines, facets=facets, locator=locator))
    return out + boxes


def inline_paragraph(self, p, flags: dict[str, bool]) -> list:
    saved, self._space = self._space, True
    segments: list = []
    self._walk(p, {**flags, "link": None, "rev": None}, segments)
    self._space = saved
    return group_runs(trim(segments), wrap)


def span(self, fmt: dict, flags: dict[str, bool]) -> dict:
    return {**fmt, **flags}


def linked(self, fmt: dict, link: str | None) -> dict:
    return {**fmt, "link": link}


def cell_content(self, cell) -> list:
    blocks_ = self.children(cell)
    return blocks_[0].children if len(blocks_) == 1 and isinstance(blocks_[0], (Paragraph, Heading)) else blocks_


def row_locators(locator):
    return lambda row: locator.with_(row=row) if locator is not None else None


def patched(monkeypatch) -> None:
    """The reader, from here on in this test, on the reference path."""
    monkeypatch.setattr(inlines, "key_of", key_of)
    monkeypatch.setattr(inlines, "_wrap", wrap)
    monkeypatch.setattr(inlines, "trim", trim)
    monkeypatch.setattr(inlines, "group_runs", group_runs)
    monkeypatch.setattr(inlines.InlineReader, "_text", _text)
    monkeypatch.setattr(inlines.InlineReader, "_emit", _emit)
    monkeypatch.setattr(inlines.InlineReader, "paragraph", inline_paragraph)
    monkeypatch.setattr(inlines.InlineReader, "plain", lambda self, p, flags: None)  # every paragraph the general way
    monkeypatch.setattr(inlines.InlineReader, "_span", span)
    monkeypatch.setattr(inlines.InlineReader, "_linked", linked)
    monkeypatch.setattr(blocks.BlockReader, "cell_content", cell_content)
    monkeypatch.setattr(annotations, "_READ_END_AFTER", lambda el, name: False)  # every end looked up in the part
    monkeypatch.setattr(tables, "_row_locators", row_locators)
    monkeypatch.setattr(styles.Styles, "common", common)
    monkeypatch.setattr(styles.Styles, "master_page", master_page)
    monkeypatch.setattr(styles.Styles, "is_title", is_title)
    monkeypatch.setattr(state.State, "locator", locator)
    monkeypatch.setattr(blocks.BlockReader, "paragraph", paragraph)
