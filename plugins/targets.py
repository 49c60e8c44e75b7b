"""A target outside the document (a URL, a file, a connection string) as a report quotes it, shared by the
OOXML readers: one line, passwords masked, at most :data:`DETAIL_CHARS` characters. Targets are quoted,
never followed."""

from __future__ import annotations

from zenconv.patterns import pattern

DETAIL_CHARS = 200
_SECRET = pattern(r"(?i)\b(password|pwd)(\s*=\s*)(\"[^\"]*\"|'[^']*'|[^;]*)")


def masked(text: str) -> str:
    """``text`` with the value of every ``Password=`` and ``Pwd=`` replaced by ``***``."""
    return _SECRET.sub(lambda m: f"{m.group(1)}{m.group(2)}***", text)


def detail(text: str) -> str:
    """A target as a report's detail: one line, passwords masked, at most DETAIL_CHARS characters."""
    line = " ".join(masked(text).split())
    return line if len(line) <= DETAIL_CHARS else line[:DETAIL_CHARS - 1] + "…"
