"""Headers and footers carried as page furniture, each at the start of the section that shows it.

A section's header and footer references live in its w:sectPr, which Word writes at the section's end
(the last section's is the body's last child): a streamed body meets them too late to put a section's
furniture first. So the main part's bytes are searched once, before the stream, for every w:sectPr and
the references in it (a bounded scan, like the first page size's), and the stream says when it passes a
section's end (:attr:`DocxState.section_ends`, the ¶ ordinal of the paragraph holding each w:sectPr):
a block's section is counted from its own ¶ ordinal (see :func:`section_of`). Each referenced part is read once, through the body's own
block reader, into a ``Container(class_="furniture")`` whose FurnitureFacet names the role, the variant
(default, first, even) and the 1-based section. A section that references nothing of a kind inherits
the previous section's, as Word does: nothing new to show, so nothing is written.

A variant shows only when the settings switch it on: a first-page part when its section has w:titlePg
(per section, not inherited), an even-page part when settings.xml has w:evenAndOddHeaders (the whole
document). A part no section shows never prints: it is not carried but reported
``docx.headers-footers-dropped`` (:attr:`Furniture.unshown` says why), its text with it. A section with
w:titlePg and no first-page reference of its own shows the one it inherits, carried there.

A field whose result depends on the page (PAGE, NUMPAGES, SECTIONPAGES) keeps its cached result, the
number Word last showed, and is reported ``docx.page-field-cached``: on another page it reads otherwise.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import field

from zenconv.ir.facets import FurnitureFacet
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Container

from zenconv.reports import Unreadable

from .external import REL_SETTINGS
from .namespaces import W
from .package import by_type
from zenconv.records import dataclass
from zenconv.patterns import pattern

# Bounded like reader.py's section scan: no unbounded [^>]* from every "<w:sectPr" on malformed bytes.
_SECT = pattern(rb"<(/?)(?:[A-Za-z_][\w.-]*:)?sectPr(?=[\s>/])([^<>]{0,1024}?)(/?)>")
_REF = pattern(rb"<(?:[A-Za-z_][\w.-]*:)?(header|footer)Reference\b([^<>]{0,1024})>")
_TYPE = pattern(rb"(?:^|\s)(?:[A-Za-z_][\w.-]*:)?type\s*=\s*[\"']([A-Za-z]{1,16})[\"']")
_RID = pattern(rb"(?:^|\s)(?:[A-Za-z_][\w.-]*:)?id\s*=\s*[\"']([^\"'<>]{1,255})[\"']")
_TITLE_PG = pattern(rb"<(?:[A-Za-z_][\w.-]*:)?titlePg\b([^<>]{0,1024})>")
_VAL = pattern(rb"(?:^|\s)(?:[A-Za-z_][\w.-]*:)?val\s*=\s*[\"']([A-Za-z0-9]{1,16})[\"']")
_CHANGE = pattern(rb"<(?:[A-Za-z_][\w.-]*:)?sectPrChange\b")
_OFF = frozenset(("0", "false", "off"))
_VARIANTS = {"default": "default", "first": "first", "even": "even"}
PAGE_FIELDS = frozenset(("PAGE", "NUMPAGES", "SECTIONPAGES"))


@dataclass
class Section:
    """A section's header and footer references as (role, variant, relationship id), and whether it has
    w:titlePg (its first page shows the first-page variant)."""

    references: list[tuple[str, str, str]] = field(default_factory=list)
    title_page: bool = False


def section_references(data: bytes, first: int | None = None) -> list[Section]:
    """Per section in document order, its references and w:titlePg. A w:sectPr inside another (the
    earlier properties a tracked w:sectPrChange keeps) is not a section. ``first``: where "sectPr" first
    occurs, when the caller has searched already."""
    sections: list[Section] = []
    depth = 0
    start = 0
    for found in _section_tags(data, data.find(b"sectPr") if first is None else first):
        closing, self_closing = found.group(1), found.group(3)
        if closing:
            depth -= 1
            if depth == 0:
                body = data[start:found.start()]
                sections.append(Section(_references(body), _title_page(body)))
            depth = max(depth, 0)
        elif self_closing:
            if depth == 0:
                sections.append(Section())
        else:
            if depth == 0:
                start = found.end()
            depth += 1
    return sections


def _section_tags(data: bytes, at: int) -> Iterator[re.Match]:
    """Every w:sectPr tag, found by a plain search for its name (memchr-fast over a part of hundreds of
    megabytes, where a pattern tried at every "<" is not), then matched from the "<" before it; ``at``:
    where the name first occurs."""
    while at >= 0:
        lt = data.rfind(b"<", max(0, at - 64), at)
        found = _SECT.match(data, lt) if lt >= 0 else None
        if found is not None:
            yield found
            at = data.find(b"sectPr", found.end())
        else:
            at = data.find(b"sectPr", at + 6)


def _references(section: bytes) -> list[tuple[str, str, str]]:
    out = []
    for ref in _REF.finditer(section):
        attrs = ref.group(2)
        kind, rid = _TYPE.search(attrs), _RID.search(attrs)
        if rid is None:
            continue
        variant = _VARIANTS.get(kind.group(1).decode("ascii") if kind else "default", "default")
        out.append((ref.group(1).decode("ascii"), variant, rid.group(1).decode("utf-8", "replace")))
    return out


def _title_page(section: bytes) -> bool:
    """Whether a section's own properties hold w:titlePg switched on (the earlier properties of a tracked
    change, from w:sectPrChange on, are not its own)."""
    change = _CHANGE.search(section)
    found = _TITLE_PG.search(section, 0, change.start() if change is not None else len(section))
    if found is None:
        return False
    val = _VAL.search(found.group(1))
    return val is None or val.group(1).decode("ascii").lower() not in _OFF


def even_pages_shown(package, rels) -> bool:
    """Whether settings.xml has w:evenAndOddHeaders switched on: even pages show the even-page variant."""
    settings = by_type(rels, REL_SETTINGS)
    if settings is None:
        return False
    try:
        root = package.parse(settings.target)
    except Unreadable:
        return False  # as external.py: settings that the safe layer refuses cost the setting, not the document
    found = root.find(W + "evenAndOddHeaders") if root is not None else None
    if found is None:
        return False
    return (found.get(W + "val") or "true").lower() not in _OFF


def section_of(block, st) -> int:
    """The 1-based section a body block is in: one more than the sections ended before its paragraph. A
    block without a ¶ ordinal (a table leaves before its rows are read) is past every end met so far."""
    ordinal = _ordinal(block)
    if ordinal is not None:
        return 1 + bisect_left(st.section_ends, ordinal)
    return 1 + bisect_right(st.section_ends, st.paragraph)


def _ordinal(block) -> int | None:
    locator = getattr(block, "locator", None)
    if locator is not None and locator.paragraph is not None:
        return locator.paragraph
    items = getattr(block, "items", None)  # a list: its first item's
    if items:
        item = items[0]
        located = item.locator or next((b.locator for b in item.blocks if getattr(b, "locator", None)), None)
        return located.paragraph if located is not None else None
    return None


class Furniture:
    """The sections' headers and footers, handed out as the stream enters each section."""

    def __init__(self, reader, sections: list[Section], even_pages: bool = False) -> None:
        self.reader = reader
        self.sections = sections
        self.even_pages = even_pages
        self.entered = 0      # the sections whose furniture has been given
        self.read: set[str] = set()   # parts carried: never reported dropped
        self.shown: dict[tuple[str, str], str] = {}   # (role, variant) -> the reference in force
        self.unshown: dict[str, str] = {}   # part -> why no section shows it (reported, not carried)

    def entering(self, section: int) -> Iterator[Container]:
        """The furniture of every section up to ``section`` (1-based) not yet given."""
        while self.entered < min(section, len(self.sections)):
            self.entered += 1
            yield from self._section(self.entered)

    def _section(self, number: int) -> Iterator[Container]:
        st = self.reader.st
        main, main_rels = st.part, st.rels
        order = {"header": 0, "footer": 1}
        section = self.sections[number - 1]
        for role, variant, rid in section.references:  # what it does not name it inherits, as Word does
            self.shown[role, variant] = rid
        refs = sorted(((role, variant, rid) for (role, variant), rid in self.shown.items()),
                      key=lambda ref: (order[ref[0]], ("default", "first", "even").index(ref[1])))
        for role, variant, rid in refs:
            rel = main_rels.get(rid)
            if rel is None or rel.external or not rel.target or rel.target in self.read:
                continue
            why = self._not_shown(variant, section)
            if why is not None:
                self.unshown.setdefault(rel.target, why)
                continue
            self.unshown.pop(rel.target, None)
            container = self._part(rel.target, role, variant, number)
            st.part, st.rels = main, main_rels
            if container is not None:
                yield container

    def _not_shown(self, variant: str, section: Section) -> str | None:
        if variant == "first" and not section.title_page:
            return "a first-page variant its section does not show (no w:titlePg)"
        if variant == "even" and not self.even_pages:
            return "an even-page variant the document does not show (no w:evenAndOddHeaders in settings.xml)"
        return None

    def _part(self, name: str, role: str, variant: str, section: int) -> Container | None:
        st = self.reader.st
        root = st.package.parse(name)
        if root is None:
            return None
        self.read.add(name)
        saved = st.in_body, st.counting, st.paragraph, st.fields
        st.in_body = st.counting = False
        st.paragraph, st.fields = 0, []
        st.part, st.rels = name, st.package.relationships(name)
        try:
            blocks = self.reader.blocks_of(root)
        finally:
            st.in_body, st.counting, st.paragraph, st.fields = saved
        locator = Locator(part=name)
        page_fields = sum(1 for instr in _instructions(root) if instr in PAGE_FIELDS)
        if page_fields:
            st.ctx.report("docx.page-field-cached", locator, count=page_fields,
                          detail=f"{role} {name}: its cached page number is carried")
        if not blocks:
            return None
        facet = FurnitureFacet(role=role, variant=variant if variant != "default" else None, section=section)
        return Container(blocks, class_="furniture", facets=(facet,), locator=locator)


def _instructions(root) -> Iterator[str]:
    """The field codes' first words in a part: a complex field's (w:instrText) and a simple one's."""
    for el in root.iter(W + "instrText", W + "fldSimple"):
        text = el.get(W + "instr") if el.tag == W + "fldSimple" else el.text
        words = (text or "").split()
        if words:
            yield words[0].upper()
