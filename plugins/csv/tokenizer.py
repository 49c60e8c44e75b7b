"""Records from a text stream: RFC 4180, tolerant, with every cap enforced while reading.

The rules (reference readers §3.2): a double quote at the start of a field opens a quoted field, in
which the delimiter and line breaks are literal and ``""`` is a quote; a quote anywhere else is a
literal character. A quote that is never closed is a stray one: a quoted field that runs past
``max_quoted_lines`` line breaks or ``max_quoted_chars`` characters, or to the end of the text, is
read again from where it opened with that quote taken as a literal character, so the rest of the file
is records as usual and not one cell (:class:`Cuts` ``quote`` says where). CRLF, LF and a lone CR
end a record. Nothing is trimmed, ragged records stay ragged, a blank line is the record ``['']``
and a trailing line break adds no record. NUL characters are removed (and counted) as if before
parsing: a CR, NULs and an LF are one line break, and NULs after the last line break add no record.

Where the ``csv`` module is used, and where not (measured on Python 3.11 against a character-by-
character statement of the rules): on one physical line whose quoted fields close on it, ``csv``
gives exactly these fields, and does it in C. It differs elsewhere: it gives ``[]`` for a blank line,
holds a whole physical line before parsing it (a 100 MB line without a line break is 100 MB at once),
raises past its process-wide ``field_size_limit``, and cannot stop storing a field or a record
part-way. So a line is read in pieces of at most :data:`SEGMENT` characters and:

- a whole line with no quote and no NUL is split with ``str.split`` (faster than ``csv``);
- a whole line with a quote goes to ``csv``, fed that one line; if ``csv`` asks for another line (a
  quoted field runs on), its answer is thrown away and the record is read by the state machine;
- a record that spans lines, holds a NUL, or is long enough to reach a cap is read by the state
  machine, which enforces the caps as it goes and never stores past them.

Lines are taken up to :data:`BATCH` at a time, fewer when they are long (about
:data:`BATCH_CHARS` characters a batch, so a file of long lines is not held 512 lines at once). A batch of short lines without a NUL goes to ``csv`` whole,
in C; if it gave one record per line (no quoted field ran on), none wider than the column cap, the
records stand (a blank line's ``[]`` made ``['']``). Any other batch is put back and read a line at a
time as above. This is the hot path of a million-row file: about twice as fast as a line at a time.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterator
from dataclasses import field
from functools import partial
from itertools import islice
from typing import TextIO

from zenconv.records import dataclass
from zenconv.patterns import pattern

# Longest piece of a physical line read at once: longer lines arrive in pieces, so memory is bounded
# by the caps and this size, never by the length of a line.
SEGMENT = 1 << 16
BATCH = 512  # physical lines read and parsed at once, at most
BATCH_CHARS = 1 << 20  # characters a batch aims at: the next batch's count follows the last one's line length
FIRST_BATCH = 64  # lines in the first batch, before any line length is known (at most 4 Mi characters)


@dataclass(frozen=True, slots=True)
class Caps:
    max_cols: int
    max_field_chars: int
    max_line_chars: int
    max_quoted_lines: int = 1000      # line breaks a quoted field may hold before its quote is taken as stray
    max_quoted_chars: int = 1 << 20   # characters a quoted field may run to before its quote is taken as stray


@dataclass(slots=True)
class Cuts:
    """What happened to one record on the way in."""

    nul: int = 0          # NUL characters removed
    fields: int = 0       # fields cut at max_field_chars
    columns: int = 0      # fields dropped past max_cols
    line: bool = False    # the record ran past max_line_chars; the rest of it was skipped
    quotes: int = 0       # stray quotes taken literally (a quoted field that never closed)
    # The first of them: (lines after the record's first where it opened, 0-based field, why it was stray)
    quote: tuple[int, int, str] | None = None

    def __bool__(self) -> bool:
        return bool(self.nul or self.fields or self.columns or self.line or self.quotes)


Record = tuple[list[str], int, Cuts | None]  # fields, 1-based line where the record starts, cuts
# Records on consecutive lines, the first on the given 1-based line; with Cuts there is one record.
Batch = tuple[int, list[list[str]], Cuts | None]


class Tokenizer:
    """Iterate to get :data:`Record` tuples, one per record, in order; the stream is read once."""

    def __init__(self, stream: TextIO, delimiter: str, caps: Caps, tick: Callable[[], None] | None = None,
                 text_ends: bool = True) -> None:
        if len(delimiter) != 1 or delimiter in '"\r\n\0':
            raise ValueError(f"unusable delimiter {delimiter!r}")
        self._readline = stream.readline
        self._read = stream.read
        self.delimiter = delimiter
        self.caps = caps
        self._tick = tick
        self._carry = ""
        self._pending: list[str] = []  # pieces of a batch put back, last first
        self.stray_nul = 0  # NULs after the last record, in no record
        self._stop = re.compile("[" + re.escape(delimiter) + "\r\n]")
        # Whether the end of the stream is the end of the text: a sample cut from a longer file may end
        # inside a quoted field that closes later, so there a quote open at the end is not stray.
        self._text_ends = text_ends

    def __iter__(self) -> Iterator[Record]:
        for line, records, cuts in self.batches():
            for offset, fields in enumerate(records):
                yield fields, line + offset, cuts

    def batches(self) -> Iterator[Batch]:
        delimiter = self.delimiter
        max_cols = self.caps.max_cols
        # A line this short cannot hold a field or a record over its cap, and came whole.
        fast_max = min(self.caps.max_field_chars, self.caps.max_line_chars, SEGMENT - 1)
        one_line = _OneLine()
        dialect = dict(delimiter=delimiter, quotechar='"', doublequote=True, escapechar=None,
                       skipinitialspace=False, strict=False)
        quoted = csv.reader(one_line, **dialect)
        pieces = iter(partial(self._readline, SEGMENT), "")
        count = min(FIRST_BATCH, BATCH)
        pending = self._pending  # pieces of a batch put back, last first
        line = 1
        ended_cr = False  # the last physical line ended with a lone CR
        while True:
            if pending:
                seg = pending.pop()
            elif self._carry:
                seg = self._segment()
            else:
                lines = list(islice(pieces, count))
                if not lines:
                    return
                text = "".join(lines)
                count = batch_count(len(lines), len(text))
                records = _clean_batch(lines, text, dialect, fast_max, max_cols)
                last = lines[-1]
                if records is not None:
                    ended_cr = last[-1] == "\r"
                    yield line, records, None
                    line += len(records)
                    continue
                pending.extend(self._put_back(lines))
                seg = pending.pop()
            if len(seg) <= fast_max and "\0" not in seg:
                if '"' not in seg:
                    last = seg[-1]
                    ended_cr = last == "\r"
                    if last == "\n":
                        seg = seg[:-2] if seg[-2:-1] == "\r" else seg[:-1]
                    elif ended_cr:
                        seg = seg[:-1]
                    fields = seg.split(delimiter, max_cols)
                    if len(fields) > max_cols:
                        yield line, [fields[:max_cols]], Cuts(columns=fields[-1].count(delimiter) + 1)
                    else:
                        yield line, [fields], None
                    line += 1
                    continue
                ended_cr = seg[-1] == "\r"
                one_line.line = seg
                try:
                    fields = next(quoted)
                except (csv.Error, StopIteration):
                    fields = None
                if fields is not None and not one_line.overran:
                    if len(fields) > max_cols:
                        yield line, [fields[:max_cols]], Cuts(columns=len(fields) - max_cols)
                    else:
                        yield line, [fields], None
                    line += 1
                    continue
                # A quoted field runs on past this line: the state machine reads the record.
                one_line.line, one_line.overran = None, False
            record = self._record(seg, ended_cr)
            if record is None:
                return
            fields, cuts, lines_spanned, ended_cr = record
            yield line, [fields], cuts if cuts else None
            line += lines_spanned

    # --- physical lines --------------------------------------------------------------------------

    def _segment(self) -> str:
        """The next piece of a physical line, never ending between the CR and LF of a CRLF."""
        if self._pending:  # the rest of a batch put back, in pieces as they were read
            return self._pending.pop()
        carry, self._carry = self._carry, ""
        if carry == "\r":
            return self._join_crlf(carry)
        seg = carry + self._readline(SEGMENT - len(carry))
        if len(seg) >= SEGMENT and seg[-1] == "\r":
            return self._join_crlf(seg)
        return seg

    def _put_back(self, lines: list[str]) -> list[str]:
        """A batch as pieces to read again, last first; a CRLF the piece size cut is joined again."""
        pieces: list[str] = []
        for piece in lines:
            if piece == "\n" and pieces and len(pieces[-1]) >= SEGMENT and pieces[-1][-1] == "\r":
                pieces[-1] += piece
            else:
                pieces.append(piece)
        if len(pieces[-1]) >= SEGMENT and pieces[-1][-1] == "\r":
            pieces[-1] = self._join_crlf(pieces[-1])
        pieces.reverse()
        return pieces

    def _join_crlf(self, seg: str) -> str:
        # readline stopped at its size limit right after a CR: the LF may follow.
        nxt = self._read(1)
        if nxt == "\n":
            return seg + nxt
        self._carry = nxt
        return seg

    # --- one record through the state machine ----------------------------------------------------

    def _record(self, seg: str, after_cr: bool) -> tuple[list[str], Cuts, int, bool] | None:
        """The record starting with ``seg``: its fields, its cuts, the physical lines it spans, and
        whether its last line ended with a lone CR; None when only NULs were left before the end."""
        state = _State(self.delimiter, self._stop, self.caps)
        caps = self.caps
        max_line = caps.max_line_chars
        lines = 0
        started = False
        quote: _OpenQuote | None = None  # the quoted field open at the end of the last piece
        while True:
            ends_line = seg[-1:] in ("\n", "\r")
            if "\0" in seg:
                state.cuts.nul += seg.count("\0")
                seg = seg.replace("\0", "")
            if after_cr and seg[:1] == "\n":
                # Only NULs split a CRLF (pieces never do): this LF completes the CR before it,
                # whose line is counted, and which ended the record before if this one has not begun.
                ends_line = after_cr = False
                if not started:
                    seg = seg[1:]
            if seg:
                started = True
                after_cr = seg[-1] == "\r"
                whole, base, rest = seg, state.length, 0
                state.opened = -1
                if not state.skipping:
                    body = len(seg) - (2 if seg.endswith("\r\n") else 1 if ends_line else 0)
                    room = max(0, max_line - state.length)
                    if body > room:
                        # Past the record cap: keep what fits, then only follow the quoting to the end.
                        state.feed(seg[:room])
                        state.skip()
                        seg, rest = seg[room:], room
                    state.length += len(seg)
                done = state.feed(seg, rest)
                lines += ends_line
                if done:
                    break
                if not state.quoted:
                    quote = None
                elif state.opened >= 0:  # a quoted field opened in this piece and runs on
                    quote = _OpenQuote(whole, state.opened, lines - ends_line, base, state.opened_field,
                                       state.opened_skipping)
                elif quote is not None:
                    quote.pieces.append(whole)
                    quote.chars += len(whole)
                if quote is not None and not state.pending_quote:
                    why = None
                    if lines - quote.lines > caps.max_quoted_lines:
                        why = f"over {caps.max_quoted_lines:,} lines"
                    elif quote.chars > caps.max_quoted_chars:
                        why = f"over {caps.max_quoted_chars:,} characters"
                    if why is not None:
                        lines, after_cr = quote.lines, False
                        self._take_literally(state, quote, why)
                        quote = None
            if self._tick is not None:
                self._tick()
            seg = self._segment()
            if not seg:
                if not started:
                    self.stray_nul += state.cuts.nul
                    return None
                if quote is not None and self._text_ends and not state.pending_quote:
                    lines, after_cr = quote.lines, False
                    self._take_literally(state, quote, "to the end of the file")
                    quote = None
                    seg = self._segment()
                    if seg:
                        continue
                state.end_field()
                break
        return state.fields, state.cuts, lines, after_cr

    def _take_literally(self, state: _State, quote: _OpenQuote, why: str) -> None:
        """Read the text again from the stray quote on, the quote a character of its field: the text
        after it is put back, in pieces as ``readline`` would have given them, ahead of the rest."""
        cuts = state.cuts
        cuts.quotes += 1
        if cuts.quote is None:
            cuts.quote = (quote.lines, quote.field, why)
        state.take_literally(quote.field, quote.skipping)
        state.length = quote.length + 1
        pieces, tail = _replay_pieces("".join(quote.pieces)[1:], SEGMENT)
        if tail:  # the rest of its line follows: the next piece put back, else the stream
            if self._pending:
                self._pending[-1] = tail + self._pending[-1]
            else:
                self._carry = tail + self._carry
        pieces.reverse()
        self._pending.extend(pieces)


_BREAK = pattern("\r\n|\r|\n")


def _replay_pieces(text: str, size: int) -> tuple[list[str], str]:
    """``text`` as the pieces ``readline(size)`` gives (a CRLF never cut), and what follows its last
    line break or last whole piece: the start of a line whose rest is still to be read."""
    pieces: list[str] = []
    start = 0
    for match in _BREAK.finditer(text):
        end = match.end()
        while end - start > size:
            cut = start + size
            if text[cut - 1] == "\r" and text[cut] == "\n":
                cut += 1
            pieces.append(text[start:cut])
            start = cut
        if start < end:
            pieces.append(text[start:end])
        start = end
    while len(text) - start >= size:
        pieces.append(text[start:start + size])
        start += size
    return pieces, text[start:]


def batch_count(lines: int, chars: int) -> int:
    """How many lines to read next, after a batch of ``lines`` lines holding ``chars`` characters."""
    return max(1, min(BATCH, BATCH_CHARS * lines // max(chars, 1)))


def _clean_batch(lines: list[str], text: str, dialect: dict, fast_max: int,
                 max_cols: int) -> list[list[str]] | None:
    """The records of ``lines`` (``text`` their characters joined) by ``csv``, when each line is a whole
    record that needs nothing else."""
    # A batch no longer than fast_max has no line longer.
    if (len(text) > fast_max and max(map(len, lines)) > fast_max) or "\0" in text:
        return None
    reader = csv.reader(lines, **dialect)
    try:
        records = list(reader)
    except csv.Error:  # over a field size limit someone lowered in this process
        return None
    if len(records) != len(lines) or reader.line_num != len(lines):
        return None  # a quoted field ran on to a later line
    last = lines[-1]
    if last[-1] not in "\r\n" and '"' in last:
        return None  # the text's last line, without a line break: a quote on it may never close
    # The last line's quoted field may have run on to the end of the batch: its line break is in it.
    if any("\n" in field or "\r" in field for field in records[-1]):
        return None
    if max(map(len, records)) > max_cols:  # the state machine cuts the record and counts what it cut
        return None
    if not all(records):  # a blank line, which csv reads as no field ([], the one false record)
        return [fields or [""] for fields in records]
    return records


class _OneLine:
    """Feeds the ``csv`` reader one physical line and notes when it asks for more."""

    __slots__ = ("line", "overran")

    def __init__(self) -> None:
        self.line: str | None = None
        self.overran = False

    def __iter__(self) -> _OneLine:
        return self

    def __next__(self) -> str:
        line = self.line
        if line is None:
            self.overran = True
            raise StopIteration
        self.line = None
        return line


@dataclass(slots=True)
class _OpenQuote:
    """A quoted field still open: the text from its quote on, and the record as it was at the quote."""

    first: str               # the piece the quote is in
    offset: int              # where the quote is in it
    lines: int               # line breaks of the record before the quote
    base: int                # characters of the record before that piece
    field: int               # the fields of the record before it
    skipping: bool           # whether the record was already past its cap
    pieces: list[str] = field(default_factory=list)
    chars: int = 0
    length: int = 0          # characters of the record before the quote

    def __post_init__(self) -> None:
        self.pieces = [self.first[self.offset:]]
        self.chars = len(self.pieces[0])
        self.length = self.base + self.offset


class _State:
    """The state of a record being read: the fields so far, the open field, the quoting."""

    __slots__ = ("delimiter", "stop", "caps", "fields", "parts", "field_length", "field_cut", "length",
                 "quoted", "pending_quote", "at_start", "skipping", "cuts", "opened", "opened_field",
                 "opened_skipping")

    def __init__(self, delimiter: str, stop: re.Pattern, caps: Caps) -> None:
        self.delimiter = delimiter
        self.stop = stop
        self.caps = caps
        self.fields: list[str] = []
        self.parts: list[str] = []
        self.field_length = 0
        self.field_cut = False
        self.length = 0               # characters of the record so far
        self.quoted = False           # inside a quoted field
        self.pending_quote = False    # a quote ended the last piece inside a quoted field
        self.at_start = True          # nothing of the current field read yet
        self.skipping = False         # past max_line_chars: nothing more is stored
        self.cuts = Cuts()
        self.opened = -1              # where in the piece (from ``at``) the last quoted field opened
        self.opened_field = 0         # the fields before it, and whether the record was past its cap
        self.opened_skipping = False

    def feed(self, s: str, at: int = 0) -> bool:
        """Consume ``s`` (from ``at`` in its piece); True when the record ended (a line break outside quotes)."""
        i, n = 0, len(s)
        if self.pending_quote and n:
            self.pending_quote = False
            if s[0] == '"':
                self.add('"')
                i = 1
            else:
                self.quoted = False
        while i < n:
            if self.quoted:
                j = s.find('"', i)
                if j < 0:
                    self.add(s[i:])
                    return False
                self.add(s[i:j])
                if j + 1 == n:
                    self.pending_quote = True  # an escaped quote or the closing one: the next piece says
                    return False
                if s[j + 1] == '"':
                    self.add('"')
                    i = j + 2
                else:
                    self.quoted = False
                    i = j + 1
                continue
            if self.at_start and s[i] == '"':
                self.quoted = True
                self.at_start = False
                self.opened, self.opened_field, self.opened_skipping = at + i, len(self.fields), self.skipping
                i += 1
                continue
            match = self.stop.search(s, i)
            if match is None:
                self.add(s[i:])
                self.at_start = False
                return False
            j = match.start()
            if j > i:
                self.add(s[i:j])
            self.end_field()
            if s[j] != self.delimiter:
                return True  # a line break: CRLF is one, as the piece ends right after it
            i = j + 1
        return False

    def add(self, text: str) -> None:
        if self.skipping or len(self.fields) >= self.caps.max_cols:
            return
        room = self.caps.max_field_chars - self.field_length
        if len(text) > room:
            if not self.field_cut:
                self.field_cut = True
                self.cuts.fields += 1
            text = text[:room]
        if text:
            self.parts.append(text)
            self.field_length += len(text)

    def end_field(self) -> None:
        if self.pending_quote:  # the record ends right after a closing quote
            self.pending_quote = self.quoted = False
        if not self.skipping:
            if len(self.fields) < self.caps.max_cols:
                parts = self.parts
                self.fields.append(parts[0] if len(parts) == 1 else "".join(parts))
            else:
                self.cuts.columns += 1
        self.parts = []
        self.field_length = 0
        self.field_cut = False
        self.at_start = True

    def take_literally(self, fields: int, skipping: bool) -> None:
        """Back to the start of the open quoted field (``fields`` fields before it, ``skipping`` as
        then), its quote now the field's first character and no longer quoting."""
        if self.field_cut:
            self.cuts.fields -= 1
        del self.fields[fields:]
        if not skipping and self.skipping:
            self.skipping = self.cuts.line = False
        self.parts = []
        self.field_length = 0
        self.field_cut = False
        self.quoted = self.pending_quote = self.at_start = False
        self.add('"')

    def skip(self) -> None:
        """Keep the record as read so far, the field in progress ending where the cap fell.

        The quoting state is left as it is: the rest of the record is still followed, unstored, to
        find where the record ends.
        """
        if len(self.fields) < self.caps.max_cols:
            self.fields.append("".join(self.parts))
        self.parts = []
        self.skipping = True
        self.cuts.line = True
