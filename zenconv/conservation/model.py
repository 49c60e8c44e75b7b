"""The accounting's records: a part of a source and its text, and a document's account."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


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

    @property
    def unaccounted(self) -> int:
        return sum(sum(p.unaccounted.values()) for p in self.parts)

    def to_json(self) -> dict:
        return {"path": self.path, "format": self.format, "outcome": self.outcome,
                "source_tokens": self.source_tokens, "output_tokens": self.output_tokens,
                "reported_tokens": self.reported_tokens, "unaccounted": self.unaccounted,
                "parts": [p.to_json() for p in self.parts if p.unaccounted], "problems": list(self.problems)}
