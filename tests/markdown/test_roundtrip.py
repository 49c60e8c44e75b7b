"""The Markdown writer proved by our reader: random IR documents (what Markdown can carry) are
written, read back, and must come back the same, modulo the declared writer reports.

Compared modulo what Markdown cannot say and the IR does not promise (see :func:`normalised`):
locators (the reader adds them), how a plain-text cell is spelled (a bare string or a Cell holding one
Text), note ids (the writer numbers notes in order of first reference), and how inline runs are cut
and nested.
"""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenconv.ir import (
    BLOCK_TYPES, BlockQuote, Cell, Code, CodeBlock, Document, Emphasis, HardBreak, Heading, Image, Link, List,
    ListItem, Note, NoteRef, Paragraph, Row, Strikethrough, Strong, Subscript, Superscript, Table, Text,
    ThematicBreak,
)
from zenconv.ir.walk import walk

from .conftest import read_md, write_md

# Characters that are markup somewhere, plus ordinary text; no lone surrogates, and none of the
# controls parsers strip at a line's edge (the writers' own round-trip test leaves the same out).
UNSTABLE = "\x0b\x1c\x1d\x1e\x1f\x85"
MARKUP = [*"*_`[]<>#-+=|\\~&$!:()0123456789. \t;^\"'", "&amp;", "&#32;", "1.", "- ", "```", "~~", "    ",
          "<b>", "</b>", "<!--", "[^1]", "[x](y)", "![a](b)", "***", "---", "http://x.y", "<https://x>", "\u00a0"]
CHARS = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters=UNSTABLE)
TEXT = st.lists(st.one_of(CHARS, st.sampled_from(MARKUP)), min_size=1, max_size=12).map("".join)
WORD = st.text(string.ascii_letters + string.digits, min_size=1, max_size=8)
# What the writers' URL policy keeps: a relative reference that names no resource of ours is dropped, and an
# image is only ever http(s) (kept here with --remote-images keep) or a resource.
URL = st.tuples(st.sampled_from(["https://example.com/", "http://a.b/c/", "mailto:x@", "#"]), WORD).map("".join)
IMAGE_URL = st.tuples(st.sampled_from(["https://example.com/", "http://a.b/c/"]), WORD).map("".join)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

LEAF = st.one_of(TEXT.map(Text), WORD.map(Code), st.builds(Image, IMAGE_URL, WORD))


def _inline_tree(children):
    kids = st.lists(children, min_size=1, max_size=3)
    return st.one_of(kids.map(Strong), kids.map(Emphasis), kids.map(Strikethrough), kids.map(Superscript),
                     kids.map(Subscript), st.builds(Link, kids, URL))


INLINES = st.lists(st.recursive(LEAF, _inline_tree, max_leaves=6), min_size=1, max_size=4)
# A hard break at a paragraph's edge is no break in Markdown: breaks only between inlines.
PARAGRAPH_INLINES = st.lists(st.tuples(st.recursive(LEAF, _inline_tree, max_leaves=6), st.booleans()),
                             min_size=1, max_size=4).map(
    lambda pairs: [n for i, (node, brk) in enumerate(pairs) for n in ([HardBreak()] if brk and i else []) + [node]])


def _table():
    cell = st.one_of(TEXT, INLINES.map(Cell))
    width = st.integers(1, 3)
    return width.flatmap(lambda w: st.tuples(
        st.lists(INLINES.map(lambda c: Cell(c, header=True)), min_size=w, max_size=w),
        st.lists(st.lists(cell, min_size=w, max_size=w), max_size=3),
    )).map(lambda t: Table([Row(t[0]), *(Row(r) for r in t[1])]))


# Markdown has one line end: a CR in a code block's text is a line end (the writer does not say so).
# Inside a list item mistune reads a line of only spaces as an empty line, and expands a tab at a line's
# start into the spaces of the item's indentation, whatever the writer does: no tabs, no such lines.
# Nested code that could be markup (<, >, &, brackets) is written so that no renderer runs it, not always as a
# code block (to-md.code-block-as-code-spans; tests/writers/test_rendered_safety.py): left out here.
CODE_TEXT = st.text(string.printable.translate({0x09: None, 0x0B: None, 0x0C: None, 0x0D: None, 0x3C: None, 0x3E: None,
                                                0x26: None, 0x5B: None, 0x5D: None}), max_size=30).filter(
    lambda t: not any(line and not line.strip() for line in t.split("\n")))

LEAF_BLOCKS = st.one_of(
    PARAGRAPH_INLINES.map(Paragraph),
    st.builds(Heading, st.integers(1, 6), INLINES),
    st.builds(CodeBlock, CODE_TEXT, st.one_of(st.none(), WORD)),
    st.just(ThematicBreak()),
    _table(),
)


def _item(blocks: list, checked: bool | None) -> ListItem:
    # A task marker belongs to the item's first paragraph (GFM): an item that starts otherwise has none.
    return ListItem(blocks, checked if isinstance(blocks[0], Paragraph) else None)


def _containers(children):
    blocks = st.lists(children, min_size=1, max_size=3)
    item = st.builds(_item, blocks, st.one_of(st.none(), st.booleans()))
    return st.one_of(
        blocks.map(BlockQuote),
        st.builds(List, st.lists(item, min_size=1, max_size=3), st.booleans(), st.integers(0, 20)),
    )


BLOCKS = st.lists(st.recursive(LEAF_BLOCKS, _containers, max_leaves=6), min_size=1, max_size=4)


def normalised(doc: Document) -> dict:
    """The document with what the comparison does not look at taken out.

    Inlines become a sequence of characters, each with the set of runs it is in and its link: so
    ``**a****b**`` equals ``**ab**``, bold italic equals italic bold, and neighbouring text or code
    nodes equal one. A space's runs are not compared: the writer moves spaces out of a run's edges
    (``**a **`` is not bold in Markdown), and bold on a space shows nothing.
    """
    numbers: dict[str, str] = {}
    blocks = [_block(b, numbers) for b in doc.blocks]
    notes = sorted((numbers.get(n.id, n.id), [_block(b, numbers) for b in n.blocks]) for n in doc.notes)
    return {"blocks": blocks, "notes": notes}


def _block(block, numbers: dict):
    if isinstance(block, Paragraph):
        return ("p", _atoms(block.children, numbers))
    if isinstance(block, Heading):
        return ("h", block.level, _atoms(block.children, numbers))
    if isinstance(block, CodeBlock):
        text = block.text.removesuffix("\n")  # the last line end is the fence's
        return ("code", text, block.language)
    if isinstance(block, ThematicBreak):
        return ("hr",)
    if isinstance(block, BlockQuote):
        return ("quote", [_block(b, numbers) for b in block.blocks])
    if isinstance(block, List):
        items = [(item.checked, [_block(b, numbers) for b in item.blocks]) for item in block.items]
        return ("list", block.ordered, block.start if block.ordered else None, items)
    if isinstance(block, Table):
        return ("table", [[_cell(c, numbers) for c in row.cells] for row in block.rows])
    raise TypeError(f"not generated: {block!r}")


def _cell(cell, numbers: dict):
    if isinstance(cell, str):
        return (False, 1, 1, _atoms([Text(cell)], numbers))
    if any(isinstance(c, BLOCK_TYPES) for c in cell.content):
        return (cell.header, cell.col_span, cell.row_span, [_block(b, numbers) for b in cell.content])
    return (cell.header, cell.col_span, cell.row_span, _atoms(cell.content, numbers))


_RUNS = (Strong, Emphasis, Strikethrough, Superscript, Subscript)


def _atoms(nodes: list, numbers: dict, runs: frozenset = frozenset(), link=None) -> list:
    out: list = []
    for node in nodes:
        if isinstance(node, Text):
            out.extend(("t", ch, frozenset() if ch.isspace() else runs, link) for ch in node.text)
        elif isinstance(node, Code):
            out.extend(("c", ch, runs, link) for ch in node.text)
        elif isinstance(node, Image):
            out.append(("img", node.source, node.alt, node.title, runs, link))
        elif isinstance(node, HardBreak):
            out.append(("br",))
        elif isinstance(node, NoteRef):
            out.append(("note", numbers.setdefault(node.note_id, str(len(numbers) + 1))))
        elif isinstance(node, Link):
            out.extend(_atoms(node.children, numbers, runs, (node.target, node.title)))
        elif isinstance(node, _RUNS):
            out.extend(_atoms(node.children, numbers, runs | {type(node).__name__}, link))
        else:
            raise TypeError(f"not generated: {node!r}")
    return out


def _unnest_links(nodes: list, in_link: bool = False) -> list:
    out = []
    for node in nodes:
        if isinstance(node, Link) and in_link:
            out.extend(_unnest_links(node.children, True))
            continue
        if hasattr(node, "children"):
            node.children = _unnest_links(node.children, in_link or isinstance(node, Link))
        out.append(node)
    return out


# What a declared writer report says was changed, applied to the expected document.
def _unnest_all(doc: Document) -> None:
    for node in list(walk([*doc.blocks, *(b for note in doc.notes for b in note.blocks)])):
        if isinstance(node, (Paragraph, Heading)):
            node.children = _unnest_links(node.children)
        elif isinstance(node, Cell) and not any(isinstance(c, BLOCK_TYPES) for c in node.content):
            node.content = _unnest_links(node.content)


def _add_empty_headers(doc: Document) -> None:
    for node in list(walk([*doc.blocks, *(b for note in doc.notes for b in note.blocks)])):
        if isinstance(node, Table) and node.rows and not node.rows[0].is_header:
            width = max(len(row.cells) for row in node.rows)
            node.rows.insert(0, Row([Cell([], header=True) for _ in range(width)]))


DECLARED = {"to-md.nested-link-flattened": _unnest_all, "to-md.empty-header-row-added": _add_empty_headers}


def round_trip(doc: Document) -> tuple[str, dict, dict]:
    md, reporter = write_md(doc, remote_images="keep")
    codes = [r.code.code for r in reporter.reports]
    assert set(codes) <= set(DECLARED), (md, codes)
    back = read_md(md).document
    for code in codes:
        DECLARED[code](doc)
    return md, normalised(doc), normalised(back)


@SETTINGS
@given(BLOCKS)
def test_random_documents_read_back_the_same(blocks):
    md, want, got = round_trip(Document(blocks))
    assert got == want, md


@SETTINGS
@given(st.lists(PARAGRAPH_INLINES, min_size=1, max_size=3))
def test_notes_read_back_the_same(texts):
    notes = [Note(str(i + 1), [Paragraph(t)]) for i, t in enumerate(texts)]
    body = [Paragraph([Text("see"), *(NoteRef(n.id) for n in notes)])]
    md, want, got = round_trip(Document(body, notes=notes))
    assert got == want, md
