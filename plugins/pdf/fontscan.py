"""What a font would cost pdfminer to build, measured before it is built.

pdfminer builds a font's maps eagerly and in full: every code of a ToUnicode ``bfrange`` or
``cidrange``, every code of a ``/W`` width range, every code of an embedded TrueType ``cmap``
segment becomes a dictionary entry, and a Type 1 header is parsed token by token. Four bytes
of range (``<00000000> <FFFFFFFF>``) are four billion entries. Each scan here counts that work
without doing it, in one linear pass that stops as soon as a limit is passed, and says what it
found: :class:`Cost` (entries read, codes a map would hold) or ``None`` for data pdfminer would
fail on anyway.
"""

from __future__ import annotations

import re
import struct

from pdfminer.pdftypes import resolve1

from zenconv.records import dataclass
from zenconv.patterns import pattern


TOKENS_PER_ENTRY = 4   # a mapping is two or three objects; more objects than this per entry is padding


@dataclass(slots=True)
class Cost:
    entries: int = 0   # mappings (and stray objects) a parser must read
    codes: int = 0     # dictionary entries the map would hold
    tokens: int = 0    # everything read, comments and brackets included

    def over(self, max_entries: int, max_codes: int) -> str | None:
        """What is over its limit, said for the manifest; None when both are within."""
        if self.entries > max_entries or self.tokens > TOKENS_PER_ENTRY * max_entries:
            return f"more than {max_entries} entries (--max-cmap-entries)"
        if self.codes > max_codes:
            return f"more than {max_codes} codes (--max-cmap-codes)"
        return None


# A CMap's objects, as pdfminer's PostScript parser would split them: hex strings, array brackets,
# the section keywords, and every other word, name, number or string as one object. Comments
# are skipped. A literal string is one object only when it holds no parenthesis or backslash: a
# match never runs past the next one, so the scan stays linear on a stream of unclosed strings
# (a string it splits counts as more objects, never as fewer codes).
_STRING = rb"\([^()\\]*\)"
_CMAP_TOKEN = pattern(rb"%[^\r\n]*|<[0-9A-Fa-f\s]*>|\[|\]|" + _STRING + rb"|/?[^\s<>\[\]()/%{}]+|[{}<>()]")
_SECTIONS = {b"beginbfchar": (b"endbfchar", 2), b"begincidchar": (b"endcidchar", 2),
             b"beginbfrange": (b"endbfrange", 3), b"begincidrange": (b"endcidrange", 3)}


def _hex(token: bytes) -> bytes | None:
    if not token.startswith(b"<"):
        return None
    digits = re.sub(rb"\s", b"", token[1:-1])
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode("ascii"))


def _range_codes(kind: bytes, start, end, dest) -> int:
    """The codes pdfminer's loop adds for one range entry (0 for an entry it skips)."""
    first, last = _hex(start) if isinstance(start, bytes) else None, _hex(end) if isinstance(end, bytes) else None
    if first is None or last is None or len(first) != len(last):
        return 0
    if kind == b"endcidrange":
        # pdfminer counts only the last four bytes of a cidrange; the prefix must match.
        if first[:-4] != last[:-4]:
            return 0
        first, last = first[-4:], last[-4:]
    span = int.from_bytes(last, "big") - int.from_bytes(first, "big") + 1
    if span <= 0:
        return 0
    if isinstance(dest, int):
        return min(span, dest)  # an array destination (its length here) maps one code per element
    return span


def cmap_cost(data: bytes, max_entries: int, max_codes: int) -> Cost:
    """The entries and codes of a CMap (ToUnicode or embedded), counted until a limit is passed."""
    cost = Cost()
    section: tuple[bytes, int] | None = None
    items: list = []                # the current entry's objects: tokens, or an array's length
    array: int | None = None        # the elements of an array being read inside an entry
    most_tokens = TOKENS_PER_ENTRY * max_entries
    for match in _CMAP_TOKEN.finditer(data):
        cost.tokens += 1
        if cost.tokens > most_tokens:
            break
        token = match.group()
        if token.startswith(b"%"):
            continue
        if section is None:
            opened = _SECTIONS.get(token)
            if opened is not None:
                section, items, array = opened, [], None
            else:
                cost.entries += 1  # a stray object: the parser reads it all the same
        elif token == section[0]:
            section = None
        elif token == b"[":
            array = array or 0
        elif array is not None:
            if token == b"]":
                items.append(array)
                array = None
            else:
                array += 1
                cost.entries += 1
        else:
            items.append(token)
        if section is not None and len(items) == section[1]:
            cost.entries += 1
            cost.codes += _range_codes(section[0], *items) if section[1] == 3 else 1
            items = []
        if cost.entries > max_entries or cost.codes > max_codes:
            break
    return cost


def widths_cost(value, step: int, max_codes: int) -> Cost:
    """The codes a CID font's ``/W`` (``step`` 3) or ``/W2`` (``step`` 5) array gives widths to.

    Both arrays mix ``c [w1 w2 …]`` (one code per width, or per three numbers in ``/W2``) with
    ``c_first c_last w …`` (every code of the range), and pdfminer fills a dictionary entry for each.
    """
    cost = Cost()
    try:
        items = resolve1(value)
    except Exception:  # an unresolvable array gives no widths to anything
        return cost
    if not isinstance(items, list):
        return cost
    numbers: list = []
    for item in items:
        item = resolve1(item)
        cost.entries += 1
        if isinstance(item, list):
            if numbers:
                cost.codes += len(item) if step == 3 else len(item) // 3
                numbers = []
        elif isinstance(item, (int, float)):
            numbers.append(item)
            if len(numbers) == step:
                first, last = numbers[0], numbers[1]
                if isinstance(first, int) and isinstance(last, int):
                    cost.codes += max(0, last - first + 1)
                numbers = []
        if cost.codes > max_codes:
            break
    return cost


def _unpack(fmt: str, data: bytes, offset: int) -> tuple:
    """struct.unpack_from that says "broken" (ValueError) for a read past the end, as pdfminer would."""
    if offset < 0 or offset + struct.calcsize(fmt) > len(data):
        raise ValueError("past the end of the font")
    return struct.unpack_from(fmt, data, offset)


def truetype_cost(data: bytes, max_codes: int) -> Cost | None:
    """The codes pdfminer's TrueType ``cmap`` reader would loop over; None for a table it would
    fail on (a read past the end, a subtable format it does not know)."""
    cost = Cost()
    try:
        (count,) = _unpack(">H", data, 4)
        cmap = None
        for k in range(count):
            if 12 + 16 * (k + 1) > len(data):
                break  # pdfminer stops reading the directory where the data ends
            tag, _sum, offset, _length = _unpack(">4sLLL", data, 12 + 16 * k)
            if tag == b"cmap":
                cmap = offset
        if cmap is None:
            return cost
        _version, subtables = _unpack(">HH", data, cmap)
        for k in range(subtables):
            platform, encoding, offset = _unpack(">HHL", data, cmap + 4 + 8 * k)
            if not (platform == 0 or (platform == 3 and encoding in (1, 10))):
                continue
            cost.entries += 1
            cost.codes += _subtable_codes(data, cmap + offset, max_codes - cost.codes)
            if cost.codes > max_codes:
                break
    except ValueError:
        return None
    return cost


def _subtable_codes(data: bytes, at: int, room: int) -> int:
    """The codes of one subtable, counted until past ``room``."""
    (form,) = _unpack(">H", data, at)
    if form == 0:
        _unpack(">256B", data, at + 6)
        return 256
    if form == 2:
        keys = _unpack(">256H", data, at + 6)
        codes = 0
        start = at + 6 + 512
        for k in range(max(keys) // 8 + 1):
            _first, entries, _delta, offset = _unpack(">HHhH", data, start + 8 * k)
            _unpack(f">{entries}H", data, start + 8 * k + 6 + offset)
            codes += entries
        return codes
    if form == 4:
        (segments,) = _unpack(">H", data, at + 6)
        segments //= 2
        ends = _unpack(f">{segments}H", data, at + 14)
        starts = _unpack(f">{segments}H", data, at + 16 + 2 * segments)
        ranges_at = at + 16 + 6 * segments
        offsets = _unpack(f">{segments}H", data, ranges_at)
        codes = 0
        for end, start, offset in zip(ends, starts, offsets):
            span = max(0, end - start + 1)
            if offset and span:
                _unpack(f">{span}H", data, ranges_at + offset)
            codes += span
        return codes
    if form == 6:
        _first, entries = _unpack(">HH", data, at + 6)
        _unpack(f">{entries}H", data, at + 10)
        return entries
    if form == 10:
        _start, chars = _unpack(">II", data, at + 12)
        if at + 20 + 2 * chars > len(data):
            raise ValueError("past the end of the font")
        return chars
    if form == 12:
        (groups,) = _unpack(">I", data, at + 12)
        if at + 16 + 12 * groups > len(data):
            raise ValueError("past the end of the font")
        codes = 0
        for k in range(groups):
            start, end, _glyph = struct.unpack_from(">III", data, at + 16 + 12 * k)
            codes += max(0, end - start + 1)
            if codes > room:
                break
        return codes
    raise ValueError(f"cmap subtable format {form}")


# The objects of a Type 1 font's clear-text header, as pdfminer's PostScript parser splits them.
_PS_TOKEN = pattern(rb"%[^\r\n]*|" + _STRING + rb"|<[^<>]*>|[\[\]{}()<>]|/?[^\s<>\[\]()/%{}]+")


def type1_header_cost(data: bytes, max_entries: int) -> Cost:
    """The objects of a Type 1 header pdfminer parses for the font's encoding, up to the limit."""
    cost = Cost()
    for _ in _PS_TOKEN.finditer(data):
        cost.entries += 1
        if cost.entries > max_entries:
            break
    return cost
