"""Text a terminal only shows: every line zenconv prints goes through :func:`safe`.

A source name, a report's detail or a PDF page label is the document's text, and a terminal obeys the
escapes in what it is sent: ``ESC ] 0 ; … BEL`` sets the window title, ``ESC [ 2 J`` clears the screen,
and the bidirectional overrides make a line read differently from what it holds. So every C0 and C1
control character, DEL and the bidi embeddings, overrides and isolates are shown escaped (``\\x1b``,
``\\u202e``) instead of sent: the reader of the line sees that they were there, the terminal acts on
none. A backslash is doubled only where it would make an escape ambiguous (before an ``x`` or ``u``).
"""

from __future__ import annotations

import functools
import re

# C0 controls (tab and newline included: a summary line is one line), DEL, C1 controls, and the bidi
# embeddings/overrides (U+202A-U+202E) and isolates (U+2066-U+2069); U+200E/F and U+061C only mark
# direction and cannot reorder what follows them, but a line is no place for them either. Lone
# surrogates are a file name's undecodable bytes: written out as they are, 0x9b is a C1 CSI.
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]|\\\\(?=[xu])"


@functools.cache
def _unsafe() -> re.Pattern:
    return re.compile(_UNSAFE)  # on the first line written, not at start-up (a quiet run writes none)


def _escape(match: re.Match) -> str:
    char = match.group()
    if char == "\\":
        return "\\\\"
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: object) -> str:
    """``text`` as a string a terminal shows and never acts on."""
    return _unsafe().sub(_escape, str(text))
