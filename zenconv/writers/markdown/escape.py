r"""Markdown escaping that reads back to the same text.

Two stages. :func:`escape_text` escapes what is markup anywhere in a line, always: a backslash, code
backticks, emphasis and strikethrough delimiters, brackets (links, images, footnote references), ``|``
(a table can form under any line holding one) and ``$`` (our math) with a backslash; ``<`` and ``>``
(raw HTML, autolinks) and an ``&`` that would start an entity reference as entities, ``&lt;``, ``&gt;``,
``&amp;``, since not every renderer honours a backslash before them (Python-Markdown, and so MkDocs,
reads ``\<script>`` as a backslash and a live tag). Control characters (C0 but tab and line ends, DEL,
C1: a terminal's escape sequences among them) become U+FFFD. Line ends are kept raw: a text newline
stays a newline (a soft break), a hard break is the sentinel :data:`HARD` until the block is finished.

Then the whole block is finished: :func:`finish_block` for a paragraph, :func:`finish_heading`,
:func:`finish_cell`. Only there is it known what starts and ends a line, so only there can a line-start
construct (``#``, ``>``, ``-``, ``+``, ``1.``, a setext underline) be escaped, and whitespace at a
line's edges, which a parser strips (four spaces would even make code), written as a character
reference. A blank line inside a paragraph would end it, so every line end after the first of a run
is written as ``&#10;``.
"""

from __future__ import annotations

import re
from ...patterns import pattern

HARD = "\x00"  # a hard break while the block is composed; text NULs are gone by then (see escape_text)
REPLACEMENT = "\ufffd"

# An "&" is escaped only where it would start an entity or numeric reference: any "&#", and a name
# followed by ";" (the widest reading parsers use, mistune's included). The colon of "http://" and
# "https://" is escaped too: GFM autolinks a bare URL in text, which would turn the text into a link.
_AMP = pattern(r"&(?=#|[^\t\n\f <&;]{1,32};)")
_ALWAYS = pattern(r"[\\`*_\[\]|~$]|(?<=[Hh][Tt][Tt][Pp]):(?=//)|(?<=[Hh][Tt][Tt][Pp][Ss]):(?=//)")
# Tab and line ends are text; every other C0 control, DEL and C1 is not (ESC starts a terminal's CSI
# and OSC sequences, and U+009B is CSI on its own).
CONTROLS = pattern(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# What escape_text may change: these characters, or a "://" (tested apart, with `in`: an alternative in
# the pattern doubles the cost of the search, and most text needs nothing).
NEEDS = pattern(r"[\\`*_\[\]<>|~$&\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
NEEDS_CELL = pattern(r"[\\`*_\[\]<>|~$&\r\n\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_CELL_BREAKS = pattern(r"\r\n|\r|\n")

_RUNS = pattern(r"[\n\x00]{2,}")
_LINE_END_CHARS = "\n\x00"  # a line feed, and the writer's mark for a hard break
_SPLIT = pattern(r"([\n\x00])")
# A line of "=" and "-" mixed ("=-") is a setext underline to mistune, though not to CommonMark: escaped too.
_LINE_START = pattern(r"#{1,6}(?=[ \t]|$)|>|[-+](?=[ \t]|$)|[-=]+[ \t]*$|\d{1,9}(?=[.)](?:[ \t]|$))")


def _marks(needs: re.Pattern) -> bytes:
    """A byte table for :func:`needs_escape`: 1 for an ASCII character ``needs`` finds, 2 for a colon (a
    "://" may start there), 3 for C2, the first byte of every C1 control in UTF-8 (and of other
    characters), 0 for every other byte."""
    table = bytearray(256)
    for byte in range(0x80):
        if needs.match(chr(byte)):
            table[byte] = 1
    table[ord(":")] = 2
    table[0xC2] = 3
    return bytes(table)


# NEEDS finds nothing past U+009F (tests/writers/test_markdown_escape_marks.py): past ASCII, only a C1
# control, whose UTF-8 starts with C2.
_TEXT_MARKS = _marks(NEEDS)
_CELL_MARKS = _marks(NEEDS_CELL)


def needs_escape(text: str, cell: bool = False) -> bool:
    """Whether :func:`escape_text` would change ``text``: False means it is written as it is (and holds
    no control character, no line end in a cell).

    That is ``NEEDS`` finding something or a "://", answered from the UTF-8 read through a byte table: a
    third of the search's cost on most text, which finds nothing. The search decides only where a C1
    control may be: a C2 byte, which also starts U+00A0 to U+00BF (a no-break space, "«", "©", "°").
    """
    try:
        marks = text.encode().translate(_CELL_MARKS if cell else _TEXT_MARKS)
    except UnicodeEncodeError:  # a lone surrogate: the search alone
        return (NEEDS_CELL if cell else NEEDS).search(text) is not None or "://" in text
    if 1 in marks:
        return True
    if 3 in marks and (NEEDS_CELL if cell else NEEDS).search(text) is not None:
        return True
    return 2 in marks and "://" in text


def escape_text(text: str, *, cell: bool = False) -> str:
    """Escape a Text node's characters. In a table cell, line breaks become ``<br>``."""
    if not needs_escape(text, cell):
        return text
    if "&" in text:
        text = _AMP.sub("&amp;", text)
    text = _ALWAYS.sub(r"\\\g<0>", text)
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if CONTROLS.search(text):
        text = CONTROLS.sub(REPLACEMENT, text)
    if cell:
        return _CELL_BREAKS.sub("<br>", text)
    if "\r" in text:
        text = text.replace("\r", "&#13;")  # a bare CR ends a line in Markdown
    return text


def char_ref(ch: str) -> str:
    return f"&#{ord(ch)};"


_LINE_START_FIRST = "#>-+=0123456789"  # the first characters of what _LINE_START finds


def _fix_line(line: str) -> str:
    if not line:
        return line
    if line[-1].isspace():
        line = line[:-1] + char_ref(line[-1])
    first = line[0]
    if first.isspace():
        return char_ref(first) + line[1:]
    if first in _LINE_START_FIRST:
        m = _LINE_START.match(line)
        if m:
            if first.isdigit():
                end = m.end()
                return line[:end] + "\\" + line[end:]
            return "\\" + line
    return line


def _line_ends(text: str) -> str:
    """Line ends at the edges of a block, and all but the first of a run, as character references."""
    # The edges by stripping: a regular expression anchored at the end is tried at every position of the text.
    body = text.lstrip(_LINE_END_CHARS)
    core = body.rstrip(_LINE_END_CHARS)
    lead, trail = len(text) - len(body), len(body) - len(core)
    return "&#10;" * lead + _RUNS.sub(lambda m: m.group()[0] + "&#10;" * (len(m.group()) - 1), core) + "&#10;" * trail


def finish_block(text: str) -> str:
    """A paragraph's composed inlines as Markdown lines (joined with newlines)."""
    if "\n" not in text and HARD not in text:  # one line: no line end to write as a reference
        if text and not text[-1].isspace() and not text[0].isspace() and text[0] not in _LINE_START_FIRST:
            return text  # the commonest line, which _fix_line gives back as it is: a call spared
        return _fix_line(text)
    text = _line_ends(text)
    parts = _SPLIT.split(text)
    out = []
    for i in range(0, len(parts), 2):
        out.append(_fix_line(parts[i]))
        if i + 1 < len(parts):
            out.append("\n" if parts[i + 1] == "\n" else "\\\n")
    return "".join(out)


def _fix_edges(text: str) -> str:
    if text and text[-1].isspace():
        text = text[:-1] + char_ref(text[-1])
    if text and text[0].isspace():
        text = char_ref(text[0]) + text[1:]
    return text


def finish_heading(text: str) -> str:
    """An ATX heading's content: one line, no closing ``#`` sequence."""
    if "\n" in text or HARD in text:
        text = text.replace("\n", "&#10;").replace(HARD, "&#10;")
    text = _fix_edges(text)
    if text.endswith("#"):
        text = text[:-1] + "\\#"
    return text


def finish_cell(text: str) -> str:
    """A pipe-table cell's content: one line, its edges kept."""
    if HARD in text:
        text = text.replace(HARD, "<br>")
    return _fix_edges(text)


def escape_cell_string(text: str) -> str:
    """A bare-string cell, escaped and finished."""
    if needs_escape(text, True):
        text = escape_text(text, cell=True)
    if text and (text[0].isspace() or text[-1].isspace()):
        text = _fix_edges(text)
    return text


def escape_plain(text: str) -> str:
    """Text that must stay one line of literal text (image alt text, a table note)."""
    return finish_cell(escape_text(text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")))


# The hot path of a million-row sheet checks whole rows of bare-string cells joined with " | ": with
# none of these characters, as many pipes as separators and no whitespace at a cell's edge, the row is
# written as it is. Whitespace other than a space is here, so that the caller need only look for a
# space at a cell's edge (str.isspace's set, less the space).
# (A "://" is tested apart, with `in`: an alternative in the pattern doubles the cost of every row.)
# Every control character is here too: they are replaced.
ROW_UNSAFE = pattern("[\\\\`*_\\[\\]<>~$&\x00-\x1f\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


# Math is written between dollars for renderers that know it, and read as text by those that do not:
# there it must not be markup. TeX needs none of these: a tag or autolink (<, >), a dollar or backtick
# that would end the math or open code, a link's "](" or a link definition's "]:", an entity reference,
# a control character. A blank
# line would end a display's paragraph.
_NOT_TEX = pattern(r"[<>`$\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\][(:]|&(?=#|[A-Za-z0-9]{1,32};)|\n[ \t]*\n")


def tex(latex: str) -> bool:
    """Whether math may be written as it is between dollars; else the caller writes it as code."""
    return _NOT_TEX.search(latex) is None


# Code whose text could be markup to a renderer that reads it as text: where a renderer may pair code
# fences differently from us (a table row to one without tables), such code is written as escaped text.
CODE_MARKUP = pattern(r"[<>&\[\]]")
