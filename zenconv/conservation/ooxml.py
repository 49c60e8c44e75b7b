"""What an OOXML package (DOCX, XLSX, PPTX) holds, found by its own relationships, not a reader's code.

From ``_rels/.rels`` every internal relationship is followed, part by part, each part once; a part
whose relationship type :data:`~.rules.OOXML_SKIPPED_PARTS` names is neither read nor followed. Each
XML part reached is read as lines of text by the rules (``rules.OOXML_*``); a worksheet's cells are
read through the shared strings they point at, and a cell that holds a number, a date or a boolean
is not text (its display depends on a number format the reader applies).
"""

from __future__ import annotations


from ..reports import Unreadable
from ..safe.xml import parse_xml
from ..safe.zip import SafeZip, resolve_target
from . import rules
from .flow import BLOCK, DESCEND, MAX_PART_CHARS, SKIP, SPACE, TEXT, Line, TextLimit, Words, lines
from .model import Part
from .tokens import math_symbols
from ..patterns import pattern

NS = "conservation"
_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_SHEET_CODES = pattern(rules.OOXML_HEADER_FOOTER_CODES[0])
_HEADER_FOOTER = frozenset(rules.X + name for name in (
    "oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter"))
_XSTRING = pattern(rules.OOXML_ESCAPE[0])
_PHONETIC = rules.X + "rPh"


def relationships_of(package: SafeZip, part: str) -> list[tuple[str, str]]:
    """(target part, relationship type's last segment) for each internal relationship of ``part``."""
    folder, _, base = part.rpartition("/")
    rels = f"{folder}/_rels/{base}.rels" if folder else f"_rels/{base}.rels"
    if not package.has(rels):
        return []
    found = []
    for rel in parse_xml(package.read(rels), NS).iter(_RELS):
        if (rel.get("TargetMode") or "").lower() == "external":
            continue
        target = resolve_target(folder, rel.get("Target") or "")
        kind = (rel.get("Type") or "").rstrip("/").rsplit("/", 1)[-1]
        if target:
            found.append((target, kind))
    return found


def reachable(package: SafeZip) -> list[tuple[str, str]]:
    """Every part reached from the package root, breadth first in relationship order, each once."""
    seen: set[str] = set()
    order: list[tuple[str, str]] = []
    queue = [("", "")]
    while queue:
        part, kind = queue.pop(0)
        for target, target_kind in relationships_of(package, part):
            key = target.casefold()
            if key in seen or not package.has(target):
                continue
            seen.add(key)
            order.append((target, target_kind))
            if target_kind not in rules.OOXML_SKIPPED_PARTS:
                queue.append((target, target_kind))
    return order


def xstring(text: str) -> str:
    """A spreadsheet string with its ``_xHHHH_`` escapes decoded (:data:`~.rules.OOXML_ESCAPE`)."""
    return _XSTRING.sub(lambda m: chr(int(m.group(1), 16)), text) if "_x" in text else text


def shared_strings(package: SafeZip, parts: list[tuple[str, str]]) -> list[str]:
    for part, kind in parts:
        if kind == "sharedStrings":
            root = parse_xml(package.read(part), NS)
            return [xstring("".join(t.text or "" for t in si.iter(rules.X + "t") if t.getparent().tag != _PHONETIC))
                    for si in root.iter(rules.X + "si")]
    return []


def threaded_refs(package: SafeZip, parts: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Per legacy comments part, the cells its sheet also has a threaded comment on (the legacy note
    there is Excel's fallback copy of the thread, :data:`~.rules.OOXML_SKIPPED_COMMENTS`)."""
    found: dict[str, set[str]] = {}
    for part, kind in parts:
        if kind != "worksheet":
            continue
        rels = relationships_of(package, part)
        legacy = [target for target, k in rels if k == "comments"]
        refs = set()
        for target, k in rels:
            if k == "threadedComment" and package.has(target):
                root = parse_xml(package.read(target), NS)
                refs.update(el.get("ref") or "" for el in root.iter(rules.TC + "threadedComment"))
        for target in legacy:
            found.setdefault(target.casefold(), set()).update(refs)
    return found


def _classifier(kind: str, strings: list[str], threaded: set[str]):
    template = kind in rules.OOXML_TEMPLATE_PARTS
    printed = rules.OOXML_PRINTED_PLACEHOLDERS[1] if kind in rules.OOXML_PRINTED_PLACEHOLDERS[0] else frozenset()
    categories: set[tuple[str, ...]] = set()

    def classify(el):
        tag = el.tag
        if tag in rules.OOXML_SKIPPED:
            return SKIP
        if tag in rules.OOXML_CHART_NUMBERS:
            return SKIP
        if tag in rules.OOXML_CHART_AXES:
            axis = tuple(v.text or "" for v in el.iter(rules.C + "v"))
            if axis in categories:
                return SKIP
            categories.add(axis)
        if tag == rules.X + "t":
            return Words(xstring(el.text or ""))
        if tag == rules.M + "t":
            return Words(f" {math_symbols(el.text or '')} ")
        if tag == rules.OOXML_SYMBOL[0]:
            return Words(_symbol(el))
        if tag in rules.OOXML_TEXT:
            return TEXT
        if tag in rules.OOXML_SPACES:
            return SPACE
        if tag == rules.X + "c":
            return _cell(el, strings)
        if tag == rules.X + "comment" and el.get("ref") in threaded:
            return SKIP
        if tag in _HEADER_FOOTER:
            return Line(_SHEET_CODES.sub(" ", el.text or ""))
        if template and tag == rules.P + "sp":
            ph = el.find(rules.OOXML_TEMPLATE_PLACEHOLDER[0])
            if ph is not None and ph.get("type", "obj") not in printed:
                return SKIP
        if tag in rules.OOXML_BLOCKS:
            return BLOCK
        return DESCEND

    return classify


def _symbol(el) -> str:
    """A w:sym glyph as the check reads it (``rules.OOXML_SYMBOL``): a Symbol-font letter, or nothing."""
    if (el.get(rules.W + "font") or "").casefold() != "symbol":
        return ""
    try:
        code = int(el.get(rules.W + "char") or "", 16)
    except ValueError:
        return ""
    return rules.SYMBOL_LETTERS.get(chr(code & 0xFF), "") if code < 0x10000 else ""


def _cell(el, strings: list[str]):
    kind = el.get("t") or "n"
    if kind in rules.OOXML_CELLS_NOT_TEXT:
        return SKIP
    if kind == "inlineStr":
        return BLOCK
    value = el.find(rules.X + "v")
    text = xstring(value.text or "") if value is not None else ""
    if kind == "s":
        try:
            text = strings[int(text)]
        except (ValueError, IndexError):
            return SKIP  # a broken index shows nothing
    return Line(text)


def extract(package: SafeZip, limit: int = MAX_PART_CHARS) -> tuple[list[Part], list[str]]:
    """The text parts of the package and the problems met (a part that does not parse)."""
    problems: list[str] = []
    reached = reachable(package)
    try:
        strings = shared_strings(package, reached)
        threaded = threaded_refs(package, reached)
    except Unreadable as exc:
        strings, threaded, problems = [], {}, [f"sharedStrings or threaded comments: {exc.code}"]
    parts: list[Part] = []
    for part, kind in reached:
        if kind in rules.OOXML_SKIPPED_PARTS or not part.lower().endswith(".xml"):
            continue
        try:
            root = parse_xml(package.read(part), NS)
        except Unreadable as exc:
            problems.append(f"{part}: {exc.code}")
            continue
        try:
            found = lines(root, _classifier(kind, strings, threaded.get(part.casefold(), set())), mixed=False,
                          limit=limit)
        except TextLimit as exc:
            found = exc.found
            problems.append(f"{part}: {exc}")
        if found:
            parts.append(Part(part, kind, "\n".join(found)))
    return parts, problems
