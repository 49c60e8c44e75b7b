"""mistune 3, driven block by block, with the two things its AST lacks: source lines and bounds.

**Lines.** mistune's tokens carry no positions. Every block token is created while the block parser's
cursor, in the source of the state being parsed, stands at the block's start (``parse_method`` is
called at ``m.start()``; a paragraph is added at its first line; an indented code block is appended
at its first line). So each token is stamped with the line of that position. A block quote's or a
list item's children are parsed from a *child* source that mistune builds line for line from the
parent's lines (markers and indentation removed, no line added or dropped), so a child state's line 1
is the line where the container, or the list item, starts: the container's start for a block quote;
for list items, the list's first line, then, for each later item, the line of the marker mistune
consumed just before building that item's source. A line in a child source is then its first line
plus the newlines before the position.

**Bounds.** mistune's block parser caps container nesting (20 levels) on its own; we report when the
cap is reached. Its emphasis resolution can be quadratic or worse in the number of delimiter runs of
one paragraph (a 900 KB ``*a **a`` paragraph does not finish in minutes), so a paragraph with more
runs than :data:`MAX_EMPHASIS_RUNS` is parsed with emphasis off, and one with more brackets than
:data:`MAX_BRACKETS` with link syntax off, each reported. Both counts are a linear scan of the text.
"""

from __future__ import annotations

import re
from bisect import bisect_left

import mistune
from mistune.block_parser import BlockParser
from mistune.core import BlockState
from mistune.util import unikey

from .tables import parse_table
from zenconv.records import dataclass
from zenconv.patterns import pattern

PLUGINS = ("table", "strikethrough", "footnotes", "task_lists", "url")
MAX_EMPHASIS_RUNS = 2_000
MAX_BRACKETS = 20_000
_EMPHASIS_RUN = pattern(r"[*_]+")
_FOOTNOTE_KEY = pattern(r"\[\^((?:[^\\\[\]\s]|\\.){1,500})\]:")


@dataclass(slots=True)
class Frame:
    """A ``parse_method`` call in progress: where its block starts, and list-item bookkeeping."""

    start: int
    item_line: int | None = None  # the line the next list item's source starts on
    line: int | None = None  # a fixed first line for child sources (a footnote's definition)


class LineState(BlockState):
    """A BlockState that knows which source line each position is on."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.first_line = 1
        self.frames: list[Frame] = []
        self._newlines: list[int] | None = None

    def process(self, src: str) -> None:
        super().process(src)
        self._newlines = None

    def line_at(self, pos: int) -> int:
        if self._newlines is None:
            self._newlines = [m.start() for m in re.finditer("\n", self.src)]
        return self.first_line + bisect_left(self._newlines, pos)

    def child_state(self, src, lazy_line_starts=None):
        child = super().child_state(src, lazy_line_starts)
        frame = self.frames[-1] if self.frames else None
        if frame is None:
            child.first_line = self.line_at(self.cursor)
        elif frame.item_line is not None:
            child.first_line = frame.item_line
            # The item's source is built once its lines are collected; the cursor then stands just
            # past the next item's marker line, which is where the next item's source begins.
            frame.item_line = self.line_at(max(self.cursor - 1, 0))
        elif frame.line is not None:
            child.first_line = frame.line
        else:
            child.first_line = self.line_at(frame.start)
        return child

    def append_token(self, token) -> None:
        token.setdefault("_line", self.line_at(self.frames[-1].start if self.frames else self.cursor))
        super().append_token(token)

    def prepend_token(self, token) -> None:
        token.setdefault("_line", self.line_at(self.frames[-1].start if self.frames else self.cursor))
        super().prepend_token(token)

    def add_paragraph(self, text: str) -> None:
        last = self.last_token()
        super().add_paragraph(text)
        if last is not self.tokens[-1]:
            self.tokens[-1].setdefault("_line", self.line_at(self.cursor))


class LineBlockParser(BlockParser):
    state_cls = LineState

    def parse_method(self, m, state):
        frame = Frame(state.cursor)
        state.frames.append(frame)
        before = len(state.tokens)
        try:
            if m.lastgroup == "ref_footnote":
                _note_label(m, state)
            return super().parse_method(m, state)
        finally:
            state.frames.pop()
            # Tokens inserted rather than appended (a list ended by another block) get the start too.
            for token in state.tokens[max(before - 1, 0):]:
                if "_line" not in token:
                    token["_line"] = state.line_at(frame.start)

    def parse_list(self, m, state):
        self._note_depth(state)
        if state.frames:
            state.frames[-1].item_line = state.line_at(m.start())
        return super().parse_list(m, state)

    def parse_block_quote(self, m, state):
        self._note_depth(state)
        return super().parse_block_quote(m, state)

    def _note_depth(self, state) -> None:
        if state.depth() >= self.max_nested_level - 1:
            state.env.setdefault("_nesting_capped", state.line_at(state.cursor))


def _note_label(m, state) -> None:
    """The label as written: mistune keys footnotes by an upper-cased label, we name notes by it."""
    found = _FOOTNOTE_KEY.search(m.group(0))
    if found:
        labels = state.env.setdefault("_footnote_labels", {})
        labels.setdefault(unikey(found.group(1)), found.group(1))
        lines = state.env.setdefault("_footnote_lines", {})
        lines.setdefault(unikey(found.group(1)), state.line_at(m.start()))


def markdown(*, emphasis: bool = True, links: bool = True) -> mistune.Markdown:
    """A mistune instance on our block parser; the inline rules off that a guard asks to turn off."""
    md = mistune.create_markdown(escape=True, renderer=None, plugins=list(PLUGINS))
    block = LineBlockParser(max_nested_level=md.block.max_nested_level)
    # The plugins registered their block rules on the default parser: carry them over.
    block.specification = dict(md.block.specification)
    block.rules = list(md.block.rules)
    block._methods.update({k: fn for k, fn in md.block._methods.items() if k not in block._methods})
    block._methods["table"] = block._methods["nptable"] = lambda m, state: parse_table(block, m, state)
    for rules in (block.block_quote_rules, block.list_rules):  # GFM tables in quotes and list items too
        rules.extend(("table", "nptable"))
    md.block = block
    off = ([] if emphasis else ["emphasis"]) + ([] if links else ["link", "link_close", "footnote"])
    for rule in off:
        if rule in md.inline.rules:
            md.inline.rules.remove(rule)
    md.inline._fast_trigger_chars = None
    return md


class Parsers:
    """The full parser and its guarded variants, built when first needed."""

    def __init__(self) -> None:
        self.full = markdown()
        self._variants: dict[tuple[bool, bool], mistune.Markdown] = {}

    def inline_for(self, text: str) -> tuple[mistune.Markdown, bool, bool]:
        """The parser for one paragraph's text, and whether emphasis and links are on."""
        emphasis = _count_runs(text) <= MAX_EMPHASIS_RUNS
        links = text.count("[") + text.count("]") <= MAX_BRACKETS
        if emphasis and links:
            return self.full, True, True
        key = (emphasis, links)
        if key not in self._variants:
            self._variants[key] = markdown(emphasis=emphasis, links=links)
        return self._variants[key], emphasis, links


def _count_runs(text: str) -> int:
    if "*" not in text and "_" not in text:
        return 0
    return sum(1 for _ in _EMPHASIS_RUN.finditer(text))
