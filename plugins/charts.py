"""Charts from the values their parts cache: one table per chart, for every OOXML reader.

A DrawingML chart part keeps the last values it drew, so the numbers survive without opening the
embedded workbook or the sheet the chart points at. A classic part (``c:chartSpace``) caches each
series' name, categories and values (``c:strCache``, ``c:numCache``, multi-level and literal
caches); a 2016 chartEx part (``cx:chartSpace``: waterfall, treemap, sunburst, histogram, box and
whisker, funnel, region map) keeps its data in its own ``cx:chartData``, and its type is the
series' ``layoutId``. A point the cache leaves out stays ``None`` (an empty cell), never a zero.

The module reads parsed elements and imports no XML library, so an entry-point module may import
it; Strict OOXML's chart namespace is read like the transitional one.
"""

from __future__ import annotations

import math
import re
from dataclasses import field

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Cell, Columns, Row, Table, Text
from zenconv_plugins.declarations import CHART_VALUES, MAX_CELLS  # noqa: F401 (for importers)
from zenconv.records import dataclass

CHART_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
CHARTEX_NS = "http://schemas.microsoft.com/office/drawing/2014/chartex"
# a graphicData's uri names what the frame holds: for charts, their namespaces
CHART_URIS = frozenset((CHART_NS, CHARTEX_NS, "http://purl.oclc.org/ooxml/drawingml/chart"))
# chart namespace -> the DrawingML namespace its rich text uses
_TEXT_NS = {
    CHART_NS: "http://schemas.openxmlformats.org/drawingml/2006/main",
    "http://purl.oclc.org/ooxml/drawingml/chart": "http://purl.oclc.org/ooxml/drawingml/main",
}

# Bounds against hostile caches; no chart a person reads comes near them. Excel draws at most 255
# series (its own limit, a fact of the format); the values bound (--max-chart-values) keeps categories x
# series small whatever the indexes claim.
MAX_SERIES = 255
# Where a classic series keeps its points: (cache path, points in its first level, numbers)
_CACHES = (("{c}strRef/{c}strCache", False, False), ("{c}numRef/{c}numCache", False, True),
           ("{c}strLit", False, False), ("{c}numLit", False, True),
           ("{c}multiLvlStrRef/{c}multiLvlStrCache", True, False))
# the chartEx dimensions a table shows: categories, then the first of the value kinds
_CX_DIMS = ("cat", "val", "size", "y", "x")


@dataclass(slots=True)
class Series:
    name: str | None
    categories: list[str | None] = field(default_factory=list)
    values: list[str | None] = field(default_factory=list)


@dataclass(slots=True)
class Chart:
    type: str             # the plot element's name without "Chart" (bar, line, scatter) or the chartEx layout
    title: str | None
    series: list[Series]
    cut: int = 0          # series and points left out past the bounds
    bound: int = MAX_CELLS  # the values bound it was read under (--max-chart-values)
    untold: str = ""      # text the table does not carry (the axes' titles), for the chart-as-table report

    @property
    def caption(self) -> str:
        if self.title:
            return self.title
        return f"{_type_name(self.type)} chart" if self.type else "Chart"


def read_chart(root, max_values: int = MAX_CELLS) -> Chart | None:
    """The chart a parsed chart part holds, classic or chartEx, at most ``max_values`` values
    (``--max-chart-values``); None when the part is no chart or caches no point at all (nothing of it
    could be carried)."""
    tag = root.tag if isinstance(root.tag, str) else ""
    ns, _, name = tag[1:].partition("}")
    if name != "chartSpace":
        return None
    if ns in _TEXT_NS:
        chart = _Classic(ns).read(root, max_values)
    elif ns == CHARTEX_NS:
        chart = _ChartEx().read(root, max_values)
    else:
        return None
    if chart is None or not any(p is not None for s in chart.series for p in (*s.categories, *s.values)):
        return None
    return chart


def chart_table(chart: Chart, locator: Locator) -> Table:
    """One header row (an empty corner, then the series names), one row per category; the title as
    the caption. Rows are located at ``locator`` with their index in this table: the point index + 1,
    so a category no series caches a point for is skipped, never renumbering the rows after it (and a
    few sparse indexes cannot blow up into rows of nothing)."""
    series = chart.series
    count = max([0, *(len(s.categories) for s in series), *(len(s.values) for s in series)])
    header = Row([Cell([], header=True),
                  *(Cell([Text(s.name or f"Series {i}")], header=True) for i, s in enumerate(series, 1))],
                 locator=locator.with_(row=0))
    rows = [header]
    for i in range(count):
        label = next((s.categories[i] for s in series if i < len(s.categories) and s.categories[i] is not None), None)
        values = [s.values[i] if i < len(s.values) else None for s in series]
        if label is None and all(v is None for v in values):
            continue
        cells = [str(i + 1) if label is None else label, *("" if v is None else v for v in values)]
        rows.append(Row(cells, locator=locator.with_(row=i + 1)))
    notes = []
    if chart.cut:
        notes.append(f"⚠ Truncated: the chart caches more than a table carries ({MAX_SERIES} series, "
                     f"{chart.bound:,} values); {chart.cut:,} series and points were not read.")
    return Table(rows, columns=Columns(count=1 + len(series)), caption=[Text(chart.caption)], notes=notes,
                 locator=locator)


class _Bounds:
    """The longest a series' lists may be once the number of series is known; what fell past it."""

    def __init__(self, series: int, max_values: int) -> None:
        self.limit = max_values // max(1, series + 1)
        self.cut = 0

    def indexed(self, points, value_of, number: bool) -> list[str | None]:
        """``points`` as a list by their ``idx``; ``value_of(pt)`` is a point's text."""
        found: dict[int, str] = {}
        for pt in points:
            try:
                idx = int(pt.get("idx", ""))
            except ValueError:
                continue
            if idx < 0:
                continue
            if idx >= self.limit:
                self.cut += 1
                continue
            text = value_of(pt) or ""
            found[idx] = _number(text) if number else text
        # A declared ptCount is never trusted for a length: trailing points the cache leaves out
        # would only be rows of nothing.
        return [found.get(i) for i in range(max(found, default=-1) + 1)]


class _Classic:
    def __init__(self, ns: str) -> None:
        self.c = f"{{{ns}}}"
        self.a = f"{{{_TEXT_NS[ns]}}}"

    def read(self, root, max_values: int) -> Chart | None:
        c = self.c
        chart = root.find(f"{c}chart")
        plot = chart.find(f"{c}plotArea") if chart is not None else None
        if plot is None:
            return None
        kinds = [el for el in plot if isinstance(el.tag, str) and el.tag.startswith(c) and el.tag.endswith("Chart")]
        elements = [ser for kind in kinds for ser in kind.iterfind(f"{c}ser")]
        kept = elements[:MAX_SERIES]
        bounds = _Bounds(len(kept), max_values)
        series = []
        for ser in kept:
            tx = ser.find(f"{c}tx")
            cat = _first_of(ser, f"{c}cat", f"{c}xVal")
            val = _first_of(ser, f"{c}val", f"{c}yVal")
            series.append(Series(self._name(tx, bounds), self._points(cat, bounds), self._points(val, bounds)))
        kind = kinds[0].tag[len(c):-len("Chart")] if kinds else ""
        axes = [el for el in plot if isinstance(el.tag, str) and el.tag.startswith(c) and el.tag.endswith("Ax")]
        untold = "\n".join(t for ax in axes if (t := self._title(ax.find(f"{c}title"), bounds)))
        return Chart(kind, self._title(chart.find(f"{c}title"), bounds), series,
                     cut=bounds.cut + len(elements) - len(kept), bound=max_values, untold=untold)

    def _name(self, tx, bounds: _Bounds) -> str | None:
        """A series name: its cached text (a name over several cells is joined, as Excel shows it)
        or its literal ``c:v``."""
        if tx is None:
            return None
        text = " ".join(p for p in self._points(tx, bounds) if p)
        return text or tx.findtext(f"{self.c}v") or None

    def _title(self, title, bounds: _Bounds) -> str | None:
        if title is None:
            return None
        tx = title.find(f"{self.c}tx")
        if tx is None:
            return None  # an automatic title: the chart states no text of its own
        rich = tx.find(f"{self.c}rich")
        if rich is not None:
            return _rich(rich, self.a)
        return self._name(tx, bounds)

    def _points(self, ref, bounds: _Bounds) -> list[str | None]:
        """The cached points under a ``c:tx``/``c:cat``/``c:val``: a str, num or multi-level cache
        (its leaf level, the first), or a literal."""
        if ref is None:
            return []
        c = self.c
        for path, level, number in _CACHES:
            cache = ref.find(path.format(c=c))
            if cache is not None:
                points = cache.find(f"{c}lvl") if level else cache
                return bounds.indexed(() if points is None else points.iterfind(f"{c}pt"),
                                      lambda pt: pt.findtext(f"{c}v"), number)
        return []


class _ChartEx:
    cx = f"{{{CHARTEX_NS}}}"

    def read(self, root, max_values: int) -> Chart | None:
        cx = self.cx
        chart = root.find(f"{cx}chart")
        if chart is None:
            return None
        elements = list(chart.iter(f"{cx}series"))
        kept = elements[:MAX_SERIES]
        bounds = _Bounds(len(kept), max_values)
        blocks = {}
        chart_data = root.find(f"{cx}chartData")
        for block in chart_data.iterfind(f"{cx}data") if chart_data is not None else ():
            blocks.setdefault(block.get("id", ""), block)
        data: dict[str, dict[str, list[str | None]]] = {}
        series = []
        layout = None
        for ser in kept:
            layout = layout or ser.get("layoutId")
            ref = ser.find(f"{cx}dataId")
            key = ref.get("val", "") if ref is not None else ""
            if key not in data:  # series sharing one data block read it once
                data[key] = self._dims(blocks.get(key), bounds)
            dims = data[key]
            values = next((dims[t] for t in _CX_DIMS[1:] if t in dims), [])
            name = ser.findtext(f"{cx}tx/{cx}txData/{cx}v")
            series.append(Series(name, dims.get("cat", []), values))
        title = chart.find(f"{cx}title")
        text = None
        if title is not None:
            text = title.findtext(f"{cx}tx/{cx}txData/{cx}v") or _rich(title, f"{{{_TEXT_NS[CHART_NS]}}}")
        return Chart(layout or "", text, series, cut=bounds.cut + len(elements) - len(kept), bound=max_values)

    def _dims(self, block, bounds: _Bounds) -> dict[str, list[str | None]]:
        """A data block's dimensions by type (``cat``, ``val``, ``size``…), each its leaf level."""
        cx = self.cx
        dims: dict[str, list[str | None]] = {}
        for dim in block if block is not None else ():
            kind = dim.get("type", "")
            if dim.tag in (f"{cx}strDim", f"{cx}numDim") and kind in _CX_DIMS and kind not in dims:
                lvl = dim.find(f"{cx}lvl")
                dims[kind] = [] if lvl is None else bounds.indexed(
                    lvl.iterfind(f"{cx}pt"), lambda pt: pt.text, dim.tag == f"{cx}numDim")
        return dims


def _first_of(el, *tags):
    for tag in tags:
        found = el.find(tag)
        if found is not None:
            return found
    return None


def _rich(el, a: str) -> str | None:
    paragraphs = [" ".join("".join(t.text or "" for t in p.iter(f"{a}t")).split()) for p in el.iter(f"{a}p")]
    return " ".join(p for p in paragraphs if p) or None


def _number(text: str) -> str:
    """A cached number as a person reads it: caches hold binary noise (``4.4000000000000004``), so
    round to the 15 digits Excel shows, then write the canonical form of the spreadsheet readers
    (integers plain, others as the shortest repr)."""
    try:
        number = float(text)
    except ValueError:
        return text
    if not math.isfinite(number):
        return text
    number = float(f"{number:.15g}")
    if number.is_integer() and abs(number) < 1e15:
        return str(int(number))
    return repr(number)


def _type_name(kind: str) -> str:
    """``bar3D`` → ``Bar 3D``, ``boxWhisker`` → ``Box whisker``."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z0-9])", " ", kind).split()
    text = " ".join(w if w[:1].isdigit() else w.lower() for w in words)
    return text[:1].upper() + text[1:]
