"""The headers and footers of ODF page styles (``style:master-page`` in styles.xml), as page furniture.

Shared by the text and spreadsheet readers. Each master page may hold a header and a footer, and their
variants for left (even) pages and, since ODF 1.3, the first page (``style:header-left``,
``style:header-first``); each either paragraphs or, in a spreadsheet, left, centre and right regions
(``style:region-left``...). Each becomes a ``Container(class_="furniture")`` whose FurnitureFacet names
the role, the variant, the page style (by its display name when it has one) and the region. Its
paragraphs are carried as text: fields keep the text the application last wrote into them (a page
number, a sheet name: ``text:page-number``, ``text:page-count``, ``text:sheet-name``), each counted so
the caller reports it. A header the page style switches off (``style:display="false"``) shows on no
page: it is returned apart, for the caller to report dropped with its text. A text document places
each master page's furniture where its pages start (:class:`Placement`); a spreadsheet's open the
workbook.
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
class MasterFurniture:
    """One master page's headers and footers, and the page style its pages go on to (``style:next-style-name``)."""

    name: str
    display: str
    next: str | None = None
    blocks: list[Container] = field(default_factory=list)
    page_fields: int = 0  # fields whose text differs page to page


@dataclass(slots=True)
class PageFurniture:
    masters: dict[str, MasterFurniture] = field(default_factory=dict)  # by name, in the order of styles.xml
    hidden: list[str] = field(default_factory=list)   # the text of headers and footers switched off

    @property
    def blocks(self) -> list[Container]:
        return [block for master in self.masters.values() for block in master.blocks]

    @property
    def page_fields(self) -> int:
        return sum(master.page_fields for master in self.masters.values())


def page_furniture(styles_root) -> PageFurniture:
    found = PageFurniture()
    masters = styles_root.find(f"{OFFICE}master-styles") if styles_root is not None else None
    if masters is None:
        return found
    where = Locator(part="styles.xml")
    for page in masters.iterfind(f"{STYLE}master-page"):
        name = page.get(f"{STYLE}name") or ""
        style = page.get(f"{STYLE}display-name") or name
        master = found.masters.setdefault(name, MasterFurniture(name, style, page.get(f"{STYLE}next-style-name")))
        for tag, variant in _KINDS:
            for el in page.iterfind(f"{STYLE}{tag}"):
                if el.get(f"{STYLE}display") == "false":
                    text = text_of(el)
                    if text:
                        found.hidden.append(text)
                    continue
                role = tag.split("-")[0]
                regions = [(position, region) for region_tag, position in _REGIONS
                           if (region := el.find(f"{STYLE}{region_tag}")) is not None]
                for position, region in regions or [(None, el)]:
                    paragraphs = [Paragraph([Text(text)], locator=where) for line in region.iter(*_LINES)
                                  if (text := " ".join(text_of(line).split()))]
                    if not paragraphs:
                        continue
                    master.page_fields += sum(1 for _ in region.iter(*PAGE_FIELDS))
                    facet = FurnitureFacet(role=role, variant=variant, position=position, style=style)
                    master.blocks.append(Container(paragraphs, class_="furniture", facets=(facet,), locator=where))
    return found


class Placement:
    """Where a text document's page styles start, so each one's headers and footers open the body where
    its pages do: the first page takes the style of the first block that names one, else the first master
    page (ODF's default); a paragraph or table whose style names a master page
    (``style:master-page-name``) starts that style's pages; a style's ``style:next-style-name`` shows on
    the pages after its first (a "First Page" style's next). Each master page's furniture is given once,
    the first time its pages start. What no page shows is left in :meth:`unshown` for the caller to
    report with its text.
    """

    def __init__(self, furniture: PageFurniture) -> None:
        self.furniture = furniture
        self.started = False
        self.placed: set[str] = set()

    def before(self, master: str | None) -> list[Container]:
        """The furniture to give before a body block whose style starts ``master`` (None: it names none)."""
        if not self.started:
            self.started = True
            master = master or next(iter(self.furniture.masters), None)
        out: list[Container] = []
        while master is not None and master not in self.placed and master in self.furniture.masters:
            self.placed.add(master)
            found = self.furniture.masters[master]
            out.extend(found.blocks)
            master = found.next
        return out

    def page_fields(self) -> int:
        return sum(m.page_fields for name, m in self.furniture.masters.items() if name in self.placed)

    def unshown(self) -> list[MasterFurniture]:
        return [m for name, m in self.furniture.masters.items() if name not in self.placed and m.blocks]
