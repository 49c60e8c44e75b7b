"""styles.xml: headings by outline level and style chain, list numbering and fonts from styles.

A style's chain is followed through ``w:basedOn`` at most :data:`MAX_CHAIN` steps, and a cycle ends
it: a hostile styles part can neither loop nor recurse. Built-in style *names* stay English whatever
the UI language (an Italian ``Titolo2`` is named ``heading 2``), so headings are matched by name
first, then by the built-in ids ``Heading1``..``Heading9``.
"""

from __future__ import annotations

import re

from .formatting import CODE, rpr_masks
from .namespaces import W
from zenconv.records import dataclass
from zenconv.patterns import pattern

MAX_CHAIN = 20

_HEADING_NAME = pattern(r"^heading\s*([1-9])$", re.IGNORECASE)
_HEADING_ID = pattern(r"^heading([1-9])$", re.IGNORECASE)
_CODE_NAME = pattern(r"\bcode\b|preformatted|verbatim", re.IGNORECASE)
_VAL = W + "val"
_NAME, _BASED_ON, _PPR, _RPR = W + "name", W + "basedOn", W + "pPr", W + "rPr"
_OUTLINE, _NUMPR, _NUMID, _ILVL = W + "outlineLvl", W + "numPr", W + "numId", W + "ilvl"


@dataclass(slots=True)
class Style:
    id: str
    name: str
    kind: str                      # paragraph | character | table | numbering
    based_on: str | None = None
    outline: int | None = None     # 0-based outline level; 9 is body text
    num_id: str | None = None
    ilvl: int | None = None
    run_on: int = 0
    run_off: int = 0


class Styles:
    def __init__(self, root=None) -> None:
        self.by_id: dict[str, Style] = {}
        self.default_paragraph: str | None = None
        self._heading: dict[str, int | None] = {}
        self._numbering: dict[str, tuple[str, int] | None] = {}
        self._runs: dict[str, tuple[int, int]] = {}
        self._code: dict[str, bool] = {}
        if root is not None:
            self._load(root)

    def _load(self, root) -> None:
        for el in root.iter(W + "style"):
            sid = el.get(W + "styleId")
            if sid is None or sid in self.by_id:
                continue
            # el.find() for each property, in one walk over the style's children: a styles part holds
            # hundreds of styles, and ElementPath costs more than the walk
            kids = _first_children(el)
            name_el = kids.get(_NAME)
            style = Style(sid, (name_el.get(_VAL) if name_el is not None else None) or sid, el.get(W + "type") or "paragraph")
            based = kids.get(_BASED_ON)
            if based is not None:
                style.based_on = based.get(_VAL)
            ppr = kids.get(_PPR)
            if ppr is not None:
                ppr_kids = _first_children(ppr)
                outline = ppr_kids.get(_OUTLINE)
                if outline is not None:
                    style.outline = _int(outline.get(_VAL))
                numpr = ppr_kids.get(_NUMPR)
                if numpr is not None:
                    num_kids = _first_children(numpr)
                    num = num_kids.get(_NUMID)
                    lvl = num_kids.get(_ILVL)
                    style.num_id = num.get(_VAL) if num is not None else None
                    style.ilvl = _int(lvl.get(_VAL)) if lvl is not None else None
            style.run_on, style.run_off, _, _ = rpr_masks(kids.get(_RPR))
            if style.kind == "paragraph" and (el.get(W + "default") or "").lower() in ("1", "true", "on"):
                self.default_paragraph = sid
            self.by_id[sid] = style

    def chain(self, sid: str | None):
        """The style and its ancestors, nearest first; bounded and cycle-safe."""
        seen: set[str] = set()
        while sid is not None and sid not in seen and len(seen) < MAX_CHAIN:
            seen.add(sid)
            style = self.by_id.get(sid)
            if style is None:
                return
            yield style
            sid = style.based_on

    def name(self, sid: str) -> str | None:
        style = self.by_id.get(sid)
        return style.name if style is not None else None

    def heading_level(self, sid: str | None) -> int | None:
        """The heading level (1..9) a paragraph style gives, or None for body text."""
        if sid is None:
            return None
        if sid in self._heading:
            return self._heading[sid]
        level = None
        if sid not in self.by_id:
            # an undefined style: generators that skip styles.xml still mean the built-in ids
            match = _HEADING_ID.match(sid)
            level = int(match.group(1)) if match else (1 if sid.lower() == "title" else None)
        for style in self.chain(sid):
            if style.outline is not None:
                level = style.outline + 1 if 0 <= style.outline <= 8 else None
                break
            match = _HEADING_NAME.match(style.name) or _HEADING_ID.match(style.id)
            if match:
                level = int(match.group(1))
                break
            if style.name.lower() == "title" or style.id.lower() == "title":
                level = 1
                break
        self._heading[sid] = level
        return level

    def is_title(self, sid: str | None) -> bool:
        """The built-in Title style (or one based on it): the document's title, above Heading 1."""
        if sid is not None and sid not in self.by_id:
            return sid.lower() == "title"
        for style in self.chain(sid):
            if style.outline is not None or _HEADING_NAME.match(style.name) or _HEADING_ID.match(style.id):
                return False
            if style.name.lower() == "title" or style.id.lower() == "title":
                return True
        return False

    def numbering(self, sid: str | None) -> tuple[str, int] | None:
        """(numId, ilvl) a paragraph style carries through its chain, or None."""
        if sid is None:
            return None
        if sid in self._numbering:
            return self._numbering[sid]
        found = None
        ilvl = None
        for style in self.chain(sid):
            if ilvl is None and style.ilvl is not None:
                ilvl = style.ilvl
            if style.num_id is not None:
                found = (style.num_id, ilvl or 0)
                break
        self._numbering[sid] = found
        return found

    def run_bits(self, sid: str | None) -> tuple[int, int]:
        """(set, cleared) formatting bits of a style through its chain, nearest style winning."""
        if sid is None:
            return 0, 0
        cached = self._runs.get(sid)
        if cached is not None:
            return cached
        on = off = 0
        for style in self.chain(sid):
            # an ancestor's bit counts only where no nearer style decided it
            decided = on | off
            on |= style.run_on & ~decided
            off |= style.run_off & ~decided
        self._runs[sid] = (on, off)
        return on, off

    def is_code(self, sid: str | None) -> bool:
        """A paragraph style whose font is monospace, or named for code (``Source Code``, ``HTML Preformatted``)."""
        if sid is None:
            return False
        found = self._code.get(sid)
        if found is None:
            found = self._code[sid] = (any(_CODE_NAME.search(style.name) for style in self.chain(sid))
                                       or bool(self.run_bits(sid)[0] & CODE))
        return found


def _first_children(el) -> dict:
    """Each tag's first child of ``el``: what ``el.find(tag)`` gives, for every tag at once."""
    found: dict = {}
    for node in el:
        found.setdefault(node.tag, node)
    return found


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
