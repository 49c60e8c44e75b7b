"""Where a block or a row is in its source, precise enough for a person to cite it."""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter

from ..records import dataclass
from ..patterns import pattern

_CELL = pattern(r"([A-Z]+)([0-9]+)")


# Not frozen: a frozen dataclass builds through object.__setattr__, three times slower, and a
# million-row sheet builds a million locators. Treat a Locator as immutable all the same (with_()
# makes a changed copy); it hashes by value.
@dataclass(slots=True, unsafe_hash=True)
class Locator:
    """One record any format can fill; every field is optional and they combine.

    ``row`` is 0-based (the IR's index); citations show it 1-based. ``sheet`` and ``slide`` are
    1-based ordinals, ``table`` the 1-based ordinal of a table in its scope (a page, a document).
    ``xpath`` is an XML element's absolute path with a position on every step below the root
    (``/rss/channel[1]/item[3]``): exact, so it selects that one element again.
    """

    page: int | None = None
    page_label: str | None = None
    rendered_page: int | None = None
    paragraph: int | None = None
    sheet: int | None = None
    sheet_name: str | None = None
    slide: int | None = None
    slide_title: str | None = None
    table: int | None = None
    row: int | None = None
    cell: str | None = None
    line: int | None = None
    line_end: int | None = None
    part: str | None = None
    xpath: str | None = None
    path: str | None = None  # a JSON Pointer into a data document (``/items/11``): JSON, YAML

    def with_(self, **changes) -> Locator:
        # dataclasses.replace, without its per-call walk over the fields: readers call this per table row.
        new = type(self)(*_values(self))
        for name, value in changes.items():
            if name not in _FIELDS:
                raise TypeError(f"Locator has no field {name!r}")
            setattr(new, name, value)
        return new

    def in_column(self, offset: int, column: Locator | None = None) -> Locator:
        """A row's locator narrowed to one of its cells: ``offset`` columns right of its first cell
        (``A4`` becomes ``D4``), or of ``column``'s letters when the table's spec for a column names
        them (``column.cell``, letters alone: a sheet whose skipped columns leave gaps). A locator
        naming no cell is returned as it is: a document's table cites by row.
        """
        found = _CELL.fullmatch(self.cell or "")
        if found is None:
            return self
        start = column.cell if column is not None and column.cell and column.cell.isalpha() else found.group(1)
        return self.with_(cell=column_letters(column_number(start) + offset) + found.group(2))

    def to_json(self) -> dict:
        return {name: value for name, value in zip(_NAMES, _values(self)) if value is not None}

    @classmethod
    def from_json(cls, data: dict) -> Locator:
        return cls(**data)

    def citation(self) -> str:
        """Render what is present the way a person cites it.

        ``Sheet 'Damages', row 247``; ``Page 9, table 2, row 4``; ``Page 9 (as last rendered), ¶ 37``;
        ``Slide 3``; ``Row 12 (line 14)`` for a CSV record that starts on a later line than its index
        suggests because a quoted field before it spans lines; ``Record 12 (/items/11)`` for a row of a
        data document, ``Record 3 (/items/2, line 14)`` when it has lines (YAML); ``/spec/template, line 9``.
        """
        parts: list[str] = []
        if self.sheet_name is not None:
            parts.append(f"Sheet {_quote(self.sheet_name)}")
        elif self.sheet is not None:
            parts.append(f"Sheet {self.sheet}")
        if self.slide is not None:
            parts.append(f"Slide {self.slide}")
        if self.page is not None:
            label = f" (page label {self.page_label})" if self.page_label and self.page_label != str(self.page) else ""
            parts.append(f"Page {self.page}{label}")
        elif self.rendered_page is not None:
            parts.append(f"Page {self.rendered_page} (as last rendered)")
        if self.paragraph is not None:
            parts.append(f"¶ {self.paragraph}")
        if self.table is not None:
            parts.append(f"table {self.table}")
        if self.row is not None and self.path is not None:
            where = self.path if self.line is None else f"{self.path}, line {self.line}"
            parts.append(f"record {self.row + 1} ({where})")
        elif self.row is not None:
            row = f"row {self.row + 1}"
            if self.line is not None and self.line != self.row + 1:
                row += f" (line {self.line})"
            parts.append(row)
        elif self.cell is not None:  # a cell named alone: a comment's (a row's cell is the row's first)
            parts.append(f"cell {self.cell}")
        elif self.xpath is not None:
            parts.append(f"element {self.xpath}" + (f" (line {self.line})" if self.line is not None else ""))
        elif self.path is not None:
            parts.append(self.path if self.line is None else f"{self.path}, line {self.line}")
        elif self.line is not None:
            if self.line_end is not None and self.line_end != self.line:
                parts.append(f"lines {self.line}–{self.line_end}")
            else:
                parts.append(f"line {self.line}")
        if not parts and self.part is not None:
            parts.append(f"part {self.part}")
        if not parts:
            return ""
        text = ", ".join(parts)
        return text[0].upper() + text[1:]


def row_locator(row: int, cell: str, line: int) -> Locator:
    """``Locator(row=row, cell=cell, line=line)``, a table row's in a line-based source (a CSV record), at
    half the cost: a class's ``__init__`` is reached through the type's call and a frame of sixteen
    arguments, the slots are set here directly. Every slot is set (an unset one would raise when read);
    ``tests/test_locator.py`` holds this to the constructor, field by field."""
    new = _new(Locator)
    new.page = new.page_label = new.rendered_page = new.paragraph = None
    new.sheet = new.sheet_name = new.slide = new.slide_title = new.table = None
    new.row = row
    new.cell = cell
    new.line = line
    new.line_end = new.part = new.xpath = new.path = None
    return new


_new = object.__new__
_NAMES = tuple(f.name for f in fields(Locator))
_values = attrgetter(*_NAMES)  # every field in one C call: a locator is written once per table row
_FIELDS = frozenset(_NAMES)


def column_number(letters: str) -> int:
    """``A`` is 1, ``Z`` 26, ``AA`` 27: a spreadsheet's column letters as its 1-based number."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


def column_letters(number: int) -> str:
    """The inverse of :func:`column_number`."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _quote(name: str) -> str:
    return "'" + name.replace("'", "''") + "'"
