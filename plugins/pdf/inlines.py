"""Styled pieces into IR inlines, and lines into one paragraph's pieces (with safe dehyphenation).

A hyphen at the end of a line is removed only when that is safe: the soft hyphen always is, and a
hard hyphen between lower-case letters is when the joined word occurs elsewhere in the document
or when the two halves are not both words of their own. A compound broken at its hyphen
(``self-`` / ``locking``) keeps it.
"""

from __future__ import annotations


from zenconv.ir.nodes import Code, Emphasis, Link, Strong, Text

from .lines import TextLine
from zenconv.patterns import pattern

_HYPHENS = ("-", "\u2010", "\u00ad")
_TAIL = pattern(r"([^\W\d_]+)[-\u2010\u00ad]$")
# The tail is searched in the last characters only: on a long run of letters that does not end in a
# hyphen the search would try every start and scan to the end from each (a ToUnicode map can make a
# line one word of a million letters), and no word past this length is in the vocabulary anyway.
_WORD = 100
_HEAD = pattern(r"^([^\W\d_]+)")


def join_lines(lines: list[TextLine], vocabulary: set[str]) -> list:
    pieces: list = []
    for line in lines:
        if pieces:
            _join(pieces, line.pieces, vocabulary)
        else:
            pieces.extend(line.pieces)
    return pieces


def _join(pieces: list, following: list, vocabulary: set[str]) -> None:
    last_text, last_style = pieces[-1]
    first_text = following[0][0] if following else ""
    tail = _TAIL.search(last_text[-_WORD:]) if last_text.endswith(_HYPHENS) else None
    head = _HEAD.match(first_text)
    if tail and head and last_text.endswith(_HYPHENS):
        left, right = tail.group(1), head.group(1)
        if right[0].islower() and _drop_hyphen(last_text[-1], left, right, vocabulary):
            pieces[-1] = (last_text[:-1], last_style)
            pieces.extend(following)
            return
        if right[0].islower():
            pieces.extend(following)  # a compound: keep the hyphen, no space
            return
    if last_text.endswith("\u00ad"):
        pieces[-1] = (last_text[:-1], last_style)
        pieces.extend(following)
        return
    pieces.append((" ", None))
    pieces.extend(following)


def _drop_hyphen(hyphen: str, left: str, right: str, vocabulary: set[str]) -> bool:
    if hyphen == "\u00ad":
        return True
    joined = (left + right).lower()
    if joined in vocabulary:
        return True
    if f"{left}-{right}".lower() in vocabulary:
        return False
    return not (left.lower() in vocabulary and right.lower() in vocabulary and len(left) > 1 and len(right) > 1)


def strip_marker(pieces: list, length: int) -> list:
    """The pieces without the first ``length`` characters (a list item's marker)."""
    out = []
    for text, style in pieces:
        if length <= 0:
            out.append((text, style))
            continue
        if len(text) <= length:
            length -= len(text)
            continue
        out.append((text[length:], style))
        length = 0
    if out:
        out[0] = (out[0][0].lstrip(), out[0][1])
    return out


def _format(style, plain_bold: bool) -> tuple:
    if style is None:
        return (False, False, False, None)
    return (style.bold and not plain_bold, style.italic, style.mono, style.link)


def inlines(pieces: list, *, plain_bold: bool = False) -> list:
    """IR inlines for pieces; spaces at the edge of a styled stretch stay outside it."""
    groups: list[list] = []   # [format, text]
    for text, style in pieces:
        if not text:
            continue
        fmt = _format(style, plain_bold)
        if style is None and groups:
            fmt = groups[-1][0]  # a joining space belongs with what it follows
        if groups and groups[-1][0] == fmt:
            groups[-1][1] += text
        else:
            groups.append([fmt, text])
    out: list = []
    for fmt, text in groups:
        bold, italic, mono, link = fmt
        if not (bold or italic or mono or link):
            _text(out, text)
            continue
        core = text.strip()
        if not core:
            _text(out, text)
            continue
        lead = text[: len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()):]
        if lead:
            _text(out, lead)
        node = Code(core) if mono else Text(core)
        if italic:
            node = Emphasis([node])
        if bold:
            node = Strong([node])
        if link:
            node = Link([node], link)
        out.append(node)
        if trail:
            _text(out, trail)
    return _trimmed(out)


def _text(out: list, text: str) -> None:
    if out and isinstance(out[-1], Text):
        out[-1] = Text(out[-1].text + text)
    else:
        out.append(Text(text))


def _trimmed(nodes: list) -> list:
    if nodes and isinstance(nodes[0], Text):
        nodes[0] = Text(nodes[0].text.lstrip())
        if not nodes[0].text:
            nodes.pop(0)
    if nodes and isinstance(nodes[-1], Text):
        nodes[-1] = Text(nodes[-1].text.rstrip())
        if not nodes[-1].text:
            nodes.pop()
    return nodes


def plain(pieces: list) -> str:
    return "".join(text for text, _ in pieces)
