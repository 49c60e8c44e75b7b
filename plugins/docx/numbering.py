"""numbering.xml: list levels, their formats and start values, Word's counters and the labels it shows.

Counters run per abstract numbering definition, shared by every ``w:num`` that points at it, as Word
shows them; a ``w:num`` with a ``w:startOverride`` restarts that level the first time it is used. A
level restarts whenever a shallower level advances, or, with ``w:lvlRestart`` N, only when one of the
levels 1..N does (0: never). A label is the level's ``w:lvlText`` with each ``%n`` replaced by level n's
counter in level n's format (decimal for the levels above a ``w:isLgl`` level: legal numbering).
"""

from __future__ import annotations

import copy
from dataclasses import field

from ..numerals import FORMATS, MAX_LABEL_CHARS, format_number
from .namespaces import MC, W
from zenconv.records import dataclass
from zenconv.patterns import pattern

_VAL = W + "val"
_ALTERNATE, _CHOICE, _FALLBACK = MC + "AlternateContent", MC + "Choice", MC + "Fallback"
_PLACEHOLDER = pattern(r"%([1-9])")
_UNORDERED = frozenset(("bullet", "none"))
_NONES = tuple((None,) * (9 - start) for start in range(10))   # the counters from a level on, restarted


@dataclass(slots=True)
class Level:
    fmt: str = "decimal"
    text: str | None = None
    start: int = 1
    restart: int | None = None    # restart when a level 1..restart (1-based) advances; 0 never
    suffix: str = "tab"           # what separates the label from the text: tab, space or nothing
    legal: bool = False

    @property
    def ordered(self) -> bool:
        return self.fmt not in _UNORDERED


@dataclass(slots=True)
class Instance:
    abstract: str
    overrides: dict[int, Level] = field(default_factory=dict)
    start_overrides: dict[int, int] = field(default_factory=dict)


# Not frozen: one is made a numbered paragraph, and a frozen class builds through object.__setattr__, a call a
# field. Treat an Item as immutable all the same.
@dataclass(slots=True)
class Item:
    """What one numbered paragraph is: a list key, its level, order, value and the label Word shows."""

    key: str           # the abstract definition: items sharing it are one list
    level: int
    ordered: bool
    value: int
    label: str | None  # the label as Word shows it, e.g. "2.1.", "(ii)", "Article 3."; None for a bullet
    unsupported: str | None = None  # a w:numFmt this module cannot render: its numbers are decimal
    cut: bool = False  # the level's text was longer than --max-label-chars: the label is its start


BULLET = Level(fmt="bullet", text="•")


class Numbering:
    def __init__(self, root=None, styles=None, max_label_chars: int = MAX_LABEL_CHARS) -> None:
        self.max_label_chars = max_label_chars
        self.abstracts: dict[str, dict[int, Level]] = {}
        self.instances: dict[str, Instance] = {}
        self._style_links: dict[str, str] = {}   # abstract id -> numbering style it defers to
        self._counters: dict[str, list[int | None]] = {}
        self._started: set[tuple[str, int]] = set()
        self._styles = styles
        # (num id, level) -> its level: the definitions never change once loaded, and a label asks for
        # every level below the one advanced
        self._levels: dict[tuple[str, int], Level | None] = {}
        self._plans: dict[tuple[str, int], tuple] = {}   # (num id, level) -> what advance needs of it (_plan)
        if root is not None:
            self._load(root)

    def fork(self) -> Numbering:
        """The same definitions with counters of its own, starting where these are: a story read in the
        middle of another (a comment at its reference) counts without moving the other's lists on."""
        other = copy.copy(self)
        other._counters = {aid: list(counters) for aid, counters in self._counters.items()}
        other._started = set(self._started)
        return other

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
        key = (num_id, ilvl)
        try:
            return self._levels[key]
        except KeyError:
            found = self._levels[key] = self._find_level(num_id, ilvl)
            return found

    def _find_level(self, num_id: str, ilvl: int) -> Level | None:
        inst = self.instances.get(num_id)
        if inst is None:
            return None
        if ilvl in inst.overrides:
            return inst.overrides[ilvl]
        return self.abstracts.get(self._abstract_of(inst), {}).get(ilvl)

    def _restarted(self, num_id: str, ilvl: int) -> tuple[int, ...]:
        """The deeper levels whose counters restart when (num_id, ilvl) advances."""
        found = []
        for deeper in range(ilvl + 1, 9):
            deeper_level = self.level(num_id, deeper)
            restart = deeper_level.restart if deeper_level is not None else None
            # lvlRestart N: the level restarts when one of levels 1..N advances; N at or below the level
            # itself is ignored (the default, restart after any shallower level), 0 never restarts
            if restart is None or restart > deeper or (restart != 0 and ilvl + 1 <= restart):
                found.append(deeper)
        return tuple(found)

    def advance(self, num_id: str, ilvl: int) -> Item:
        """Count one paragraph numbered (num_id, ilvl) and say what it shows. A dangling id gives a bullet."""
        plan = self._plans.get((num_id, ilvl))
        if plan is None:
            plan = self._plans[(num_id, ilvl)] = self._plan(num_id, ilvl)
        aid, ilvl, ordered, start, override, reset, template, unsupported, cut = plan
        if aid is None:
            return Item("dangling:" + num_id, ilvl, False, 1, None)
        counters = self._counters.get(aid)
        if counters is None:
            counters = self._counters[aid] = [None] * 9
        if override is not None and (num_id, ilvl) not in self._started:
            self._started.add((num_id, ilvl))
            counters[ilvl] = None
            start = override
        value = counters[ilvl] = start if counters[ilvl] is None else counters[ilvl] + 1
        if type(reset) is int:   # every deeper level restarts, the usual case: one slice rather than a loop
            counters[reset:] = _NONES[reset]
        else:
            for deeper in reset:
                counters[deeper] = None
        label = None
        if template is not None:
            parts = []
            for piece in template:
                if type(piece) is str:
                    parts.append(piece)
                    continue
                at, fmt, first = piece
                number = counters[at]
                if number is None:
                    number = first
                # decimal, the commonest, is what format_number gives after its chain of tests
                parts.append(str(number) if fmt == "decimal" else format_number(number, fmt))
            label = "".join(parts).strip() or None
        return Item(aid, ilvl, ordered, value, label, unsupported, cut)

    def _plan(self, num_id: str, ilvl: int) -> tuple:
        """What advance needs of (num_id, ilvl), fixed by the definitions, found once rather than for every
        numbered paragraph: the abstract id its counters run under (None for a dangling id), the level (clamped),
        whether it is ordered, its start and start override, the deeper levels it restarts (their first, when
        that is all of them), its label's template (None for none), the first format the label cannot render,
        whether its text is cut."""
        ilvl = min(max(ilvl, 0), 8)
        inst = self.instances.get(num_id)
        level = self.level(num_id, ilvl) if inst is not None else None
        if inst is None or level is None:
            return None, ilvl, False, 1, None, (), None, None, False
        restarts = self._restarted(num_id, ilvl)
        reset = ilvl + 1 if restarts == tuple(range(ilvl + 1, 9)) else restarts
        template = unsupported = None
        # a bullet's glyph is no label; a level of format ``none`` shows its text without numbers ("Note:"),
        # and nothing when that is empty
        if level.fmt != "bullet" and level.text:
            template = self._template(num_id, ilvl, level)
            unsupported = next((piece[1] for piece in template if type(piece) is not str and piece[1] not in FORMATS),
                               None)
        return (self._abstract_of(inst), ilvl, level.ordered, level.start, inst.start_overrides.get(ilvl), reset,
                template, unsupported, len(level.text or "") > self.max_label_chars)

    def _template(self, num_id: str, ilvl: int, level: Level) -> tuple:
        """A level's text, cut to --max-label-chars, as its literal pieces and, for each ``%n``, (the level it
        counts, the format it is shown in, that level's start): fixed by the definitions, so split once per
        level rather than substituted by a regular expression for every numbered paragraph."""
        pieces: list = []
        for i, piece in enumerate(_PLACEHOLDER.split(level.text[:self.max_label_chars])):
            if i % 2 == 0:
                if piece:
                    pieces.append(piece)
                continue
            at = int(piece) - 1
            other = self.level(num_id, at) or level
            pieces.append((at, "decimal" if level.legal and at != ilvl else other.fmt, other.start))
        return tuple(pieces)


def _properties(el):
    """A level's properties; of an mc:AlternateContent, the Fallback's: Word 2010 puts a ``custom`` numFmt
    (``001, 002, ...``) in the Choice and the nearest standard format in the Fallback."""
    for child in el:
        if child.tag == _ALTERNATE:
            chosen = child.find(_FALLBACK)
            if chosen is None:
                chosen = child.find(_CHOICE)
            yield from chosen if chosen is not None else ()
        else:
            yield child


def _level(el) -> tuple[int | None, Level]:
    level = Level()
    ilvl = _int(el.get(W + "ilvl"))
    for child in _properties(el):
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


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def report_label(st, item: Item) -> None:
    """Say where a label is not quite what Word shows: numbers in a format this module lacks, a cut text."""
    if item.unsupported is not None:
        st.report("docx.list-format-unsupported", detail=f"{item.unsupported}: {item.label}")
    if item.cut:
        st.report("docx.list-label-cut", detail=f"{item.label[:40]}…" if item.label else None)
