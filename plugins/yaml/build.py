"""YAML events to values, by our rules rather than a loader's: YAML 1.2 core whatever the file declares.

ruamel.yaml parses (it is the YAML 1.2 parser); its events are turned into values here, in one loop
with an explicit stack, so nothing recurses and every rule is ours to state:

- plain scalars resolve by the 1.2 core schema, whatever ``%YAML`` says: ``NO`` and ``yes`` are strings,
  ``0123`` is 123 (not octal), ``0o17`` 15, ``0x1F`` 31, ``~`` null; floats keep their spelling.
  With ``--yaml-scalars text`` every scalar is the string written;
- a merge key (``<<: *base``, or a list of them) adds the keys the mapping does not state itself;
- a key stated twice in one mapping refuses the file (YAML forbids it);
- an alias costs one plus the aliases inside what it names, counted each time it is used; past
  --max-aliases the file is refused, so a billion-laughs file ends after about a hundred steps;
- a tag outside the core schema is reported and its node read as the plain value;
- collections nest at most --max-data-depth deep.

Mappings and sequences carry the line of each member (``lines``), for the locators.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ruamel.yaml.events import (AliasEvent, DocumentEndEvent, DocumentStartEvent, MappingEndEvent,
                                MappingStartEvent, ScalarEvent, SequenceEndEvent, SequenceStartEvent)

from zenconv.reports import Unreadable

from zenconv_plugins.records import DEPTH_CEILING, Literal, Tally
from zenconv.patterns import pattern

CORE = "tag:yaml.org,2002:"
_KNOWN = {"str", "int", "float", "bool", "null", "map", "seq", "merge", "binary", "timestamp", "omap", "set"}
_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = pattern(r"([-+]?)0*([0-9]+)")
_OCT = pattern(r"0o([0-7]{1,1000})")
_HEX = pattern(r"0x([0-9a-fA-F]{1,1000})")
_FLOAT = pattern(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
_MERGE = object()
_NO_KEY = object()


class YMap(dict):
    """A mapping and the line of each of its keys."""

    __slots__ = ("lines",)


class YSeq(list):
    """A sequence and the line of each of its items."""

    __slots__ = ("lines",)


def core_scalar(text: str):
    """A plain scalar by the YAML 1.2 core schema, numbers kept as written but for ints (``0123`` is 123)."""
    if text in _NULL:
        return None
    if text in _BOOL:
        return _BOOL[text]
    found = _INT.fullmatch(text)
    if found is not None:
        sign, digits = found.groups()
        return Literal(("-" if sign == "-" and digits != "0" else "") + digits)
    for pattern, base in ((_OCT, 8), (_HEX, 16)):
        found = pattern.fullmatch(text)
        if found is not None:
            return Literal(str(int(found.group(1), base)))
    if _FLOAT.fullmatch(text):
        return Literal(text)
    return text


class _Frame:
    __slots__ = ("value", "anchor", "line", "cost", "key", "key_line", "merged")

    def __init__(self, value, anchor: str | None, line: int) -> None:
        self.value = value
        self.anchor = anchor
        self.line = line
        self.cost = 0  # alias expansions inside this collection
        self.key = _NO_KEY
        self.key_line = 0
        self.merged: set[str] = set()  # keys a merge added, which the mapping's own may override


class Builder:
    """Values from the events of one YAML stream; :meth:`documents` gives (value, first line) per document."""

    def __init__(self, options, tally: Tally, report: Callable) -> None:
        self.typed = options["yaml_scalars"] == "typed"
        self.max_depth = min(options["max_data_depth"], DEPTH_CEILING)
        self.max_keys = options["max_keys"]
        self.max_aliases = options["max_aliases"]
        self.tally = tally
        self.report = report  # (code, line, detail) -> None
        self.expanded = 0

    def documents(self, events: Iterator) -> Iterator[tuple[object, int]]:
        stack: list[_Frame] = []
        anchors: dict[str, tuple[object, int]] = {}
        root: list = []
        start = 1
        for event in events:
            line = event.start_mark.line + 1
            kind = type(event)
            if kind is ScalarEvent:
                value = self._scalar(event, line)
                if event.anchor:
                    anchors[event.anchor] = (value, 0)
                self._add(stack, root, value, line, 0, event)
            elif kind is AliasEvent:
                if event.anchor not in anchors:
                    raise Unreadable("yaml.invalid", f"line {line:,}: the alias *{event.anchor} names no anchor")
                value, inside = anchors[event.anchor]
                self.expanded += 1 + inside
                if self.expanded > self.max_aliases:
                    raise Unreadable("yaml.too-many-aliases", f"line {line:,}: aliases expand past {self.max_aliases:,} "
                                     "nodes (--max-aliases)")
                self._add(stack, root, value, line, 1 + inside, None)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if len(stack) >= self.max_depth:
                    raise Unreadable("yaml.too-deep", f"line {line:,}: nesting deeper than {self.max_depth:,} "
                                     "(--max-data-depth)")
                self._tag(event.tag, line, "seq" if kind is SequenceStartEvent else "map")
                value = YMap() if kind is MappingStartEvent else YSeq()
                value.lines = {} if kind is MappingStartEvent else []
                stack.append(_Frame(value, event.anchor, line))
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                frame = stack.pop()
                if frame.anchor:
                    anchors[frame.anchor] = (frame.value, frame.cost)
                self._add(stack, root, frame.value, frame.line, frame.cost, None)
            elif kind is DocumentStartEvent:
                anchors.clear()
                start = line
            elif kind is DocumentEndEvent:
                yield (root.pop() if root else None), start

    def _scalar(self, event: ScalarEvent, line: int):
        text = event.value
        tag = event.tag
        if tag is not None and tag != "!":
            name = self._tag(tag, line, "str")
            if name == "str":
                return text
            if name in ("int", "float", "bool", "null"):
                return core_scalar(text) if self.typed else text
            return text
        if event.style or tag == "!" or not self.typed:
            return text
        return core_scalar(text)

    def _tag(self, tag: str | None, line: int, default: str) -> str:
        """The core-schema name of ``tag``; a tag outside it is reported and read as ``default``."""
        if tag is None:
            return default
        if tag.startswith(CORE) and tag[len(CORE):] in _KNOWN:
            return tag[len(CORE):]
        self.report("yaml.custom-tag", line, tag[:80])
        return default

    def _add(self, stack: list[_Frame], root: list, value, line: int, cost: int, event: ScalarEvent | None) -> None:
        if not stack:
            root.append(value)
            return
        frame = stack[-1]
        frame.cost += cost
        container = frame.value
        if type(container) is YSeq:
            container.append(value)
            container.lines.append(line)
        elif frame.key is _NO_KEY:
            merge = event is not None and event.value == "<<" and not event.style and event.tag in (None, CORE + "merge")
            frame.key = _MERGE if merge else _key_text(value)
            frame.key_line = line
        else:
            key, frame.key = frame.key, _NO_KEY
            if key is _MERGE:
                self._merge(frame, value, line)
            else:
                self._put(frame, key, value, frame.key_line)

    def _put(self, frame: _Frame, key: str, value, line: int) -> None:
        container = frame.value
        if key in container and key not in frame.merged:
            raise Unreadable("yaml.duplicate-key", f"line {line:,}: the key {key[:80]!r} is stated twice in one mapping")
        if key not in container and len(container) >= self.max_keys:
            self.tally.keys_cut += 1
            return
        frame.merged.discard(key)
        container[key] = value
        container.lines[key] = line

    def _merge(self, frame: _Frame, value, line: int) -> None:
        sources = value if type(value) is YSeq else [value]
        for source in sources:
            if type(source) is not YMap:
                raise Unreadable("yaml.invalid", f"line {line:,}: a merge key (<<) takes a mapping or a list of them")
            for key, item in source.items():
                if key not in frame.value:
                    self._put(frame, key, item, line)
                    frame.merged.add(key)


def _key_text(value) -> str:
    """A key as text: a scalar's spelling; a collection key (``? [a, b]``), rare, as its Python form."""
    if isinstance(value, str):
        return str(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)
