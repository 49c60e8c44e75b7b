"""Front matter: a ``---`` block at the very start, read as simple YAML without a YAML library.

What is read: top-level ``key: value`` lines (a value plain, single- or double-quoted), flow lists
(``tags: [a, b]``), block lists (``- item`` lines under a key with no value) and block scalars
(``|`` and ``>``). Values stay strings, as written (``market: NO`` is ``"NO"``). Known keys fill the
document metadata (title, author(s), date, modified, subject, keywords or tags); other keys go to
``metadata.extra`` as text. Anything else (nested mappings, anchors, multi-line flow collections) is
kept verbatim in ``metadata.extra["front-matter"]`` and reported. A block whose lines hold no
``key:`` at all is not front matter: it stays Markdown (a rule, a paragraph, a rule).
"""

from __future__ import annotations

import json
import re
from dataclasses import field

from zenconv.ir import Metadata
from zenconv.records import dataclass
from zenconv.patterns import pattern

_OPEN = pattern(r"---[ \t]*\n")
_CLOSE = pattern(r"^(?:---|\.\.\.)[ \t]*$", re.MULTILINE)
# A line is split one way only: a lazy key or value before "[ \t]*" tried every split of a run of spaces,
# quadratic on one long line. The key keeps the spaces before its colon (callers strip it); a value
# starts and ends with a character that is not a space or a tab.
_VALUE = r"(?:[^ \t](?:.*[^ \t])?)"
_KEY = pattern(r"([A-Za-z_][\w.\- ]*)(?:\t[ \t]*)?:(?:[ \t]+(" + _VALUE + r"))?[ \t]*$")
_ITEM = pattern(r"[ \t]+-[ \t]+(" + _VALUE + r"?)[ \t]*$|-[ \t]+(" + _VALUE + r"?)[ \t]*$")
_BLOCK_SCALAR = pattern(r"[|>][+-]?[0-9]?")

_TITLE = {"title"}
_AUTHORS = {"author", "authors", "creator"}
_CREATED = {"date", "created", "published"}
_MODIFIED = {"modified", "updated", "lastmod", "last_modified", "last-modified"}
_SUBJECT = {"subject"}
_KEYWORDS = {"keywords", "tags"}
RAW_KEY = "front-matter"


@dataclass
class FrontMatter:
    values: dict[str, str | list[str]] = field(default_factory=dict)
    unparsed: list[str] = field(default_factory=list)
    lines: int = 0  # source lines the block takes, fences included


def split(text: str) -> tuple[FrontMatter | None, str]:
    """The front matter and the Markdown after it (``text`` with newlines already normalised)."""
    if not _OPEN.match(text):
        return None, text
    start = _OPEN.match(text).end()
    close = _CLOSE.search(text, start)
    if close is None:
        return None, text
    block = text[start:close.start()]
    lines = block.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not any(_KEY.match(line) for line in lines):
        return None, text
    after = close.end() + 1 if close.end() < len(text) and text[close.end()] == "\n" else close.end()
    fm = _parse(lines)
    fm.lines = text.count("\n", 0, after)
    return fm, text[after:]


def _parse(lines: list[str]) -> FrontMatter:
    fm = FrontMatter()
    i = 0
    while i < len(lines):
        line = lines[i]
        start = i
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _KEY.fullmatch(line)
        if m is None:
            fm.unparsed.append(line)
            continue
        key, value = m.group(1).strip(), (m.group(2) or "")
        if _BLOCK_SCALAR.fullmatch(value):
            body: list[str] = []
            while i < len(lines) and (not lines[i].strip() or lines[i][:1] in " \t"):
                body.append(lines[i].strip())
                i += 1
            joined = "\n".join(body).strip("\n")
            fm.values[key] = joined if value[0] == "|" else " ".join(x for x in joined.split("\n") if x)
        elif value:
            fm.values[key] = _flow(value) if value[0] == "[" and value[-1] == "]" else _scalar(value)
        else:
            items = []
            while i < len(lines) and (item := _ITEM.fullmatch(lines[i])):
                items.append(_scalar(item.group(1) if item.group(1) is not None else item.group(2)))
                i += 1
            if items:
                fm.values[key] = items
            elif i < len(lines) and lines[i][:1] in " \t" and lines[i].strip():
                while i < len(lines) and (lines[i][:1] in " \t" or not lines[i].strip()):
                    i += 1  # a nested mapping: kept raw below
                # from the key's own line: a search from the top was quadratic over many such keys, and
                # copied the lines of an earlier key of the same name once more for each repeat
                fm.unparsed.extend(lines[start:i])
            else:
                fm.values[key] = ""
    return fm


def _scalar(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        try:
            return str(json.loads(value))
        except ValueError:
            return value[1:-1]
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    if " #" in value:
        value = value.split(" #", 1)[0].rstrip()  # a comment after a plain value
    return value


def _flow(value: str) -> list[str]:
    inner = value[1:-1].strip()
    if not inner:
        return []
    parts, current, quote = [], [], None
    for ch in inner:
        if quote:
            current.append(ch)
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            current.append(ch)
        elif ch == ",":
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return [_scalar(p) for p in parts if p.strip()]


def apply(fm: FrontMatter, meta: Metadata) -> None:
    """Fill the document metadata (the context's own object) from the front matter."""
    for key, value in fm.values.items():
        name = key.lower()
        text = ", ".join(value) if isinstance(value, list) else value
        if name in _TITLE and meta.title is None and text:
            meta.title = text
        elif name in _AUTHORS and text:
            meta.authors.extend(value if isinstance(value, list) else [value])
        elif name in _CREATED and meta.created is None and text:
            meta.created = text
        elif name in _MODIFIED and meta.modified is None and text:
            meta.modified = text
        elif name in _SUBJECT and meta.subject is None and text:
            meta.subject = text
        elif name in _KEYWORDS:
            meta.keywords.extend(value if isinstance(value, list) else [k.strip() for k in value.split(",") if k.strip()])
        else:
            meta.extra[key] = text
    if fm.unparsed:
        meta.extra[RAW_KEY] = "\n".join(fm.unparsed)
