"""Tracked changes: ``text:tracked-changes`` regions, and what ``--revisions`` makes of them.

ODF keeps an insertion in place between ``text:change-start`` and ``text:change-end`` marks, and a
deletion out of place: the deleted paragraphs live in the region, the body holds a ``text:change``
mark where they were. The modes are the DOCX reader's: ``accept`` keeps insertions and drops
deletions, ``reject`` the reverse, ``all`` keeps both as Spans with a RevisionFacet.
"""

from __future__ import annotations


from zenconv.ir import RevisionFacet

from .names import DC, OFFICE, TEXT
from zenconv.records import dataclass


@dataclass(slots=True)
class Change:
    kind: str                 # insertion | deletion | format-change
    author: str | None
    date: str | None
    content: object = None    # the deleted paragraphs, for a deletion

    @property
    def facet(self) -> RevisionFacet:
        return RevisionFacet(change=self.kind, author=self.author, date=self.date)


def read_changes(tracked) -> dict[str, Change]:
    """The changed regions of a ``text:tracked-changes`` element, by id."""
    changes: dict[str, Change] = {}
    for region in tracked.iterfind(f"{TEXT}changed-region"):
        rid = region.get(f"{TEXT}id") or region.get("{http://www.w3.org/XML/1998/namespace}id")
        if not rid:
            continue
        for kind in ("insertion", "deletion", "format-change"):
            el = region.find(f"{TEXT}{kind}")
            if el is None:
                continue
            info = el.find(f"{OFFICE}change-info")
            author = info.findtext(f"{DC}creator") if info is not None else None
            date = info.findtext(f"{DC}date") if info is not None else None
            changes[rid] = Change(kind, (author or "").strip() or None, (date or "").strip() or None,
                                  el if kind == "deletion" else None)
            break
    return changes
