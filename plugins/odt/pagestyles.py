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

from copy import deepcopy
from dataclasses import field

from zenconv.ir.facets import FurnitureFacet
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Container, Paragraph, Text
from zenconv.ir.walk import plain_text

from .dropped import text_of
from .names import OFFICE, STYLE, TEXT
from zenconv.records import dataclass

_KINDS = (("header", None), ("header-first", "first"), ("header-left", "left"),
          ("footer", None), ("footer-first", "first"), ("footer-left", "left"))
_REGIONS = (("region-left", "left"), ("region-center", "center"), ("region-right", "right"))
SHEET_NAME = f"{TEXT}sheet-name"
PAGE_FIELDS = (f"{TEXT}page-number", f"{TEXT}page-count", SHEET_NAME)
_LINES = (f"{TEXT}p", f"{TEXT}h")


@dataclass(slots=True)
class MasterFurniture:
    """One master page's headers and footers, and the page style its pages go on to (``style:next-style-name``)."""

    name: str
    display: str
    next: str | None = None
    blocks: list[Container] = field(default_factory=list)
    page_fields: int = 0  # fields whose text differs page to page
    sheet_fields: int = 0  # sheet name fields: what they show is known on each sheet (:func:`for_sheet`)
    element: object = None  # the style:master-page, for :func:`for_sheet`


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
    for page in masters.iterfind(f"{STYLE}master-page"):
        name = page.get(f"{STYLE}name") or ""
        if name not in found.masters:
            found.masters[name] = _master(page, name, found.hidden)
    return found


def for_sheet(master: MasterFurniture, sheet: str) -> MasterFurniture:
    """``master`` as it prints on the sheet named ``sheet``: its sheet name fields show that name (so they are
    no longer counted among the fields each page shows its own of)."""
    if not master.sheet_fields or master.element is None:
        return master
    return _master(master.element, master.name, [], sheet=sheet)


def _master(page, name: str, hidden: list[str], sheet: str | None = None) -> MasterFurniture:
    where = Locator(part="styles.xml")
    style = page.get(f"{STYLE}display-name") or name
    master = MasterFurniture(name, style, page.get(f"{STYLE}next-style-name"), element=page)
    for tag, variant in _KINDS:
        for el in page.iterfind(f"{STYLE}{tag}"):
            if el.get(f"{STYLE}display") == "false":
                text = text_of(el)
                if text:
                    hidden.append(text)
                continue
            role = tag.split("-")[0]
            regions = [(position, region) for region_tag, position in _REGIONS
                       if (region := el.find(f"{STYLE}{region_tag}")) is not None]
            for position, region in regions or [(None, el)]:
                sheet_fields = sum(1 for _ in region.iter(SHEET_NAME))
                if sheet is not None and sheet_fields:
                    region = deepcopy(region)  # a few lines: the copy shows the sheet's name in its fields
                    for found in region.iter(SHEET_NAME):
                        tail = found.tail
                        found.clear()
                        found.text, found.tail = sheet, tail
                paragraphs = [Paragraph([Text(text)], locator=where) for line in region.iter(*_LINES)
                              if (text := " ".join(text_of(line).split()))]
                if not paragraphs:
                    continue
                master.sheet_fields += sheet_fields
                master.page_fields += sum(1 for _ in region.iter(*PAGE_FIELDS)) - (sheet_fields if sheet else 0)
                facet = FurnitureFacet(role=role, variant=variant, position=position, style=style)
                master.blocks.append(Container(paragraphs, class_="furniture", facets=(facet,), locator=where))
    return master


class Placement:
    """Where a document's page styles start, so each one's headers and footers open the body where its
    pages do. In a text document the first page takes the style of the first block that names one, else
    the first master page (ODF's default); a paragraph or table whose style names a master page
    (``style:master-page-name``) starts that style's pages; a style's ``style:next-style-name`` shows on
    the pages after its first (a "First Page" style's next). In a spreadsheet each sheet starts the pages
    of its table style's master page, and a sheet name field shows the sheet's name. Each master page's
    furniture is given once, the first time its pages start (once per sheet where it shows the sheet's
    name). What no page shows is reported by :meth:`report`, with its text.
    """

    def __init__(self, furniture: PageFurniture) -> None:
        self.furniture = furniture
        self.started = False
        self.placed: set[str] = set()
        self.given: set[tuple] = set()  # (master, facet, lines) of each block given
        self.page_fields = 0  # of the furniture given

    def before(self, master: str | None, sheet: str | None = None) -> list[Container]:
        """The furniture to give before a body block (or the sheet ``sheet``) whose style starts ``master``
        (None: it names none)."""
        if not self.started or sheet is not None:
            master = master if master in self.furniture.masters else next(iter(self.furniture.masters), None)
        self.started = True
        out: list[Container] = []
        seen: set[str] = set()
        while master is not None and master not in seen and master in self.furniture.masters:
            seen.add(master)
            found = self.furniture.masters[master]
            shown = for_sheet(found, sheet) if sheet is not None else found
            if master not in self.placed:  # its first showing: its page fields count once
                self.placed.add(master)
                self.page_fields += shown.page_fields
            for block in shown.blocks:  # once each; on a later sheet, only what shows differently there
                given = (master, block.facets[0], tuple(plain_text([p]) for p in block.blocks))
                if given not in self.given:
                    self.given.add(given)
                    out.append(block)
            master = found.next
        return out

    def report(self, ctx, namespace: str, unshown: str) -> None:
        """After the body: the page fields of the furniture given (``<namespace>.page-field-cached``), and
        each master page with text that no page showed, with that text (``<namespace>.headers-footers-dropped``,
        ``unshown`` the detail, ``{style}`` its name)."""
        where = Locator(part="styles.xml")
        if self.page_fields:
            ctx.report(f"{namespace}.page-field-cached", where, count=self.page_fields)
        for name, master in self.furniture.masters.items():
            if name not in self.placed and master.blocks:
                ctx.report(f"{namespace}.headers-footers-dropped", where, count=len(master.blocks),
                           detail=unshown.format(style=master.display),
                           text="\n".join(plain_text(block.blocks) for block in master.blocks))
