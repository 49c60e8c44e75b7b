"""The IR as JSON-ready data and back: the JSON writer, golden tests and the schema share it.

Every node is an object with a ``"type"``; fields at their default are left out, so goldens stay
short and a new optional field does not churn them. A bare-string table cell stays a string.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from . import nodes as n
from .facets import facet_from_json
from .locator import Locator

_TYPES: dict[str, type] = {cls.__name__: cls for cls in (*n.BLOCK_TYPES, *n.INLINE_TYPES, n.ListItem, n.Row, n.Cell,
                                                         n.Columns, n.ColumnSpec, n.Note)}
_DEFAULTS: dict[type, dict[str, Any]] = {}


def _defaults(cls: type) -> dict[str, Any]:
    found = _DEFAULTS.get(cls)
    if found is None:
        found = {}
        for f in fields(cls):
            if f.default is not MISSING:
                found[f.name] = f.default
            elif f.default_factory is not MISSING:
                found[f.name] = f.default_factory()
        _DEFAULTS[cls] = found
    return found


def to_data(node: Any) -> Any:
    """A node (or a list of nodes) as JSON-ready data. Lazy table rows are consumed."""
    if isinstance(node, str):
        return node
    if isinstance(node, (list, tuple)):
        return [to_data(x) for x in node]
    cls = type(node)
    if cls not in _TYPES.values():
        raise TypeError(f"not an IR node: {cls.__name__}")
    data: dict[str, Any] = {"type": cls.__name__}
    defaults = _defaults(cls)
    for f in fields(cls):
        value = getattr(node, f.name)
        if f.name == "rows" and not isinstance(value, (list, tuple)):
            value = list(value)
        if f.name in defaults and value == defaults[f.name]:
            continue
        key = "class" if f.name == "class_" else f.name
        if f.name == "facets":
            data[key] = [facet.to_json() for facet in value]
        elif f.name == "locator":
            data[key] = value.to_json()
        elif isinstance(value, (list, tuple)) or hasattr(value, "__dataclass_fields__"):
            data[key] = to_data(value)
        else:
            data[key] = value
    return data


def from_data(data: Any) -> Any:
    """The inverse of :func:`to_data`."""
    if isinstance(data, str):
        return data
    if isinstance(data, list):
        return [from_data(x) for x in data]
    kind = data.get("type")
    cls = _TYPES.get(kind)
    if cls is None:
        raise ValueError(f"unknown IR node type {kind!r}")
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "type":
            continue
        name = "class_" if key == "class" else key
        if name == "facets":
            kwargs[name] = tuple(facet_from_json(f) for f in value)
        elif name == "locator":
            kwargs[name] = Locator.from_json(value)
        elif isinstance(value, (dict, list)):
            kwargs[name] = from_data(value)
        else:
            kwargs[name] = value
    return cls(**kwargs)


def document_to_data(doc: n.Document) -> dict[str, Any]:
    """A whole document (its block stream consumed) as JSON-ready data."""
    blocks = [to_data(b) for b in doc.blocks]
    data: dict[str, Any] = {"metadata": doc.metadata.to_json(), "blocks": blocks}
    if doc.notes:
        data["notes"] = to_data(doc.notes)
    if doc.resources is not None and len(doc.resources):
        data["resources"] = [
            {"name": r.name, "media_type": r.media_type, "size": r.size, "sha256": r.sha256}
            for r in doc.resources
        ]
    return data


def document_from_data(data: dict[str, Any]) -> n.Document:
    meta = dict(data.get("metadata", {}))
    return n.Document(
        blocks=[from_data(b) for b in data.get("blocks", [])],
        metadata=n.Metadata(**meta),
        notes=[from_data(x) for x in data.get("notes", [])],
    )
