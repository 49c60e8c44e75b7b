"""The JSON Lines reader: one value per non-blank line, streamed, each row cited by its line.

Read twice, a line at a time: the first pass finds the union of the objects' keys (the header row),
the second makes the rows as the writer asks for them. A line that is not one JSON value, or is
longer than --max-value-chars (skipped unread, in pieces), is reported with its number; the lines
after it are read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import BinaryIO

from zenconv.context import ReadContext, Source
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Block, Table

from zenconv_plugins.records import DEPTH_CEILING, Columns, Mapper, Tally

from .reader import LIBRARY
from .scan import decoder, survey_decoder

_PIECE = 1 << 20
_WS = " \t\r\n"


def read(source: Source, ctx: ReadContext) -> Iterator[Block]:
    ctx.library = LIBRARY
    options = ctx.options
    columns, count, objects = Columns(options["max_keys"]), 0, 0
    # The first pass reports the lines left out (so a file of bad lines alone still says so); the
    # second reports what the rows lose.
    for _, value in _values(source, ctx, survey_decoder(), report=True):
        count += 1
        if isinstance(value, dict):
            objects += 1
            columns.add(value)
    if not count:
        return
    tally = Tally()
    mapper = Mapper("jsonl", options, tally, ctx.report)
    table = Table(rows=())
    records = ((index, value, Locator(row=index, line=line))
               for index, (line, value) in enumerate(_values(source, ctx, decoder(tally, options["max_keys"]),
                                                          report=False)))
    table.rows = mapper.rows(records, columns if objects == count else None, table, None)
    yield table
    mapper.flush(None)


def _values(source: Source, ctx: ReadContext, values: json.JSONDecoder, report: bool) -> Iterator[tuple[int, object]]:
    """(line number, value) for every line that holds one JSON value; the others reported when ``report``."""
    options = ctx.options
    limit, max_depth = options["max_value_chars"], min(options["max_data_depth"], DEPTH_CEILING)
    scan = values.raw_decode
    bad_bytes = False
    with source.open() as fh:
        for number, data in enumerate(_lines(fh, limit), 1):
            ctx.tick()
            if data is None:
                if report:
                    ctx.report("jsonl.line-too-long", Locator(line=number),
                               detail=f"longer than {limit:,} characters (--max-value-chars)")
                continue
            if number == 1:
                data = data.removeprefix(b"\xef\xbb\xbf")
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                text = data.decode("utf-8", "replace")
                if report and not bad_bytes:
                    bad_bytes = True
                    ctx.report("jsonl.undecodable-bytes", Locator(line=number))
            text = text.strip(_WS)
            if not text:
                continue
            why = _problem(scan, text, max_depth)
            if isinstance(why, str):
                if report:
                    ctx.report("jsonl.bad-line", Locator(line=number), detail=f"line {number:,}: {why}", text=text)
                continue
            yield number, why[0]


def _problem(scan, text: str, max_depth: int):
    """``(value,)`` when ``text`` is one JSON value no deeper than ``max_depth``; else what is wrong."""
    try:
        value, end = scan(text)
    except json.JSONDecodeError as exc:
        return f"{exc.msg} at column {exc.pos + 1:,}"
    except RecursionError:
        return "nesting deeper than the decoder follows"
    if end != len(text):
        return f"more text after the JSON value at column {end + 1:,}"
    if len(text) > max_depth and _depth(value) > max_depth:  # each level takes a character at least
        return f"nesting deeper than {max_depth:,} (--max-data-depth)"
    return (value,)


def _depth(value) -> int:
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        depth += 1
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in item if isinstance(child, (dict, list)))
    return deepest


def _lines(fh: BinaryIO, limit: int) -> Iterator[bytes | None]:
    """Each line's bytes, or None for one longer than ``limit`` (read past in pieces, never held)."""
    while True:
        line = fh.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while line and not line.endswith(b"\n"):
            line = fh.readline(_PIECE)
        yield None
