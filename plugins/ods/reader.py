"""The ODS reader: each table in document order becomes a level-2 heading and one streamed table.

The package goes through the safe layer; an encrypted package (``manifest:encryption-data`` in
``META-INF/manifest.xml``) is refused before any part is parsed. ``content.xml`` holds every sheet
and is streamed twice with lxml (odfpy's DOM reads a big sheet more than ten times slower): a survey
(``tables.survey``) and the rows, which the XLSX reader's grid turns into IR rows, so both formats
give the same model, the same citations and the same caps. The survey reads the annotations too; they
become comment notes referenced from their cells as in XLSX (``zenconv_plugins.xlsx.anchors``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import lxml.etree
from zenconv_plugins.comments import comment_note
from zenconv_plugins.odt.dropped import text_of
from zenconv_plugins.odt.pagestyles import Placement, page_furniture
from zenconv_plugins.properties import odf_meta
from zenconv_plugins.xlsx.anchors import CellNotes, note_id
from zenconv_plugins.xlsx.grid import Budget, Grid, SheetPlan
from zenconv_plugins.xlsx.header import split_header
from zenconv_plugins.xlsx.stream import element_events

from zenconv.ir import plain_text
from zenconv.ir.facets import HiddenFacet
from zenconv.ir.locator import Locator, column_letters
from zenconv.ir.nodes import Block, Heading, Table, Text
from zenconv.reports import Unreadable
from zenconv.safe.xml import parse_xml, part_refusal
from zenconv.safe.zip import open_package

from .tables import EVENTS, TAGS, TableInfo, TableRows, next_table, survey

HEADING_LEVEL = 2
SPREADSHEET_TYPES = ("application/vnd.oasis.opendocument.spreadsheet",
                     "application/vnd.oasis.opendocument.spreadsheet-template")
MANIFEST = "{urn:oasis:names:tc:opendocument:xmlns:manifest:1.0}"
META = "{urn:oasis:names:tc:opendocument:xmlns:meta:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
DC = "{http://purl.org/dc/elements/1.1/}"
STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_FURNITURE = tuple(f"{STYLE}{side}{kind}" for side in ("header", "footer") for kind in ("", "-left", "-first"))
_SURVEY_CODES = ("annotations-dropped", "images-dropped", "charts-dropped", "shapes-dropped",
                 "conditional-formatting-dropped", "data-validation-dropped",
                 "rich-text-flattened", "unhandled-construct")  # the last two: in annotations' text
_ROW_CODES = ("hidden-row-dropped", "display-formats-not-applied",
              "rich-text-flattened", "bad-cell-value", "unhandled-construct")


def read(source, ctx) -> Iterator[Block]:
    ctx.library = f"lxml/{lxml.etree.__version__}"
    package = open_package(source, ctx)
    try:
        _check_package(package, ctx)
        # formulas are never evaluated: every value is the one the writing application cached
        ctx.flags["cached_values_only"] = True
        _metadata(package, ctx)
        if package.find("Basic/") or package.find("Scripts/"):
            ctx.report("ods.macros-dropped", Locator(part="Basic/"))
        furniture = _headers_footers(package, ctx)
        with package.open("content.xml") as stream:
            found = survey(element_events(stream, ctx, TAGS, EVENTS), ctx.checkpoint,
                           keep_comments=ctx.options["comments"] == "keep")
        if not found.spreadsheet:
            raise Unreadable("ods.not-a-spreadsheet", "content.xml holds no office:spreadsheet body")
        _report(found.counts, None, ctx)
        budget = Budget.for_source(source, ctx.options)
        skip = ctx.options["hidden"] == "skip"
        with package.open("content.xml") as stream:
            events = element_events(stream, ctx, TAGS, EVENTS)
            for info in found.tables:
                if not next_table(events):
                    break
                if furniture is not None and not (info.hidden and skip):
                    yield from furniture.before(info.master, info.name)
                yield from _table(events, info, budget, ctx)
        if furniture is not None:
            furniture.report(ctx, "ods", "page style '{style}': no sheet prints with it")
    finally:
        package.close()


def _check_package(package, ctx) -> None:
    if package.has("mimetype"):
        declared = package.read("mimetype")[:200].decode("ascii", "replace").strip()
        if declared.startswith("application/vnd.oasis.opendocument") and declared not in SPREADSHEET_TYPES:
            raise Unreadable("ods.not-a-spreadsheet", f"the package is {declared}, not a spreadsheet")
    manifest = _part(package, "META-INF/manifest.xml", ctx)
    if manifest is not None:
        if next(manifest.iter(f"{MANIFEST}encryption-data"), None) is not None:
            raise Unreadable("ods.encrypted-package", "the package is encrypted (manifest:encryption-data)")
    if not package.has("content.xml"):
        raise Unreadable("ods.missing-content", "the package has no content.xml")


def _part(package, name: str, ctx):
    """The root of a part other than content.xml: None when there is none, or when it broke the XML
    rules (``ods.part-refused``: the workbook is read without it). OpenOffice's DOCTYPEs without an
    internal subset are accepted."""
    if not package.has(name):
        return None
    try:
        return parse_xml(package.read(name), ctx.namespace, max_depth=ctx.options["max_xml_depth"], plain_doctype=True)
    except Unreadable as exc:
        if not part_refusal(exc):
            raise
        ctx.report("ods.part-refused", Locator(part=name), detail=f"{name}: {exc.code}")
        return None


def _metadata(package, ctx) -> None:
    root = _part(package, "meta.xml", ctx)
    if root is not None:
        odf_meta(root, ctx.metadata)


def _headers_footers(package, ctx) -> Placement | None:
    """The master pages' print headers and footers as furniture, left, centre and right regions apart
    (``zenconv_plugins.odt.pagestyles``), each before the first sheet printing with it, its sheet name
    fields showing that sheet's name; under --furniture drop (None), reported with their words."""
    root = _part(package, "styles.xml", ctx)
    if root is None:
        return None
    if ctx.options.get("furniture", "keep") == "keep":
        furniture = page_furniture(root)
        if furniture.hidden:
            ctx.report("ods.headers-footers-dropped", Locator(part="styles.xml"), count=len(furniture.hidden),
                       detail='switched off (style:display="false")', text="\n".join(furniture.hidden))
        return Placement(furniture)
    masters = root.find(f"{OFFICE}master-styles")
    texts = [text for el in (masters.iter(*_FURNITURE) if masters is not None else ())
             if (text := text_of(el))]
    if texts:
        ctx.report("ods.headers-footers-dropped", Locator(part="styles.xml"), count=len(texts), text="\n".join(texts))
    return None


def _report(counts: Counter, where: Locator | None, ctx, taken: dict[str, list[str]] | None = None,
            codes: tuple[str, ...] = _SURVEY_CODES) -> None:
    for what in codes:
        if counts[what]:
            text = "\n".join(taken.get(what, ())) if taken else None
            ctx.report(f"ods.{what}", where, count=counts[what], text=text or None)


def _table(events, info: TableInfo, budget: Budget, ctx) -> Iterator[Block]:
    where = Locator(sheet=info.ordinal, sheet_name=info.name)
    skip = ctx.options["hidden"] == "skip"
    _report(info.counts, where, ctx, info.taken)
    for what, detail in (("merges-past-limit", "merged ranges past the limit per sheet"),
                         ("annotation-copies", "copies of an annotated repeated cell: the note is referenced "
                                               "from the first copy only")):
        if info.counts[what]:
            ctx.report("ods.unhandled-construct", where, count=info.counts[what], detail=detail)
    if info.hidden and skip:
        rows = TableRows(events, info, skip_hidden=False, limit_col=0, counts=Counter(), checkpoint=ctx.checkpoint)
        # The report takes the sheet's text, and that of the comments it holds, which go with it.
        text = "\n".join(filter(None, (rows.text(), *(_comment_text(c) for *_, c in info.comments))))
        ctx.report("ods.hidden-sheet-dropped", where, text=text or None)
        return
    first = max(info.first_col, 0)
    hidden_cols = [(a, b) for a, b in info.hidden_cols if b >= first and (info.last_col < 0 or a <= info.last_col)]
    hidden_count = sum(min(b, info.last_col) - max(a, first) + 1 for a, b in hidden_cols) if skip else 0
    plan = SheetPlan(info.ordinal, info.name, first_col=first, skip_hidden=skip, hidden_cols=hidden_cols,
                     last_col=info.last_col, merges=_clipped(info))
    facets = (HiddenFacet("hidden-sheet"),) if info.hidden else ()
    table = Table(rows=(), facets=facets, locator=where)
    max_cols = ctx.options["max_cols"]
    grid = Grid(plan, ctx, table, max_rows=ctx.options["max_rows"], max_cols=max_cols, budget=budget)
    table.columns = grid.columns()
    counts: Counter = Counter()
    hidden_width = sum(b - a + 1 for a, b in hidden_cols) if skip else 0
    source = TableRows(events, info, skip_hidden=skip, limit_col=first + max_cols + hidden_width, counts=counts,
                       checkpoint=ctx.checkpoint, hidden_cols=hidden_cols if hidden_count > 0 else [],
                       shown=ctx.options["values"] != "raw")
    rows = source.rows()
    if info.comments:
        rows = _with_notes(rows, grid, info, skip, ctx)
    try:
        titles, table.rows = split_header(grid.rows(rows), ctx.options["header"] or "auto")
        yield Heading(HEADING_LEVEL, [Text(info.name)], facets, where)
        yield from titles
        yield table
    finally:
        source.drain()
        if hidden_count > 0:  # after the rows: the report takes the text of the cells left out
            text = "\n".join(source.taken.get("hidden-column-dropped", ()))
            ctx.report("ods.hidden-column-dropped", where, count=hidden_count, text=text or None)
        _report(counts, where, ctx, source.taken, _ROW_CODES)
        _report_blank_formulas(counts["formula-without-cached-value"], source.blanks, where, ctx)


def _report_blank_formulas(count: int, blanks: list[tuple[int, int]], where: Locator, ctx) -> None:
    """Each of the first formula cells without a cached value named, the sheet's count on the first."""
    if not count:
        return
    if not blanks:
        ctx.report("ods.formula-without-cached-value", where, count=count)
        return
    for number, (row, col) in enumerate(blanks):
        ctx.report("ods.formula-without-cached-value", where.with_(cell=f"{column_letters(col + 1)}{row + 1}"),
                   count=count - len(blanks) + 1 if number == 0 else 1)


def _with_notes(rows, grid: Grid, info: TableInfo, skip_hidden: bool, ctx):
    """The table's annotations carried as notes, their marks put into ``rows``; under --hidden skip
    the rows left out take theirs with them (the rows never reach the grid, so it cannot tell)."""
    notes = CellNotes(grid, ctx, "ods.annotations-dropped", lambda: info.last_col)
    taken: dict[str, int] = {}
    anchored = []
    hidden = 0
    dropped = []
    for row, col, on_hidden_row, comment in sorted(info.comments, key=lambda item: item[:2]):
        if on_hidden_row and skip_hidden:
            hidden += 1
            dropped.append(_comment_text(comment))
        else:
            anchored.append((row, col, comment_note(note_id(info.ordinal, row, col, taken), [comment], ctx)))
    if hidden:
        ctx.report("ods.annotations-dropped", Locator(sheet=info.ordinal, sheet_name=info.name), count=hidden,
                   detail="comments on hidden rows skipped under --hidden skip", text="\n".join(dropped))
    notes.carry(anchored)
    return notes.rows(rows)


def _comment_text(comment) -> str:
    return "\n".join(filter(None, (comment.author, plain_text(comment.blocks))))


def _clipped(info: TableInfo) -> list[tuple[int, int, int, int]]:
    """Merged ranges within the cells the table has: a repeated row or column may span a million."""
    if info.last_row < 0:
        return []
    merges = []
    for r1, c1, r2, c2 in info.merges:
        r2, c2 = min(r2, info.last_row), min(c2, info.last_col)
        if r1 <= r2 and c1 <= c2 and (r1, c1) != (r2, c2):
            merges.append((r1, c1, r2, c2))
    return merges
