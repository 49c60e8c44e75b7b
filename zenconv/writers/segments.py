"""The segments writer: JSON Lines, one record per citable unit, for a search index or evidence system.

A unit is a heading, a paragraph, a list item (its own text; nested lists give their own items), a code
block, a math block, a table row, a table's caption and notes, and each block of a footnote. Each record:
``ordinal`` (1-based, monotonic over the document: the upsert key, the same on every rerun), ``kind``,
``text``, every locator field present (flat), ``citation``, then what the kind adds: ``level`` for a
heading; ``label`` for a list item whose source shows one ("(ii)", "1.2."), its text then starting with
it; for a row ``header``, its table's locator fields under its own, a ``table`` ordinal (1-based over
the document) when its locator has none and ``row`` (its index in the table) when it has none; ``note``
for a note's blocks (whose kind is ``note``, or ``comment`` for a review comment's); ``hidden`` when the
source hid it. A row's citation is its reader's when the reader numbered it; otherwise its position, in
its sheet or page, or in its table. A row's text is the row as one Markdown table row, ``| Rent | 1000 |``,
with its merged cells written once and pipes escaped, padded to the declared column count, else to the
first row's width.
"""

from __future__ import annotations

import json
import operator
import re
from dataclasses import fields
from typing import BinaryIO

from ..ir.facets import HiddenFacet
from ..ir.locator import Locator
from ..ir.nodes import (
    BlockQuote, CodeBlock, Container, Document, Heading, List, MathBlock, Paragraph, Table,
)
from ..ir.walk import cell_text, plain_text
from .grid import COVERED, SpanGrid
from .sink import JsonSink, TextSink

# Fields that place a row without a table ordinal: a sheet, a page, a slide, an explicit table.
_SCOPES = ("sheet", "sheet_name", "page", "rendered_page", "slide", "table")
_FIELDS = tuple(f.name for f in fields(Locator))


def _merged(outer: Locator | None, inner: Locator | None) -> Locator | None:
    """``inner``'s fields over ``outer``'s: a row inherits its table's page and sheet."""
    if outer is None or inner is None:
        return inner or outer
    return outer.with_(**inner.to_json())


def _hidden(node) -> str | None:
    for facet in getattr(node, "facets", ()):
        if isinstance(facet, HiddenFacet):
            return facet.reason or "hidden"
    return None


# A row of bare strings joined with NUL needs no normalising when it has no pipe and no whitespace but
# single spaces inside cells: none of these characters (str.isspace's set, less the space), and no space
# at a cell's edge or two in a row (tested apart, with `in`: alternatives in the pattern cost more than
# all the rest of the row).
_RAW_UNSAFE = re.compile("[|\t-\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


def _plain_row(cells: list, width: int) -> str | None:
    """The row's text when every cell is a bare string needing no normalising, else None."""
    try:
        joined = "\x00".join(cells)
    except TypeError:  # a Cell, or a covered slot
        return None
    if (joined.count("\x00") != len(cells) - 1 or _RAW_UNSAFE.search(joined) or "  " in joined
            or "\x00 " in joined or " \x00" in joined or joined[:1] == " " or joined[-1:] == " "):
        return None
    return "| " + joined.replace("\x00", " | ") + " |" + "  |" * (width - len(cells))


def row_text(cells: list, width: int = 0) -> str:
    """The row as one Markdown table row, padded to ``width`` (the table's declared column count)."""
    plain = _plain_row(cells, width)
    if plain is not None:
        return plain
    texts = []
    for cell in cells:
        if cell is COVERED:
            texts.append("")
            continue
        text = " ".join((cell if type(cell) is str else cell_text(cell)).split())
        texts.append(text.replace("|", "\\|") if "|" in text else text)
    texts.extend("" for _ in range(width - len(cells)))
    return "| " + " | ".join(texts) + " |" if texts else "|"


_VALUES = operator.attrgetter(*_FIELDS)  # every field in one C call: this runs once per table row
_TABLE, _ROW = _FIELDS.index("table"), _FIELDS.index("row")
_KEYS = tuple(f', "{name}": ' for name in _FIELDS)


def _fields(locator: Locator | None, table: int | None = None, row: int | None = None) -> dict:
    """The locator's fields, flat and in their order, with ``table`` and ``row`` filled where absent."""
    values = list(_VALUES(locator)) if locator is not None else [None] * len(_FIELDS)
    if values[_TABLE] is None:
        values[_TABLE] = table
    if values[_ROW] is None:
        values[_ROW] = row
    return {name: value for name, value in zip(_FIELDS, values) if value is not None}


_fallback = json.JSONEncoder(ensure_ascii=False).encode
_string = json.encoder.encode_basestring  # the C escaper json.dumps uses, non-ASCII kept as it is


def _encode(record: dict) -> str:
    """``json.dumps(record, ensure_ascii=False)``, byte for byte, at a third of the cost.

    A record is flat: ASCII keys, and strings, ints, booleans or None as values; this runs once per
    table row, where the general encoder's machinery costs more than the row's own rendering.
    """
    parts = []
    for key, value in record.items():
        kind = type(value)
        if kind is str:
            parts.append(f'"{key}": {_string(value)}')
        elif kind is int:
            parts.append(f'"{key}": {value}')
        elif value is True or value is False or value is None:
            parts.append(f'"{key}": {"true" if value else "false" if value is False else "null"}')
        else:
            parts.append(f'"{key}": {_fallback(value)}')
    return "{" + ", ".join(parts) + "}"


def _row_json(ordinal: int, text: str, locator: Locator, table: int, citation: str, header: bool,
              note: str | None, hidden: str | None) -> str:
    """A table row's record as :func:`_encode` writes the dict emit() would build, without the dict:
    this runs once per row. Locator fields are ints or strings."""
    values = _VALUES(locator)
    if values[_TABLE] is None:
        values = values[:_TABLE] + (table,) + values[_TABLE + 1:]
    parts = [f'{{"ordinal": {ordinal}, "kind": "table_row", "text": {_string(text)}']
    for key, value in zip(_KEYS, values):
        if value is not None:
            parts.append(key + (_string(value) if type(value) is str else str(value)))
    parts.append(', "citation": ' + _string(citation))
    if header:
        parts.append(', "header": true')
    if note is not None:
        parts.append(', "note": ' + _string(note))
    if hidden is not None:
        parts.append(', "hidden": ' + _string(hidden))
    parts.append("}\n")
    return "".join(parts)


class Segmenter:
    def __init__(self, sink: TextSink) -> None:
        self.write = sink.write
        self.note_kind = "note"  # the kind of a note's records: "comment" for a review comment's
        self.ordinal = 0
        self.tables = 0

    def emit(self, kind: str, text: str, locator: Locator | None, *, located: dict | None = None,
             citation: str | None = None, **extra) -> None:
        """One record; ``located`` (fields) and ``citation`` replace the locator's own when given."""
        self.ordinal += 1
        record = {"ordinal": self.ordinal, "kind": kind, "text": text}
        record.update(_fields(locator) if located is None else located)
        record["citation"] = citation if citation is not None else (locator.citation() if locator else "")
        record.update((key, value) for key, value in extra.items() if value is not None)
        self.write(_encode(record) + "\n")

    def block(self, block, note: str | None = None) -> None:
        kind = type(block)
        hidden = _hidden(block)
        if kind in (BlockQuote, Container):
            for child in block.blocks:
                self.block(child, note)
        elif kind is List:
            for item in block.items:
                own = [b for b in item.blocks if type(b) is not List]
                text = plain_text(own)
                locator = item.locator or next((b.locator for b in own if b.locator), None)
                if text and item.label:  # "(ii) The tenant...": a citation of the clause finds it
                    text = f"{item.label} {text}"
                if text:
                    self.emit(self.note_kind if note else "list_item", text, locator, note=note,
                              hidden=_hidden(item) or hidden, label=item.label)
                for child in item.blocks:
                    if type(child) is List:
                        self.block(child, note)
        elif kind is Table:
            self.table(block, note)
        else:
            if kind is Heading:
                segment, text, extra = "heading", plain_text(block.children), {"level": block.level}
            elif kind is Paragraph:
                segment, text, extra = "paragraph", plain_text(block.children), {}
            elif kind is CodeBlock:
                segment, text, extra = "code", block.text, {"language": block.language}
            elif kind is MathBlock:
                segment, text, extra = "math", block.latex, {}
            else:
                return  # a thematic break has nothing to cite
            if text.strip():
                self.emit(self.note_kind if note else segment, text, block.locator, note=note, hidden=hidden, **extra)

    def table(self, table: Table, note: str | None) -> None:
        self.tables += 1
        ordinal = self.tables
        base = table.locator
        if table.caption:
            text = plain_text(table.caption)
            if text:
                self.emit("paragraph", text, base, table_caption=ordinal, note=note)
        grid = SpanGrid()
        # Rows are padded to the declared column count, else to the first row's width: a streamed sheet
        # knows its width only at its end, and its rows run to their last value.
        width = table.columns.count or 0
        out: list[str] = []  # records go to the sink a thousand at a time
        chars = 0
        # No checkpoint per row here: the pipeline's row stream already ticks the guard for each row.
        for index, row in enumerate(table.rows):
            # The common row, bare strings under no span, skips the grid (a million-row sheet's path).
            text = None if grid.active else _plain_row(row.cells, width)
            if text is None:
                slots, _ = grid.place(row.cells)
                text = row_text(slots, width)
                if not width:
                    width = len(slots)
            elif not width:
                width = len(row.cells)
            locator = (row.locator if base is None else _merged(base, row.locator)) or Locator()
            if locator.row is not None:
                cited = locator  # the reader's own row number, in its scope ("Sheet 'Damages', row 247")
            else:
                cited = locator.with_(row=index)
                if not any(getattr(cited, name) is not None for name in _SCOPES):
                    cited = cited.with_(table=ordinal)
            self.ordinal += 1
            record = _row_json(self.ordinal, text, cited, ordinal, cited.citation(), row.is_header, note,
                               _hidden(row) if row.facets else None)
            out.append(record)
            chars += len(record)
            if len(out) == 1024 or chars >= 1 << 20:  # long rows go out sooner: memory stays bounded
                self.write("".join(out))
                out.clear()
                chars = 0
        self.write("".join(out))
        for text in table.notes:
            self.emit("paragraph", text, base, table_note=ordinal, note=note)


def write(doc: Document, out: BinaryIO, ctx) -> None:
    sink = JsonSink(out)
    segmenter = Segmenter(sink)
    for block in doc.blocks:
        segmenter.block(block)
    for note in doc.notes:
        segmenter.note_kind = "comment" if note.kind == "comment" else "note"
        for block in note.blocks:
            segmenter.block(block, note.id)
    sink.flush()
