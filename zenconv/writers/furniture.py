"""Page furniture as every writer shows it: what a furniture Container is, its label, and written once.

A reader carries a page header, a footer, a slide's footer placeholders or a master's text as a
``Container(class_="furniture")`` with a :class:`FurnitureFacet`, where its section (or slide, or sheet)
starts. A header repeated on every page (or every section, every slide) says one thing: each writer
shows a given role and text once per document, the first time it comes, so a 300-page memo's Bates
legend is one block, not 300.
"""

from __future__ import annotations

from ..ir.facets import FurnitureFacet
from ..ir.nodes import Container, Image
from ..ir.walk import plain_text, walk

CLASS = "furniture"

_ROLES = {"header": "Header", "footer": "Footer", "date": "Date", "slide-number": "Slide number",
          "master": "Master", "running": "Running text"}
_VARIANTS = {"first": "first page", "even": "even pages", "left": "left pages", "right": "right pages",
             "odd": "odd pages", "running": "running", "layout": "layout"}
_POSITIONS = {"left": "left", "center": "centre", "centre": "centre", "right": "right"}


def furniture_of(block) -> FurnitureFacet | None:
    """The facet of a furniture Container; None for any other block."""
    if type(block) is not Container or block.class_ != CLASS:
        return None
    for facet in block.facets:
        if isinstance(facet, FurnitureFacet):
            return facet
    return FurnitureFacet()  # a furniture container a plugin built without its facet is still furniture


def label(facet: FurnitureFacet, locator=None) -> str:
    """``Header (section 1, first page)``; ``Footer (sheet 'Damages', centre)``; ``Footer (slide 3)``."""
    where: list[str] = []
    if facet.section is not None:
        where.append(f"section {facet.section}")
    if locator is not None:
        if locator.sheet_name is not None:
            where.append(f"sheet '{locator.sheet_name}'")
        elif locator.sheet is not None:
            where.append(f"sheet {locator.sheet}")
        if locator.slide is not None:
            where.append(f"slide {locator.slide}")
        if locator.page is not None and facet.variant != "running":
            where.append(f"page {locator.page}")
    if facet.style:
        where.append(f"page style '{facet.style}'" if facet.role != "master" else f"'{facet.style}'")
    if facet.variant == "running" and locator is not None and locator.page is not None:
        where.append(f"running from page {locator.page}")
    elif facet.variant and facet.variant != "default":
        where.append(_VARIANTS.get(facet.variant, facet.variant))
    if facet.position:
        where.append(_POSITIONS.get(facet.position, facet.position))
    name = _ROLES.get(facet.role, facet.role.capitalize() if facet.role else "Furniture")
    return f"{name} ({', '.join(where)})" if where else name


class Distinct:
    """Which furniture a writer has shown: the same role and text a second time is not written again,
    and, given ``report`` (a writer's reporting function) and ``code``, is reported with its text (the
    conservation check's account then balances: the source holds the text twice, the output once)."""

    def __init__(self, report=None, code: str | None = None) -> None:
        self.seen: set[tuple] = set()
        self.report = report
        self.code = code

    def first(self, block, facet: FurnitureFacet) -> bool:
        # a letterhead's logo alone has no text: its image tells two apart
        images = tuple(node.source for node in walk(block.blocks) if type(node) is Image)
        key = (facet.role, " ".join(plain_text(block.blocks).split()), images)
        if key in self.seen:
            if self.report is not None:
                self.report(self.code, block.locator, detail=label(facet, block.locator), text=key[1] or None)
            return False
        self.seen.add(key)
        return True
