"""The JSON reader: records become tables, objects sections, with bounded memory on any size of file.

The text is read twice, a value at a time (:mod:`.scan`): the first pass surveys the arrays the second
will stream (the top-level array, every array that is a member of the top-level object, and every longer
array nested members deeper, the objects around which the second pass then walks by hand): whether its
elements are all objects, and the union of their keys, which a table's header row needs before its first
row; the second builds the blocks, each such array a table whose rows are made as the writer asks for
them. So a 1,000,000-record array costs one record at a time, twice, wherever it is in the objects.
"""

from __future__ import annotations

import platform
from collections.abc import Iterator
from dataclasses import field

from zenconv.context import ReadContext, Source
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Block, Heading, List, ListItem, Table, Text
from zenconv.reports import Unreadable

from zenconv_plugins.records import Columns, Mapper, Tally, is_leaf

from .scan import STREAM_CHARS, Invalid, Plan, TooDeep, TooLarge, Window, decoder, events, survey_decoder, text_decoder
from .sniff import looks_like_json_lines
from .wrappers import find_wrapper, starts_as_json
from zenconv.records import dataclass

LIBRARY = f"python-json/{platform.python_version()}"
HEAD_BYTES = 64 << 10
TAIL_BYTES = 4 << 10
INLINE_ITEMS = 100  # an array of at most this many elements, none an object, is written on one line
_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


@dataclass(slots=True)
class Survey:
    """What the first pass learnt of one array the scan walks."""

    columns: Columns
    count: int = 0
    objects: int = 0
    leaf: bool = True

    @property
    def records(self) -> bool:
        return self.count > 0 and self.objects == self.count

    @property
    def inline(self) -> bool:
        return self.leaf and self.count <= INLINE_ITEMS


@dataclass(slots=True)
class Body:
    """Where the JSON is in the source's bytes, and in which encoding."""

    start: int
    end: int
    encoding: str
    wrapper: object = None
    bad_bytes: list = field(default_factory=list)


def read(source: Source, ctx: ReadContext) -> Iterator[Block]:
    ctx.library = LIBRARY
    body = _body(source)
    if body.wrapper is not None:
        ctx.report("json.wrapper-stripped", detail=body.wrapper.kind, text=body.wrapper.text)
        ctx.flags["wrapper"] = body.wrapper.kind
    surveyed = _survey(source, body, ctx)
    tally = Tally()
    mapper = Mapper("json", ctx.options, tally, ctx.report)
    files = [source.open()]  # closed here, unless the last table's rows take it over (below)
    try:
        window = _window(files[0], body, ctx, decoder(tally, ctx.options["max_keys"]), lambda: _bad_bytes(ctx, body))
        yield from _guarded(_blocks(_stream(window, ctx, tally, source, surveyed.plan), surveyed.arrays, mapper, files))
        mapper.flush(None)
    finally:
        for fh in files:
            fh.close()


def _body(source: Source) -> Body:
    head = source.head(HEAD_BYTES)
    encoding, bom = "utf-8", 0
    for mark, name in _BOMS:
        if head.startswith(mark):
            encoding, bom = name, len(mark)
            break
    body = Body(bom, source.size, encoding)
    if encoding != "utf-8" or starts_as_json(head[bom:]):
        return body
    with source.open() as fh:
        fh.seek(max(source.size - TAIL_BYTES, bom))
        tail = fh.read()
    wrapper = find_wrapper(head[bom:], tail, source.size - bom)
    if wrapper is not None:
        body.start, body.end, body.wrapper = bom + wrapper.start, bom + wrapper.end, wrapper
    return body


def _window(fh, body: Body, ctx: ReadContext, values, on_bad_bytes) -> Window:
    return Window(fh, body.start, body.end, text_decoder(body.encoding, on_bad_bytes), values,
                  ctx.options["max_value_chars"], ctx.checkpoint)


def _bad_bytes(ctx: ReadContext, body: Body) -> None:
    if not body.bad_bytes:
        body.bad_bytes.append(True)
        ctx.report("json.undecodable-bytes")


def _stream(window: Window, ctx: ReadContext, tally: Tally, source: Source, plan: Plan) -> Iterator[tuple]:
    """The events, each failure of the text turned into its code."""
    try:
        yield from events(window, ctx.options["max_keys"], tally, plan)
    except Invalid as exc:
        if looks_like_json_lines(source.head(HEAD_BYTES)):
            raise Unreadable("json.looks-like-jsonl", f"{exc}; it looks like JSON Lines: read it with --from jsonl") from None
        raise Unreadable("json.invalid", str(exc)) from None
    except TooLarge as exc:
        limit = ctx.options["max_value_chars"]
        raise Unreadable("json.value-too-large", f"{exc}: one value runs past {limit:,} characters "
                         f"(--max-value-chars)") from None
    except TooDeep as exc:
        raise Unreadable("json.too-deep", f"{exc}: nesting deeper than the decoder follows") from None


def _guarded(blocks: Iterator[Block]) -> Iterator[Block]:
    """The blocks; a nesting the mapping's recursion cannot follow ends as too deep, not as a traceback."""
    try:
        yield from blocks
    except RecursionError:
        raise Unreadable("json.too-deep", "nesting deeper than the reader follows") from None


@dataclass(slots=True)
class Surveyed:
    """The first pass's findings: each streamed array's survey by where it starts, and the plan of the second."""

    arrays: dict[int, Survey]
    plan: Plan


def _survey(source: Source, body: Body, ctx: ReadContext) -> Surveyed:
    """The first pass: the shape of the top-level array, of the top-level object's arrays, and of every
    array nested deeper that is long enough to stream (the objects around it are walked in the second
    pass). It decodes all the text, so it finds every error first."""
    arrays: dict[int, Survey] = {}
    walked: set[int] = set()
    objects: list[int] = []  # the offsets of the objects the scan is in
    limit = ctx.options["max_keys"]
    tally = Tally()  # what this pass counts is counted again, and reported, by the second
    with source.open() as fh:
        window = _window(fh, body, ctx, survey_decoder(), lambda: None)
        current = start = depth = None
        for event in _stream(window, ctx, tally, source, Plan()):
            kind = event[0]
            if kind == "array":
                _, _, _, start, depth = event
                current = arrays[start] = Survey(Columns(limit))
            elif kind == "element":
                value = event[3]
                current.count += 1
                if isinstance(value, dict):
                    current.objects += 1
                    current.columns.add(value)
                    current.leaf = False
                elif current.leaf and not is_leaf(value):
                    current.leaf = False
                ctx.tick()
            elif kind == "end" and depth > 1:
                if event[3] - start < STREAM_CHARS:
                    del arrays[start]  # decoded whole with its member in the second pass
                else:
                    walked.update(objects)
            elif kind == "object":
                objects.append(event[3])
            elif kind == "close":
                objects.pop()
    return Surveyed(arrays, Plan(walked, arrays))


def _blocks(stream: Iterator[tuple], surveys: dict[int, Survey], mapper: Mapper, files: list) -> Iterator[Block]:
    """The blocks of the second pass. A top-level array's table is the last block: its rows are read after
    this generator ends, so they take the open file from ``files`` and close it when they are done."""
    levels: list[list[ListItem]] = [[]]  # each open object's leaf members waiting as definitions, the top first

    def definitions() -> Iterator[Block]:
        terms = levels[-1]
        if terms:
            yield List(list(terms), locator=terms[0].locator)
            terms.clear()

    for event in stream:
        kind = event[0]
        level = len(levels)  # a member here is headed at this level, and is this many objects down
        if kind == "member":
            _, key, path, value = event
            where = Locator(path=path)
            if is_leaf(value):
                levels[-1].append(mapper.term(key, value, where))
                continue
            yield from definitions()
            yield Heading(min(level, 6), [Text(mapper.clean(key))], locator=where)
            yield from mapper.blocks(value, path, level + 1, depth=level)
        elif kind == "object":
            _, key, path, _ = event
            if level > mapper.max_depth:
                mapper.too_deep()
            yield from definitions()
            yield Heading(min(level, 6), [Text(mapper.clean(key))], locator=Locator(path=path))
            levels.append([])
        elif kind == "close":
            yield from definitions()
            levels.pop()
        elif kind == "array":
            _, key, path, start, _ = event
            survey = surveys[start]
            elements = _Elements(stream, path)
            if survey.inline:
                values = [value for _, value, _ in elements]
                if key is None:
                    yield from mapper.blocks(values, path, 1)
                else:
                    levels[-1].append(mapper.term(key, values, Locator(path=path)))
                continue
            yield from definitions()
            where = Locator(path=path or None)
            if key is not None:
                yield Heading(min(level, 6), [Text(mapper.clean(key))], locator=where)
            # The table carries no locator: its header row is cited "Table 1, row 1", its records by pointer.
            table = Table(rows=())
            rows = mapper.rows(elements, survey.columns if survey.records else None, table, where)
            if key is None:  # the top-level array: nothing follows it (the first pass checked the rest)
                table.rows = _closing(rows, files.pop())
                yield table
                return
            table.rows = rows
            yield table
            elements.drain()
        else:  # a scalar alone at the top
            yield from mapper.blocks(event[2], "", 1)
    yield from definitions()


class _Elements:
    """The elements of one array from the shared event stream, as (ordinal, value, locator) for its rows.

    The block stream goes on only once the array is read: :meth:`drain` skips what the writer left, so a
    member's table must be read before the next block is asked for (as the writers do)."""

    def __init__(self, stream: Iterator[tuple], path: str) -> None:
        self.stream = stream
        self.path = path
        self.done = False

    def __iter__(self):
        path = self.path
        for event in self.stream:
            if event[0] == "end":
                self.done = True
                return
            index = event[2]
            yield index, event[3], Locator(row=index, path=f"{path}/{index}")

    def drain(self) -> None:
        if not self.done:
            for _ in self:
                pass


def _closing(rows: Iterator, fh) -> Iterator:
    """``rows``, then ``fh`` closed: when they are exhausted, abandoned or fail."""
    try:
        yield from rows
    finally:
        fh.close()
