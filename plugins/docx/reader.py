"""The Word reader: the package through the safe layer, then the body streamed block by block.

The order of work: the package relationships name the main part; styles, numbering and the
properties are read whole (they are small); document.xml is scanned once for the first section's
page size and whether it carries page breaks, then streamed; footnotes and endnotes are read after
the body. Headers and footers are carried as page furniture at the start of their sections
(``furniture``), or, under --furniture drop, reported last. The comments part is indexed before
the body (what a comment mark becomes must be known when the stream meets it); a thread is read at
its first reference, and the threads nothing references after the body and the notes.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from zenconv.ir.facets import LayoutFacet
from zenconv.reports import Unreadable
from zenconv_plugins.numerals import MAX_LABEL_CHARS
from zenconv_plugins.unread import rel_kind, report_unread_parts

from .body import BlockReader
from .comments import Comments
from .namespaces import REL_NUMBERING, REL_STYLES
from .external import report_unused
from .furniture import Furniture, even_pages_shown, section_of, section_references
from .glossary import Glossary
from .numbering import Numbering
from .package import Package, by_type
from .parts import read_comments, read_notes, read_thread_now, report_headers
from .plugin import ID
from .properties import read_metadata
from .state import DocxState
from .stream import stream_body
from .styles import Styles
from zenconv.patterns import pattern

EMU_PER_TWIP = 635

_SECT = pattern(rb"<(?:[A-Za-z_][\w.-]*:)?sectPr[\s>/]")
# A start tag's attributes are matched up to a bound: an unbounded [^>]* scanned from every "<w:sectPr"
# to the next ">", quadratic on malformed bytes, before the parser could refuse them.
_SECT_END = pattern(rb"</(?:[A-Za-z_][\w.-]*:)?sectPr>|<(?:[A-Za-z_][\w.-]*:)?sectPr\b[^<>]{0,1024}/>")
_PGSZ = pattern(rb"<(?:[A-Za-z_][\w.-]*:)?pgSz\b([^<>]{0,1024})>")
_ATTR = {name: pattern(rb"(?:^|\s)(?:[A-Za-z_][\w.-]*:)?" + name + rb"\s*=\s*[\"'](\d{1,9})[\"']")
         for name in (b"w", b"h")}
# Whether Word laid the document out in pages: a plain search per marker, a hundred times faster than one
# regular expression of alternatives over a document part that may be hundreds of megabytes.
_PAGED = (b"lastRenderedPageBreak", b'type="page"', b"type='page'", b"pageBreakBefore")


def read(source, ctx) -> Iterator:
    ctx.library = f"lxml/{etree.__version__}"
    package = Package(source, ctx)
    main = package.main_part()
    rels = package.relationships(main)
    styles_rel = by_type(rels, REL_STYLES)
    styles = Styles(package.parse(styles_rel.target) if styles_rel is not None else None)
    numbering_rel = by_type(rels, REL_NUMBERING)
    numbering = Numbering(package.parse(numbering_rel.target) if numbering_rel is not None else None, styles,
                          ctx.options.get("max_label_chars", MAX_LABEL_CHARS))
    read_metadata(package, ctx.metadata)

    data = package.read(main)
    comments = Comments(keep=ctx.options.get("comments", "keep") == "keep")
    try:  # under drop too: a dropped comment's report takes its text
        comments.index(package, rels, data, ctx)
    except Unreadable:
        if comments.keep:
            raise  # under drop, a comments part that does not parse refuses nothing: the reports take no text
    st = DocxState(ctx=ctx, package=package, styles=styles, numbering=numbering, part=main, rels=rels,
                   comments=comments, glossary=Glossary.load(package, rels),
                   revisions=ctx.options.get("revisions", "accept"), hidden=ctx.options.get("hidden", "keep"),
                   paged=any(marker in data for marker in _PAGED))
    reader = BlockReader(st)
    if comments.keep:
        comments.on_place = lambda thread: read_thread_now(reader, thread)
    first_sect = data.find(b"sectPr")  # searched once for both: a scan of the whole part where the body's is the one
    layout = first_page_layout(data, first_sect)
    furniture = (Furniture(reader, section_references(data, first_sect), even_pages_shown(package, rels))
                 if ctx.options.get("furniture", "keep") == "keep" else None)
    first = True
    for block in stream_body(data, reader, ctx, package.max_depth):
        if furniture is not None and st.section_ends:
            yield from furniture.entering(section_of(block, st))
        elif furniture is not None and first:
            yield from furniture.entering(1)
        if first and layout is not None:
            block.facets = (*block.facets, layout)
        first = False
        yield block
    del data
    if furniture is not None:  # sections with no body of their own still show their furniture
        yield from furniture.entering(len(furniture.sections))

    st.in_body = st.counting = False
    seen_notes: set[tuple[str, str]] = set()
    ctx.notes.extend(read_notes(reader, rels, seen_notes))
    if comments.keep:
        ctx.notes.extend(read_comments(reader))
        ctx.notes.extend(read_notes(reader, rels, seen_notes))  # a footnote only such a comment refers to
    else:
        comments.report_unmarked(ctx)
    st.part, st.rels = main, rels
    report_headers(reader, furniture.read if furniture is not None else (),
                   furniture.unshown if furniture is not None else {})
    report_unused(st, main, rels)
    report_unread_parts(lambda part: ((rel_kind(r.type), r.target) for r in package.relationships(part).values()
                                      if not r.external), package.parse, ctx)
    st.glossary.report(ctx)
    ctx.preservation[ID] = {"version": 1, "paragraph_style_ids": sorted(st.style_ids)}


def first_page_layout(data: bytes, first: int | None = None) -> LayoutFacet | None:
    """The first section's page size. The first w:sectPr in document order is the first section's,
    and the body's own comes last, so the bytes are searched rather than waiting for the stream to
    reach it: the facet belongs on the first block, which leaves long before the end."""
    # the regular expression only from the tag around the first "sectPr" on: a match holds one, and starts
    # at the last "<" before it (a prefix holds no "<"), so nothing before that can start one
    if first is None:  # (``first``: where "sectPr" first occurs, when the caller has searched already)
        first = data.find(b"sectPr")
    if first < 0:
        return None
    found = _SECT.search(data, max(0, data.rfind(b"<", 0, first)))
    if found is None:
        return None
    end = _SECT_END.search(data, found.start())
    section = data[found.start(): end.end() if end is not None else found.start() + 4096]
    size = _PGSZ.search(section)
    if size is None:
        return None
    attrs = size.group(1)
    width, height = _ATTR[b"w"].search(attrs), _ATTR[b"h"].search(attrs)
    if width is None or height is None:
        return None
    return LayoutFacet(layout="page", width_emu=int(width.group(1)) * EMU_PER_TWIP,
                       height_emu=int(height.group(1)) * EMU_PER_TWIP)
