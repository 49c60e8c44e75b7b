"""Choosing, for each strong, emphasis or strikethrough run, Markdown delimiters or HTML tags.

A ``*`` run opens or closes only when its neighbours allow it (CommonMark's flanking rules), so
``**(a)**b`` is not bold at all, and where a run could both open and close (``a**b**c``) parsers part
ways: mistune's matching differs from the spec's there. A run is written ``**…**`` only when, whatever
the class of its neighbours in either reading, its opening delimiter can only open and its closing one
only close; otherwise ``<strong>…</strong>``, which every parser reads alike and which reads back to
the same text. The runs are resolved once the whole sequence is composed, so both neighbours are known.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from ...ir.nodes import Emphasis, Strikethrough, Strong
from .escape import HARD

DELIMITERS = {Strong: ("**", "<strong>", "</strong>"), Emphasis: ("*", "<em>", "</em>"),
              Strikethrough: ("~~", "<s>", "</s>")}


def _is_space(ch: str) -> bool:
    return ch.isspace() or ch == HARD


def _is_punct(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


# Character classes for the flanking rules: whitespace, punctuation, other. A character's class is a
# tuple of the classes it may have: CommonMark calls punctuation the Unicode P and S categories, mistune
# whatever is neither space nor alphanumeric, and a run must be read alike by both.
_WS, _PUNCT, _OTHER = 0, 1, 2
_MAYBE_SPACE = (_WS, _PUNCT)


@lru_cache(maxsize=4096)
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


@lru_cache(maxsize=4096)
def _opens(before: tuple[int, ...], first: str, same_char: bool) -> bool:
    """A run that can open and cannot close, whatever the class of its neighbours: parsers agree on
    those. Intraword runs, which can do both, are where they part, so those fall back to HTML."""
    if same_char:
        return False
    return all(_left(b, f) and not _right(b, f) for b in before for f in _classes(first))


@lru_cache(maxsize=4096)
def _closes(last: str, after: tuple[int, ...], same_char: bool) -> bool:
    if same_char:
        return False
    return all(_right(b, a) and not _left(b, a) for b in _classes(last) for a in after)


# Finishing a block writes some whitespace as a character reference, whose ";" is punctuation to the
# flanking rules: a line's first and last whitespace, a line end at the block's edge or after another,
# and every line end in a heading (&#10;) or a cell (<br>). The two functions below classify the
# characters around a run as they will be once finished; where that is not certain (inside a delimiter,
# mode None, an edge may or may not be a line's edge) the answer is both, and the run must work for both.

def _before_class(before: str, earlier: str, mode: str | None) -> tuple[int, ...]:
    """``earlier`` is the character before ``before`` ("" at the start)."""
    if not before:
        return (_WS,) if mode else _MAYBE_SPACE
    if before == "\n" or before == HARD:
        if mode == "block" and earlier and earlier not in ("\n", HARD):
            return (_WS,)
        return _MAYBE_SPACE
    if _is_space(before):  # first in its line (or in the pieces), it may be a line's first whitespace
        return _MAYBE_SPACE if not earlier or earlier == "\n" or earlier == HARD else (_WS,)
    return _classes(before)


def _after_class(after: str, following: str, mode: str | None) -> tuple[int, ...]:
    if not after:
        return (_WS,) if mode else _MAYBE_SPACE
    if after == "\n" or after == HARD:
        return (_WS,) if mode == "block" and following else _MAYBE_SPACE
    if _is_space(after):
        return _MAYBE_SPACE if not following or following in ("\n", HARD) else (_WS,)
    return _classes(after)


# What the flanking rules decided for a run between its neighbours (the two characters before it and
# after it, its first and last, its delimiter): the same few (a space before a word, a word before a full
# stop) come back run after run.
_DECIDED: dict[tuple, bool] = {}
_REMEMBERED = 1 << 14  # cases before the table starts afresh (hostile text could bring any)


def _markdown(key: tuple) -> bool:
    """Whether the run ``key`` describes, (before, earlier, first, last, after, following, char, mode), can
    be written with Markdown delimiters."""
    before, earlier, first, last, after, following, char, mode = key
    if len(_DECIDED) >= _REMEMBERED:
        _DECIDED.clear()
    found = _DECIDED[key] = (_opens(_before_class(before, earlier, mode), first, before == char)
                             and _closes(last, _after_class(after, following, mode), after == char))
    return found


def resolve(pieces: list[str], runs: list[tuple], links: list[int], mode: str | None) -> str:
    """The composed pieces as one string, each delimited run written as Markdown or as HTML.

    ``runs`` are the strong, emphasis and strikethrough runs, in order, each ``(index, lead, core, trail,
    markup)``: its piece, its rendered content without edge whitespace (``core``), that whitespace, and its
    kind's :data:`DELIMITERS`. A run's piece holds its Markdown form, ``lead + delimiter + core + delimiter +
    trail``, until it is resolved here; where its neighbours do not allow that form it becomes the HTML one.
    ``links`` are the indices of the pieces that start with "[" (a link or a note reference). Each run is
    resolved in place, so the pieces before it are as written and those after as composed.
    """
    count = len(pieces)
    for i, lead, core, trail, markup in runs:
        # The two characters before the run's delimiter (pieces are never empty: two hold them). Most
        # often the piece before it, text, holds both, or is one character (a space between two runs).
        if lead:
            if len(lead) >= 2:
                before, earlier = lead[-1], lead[-2]
            else:  # one space moved out of the run, and the last character before it
                before, earlier = lead, pieces[i - 1][-1] if i else ""
        elif i:
            before = pieces[i - 1]
            if len(before) >= 2:
                earlier, before = before[-2], before[-1]
            else:
                earlier = pieces[i - 2][-1] if i > 1 else ""
        else:
            before = earlier = ""
        # And the two after it: from the run's trailing whitespace and the next piece, most often text (or
        # one character of it, a space or a full stop, and the piece after that). A later run's piece holds
        # its Markdown form until it is resolved, so its first character after its own whitespace is its
        # delimiter's, punctuation whatever it becomes (``*``, ``~``, ``<``).
        if trail:
            if len(trail) >= 2:
                after, following = trail[0], trail[1]
            else:  # one space moved out of the run (a word processor's run ends with one), and what follows
                after, following = trail, pieces[i + 1][0] if i + 1 < count else ""
        elif i + 1 < count:
            after = pieces[i + 1]
            if len(after) >= 2:
                after, following = after[0], after[1]
            else:
                following = pieces[i + 2][0] if i + 2 < count else ""
        else:  # the run ends the pieces
            after = following = ""
        char = markup[0][0]
        first, last = core[0], core[-1]
        if first != char and last != char and (char != "~" or "~~" not in core):
            # The common run, nothing of its own kind at its edges (see below): the flanking rules alone.
            key = (before, earlier, first, last, after, following, char, mode)
            markdown = _DECIDED.get(key)
            if markdown is None:
                markdown = _markdown(key)
            if not markdown:
                pieces[i] = lead + markup[1] + core + markup[2] + trail
            continue
        # A nested run of the same character joins ours (``***x***``): flanking is judged past it.
        # An escaped delimiter touching the joined run (``**\\***``) is where parsers disagree.
        if first == char or last == char:
            inner = core.strip(char) or core
            tangled = inner != core and (inner[-1] == "\\" or core.startswith("\\" + char))
        else:
            inner, tangled = core, False
        # mistune closes ~~ at the next ~~ it sees, even inside a code span or a URL.
        tangled = tangled or (char == "~" and "~~" in core)
        if not tangled:
            key = (before, earlier, inner[0], inner[-1], after, following, char, mode)
            markdown = _DECIDED.get(key)
            if markdown is None:
                markdown = _markdown(key)
        if tangled or not markdown:
            pieces[i] = lead + markup[1] + core + markup[2] + trail
    for at in links:
        if at and pieces[at - 1][-1] == "!":  # a run never ends with one
            pieces[at - 1] = pieces[at - 1][:-1] + "\\!"  # "!" before a link would make it an image
    return "".join(pieces)
