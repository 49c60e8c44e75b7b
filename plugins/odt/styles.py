"""ODF styles: text properties through the parent chain, list styles, headings by style, page layout.

An automatic style (``P7``, ``T3``) means nothing to a reader; the common style it derives from
(``Text_20_body``) does, so a paragraph's StyleFacet names the first common style of its chain. A
chain is followed at most :data:`MAX_CHAIN` steps and a cycle ends it: a hostile part cannot loop.
"""

from __future__ import annotations

from dataclasses import field

from zenconv.ir import StyleFacet

from .dropped import text_of
from .names import FO, LOEXT, OFFICE, STYLE, TEXT
from zenconv.records import dataclass
from zenconv.patterns import pattern

MAX_CHAIN = 32
FLAGS = ("b", "i", "u", "s", "sup", "sub", "hidden")

_UNITS = {"in": 914_400, "cm": 360_000, "mm": 36_000, "pt": 12_700, "pc": 152_400, "px": 9_525}
# Each run of digits or spaces can be split one way only: "[0-9]*\.?[0-9]+" split the digits, and
# "\s*([a-z]*)\s*" the spaces, every way in turn before failing, quadratic on a long attribute value.
_LENGTH = pattern(r"^\s*(-?(?:[0-9]*\.)?[0-9]+)(?:\s*([a-z]+))?\s*$")


def length_emu(value: str | None) -> int | None:
    """An ODF length (``8.5in``, ``21.001cm``) in EMU; None when it is not one."""
    match = _LENGTH.match(value or "")
    if not match or match.group(2) not in _UNITS:
        return None
    return round(float(match.group(1)) * _UNITS[match.group(2)])


@dataclass(slots=True)
class Style:
    name: str
    family: str
    parent: str | None = None
    display: str | None = None
    automatic: bool = False
    text: dict[str, bool] = field(default_factory=dict)  # flag -> on/off where the style decides it
    list_style: str | None = None
    outline: int | None = None
    master_page: str | None = None  # the page style a paragraph or table of this style starts


@dataclass(slots=True)
class ListLevel:
    """A list style's level: ordered or not, its start, and how its label is shown: ``prefix``, then the
    numbers of the last ``display`` levels (this one's last) joined by periods, each in its level's
    ``style:num-format``, then ``suffix``."""

    ordered: bool
    start: int = 1
    fmt: str = ""
    prefix: str = ""
    suffix: str = ""
    display: int = 1


def text_flags(props) -> dict[str, bool]:
    """The formatting a ``style:text-properties`` element decides, each flag on or off."""
    flags: dict[str, bool] = {}
    if props is None:
        return flags
    weight = props.get(f"{FO}font-weight")
    if weight is not None:
        flags["b"] = weight == "bold" or (weight.isdigit() and int(weight) >= 600)
    style = props.get(f"{FO}font-style")
    if style is not None:
        flags["i"] = style in ("italic", "oblique")
    under = props.get(f"{STYLE}text-underline-style")
    if under is not None:
        flags["u"] = under != "none"
    strike = props.get(f"{STYLE}text-line-through-style")
    if strike is not None:
        flags["s"] = strike != "none"
    position = props.get(f"{STYLE}text-position")
    if position is not None:
        first = position.split()[0] if position.split() else "0%"
        raised = first == "super" or (first.endswith("%") and _percent(first) > 0)
        lowered = first == "sub" or (first.endswith("%") and _percent(first) < 0)
        flags["sup"], flags["sub"] = raised, lowered
    display = props.get(f"{TEXT}display")
    if display is not None:
        flags["hidden"] = display == "none"
    return flags


def _percent(value: str) -> float:
    try:
        return float(value.rstrip("%"))
    except ValueError:
        return 0.0


class Styles:
    """Every style of the package by (family, name): styles.xml first, then content.xml's automatic ones."""

    def __init__(self) -> None:
        self.by_key: dict[tuple[str, str], Style] = {}
        self.defaults: dict[str, dict[str, bool]] = {}
        self.lists: dict[str, dict[int, ListLevel]] = {}
        # What the chain of a (family, name) decides, found once per style: a paragraph or a span asks for it each time.
        self._flags: dict[tuple[str, str], dict[str, bool]] = {}
        self._common: dict[tuple[str, str | None], Style | None] = {}
        self._titles: dict[str | None, bool] = {}
        self._masters: dict[tuple[str, str | None], str | None] = {}
        self._facets: dict[tuple[str, str | None], StyleFacet | None] = {}
        self.loads = 0  # how many times styles were loaded: what a reader caches from them is good for one count
        self.start_pages = False  # whether any style names a page style it starts (style:master-page-name)

    def load(self, container, *, automatic: bool) -> None:
        """Read the styles under ``office:styles`` or ``office:automatic-styles``."""
        if container is None:
            return
        for el in container:
            if el.tag == f"{STYLE}style":
                name, family = el.get(f"{STYLE}name"), el.get(f"{STYLE}family", "")
                if not name:
                    continue
                outline = el.get(f"{STYLE}default-outline-level")
                style = Style(name, family, el.get(f"{STYLE}parent-style-name"), el.get(f"{STYLE}display-name"),
                              automatic, text_flags(el.find(f"{STYLE}text-properties")),
                              el.get(f"{STYLE}list-style-name"),
                              int(outline) if outline and outline.isdigit() else None,
                              el.get(f"{STYLE}master-page-name") or None)
                self.by_key[(family, name)] = style
                self.start_pages = self.start_pages or style.master_page is not None
            elif el.tag == f"{STYLE}default-style":
                self.defaults[el.get(f"{STYLE}family", "")] = text_flags(el.find(f"{STYLE}text-properties"))
            elif el.tag == f"{TEXT}list-style":
                name = el.get(f"{STYLE}name")
                if name:
                    self.lists[name] = _list_levels(el)
        self.loads += 1
        self._flags.clear()
        self._common.clear()
        self._titles.clear()
        self._masters.clear()
        self._facets.clear()

    def chain(self, family: str, name: str | None):
        seen: set[str] = set()
        while name and name not in seen and len(seen) < MAX_CHAIN:
            seen.add(name)
            style = self.by_key.get((family, name))
            if style is None:
                return
            yield style
            name = style.parent

    def flags(self, family: str, name: str | None) -> dict[str, bool]:
        """The formatting a style decides through its chain, the nearest style winning."""
        key = (family, name or "")
        found = self._flags.get(key)
        if found is None:
            found = {}
            for style in self.chain(family, name):
                for flag, on in style.text.items():
                    found.setdefault(flag, on)
            for flag, on in self.defaults.get(family, {}).items():
                found.setdefault(flag, on)
            self._flags[key] = found
        return found

    def common(self, family: str, name: str | None) -> Style | None:
        """The first common (named, non-automatic) style of the chain: the one a reader recognises."""
        key = (family, name)
        try:
            return self._common[key]
        except KeyError:
            found = self._common[key] = next((s for s in self.chain(family, name) if not s.automatic), None)
            return found

    def facet(self, family: str, name: str | None) -> StyleFacet | None:
        """The StyleFacet naming the chain's first common style; one object per style (facets are frozen)."""
        key = (family, name)
        try:
            return self._facets[key]
        except KeyError:
            common = self.common(family, name)
            found = self._facets[key] = StyleFacet(common.name, common.display) if common is not None else None
            return found

    def master_page(self, family: str, name: str | None) -> str | None:
        """The page style a paragraph or table of this style starts (``style:master-page-name``), if any."""
        key = (family, name)
        try:
            return self._masters[key]
        except KeyError:
            found = self._masters[key] = next((s.master_page for s in self.chain(family, name) if s.master_page), None)
            return found

    def list_style(self, name: str | None) -> str | None:
        """The list style a paragraph style attaches, through its chain."""
        return next((s.list_style for s in self.chain("paragraph", name) if s.list_style), None)

    def is_title(self, name: str | None) -> bool:
        found = self._titles.get(name)
        if found is None:
            found = self._titles[name] = any(s.name == "Title" for s in self.chain("paragraph", name))
        return found

    def list_level(self, list_style: str | None, level: int) -> ListLevel:
        levels = self.lists.get(list_style or "", {})
        return levels.get(level) or ListLevel(ordered=False)


def _list_levels(el) -> dict[int, ListLevel]:
    levels: dict[int, ListLevel] = {}
    for child in el:
        level = child.get(f"{TEXT}level")
        if not level or not level.isdigit():
            continue
        if child.tag == f"{TEXT}list-level-style-number":
            # A numbered level with an empty format shows no number: it reads as a bullet.
            fmt = child.get(f"{STYLE}num-format", "1")
            start = child.get(f"{TEXT}start-value", "1")
            display = child.get(f"{TEXT}display-levels", "1")
            levels[int(level)] = ListLevel(
                ordered=bool(fmt), start=int(start) if start.isdigit() else 1, fmt=fmt,
                prefix=child.get(f"{STYLE}num-prefix", ""), suffix=child.get(f"{STYLE}num-suffix", ""),
                display=min(int(display), 10) if display.isdigit() else 1)
        elif child.tag in (f"{TEXT}list-level-style-bullet", f"{TEXT}list-level-style-image",
                           f"{LOEXT}list-level-style-bullet"):
            levels[int(level)] = ListLevel(ordered=False)
    return levels


def page_layout(styles_root) -> tuple[int | None, int | None, str]:
    """The first master page's size in EMU, and the text of every master page's headers and footers
    ("" when none has text): a document may use several (a first page's, a landscape section's)."""
    if styles_root is None:
        return None, None, ""
    masters = styles_root.find(f"{OFFICE}master-styles")
    master = masters.find(f"{STYLE}master-page") if masters is not None else None
    if master is None:
        return None, None, ""
    decorated = "\n".join(
        text for page in masters.iterfind(f"{STYLE}master-page")
        for tag in ("header", "footer", "header-first", "footer-first", "header-left", "footer-left")
        for el in page.iterfind(f"{STYLE}{tag}") if (text := text_of(el))
    )
    name = master.get(f"{STYLE}page-layout-name")
    autos = styles_root.find(f"{OFFICE}automatic-styles")
    for layout in autos.iterfind(f"{STYLE}page-layout") if autos is not None else ():
        if layout.get(f"{STYLE}name") == name:
            props = layout.find(f"{STYLE}page-layout-properties")
            if props is not None:
                return length_emu(props.get(f"{FO}page-width")), length_emu(props.get(f"{FO}page-height")), decorated
    return None, None, decorated

