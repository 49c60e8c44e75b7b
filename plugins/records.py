"""Data documents (JSON, JSON Lines, YAML) to the IR: records become tables, objects sections.

One mapping for the three readers, so a YAML file and the JSON it equals give the same tree:

- an array of objects is a table whose columns are the union of the objects' keys in first-seen
  order, one row per object, each row cited by its ordinal and JSON Pointer (``Record 12 (/items/11)``);
- an object is a definition list of its leaf members (``**name**: value``) and a section (a heading
  named by the key) for each member that holds objects;
- a leaf (a scalar, or an array holding no object) is written in its JSON spelling: numbers as the
  source spells them (``1.10``, a 40-digit integer), ``true``, ``null``, strings as themselves at the
  top and quoted inside a compact array;
- any other array is a list, one item per element.

Scalars arrive already spelled: a reader gives strings as ``str`` and every other scalar as a
:class:`Literal` (a ``str`` holding its JSON spelling), or Python's ``True``/``False``/``None``.
This module is imported by the entry-point modules for its option declarations: it imports nothing heavy.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import field
from json.encoder import encode_basestring as _quote  # the C encoder: non-ASCII kept

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Block, Cell, Heading, List, ListItem, Paragraph, Row, Strong, Table, Text
from zenconv_plugins.declarations import MAX_DEPTH, MAX_KEYS, MAX_STRING, MAX_VALUE  # noqa: F401 (for importers)
from zenconv.reports import Unreadable
from zenconv.records import dataclass
from zenconv.patterns import pattern


# The mapping recurses two frames a level, under the interpreter's bound of 1,000 frames: --max-data-depth
# is taken as at most this.
DEPTH_CEILING = 400
TRUNCATED_MARK = " ⚠ [cut at {:,} characters]"
_SURROGATE = pattern("[\ud800-\udfff]")
_MISSING = object()


class Literal(str):
    """A scalar that is not a string, in its JSON spelling: ``12``, ``1.10``, ``1e5``, ``true``, ``null``."""

    __slots__ = ()


def spelled(value) -> str | None:
    """The JSON spelling of a scalar, or None for an array or an object."""
    if isinstance(value, str):
        return value
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return None


def pointer(base: str, key: str | int) -> str:
    """RFC 6901: ``~`` is ``~0`` and ``/`` is ``~1`` in a reference token."""
    if type(key) is int:
        return f"{base}/{key}"
    return base + "/" + key.replace("~", "~0").replace("/", "~1")


def is_records(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def is_leaf(value) -> bool:
    """A scalar, an empty object, or an array with no object but empty ones inside: one line of text."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict) and item:
            return False
        if isinstance(item, list):
            stack.extend(item)
    return True


@dataclass(slots=True)
class Tally:
    """What the strings lost since the last look: the reader reports it at the row or block it is in."""

    strings_cut: int = 0
    surrogates: int = 0
    keys_cut: int = 0
    duplicates: int = 0
    constants: int = 0
    overridden: list = field(default_factory=list)  # the values a duplicate key's last value replaced

    def __bool__(self) -> bool:
        return bool(self.strings_cut or self.surrogates or self.keys_cut or self.duplicates or self.constants)

    def take(self) -> Tally:
        taken = Tally(self.strings_cut, self.surrogates, self.keys_cut, self.duplicates, self.constants,
                      self.overridden)
        self.strings_cut = self.surrogates = self.keys_cut = self.duplicates = self.constants = 0
        self.overridden = []
        return taken


class Columns:
    """The union of the keys of a run of records, in first-seen order, at most ``limit`` of them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.keys: dict[str, None] = {}
        self.cut = 0

    def add(self, record: dict) -> None:
        keys = self.keys
        if record.keys() <= keys.keys():  # the common record: no new key, decided in C
            return
        for key in record:
            if key not in keys:
                if len(keys) < self.limit:
                    keys[key] = None
                else:
                    self.cut += 1


class Mapper:
    """Builds the blocks of one data document: the mapping above, its cuts counted in ``tally``."""

    def __init__(self, ns: str, options, tally: Tally, reporter) -> None:
        self.ns = ns
        self.max_depth = min(options["max_data_depth"], DEPTH_CEILING)
        self.max_keys = options["max_keys"]
        self.max_string = options["max_string_chars"]
        self.max_rows = options["max_rows"]
        self.tally = tally
        self.report = reporter  # (code, locator, count=..) -> None: the context's report

    # --- text ------------------------------------------------------------------------------------

    def clean(self, text: str) -> str:
        """The string as the output may hold it: a plain ``str`` (writers test ``type(cell) is str``), cut at
        --max-string-chars, lone surrogates replaced."""
        if type(text) is not str:
            text = str(text)
        if len(text) > self.max_string or not text.isascii() and _SURROGATE.search(text):
            return self._repaired(text)
        return text

    def _repaired(self, text: str) -> str:
        if len(text) > self.max_string:
            self.tally.strings_cut += 1
            text = text[:self.max_string] + TRUNCATED_MARK.format(self.max_string)
        if _SURROGATE.search(text):
            self.tally.surrogates += 1
            text = _SURROGATE.sub("\ufffd", text)
        return text

    def text(self, value) -> str:
        """A value as one line of text: a scalar spelled, anything else compact JSON."""
        kind = type(value)
        if kind is str or kind is Literal:
            return self.clean(value)
        word = spelled(value)
        return self.clean(word if word is not None else self.compact(value))

    def compact(self, value) -> str:
        """Compact JSON that keeps each literal's spelling (the json module would quote a Literal)."""
        out: list[str] = []
        self._compact(value, out, 0)
        return "".join(out)

    def _compact(self, value, out: list[str], depth: int) -> None:
        if depth > self.max_depth:
            self.too_deep()
        if isinstance(value, dict):
            if not value:
                out.append("{}")
                return
            separator = "{"
            for key, item in value.items():
                out.append(separator + _quote(key) + ": ")
                self._item(item, out, depth)
                separator = ", "
            out.append("}")
        elif isinstance(value, list):
            if not value:
                out.append("[]")
                return
            separator = "["
            for item in value:
                out.append(separator)
                self._item(item, out, depth)
                separator = ", "
            out.append("]")
        else:
            self._item(value, out, depth - 1)

    def _item(self, item, out: list[str], depth: int) -> None:
        """One member or element: a scalar written here (the common case, no call deeper), else recursed."""
        kind = type(item)
        if kind is Literal:
            out.append(item)
        elif kind is str:
            out.append(_quote(item))
        elif isinstance(item, (dict, list)):
            self._compact(item, out, depth + 1)
        elif isinstance(item, str):
            out.append(_quote(item))
        else:
            out.append(spelled(item))

    def too_deep(self) -> None:
        raise Unreadable(f"{self.ns}.too-deep", f"nesting deeper than {self.max_depth} (--max-data-depth)")

    # --- tables ----------------------------------------------------------------------------------

    def header(self, columns: Columns) -> Row:
        """The keys as header cells; the row has no locator (no place in the source is the header)."""
        return Row([Cell([Text(self.clean(key))], header=True) for key in columns.keys])

    def record_cells(self, record: dict, keys: Iterable[str]) -> list[str]:
        """One row of a table of records: each column's value, empty where the record lacks the key."""
        get = record.get
        return ["" if (value := get(key, _MISSING)) is _MISSING else self.text(value) for key in keys]

    def rows(self, records: Iterator[tuple[int, object, Locator]], columns: Columns | None, table: Table,
             where: Locator | None) -> Iterator[Row]:
        """The header row, then one row per record; past --max-rows the rest is left unread and reported.

        ``records`` gives (ordinal, value, locator); ``columns`` None makes a one-column table (``value``);
        ``where`` locates the table's own reports.
        """
        if columns is not None and columns.cut:
            self.report(f"{self.ns}.keys-truncated", where, count=columns.cut)
            self._note(table, f"⚠ Truncated: columns after {self.max_keys:,} were not read (--max-keys {self.max_keys})")
        keys = list(columns.keys) if columns is not None else None
        yield self.header(columns) if keys is not None else Row([Cell([Text("value")], header=True)])
        tally = self.tally
        for index, value, locator in records:
            if index >= self.max_rows:
                self.report(f"{self.ns}.rows-truncated", locator)
                self._note(table, f"⚠ Truncated: records after {self.max_rows:,} were not read (--max-rows {self.max_rows})")
                return
            cells = self.record_cells(value, keys) if keys is not None else [self.text(value)]
            if tally:
                self.flush(locator)
            yield Row(cells, locator=locator)

    def _note(self, table: Table, text: str) -> None:
        if text not in table.notes:
            table.notes.append(text)

    def flush(self, locator: Locator | None) -> None:
        """Report what the tally counted, at ``locator``."""
        taken = self.tally.take()
        for code, count in ((f"{self.ns}.string-truncated", taken.strings_cut),
                            (f"{self.ns}.lone-surrogate", taken.surrogates),
                            (f"{self.ns}.keys-truncated", taken.keys_cut),
                            (f"{self.ns}.non-standard-number", taken.constants)):
            if count:
                self.report(code, locator, count=count)
        if taken.duplicates:
            dropped = " ".join(self.text(value) for value in taken.overridden)
            self.report(f"{self.ns}.duplicate-key", locator, count=taken.duplicates, text=dropped or None)

    # --- documents in memory ---------------------------------------------------------------------

    def blocks(self, value, path: str, level: int, line: int | None = None, depth: int = 0) -> list[Block]:
        """The blocks of one value held whole: a member of a top-level object, a YAML document."""
        if depth > self.max_depth:
            self.too_deep()
        where = Locator(path=path or None, line=line)
        if isinstance(value, dict):
            return self._object(value, path, level, depth)
        if is_records(value):
            return [self.table(value, path, where)]
        if is_leaf(value):
            block = Paragraph([Text(self.text(value))], locator=where)
            self.flush(where)
            return [block]
        items = [ListItem(self.blocks(item, pointer(path, index), level + 1, line_of(value, index), depth + 1),
                          locator=Locator(path=pointer(path, index), line=line_of(value, index)))
                 for index, item in enumerate(value)]
        return [List(items, locator=where)]

    def table(self, records: list, path: str, where: Locator) -> Table:
        columns = Columns(self.max_keys)
        for record in records:
            columns.add(record)
        table = Table(rows=())  # as in a streamed table: the header row by its ordinal, records by pointer
        located = ((index, record, Locator(row=index, path=pointer(path, index), line=line_of(records, index)))
                   for index, record in enumerate(records))
        table.rows = list(self.rows(located, columns, table, where))
        return table

    def _object(self, value: dict, path: str, level: int, depth: int) -> list[Block]:
        blocks: list[Block] = []
        terms: list[ListItem] = []
        for key, item in value.items():
            child = pointer(path, key)
            where = Locator(path=child, line=line_of(value, key))
            if is_leaf(item):
                terms.append(self.term(key, item, where))
                continue
            if terms:
                blocks.append(List(terms, locator=terms[0].locator))
                terms = []
            blocks.append(Heading(min(level, 6), [Text(self.clean(key))], locator=where))
            blocks.extend(self.blocks(item, child, level + 1, where.line, depth + 1))
        if terms:
            blocks.append(List(terms, locator=terms[0].locator))
        return blocks

    def term(self, key: str, value, where: Locator) -> ListItem:
        """A definition-list entry: ``**key**: value``."""
        item = ListItem([Paragraph([Strong([Text(self.clean(key))]), Text(": " + self.text(value))])], locator=where)
        self.flush(where)
        return item


def line_of(container, key) -> int | None:
    """The source line of a member or an element, where the reader knows lines (YAML); else None."""
    lines = getattr(container, "lines", None)
    if lines is None:
        return None
    return lines.get(key) if isinstance(lines, dict) else (lines[key] if key < len(lines) else None)
