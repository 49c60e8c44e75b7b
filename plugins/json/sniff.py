"""Telling JSON and JSON Lines from the first bytes of an unnamed source (standard input).

The host hands a sniffer the first bytes only, so the text may stop anywhere: JSON is a body whose
first value is valid as far as it goes and is alone; JSON Lines is two or more lines that are each a
whole JSON value. A body that is both (one value on one line) is JSON: it is tried first. The reader
uses the second test too, to say so when a ``.json`` file fails and looks like JSON Lines.
"""

from __future__ import annotations

import json

_SCAN = json.JSONDecoder().raw_decode
_CUT_MARGIN = 64
_MAX_LINES = 100


def head_text(head: bytes) -> str:
    """The head as text: UTF-8 (its byte-order mark dropped), a character cut at the end ignored."""
    return head.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "ignore")


def is_json(head: bytes, name: str | None = None) -> bool:
    text = head_text(head).lstrip(" \t\r\n")
    if not text.startswith(("{", "[")):
        return False
    try:
        _, end = _SCAN(text)
    except RecursionError:  # deeper than the decoder follows: JSON as far as a sniffer can tell
        return True
    except json.JSONDecodeError as exc:
        return exc.msg.startswith("Unterminated string") or exc.pos >= len(text) - _CUT_MARGIN
    return text[end:].strip(" \t\r\n") == ""


def whole_lines(text: str, cut: bool) -> list[str]:
    """The non-blank lines of ``text`` (the last left out when ``cut``: it may stop short)."""
    lines = text.splitlines()
    if cut and lines and not text.endswith(("\n", "\r")):
        lines.pop()
    return [line for line in lines[:_MAX_LINES] if line.strip()]


def is_json_value(line: str) -> bool:
    text = line.strip()
    try:
        _, end = _SCAN(text)
    except (json.JSONDecodeError, RecursionError):
        return False
    return end == len(text)


def is_json_lines(head: bytes, name: str | None = None) -> bool:
    lines = whole_lines(head_text(head), cut=True)
    return len(lines) >= 2 and all(is_json_value(line) for line in lines)


def looks_like_json_lines(head: bytes) -> bool:
    """§10's hint: two or more non-blank lines, the first a JSON value alone."""
    lines = whole_lines(head_text(head), cut=True)
    return len(lines) >= 2 and is_json_value(lines[0])
