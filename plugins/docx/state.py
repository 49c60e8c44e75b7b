"""What one read of a document shares: the package, its parts' tables, options, counters, reports."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING

from zenconv.ir.locator import Locator

from .bookmarks import Bookmarks
from .comments import Comments
from .glossary import Glossary
from .numbering import Numbering
from .package import Package, Relationship
from .styles import Styles
from zenconv.records import dataclass

if TYPE_CHECKING:   # the chart module is imported at the first chart (body.py): most documents hold none
    from zenconv_plugins.charts import Chart


@dataclass(slots=True)
class Field:
    """A complex field (w:fldChar begin … separate … end) that may span runs and paragraphs."""

    instr: list[str] = field(default_factory=list)
    result: bool = False       # past w:fldChar separate: runs are the cached result
    key: tuple | None = None   # the link wrapper a HYPERLINK field puts around its result


@dataclass(slots=True)
class Joined:
    """A paragraph whose mark a tracked change removes (a deleted mark accepted, an inserted one rejected):
    its content opens the next paragraph, as Word joins them; kept here until that paragraph is read."""

    segments: list
    facets: list
    locator: Locator


@dataclass(slots=True)
class DocxState:
    ctx: object
    package: Package
    styles: Styles
    numbering: Numbering
    part: str                                   # the part being read (for relationships and locators)
    rels: dict[str, Relationship]
    comments: Comments
    glossary: Glossary = field(default_factory=Glossary)
    revisions: str = "accept"
    hidden: str = "keep"
    paged: bool = False                         # the document carries rendered or explicit page breaks
    paragraph: int = 0                          # body paragraph ordinal (1-based once the first is seen)
    page: int = 1
    break_pending: bool = False                 # an explicit page break not yet confirmed by a rendered one
    tables: int = 0
    title_seen: bool = False                    # a Title paragraph came first: Heading N sits at level N + 1
    in_body: bool = True                        # False in notes: locators name the part
    counting: bool = True                       # body paragraphs count toward the ordinal; text boxes' do not
    serial: int = 0                             # distinguishes adjacent links and controls with equal keys
    fields: list[Field] = field(default_factory=list)
    note_refs: list[tuple[str, str]] = field(default_factory=list)   # (kind, id) in reference order
    media: dict[str, str | None] = field(default_factory=dict)      # part name -> resource name
    charts: dict[str, Chart | None] = field(default_factory=dict)   # chart part -> its cached data
    header_parts: dict[str, str] = field(default_factory=dict)      # part name -> header | footer
    section_ends: list[int] = field(default_factory=list)  # the ¶ ordinal of each body w:sectPr met so far
    style_ids: set[str] = field(default_factory=set)
    block_revisions: tuple = ()                 # RevisionFacets of the kept block-level revisions around us
    used_rels: set[tuple[str, str]] = field(default_factory=set)   # (part, id) of relationships carried
    joined: Joined | None = None                # a paragraph whose mark was removed: it opens the next one
    bookmarks: Bookmarks = field(default_factory=Bookmarks)     # which dropped ones to report

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    def here(self) -> Locator:
        if not self.in_body:
            return Locator(part=self.part, paragraph=self.paragraph or None)
        return Locator(paragraph=self.paragraph or None, rendered_page=self.page if self.paged else None)

    def report(self, code: str, *, count: int = 1, detail: str | None = None, text: str | None = None) -> None:
        self.ctx.report(code, self.here(), count=count, detail=detail, text=text)

    def rendered_break(self) -> None:
        """A w:lastRenderedPageBreak: a new page, unless it confirms an explicit break just met."""
        if self.break_pending:
            self.break_pending = False
        else:
            self.page += 1

    def explicit_break(self) -> None:
        self.page += 1
        self.break_pending = True
