"""The intermediate representation: nodes, facets, locators, resources and the one walk."""

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

__all__ = [
    "BLOCK_TYPES", "INLINE_TYPES", "Block", "BlockQuote", "Cell", "Code", "CodeBlock", "ColumnSpec", "Columns",
    "CommentRangeFacet", "Container", "Document", "Emphasis", "Facet", "FurnitureFacet", "HardBreak", "Heading", "HiddenFacet",
    "Image", "Inline", "LayoutFacet", "Link", "List", "ListItem", "Locator", "Math", "MathBlock", "Metadata", "Note", "NoteRef",
    "Paragraph", "Resource", "ResourceStore", "RevisionFacet", "Row", "SmallCaps", "Span", "Strikethrough",
    "Strong", "StyleFacet", "Subscript", "Superscript", "Table", "Text", "ThematicBreak", "Underline",
    "UnknownFacet", "cell_text", "children", "facet_from_json", "facet_kind", "plain_text", "safe_name", "walk",
]
