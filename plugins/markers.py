"""A text that opens with a YAML document marker: a YAML stream, or Markdown under its front matter.

Both start ``---`` and a ``key: value`` block closed by another ``---``; what follows the second
marker tells them apart. In a YAML stream it is the next document, whose lines are YAML's: keys,
``- `` items, comments, indented continuations, more markers. Under front matter it is Markdown,
whose prose lines and list numbers and quotes are not: one such line is enough. The YAML and the
Markdown sniffers ask the same question here, so the two never both claim one text. This module is
imported by the entry-point modules: it imports nothing heavy.
"""

from __future__ import annotations

import re
from zenconv.patterns import pattern

_OPEN = pattern(r"---[ \t]*\r?\n")
# The rest are compiled on first use (re's own cache): only a text that opens with --- needs them.
_CLOSE = r"(?m)^(?:---|\.\.\.)[ \t]*\r?$"
_KEY = r"(?m)[A-Za-z_][\w.\- ]*:(?:[ \t]|\r?$)"
# The lines a YAML document may open at its left margin with, as YAML streams are written (a block
# mapping's key, quoted or not; a block sequence's item; a comment; a marker or a directive) or any
# indented line (a nested block, a scalar's continuation). Markdown's own openings (a word of prose, ``1.``,
# ``>``, ``|``, ``*``, ``[``) are left out: such a line means the text is not YAML.
_YAML_LINE = (r"""[ \t]|\r?$|\#|-(?:[ \t]|\r?$)|\?[ \t]|%|(?:---|\.\.\.)(?:[ \t]|\r?$)"""
              r"""|"[^"\n]*"[ \t]*:|'[^'\n]*'[ \t]*:|[^\s#][^#\n]*?:(?:[ \t]|\r?$)""")


def front_matter_end(text: str) -> int | None:
    """Where the ``---`` block opening ``text`` ends (after its closing line), when it is one with a
    ``key:`` line in it; None otherwise."""
    opened = _OPEN.match(text)
    if opened is None:
        return None
    close = re.compile(_CLOSE).search(text, opened.end())
    if close is None or not re.compile(_KEY).search(text, opened.end(), close.start()):
        return None
    return close.end()


def under_front_matter(text: str, cut: bool) -> bool:
    """Whether ``text`` is front matter and then a line YAML does not write (Markdown, prose).

    ``cut``: the text is a head that may stop mid-line (the sniff window was full); its last line is
    then not judged.
    """
    end = front_matter_end(text)
    if end is None:
        return False
    lines = text[end:].split("\n")
    if cut and len(lines) > 1:
        lines.pop()
    yaml_line = re.compile(_YAML_LINE)
    return any(not yaml_line.match(line) for line in lines)
