"""The segments writer: JSON Lines, one record per citable unit, for a search index or evidence system.

A unit is a heading, a paragraph, a list item (its own text; nested lists give their own items), a code
block, a math block, a table row, a table's caption and notes, and each block of a footnote. Each record:
``ordinal`` (1-based, monotonic over the document: the upsert key, the same on every rerun), ``kind``,
``text``, every locator field present (flat), ``citation``, then what the kind adds: ``level`` for a
heading; ``label`` for a list item whose source shows one ("(ii)", "1.2."), its text then starting with
it; for a row ``header``, its table's locator fields under its own, a ``table`` ordinal (1-based over
the document) when its locator has none and ``row`` (its index in the table) when it has none; ``note``
for a note's blocks (whose kind is ``note``, or ``comment`` for a review comment's); ``hidden`` when the
source hid it. Page furniture (a header, a footer, a slide's footer placeholders, a master's text) gives
records of kind ``furniture`` with its ``role`` and, when known, ``variant``, ``section``, ``position`` and
``page_style``: each one the reader carried, a repeat too (it says where it shows). A review comment's records say what it covers when the source says: ``covers`` (the text
of its range, white space collapsed, its first :data:`MAX_COVERS_CHARS` characters), ``covers_chars`` (the
whole range's length) and ``covers_citation`` (where the range starts); a comment on a spreadsheet cell
covers that cell. A row's citation is its reader's when the reader numbered it; otherwise its position, in
its sheet or page, or in its table. A row's text is the row as one Markdown table row, ``| Rent | 1000 |``,
with its merged cells written once and pipes escaped, padded to the declared column count, else to the
first row's width.
"""

from __future__ import annotations

import json
import operator
from dataclasses import fields, replace
from typing import BinaryIO

from ..ir.facets import CellValuesFacet, CommentRangeFacet, HiddenFacet
from ..ir.locator import Locator
from ..ir.nodes import (
    BlockQuote, Code, CodeBlock, Container, Document, HardBreak, Heading, Image, List, Math, MathBlock, NoteRef,
    Paragraph, Span, Table, Text,
)
from ..ir.walk import cell_text, plain_text
from .furniture import furniture_of
from .grid import COVERED, SpanGrid, cell_locator, filled
from .sink import JsonSink, TextSink
from ..patterns import pattern

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
_RAW_UNSAFE = pattern("[|\t-\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


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


def _values(node) -> str | None:
    """A row's cells whose shown text is not their stored value, both given: ``{"C5": {"shown": "12.5%",
    "raw": "0.125"}}``."""
    pairs: dict = {}
    for facet in node.facets:
        if isinstance(facet, CellValuesFacet):
            pairs.update(facet.pairs())
    return _fallback(pairs) if pairs else None


def _row_json(ordinal: int, text: str, locator: Locator, table: int, citation: str, header: bool,
              note: str | None, hidden: str | None, cell_values: str | None = None) -> str:
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
    if cell_values is not None:
        parts.append(', "values": ' + cell_values)
    parts.append("}\n")
    return "".join(parts)


MAX_COVERS_CHARS = 300  # a comment's ``covers`` quotes the range: the text itself has its own records


class _Quote:
    """The covered text of one comment, white space collapsed as it comes: its first characters, its length."""

    __slots__ = ("pieces", "kept", "chars", "space", "block", "citation")

    def __init__(self, citation: str, block: int) -> None:
        self.pieces: list[str] = []
        self.kept = self.chars = 0
        self.space = True  # at a word's edge: white space here is no character
        self.block = block  # the last block the range was met in
        self.citation = citation

    def add(self, text: str) -> None:
        out = []
        if text[:1].isspace() and not self.space:
            out.append(" ")
            self.space = True
        words = " ".join(text.split())
        if words:
            out.append(words)
            self.space = text[-1].isspace()
            if self.space:
                out.append(" ")
        piece = "".join(out)
        self.chars += len(piece)
        if self.kept < MAX_COVERS_CHARS:
            piece = piece[:MAX_COVERS_CHARS - self.kept]
            self.pieces.append(piece)
            self.kept += len(piece)

    def fields(self) -> dict:
        trailing = 1 if self.space and self.chars else 0  # the space after the last word is no character
        return {"covers": "".join(self.pieces).rstrip(" "), "covers_chars": self.chars - trailing,
                "covers_citation": self.citation}


def _leaf_text(node) -> str | None:
    """The text an inline leaf contributes to a covered range (as plain_text counts it)."""
    kind = type(node)
    if kind is Text or kind is Code:
        return node.text
    if kind is Math:
        return node.latex
    if kind is HardBreak:
        return " "
    if kind is Image:
        return node.alt
    return None


class Covers:
    """What each review comment covers, gathered as the blocks pass, for the comment's records after them."""

    def __init__(self) -> None:
        self.quotes: dict[str, _Quote] = {}
        self.blocks = 0  # the inlines passed so far: a range met again in a later block is a word apart

    def inlines(self, nodes, citation: str) -> list[str]:
        """Add the text under each ``comment-range`` Span in ``nodes`` to its comment's quote; return the
        note ids ``nodes`` reference. One pass, no recursion: a stack of (children, open comments)."""
        refs: list[str] = []
        self.blocks += 1
        if all(type(node) is Text for node in nodes):  # the common paragraph: plain text, nothing to find
            return refs
        stack = [(iter(nodes), ())]
        while stack:
            children, open_notes = stack[-1]
            node = next(children, None)
            if node is None:
                stack.pop()
                continue
            kind = type(node)
            if kind is NoteRef:
                refs.append(node.note_id)
            elif kind is Span:
                notes = open_notes + tuple(f.note_id for f in node.facets if type(f) is CommentRangeFacet)
                for note_id in notes[len(open_notes):]:
                    quote = self.quotes.get(note_id)
                    if quote is None:
                        self.quotes[note_id] = _Quote(citation, self.blocks)
                    elif quote.block != self.blocks:
                        quote.block = self.blocks
                        quote.add(" ")
                stack.append((iter(node.children), notes))
            elif hasattr(node, "children"):
                if kind is Paragraph or kind is Heading:
                    self.blocks += 1  # a cell's paragraphs: a range met again in the next is a word apart
                stack.append((iter(node.children), open_notes))
            elif open_notes:
                text = _leaf_text(node)
                if text:
                    for note_id in open_notes:
                        self.quotes[note_id].add(text)
        return refs

    def cell(self, cell, citation: str) -> None:
        """A spreadsheet cell: a comment referenced in it and marking no range covers the cell."""
        for note_id in self.inlines(cell.content, citation):
            if note_id not in self.quotes:
                self.quotes[note_id] = quote = _Quote(citation, self.blocks)
                quote.add(cell_text(cell))

    def of(self, note_id: str) -> dict:
        quote = self.quotes.get(note_id)
        return quote.fields() if quote is not None else {}


class Segmenter:
    def __init__(self, sink: TextSink, children=None) -> None:
        self.write = sink.write
        self.children = children  # zenconv.family.Children: an embedded document's record names its output
        self.note_kind = "note"  # the kind of a note's records: "comment" for a review comment's
        self.fill_merged = True  # covered cells carry the value of the merged cell over them (--fill-merged)
        self.ordinal = 0
        self.tables = 0
        self.covers = Covers()
        self.note_fields: dict = {}  # what the note being written covers: on each of its records
        self.furniture_fields: dict | None = None  # the furniture being written: its records' kind and fields

    def emit(self, kind: str, text: str, locator: Locator | None, *, located: dict | None = None,
             citation: str | None = None, **extra) -> None:
        """One record; ``located`` (fields) and ``citation`` replace the locator's own when given."""
        self.ordinal += 1
        if self.furniture_fields is not None:
            kind = "furniture"
        record = {"ordinal": self.ordinal, "kind": kind, "text": text}
        record.update(_fields(locator) if located is None else located)
        record["citation"] = citation if citation is not None else (locator.citation() if locator else "")
        record.update((key, value) for key, value in extra.items() if value is not None)
        if self.note_fields and extra.get("note") is not None:
            record.update(self.note_fields)
        if self.furniture_fields:
            record.update(self.furniture_fields)
        self.write(_encode(record) + "\n")

    def block(self, block, note: str | None = None) -> None:
        kind = type(block)
        hidden = _hidden(block)
        facet = furniture_of(block) if kind is Container else None
        if facet is not None:
            self.furniture_block(block, facet)
        elif kind is Container and block.class_ == "embedded":
            self.embedded(block, note)
        elif kind in (BlockQuote, Container):
            for child in block.blocks:
                self.block(child, note)
        elif kind is List:
            for item in block.items:
                own = [b for b in item.blocks if type(b) is not List]
                text = plain_text(own)
                locator = item.locator or next((b.locator for b in own if b.locator), None)
                for own_block in own:
                    if type(own_block) in (Paragraph, Heading):
                        self.covers.inlines(own_block.children, locator.citation() if locator else "")
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
            if kind is Paragraph or kind is Heading:
                self.covers.inlines(block.children, block.locator.citation() if block.locator else "")
            if text.strip():
                self.emit(self.note_kind if note else segment, text, block.locator, note=note, hidden=hidden, **extra)

    def furniture_block(self, block: Container, facet) -> None:
        """Each block of a header, footer or master's text a record of kind ``furniture``, with its ``role``,
        ``variant``, ``section`` and ``position`` and the locator of where it shows; a table's rows are
        such records too."""
        named = {"role": facet.role, "variant": facet.variant, "section": facet.section,
                 "position": facet.position, "page_style": facet.style}
        outer, self.furniture_fields = self.furniture_fields, {k: v for k, v in named.items() if v is not None}
        for child in block.blocks:
            if type(child) is Table:
                locator = _merged(block.locator, child.locator)
                for row in child.rows:
                    text = row_text(row.cells)
                    if text.strip("| "):
                        self.emit("furniture", text, _merged(locator, row.locator))
            else:
                if child.locator is None and block.locator is not None:
                    child = _located(child, block.locator)
                self.block(child)
        self.furniture_fields = outer

    def embedded(self, block: Container, note: str | None) -> None:
        """The place of an embedded document: a record of kind ``embedded`` naming the child's output
        (``embedded``, relative to this output) when it was converted, the way a citation finds it."""
        text = plain_text(block.blocks)
        target = None
        for child in block.blocks:
            for inline in getattr(child, "children", ()):
                key = getattr(inline, "target", None)
                if key is not None and self.children is not None and self.children.url(key) is not None:
                    target = self.children.url(key)
        if text.strip():
            self.emit("embedded", text, block.locator, note=note, embedded=target)

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
            locator = (row.locator if base is None else _merged(base, row.locator)) or Locator()
            if locator.row is not None:
                cited = locator  # the reader's own row number, in its scope ("Sheet 'Damages', row 247")
            else:
                cited = locator.with_(row=index)
                if not any(getattr(cited, name) is not None for name in _SCOPES):
                    cited = cited.with_(table=ordinal)
            if text is None:
                slots, _ = grid.place(row.cells)
                text = row_text(filled(slots, grid) if self.fill_merged else slots, width)
                if not width:
                    width = len(slots)
                self._cover_cells(slots, cited, table.columns.specs)
            elif not width:
                width = len(row.cells)
            self.ordinal += 1
            if row.facets:
                record = _row_json(self.ordinal, text, cited, ordinal, cited.citation(), row.is_header, note,
                                   _hidden(row), _values(row))
            else:
                record = _row_json(self.ordinal, text, cited, ordinal, cited.citation(), row.is_header, note, None)
            out.append(record)
            chars += len(record)
            if len(out) == 1024 or chars >= 1 << 20:  # long rows go out sooner: memory stays bounded
                self.write("".join(out))
                out.clear()
                chars = 0
        self.write("".join(out))
        for text in table.notes:
            self.emit("paragraph", text, base, table_note=ordinal, note=note)


    def _cover_cells(self, slots: list, cited: Locator, specs) -> None:
        """The comment ranges in a row's cells; in a sheet, a comment on a cell covers the cell."""
        in_sheet = cited.sheet is not None or cited.sheet_name is not None
        for column, cell in enumerate(slots):
            if cell is COVERED or type(cell) is str:
                continue
            if in_sheet:  # cited as the comment is, by its cell ("Sheet 'Costs', cell B2")
                where = cell_locator(cited, column, specs)
                self.covers.cell(cell, (where.with_(row=None) if where.cell else where).citation())
            else:
                self.covers.inlines(cell.content, cited.citation())


def _located(block, locator: Locator):
    """A copy of ``block`` placed where its container is (a header paragraph cites its section's place)."""
    return replace(block, locator=locator) if hasattr(block, "locator") else block


def write(doc: Document, out: BinaryIO, ctx) -> None:
    sink = JsonSink(out)
    segmenter = Segmenter(sink, getattr(ctx, "children", None))
    # a merged cell's value on every row it covers, by default: each row is cited on its own
    segmenter.fill_merged = ctx.options.get("fill_merged") != "off"
    for block in doc.blocks:
        segmenter.block(block)
    for note in doc.notes:
        segmenter.note_kind = "comment" if note.kind == "comment" else "note"
        segmenter.note_fields = segmenter.covers.of(note.id) if note.kind == "comment" else {}
        for block in note.blocks:
            segmenter.block(block, note.id)
    sink.flush()
