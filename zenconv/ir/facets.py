"""Typed facts the Markdown vocabulary cannot hold, so they travel with a block instead of vanishing.

A facet is a small frozen dataclass with a ``kind``. The ones below are the host's; a plugin defines its
own by subclassing :class:`Facet` with a kind under its namespace (``ai.insan.zenfmt.docx/…``) and
registering the class with :func:`facet_kind` so the JSON reader can rebuild it.
"""

from __future__ import annotations

from dataclasses import fields
from typing import ClassVar

from ..records import dataclass

_KINDS: dict[str, type[Facet]] = {}


@dataclass(slots=True, frozen=True)
class Facet:
    kind: ClassVar[str] = "facet"

    def to_json(self) -> dict:
        data = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                data[f.name] = value
        return data


def facet_kind(cls: type[Facet]) -> type[Facet]:
    """Class decorator: make a facet class known to :func:`facet_from_json`."""
    if cls.kind in _KINDS and _KINDS[cls.kind] is not cls:
        raise ValueError(f"facet kind {cls.kind!r} is registered twice")
    _KINDS[cls.kind] = cls
    return cls


def facet_from_json(data: dict) -> Facet:
    data = dict(data)
    kind = data.pop("kind")
    cls = _KINDS.get(kind)
    if cls is None:
        return UnknownFacet(name=kind, data=tuple(sorted(data.items())))
    return cls(**data)


@facet_kind
@dataclass(slots=True, frozen=True)
class StyleFacet(Facet):
    """The source's own style for this block (a Word paragraph style id, an ODF style name)."""

    kind: ClassVar[str] = "style"
    style_id: str = ""
    name: str | None = None


@facet_kind
@dataclass(slots=True, frozen=True)
class RevisionFacet(Facet):
    """A tracked change: ``kind`` is insertion, deletion, move-to or move-from."""

    kind: ClassVar[str] = "revision"
    change: str = "insertion"
    author: str | None = None
    date: str | None = None


@facet_kind
@dataclass(slots=True, frozen=True)
class LayoutFacet(Facet):
    """Page or box geometry in EMU (914 400 per inch; 635 per twip; 12 700 per point)."""

    kind: ClassVar[str] = "layout"
    layout: str = "page"
    width_emu: int | None = None
    height_emu: int | None = None


@facet_kind
@dataclass(slots=True, frozen=True)
class HiddenFacet(Facet):
    """Content the source hides (a hidden sheet, row or slide, Word's vanish) kept and marked."""

    kind: ClassVar[str] = "hidden"
    reason: str = "hidden"


@facet_kind
@dataclass(slots=True, frozen=True)
class CommentRangeFacet(Facet):
    """On a ``comment-range`` Span: the note (a review comment) whose range the text is. A range that
    crosses paragraphs or formatting is several Spans, each naming its note, so a writer can say what
    a comment covers (the segments writer's ``covers``)."""

    kind: ClassVar[str] = "comment-range"
    note_id: str = ""


@facet_kind
@dataclass(slots=True, frozen=True)
class CellValuesFacet(Facet):
    """On a table row: the cells whose shown text is not their stored value (a number under its display
    format, ``12.5%`` for ``0.125``), by cell reference, with both: the row's text is one of them
    (``--values``), this keeps the other, so neither is lost."""

    kind: ClassVar[str] = "cell-values"
    cells: tuple = ()  # references, "C5"
    raw: tuple = ()    # the stored value in the canonical, locale-free form (ISO for a date)
    shown: tuple = ()  # what the application shows

    def pairs(self) -> dict[str, dict[str, str]]:
        return {cell: {"shown": shown, "raw": raw} for cell, raw, shown in zip(self.cells, self.raw, self.shown)}


@facet_kind
@dataclass(slots=True, frozen=True)
class FurnitureFacet(Facet):
    """On a ``furniture`` Container: page furniture, not body: a page header or footer, a slide's footer,
    date or number placeholder, the text a layout or master shows on every slide, a PDF's running line.

    ``role`` is header, footer, date, slide-number or master; ``variant`` the page it shows on (default,
    first, even, left; a PDF's running line: running); ``section`` the 1-based section (DOCX) or page
    style (ODT, ODS) it belongs to, ``position`` a part of a spreadsheet's header (left, centre, right).
    Writers render it apart from the body, each distinct text once (see docs/architecture.md)."""

    kind: ClassVar[str] = "furniture"
    role: str = "header"
    variant: str | None = None
    section: int | None = None
    position: str | None = None
    style: str | None = None  # the page style or layout that holds it, by name (ODT, ODS, PPTX layouts)


@dataclass(slots=True, frozen=True)
class UnknownFacet(Facet):
    """A facet read back from JSON whose plugin is not installed: kept as data, never dropped."""

    kind: ClassVar[str] = "unknown"
    name: str = ""
    data: tuple = ()

    def to_json(self) -> dict:
        return {"kind": self.name, **dict(self.data)}
