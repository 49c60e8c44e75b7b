"""Charts from the values their parts cache: a titled table, one row per category, one column per series.

The embedded workbook is never opened: a classic chart part (``c:``) caches each series' name,
categories and values (``c:strCache``, ``c:numCache``, literals); a 2016 chartEx part (``cx:``:
waterfall, treemap, sunburst, histogram, box and whisker, funnel, region map) keeps its data in its
own ``cx:chartData``, and its type is the series' ``layoutId``. A point the cache leaves out is an
empty cell, never a zero.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from zenconv.ir import Cell, Columns, Row, Table, Text

from .package import NS

_C = f"{{{NS['c']}}}"
_CX = f"{{{NS['cx']}}}"
_A = f"{{{NS['a']}}}"
_MAX_POINTS = 1 << 20  # a cached point index past this is hostile, not a chart


@dataclass(slots=True)
class Series:
    name: str | None
    categories: list[str | None] = field(default_factory=list)
    values: list[str | None] = field(default_factory=list)


@dataclass(slots=True)
class Chart:
    type: str
    title: str | None
    series: list[Series]


def read_chart(root) -> Chart | None:
    """A classic chart part's type, title and series; None when it has no plot area."""
    chart = root.find(f"{_C}chart")
    plot = chart.find(f"{_C}plotArea") if chart is not None else None
    if plot is None:
        return None
    kinds = [el for el in plot if isinstance(el.tag, str) and el.tag.startswith(_C) and el.tag.endswith("Chart")]
    series = []
    for kind in kinds:
        for ser in kind.iterfind(f"{_C}ser"):
            tx = ser.find(f"{_C}tx")
            name = _first(_points(tx)) if tx is not None else None
            if name is None and tx is not None:
                name = tx.findtext(f"{_C}v")
            cat = ser.find(f"{_C}cat")
            if cat is None:
                cat = ser.find(f"{_C}xVal")
            val = ser.find(f"{_C}val")
            if val is None:
                val = ser.find(f"{_C}yVal")
            series.append(Series(name, _points(cat), _points(val)))
    kind_name = kinds[0].tag[len(_C):-len("Chart")] if kinds else "unknown"
    return Chart(kind_name, _title(chart.find(f"{_C}title")), series)


def read_chart_ex(root) -> Chart | None:
    """A chartEx part: data by id from ``cx:chartData``, series from the plot area."""
    data: dict[str, dict[str, list[str | None]]] = {}
    chart_data = root.find(f"{_CX}chartData")
    for block in chart_data.iterfind(f"{_CX}data") if chart_data is not None else ():
        dims: dict[str, list[str | None]] = {}
        for dim in block:
            if dim.tag in (f"{_CX}strDim", f"{_CX}numDim"):
                lvl = dim.find(f"{_CX}lvl")
                dims.setdefault(dim.get("type", ""), _cx_points(lvl))
        data[block.get("id", "")] = dims
    chart = root.find(f"{_CX}chart")
    if chart is None:
        return None
    series = []
    layout = None
    for ser in chart.iter(f"{_CX}series"):
        layout = layout or ser.get("layoutId")
        data_id = ser.find(f"{_CX}dataId")
        dims = data.get(data_id.get("val", "") if data_id is not None else "", {})
        values = next((dims[t] for t in ("val", "size", "y", "x") if t in dims), [])
        name = ser.findtext(f"{_CX}tx/{_CX}txData/{_CX}v")
        series.append(Series(name, dims.get("cat", []), values))
    title = chart.find(f"{_CX}title")
    text = None
    if title is not None:
        text = title.findtext(f"{_CX}tx/{_CX}txData/{_CX}v") or _rich(title)
    return Chart(layout or "unknown", text, series)


def chart_table(chart: Chart, locator) -> Table:
    """Rows are categories, columns series; the header row names the series."""
    categories = max((s.categories for s in chart.series), key=len, default=[])
    count = max([len(categories), *(len(s.values) for s in chart.series)])
    header = Row([Cell([], header=True),
                  *(Cell([Text(s.name or f"Series {i}")], header=True) for i, s in enumerate(chart.series, 1))],
                 locator=locator.with_(row=0))
    rows = [header]
    for i in range(count):
        label = categories[i] if i < len(categories) and categories[i] is not None else str(i + 1)
        cells = [label, *((s.values[i] if i < len(s.values) and s.values[i] is not None else "") for s in chart.series)]
        rows.append(Row(cells, locator=locator.with_(row=i + 1)))
    caption = chart.title or f"{_type_name(chart.type)} chart"
    return Table(rows, columns=Columns(count=1 + len(chart.series)), caption=[Text(caption)], locator=locator)


def _type_name(kind: str) -> str:
    """``bar3D`` → ``Bar 3D``, ``boxWhisker`` → ``Box whisker``."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z0-9])", " ", kind).split()
    text = " ".join(w if w[:1].isdigit() else w.lower() for w in words)
    return text[:1].upper() + text[1:]


def _title(title) -> str | None:
    if title is None:
        return None
    tx = title.find(f"{_C}tx")
    if tx is None:
        return None  # an automatic title: the chart states no text of its own
    if tx.find(f"{_C}rich") is not None:
        return _rich(tx)
    return _first(_points(tx))


def _rich(el) -> str | None:
    paragraphs = [" ".join("".join(t.text or "" for t in p.iter(f"{_A}t")).split()) for p in el.iter(f"{_A}p")]
    text = " ".join(p for p in paragraphs if p)
    return text or None


def _first(points: list[str | None]) -> str | None:
    return next((p for p in points if p), None)


def _points(ref) -> list[str | None]:
    """The cached points under a ``c:tx``/``c:cat``/``c:val``: str, num, multi-level (its leaf level)
    caches, or literals."""
    if ref is None:
        return []
    for path in (f"{_C}strRef/{_C}strCache", f"{_C}numRef/{_C}numCache", f"{_C}strLit", f"{_C}numLit",
                 f"{_C}multiLvlStrRef/{_C}multiLvlStrCache/{_C}lvl"):
        cache = ref.find(path)
        if cache is not None:
            count = cache.find(f"{_C}ptCount")
            return _indexed(cache, f"{_C}pt", f"{_C}v", count.get("val") if count is not None else None)
    return []


def _cx_points(lvl) -> list[str | None]:
    if lvl is None:
        return []
    return _indexed(lvl, f"{_CX}pt", None, lvl.get("ptCount"))


def _indexed(cache, pt_tag: str, value_tag: str | None, count: str | None) -> list[str | None]:
    found: dict[int, str] = {}
    for pt in cache.iterfind(pt_tag):
        try:
            idx = int(pt.get("idx", ""))
        except ValueError:
            continue
        if 0 <= idx < _MAX_POINTS:
            found[idx] = (pt.findtext(value_tag) if value_tag else pt.text) or ""
    try:
        declared = int(count) if count is not None else 0
    except ValueError:
        declared = 0
    # The declared count can only lengthen the list up to a bound: a hostile count allocates nothing.
    size = max(max(found, default=-1) + 1, min(declared, len(found) + 1024))
    return [found.get(i) for i in range(size)]
