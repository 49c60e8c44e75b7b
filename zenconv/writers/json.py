"""The JSON writer: the IR itself, streamed block by block and, in a table, row by row.

``{"zenconv_ir": 1, "metadata": …, "blocks": […], "notes": […], "resources": […]}``; each node is what
:func:`zenconv.ir.serialize.to_data` makes of it, keys in field order, so the output equals
``document_to_data`` of the same document (plus the version key). A node that holds a stream (a table's
rows) or may hold a table (a list, a quote, a container) is written field by field, its children one
at a time, so no more than one row is ever turned into data at once. The schema is
:func:`zenconv.ir.schema.ir_schema`.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import BinaryIO

from ..ir.nodes import BlockQuote, Container, Document, List, ListItem, Row, Table
from ..ir.serialize import to_data
from .sink import JsonSink, TextSink

FORMAT_VERSION = 1
_STREAMED = {Table: "rows", BlockQuote: "blocks", Container: "blocks", List: "items", ListItem: "blocks"}


_dumps = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps(value, ensure_ascii=False), one encoder
_string = json.encoder.encode_basestring  # the C escaper behind it, non-ASCII kept as it is


class _Writer:
    def __init__(self, sink: TextSink) -> None:
        self.write = sink.write

    def node(self, node) -> None:
        field = _STREAMED.get(type(node))
        if field is None:
            self.write(_dumps(to_data(node)))
            return
        self.write(f'{{"type": "{type(node).__name__}", "{field}": [')
        is_table = field == "rows"
        for index, child in enumerate(getattr(node, field)):
            self.write("\n" if index == 0 else ",\n")
            if is_table:
                self.write(_row(child))
            else:
                self.node(child)
        self.write("]")
        # The rest of the node only now: a table's notes are complete once its rows are exhausted.
        rest = to_data(replace(node, **{field: []}))
        for key, value in rest.items():
            if key not in ("type", field):
                self.write(f", {_dumps(key)}: {_dumps(value)}")
        self.write("}")


def _row(row: Row) -> str:
    """``_dumps(to_data(row))``; the common row (bare-string cells, no facets) without the reflection."""
    if not row.facets:
        try:
            cells = ", ".join(map(_string, row.cells))
        except TypeError:  # a Cell among the strings
            pass
        else:
            if row.locator is None:
                return f'{{"type": "Row", "cells": [{cells}]}}'
            located = ", ".join(f'"{name}": {_string(value) if type(value) is str else value}'
                                for name, value in row.locator.to_json().items())
            return f'{{"type": "Row", "cells": [{cells}], "locator": {{{located}}}}}'
    return _dumps(to_data(row))


def write(doc: Document, out: BinaryIO, ctx) -> None:
    sink = JsonSink(out)
    w = _Writer(sink)
    sink.write(f'{{"zenconv_ir": {FORMAT_VERSION},\n"metadata": {_dumps(doc.metadata.to_json())},\n"blocks": [')
    for index, block in enumerate(doc.blocks):
        sink.write("\n" if index == 0 else ",\n")
        w.node(block)
    sink.write('\n],\n"notes": [')
    for index, note in enumerate(doc.notes):
        sink.write("\n" if index == 0 else ",\n")
        sink.write(_dumps(to_data(note)))
    resources = doc.resources if doc.resources is not None else ctx.resources
    listed = [{"name": r.name, "media_type": r.media_type, "size": r.size, "sha256": r.sha256}
              for r in (resources or ())]
    sink.write(f'\n],\n"resources": {_dumps(listed)}\n}}\n')
    sink.flush()
