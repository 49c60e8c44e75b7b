"""Link targets: HYPERLINK field instructions, and the script URLs that never become links.

A browser strips controls and whitespace anywhere in a scheme, decodes entities in an attribute,
and some tools percent-decode what they are given, so the test undoes all three before it looks at
the scheme: ``java&#x09;script:``, `` JaVaScRiPt:`` and ``%6Aavascript:`` are all refused.
"""

from __future__ import annotations

import html
import re
import shlex
from urllib.parse import unquote

_UNSAFE_SCHEMES = ("javascript:", "vbscript:", "livescript:", "data:", "mocha:")
_INVISIBLE = re.compile(r"[\x00-\x20\x7f-\x9f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]+")


def safe(target: str) -> bool:
    """False for a target that is, or decodes to, a script (or data) URL."""
    probe = target
    for _ in range(3):   # entity and percent encodings may be stacked; a few rounds undo any real disguise
        decoded = unquote(html.unescape(probe))
        if decoded == probe:
            break
        probe = decoded
    probe = _INVISIBLE.sub("", probe).lower()
    return not probe.startswith(_UNSAFE_SCHEMES)


def field_target(instr: str) -> str | None:
    """The target of a ``HYPERLINK "url" \\l "anchor"`` field instruction, or None for any other field."""
    text = instr.strip()
    if not text[:9].upper().startswith("HYPERLINK"):
        return None
    try:
        words = shlex.split(text[9:].replace("\\", "\\\\"), posix=True)
    except ValueError:
        words = text[9:].split()
    url = ""
    anchor = ""
    i = 0
    while i < len(words):
        word = words[i].replace("\\\\", "\\")
        if word.lower() == "\\l" and i + 1 < len(words):
            anchor = words[i + 1]
            i += 2
            continue
        if word.startswith("\\"):
            # other switches (\o tooltip, \t target frame, \m, \n) take an argument or none
            i += 2 if word.lower() in ("\\o", "\\t") else 1
            continue
        if not url:
            url = word
        i += 1
    if anchor:
        url += "#" + anchor
    return url or None
