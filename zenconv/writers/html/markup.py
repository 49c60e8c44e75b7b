"""HTML text and attributes: escaped, control characters out, locators and facets as ``data-``.

Nothing from the source becomes markup, a ``style`` or an event attribute: text and attribute values are
escaped here, attribute names are ours. A facet is shown, never obeyed: a hidden block is marked
``class="hidden" data-hidden``, a source style is named in ``data-style``, not applied.
"""

from __future__ import annotations

import json
import re
from contextvars import ContextVar
from dataclasses import fields
from operator import attrgetter

from ...ir.facets import CellValuesFacet, CommentRangeFacet, HiddenFacet, LayoutFacet, RevisionFacet, StyleFacet
from ...ir.locator import Locator

_SPECIAL = re.compile(r"[&<>\"'\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
CONTROLS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
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
    """The element's classes and own attributes (``extra``), then the node's facets and locator."""
    facets = getattr(node, "facets", ())
    facet_classes, pairs = facet_pairs(facets) if facets else ((), [])
    all_classes = [*classes, *facet_classes]
    head = [("class", " ".join(all_classes))] if all_classes else []
    return attributes([*head, *extra, *pairs, *locator_pairs(getattr(node, "locator", None))])
