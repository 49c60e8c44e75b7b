"""Charts as the tables of their cached values: on a sheet after its table, in drawing order; a chart
sheet as a heading and its chart's table; chartEx through alternate content; what cannot be read is
reported. The shared chart module (``zenconv_plugins.charts``) is tested here on hostile caches too."""

from __future__ import annotations

import io
import json
import zipfile

import lxml.etree
import pytest

import zenconv
from zenconv.ir.facets import HiddenFacet
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Heading, Table
from zenconv.reports import Unreadable
from zenconv_plugins.charts import MAX_CELLS, MAX_SERIES, chart_table, read_chart

from .conftest import FX, grid, read_xlsx, tables

CHARTS = FX.charts()
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
CX = "http://schemas.microsoft.com/office/drawing/2014/chartex"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"


def caption(table: Table) -> str:
    return "".join(t.text for t in table.caption)


def test_charts_follow_their_sheets_table_in_drawing_order():
    result = read_xlsx(CHARTS)
    blocks = list(result.document.blocks)
    kinds = [(type(b).__name__, b.children[0].text if isinstance(b, Heading) else caption(b) if b.caption else None)
             for b in blocks]
    assert kinds == [("Heading", "Sales"), ("Table", None), ("Table", "Bar chart"), ("Table", "Spread"),
                     ("Heading", "Overview"), ("Table", "Trend"), ("Heading", "Notes"), ("Table", None)]
    column, scatter = tables(result)[1:3]
    # a point the cache leaves out (C3 is blank) is an empty cell, never a zero
    assert grid(column) == [["", "North", "South"], ["Q1", "1.5", "2"], ["Q2", "0.3", ""], ["Q3", "3", "5"]]
    assert column.rows[0].is_header and column.columns.count == 3
    # a scatter chart's x values are its categories
    assert grid(scatter) == [["", "South by North"], ["1.5", "2"], ["0.3", ""], ["3", "5"]]
    reports = {r.code.code: r for r in result.reporter.reports}
    assert reports["xlsx.chart-as-table"].count == 3
    assert reports["xlsx.chart-as-table"].details == ["bar", "scatter", "line"]
    assert not any(code in result.codes() for code in ("xlsx.charts-dropped", "xlsx.chart-sheet-dropped"))


def test_chart_rows_cite_their_sheet_and_their_place_in_the_chart_table():
    column = tables(read_xlsx(CHARTS))[1]
    assert column.locator == Locator(sheet=1, sheet_name="Sales", table=2)
    rows = list(column.rows)
    assert [r.locator.row for r in rows] == [0, 1, 2, 3]
    assert rows[2].locator.citation() == "Sheet 'Sales', table 2, row 3"


def test_a_chart_sheet_is_a_heading_and_its_charts_table_in_workbook_order():
    blocks = list(read_xlsx(CHARTS).document.blocks)
    heading, table = blocks[4], blocks[5]
    assert heading.level == 2 and heading.locator == Locator(sheet=2, sheet_name="Overview")
    assert table.locator == Locator(sheet=2, sheet_name="Overview", table=1)
    assert grid(table) == [["", "North"], ["Q1", "1.5"], ["Q2", "0.3"], ["Q3", "3"]]
    assert [r.locator for r in table.rows][1] == Locator(sheet=2, sheet_name="Overview", table=1, row=1)
    assert blocks[6].locator.sheet == 3  # the chart sheet keeps its tab's place


def test_chart_rows_become_citable_segments():
    out = zenconv.convert(CHARTS, to="segments", name="book.xlsx").output
    records = [json.loads(line) for line in out.splitlines()]
    trend = [r for r in records if r["kind"] == "table_row" and r["sheet_name"] == "Overview"]
    assert [r["citation"] for r in trend][:2] == ["Sheet 'Overview', table 1, row 1", "Sheet 'Overview', table 1, row 2"]
    assert trend[1]["text"] == "| Q1 | 1.5 |"


def test_a_hidden_chart_sheet_is_marked_or_skipped():
    data = _rewrite(CHARTS, {"xl/workbook.xml": lambda x: x.replace(b'name="Overview"', b'name="Overview" state="hidden"')})
    blocks = list(read_xlsx(data).document.blocks)
    assert blocks[4].facets == blocks[5].facets == (HiddenFacet("hidden-sheet"),)
    skipped = read_xlsx(data, hidden="skip")
    assert "Overview" not in [b.children[0].text for b in skipped.document.blocks if isinstance(b, Heading)]
    assert skipped.codes()["xlsx.hidden-sheet-dropped"] == 1 and skipped.codes()["xlsx.chart-as-table"] == 2


def test_a_missing_or_uncached_chart_is_reported_not_carried():
    missing = _rewrite(CHARTS, {"xl/charts/chart1.xml": None})
    result = read_xlsx(missing)
    assert [caption(t) for t in tables(result) if t.caption] == ["Spread", "Trend"]
    assert result.codes()["xlsx.chart-unreadable"] == 1 and result.codes()["xlsx.chart-as-table"] == 2

    def strip(xml: bytes) -> bytes:
        root = lxml.etree.fromstring(xml)
        for cache in root.iter(f"{{{C}}}strCache", f"{{{C}}}numCache"):
            cache.getparent().remove(cache)
        return lxml.etree.tostring(root)

    uncached = read_xlsx(_rewrite(CHARTS, {"xl/charts/chart3.xml": strip}))
    blocks = list(uncached.document.blocks)
    assert isinstance(blocks[4], Heading) and isinstance(blocks[5], Heading)  # Overview keeps its heading only
    assert uncached.codes()["xlsx.chart-unreadable"] == 1


def test_a_corrupt_chart_costs_the_chart_not_the_workbook():
    broken = read_xlsx(_rewrite(CHARTS, {"xl/charts/chart1.xml": lambda xml: xml[: len(xml) // 2]}))
    assert broken.codes()["xlsx.chart-unreadable"] == 1 and broken.codes()["xlsx.chart-as-table"] == 2
    hostile = _rewrite(CHARTS, {"xl/charts/chart1.xml": lambda xml: b'<!DOCTYPE x [<!ENTITY a "b">]>' + xml})
    with pytest.raises(Unreadable) as refused:
        read_xlsx(hostile)
    assert refused.value.code == "xlsx.doctype-refused"


def test_a_chartex_chart_in_alternate_content_and_a_chart_in_a_group_are_read():
    result = read_xlsx(_chartex_book())
    found = tables(result)[1:]
    assert [caption(t) for t in found] == ["Forecast variance", "Grouped"]
    assert grid(found[0]) == [["", "Variance"], ["Budget", "-20"], ["Pay", "216"], ["Forecast", "-262"]]
    assert result.codes()["xlsx.chart-as-table"] == 2
    # the group's picture is counted; alternate content's Fallback text box is not read twice
    assert result.codes()["xlsx.images-dropped"] == 1 and "xlsx.shapes-dropped" not in result.codes()


def test_chart_cells_count_against_the_workbook_cap():
    result = read_xlsx(CHARTS, max_cells=20)
    column = tables(result)[1]
    assert len(list(column.rows)) < 4 and column.notes and "--max-cells" in column.notes[0]
    assert result.codes()["xlsx.chart-truncated"] >= 1


def test_the_chart_values_bound_is_an_option():
    assert "xlsx.chart-truncated" not in read_xlsx(CHARTS).codes()
    result = read_xlsx(CHARTS, max_chart_values=4)
    assert result.codes()["xlsx.chart-truncated"] >= 1
    assert any(t.notes and "4 values" in t.notes[0] for t in tables(result)[1:])
    wide = "".join(f'<c:ser>{_num("val", {i: "1" for i in range(10)})}</c:ser>' for i in range(3))
    chart = read_chart(_classic(wide), max_values=20)  # 20 values over 3 series and the categories: 5 each
    assert [len(s.values) for s in chart.series] == [5, 5, 5] and chart.cut == 15


def test_a_cached_number_reads_as_a_person_reads_it_and_a_name_over_cells_is_joined():
    chart = read_chart(_classic(
        f'<c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>North</c:v></c:pt><c:pt idx="1"><c:v>2024</c:v></c:pt>'
        f'</c:strCache></c:strRef></c:tx>{_num("val", {0: "4.4000000000000004", 1: "1E+20", 2: "x"})}</c:ser>'))
    assert chart.series[0].name == "North 2024"
    assert chart.series[0].values == ["4.4", "1e+20", "x"]
    assert grid(chart_table(chart, Locator()))[1:] == [["1", "4.4"], ["2", "1e+20"], ["3", "x"]]


def test_strict_namespaces_read_like_transitional():
    strict = (f'<c:chartSpace xmlns:c="http://purl.oclc.org/ooxml/drawingml/chart" '
              f'xmlns:a="http://purl.oclc.org/ooxml/drawingml/main"><c:chart><c:title><c:tx><c:rich><a:p><a:r>'
              f'<a:t>Strict</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:pieChart><c:ser>'
              f'{_num("val", {0: "7"})}</c:ser></c:pieChart></c:plotArea></c:chart></c:chartSpace>')
    chart = read_chart(lxml.etree.fromstring(strict))
    assert chart.caption == "Strict" and chart.series[0].values == ["7"]


def test_sparse_indexes_make_no_rows_of_nothing():
    chart = read_chart(_classic(f'<c:ser>{_num("val", {0: "1", 4000: "2"})}</c:ser>'))
    table = chart_table(chart, Locator(table=1))
    assert grid(table) == [["", "Series 1"], ["1", "1"], ["4001", "2"]]
    assert [r.locator.row for r in table.rows] == [0, 1, 4001]


def test_hostile_caches_are_bounded_and_the_cut_is_visible():
    many = "".join(f'<c:ser>{_num("val", {0: str(i)})}</c:ser>' for i in range(MAX_SERIES + 5))
    chart = read_chart(_classic(many))
    assert len(chart.series) == MAX_SERIES and chart.cut == 5
    far = read_chart(_classic(f'<c:ser>{_num("val", {0: "1", 10**9: "2", -3: "4"}, count=10**12)}</c:ser>'))
    assert far.series[0].values == ["1"] and far.cut == 1
    table = chart_table(far, Locator())
    assert table.notes and table.notes[0].startswith("⚠ Truncated")
    # the table stays within the cell bound whatever the indexes claim
    wide = "".join(f'<c:ser>{_num("val", {i * 4000: "1"})}</c:ser>' for i in range(MAX_SERIES))
    cells = sum(len(r.cells) for r in chart_table(read_chart(_classic(wide)), Locator()).rows)
    assert cells <= MAX_CELLS


def test_a_chart_that_caches_nothing_is_none():
    assert read_chart(_classic("<c:ser><c:val><c:numRef><c:f>S!A1</c:f></c:numRef></c:val></c:ser>")) is None
    assert read_chart(lxml.etree.fromstring(b"<other/>")) is None


# --- builders -------------------------------------------------------------------------------------

def _num(tag: str, points: dict[int, str], count: int | None = None) -> str:
    pts = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in points.items())
    declared = f'<c:ptCount val="{count}"/>' if count is not None else ""
    return f"<c:{tag}><c:numRef><c:numCache>{declared}{pts}</c:numCache></c:numRef></c:{tag}>"


def _classic(series: str):
    return lxml.etree.fromstring(f'<c:chartSpace xmlns:c="{C}" xmlns:a="{A}"><c:chart><c:plotArea><c:barChart>'
                                 f'{series}</c:barChart></c:plotArea></c:chart></c:chartSpace>')


def _rewrite(data: bytes, changes: dict) -> bytes:
    """The package with parts changed (a function of the old bytes) or removed (None)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            change = changes.get(info.filename, False)
            if change is None:
                continue
            content = src.read(info)
            dst.writestr(info, change(content) if change else content)
    return out.getvalue()


def _chartex_book() -> bytes:
    """A sheet whose drawing holds a chartEx waterfall as Excel writes it (the Choice of alternate
    content, a text box as the Fallback) and a group of a classic chart and a picture."""
    anchor = '<xdr:twoCellAnchor><xdr:from/><xdr:to/>{}<xdr:clientData/></xdr:twoCellAnchor>'
    frame = ('<xdr:graphicFrame><a:graphic><a:graphicData uri="{uri}"><{el} xmlns:{p}="{uri}" r:id="{rid}"/>'
             '</a:graphicData></a:graphic></xdr:graphicFrame>')
    chartex = ('<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
               '<mc:Choice Requires="cx1">' + frame.format(uri=CX, el="cx:chart", p="cx", rid="rId1") + '</mc:Choice>'
               '<mc:Fallback><xdr:sp><xdr:txBody><a:p><a:r><a:t>This chart isn\'t available</a:t></a:r></a:p>'
               '</xdr:txBody></xdr:sp></mc:Fallback></mc:AlternateContent>')
    group = ('<xdr:grpSp><xdr:nvGrpSpPr/>' + frame.format(uri=C, el="c:chart", p="c", rid="rId2")
             + '<xdr:pic/></xdr:grpSp>')
    drawing = (f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A}" xmlns:r="{R}">'
               + anchor.format(chartex) + anchor.format(group) + '</xdr:wsDr>')
    rels = (f'<Relationships xmlns="{PKG}">'
            f'<Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2014/relationships/chartEx" '
            f'Target="../charts/chartEx1.xml"/>'
            f'<Relationship Id="rId2" Type="{R}/chart" Target="../charts/chart1.xml"/></Relationships>')
    waterfall = (
        f'<cx:chartSpace xmlns:cx="{CX}" xmlns:a="{A}"><cx:chartData><cx:data id="0">'
        '<cx:strDim type="cat"><cx:f>Sheet1!$A$2:$A$4</cx:f><cx:lvl ptCount="3"><cx:pt idx="0">Budget</cx:pt>'
        '<cx:pt idx="1">Pay</cx:pt><cx:pt idx="2">Forecast</cx:pt></cx:lvl></cx:strDim>'
        '<cx:numDim type="val"><cx:f>Sheet1!$B$2:$B$4</cx:f><cx:lvl ptCount="3" formatCode="General">'
        '<cx:pt idx="0">-20</cx:pt><cx:pt idx="1">216</cx:pt><cx:pt idx="2">-262</cx:pt></cx:lvl></cx:numDim>'
        '</cx:data></cx:chartData><cx:chart><cx:title><cx:tx><cx:txData><cx:v>Forecast variance</cx:v></cx:txData>'
        '</cx:tx></cx:title><cx:plotArea><cx:plotAreaRegion><cx:series layoutId="waterfall"><cx:tx><cx:txData>'
        '<cx:v>Variance</cx:v></cx:txData></cx:tx><cx:dataId val="0"/></cx:series></cx:plotAreaRegion>'
        '</cx:plotArea></cx:chart></cx:chartSpace>')
    grouped = (f'<c:chartSpace xmlns:c="{C}" xmlns:a="{A}"><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Grouped'
               f'</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:lineChart><c:ser>{_num("val", {0: "1"})}'
               f'</c:ser></c:lineChart></c:plotArea></c:chart></c:chartSpace>')
    body = '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData><drawing r:id="rIdD"/>'
    return FX.raw_book(body, sheet_rels={0: f'<Relationship Id="rIdD" Type="{R}/drawing" Target="../drawings/drawing1.xml"/>'},
                       extra={"xl/drawings/drawing1.xml": drawing.encode(), "xl/drawings/_rels/drawing1.xml.rels": rels.encode(),
                              "xl/charts/chartEx1.xml": waterfall.encode(), "xl/charts/chart1.xml": grouped.encode()})
