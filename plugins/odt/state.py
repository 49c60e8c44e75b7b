"""What the block, inline and frame readers share while they walk one document body."""

from __future__ import annotations

from dataclasses import field

from zenconv.ir import Locator

from .revisions import Change
from zenconv.records import dataclass


@dataclass(slots=True)
class State:
    ctx: object
    pkg: object
    styles: object
    changes: dict[str, Change] = field(default_factory=dict)
    open_insertions: list[str] = field(default_factory=list)
    revision_marks: list[Change] = field(default_factory=list)  # met in the paragraph being read
    deferred: list = field(default_factory=list)  # text boxes and objects met in the paragraph being read
    paragraph: int = 0
    page: int = 1
    track_pages: bool = False
    locating: bool = True  # off inside notes: their paragraphs are not the body's
    notes: dict[str, int] = field(default_factory=dict)  # notes numbered per kind
    tables: int = 0
    base: Locator | None = None  # a presentation's blocks are located by slide, not by paragraph
    root: object = None  # content.xml's root while its body is read: the comment look-up searches its tree first

    @property
    def revisions(self) -> str:
        return self.ctx.options.get("revisions") or "accept"

    @property
    def skip_hidden(self) -> bool:
        return self.ctx.options.get("hidden") == "skip"

    def report(self, what: str, *, detail: str | None = None, count: int = 1, text: str | None = None) -> None:
        self.ctx.report(self.ctx.code(what), self.locator(), detail=detail, count=count, text=text)

    def locator(self, table: int | None = None) -> Locator | None:
        """Where the paragraph being read is; with ``table``, that table (cited by its ordinal, not by the
        paragraph)."""
        if not self.locating:
            return None
        if self.base is not None:
            return self.base if table is None else self.base.with_(table=table)
        page = self.page if self.track_pages else None
        if table is None:  # a paragraph's, asked once per paragraph
            return Locator(paragraph=self.paragraph or None, rendered_page=page)
        return Locator(rendered_page=page, table=table)

    def active_insertion(self) -> Change | None:
        for rid in reversed(self.open_insertions):
            change = self.changes.get(rid)
            if change is not None and change.kind == "insertion":
                return change
        return None
