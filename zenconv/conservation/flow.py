"""An element tree read as lines of text, by a classifier that says what each element is.

The walk keeps its own stack (a document nested ten thousand deep costs memory, not Python frames)
and sees comments and processing instructions too, so the text after one is never lost.
"""

from __future__ import annotations

from collections.abc import Callable

from ..records import dataclass

SKIP, SPACE, TEXT, BLOCK, DESCEND = "skip", "space", "text", "block", "descend"
MAX_PART_CHARS = 50_000_000  # a part's text past this is not counted (a shared-strings bomb resolves to terabytes)


class TextLimit(Exception):
    """A part's text ran past its limit; ``found`` holds the lines up to it."""

    def __init__(self, found: list[str], limit: int) -> None:
        super().__init__(f"text-limit: more than {limit:,} characters; the rest is not counted")
        self.found = found


@dataclass(frozen=True, slots=True)
class Line:
    """A classifier's answer for an element that stands for a line of its own (a cell of shared text)."""

    text: str


@dataclass(frozen=True, slots=True)
class Words:
    """A classifier's answer for an element whose text, rewritten, joins the line (an equation's symbols)."""

    text: str


def lines(root, classify: Callable[[object], str | Line], *, mixed: bool, limit: int = MAX_PART_CHARS) -> list[str]:
    """The lines of text under ``root``. ``classify(el)`` says: SKIP (nothing inside counts), SPACE (the
    element separates words), TEXT (its text counts, nothing inside it is walked), BLOCK (its words form
    a line), DESCEND, a :class:`Line` or :class:`Words`. With ``mixed`` (HTML, ODF) every text node counts; without
    (OOXML) only the text of TEXT elements does, the rest being indentation. Past ``limit`` characters
    it raises :class:`TextLimit` with the lines so far."""
    found: list[str] = []
    line: list[str] = []
    total = 0

    def flush() -> None:
        nonlocal total
        text = "".join(line).strip()
        line.clear()
        if text:
            total += len(text)
            if total > limit:
                raise TextLimit(found, limit)
            found.append(text)

    stack: list[tuple[object, str | None]] = [(root, None)]
    while stack:
        el, closing = stack.pop()
        if closing is not None:
            if closing == BLOCK:
                flush()
            if mixed and el is not root and el.tail:
                line.append(el.tail)
            continue
        kind = classify(el) if isinstance(el.tag, str) else SKIP
        if isinstance(kind, Words):
            line.append(kind.text)
            kind = SKIP
        elif isinstance(kind, Line):
            flush()
            line.append(kind.text)
            flush()
            kind = SKIP
        elif kind == SPACE:
            line.append(" ")
            kind = SKIP
        elif kind == TEXT:
            line.append(el.text or "")
            kind = SKIP
        if kind == SKIP:
            if mixed and el is not root and el.tail:
                line.append(el.tail)
            continue
        if kind == BLOCK:
            flush()
        if mixed and el.text:
            line.append(el.text)
        stack.append((el, kind))
        stack.extend((child, None) for child in reversed(el))
    flush()
    return found
