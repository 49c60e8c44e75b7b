"""Reading JSON text a value at a time, so a file of any size costs its largest record, not itself.

The top level is walked here by hand, one token at a time: an array's elements, an object's members,
and the elements of an array that is a member's value, are each decoded alone by the standard
library's C decoder (``raw_decode``) and given out as events. Deeper down, a :class:`Plan` says what
else is walked: the first pass walks every object (to :data:`WALK_DEPTH`) and every array, so it can
find the large arrays of records nested members deep (``{"data": {"items": [...]}}``); the second walks
only the objects around those and streams those arrays like the top level's, and decodes the rest
whole (a small nested value is mapped as one, duplicate keys and all). The
text is decoded from the bytes a chunk at a time; a value cut by the end of a chunk is decoded again
once more text is in (the buffer doubles, so a long value costs its length, not its length squared),
and one longer than --max-value-chars is refused.

Scalars keep their spelling: numbers are kept as the text written (:class:`Literal`), so ``1.10``
stays ``1.10`` and a 5,000-digit integer is exact. ``NaN`` and ``Infinity``, which JSON lacks, are kept
as written and counted; so are duplicate keys (the last value kept, as every JSON parser does) and keys
past --max-keys.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Iterator
from typing import BinaryIO

from zenconv_plugins.records import Literal, Tally, pointer
from zenconv.patterns import pattern

CHUNK = 1 << 20
# Objects walked by hand before a member's value is decoded whole: records sit a few members down
# (an API's {"data": {"results": [...]}}), and each level walked is a generator frame every event passes.
WALK_DEPTH = 32
# A nested array this long, in characters, is streamed; a shorter one is decoded whole with its member.
STREAM_CHARS = 1 << 20


class Plan:
    """What the walk opens below the top level's members; the first pass's plan opens everything.

    ``walked``: the character offsets of the objects to walk by hand; ``streamed``: those of the
    nested arrays to give element by element. None: every one (to :data:`WALK_DEPTH`).
    """

    def __init__(self, walked: set[int] | None = None, streamed=None) -> None:
        self.walked = walked
        self.streamed = streamed

    def walks(self, offset: int, depth: int) -> bool:
        return depth < WALK_DEPTH if self.walked is None else offset in self.walked

    def streams(self, offset: int, depth: int) -> bool:
        return depth <= 1 or self.streamed is None or offset in self.streamed
_WS = pattern(r"[ \t\n\r]*")
# A decoding error this close to the end of the text may only mean the text stops there.
_CUT_MARGIN = 64


class Invalid(ValueError):
    """The text is not JSON; ``where`` says where (line and column)."""

    def __init__(self, message: str, where: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


class TooLarge(ValueError):
    """One value runs past --max-value-chars."""


class TooDeep(ValueError):
    """A value nests deeper than the decoder can follow."""


def decoder(tally: Tally, max_keys: int) -> json.JSONDecoder:
    """The standard decoder, told to keep every scalar's spelling and to count what it cannot keep."""

    def pairs(items: list) -> dict:
        if len(items) > max_keys:
            tally.keys_cut += len(items) - max_keys
            items = items[:max_keys]
        value = dict(items)
        if len(value) != len(items):
            tally.duplicates += len(items) - len(value)
            last = {key: index for index, (key, _) in enumerate(items)}
            tally.overridden.extend(item for index, (key, item) in enumerate(items) if last[key] != index)
        return value

    def constant(word: str) -> Literal:
        tally.constants += 1
        return Literal(word)

    return json.JSONDecoder(object_pairs_hook=pairs, parse_float=Literal, parse_int=Literal,
                            parse_constant=constant)


def survey_decoder() -> json.JSONDecoder:
    """The decoder of a pass that only looks at shapes and keys: no Python hook per object (twice as fast);
    numbers still kept as text, so a huge one is not converted and a number is never taken for a key."""
    return json.JSONDecoder(parse_int=Literal, parse_float=Literal)


def text_decoder(encoding: str, on_bad_bytes: Callable[[], None]):
    """An incremental decoder that turns to replacement characters at the first bad byte, and says so."""
    state = {"decoder": codecs.getincrementaldecoder(encoding)("strict")}

    def decode(data: bytes, final: bool) -> str:
        current = state["decoder"]
        pending = current.getstate()
        try:
            return current.decode(data, final)
        except UnicodeDecodeError:
            on_bad_bytes()
            lenient = codecs.getincrementaldecoder(encoding)("replace")
            lenient.setstate(pending)
            state["decoder"] = lenient
            return lenient.decode(data, final)

    return decode


class Window:
    """The text of the bytes ``[start, end)`` of a file, decoded as it is read, with a read position."""

    def __init__(self, fh: BinaryIO, start: int, end: int, decode, decoder: json.JSONDecoder, max_chars: int,
                 tick: Callable[[], None]) -> None:
        fh.seek(start)
        self.fh = fh
        self.remaining = end - start
        self.decode = decode
        self.scan = decoder.raw_decode
        self.max_chars = max_chars
        self.tick = tick
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.lines_before = 0  # line breaks in the text already dropped from the buffer
        self.chars_before = 0

    def more(self) -> bool:
        """Read the next chunk: as big as what is held, so a long value is read in doubling steps, but never
        past --max-value-chars held (plus one chunk)."""
        if self.eof:
            return False
        self.tick()
        held = len(self.buf) - self.pos
        size = min(max(CHUNK, min(held, self.max_chars + 1 - held)), self.remaining)
        data = self.fh.read(size) if size > 0 else b""
        self.remaining -= len(data)
        self.eof = not data or self.remaining <= 0
        text = self.decode(data, self.eof)
        if self.pos:
            self.lines_before += self.buf.count("\n", 0, self.pos)
            self.chars_before += self.pos
            self.buf = self.buf[self.pos:] + text
            self.pos = 0
        else:
            self.buf += text
        return True

    def peek(self) -> str:
        """The next character that is not whitespace, not consumed; "" at the end."""
        while True:
            self.pos = _WS.match(self.buf, self.pos).end()
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self.more():
                return ""

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise self.invalid(f"expected {what}")
        self.pos += 1

    def value(self):
        """Decode the value at the read position (whitespace already skipped by :meth:`peek`)."""
        while True:
            try:
                value, end = self.scan(self.buf, self.pos)
            except json.JSONDecodeError as exc:
                if self.eof or not self._cut_short(exc):
                    self.pos = exc.pos
                    raise self.invalid(exc.msg) from None
            except RecursionError:
                raise TooDeep(self.where()) from None
            else:
                if end < len(self.buf) or self.eof:
                    self.pos = end
                    return value
            if len(self.buf) - self.pos > self.max_chars:
                raise TooLarge(self.where())
            self.more()

    def _cut_short(self, exc: json.JSONDecodeError) -> bool:
        return exc.msg.startswith("Unterminated string") or exc.pos >= len(self.buf) - _CUT_MARGIN

    def offset(self) -> int:
        """The read position in characters from the start of the text: the same in both passes."""
        return self.chars_before + self.pos

    def where(self) -> str:
        line = self.lines_before + self.buf.count("\n", 0, self.pos) + 1
        start = self.buf.rfind("\n", 0, self.pos) + 1
        column = self.pos - start + 1 + (self.chars_before if start == 0 and not self.lines_before else 0)
        return f"line {line:,}, column {column:,}"

    def invalid(self, message: str) -> Invalid:
        return Invalid(message, self.where())


# Events: ("value", path, value) for a top level that is a scalar; ("member", key, path, value);
# ("object", key, path, offset) before the members of an object that is a member's value, walked by
# hand, and ("close", path) after them; ("array", key, path, offset, depth) before the elements of the
# top-level array (key None, depth 0) or of an array that is a member's value, ``depth`` objects down;
# ("element", path, index, value); ("end", path, count, offset) after the last element. An offset is
# where the value starts (or the array ends), in characters.
def events(window: Window, max_keys: int, tally: Tally, plan: Plan = Plan()) -> Iterator[tuple]:
    """The document's walked objects and arrays as events; raises :class:`Invalid` where the text stops being JSON."""
    first = window.peek()
    if first == "[":
        yield ("array", None, "", window.offset(), 0)
        yield from _elements(window, "")
    elif first == "{":
        window.pos += 1
        yield from _members(window, max_keys, tally, plan, "", 1)
    elif first == "":
        raise window.invalid("no JSON value")
    else:
        yield ("value", "", window.value())
    if window.peek() != "":
        raise window.invalid("more text after the JSON value")


def _members(window: Window, max_keys: int, tally: Tally, plan: Plan, base: str, depth: int) -> Iterator[tuple]:
    """The members of the object whose "{" was just read, ``depth`` objects down (the top-level one is 1)."""
    seen: set[str] = set()
    count = 0
    while True:
        if window.peek() == "}":
            window.pos += 1
            return
        if count:
            window.expect(",", "',' or '}'")
            window.peek()
        key = window.value()
        if not isinstance(key, str) or isinstance(key, Literal):
            raise window.invalid("expected a key in double quotes")
        window.expect(":", "':'")
        path = pointer(base, key)
        count += 1
        kept = len(seen) < max_keys
        if key in seen:
            tally.duplicates += 1
        elif kept:
            seen.add(key)
        else:
            tally.keys_cut += 1
        char = window.peek()
        offset = window.offset()
        if not kept:
            window.value()
        elif char == "[" and plan.streams(offset, depth):
            yield ("array", key, path, offset, depth)
            yield from _elements(window, path)
        elif char == "{" and plan.walks(offset, depth):
            window.pos += 1
            if window.peek() == "}":  # an empty object is a leaf, as the decoder gives it
                window.pos += 1
                yield ("member", key, path, {})
                continue
            yield ("object", key, path, offset)
            yield from _members(window, max_keys, tally, plan, path, depth + 1)
            yield ("close", path)
        else:
            yield ("member", key, path, window.value())


def _elements(window: Window, path: str) -> Iterator[tuple]:
    window.pos += 1  # the "["
    index = 0
    while True:
        char = window.peek()
        if char == "]":
            window.pos += 1
            yield ("end", path, index, window.offset())
            return
        if index:
            if char != ",":
                raise window.invalid("expected ',' or ']'")
            window.pos += 1
            window.peek()
        yield ("element", path, index, window.value())
        index += 1
