"""Charts in a Word document: the data a chart part caches, carried as a table (the drawing is lost).

The part is read by the chart module every OOXML reader shares (``zenconv_plugins.charts``): classic
charts and 2016 chartEx parts alike, one header row of series names, then one row per category.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Table
from zenconv_plugins.charts import chart_table as table_of
from zenconv_plugins.charts import CHART_VALUES, MAX_CELLS, read_chart

from .state import DocxState


def chart_table(st: DocxState, rid: str) -> Table | None:
    """The table of the chart ``rid`` names, reported; None (reported too) when nothing of it can be read."""
    rel = st.rels.get(rid)
    target = rel.target if rel is not None and not rel.external else None
    # a chart shown many times is parsed once
    if target and target not in st.charts:
        root = st.package.parse(target)
        bound = st.ctx.options.get(CHART_VALUES.key, MAX_CELLS)
        st.charts[target] = read_chart(root, bound) if root is not None else None
    chart = st.charts.get(target) if target else None
    if chart is None:
        st.report("docx.embedded-objects-dropped", detail=f"chart {target or rid}")
        return None
    st.report("docx.chart-as-table", detail=chart.type or None, text=chart.untold or None)
    if chart.cut:
        st.report("docx.chart-truncated", count=chart.cut)
    st.tables += 1
    locator = Locator(table=st.tables, paragraph=st.paragraph or None, rendered_page=st.page if st.paged else None)
    return table_of(chart, locator)
