"""A sheet's drawings: what each anchor holds, and its charts as the tables of their cached values.

A chart on a worksheet (``xl/drawings/drawingN.xml`` → ``c:chart r:id`` → ``xl/charts/chartN.xml``,
or a chartEx part through ``mc:AlternateContent``) and the chart filling a chart sheet are read by
the chart module every OOXML reader shares (``zenconv_plugins.charts``): the drawing is lost, the
data it caches is kept. Pictures and shapes are counted and reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import field

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Table
from zenconv.ir.walk import cell_text
from zenconv.reports import Unreadable
from zenconv_plugins.charts import CHART_URIS, CHART_VALUES, MAX_CELLS, chart_table, read_chart

from .grid import ROW_CHARS, Budget
from .package import Package, Rel, local
from zenconv.records import dataclass

_ANCHORS = ("twoCellAnchor", "oneCellAnchor", "absoluteAnchor")
_SHAPES = ("sp", "cxnSp", "contentPart")


@dataclass(slots=True)
class Drawn:
    """What a sheet's drawings hold: chart parts in drawing order (None where a chart's relationship
    leads nowhere), and the counts of what is reported, by code suffix."""

    charts: list[str | None] = field(default_factory=list)
    dropped: Counter = field(default_factory=Counter)


def read_drawings(package: Package, rels: dict[str, Rel], rel_ids: list[str]) -> Drawn:
    drawn = Drawn()
    for rel_id in rel_ids:
        rel = rels.get(rel_id)
        if rel is None or not package.has(rel.target):
            continue
        root = package.xml(rel.target)
        chart_rels = package.rels(rel.target)
        for anchor in root:
            if local(anchor.tag) in _ANCHORS:
                for child in anchor:
                    _shape(child, chart_rels, drawn)
    return drawn


def report_drawn(drawn: Drawn, where: Locator, ctx) -> None:
    for what, count in sorted(drawn.dropped.items()):
        ctx.report(f"xlsx.{what}", where, count=count)


def chart_tables(package: Package, drawn: Drawn, where: Locator, facets: tuple, first: int, budget: Budget,
                 ctx) -> Iterator[Table]:
    """Each readable chart's table, located at ``where`` as table ``first``, ``first + 1``… of its sheet."""
    number = first
    for part in drawn.charts:
        ctx.checkpoint()
        try:
            root = package.xml(part) if package.has(part) else None
        except Unreadable as exc:
            if not exc.code.endswith("xml-malformed"):
                raise  # a DOCTYPE or a depth bomb refuses the workbook, wherever it hides
            root = None  # a corrupt chart costs the chart, not the workbook
        chart = read_chart(root, ctx.options.get(CHART_VALUES.key, MAX_CELLS)) if root is not None else None
        if chart is None:
            ctx.report("xlsx.chart-unreadable", where, detail=part)
            continue
        ctx.report("xlsx.chart-as-table", where, detail=chart.type or None, text=chart.untold or None)
        if chart.cut:
            ctx.report("xlsx.chart-truncated", where, count=chart.cut)
        table = chart_table(chart, where.with_(table=number))
        table.facets = facets
        _spend(table, budget, where, ctx)
        number += 1
        yield table


def chart_sheet(package: Package, part: str, where: Locator, facets: tuple, budget: Budget, ctx) -> Iterator[Table]:
    """A chart sheet's chart as its table (a chart sheet has no cells, only a drawing)."""
    root = package.xml(part)
    ids = [_rel_id(el) for el in root if local(el.tag) == "drawing"]
    drawn = read_drawings(package, package.rels(part), [i for i in ids if i])
    report_drawn(drawn, where, ctx)
    if not drawn.charts:
        ctx.report("xlsx.chart-unreadable", where, detail="a chart sheet whose drawing holds no chart")
    yield from chart_tables(package, drawn, where, facets, 1, budget, ctx)


def _shape(el, rels: dict[str, Rel], drawn: Drawn) -> None:
    name = local(el.tag)
    if name == "pic":
        drawn.dropped["images-dropped"] += 1
    elif name == "graphicFrame":
        data = next((d for d in el.iter() if local(d.tag) == "graphicData"), None)
        if data is not None and data.get("uri") in CHART_URIS:
            ref = next((_rel_id(c) for c in data if _rel_id(c)), None)
            rel = rels.get(ref) if ref else None
            drawn.charts.append(rel.target if rel is not None else None)
        else:
            drawn.dropped["shapes-dropped"] += 1
    elif name == "grpSp":  # a group's members, each for what it is
        for child in el:
            _shape(child, rels, drawn)
    elif name in _SHAPES:
        drawn.dropped["shapes-dropped"] += 1
    elif name == "AlternateContent":
        # Excel writes a chartEx frame as the Choice, with a text box saying so as the Fallback
        choice = next((c for c in el if local(c.tag) == "Choice"), None)
        if choice is None:
            choice = next((c for c in el if local(c.tag) == "Fallback"), None)
        for child in choice if choice is not None else ():
            _shape(child, rels, drawn)


def _rel_id(el) -> str | None:
    """The ``r:id`` of an element, whatever the relationships namespace (transitional or Strict)."""
    return next((v for k, v in el.attrib.items() if k.startswith("{") and local(k) == "id"), None)


def _spend(table: Table, budget: Budget, where: Locator, ctx) -> None:
    """A chart's cells count against the workbook's caps like a sheet's: past them, the rows are cut
    with a visible note."""
    width = table.columns.count or 1
    rows = table.rows
    for kept, row in enumerate(rows):
        chars = sum(len(c) if isinstance(c, str) else len(cell_text(c)) for c in row.cells) + ROW_CHARS
        if budget.used + width > budget.limit or budget.text_used + chars > budget.text_limit:
            table.rows = rows[:kept]
            table.notes.append(f"⚠ Truncated: the workbook passed --max-cells or --max-expansion; the chart's rows "
                               f"from row {kept + 1} on were not read.")
            ctx.report("xlsx.chart-truncated", where, count=len(rows) - kept, detail="rows past the workbook's caps")
            return
        budget.used += width
        budget.text_used += chars
