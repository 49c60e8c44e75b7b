"""The delimiter resolver as it was before its fast path (main at 60ba922): the oracle the faster
:func:`zenconv.writers.markdown.delimiters.resolve` must match byte for byte (test_markdown_fast_paths)."""

from __future__ import annotations

from zenconv.writers.markdown.delimiters import _MAYBE_SPACE, _WS, DELIMITERS, _classes, _closes, _is_space, _opens
from zenconv.writers.markdown.escape import HARD


class Run:
    """A strong, emphasis or strikethrough run whose delimiters wait for its neighbours (the composition's
    piece for a run before resolve took runs as tuples, their pieces holding their Markdown form).

    ``core`` is its rendered content without edge whitespace, which is in ``lead`` and ``trail``.
    """

    __slots__ = ("lead", "core", "trail", "kind")

    def __init__(self, lead: str, core: str, trail: str, kind: type) -> None:
        self.lead, self.core, self.trail, self.kind = lead, core, trail, kind


def _peek(pieces: list, i: int) -> tuple[str, str]:
    """The two characters after piece ``i`` ("" past the end); a later delimiter counts as punctuation."""
    chars: list[str] = []
    for source in (pieces[i].trail, *pieces[i + 1:]):
        if type(source) is str:
            chars.extend(source[: 2 - len(chars)])
        else:
            chars.extend(source.lead[: 2 - len(chars)])
            if len(chars) < 2:
                chars.append(DELIMITERS[source.kind][0][0])
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


def resolve(pieces: list, mode: str | None) -> str:
    """The composed pieces as one string, each delimited run written as Markdown or as HTML."""
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
            delim, html_open, html_close = DELIMITERS[piece.kind]
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
