"""Charts: the data a chart part caches, carried as a table (the drawing itself is lost).

A chart in a Word document keeps the last values it drew in its own part (``c:strCache`` and
``c:numCache`` under each series), so the numbers survive without opening the embedded workbook:
one header row of series names, then one row per category.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Cell, Columns, Row, Table, Text

from .state import DocxState

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
_A_T = "{http://schemas.openxmlformats.org/drawingml/2006/main}t"
MAX_POINTS = 10_000   # a category axis longer than this is not a table anyone reads in a document


def chart_table(st: DocxState, rid: str) -> Table | None:
    rel = st.rels.get(rid)
    if rel is None or rel.external or not rel.target:
        return None
    # a chart shown many times is parsed once
    if rel.target not in st.charts:
        root = st.package.parse(rel.target)
        st.charts[rel.target] = _chart_data(root) if root is not None else None
    data = st.charts[rel.target]
    if data is None:
        return None
    title, names, categories, columns = data
    order = sorted(set(categories) | {i for col in columns for i in col})[:MAX_POINTS]
    st.tables += 1
    locator = Locator(table=st.tables, paragraph=st.paragraph or None, rendered_page=st.page if st.paged else None)
    header = Row([Cell([], header=True)] + [Cell([Text(n)], header=True) for n in names], locator=locator.with_(row=0))
    rows = [header] + [
        Row([categories.get(i, str(i + 1))] + [_number(col.get(i, "")) for col in columns], locator=locator.with_(row=n + 1))
        for n, i in enumerate(order)]
    return Table(rows=rows, columns=Columns(count=len(names) + 1), caption=[Text(title)] if title else None,
                 locator=locator)


def _chart_data(root) -> tuple | None:
    """(title, series names, categories by index, one {index: value} per series), or None without series."""
    names: list[str] = []
    columns: list[dict[int, str]] = []
    categories: dict[int, str] = {}
    for ser in root.iter(C + "ser"):
        tx = ser.find(C + "tx")
        names.append(_text(tx) if tx is not None else f"Series {len(names) + 1}")
        for cat_tag, val_tag in ((C + "cat", C + "val"), (C + "xVal", C + "yVal")):
            cat, val = ser.find(cat_tag), ser.find(val_tag)
            if val is not None:
                for idx, value in _points(cat):
                    categories.setdefault(idx, value)
                columns.append(dict(_points(val)))
                break
        else:
            columns.append({})
    if not names:
        return None
    title = root.find(f"{C}chart/{C}title")
    return (_text(title) if title is not None else ""), names, categories, columns


def _points(el):
    if el is None:
        return
    for pt in el.iter(C + "pt"):
        try:
            idx = int(pt.get("idx", ""))
        except ValueError:
            continue
        v = pt.find(C + "v")
        yield idx, (v.text or "") if v is not None else ""


def _text(el) -> str:
    parts = [t.text or "" for t in el.iter(C + "v", _A_T)]
    return " ".join("".join(parts).split())


def _number(value: str) -> str:
    """Cached values are written with binary noise (4.4000000000000004); show them as a person would."""
    try:
        number = float(value)
    except ValueError:
        return value
    return f"{number:.15g}"
