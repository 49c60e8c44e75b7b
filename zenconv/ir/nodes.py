"""The closed set of IR node types: 11 blocks, 16 inlines, and the document around them.

Plain slotted dataclasses: a large sheet builds millions of rows, so validation lives at the
boundaries (the JSON reader, the manifest), never in a node's constructor. Adding a node type is a
design change that touches every writer; do it rarely and on purpose.

Every block, row and column spec may carry ``facets`` (typed facts, :mod:`zenconv.ir.facets`) and a
``locator`` (:class:`zenconv.ir.locator.Locator`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import field
from typing import Union

from .facets import Facet
from .locator import Locator
from ..records import dataclass

# --- inlines ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class Text:
    """Literal text; never markup."""

    text: str


@dataclass(slots=True)
class Strong:
    """Bold."""

    children: list[Inline]


@dataclass(slots=True)
class Emphasis:
    """Italic."""

    children: list[Inline]


@dataclass(slots=True)
class Strikethrough:
    children: list[Inline]


@dataclass(slots=True)
class Superscript:
    children: list[Inline]


@dataclass(slots=True)
class Subscript:
    children: list[Inline]


@dataclass(slots=True)
class SmallCaps:
    children: list[Inline]


@dataclass(slots=True)
class Underline:
    children: list[Inline]


@dataclass(slots=True)
class Code:
    """Inline code: verbatim text, no children."""

    text: str


@dataclass(slots=True)
class Link:
    """A hyperlink; ``target`` is as the source states it (writers decide what survives)."""

    children: list[Inline]
    target: str
    title: str | None = None


@dataclass(slots=True)
class Image:
    """An image; ``source`` names a resource in the document's store or an external reference."""

    source: str
    alt: str = ""
    title: str | None = None


@dataclass(slots=True)
class HardBreak:
    """A line break inside a paragraph."""


@dataclass(slots=True)
class NoteRef:
    """A reference to ``Document.notes`` by id (a footnote or endnote mark)."""

    note_id: str


@dataclass(slots=True)
class Span:
    """A grouping of inlines with a class (a content control, a kept tracked change) and facets."""

    children: list[Inline]
    class_: str | None = None
    facets: tuple[Facet, ...] = ()


@dataclass(slots=True)
class Math:
    """Inline mathematics as LaTeX."""

    latex: str


Inline = Union[
    Text, Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline, Code, Link,
    Image, HardBreak, NoteRef, Span, Math,
]

# --- blocks ----------------------------------------------------------------------------------------


@dataclass(slots=True)
class Heading:
    """A section heading, level 1–6."""

    level: int
    children: list[Inline]
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class Paragraph:
    children: list[Inline]
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class ListItem:
    """One item of a list: blocks, ``checked`` for a task-list item (None when not a task), and ``label``,
    the item's label as the source shows it ("(ii)", "1.2.", "Article 3.", "e."), without the space or tab
    after it (an HTML ``<ol>``'s items carry what a browser draws: ``3.``, ``c.``, ``iv.``). None when the source
    leaves the numbering to whoever renders it (a Markdown list), and for a bullet: writers then number or
    bullet the item themselves."""

    blocks: list[Block]
    checked: bool | None = None
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None
    label: str | None = None


@dataclass(slots=True)
class List:
    """An ordered (numbered from ``start``) or bullet list."""

    items: list[ListItem]
    ordered: bool = False
    start: int = 1
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class Cell:
    """A table cell: inlines or blocks, its spans, and whether it is a header cell.

    A plain-text cell may be a bare ``str`` inside ``Row.cells`` instead of a Cell.
    """

    content: list[Inline] | list[Block]
    col_span: int = 1
    row_span: int = 1
    header: bool = False


@dataclass(slots=True)
class Row:
    """A table row. ``cells`` mixes Cell objects and bare strings.

    A cell covered by a span from another cell is not in ``cells``: spans are placed by the HTML
    table model, so a writer reconstructs the grid from the spans.
    """

    cells: list[Cell | str]
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None

    @property
    def is_header(self) -> bool:
        cells = self.cells
        if not cells or type(cells[0]) is str:  # the common body row, decided without a loop
            return False
        return all(isinstance(c, Cell) and c.header for c in cells)


@dataclass(slots=True)
class ColumnSpec:
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class Columns:
    """What a table knows of its columns before its rows: the count when known, per-column specs."""

    count: int | None = None
    specs: list[ColumnSpec] = field(default_factory=list)


@dataclass(slots=True)
class Table:
    """A table whose ``rows`` may be a lazy iterator: consume it once, in order.

    ``notes`` are visible remarks a writer puts right after the table (a truncation warning).
    They are filled by the reader, possibly only once ``rows`` is exhausted.
    """

    rows: Iterable[Row]
    columns: Columns = field(default_factory=Columns)
    caption: list[Inline] | None = None
    notes: list[str] = field(default_factory=list)
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class CodeBlock:
    text: str
    language: str | None = None
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class BlockQuote:
    blocks: list[Block]
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class ThematicBreak:
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class Container:
    """A grouping with a class: a Word content control, a slide, speaker notes (``notes``)."""

    blocks: list[Block]
    class_: str | None = None
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


@dataclass(slots=True)
class MathBlock:
    """Display mathematics as LaTeX."""

    latex: str
    facets: tuple[Facet, ...] = ()
    locator: Locator | None = None


Block = Union[Heading, Paragraph, List, Table, CodeBlock, BlockQuote, ThematicBreak, Container, MathBlock]

BLOCK_TYPES = (Heading, Paragraph, List, Table, CodeBlock, BlockQuote, ThematicBreak, Container, MathBlock)
INLINE_TYPES = (
    Text, Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline, Code, Link,
    Image, HardBreak, NoteRef, Span, Math,
)

# --- the document ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Note:
    """A footnote, an endnote or a review comment (``kind``): its id (what NoteRef names), its blocks.

    A comment's blocks begin with its attribution (see ``zenconv_plugins.comments``); a thread is one
    note, each reply attributed in turn."""

    id: str
    blocks: list[Block]
    kind: str = "footnote"


@dataclass(slots=True)
class Metadata:
    """What the source states about itself; dates as the source states them (ISO 8601 when it can)."""

    title: str | None = None
    authors: list[str] = field(default_factory=list)
    subject: str | None = None
    keywords: list[str] = field(default_factory=list)
    created: str | None = None
    modified: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        data: dict = {}
        for name in ("title", "subject", "created", "modified"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.authors:
            data["authors"] = list(self.authors)
        if self.keywords:
            data["keywords"] = list(self.keywords)
        if self.extra:
            data["extra"] = dict(sorted(self.extra.items()))
        return data


@dataclass(slots=True)
class Document:
    """The block stream, notes, metadata and resources.

    ``blocks`` is an iterator in a streamed conversion; ``notes`` are complete only once ``blocks``
    is exhausted (footnotes are read after the body). :meth:`materialize` turns the stream into lists.
    """

    blocks: Iterable[Block]
    metadata: Metadata = field(default_factory=Metadata)
    notes: list[Note] = field(default_factory=list)
    resources: "ResourceStore | None" = None

    def materialize(self) -> Document:
        """Read the whole stream into lists (tables too). For small documents and tests only."""
        blocks = [_materialize_block(b) for b in self.blocks]
        self.blocks = blocks
        return self

    def __iter__(self) -> Iterator[Block]:
        return iter(self.blocks)


def _materialize_block(block: Block) -> Block:
    if isinstance(block, Table) and not isinstance(block.rows, list):
        block.rows = list(block.rows)
    for child in _child_blocks(block):
        _materialize_block(child)
    return block


def _child_blocks(block: Block) -> Iterator[Block]:
    if isinstance(block, (BlockQuote, Container)):
        yield from block.blocks
    elif isinstance(block, List):
        for item in block.items:
            yield from item.blocks


from .resources import ResourceStore  # noqa: E402  (the store refers back to nothing here)
