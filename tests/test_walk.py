"""The IR's one traversal and the plain text built on it."""

from __future__ import annotations

from zenconv.ir import Cell, HardBreak, Paragraph, Row, Table, Text, cell_text, plain_text, walk


def test_the_text_of_a_table_in_a_cell_keeps_its_cells_apart():
    inner = Table(rows=[Row(["I", "II"]), Row(["III", Cell([Text("IV")])])])
    assert cell_text(Cell([Paragraph([Text("V")]), inner])) == "V I II III IV"


def test_blocks_are_apart_and_inlines_run_together():
    assert plain_text([Paragraph([Text("a"), Text("b")]), Paragraph([Text("c")])]) == "ab c"
    assert plain_text([Paragraph([Text("x"), HardBreak(), Text("y")])], break_as="\n") == "x\ny"


def test_walk_never_consumes_a_lazy_row_stream():
    rows = iter([Row(["a"])])
    assert [type(n).__name__ for n in walk(Table(rows=rows))] == ["Table"]
    assert next(rows).cells == ["a"]


# --- the fast traversals, against the general ones on random IR ---------------------------------------

import importlib.util  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402

from zenconv.ir.nodes import (  # noqa: E402
    BlockQuote, Code, CodeBlock, Container, Emphasis, Heading, Image, Link, List, ListItem, Math, MathBlock,
    NoteRef, SmallCaps, Span, Strikethrough, Strong, Subscript, Superscript, ThematicBreak, Underline,
)
from zenconv.ir.walk import children, facet_bearers  # noqa: E402

_spec = importlib.util.spec_from_file_location("mutate_ir", Path(__file__).parents[1] / "bench" / "mutate_ir.py")
mutate_ir = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutate_ir)

_END = object()


def _reference_walk(nodes):
    """walk() as it was first written: children() asked of every node."""
    stack = [iter(nodes if isinstance(nodes, (list, tuple)) or isinstance(nodes, type(iter(()))) else (nodes,))]
    while stack:
        node = next(stack[-1], _END)
        if node is _END:
            stack.pop()
            continue
        yield node
        kids = children(node)
        if kids:
            stack.append(iter(kids))


class _Para(Paragraph):  # a subclass: the fast paths must take the general one for it
    __slots__ = ()


def _documents(count: int):
    rng = random.Random(22)
    for _ in range(count):
        doc = mutate_ir.document(rng)
        blocks = [b for b in doc.blocks if not isinstance(b, Table) or isinstance(b.rows, list)]
        yield blocks + [note_block for note in doc.notes for note_block in note.blocks]
    every_inline = [Text("t"), Strong([Span([Text("s")], None, (HardBreak,))]), Emphasis([]), Strikethrough([Code("c")]),
                    Superscript([Math("x")]), Subscript([NoteRef("1")]), SmallCaps([Image("i")]),
                    Underline([Link([Span([], "c", ("f",))], "http://x")]), HardBreak()]
    yield [_Para(every_inline, ("f",)), Paragraph([_Para([], ("g",))]), Heading(1, every_inline, ("h",)),
           List([ListItem([CodeBlock("x", None, ("c",)), ThematicBreak(("t",)), MathBlock("m", ("m",))], None, ("i",))]),
           BlockQuote([Container([Table([Row(["a", Cell(every_inline)], ("r",))], caption=every_inline, facets=("t",))])])]


def test_walk_visits_what_the_first_walk_visited():
    for blocks in _documents(120):
        assert [id(n) for n in walk(blocks)] == [id(n) for n in _reference_walk(blocks)]
        for block in blocks:
            assert [id(n) for n in walk(block)] == [id(n) for n in _reference_walk(block)]


def test_facet_bearers_are_the_walk_filtered():
    for blocks in _documents(120):
        for block in blocks:
            expected = [n for n in _reference_walk(block) if not isinstance(n, Row) and getattr(n, "facets", None)]
            assert [id(n) for n in facet_bearers(block)] == [id(n) for n in expected]
