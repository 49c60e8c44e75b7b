"""Headings from type: larger than the body text, or bold where the body is not; levels by rank.

The body size is the size most characters have. Every larger size seen is a heading size, the
largest level 1; bold text at the body size ranks below all of them. When the PDF has an
outline, a heading whose text is a bookmark on its page takes the bookmark's depth instead:
the author's own statement of the structure beats a guess from the type.
"""

from __future__ import annotations

from collections import Counter

from .lines import LEADER, TextLine
from .outline import Entry, normalise

LARGER = 1.12          # × body size: text this much larger is heading type
MAX_LINES = 3          # a heading longer than this is a paragraph in large type
MAX_CHARS = 200
MAX_BOLD_CHARS = 120   # a bold body-size heading is short
SIZE_STEP = 0.5        # points: sizes closer than this are one rank
SENTENCE_WORDS = 8     # a longer text ending like a sentence is a paragraph, whatever its type


def body_size(sizes: Counter) -> float:
    if not sizes:
        return 10.0
    return max(sizes.items(), key=lambda kv: (kv[1], -kv[0]))[0]


def heading_type(line: TextLine, body: float, body_bold: bool) -> bool:
    """Whether a line is set in heading type (the block decides whether it is a heading)."""
    if not any(ch.isalpha() for ch in line.text):
        return False
    if line.size >= body * LARGER:
        return True
    return line.bold and not body_bold and line.size >= body - SIZE_STEP


def is_heading(lines: list[TextLine], body: float, body_bold: bool) -> bool:
    text = " ".join(ln.text for ln in lines).strip()
    if len(lines) > MAX_LINES or len(text) > MAX_CHARS or not text or LEADER.search(text):
        return False
    sentence = text.endswith((".", ";", ",")) and len(text.split()) > SENTENCE_WORDS
    if all(ln.size >= body * LARGER for ln in lines):
        return not sentence
    if len(text) > MAX_BOLD_CHARS or len(lines) > 2:
        return False
    # Bold body-size text that ends a sentence is an emphasised sentence, not a heading.
    return not text.endswith((".", ",", ";")) or text[:-1].replace(".", "").isdigit()


class HeadingRanks:
    """Heading sizes seen so far, ranked; the outline's titles per page."""

    def __init__(self, outline: list[Entry]) -> None:
        self.by_page: dict[int, list[Entry]] = {}
        for entry in outline:
            if entry.page is not None:
                self.by_page.setdefault(entry.page, []).append(entry)
        self.has_outline = bool(outline)

    def level(self, size: float, sizes: Counter, body: float) -> int:
        larger = sorted({round(s / SIZE_STEP) * SIZE_STEP for s, n in sizes.items() if s >= body * LARGER and n >= 3},
                        reverse=True)
        key = round(size / SIZE_STEP) * SIZE_STEP
        if size >= body * LARGER:
            rank = sum(1 for s in larger if s > key + SIZE_STEP / 2) + 1
        else:
            rank = len(larger) + 1
        return min(rank, 6)

    def bookmark(self, page: int, text: str) -> Entry | None:
        """The outline entry on ``page`` whose title is this text, if any."""
        entries = self.by_page.get(page)
        if not entries:
            return None
        wanted = normalise(text)
        if not wanted:
            return None
        for entry in entries:
            title = normalise(entry.title)
            if title and (title == wanted or (len(title) > 8 and wanted.endswith(title)) or
                          (len(wanted) > 8 and title.endswith(wanted))):
                entry.matched = True
                return entry
        return None
