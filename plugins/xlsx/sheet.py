"""One worksheet part streamed into ``(row index, hidden, columns, values)``, cell values as text.

This is the hot loop of a big workbook, so it reads lxml elements directly: one ``<row>`` at a
time, its ``<c>`` children by index, never ``findtext`` (which walks ElementPath in Python and
costs three times the parse). Formulas are never evaluated: ``<v>`` is the cached result the
writing application stored; a formula without one shows its formula as code (``=A2+B2``), counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import field

from zenconv.ir.nodes import Cell, Code
from zenconv_plugins.number_formats import NumberFormat

from .scan import MAX_ROW, column_table
from .stream import element_events
from .strings import SharedStrings, rich_text, unescape
from .styles import TEMPORAL
from .values import ValueList, general_text, iso_text, number_text, serial_text
from zenconv.records import dataclass

NAMESPACES = ("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}",
              "{http://purl.oclc.org/ooxml/spreadsheetml/main}", "")
ROW_TAGS = tuple(ns + "row" for ns in NAMESPACES)
END_TAGS = tuple(ns + "sheetData" for ns in NAMESPACES)
_DIGITS = "0123456789"
# (style, value) pairs seen: a date column repeats its days, a price list its prices. Small: a column of
# unique amounts fills it at once and gains nothing, and each entry holds five strings (a 2**16 cache was
# 14 MiB of a 50,000-row sheet's peak).
_DATE_CACHE = 1 << 12
_GENERAL_DIGITS = 11  # an integer this long shows as it is under General


@dataclass(slots=True)
class BookValues:
    """What every sheet of the workbook reads its values with."""

    strings: SharedStrings
    kinds: dict[str | None, int]  # the ``s`` attribute as written → styles kind
    date1904: bool
    counts: Counter = field(default_factory=Counter)  # value reports, by code suffix
    formats: dict[str | None, NumberFormat] = field(default_factory=dict)  # ``s`` → its format, General left out
    shown: bool = True  # --values shown: a cell's text is what the format shows; raw: its stored value
    text_formats: dict[str | None, NumberFormat] = field(default_factory=dict)  # styles with a text section


def kinds_by_attribute(kinds: list[int]) -> dict[str | None, int]:
    return {str(i): kind for i, kind in enumerate(kinds) if kind}


def formats_by_attribute(styles: list[tuple[int, NumberFormat | None]]) -> tuple[dict, dict]:
    """The compiled formats by ``s`` attribute, and those among them that put text among literals."""
    formats = {str(i): fmt for i, (_, fmt) in enumerate(styles) if fmt is not None}
    texts = {s: fmt for s, fmt in formats.items() if fmt.understood and fmt.text("\x00") != "\x00"}
    return formats, texts


def sheet_events(stream, ctx):
    """``("end", element)`` for each row and for the end of sheetData."""
    return element_events(stream, ctx, ROW_TAGS + END_TAGS)


FORMULA_SHOWN = 256  # characters of a formula shown in its cell; Excel allows 8,192
BLANK_FORMULAS_LOCATED = 5  # the formula cells without a cached value whose places a sheet's report names


def blank_formula(formula) -> Cell:
    """The cell of a formula with no cached value: the formula as code, ``=SUM(A1:A3)``, so the blank is
    visibly a formula's and not an empty cell (a shared formula's followers state none: ``=…``)."""
    text = " ".join((formula.text or "").split())
    if len(text) > FORMULA_SHOWN:
        text = text[:FORMULA_SHOWN - 1] + "…"
    return Cell([Code("=" + (text or "…"))])


def cell_rows(events, values: BookValues, counts: Counter, checkpoint,
              blanks: list | None = None) -> Iterator[tuple[int, bool, list[int], list]]:
    """Rows that hold a value or are hidden, in document order, each row element freed once read.
    ``blanks`` gathers the (row, column) of the first formula cells without a cached value."""
    lookup, kinds, date1904 = values.strings.lookup(), values.kinds, values.date1904
    formats, text_formats, shown_mode = values.formats, values.text_formats, values.shown
    columns = column_table()
    shown_cache: dict = {}
    last = -1
    seen = 0
    tags: tuple[str, str, str, str] | None = None
    for _, row in events:
        tag = row.tag
        if tag in END_TAGS:
            break
        if tags is None or not tag.startswith(tags[3]):
            ns = tag[:-3]
            tags = (ns + "c", ns + "v", ns + "f", ns)
        c_tag, v_tag, f_tag, ns = tags
        seen += 1
        if seen % 4096 == 0:
            checkpoint()
        r = row.get("r")
        if r is not None and r.isdigit() and 0 < int(r) <= MAX_ROW:
            index = int(r) - 1
        else:
            if r is not None:
                counts["bad-reference"] += 1
            index = last + 1
        last = index
        hidden = row.get("hidden") in ("1", "true")
        cols: list[int] = []
        vals: list = []
        other: dict | None = None  # column → (raw, shown) where they differ
        col = -1
        ordered = True
        for c in row:
            if c.tag != c_tag:
                continue
            ref = c.get("r")
            if ref is None:
                col += 1
            else:
                found = columns.get(ref.rstrip(_DIGITS))
                if found is None:
                    counts["bad-reference"] += 1
                    found = col + 1
                if found <= col:
                    ordered = False
                col = found
            t = c.get("t")
            v = None
            formula = None
            inline = None
            for child in c:
                child_tag = child.tag
                if child_tag == v_tag:
                    v = child.text
                elif child_tag == f_tag:
                    formula = child
                elif t == "inlineStr":
                    inline = child
            if formula is not None and (v is None if t == "str" else not v) and t in (None, "n", "str", "b", "d"):
                counts["formula-without-cached-value"] += 1
                if blanks is not None and len(blanks) < BLANK_FORMULAS_LOCATED:
                    blanks.append((index, col))
                cols.append(col)
                vals.append(blank_formula(formula))
                continue
            if t is None or t == "n":
                if not v:
                    continue
                style = c.get("s")
                fmt = formats.get(style) if formats else None
                if fmt is None and v.isdigit() and len(v) <= _GENERAL_DIGITS and (len(v) == 1 or v[0] != "0"):
                    text = v  # the common integer: General shows it as it is stored
                else:
                    key = (style, v)
                    found = shown_cache.get(key)
                    if found is None:
                        found = _shown(v, fmt, kinds.get(style, 0), date1904, shown_mode)
                        if len(shown_cache) < _DATE_CACHE:
                            shown_cache[key] = found
                    raw, shown, count = found
                    if count:
                        counts[count] += 1
                    text = shown if shown_mode else raw
                    if raw != shown:
                        if other is None:
                            other = {}
                        other[col] = (raw, shown)
            elif t == "s":
                try:
                    i = int(v)
                    if i < 0:
                        raise IndexError(i)
                    text = lookup(i)
                except (ValueError, TypeError, IndexError):
                    counts["bad-cell-value"] += 1
                    continue
                if text_formats:
                    fmt = text_formats.get(c.get("s"))
                    if fmt is not None and type(text) is str:
                        shown = fmt.text(text)
                        if shown != text:
                            if other is None:
                                other = {}
                            other[col] = (text, shown)
                            if shown_mode:
                                text = shown
            elif t == "str":
                if v is None:
                    continue
                text = unescape(v)
            elif t == "b":
                if not v:
                    continue
                text = "TRUE" if v.strip() in ("1", "true") else "FALSE"
            elif t == "e":
                text = v or ""
            elif t == "inlineStr":
                if inline is None:
                    continue
                text, rich, phonetic = rich_text(inline, ns)
                counts["rich-text-flattened"] += rich
                counts["phonetic-dropped"] += phonetic
            elif t == "d":
                if not v:
                    continue
                text = iso_text(v)
            else:
                counts["bad-cell-value"] += 1
                text = v or ""
            if text:
                cols.append(col)
                vals.append(text)
        row.clear(keep_tail=False)
        parent = row.getparent()
        if parent is not None:
            while row.getprevious() is not None:
                del parent[0]
        if not ordered and cols:
            cols, vals = _ordered(cols, vals, counts)
        if other is not None:
            vals = ValueList(vals)
            vals.other = other
        if vals or hidden:
            yield index, hidden, cols, vals


def _shown(v: str, fmt: NumberFormat | None, kind: int, date1904: bool, shown_mode: bool) -> tuple[str, str, str | None]:
    """A number cell's stored value in its canonical form (ISO for a date), what its format shows, and the
    report it counts, if any: a date Excel cannot show, a format not understood, a colour not carried."""
    try:
        value = float(v)
        raw = number_text(v)
    except ValueError:
        return v, v, "bad-cell-value"
    count = None
    if kind == TEMPORAL:
        iso = serial_text(value, date1904)
        if iso is None:
            return raw, raw, "date-out-of-range"
        raw = iso
    if fmt is None:
        return raw, general_text(value), None
    shown = fmt.number(value, date1904) if fmt.understood else None
    if shown is None:
        return raw, raw, "display-formats-not-applied" if shown_mode else None
    if fmt.colour and shown_mode:
        count = "number-colours-dropped"
    return raw, shown, count


def _ordered(cols: list[int], vals: list, counts: Counter) -> tuple[list[int], list]:
    """Cells written out of column order are sorted; of two cells at one position, the later wins."""
    by_col: dict[int, object] = {}
    for col, value in zip(cols, vals):
        if col in by_col:
            counts["bad-reference"] += 1
        by_col[col] = value
    ordered = sorted(by_col)
    return ordered, [by_col[c] for c in ordered]
