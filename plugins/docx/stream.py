"""The body, streamed: one body-level element at a time, then discarded.

document.xml is pulled with iterparse filtered to a few tags (so Python sees thousands of events,
not millions), each body-level element is read when it ends and removed from the tree. A body-level
table is the exception that makes it worth the trouble: its Table leaves before its rows are read,
and the rows are pulled from the same parser as the consumer asks for them, so a very long table is
never in memory, as XML or as IR. A body child whose tag the filter does not name is read when the
next named one ends (it is then a preceding sibling still in the tree), so nothing is skipped.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Iterator

from zenconv.reports import Unreadable
from zenconv.safe.xml import iterparse_tags, parse_xml

from .body import BlockReader
from .lists import ListAssembler
from .namespaces import W
from .tables import RowBuilder, frame_content, row_elements

_BODY, _P, _TBL, _TR, _SDT, _SECT = W + "body", W + "p", W + "tbl", W + "tr", W + "sdt", W + "sectPr"
_TAGS = (_BODY, _P, _TBL, _TR, _SDT, _SECT)
_ROW_WRAPPERS = frozenset((W + "sdt", W + "sdtContent", W + "customXml", W + "ins", W + "moveTo"))
_TBLPR, _TBLGRID = W + "tblPr", W + "tblGrid"
# document.xml up to this size is parsed whole rather than pulled (see _whole_body): its tree, some ten
# times the bytes, is held while it is read; a larger part is streamed, as every part was before
WHOLE_PART = 4 << 20


class LazyRows:
    """A table's rows as the parser reaches them; drained into a buffer if the consumer moves on early."""

    def __init__(self, source: Iterator) -> None:
        self._source = source
        self._buffer: deque = deque()
        self._done = False

    def __iter__(self):
        while True:
            if self._buffer:
                yield self._buffer.popleft()
            elif self._done:
                return
            else:
                row = next(self._source, None)
                if row is None:
                    self._done = True
                    return
                yield row

    def drain(self) -> None:
        if not self._done:
            self._buffer.extend(self._source)
            self._done = True


def stream_body(data: bytes, reader: BlockReader, ctx, max_depth: int) -> Iterator:
    lists = ListAssembler()
    held = _whole_body(data, ctx, max_depth)
    if held is not None:
        yield from _held_body(held, reader, lists, ctx)
        ctx.done_with(held)
        return
    events = iter(iterparse_tags(io.BytesIO(data), ctx.namespace, _TAGS, max_depth=max_depth))
    # what was read is released as it goes (which also keeps it from being read again)
    release = _discard
    last = None
    body = None   # the w:body element once met: a body-level element is then known by its parent's identity
    for _, el in events:
        tag = el.tag
        parent = el.getparent()
        if tag == _BODY:
            for child in list(el):
                reader.block(child, lists)
                release(child)
            break
        if parent is None or parent is not body and parent.tag != _BODY:
            if tag == _TR:
                tbl = _owner(el)
                if tbl is not None and tbl.getparent() is not None and tbl.getparent().tag == _BODY:
                    _preceding(tbl, reader, lists, last, release)
                    last = tbl
                    reader.flush_joined(lists)
                    yield from lists.finish()
                    table, builder = reader.tables.begin(tbl)
                    first = [el]
                    if (table.columns.count or 1) == 1 and _one_row(events, tbl, first):
                        built = builder.row(el) + builder.finish()
                        release(tbl)
                        yield from _framed(table, built, lists)
                        continue
                    rows = LazyRows(_rows(events, tbl, first, builder, ctx, release))
                    table.rows = rows
                    yield table
                    # the consumer wants the next block: the rows it did not read must not be lost
                    rows.drain()
            continue
        body = parent
        _preceding(el, reader, lists, last, release)
        last = el
        if tag == _P:   # what reader.block does with a paragraph, without asking its tag again
            reader.paragraph(el, lists)
        else:
            reader.block(el, lists)
        release(el, parent)
        yield from lists.take()
        ctx.checkpoint()
    reader.flush_joined(lists)
    yield from lists.finish()


def _whole_body(data: bytes, ctx, max_depth: int):
    """For a part small enough to hold whole (at most ``WHOLE_PART`` bytes), parsed in one call, its w:body, which
    :func:`_held_body` reads; None where the stream must read it.

    Parsed whole, a part costs libxml2 a third less than pulled, event by event, through lxml. Held whole, it
    is still read block by block, the same elements in the same order as the stream reads them. A part that
    does not parse goes to the stream, which refuses it where it did, after the blocks before the fault; so
    does one whose shape the stream would see otherwise than whole (not one w:body under the root; a table
    whose properties or grid follow its first row, read before they arrive).
    """
    if len(data) > WHOLE_PART:
        return None
    try:
        root = parse_xml(data, ctx.namespace, max_depth=max_depth)
    except Unreadable:
        return None
    bodies = list(root.iter(_BODY))
    if len(bodies) != 1 or bodies[0].getparent() is not root:
        return None
    body = bodies[0]
    for child in body.iterchildren(_TBL):
        if not _props_first(child):
            return None
    return body


def _held_body(body, reader: BlockReader, lists: ListAssembler, ctx) -> Iterator:
    """A body held whole, read as the stream reads it, without the stream's events: the pull parser ends each
    body child named in _TAGS (the others are read just before the next named one, or at the body's end, with
    no block leaving between), and a body-level table's rows before the table, read as the consumer asks for
    them. The blocks leave at the same points, and the deadline is checked at the same ones."""
    before: list = []   # children not named in _TAGS since the last named one: read with the next
    for child in body:
        tag = child.tag
        if tag not in _TAGS:
            before.append(child)
            continue
        if before:
            for node in before:
                reader.block(node, lists)
            before.clear()
        if tag == _TBL:
            rows = row_elements(child)
            first = next(rows, None)
            if first is not None:   # a table without rows is read as a block, as the stream reads it
                yield from _held_table(child, first, rows, reader, lists, ctx)
                continue
        if tag == _P:   # what reader.block does with a paragraph, without asking its tag again
            reader.paragraph(child, lists)
        else:
            reader.block(child, lists)
        yield from lists.take()
        ctx.checkpoint()
    for node in before:
        reader.block(node, lists)
    reader.flush_joined(lists)
    yield from lists.finish()


def _held_table(tbl, first, rows: Iterator, reader: BlockReader, lists: ListAssembler, ctx) -> Iterator:
    """A body-level table of a body held whole, from its first row on, as the stream reads one."""
    reader.flush_joined(lists)
    yield from lists.finish()
    table, builder = reader.tables.begin(tbl)
    second = next(rows, None)
    one_column = (table.columns.count or 1) == 1
    if one_column and second is None:
        yield from _framed(table, builder.row(first) + builder.finish(), lists)
        return
    lazy = LazyRows(_held_rows(first, second, rows, builder, ctx, checked=not one_column))
    table.rows = lazy
    yield table
    # the consumer wants the next block: the rows it did not read must not be lost
    lazy.drain()


def _framed(table, built: list, lists: ListAssembler) -> Iterator:
    """A one-column table of one row, read whole: a frame's content (its one cell's blocks), or the table."""
    content = frame_content(built)
    if content is None:
        table.rows = built
        content = [table]
    for block in content:
        lists.block(block)
    yield from lists.take()


def _held_rows(first, second, rows: Iterator, builder: RowBuilder, ctx, checked: bool) -> Iterator:
    # the stream checks the deadline after each row it pulls, but not after the first, nor after a one-column
    # table's second, which it looked ahead to (``checked`` False)
    yield from builder.row(first)
    if second is not None:
        yield from builder.row(second)
        if checked:
            ctx.checkpoint()
    for tr in rows:
        yield from builder.row(tr)
        ctx.checkpoint()
    yield from builder.finish()


def _props_first(tbl) -> bool:
    """Whether a table's w:tblPr and w:tblGrid (read when its first row ends) all come before its rows."""
    rows_met = False
    for child in tbl:
        tag = child.tag
        if tag == _TR or tag in _ROW_WRAPPERS:
            rows_met = True
        elif rows_met and (tag == _TBLPR or tag == _TBLGRID):
            return False
    return True


def _one_row(events, tbl, first: list) -> bool:
    """Look one row ahead in a one-column table: True when it ends after its first row (the table
    element is then complete); otherwise the second row is appended to ``first``."""
    for _, el in events:
        if el is tbl:
            return True
        if el.tag == _TR and _owner(el) is tbl:
            first.append(el)
            return False
    return True


def _rows(events, tbl, first: list, builder: RowBuilder, ctx, release) -> Iterator:
    for tr in first:
        yield from builder.row(tr)
        release(tr)
    for _, el in events:
        if el is tbl:
            break
        if el.tag == _TR and _owner(el) is tbl:
            yield from builder.row(el)
            release(el)
            ctx.checkpoint()
    yield from builder.finish()
    release(tbl)


def _owner(tr):
    """The table a row belongs to, through the wrappers rows may sit in; None for anything else."""
    node = tr.getparent()
    while node is not None and node.tag != _TBL:
        if node.tag not in _ROW_WRAPPERS:
            return None
        node = node.getparent()
    return node


def _preceding(el, reader: BlockReader, lists: ListAssembler, last, release) -> None:
    """Body children before ``el`` not yet read (after ``last``, or all those not released): the tags the
    parser's filter does not name."""
    before = []
    prev = el.getprevious()
    while prev is not None and prev is not last:
        before.append(prev)
        prev = prev.getprevious()
    for node in reversed(before):
        reader.block(node, lists)
        release(node)


def _discard(el, parent=None) -> None:
    if parent is None:
        parent = el.getparent()
    el.clear()
    if parent is not None:
        parent.remove(el)
