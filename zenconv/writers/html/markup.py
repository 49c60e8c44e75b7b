"""HTML text and attributes: escaped, control characters out, locators and facets as ``data-``, ids.

Nothing from the source becomes markup, a ``style`` or an event attribute: text and attribute values are
escaped here, attribute names are ours. A facet is shown, never obeyed: a hidden block is marked
``class="hidden" data-hidden``, a source style is named in ``data-style``, not applied.

Every element with a locator gets an id made from it (:func:`element_id`, ``S1-R247``, ``P5-T1-R2``), so a
link can land on the element a citation names; the first element of a locator takes it, a repeat has none.
The ids always hold an upper-case letter and a heading's slug never does (it is lower-cased), so the two
cannot meet; notes are ``fn:n``.
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from dataclasses import fields
from itertools import compress, repeat
from operator import attrgetter, is_not, itemgetter

from ...digest import blake2s
from ...ir.facets import CellValuesFacet, CommentRangeFacet, HiddenFacet, LayoutFacet, RevisionFacet, StyleFacet
from ...ir.locator import Locator
from ...patterns import pattern

_SPECIAL = pattern(r"[&<>\"'\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
CONTROLS = pattern(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_LOCATOR_ATTRS = tuple("data-" + f.name.replace("_", "-") for f in fields(Locator))
_locator_values = attrgetter(*(f.name for f in fields(Locator)))  # one C call: this runs once per table row


def escape(text: str) -> str:
    """Escape for text and double-quoted attribute values; control characters become U+FFFD.

    Callers that must report the replacement check :func:`has_controls` first.
    """
    if not _SPECIAL.search(text):
        return text
    if CONTROLS.search(text):
        text = CONTROLS.sub("\ufffd", text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def has_controls(text: str) -> bool:
    return CONTROLS.search(text) is not None


# Who hears of control characters replaced in an attribute value (a citation built from a page label):
# the renderer of the conversion running in this context. Text is checked by the renderer itself.
ATTRIBUTE_CONTROLS: ContextVar = ContextVar("zenconv_html_attribute_controls", default=None)


def _attribute_value(text: str) -> str:
    escaped = escape(text)
    if escaped is not text and CONTROLS.search(text):
        heard = ATTRIBUTE_CONTROLS.get()
        if heard is not None:
            heard()
    return escaped


def attributes(pairs) -> str:
    """`` name="value"`` for each pair whose value is not None; ``True`` gives a bare attribute."""
    out = []
    for name, value in pairs:
        if value is None or value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{_attribute_value(str(value))}"')
    return "".join(out)


def locator_pairs(locator: Locator | None) -> list[tuple[str, object]]:
    if locator is None:
        return []
    pairs = [(attr, value) for attr, value in zip(_LOCATOR_ATTRS, _locator_values(locator)) if value is not None]
    citation = locator.citation()
    if citation:
        pairs.append(("data-citation", citation))
    return pairs


def locator_attributes(locator: Locator, ids: ElementIds | None = None) -> str:
    """The element's id when ``ids`` gives it one, then :func:`attributes` of :func:`locator_pairs`, the same
    bytes in one pass: this runs once per table row, so only the fields present are looked at."""
    values = _locator_values(locator)
    out = []
    if ids is not None:
        found = ids.take_values(values)
        if found is not None:
            out.append(f' id="{found}"')
    for attr, value in compress(zip(_LOCATOR_ATTRS, values), map(is_not, values, _NONES)):
        if type(value) is int:
            out.append(f' {attr}="{value}"')
        elif value is True:
            out.append(f" {attr}")
        elif value is not False:
            out.append(f' {attr}="{_attribute_value(str(value))}"')
    citation = locator.citation()
    if citation:
        out.append(f' data-citation="{_attribute_value(citation)}"')
    return "".join(out)


# --- element ids ---------------------------------------------------------------------------------------

# The page being written's ids (an ElementIds), set by the HTML writer's renderer; None when ids are not
# given (the Markdown writer's --html-tables).
ELEMENT_IDS: ContextVar = ContextVar("zenconv_html_element_ids", default=None)
_NONES = repeat(None)
_CELL_REF = pattern(r"[A-Z]{1,3}[0-9]{1,7}")
_FIELD = {name: n for n, name in enumerate(f.name for f in fields(Locator))}
_PAGE, _PAGE_LABEL, _RENDERED, _PARAGRAPH, _SHEET, _SHEET_NAME, _SLIDE, _SLIDE_TITLE, _TABLE, _ROW, _CELL, \
    _LINE, _LINE_END, _PART, _XPATH, _PATH = (_FIELD[name] for name in (
        "page", "page_label", "rendered_page", "paragraph", "sheet", "sheet_name", "slide", "slide_title", "table",
        "row", "cell", "line", "line_end", "part", "xpath", "path"))


_scope_fields = itemgetter(_SHEET, _SLIDE, _PAGE, _RENDERED, _PARAGRAPH, _TABLE)


def _scope(values: tuple) -> str:
    """The coarse part of an id, each part followed by ``-``: ``S1-``, ``PG9-T2-``, ``P5-T1-``."""
    out = ""
    sheet, slide, page, paragraph, table = (values[_SHEET], values[_SLIDE], values[_PAGE], values[_PARAGRAPH],
                                            values[_TABLE])
    if type(sheet) is int:
        out += f"S{sheet}-"
    if type(slide) is int:
        out += f"SL{slide}-"
    if type(page) is int:
        out += f"PG{page}-"
    elif type(values[_RENDERED]) is int:
        out += f"RP{values[_RENDERED]}-"
    if type(paragraph) is int:
        out += f"P{paragraph}-"
    if type(table) is int:
        out += f"T{table}-"
    return out


def element_id(locator: Locator) -> str | None:
    """The id an element with this locator takes, made from the locator, coarse to fine, ``-`` between:
    ``S<sheet>``, ``SL<slide>``, ``PG<page>`` (else ``RP<page as last rendered>``), ``P<paragraph>``,
    ``T<table>``, then ``R<row>`` (1-based, as cited) for a row; with no row, ``C<cell>``, ``L<line>``
    (``-L<end>`` for a range) and ``H`` with eight hex digits of a BLAKE2s digest of the locator's names and
    paths (a sheet's or slide's name when it has no ordinal, a page label without a page, the part, the
    XPath, the JSON Pointer, a cell that is no cell reference). ``S1-R247``, ``PG9-T2-R4``, ``P5-T1-R2``,
    ``SL3``, ``L9``, ``S2-CD6``, ``H1f0c3a9e``. None when the locator has none of these.
    """
    return _element_id(_locator_values(locator))


def _element_id(values: tuple) -> str | None:
    row = values[_ROW]
    if type(row) is int:
        return f"{_scope(values)}R{row + 1}"
    parts = [_scope(values).rstrip("-")]
    named = [values[_SHEET_NAME] if values[_SHEET] is None else None,
             values[_SLIDE_TITLE] if values[_SLIDE] is None else None,
             values[_PAGE_LABEL] if values[_PAGE] is None else None, values[_PART], values[_XPATH], values[_PATH]]
    cell, line, line_end = values[_CELL], values[_LINE], values[_LINE_END]
    if cell is not None:
        if type(cell) is str and _CELL_REF.fullmatch(cell):
            parts.append(f"C{cell}")
        else:
            named.append(cell)
    if type(line) is int:
        parts.append(f"L{line}")
        if type(line_end) is int and line_end != line:
            parts.append(f"L{line_end}")
    if any(value is not None for value in named):
        text = json.dumps(named, ensure_ascii=False, default=str)
        parts.append("H" + blake2s(text.encode("utf-8", "replace"), digest_size=4).hexdigest())
    return "-".join([part for part in parts if part]) or None


class ElementIds:
    """The ids given on one page: an element's id (:func:`element_id`) when no element before took it.

    A row's id is taken when its row is past every row of its scope given an id so far (a table's rows
    come in order), so rows cost no memory: a row at or before one seen in its scope (a repeat, rows out
    of order) has none. Other ids are remembered. Only a row's id has an ``R`` part, so the two never meet.
    """

    def __init__(self) -> None:
        self._taken: set[str] = set()
        self._rows: dict[str, list] = {}  # a row's scope -> [the scope, the last row given an id in it]
        self._scopes: dict[tuple, list] = {}  # the scope's fields -> the same list, to skip making the scope

    def take(self, locator: Locator) -> str | None:
        return self.take_values(_locator_values(locator))

    def take_values(self, values: tuple) -> str | None:
        row = values[_ROW]
        if type(row) is int:
            fields = _scope_fields(values)
            entry = self._scopes.get(fields)
            if entry is None:
                scope = _scope(values)
                entry = self._rows.setdefault(scope, [scope, -1])  # fields that differ, one scope: one entry
                if len(self._scopes) < 4096:
                    self._scopes[fields] = entry
            if row <= entry[1]:
                return None
            entry[1] = row
            return f"{entry[0]}R{row + 1}"
        found = _element_id(values)
        if found is None or found in self._taken:
            return None
        self._taken.add(found)
        return found


def facet_pairs(facets) -> tuple[list[str], list[tuple[str, object]]]:
    """The facets as classes (``hidden``) and attributes."""
    classes: list[str] = []
    pairs: list[tuple[str, object]] = []
    others: list[str] = []
    for facet in facets:
        if isinstance(facet, HiddenFacet):
            classes.append("hidden")
            pairs.append(("data-hidden", facet.reason or "hidden"))
        elif isinstance(facet, StyleFacet):
            pairs += [("data-style", facet.style_id), ("data-style-name", facet.name)]
        elif isinstance(facet, RevisionFacet):
            pairs += [("data-revision", facet.change), ("data-author", facet.author), ("data-date", facet.date)]
        elif isinstance(facet, CommentRangeFacet):
            continue  # the mark's data-class says it; its note reference follows the range
        elif isinstance(facet, CellValuesFacet):
            # the cells whose shown text is not their stored value, both given, by cell reference
            pairs.append(("data-cell-values", json.dumps(facet.pairs(), ensure_ascii=False, separators=(",", ":"))))
        elif isinstance(facet, LayoutFacet):
            pairs += [("data-layout", facet.layout), ("data-width-emu", facet.width_emu),
                      ("data-height-emu", facet.height_emu)]
        else:
            others.append(facet.to_json()["kind"])
    if others:
        pairs.append(("data-facets", " ".join(others)))
    return classes, _merged(pairs)


def _merged(pairs: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """One attribute per name: two revisions on a block give ``data-author="Ann; Bob"``, never a repeat."""
    merged: dict[str, list[str]] = {}
    for name, value in pairs:
        merged.setdefault(name, []).append("" if value is None else str(value))  # kept aligned across names
    return [(name, "; ".join(values) if any(values) else None) for name, values in merged.items()]


def node_attributes(node, classes: tuple[str, ...] = (), extra=()) -> str:
    """The element's id (made from its locator, when the page gives ids and ``extra`` names none), its
    classes and own attributes (``extra``), then the node's facets and locator."""
    locator = getattr(node, "locator", None)
    facets = getattr(node, "facets", ())
    if not facets and not classes and not extra:  # a row: no class, no facet
        return locator_attributes(locator, ELEMENT_IDS.get()) if locator is not None else ""
    own = ""
    if locator is not None and not any(name == "id" for name, _ in extra):
        ids = ELEMENT_IDS.get()
        found = ids.take(locator) if ids is not None else None
        own = f' id="{found}"' if found else ""
    facet_classes, pairs = facet_pairs(facets) if facets else ((), [])
    all_classes = [*classes, *facet_classes]
    head = [("class", " ".join(all_classes))] if all_classes else []
    tail = locator_attributes(locator) if locator is not None else ""
    return own + attributes([*head, *extra, *pairs]) + tail
