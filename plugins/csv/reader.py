"""The CSV/TSV reader: one table, its first record the header row (``--header first``, the default; ``auto``
finds it under title lines, ``none`` marks none), every record a citable row.

The bytes are read three times and never held whole: a scan decides the encoding
(:mod:`zenconv.safe.text`), the first 64 Ki characters decide the delimiter
(:mod:`zenconv_plugins.csv.delimiter`), and the records are then streamed to the writer one at a time
(:mod:`zenconv_plugins.csv.tokenizer`). An empty source (no bytes, or only a byte-order mark) gives
no block at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from itertools import chain
from typing import TextIO

from zenconv.context import ReadContext, Source
from zenconv.ir.locator import Locator, column_letters, row_locator
from zenconv.ir.nodes import Block, Cell, Row, Table, Text
from zenconv.reports import Unreadable
from zenconv.safe.text import EncodingGuess, UnknownEncoding, open_text, sniff_encoding
from zenconv.stream import PlainRows, RowGroups
from zenconv_plugins.binary import SAMPLE_BYTES, binary_reason

from zenconv_plugins.xlsx.header import LOOKAHEAD, split_header

from .delimiter import SAMPLE_CHARS, detect_delimiter
from .plugin import VERSION
from .tokenizer import Batch, Caps, Cuts, Tokenizer

LIBRARY = f"zenconv-csv-tokenizer/{VERSION}"

_DELIMITER_OPTION = {",": ",", ";": ";", "tab": "\t", "|": "|"}


def read(source: Source, ctx: ReadContext) -> Iterator[Block]:
    options = ctx.options
    caps = Caps(options["max_cols"], options["max_field_chars"], options["max_line_chars"],
                options["max_quoted_lines"], options["max_quoted_chars"])
    guess = _encoding(source, options["encoding"] or None, ctx)
    with source.open() as fh:
        why = binary_reason(fh.read(SAMPLE_BYTES), guess)
    if why is not None:
        raise Unreadable(ctx.code("binary-content"), why)
    if options["delimiter"] == "auto":
        delimiter = _detect(source, guess, caps)
    else:
        delimiter = _DELIMITER_OPTION[options["delimiter"]]
    ctx.library = LIBRARY
    ctx.flags["encoding"] = guess.encoding
    ctx.flags["delimiter"] = delimiter

    stream = open_text(source.open(), guess)
    try:
        tokenizer = Tokenizer(stream, delimiter, caps, tick=ctx.tick)
        batches = tokenizer.batches()
        first = next(batches, None)
    except BaseException:
        stream.close()
        raise
    if first is None:
        stream.close()
        if tokenizer.stray_nul:
            ctx.report("csv.nul-removed", count=tokenizer.stray_nul)
        return
    table = Table(rows=())
    header = options["header"] or "first"
    rows = _rows(chain((first,), batches), stream, table, ctx, guess, tokenizer, header == "first")
    if header == "auto":  # the header found under title lines, as in a sheet (zenconv_plugins.xlsx.header)
        # split_header reads LOOKAHEAD rows ahead and leaves the rest lazy: given them alone, it finds
        # the same header, and the rest stay groups.
        ahead, groups = _ahead(rows.groups(), LOOKAHEAD)
        titles, found = split_header(iter(ahead), "auto")
        yield from titles
        rows = RowGroups(chain((list(found),), groups))
    table.rows = rows
    yield table


def _ahead(groups: Iterator, count: int) -> tuple[list[Row], Iterator]:
    """The first ``count`` rows (all, when there are fewer), pulled from the reader as a loop over the rows
    would pull them, and the groups of the rest."""
    ahead: list[Row] = []
    for group in groups:
        if isinstance(group, PlainRows):
            take = count - len(ahead)
            if take < len(group.cells):
                ahead.extend(group.rows(0, take))
                return ahead, chain((group.after(take),), groups)
        ahead.extend(group)
        if len(ahead) >= count:
            break
    return ahead, groups


def _encoding(source: Source, declared: str | None, ctx: ReadContext) -> EncodingGuess:
    with source.open() as fh:
        try:
            return sniff_encoding(fh, declared)
        except UnknownEncoding as exc:
            raise Unreadable(ctx.code("unknown-encoding"), str(exc)) from None


def _detect(source: Source, guess: EncodingGuess, caps: Caps) -> str:
    with open_text(source.open(), guess) as stream:
        sample = stream.read(SAMPLE_CHARS + 1)
    return detect_delimiter(sample[:SAMPLE_CHARS], len(sample) > SAMPLE_CHARS, caps)


def _rows(batches: Iterator[Batch], stream: TextIO, table: Table, ctx: ReadContext,
          guess: EncodingGuess, tokenizer: Tokenizer, first_is_header: bool = True) -> RowGroups:
    """The rows, lazily; the stream closes when they are exhausted or abandoned."""
    return RowGroups(_row_groups(batches, stream, table, ctx, guess, tokenizer, first_is_header))


def _row_groups(batches: Iterator[Batch], stream: TextIO, table: Table, ctx: ReadContext,
                guess: EncodingGuess, tokenizer: Tokenizer, first_is_header: bool) -> Iterator[Iterable[Row]]:
    """The rows in groups: a batch's clean records as :class:`PlainRows`, whose rows, when iterated, are
    made by ``map``, so a row on the hot path of a million-row file passes no generator of its own, only
    :func:`_row`; a writer that takes the records alone makes no row at all."""
    ledger = _Ledger(ctx, table, guess)
    max_rows = ctx.options["max_rows"]
    lenient = guess.lenient
    index = 0  # of the next row
    try:
        for line, records, cuts in batches:
            cut_at = None  # the line of the first record past max_rows
            if index + len(records) > max_rows:
                cut_at = line + max_rows - index
                records = records[:max_rows - index]
            if index == 0 and records and first_is_header:  # the header row
                fields = records[0]
                locator = Locator(row=0, line=line, cell="A1")
                ledger.check(fields, cuts, locator, lenient)
                yield (Row([Cell([Text(field)] if field else [], header=True) for field in fields], locator=locator),)
                index, line, records = 1, line + 1, records[1:]
            if cuts is None and not lenient:  # nothing to check
                if records:
                    yield PlainRows(records, partial(_made_rows, records, index, line))
                line += len(records)
                index += len(records)
            else:
                for fields in records:
                    locator = Locator(row=index, cell=f"A{index + 1}", line=line)
                    ledger.check(fields, cuts, locator, lenient)
                    yield (Row(fields, locator=locator),)
                    index += 1
                    line += 1
            if cut_at is not None:
                ledger.rows_cut(Locator(row=max_rows, line=cut_at, cell=f"A{max_rows + 1}"), max_rows)
                break
        ledger.finish(tokenizer.stray_nul)
    finally:
        stream.close()


def _row(fields: list[str], index: int, line: int) -> Row:
    """``Row(fields, locator=Locator(row=index, cell=f"A{index + 1}", line=line))``, the slots set directly:
    a row's own ``__init__``, reached through the type's call, was a quarter of a clean row's cost.
    ``tests/csv/test_fast_rows.py`` holds this to the constructors."""
    row = _new(Row)
    row.cells = fields
    row.facets = ()
    row.locator = row_locator(index, f"A{index + 1}", line)
    return row


_new = object.__new__


def _made_rows(records: list[list[str]], index: int, line: int, start: int, stop: int) -> Iterator[Row]:
    """The rows of ``records[start:stop]``, the records on consecutive lines from ``line``, the first row
    ``index``."""
    if start:
        records = records[start:stop]
    return map(_row, records, range(index + start, index + stop), range(line + start, line + stop))


class _Ledger:
    """Reports what the records lost, and puts a visible note on the table at each first truncation."""

    def __init__(self, ctx: ReadContext, table: Table, guess: EncodingGuess) -> None:
        self.ctx = ctx
        self.table = table
        self.guess = guess
        self.noted: set[str] = set()
        self.undecodable_reported = False

    def check(self, fields: list[str], cuts: Cuts | None, locator: Locator, lenient: bool) -> None:
        if cuts is not None:
            self.cuts(cuts, locator)
        if lenient and any("\ufffd" in field for field in fields):
            self.undecodable(locator)

    def cuts(self, cuts: Cuts, locator: Locator) -> None:
        options = self.ctx.options
        if cuts.nul:
            self.ctx.report("csv.nul-removed", locator, count=cuts.nul)
        if cuts.columns:
            limit = options["max_cols"]
            self._truncated("csv.columns-truncated", locator, cuts.columns,
                            f"fields after column {limit:,} were not read", f"--max-cols {limit}")
        if cuts.fields:
            limit = options["max_field_chars"]
            self._truncated("csv.field-truncated", locator, cuts.fields,
                            f"fields longer than {limit:,} characters were cut", f"--max-field-chars {limit}")
        if cuts.line:
            limit = options["max_line_chars"]
            self._truncated("csv.line-truncated", locator, 1,
                            f"records longer than {limit:,} characters were cut", f"--max-line-chars {limit}")
        if cuts.quotes:
            lines, field, why = cuts.quote
            line = locator.line + lines
            self.ctx.report("csv.unterminated-quote", Locator(row=locator.row, line=line,
                                                              cell=f"{column_letters(field + 1)}{locator.row + 1}"),
                            count=cuts.quotes, detail=f"the quote opened on line {line:,} ran {why}")

    def rows_cut(self, locator: Locator, limit: int) -> None:
        self.ctx.report("csv.rows-truncated", locator)
        self._note("csv.rows-truncated", f"⚠ Truncated: rows after {limit:,} were not read (--max-rows {limit})")

    def undecodable(self, locator: Locator | None) -> None:
        self.undecodable_reported = True
        self.ctx.report("csv.undecodable-bytes", locator,
                        detail=f"{self.guess.encoding}: first undecodable byte at offset {self.guess.bad_offset}")

    def finish(self, stray_nul: int) -> None:
        if stray_nul:  # after the last record, in none
            self.ctx.report("csv.nul-removed", count=stray_nul)
        # The bad bytes may all lie in text a cap cut away: the decoding is still reported.
        if self.guess.lenient and not self.undecodable_reported:
            self.undecodable(None)

    def _truncated(self, code: str, locator: Locator, count: int, what: str, option: str) -> None:
        self.ctx.report(code, locator, count=count)
        citation = locator.citation()
        self._note(code, f"⚠ Truncated: {what}, first in {citation[:1].lower()}{citation[1:]} ({option})")

    def _note(self, code: str, text: str) -> None:
        self.ctx.flags["truncated"] = True
        if code not in self.noted:
            self.noted.add(code)
            self.table.notes.append(text)
