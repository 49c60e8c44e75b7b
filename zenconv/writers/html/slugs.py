"""GitHub-style heading ids: lower case, punctuation dropped, spaces to hyphens, made unique.

A repeat gets ``-1``, ``-2``…, skipping ids already taken, as github-slugger does: ``a``, ``a``, ``a-1``
give ``a``, ``a-1``, ``a-1-1``. An id with nothing left (a heading of punctuation) is ``section``.
"""

from __future__ import annotations

import unicodedata


def slug(text: str) -> str:
    kept = []
    for ch in text.strip().lower():
        if ch == "-" or ch == "_":
            kept.append(ch)
        elif ch.isspace():
            kept.append("-")
        elif unicodedata.category(ch)[0] in "LMN":
            kept.append(ch)
    return "".join(kept)


class Slugger:
    def __init__(self) -> None:
        self._occurrences: dict[str, int] = {}

    def unique(self, text: str) -> str:
        base = slug(text) or "section"
        result = base
        while result in self._occurrences:
            self._occurrences[base] += 1
            result = f"{base}-{self._occurrences[base]}"
        self._occurrences[result] = 0
        return result
