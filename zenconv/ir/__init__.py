"""The intermediate representation: nodes, facets, locators, resources and the one walk."""

from .. import _IR_NAMES
from .facets import (
    CommentRangeFacet, Facet, FurnitureFacet, HiddenFacet, LayoutFacet, RevisionFacet, StyleFacet, UnknownFacet, facet_from_json,
    facet_kind,
)
from .locator import Locator
from .nodes import (
    BLOCK_TYPES, INLINE_TYPES, Block, BlockQuote, Cell, Code, CodeBlock, Columns, ColumnSpec, Container,
    Document, Emphasis, HardBreak, Heading, Image, Inline, Link, List, ListItem, Math, MathBlock, Metadata,
    Note, NoteRef, Paragraph, Row, SmallCaps, Span, Strikethrough, Strong, Subscript, Superscript, Table,
    Text, ThematicBreak, Underline,
)
from .resources import Resource, ResourceStore, safe_name
from .walk import cell_text, children, plain_text, walk

__all__ = list(_IR_NAMES)  # listed in the package's __init__, which names them before importing this
