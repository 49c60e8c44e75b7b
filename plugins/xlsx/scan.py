"""A first, cheap pass over a worksheet part's bytes: what the row stream needs to know in advance.

Merged ranges and hyperlinks come after ``<sheetData>`` in a worksheet, yet a merged cell's spans
must be known when its first row is written, and the table's first column (the leftmost column
holding a cell) before any row. Parsing the part twice with lxml would double the cost of a big
sheet, so this pass reads the raw bytes: inside ``<sheetData>`` it only looks for cell references
(``r="A…"`` first, which settles the common case at once); around it, where the part is small, it
reads the start tags with a regular expression. The declared ``<dimension>`` is never used.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import field

from openpyxl.utils import column_index_from_string, get_column_letter

from zenconv.records import dataclass
from zenconv.patterns import pattern

MAX_COLUMN = 16_384   # XFD
MAX_ROW = 1 << 31     # a row number past this is not a row number
MERGE_LIMIT = 100_000
LINK_LIMIT = 100_000
_CHUNK = 1 << 20
_HEADER_BYTES = 1000
_HEADER_CODES = pattern(r'&(?:"[^"]{0,200}"|K(?:[0-9A-Fa-f]{6}|\d\d[+-]\d{3})|\d+|[A-Za-z]|&)')
_OVERLAP = 64

# A name is matched whole (the lookaround) so that a failed match cannot retry it one character shorter:
# the attributes could absorb the rest, and a long name with no '>' (or a long word among the attributes)
# was scanned once per character, quadratic in C where no checkpoint reaches.
_TAG = pattern(rb"<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)(?![\w.-])((?:[^<>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTR = pattern(r"(?<![\w.:-])([\w.:-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_COL_A = pattern(rb" r=[\"']A[0-9]")
_REF_ATTR = pattern(rb"\sr=[\"']([A-Za-z]{1,3})[0-9]")
_DOCTYPE = pattern(rb"<!DOCTYPE", re.IGNORECASE)
_CELL_REF = pattern(rb"\sr=[\"']([A-Za-z]{1,3})([0-9]{1,10})[\"']")
_REF = pattern(r"\$?([A-Za-z]{1,3})\$?([0-9]{1,10})")

_COLUMNS: dict[str, int] = {}
_TABLE: dict[str, int] | None = None


def col_index(letters: str) -> int:
    """0-based column of ``AB``; ValueError past XFD."""
    found = _COLUMNS.get(letters)
    if found is None:
        found = column_index_from_string(letters.upper()) - 1
        if len(_COLUMNS) < 20_000:
            _COLUMNS[letters] = found
    return found


def column_table() -> dict[str, int]:
    """Every column's letters (upper case, as references write them) → 0-based index, A to XFD."""
    global _TABLE
    if _TABLE is None:
        _TABLE = {get_column_letter(i + 1): i for i in range(MAX_COLUMN)}
    return _TABLE


def parse_ref(ref: str) -> tuple[int, int] | None:
    """``B7`` → (6, 1), 0-based row and column; None when it is no cell reference."""
    match = _REF.fullmatch(ref.strip())
    if not match:
        return None
    try:
        col = col_index(match.group(1))
    except ValueError:
        return None
    row = int(match.group(2)) - 1
    return (row, col) if 0 <= row < MAX_ROW else None


def parse_range(ref: str) -> tuple[int, int, int, int] | None:
    """``A1:C3`` → (0, 0, 2, 2), inclusive and ordered; a single cell is a one-cell range."""
    first, _, last = ref.partition(":")
    a = parse_ref(first)
    b = parse_ref(last) if last else a
    if a is None or b is None:
        return None
    return min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])


def attributes(text: str) -> dict[str, str]:
    """A start tag's attributes by local name (``r:id`` → ``id``), entities decoded."""
    found = {}
    for name, double, single in _ATTR.findall(text):
        value = double if double or not single else single
        found[name.rpartition(":")[2]] = html.unescape(value) if "&" in value else value
    return found


@dataclass(slots=True)
class Hyperlink:
    first: tuple[int, int, int, int]
    rel_id: str | None
    location: str | None


@dataclass(slots=True)
class SheetScan:
    """What the pass found. Column numbers are 0-based; ``max_col`` is -1 unless it was needed."""

    min_col: int = MAX_COLUMN
    max_col: int = -1
    refs_seen: bool = False
    columns: list[tuple[int, int, bool]] = field(default_factory=list)  # <col>: first, last, hidden
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)
    links: list[Hyperlink] = field(default_factory=list)
    features: Counter = field(default_factory=Counter)  # local tag name → count
    header_texts: list[str] = field(default_factory=list)  # each header's or footer's words, for its report
    headers: list[tuple[str, str]] = field(default_factory=list)  # (tag, text with its &-codes): the furniture
    drawings: list[str] = field(default_factory=list)   # relationship ids of <drawing>
    over_limit: Counter = field(default_factory=Counter)
    bad_ranges: int = 0
    doctype: bool = False

    @property
    def first_col(self) -> int:
        return self.min_col if self.refs_seen else 0

    @property
    def hidden_columns(self) -> list[tuple[int, int]]:
        return [(a, b) for a, b, hidden in self.columns if hidden]


# Start tags after <sheetData> that stand for a construct the reader reports (the caller maps them).
FEATURES = frozenset((
    "conditionalFormatting", "dataValidation", "legacyDrawing", "legacyDrawingHF", "picture", "oleObject",
    "control", "tablePart", "autoFilter", "sortState", "scenario", "sparklineGroup", "slicer", "webPublishItem",
    "oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter",
))


class _Scanner:
    def __init__(self) -> None:
        self.scan = SheetScan()
        self.region = "head"
        self.carry = b""
        self.found_a = False

    def feed(self, data: bytes) -> None:
        data = self.carry + data
        self.carry = b""
        if self.region == "head":
            data = self._head(data)
        if self.region == "body" and data:
            data = self._body(data)
        if self.region == "tail" and data:
            self._tags(data)

    def _head(self, data: bytes) -> bytes:
        end = 0
        if _DOCTYPE.search(data):
            self.scan.doctype = True
        for match in _TAG.finditer(data):
            end = match.end()
            name = match.group(1).decode("ascii")
            attrs = match.group(2)
            if name == "sheetData":
                self.region = "tail" if attrs.rstrip().endswith(b"/") else "body"
                return data[end:]
            if name == "col":
                self._col(attributes(attrs.decode("utf-8", "replace")))
        self.carry = _unfinished(data, end)
        return b""

    def _col(self, attrs: dict[str, str]) -> None:
        try:
            first, last = int(attrs.get("min", "")), int(attrs.get("max", attrs.get("min", "")))
        except ValueError:
            self.scan.bad_ranges += 1
            return
        first, last = max(first, 1) - 1, min(max(first, last), MAX_COLUMN) - 1
        if first <= last:
            hidden = attrs.get("hidden", "").lower() in ("1", "true")
            self.scan.columns.append((first, last, hidden))

    def _body(self, data: bytes) -> bytes:
        end = _sheet_data_end(data)
        body = data if end < 0 else data[:end]
        scan = self.scan
        if scan.hidden_columns:
            self._refs(body, track_max=True)
        elif not self.found_a:
            if _COL_A.search(body):
                self.found_a = True
                scan.min_col, scan.refs_seen = 0, True
            else:
                self._refs(body, track_max=False)
        if end < 0:
            self.carry = data[-_OVERLAP:]
            return b""
        self.region = "tail"
        return data[end:]

    def _refs(self, body: bytes, track_max: bool) -> None:
        scan = self.scan
        for letters in set(_REF_ATTR.findall(body)):
            try:
                col = col_index(letters.decode("ascii"))
            except ValueError:
                continue
            scan.refs_seen = True
            scan.min_col = min(scan.min_col, col)
            if track_max:
                scan.max_col = max(scan.max_col, col)

    def _tags(self, data: bytes) -> None:
        end = 0
        scan = self.scan
        for match in _TAG.finditer(data):
            end = match.end()
            name = match.group(1).decode("ascii")
            if name == "mergeCell":
                self._merge(match.group(2))
            elif name == "hyperlink":
                self._link(match.group(2))
            elif name == "drawing":
                rel = attributes(match.group(2).decode("utf-8", "replace")).get("id")
                if rel:
                    scan.drawings.append(rel)
            elif name in FEATURES:
                if name.endswith(("Header", "Footer")):
                    if not _has_text(data, match):
                        continue  # an empty header or footer holds nothing
                    raw = _header_raw(data, match)
                    scan.header_texts.append(_header_text(raw))
                    scan.headers.append((name, raw))
                scan.features[name] += 1
        self.carry = _unfinished(data, end)

    def _merge(self, raw: bytes) -> None:
        scan = self.scan
        if len(scan.merges) >= MERGE_LIMIT:
            scan.over_limit["mergeCell"] += 1
            return
        area = parse_range(attributes(raw.decode("utf-8", "replace")).get("ref", ""))
        if area is None:
            scan.bad_ranges += 1
        elif area[0] != area[2] or area[1] != area[3]:
            scan.merges.append(area)

    def _link(self, raw: bytes) -> None:
        scan = self.scan
        if len(scan.links) >= LINK_LIMIT:
            scan.over_limit["hyperlink"] += 1
            return
        attrs = attributes(raw.decode("utf-8", "replace"))
        area = parse_range(attrs.get("ref", ""))
        if area is None:
            scan.bad_ranges += 1
            return
        scan.links.append(Hyperlink(area, attrs.get("id"), attrs.get("location")))


def _has_text(data: bytes, match: re.Match) -> bool:
    if match.group(2).rstrip().endswith(b"/"):
        return False
    end = data.find(b"<", match.end())
    return end < 0 or bool(data[match.end():end].strip())


def _header_raw(data: bytes, match: re.Match) -> str:
    """A header's or footer's text up to the next tag (Excel allows 255 characters; a longer one is cut
    at 1,000), entities decoded, its &-codes kept."""
    end = data.find(b"<", match.end(), match.end() + _HEADER_BYTES)
    return html.unescape(data[match.end(): end if end >= 0 else match.end() + _HEADER_BYTES].decode("utf-8", "replace"))


def _header_text(raw: str) -> str:
    """A header's or footer's words: its &-codes (&L, &"Arial,Bold", &12, &KFF0000, &P) removed."""
    return " ".join(_HEADER_CODES.sub(" ", raw).split())


def _unfinished(data: bytes, end: int) -> bytes:
    """The bytes after the last complete tag that may be the start of one cut by the chunk."""
    start = data.rfind(b"<", end)
    if start < 0:
        return b""
    return data[start:] if len(data) - start < _CHUNK else b""


def _sheet_data_end(data: bytes) -> int:
    """Where ``</sheetData>`` (any prefix) starts in ``data``, or -1."""
    at = data.find(b"sheetData")
    while at >= 0:
        start = at - 2 if data[at - 2:at] == b"</" else _prefixed_close(data, at)
        if start >= 0 and data[at + 9:at + 10].strip() in (b"", b">") and b">" in data[at + 9:at + 40]:
            return start
        at = data.find(b"sheetData", at + 9)
    return -1


def _prefixed_close(data: bytes, at: int) -> int:
    if at < 1 or data[at - 1:at] != b":":
        return -1
    start = data.rfind(b"</", max(0, at - 64), at)
    if start < 0 or not re.fullmatch(rb"[A-Za-z_][\w.-]*", data[start + 2:at - 1]):
        return -1
    return start


def scan_sheet(stream, checkpoint) -> SheetScan:
    """Read the part once, in 1 MiB pieces, and return what it holds besides cell values."""
    scanner = _Scanner()
    while True:
        data = stream.read(_CHUNK)
        if not data:
            break
        scanner.feed(data)
        checkpoint()
    scan = scanner.scan
    if not scan.refs_seen:
        scan.min_col = 0
    return scan


def scan_extent(stream, checkpoint) -> tuple[int, int] | None:
    """The last row and the last column that hold a cell (0-based), or None when no cell has a reference.

    Only asked for when a merged range is huge: a 1 KB part may merge A1:XFD1048576, and such a
    range is clipped to the cells the sheet really has.
    """
    max_row = max_col = -1
    carry = b""
    while True:
        data = stream.read(_CHUNK)
        if not data:
            break
        data = carry + data
        for letters, digits in set(_CELL_REF.findall(data)):
            try:
                col = col_index(letters.decode("ascii"))
            except ValueError:
                continue
            max_col = max(max_col, col)
            max_row = max(max_row, int(digits) - 1)
        carry = data[-_OVERLAP:]
        checkpoint()
    return (max_row, max_col) if max_col >= 0 else None
