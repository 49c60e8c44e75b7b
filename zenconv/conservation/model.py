"""The accounting's records: a part of a source and its text, and a document's account."""

from __future__ import annotations

from collections import Counter
from dataclasses import field

from ..records import dataclass


@dataclass(frozen=True, slots=True)
class Part:
    """One place in the source (a package part, a page, a run of rows) and the text it holds."""

    name: str
    kind: str
    text: str


@dataclass(slots=True)
class PartAccount:
    name: str
    kind: str
    tokens: int
    unaccounted: Counter = field(default_factory=Counter)
    first: list[str] = field(default_factory=list)  # the first unaccounted tokens, in source order

    def to_json(self) -> dict:
        return {"part": self.name, "kind": self.kind, "tokens": self.tokens,
                "unaccounted": sum(self.unaccounted.values()), "first": list(self.first)}


@dataclass(slots=True)
class Account:
    """What one document holds and how much of it the conversion did not account for."""

    path: str
    format: str | None
    outcome: str
    source_tokens: int = 0
    output_tokens: int = 0
    reported_tokens: int = 0
    parts: list[PartAccount] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    children: list[Account] = field(default_factory=list)  # the embedded documents converted as children

    @property
    def unaccounted(self) -> int:
        """The document's own unaccounted tokens and its children's: a family is checked whole."""
        return sum(sum(p.unaccounted.values()) for p in self.parts) + sum(c.unaccounted for c in self.children)

    def to_json(self) -> dict:
        """The parts with unaccounted tokens, a child's named ``N-name/part``; ``children`` only when any."""
        parts = [p.to_json() for p in self.parts if p.unaccounted]
        problems = list(self.problems)
        for child in self.children:
            found = child.to_json()
            prefix = child.path.rpartition("#")[2]
            parts += [dict(p, part=f"{prefix}/{p['part']}") for p in found["parts"]]
            problems += [f"{prefix}: {problem}" for problem in found["problems"]]
        out = {"path": self.path, "format": self.format, "outcome": self.outcome,
               "source_tokens": self.source_tokens, "output_tokens": self.output_tokens,
               "reported_tokens": self.reported_tokens, "unaccounted": self.unaccounted,
               "parts": parts, "problems": problems}
        if self.children:
            out["children"] = [{"path": c.path, "format": c.format, "outcome": c.outcome,
                                "source_tokens": c.source_tokens, "unaccounted": c.unaccounted}
                               for c in self.children]
        return out
