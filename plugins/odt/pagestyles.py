"""The headers and footers of ODF page styles (``style:master-page`` in styles.xml), as page furniture.

Shared by the text and spreadsheet readers. Each master page may hold a header and a footer, and their
variants for left (even) pages and, since ODF 1.3, the first page (``style:header-left``,
``style:header-first``); each either paragraphs or, in a spreadsheet, left, centre and right regions
(``style:region-left``...). Each becomes a ``Container(class_="furniture")`` whose FurnitureFacet names
the role, the variant, the page style (by its display name when it has one) and the region. Its
paragraphs are carried as text: fields keep the text the application last wrote into them (a page
number, a sheet name: ``text:page-number``, ``text:page-count``, ``text:sheet-name``), each counted so
the caller reports it. A header the page style switches off (``style:display="false"``) shows on no
page: it is returned apart, for the caller to report dropped with its text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zenconv.ir.facets import FurnitureFacet
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Container, Paragraph, Text

from .dropped import text_of
from .names import OFFICE, STYLE, TEXT

_KINDS = (("header", None), ("header-first", "first"), ("header-left", "left"),
          ("footer", None), ("footer-first", "first"), ("footer-left", "left"))
_REGIONS = (("region-left", "left"), ("region-center", "center"), ("region-right", "right"))
PAGE_FIELDS = (f"{TEXT}page-number", f"{TEXT}page-count", f"{TEXT}sheet-name")
_LINES = (f"{TEXT}p", f"{TEXT}h")


@dataclass(slots=True)
class PageFurniture:
    blocks: list[Container] = field(default_factory=list)
    page_fields: int = 0                              # fields whose text differs page to page
    hidden: list[str] = field(default_factory=list)   # the text of headers and footers switched off


def page_furniture(styles_root) -> PageFurniture:
    found = PageFurniture()
    masters = styles_root.find(f"{OFFICE}master-styles") if styles_root is not None else None
    if masters is None:
        return found
    where = Locator(part="styles.xml")
    for page in masters.iterfind(f"{STYLE}master-page"):
        style = page.get(f"{STYLE}display-name") or page.get(f"{STYLE}name")
        for tag, variant in _KINDS:
            for el in page.iterfind(f"{STYLE}{tag}"):
                if el.get(f"{STYLE}display") == "false":
                    text = text_of(el)
                    if text:
                        found.hidden.append(text)
                    continue
                role = tag.split("-")[0]
                regions = [(position, region) for name, position in _REGIONS
                           if (region := el.find(f"{STYLE}{name}")) is not None]
                for position, region in regions or [(None, el)]:
                    paragraphs = [Paragraph([Text(text)], locator=where) for line in region.iter(*_LINES)
                                  if (text := " ".join(text_of(line).split()))]
                    if not paragraphs:
                        continue
                    found.page_fields += sum(1 for _ in region.iter(*PAGE_FIELDS))
                    facet = FurnitureFacet(role=role, variant=variant, position=position, style=style)
                    found.blocks.append(Container(paragraphs, class_="furniture", facets=(facet,), locator=where))
    return found
