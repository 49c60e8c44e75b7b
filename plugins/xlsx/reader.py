"""The XLSX reader: each sheet in workbook order becomes a level-2 heading and one streamed table,
then the tables of its charts' cached values (``drawings.py``); a chart sheet, a heading and its chart.

The package goes through the safe layer; the small parts (workbook, relationships, styles,
drawings, comments) are parsed whole, the shared strings and the sheets are streamed. A sheet is
read twice: a cheap byte scan for what must be known before its first row (``scan.py``), then
the row stream (``sheet.py``) that :class:`~.grid.Grid` turns into IR rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import lxml.etree
import openpyxl

from zenconv.ir.facets import HiddenFacet
from zenconv.ir.locator import Locator, column_letters
from zenconv.ir.nodes import Block, Heading, Table, Text
from zenconv.reports import Unreadable
from zenconv.safe.ole import is_ole, ole_kind
from zenconv_plugins.unread import report_unread_parts

from .anchors import CellNotes
from .comments import Persons, SheetComments, dropped_comments, read_comments
from .drawings import Drawn, chart_sheet, chart_tables, read_drawings, report_drawn
from .embedded import embedded_children
from .extras import report_scan
from .headers import header_blocks
from .grid import Budget, Grid, SheetPlan
from .header import split_header
from .links import report_links, report_query_tables
from .package import Package, SheetEntry
from .scan import scan_extent, scan_sheet
from .sheet import BookValues, cell_rows, formats_by_attribute, kinds_by_attribute, sheet_events
from .strings import SharedStrings, read_shared_strings
from .styles import style_formats

HEADING_LEVEL = 2
_HUGE_MERGE = 1 << 16  # cells: a merged range past this is clipped to the cells the sheet has
_SHEET_DROPPED = {"dialogsheet": "dialog-sheet-dropped", "macrosheet": "macro-sheet-dropped"}
_VALUE_CODES = ("formula-without-cached-value", "display-formats-not-applied", "number-colours-dropped",
                "date-out-of-range",
                "rich-text-flattened", "phonetic-dropped", "bad-cell-value", "bad-reference")


def read(source, ctx) -> Iterator[Block]:
    ctx.library = f"lxml/{lxml.etree.__version__}; openpyxl/{openpyxl.__version__}"
    _refuse_ole(source)
    package = Package(source, ctx)
    try:
        book = package.workbook()
        package.metadata(ctx.metadata)
        ctx.flags["cached_values_only"] = True
        styles = style_formats(package.xml(book.styles_part))
        formats, text_formats = formats_by_attribute(styles)
        values = BookValues(_strings(package, book.strings_part, ctx), kinds_by_attribute([k for k, _ in styles]),
                            book.date1904, formats=formats, shown=ctx.options["values"] != "raw",
                            text_formats=text_formats)
        report_links(package, book, ctx)
        if any(rel.kind == "vbaProject" for rel in book.rels.values()):
            ctx.report("xlsx.macros-dropped", Locator(part="xl/vbaProject.bin"))
        strings = values.strings
        if strings.rich:
            ctx.report("xlsx.rich-text-flattened", count=strings.rich, detail="shared strings with rich-text runs")
        if strings.phonetic:
            ctx.report("xlsx.phonetic-dropped", count=strings.phonetic)
        budget = Budget.for_source(source, ctx.options)
        persons = Persons(package, book.rels, ctx)
        for entry in book.sheets:
            yield from _sheet(package, entry, values, budget, persons, ctx)
        report_unread_parts(lambda part: ((r.kind, r.target) for r in package.rels(part).values() if not r.external),
                            package.xml, ctx)
    finally:
        package.close()


def _refuse_ole(source) -> None:
    """An encrypted workbook is an OLE compound file, not a zip: refused by name, as the host does."""
    if is_ole(source.head(8)):
        if ole_kind(source.read_bytes()) == "encrypted":
            raise Unreadable("host.encrypted-package", "an encrypted workbook (OLE EncryptedPackage)")
        raise Unreadable("host.legacy-format", "an OLE compound file, not an XLSX package (a legacy .xls?)")


def _strings(package: Package, part: str | None, ctx) -> SharedStrings:
    if not package.has(part):
        return SharedStrings()
    stream = package.zip.open(part)
    try:
        return read_shared_strings(stream, ctx)
    finally:
        stream.close()


def _sheet(package: Package, entry: SheetEntry, values: BookValues, budget: Budget, persons: Persons,
           ctx) -> Iterator[Block]:
    where = Locator(sheet=entry.ordinal, sheet_name=entry.name)
    if entry.kind not in ("worksheet", "chartsheet"):
        what = _SHEET_DROPPED.get(entry.kind)
        if what is not None:
            ctx.report(f"xlsx.{what}", where)
        elif not entry.kind or not package.has(entry.part):
            ctx.report("xlsx.sheet-part-missing", where)
        else:
            ctx.report("xlsx.unhandled-construct", where, detail=f"a sheet of type {entry.kind}")
        return
    if not package.has(entry.part):
        ctx.report("xlsx.sheet-part-missing", where)
        return
    hidden = entry.state in ("hidden", "veryHidden")
    skip = ctx.options["hidden"] == "skip"
    if hidden and skip:
        ctx.report("xlsx.hidden-sheet-dropped", where, text=_skipped_text(package, entry, values, budget, ctx))
        return
    facets = (HiddenFacet("very-hidden-sheet" if entry.state == "veryHidden" else "hidden-sheet"),) if hidden else ()
    if entry.kind == "chartsheet":
        yield Heading(HEADING_LEVEL, [Text(entry.name)], facets, where)
        yield from chart_sheet(package, entry.part, where, facets, budget, ctx)
        return
    plan, drawn, comments, headers, children = _plan(package, entry, skip, persons, ctx)
    table = Table(rows=(), facets=facets, locator=where)
    grid = Grid(plan, ctx, table, max_rows=ctx.options["max_rows"], max_cols=ctx.options["max_cols"], budget=budget)
    table.columns = grid.columns()
    rows = _cells(package, entry.part, values, ctx, where)
    if comments is not None:
        notes = CellNotes(grid, ctx, "xlsx.comments-dropped", lambda: _last_col(package, entry.part, ctx))
        notes.carry(comments.anchored)
        ctx.notes.extend(comments.unanchored)
        rows = notes.rows(rows)
    titles, table.rows = split_header(_hidden_columns(grid.rows(rows), grid, plan, where, ctx),
                                      ctx.options["header"] or "auto")
    yield Heading(HEADING_LEVEL, [Text(entry.name)], facets, where)
    yield from header_blocks(headers, entry.name, where, ctx)  # its print headers and footers: furniture
    yield from titles
    yield table
    # the sheet's cells are table 1 of the sheet, its charts the tables after it
    yield from chart_tables(package, drawn, where, facets, 2, budget, ctx)
    yield from children


def _plan(package: Package, entry: SheetEntry, skip_hidden: bool, persons: Persons,
          ctx) -> tuple[SheetPlan, Drawn, SheetComments | None, list[tuple[str, str]], list]:
    """Scan the sheet's bytes and report what it holds besides cell values; find its charts and read
    its comments (None under --comments drop, or when it has none); its print headers and footers, to
    carry as furniture (none under --furniture drop: they are reported); and convert its embedded documents."""
    where = Locator(sheet=entry.ordinal, sheet_name=entry.name)
    rels = package.rels(entry.part)
    comments = None
    if ctx.options["comments"] == "keep":
        comments = read_comments(package, rels, entry.ordinal, persons, where, ctx)
        if not (comments.anchored or comments.unanchored):
            comments = None
    else:
        for located, text in dropped_comments(package, rels, where, ctx):
            ctx.report("xlsx.comments-dropped", located, text=text)
    with package.zip.open(entry.part) as stream:
        scan = scan_sheet(stream, ctx.checkpoint)
    if scan.doctype:
        raise Unreadable("xlsx.doctype-refused", f"{entry.part} has a DOCTYPE (DTDs and entities are refused)")
    furniture = ctx.options.get("furniture", "keep") == "keep"
    children = embedded_children(package, rels, where, ctx)
    report_scan(scan, rels, where, ctx, furniture, converted=len(children))
    report_query_tables(package, rels, where, ctx)
    drawn = read_drawings(package, rels, scan.drawings)
    report_drawn(drawn, where, ctx)
    merges = scan.merges
    if any((r2 - r1 + 1) * (c2 - c1 + 1) > _HUGE_MERGE for r1, c1, r2, c2 in merges):
        with package.zip.open(entry.part) as stream:
            extent = scan_extent(stream, ctx.checkpoint)
        merges = _clipped(merges, extent)
    plan = SheetPlan(entry.ordinal, entry.name, first_col=scan.first_col, skip_hidden=skip_hidden,
                     hidden_cols=scan.hidden_columns, last_col=scan.max_col, merges=merges)
    _links(plan, scan, rels)
    return plan, drawn, comments, scan.headers if furniture else [], children


def _hidden_columns(rows, grid: Grid, plan: SheetPlan, where: Locator, ctx):
    """The grid's rows, then the report of the hidden columns skipped, with the text the grid left out
    of them (known only once every row is read)."""
    yield from rows
    if plan.skip_hidden and plan.hidden_cols:
        last = plan.last_col if plan.last_col >= 0 else plan.first_col
        count = sum(max(0, min(b, last) - max(a, plan.first_col) + 1) for a, b in plan.hidden_cols)
        if count:
            ctx.report("xlsx.hidden-column-dropped", where, count=count,
                       text="\n".join(grid.skipped["hidden-column-dropped"]) or None)


def _skipped_text(package: Package, entry: SheetEntry, values: BookValues, budget: Budget, ctx) -> str | None:
    """The text of a sheet left out under --hidden skip (cells, comments, print headers and footers) for
    its report to take; its cells' text is bounded by the workbook's character cap, as a shown sheet's is."""
    texts: list[str] = []
    chars = 0
    with package.zip.open(entry.part) as stream:
        for _, _, _, cells in cell_rows(sheet_events(stream, ctx), values, Counter(), ctx.checkpoint):
            for text in cells:
                chars += len(text)
                if chars > budget.text_limit:
                    return "\n".join(texts) or None
                texts.append(text)
    dropped = dropped_comments(package, package.rels(entry.part), Locator(sheet=entry.ordinal), ctx)
    texts += [text for _, text in dropped]
    with package.zip.open(entry.part) as stream:  # its print headers and footers go with it
        texts += scan_sheet(stream, ctx.checkpoint).header_texts
    return "\n".join(texts) or None


def _last_col(package: Package, part: str, ctx) -> int | None:
    """The last column holding a cell, by one more pass over the sheet's bytes; None when no cell has a
    reference (then any column may hold a comment)."""
    with package.zip.open(part) as stream:
        extent = scan_extent(stream, ctx.checkpoint)
    return extent[1] if extent is not None else None


def _clipped(merges, extent):
    if extent is None:
        return merges
    last_row, last_col = extent
    clipped = []
    for r1, c1, r2, c2 in merges:
        r2, c2 = min(r2, last_row), min(c2, last_col)
        if r1 <= r2 and c1 <= c2 and (r1, c1) != (r2, c2):
            clipped.append((r1, c1, r2, c2))
    return clipped


def _links(plan: SheetPlan, scan, rels) -> None:
    for link in scan.links:
        rel = rels.get(link.rel_id) if link.rel_id else None
        if rel is not None and rel.external:
            target = rel.external + (f"#{link.location}" if link.location else "")
        elif link.location:
            target = "#" + link.location
        else:
            continue
        r1, c1, r2, c2 = link.first
        if (r1, c1) == (r2, c2):
            plan.links.setdefault((r1, c1), target)
        else:
            plan.link_ranges.append((r1, c1, r2, c2, target))


def _cells(package: Package, part: str, values: BookValues, ctx, where: Locator):
    counts: Counter = Counter()
    blanks: list[tuple[int, int]] = []
    stream = package.zip.open(part)
    try:
        yield from cell_rows(sheet_events(stream, ctx), values, counts, ctx.checkpoint, blanks)
    finally:
        stream.close()
        for what in _VALUE_CODES:
            if what == "formula-without-cached-value" and blanks:
                # each of the first cells named, the sheet's count carried by the first
                for number, (row, col) in enumerate(blanks):
                    ctx.report(f"xlsx.{what}", where.with_(cell=f"{column_letters(col + 1)}{row + 1}"),
                               count=counts[what] - len(blanks) + 1 if number == 0 else 1)
            elif counts[what]:
                ctx.report(f"xlsx.{what}", where, count=counts[what])

