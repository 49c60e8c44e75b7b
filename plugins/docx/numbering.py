"""numbering.xml: list levels, their formats and start values, and Word's counters.

Counters run per abstract numbering definition, shared by every ``w:num`` that points at it, as Word
shows them; a ``w:num`` with a ``w:startOverride`` restarts that level the first time it is used. A
level restarts whenever a shallower level advances (or as ``w:lvlRestart`` says).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .namespaces import W

_VAL = W + "val"
_PLACEHOLDER = re.compile(r"%([1-9])")
_UNORDERED = frozenset(("bullet", "none"))


@dataclass(slots=True)
class Level:
    fmt: str = "decimal"
    text: str | None = None
    start: int = 1
    restart: int | None = None    # restart after this (1-based) level advances; 0 never
    suffix: str = "tab"
    legal: bool = False

    @property
    def ordered(self) -> bool:
        return self.fmt not in _UNORDERED


@dataclass(slots=True)
class Instance:
    abstract: str
    overrides: dict[int, Level] = field(default_factory=dict)
    start_overrides: dict[int, int] = field(default_factory=dict)


@dataclass(slots=True, frozen=True)
class Item:
    """What one numbered paragraph is: a list key, its level, order, value and the label Word shows."""

    key: str           # the abstract definition: items sharing it are one list
    level: int
    ordered: bool
    value: int
    label: str         # the rendered label, e.g. "2.1." (empty for a bullet)
    compound: bool     # the label names more than one level ("1.2."): Markdown cannot number it


BULLET = Level(fmt="bullet", text="•")


class Numbering:
    def __init__(self, root=None, styles=None) -> None:
        self.abstracts: dict[str, dict[int, Level]] = {}
        self.instances: dict[str, Instance] = {}
        self._style_links: dict[str, str] = {}   # abstract id -> numbering style it defers to
        self._counters: dict[str, list[int | None]] = {}
        self._started: set[tuple[str, int]] = set()
        self._styles = styles
        if root is not None:
            self._load(root)

    def _load(self, root) -> None:
        for el in root.iter(W + "abstractNum"):
            aid = el.get(W + "abstractNumId")
            if aid is None or aid in self.abstracts:
                continue
            self.abstracts[aid] = {lvl: level for lvl, level in (_level(l) for l in el.iter(W + "lvl")) if lvl is not None}
            link = el.find(W + "numStyleLink")
            if link is not None and link.get(_VAL):
                self._style_links[aid] = link.get(_VAL)
        for el in root.iter(W + "num"):
            nid = el.get(W + "numId")
            ref = el.find(W + "abstractNumId")
            if nid is None or ref is None or nid in self.instances:
                continue
            inst = Instance(ref.get(_VAL) or "")
            for override in el.iter(W + "lvlOverride"):
                ilvl = _int(override.get(W + "ilvl"))
                if ilvl is None:
                    continue
                start = override.find(W + "startOverride")
                if start is not None:
                    value = _int(start.get(_VAL))
                    if value is not None:
                        inst.start_overrides[ilvl] = value
                lvl_el = override.find(W + "lvl")
                if lvl_el is not None:
                    inst.overrides[ilvl] = _level(lvl_el)[1]
            self.instances[nid] = inst

    def _abstract_of(self, inst: Instance) -> str:
        """Follow a numStyleLink (one step through the numbering style's own numId) to the real definition."""
        aid = inst.abstract
        style_id = self._style_links.get(aid)
        if style_id and self._styles is not None:
            pointed = self._styles.numbering(style_id)
            if pointed is not None:
                target = self.instances.get(pointed[0])
                if target is not None and target.abstract != aid:
                    return target.abstract
        return aid

    def level(self, num_id: str, ilvl: int) -> Level | None:
        inst = self.instances.get(num_id)
        if inst is None:
            return None
        if ilvl in inst.overrides:
            return inst.overrides[ilvl]
        return self.abstracts.get(self._abstract_of(inst), {}).get(ilvl)

    def advance(self, num_id: str, ilvl: int) -> Item:
        """Count one paragraph numbered (num_id, ilvl) and say what it shows. A dangling id gives a bullet."""
        ilvl = min(max(ilvl, 0), 8)
        inst = self.instances.get(num_id)
        level = self.level(num_id, ilvl) if inst is not None else None
        if inst is None or level is None:
            return Item("dangling:" + num_id, ilvl, False, 1, "", False)
        aid = self._abstract_of(inst)
        counters = self._counters.setdefault(aid, [None] * 9)
        if ilvl in inst.start_overrides and (num_id, ilvl) not in self._started:
            self._started.add((num_id, ilvl))
            counters[ilvl] = None
            start = inst.start_overrides[ilvl]
        else:
            start = level.start
        counters[ilvl] = start if counters[ilvl] is None else counters[ilvl] + 1
        for deeper in range(ilvl + 1, 9):
            deeper_level = self.level(num_id, deeper)
            restart = deeper_level.restart if deeper_level is not None else None
            if restart is None or (restart != 0 and restart <= ilvl + 1):
                counters[deeper] = None
        label, compound = self._label(num_id, ilvl, level, counters)
        return Item(aid, ilvl, level.ordered, counters[ilvl], label, compound)

    def _label(self, num_id: str, ilvl: int, level: Level, counters: list[int | None]) -> tuple[str, bool]:
        if not level.ordered or not level.text:
            return "", False
        names = set(_PLACEHOLDER.findall(level.text))

        def value(match: re.Match) -> str:
            at = int(match.group(1)) - 1
            other = self.level(num_id, at) or level
            count = counters[at] if counters[at] is not None else other.start
            return format_number(count, "decimal" if level.legal and at != ilvl else other.fmt)

        return _PLACEHOLDER.sub(value, level.text), len(names) > 1


def _level(el) -> tuple[int | None, Level]:
    level = Level()
    ilvl = _int(el.get(W + "ilvl"))
    for child in el:
        tag = child.tag
        val = child.get(_VAL)
        if tag == W + "numFmt":
            level.fmt = val or "decimal"
        elif tag == W + "lvlText":
            level.text = val
        elif tag == W + "start":
            level.start = _int(val) or 0
        elif tag == W + "lvlRestart":
            level.restart = _int(val)
        elif tag == W + "suff":
            level.suffix = val or "tab"
        elif tag == W + "isLgl":
            level.legal = (val or "true").lower() not in ("0", "false", "off")
    return ilvl, level


def format_number(n: int, fmt: str) -> str:
    if fmt in ("lowerLetter", "upperLetter"):
        text = _letters(n)
        return text if fmt == "lowerLetter" else text.upper()
    if fmt in ("lowerRoman", "upperRoman"):
        text = _roman(n)
        return text if fmt == "upperRoman" else text.lower()
    if fmt == "decimalZero":
        return f"{n:02d}"
    if fmt in _UNORDERED:
        return ""
    return str(n)


def _letters(n: int) -> str:
    # Word repeats the letter past z: 27 is "aa", 28 "bb"; a hostile start value must not make a
    # label millions of letters long, so past 26 repetitions the number is written in digits
    if not 0 < n <= 26 * 26:
        return str(n)
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def _roman(n: int) -> str:
    if not 0 < n < 4000:
        return str(n)
    out = []
    for value, numeral in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                           (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(numeral)
            n -= value
    return "".join(out)


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
