"""The JSON Schema (draft 2020-12) of the JSON writer's output: the IR as data.

Hand-written so each constraint says what the IR means (a heading level is 1–6, a span at least 1, a
cell a string or a Cell); ``tests/writers/test_schema.py`` checks that every node type has its
definition with exactly its dataclass's fields, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Any

SCHEMA_ID = "urn:zenconv:ir:1"

_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_INT0 = {"type": "integer", "minimum": 0}
_INT1 = {"type": "integer", "minimum": 1}
_NULLABLE_STR = {"type": ["string", "null"]}


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def _array(items: dict) -> dict:
    return {"type": "array", "items": items}


_INLINES = _array(_ref("Inline"))
_BLOCKS = _array(_ref("Block"))
_FACETS = _array(_ref("Facet"))
_LOCATOR = _ref("Locator")


def _node(name: str, required: dict[str, Any] | None = None, optional: dict[str, Any] | None = None) -> dict:
    """An IR node: ``type`` names it; fields at their default are left out, so only some are required."""
    required = required or {}
    properties = {"type": {"const": name}, **required, **(optional or {})}
    return {"type": "object", "required": ["type", *required], "properties": properties,
            "additionalProperties": False}


def _block(name: str, required: dict[str, Any] | None = None, optional: dict[str, Any] | None = None) -> dict:
    return _node(name, required, {**(optional or {}), "facets": _FACETS, "locator": _LOCATOR})


_INLINE_DEFS = {
    "Text": _node("Text", {"text": _STR}),
    **{name: _node(name, {"children": _INLINES})
       for name in ("Strong", "Emphasis", "Strikethrough", "Superscript", "Subscript", "SmallCaps", "Underline")},
    "Code": _node("Code", {"text": _STR}),
    "Link": _node("Link", {"children": _INLINES, "target": _STR}, {"title": _NULLABLE_STR}),
    "Image": _node("Image", {"source": _STR}, {"alt": _STR, "title": _NULLABLE_STR}),
    "HardBreak": _node("HardBreak"),
    "NoteRef": _node("NoteRef", {"note_id": _STR}),
    "Span": _node("Span", {"children": _INLINES}, {"class": _NULLABLE_STR, "facets": _FACETS}),
    "Math": _node("Math", {"latex": _STR}),
}

_BLOCK_DEFS = {
    "Heading": _block("Heading", {"level": {"type": "integer", "minimum": 1, "maximum": 6}, "children": _INLINES}),
    "Paragraph": _block("Paragraph", {"children": _INLINES}),
    "List": _block("List", {"items": _array(_ref("ListItem"))}, {"ordered": _BOOL, "start": {"type": "integer"}}),
    "Table": _block("Table", {"rows": _array(_ref("Row"))},
                    {"columns": _ref("Columns"), "caption": {"anyOf": [_INLINES, {"type": "null"}]},
                     "notes": _array(_STR)}),
    "CodeBlock": _block("CodeBlock", {"text": _STR}, {"language": _NULLABLE_STR}),
    "BlockQuote": _block("BlockQuote", {"blocks": _BLOCKS}),
    "ThematicBreak": _block("ThematicBreak"),
    "Container": _block("Container", {"blocks": _BLOCKS}, {"class": _NULLABLE_STR}),
    "MathBlock": _block("MathBlock", {"latex": _STR}),
}

_PARTS = {
    "ListItem": _block("ListItem", {"blocks": _BLOCKS}, {"checked": {"type": ["boolean", "null"]},
                                                           "label": _NULLABLE_STR}),
    "Row": _block("Row", {"cells": _array({"anyOf": [_STR, _ref("Cell")]})}),
    "Cell": _node("Cell", {"content": _array({"anyOf": [_ref("Inline"), _ref("Block")]})},
                  {"col_span": _INT1, "row_span": _INT1, "header": _BOOL}),
    "Columns": _node("Columns", {}, {"count": {"type": ["integer", "null"], "minimum": 0},
                                     "specs": _array(_ref("ColumnSpec"))}),
    "ColumnSpec": _node("ColumnSpec", {}, {"facets": _FACETS, "locator": _LOCATOR}),
    "Note": _node("Note", {"id": _STR, "blocks": _BLOCKS}, {"kind": _STR}),
}

_DATA_DEFS = {
    "Locator": {
        "type": "object", "additionalProperties": False,
        "properties": {
            "page": _INT1, "page_label": _STR, "rendered_page": _INT1, "paragraph": _INT1, "sheet": _INT1,
            "sheet_name": _STR, "slide": _INT1, "slide_title": _STR, "table": _INT1, "row": _INT0, "cell": _STR,
            "line": _INT1, "line_end": _INT1, "part": _STR, "xpath": _STR, "path": _STR,
        },
    },
    "Facet": {
        "description": "A typed fact; the host's kinds are style, revision, layout, hidden, comment-range and "
                       "furniture, a plugin's "
                       "are under its namespace.",
        "type": "object", "required": ["kind"], "properties": {"kind": _STR},
    },
    "Metadata": {
        "type": "object", "additionalProperties": False,
        "properties": {
            "title": _STR, "subject": _STR, "created": _STR, "modified": _STR,
            "authors": _array(_STR), "keywords": _array(_STR),
            "extra": {"type": "object", "additionalProperties": _STR},
        },
    },
    "Resource": {
        "type": "object", "additionalProperties": False, "required": ["name", "media_type", "size", "sha256"],
        "properties": {"name": _STR, "media_type": _STR, "size": _INT0,
                       "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
    },
}


def ir_schema() -> dict:
    """The schema of ``zenconv --to json`` output, as a fresh dict (callers may change it)."""
    import copy

    defs = {
        "Block": {"anyOf": [_ref(name) for name in _BLOCK_DEFS]},
        "Inline": {"anyOf": [_ref(name) for name in _INLINE_DEFS]},
        **_BLOCK_DEFS, **_INLINE_DEFS, **_PARTS, **_DATA_DEFS,
    }
    return copy.deepcopy({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "zenconv IR document",
        "description": "The output of the JSON writer: zenconv's intermediate representation of one document.",
        "type": "object",
        "required": ["zenconv_ir", "metadata", "blocks", "notes", "resources"],
        "additionalProperties": False,
        "properties": {
            "zenconv_ir": {"const": 1},
            "metadata": _ref("Metadata"),
            "blocks": _BLOCKS,
            "notes": _array(_ref("Note")),
            "resources": _array(_ref("Resource")),
        },
        "$defs": defs,
    })
