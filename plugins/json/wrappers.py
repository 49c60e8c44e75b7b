"""The wrappers a JSON body comes in from the web (reference readers §10), found and measured, never run.

A body that starts like a JSON value is read as it is. Any other is matched against one wrapper at a
time, its opening on the first bytes and its closing on the last: JSON-LD inside an HTML comment or a
CDATA section, an anti-hijacking prefix (``)]}'``, ``while(1);``, ``for(;;);``), a JSONP call
``callback({...});`` and an assignment ``window.__STATE__ = {...};``. What is found is the byte range of the
JSON inside; the wrapper's own text is reported as dropped. The names matched are identifiers and dotted
paths only, so nothing that could be code is taken for a wrapper: the body is then refused as not JSON.
"""

from __future__ import annotations


from zenconv.records import dataclass
from zenconv.patterns import pattern

_VALUE_START = pattern(rb'\s*(?:[\[{"\-0-9]|true\b|false\b|null\b)')
_NAME = rb"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\s*[\"'][\w$.\-]{1,100}[\"']\s*\])*"
_END_SPACE = rb"\s*\Z"

# (kind, opening on the head, closing on the tail); the first that matches both ends wins.
_WRAPPERS = (
    ("anti-hijacking prefix", pattern(rb"\s*(?:\)\]\}'\s*,?|while\s*\(\s*(?:1|true)\s*\)\s*;|for\s*\(\s*;\s*;\s*\)\s*;)"),
     pattern(_END_SPACE)),
    ("comment guard", pattern(rb"\s*<!--"), pattern(rb"-->" + _END_SPACE)),
    ("CDATA guard", pattern(rb"\s*(?://\s*|/\*\s*)?<!\[CDATA\[(?:\s*\*/)?"),
     pattern(rb"(?://\s*|/\*\s*)?\]\]>(?:\s*\*/)?" + _END_SPACE)),
    ("JSONP call", pattern(rb"\s*(?:/\*\*/\s*)?(?:typeof\s+" + _NAME + rb"\s*===?\s*['\"]function['\"]\s*&&\s*)?"
                              + _NAME + rb"\s*\(\s*"), pattern(rb"\)\s*;?" + _END_SPACE)),
    ("assignment", pattern(rb"\s*(?:(?:var|let|const)\s+)?" + _NAME + rb"\s*=\s*"), pattern(rb";?" + _END_SPACE)),
)


@dataclass(frozen=True, slots=True)
class Wrapper:
    kind: str
    start: int  # the JSON's first byte
    end: int    # one past its last byte
    text: str   # the wrapper's own text, opening and closing


def starts_as_json(head: bytes) -> bool:
    return _VALUE_START.match(head) is not None


def find_wrapper(head: bytes, tail: bytes, size: int) -> Wrapper | None:
    """The wrapper around the JSON in a body of ``size`` bytes (``head`` its first, ``tail`` its last bytes)."""
    for kind, opening, closing in _WRAPPERS:
        opened = opening.match(head)
        if opened is None or not starts_as_json(head[opened.end():]):
            continue
        closed = closing.search(tail)
        if closed is None:
            continue
        end = size - (len(tail) - closed.start())
        if end <= opened.end():
            continue
        text = (head[:opened.end()] + b" \xe2\x80\xa6 " + tail[closed.start():]).decode("utf-8", "replace")
        return Wrapper(kind, opened.end(), end, " ".join(text.split()))
    return None
