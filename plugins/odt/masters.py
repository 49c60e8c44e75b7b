"""What a presentation's master pages show on its slides, none of it carried: reported with its text.

A slide shows its master page's drawing (``draw:master-page-name``): text boxes and shapes with text
(a company name, "Confidential"), and furniture frames whose fields a declaration of the slide fills:
``presentation:footer`` shows the ``presentation:footer-decl`` the slide names in
``presentation:use-footer-name``, and so for the header and the date-time (a fixed one's text; a
current date has none). The slide's drawing-page style, else the master's, says what shows
(``presentation:display-footer``, ``-header``, ``-date-time``, ``background-objects-visible``; shown
when unsaid). Under ``--furniture keep`` (the default) what a slide shows is page furniture at the
end of the slide (``Container(class_="furniture")``: the master's own text with role ``master``, a
declaration's with role ``footer``, ``header`` or ``date``, the master page named as ``style``); under
``--furniture drop`` each slide showing any of it is reported ``odp.master-text-dropped`` with that text
(the slide's locator), as before.

Not shown on a slide, and so not in those reports: a master's placeholders (``presentation:placeholder``:
prompt text the slide's own frames replace) and the page-number and page-count fields, which the
application computes. Reported once each, located at ``styles.xml``: the text of a master no shown
slide uses, of a notes master (``presentation:notes`` of a master page) and of the handout master,
and a declaration no shown slide displays.
"""

from __future__ import annotations

from dataclasses import field

from zenconv.ir import Container, FurnitureFacet, Locator, Paragraph, Text

from .dropped import text_of
from .names import DRAW, OFFICE, PRESENTATION, STYLE, TEXT
from zenconv.records import dataclass

CODE = "odp.master-text-dropped"
_FURNITURE = {"footer": "footer", "header": "header", "date-time": "date-time"}  # frame class -> declaration kind
_ROLES = {"footer": "footer", "header": "header", "date-time": "date"}  # declaration kind -> furniture role
_DECLARATIONS = {f"{PRESENTATION}footer-decl": "footer", f"{PRESENTATION}header-decl": "header",
                 f"{PRESENTATION}date-time-decl": "date-time"}
_USE = {"footer": f"{PRESENTATION}use-footer-name", "header": f"{PRESENTATION}use-header-name",
        "date-time": f"{PRESENTATION}use-date-time-name"}
_DISPLAY = {"footer": f"{PRESENTATION}display-footer", "header": f"{PRESENTATION}display-header",
            "date-time": f"{PRESENTATION}display-date-time", "objects": f"{PRESENTATION}background-objects-visible"}
# Fields the application fills, and the fields the declarations fill: no text of the master's own.
_FIELDS = frozenset({f"{TEXT}page-number", f"{TEXT}page-count", f"{PRESENTATION}footer", f"{PRESENTATION}header",
                     f"{PRESENTATION}date-time"})


@dataclass(slots=True)
class Master:
    name: str
    text: str = ""                                   # its text boxes' and shapes' text
    furniture: set[str] = field(default_factory=set)  # the declaration kinds its frames show
    style: str | None = None                         # its drawing-page style
    shown: bool = False                              # on a slide shown


def is_declaration(el) -> bool:
    return el.tag in _DECLARATIONS


class MasterText:
    """Fed the declarations and each shown slide as content.xml is read; reports as it goes."""

    def __init__(self, styles_root, ctx) -> None:
        self.ctx = ctx
        self.keep = ctx.options.get("furniture", "keep") == "keep"
        self.masters: dict[str, Master] = {}
        self.apart: list[tuple[str, str]] = []  # (what, text) shown on no slide: notes and handout masters
        self.display: dict[str, dict[str, str]] = {}  # drawing-page style -> the display attributes it sets
        self.declared: dict[tuple[str, str], str] = {}  # (kind, name) -> text
        self.displayed: set[tuple[str, str]] = set()
        masters = styles_root.find(f"{OFFICE}master-styles") if styles_root is not None else None
        if styles_root is not None:
            for styles in (styles_root.find(f"{OFFICE}styles"), styles_root.find(f"{OFFICE}automatic-styles")):
                self.styles(styles)
        for master in masters if masters is not None else ():
            if master.tag == f"{STYLE}master-page":
                found = Master(master.get(f"{STYLE}name") or "", style=master.get(f"{DRAW}style-name"))
                found.text = _drawing_text(master, found.furniture)
                self.masters[found.name] = found
                notes = master.find(f"{PRESENTATION}notes")
                if notes is not None and (text := _drawing_text(notes, set())):
                    self.apart.append((f"notes master of {found.name}", text))
            elif master.tag == f"{STYLE}handout-master" and (text := _drawing_text(master, set())):
                self.apart.append(("handout master", text))

    def styles(self, styles) -> None:
        """Take in the drawing-page styles of an office:styles or office:automatic-styles element."""
        for style in styles.iterfind(f"{STYLE}style") if styles is not None else ():
            if style.get(f"{STYLE}family") == "drawing-page":
                props = style.find(f"{STYLE}drawing-page-properties")
                if props is not None:
                    self.display[style.get(f"{STYLE}name") or ""] = {k: v for k, v in props.attrib.items()
                                                                      if k in _DISPLAY.values()}

    def declare(self, el) -> None:
        kind = _DECLARATIONS[el.tag]
        self.declared[(kind, el.get(f"{PRESENTATION}name") or "")] = text_of(el)

    def slide(self, page, number: int) -> list[Container]:
        """What the slide shows of its master: furniture blocks (none under --furniture drop: reported)."""
        master = self.masters.get(page.get(f"{DRAW}master-page-name") or "")
        if master is None:
            return []
        master.shown = True
        texts = []  # (role, text)
        if master.text and self._shows(page, master, "objects"):
            texts.append(("master", master.text))
        for kind in sorted(master.furniture):
            key = (kind, page.get(_USE[kind]) or "")
            if key in self.declared and self._shows(page, master, kind):
                self.displayed.add(key)
                if self.declared[key]:
                    texts.append((_ROLES[kind], self.declared[key]))
        where = Locator(slide=number)
        if texts and not self.keep:
            self.ctx.report(CODE, where, text="\n".join(text for _, text in texts))
            return []
        return [Container([Paragraph([Text(line)], locator=where) for line in text.split("\n") if line.strip()],
                          class_="furniture", facets=(FurnitureFacet(role=role, style=master.name or None),),
                          locator=where) for role, text in texts]

    def finish(self) -> None:
        where = Locator(part="styles.xml")
        for master in self.masters.values():
            if master.text and not master.shown:
                self.ctx.report(CODE, where, detail=f"master page {master.name}: on no slide shown", text=master.text)
        for what, text in self.apart:
            self.ctx.report(CODE, where, detail=what, text=text)
        for (kind, name), text in self.declared.items():
            if text and (kind, name) not in self.displayed:
                self.ctx.report(CODE, Locator(part="content.xml"), detail=f"{kind} {name}: on no slide shown",
                                text=text)

    def _shows(self, page, master: Master, what: str) -> bool:
        attribute = _DISPLAY[what]
        for style in (page.get(f"{DRAW}style-name"), master.style):
            value = self.display.get(style or "", {}).get(attribute)
            if value is not None:
                return value != "false"
        return True


def _drawing_text(container, furniture: set[str]) -> str:
    """The text of the drawing elements in ``container`` that are not placeholders (groups opened);
    the declaration kinds of its furniture frames are added to ``furniture``."""
    texts = []
    stack = [child for child in reversed(container) if isinstance(child.tag, str) and child.tag.startswith(DRAW)]
    while stack:
        el = stack.pop()
        if el.tag == f"{DRAW}g":
            stack.extend(child for child in reversed(el) if isinstance(child.tag, str) and child.tag.startswith(DRAW))
            continue
        if el.get(f"{PRESENTATION}placeholder") == "true":
            continue
        kind = _FURNITURE.get(el.get(f"{PRESENTATION}class") or "")
        if kind is not None:
            furniture.add(kind)
        if text := text_of(el, _FIELDS):
            texts.append(text)
    return "\n".join(texts)
