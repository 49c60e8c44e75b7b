"""The same model as XLSX: one heading and table per sheet, spans, repeats never expanded blindly, hidden
content marked or skipped, the constructs that are reported."""

from __future__ import annotations


from zenconv.ir.facets import HiddenFacet
from zenconv.ir.nodes import Heading
from zenconv.ir.walk import plain_text

from ..cputime import cpu_seconds
from .conftest import FX, float_cell, grid, read_ods, row_body, spans, tables

STRUCTURE = FX.structure()


def test_sheets_in_order_as_level_2_headings():
    blocks = list(read_ods(STRUCTURE).document.blocks)
    headings = [(b.level, b.children[0].text, b.locator.sheet) for b in blocks if isinstance(b, Heading)]
    assert headings == [(2, "Damages", 1), (2, "Secret", 2), (2, "Parties", 3)]


def test_spans_gaps_repeats_and_citations():
    started = cpu_seconds()
    damages = tables(read_ods(STRUCTURE))[0]
    rows = list(damages.rows)
    assert cpu_seconds() - started < 5  # 1,048,000 repeated empty rows cost nothing
    assert [(r.locator.row, r.locator.cell) for r in rows] == [
        (0, "B1"), (3, "B4"), (4, "B5"), (5, "B6"), (6, "B7"), (7, "B8"), (8, "B9"), (1048009, "B1048010")]
    got = spans(damages)
    assert got[0] == [("Summary", 2, 1)]
    assert got[2] == [("Rent", 1, 2), ("s1", 1, 1), ("1000", 1, 1)]
    assert got[3] == [("s2", 1, 1), ("1200", 1, 1)]
    assert grid(damages)[5:7] == [["x", "x", "x"], ["x", "x", "x"]]   # a repeated row with values is written


def test_hidden_content_kept_and_marked():
    result = read_ods(STRUCTURE)
    damages, secret, _ = tables(result)
    rows = list(damages.rows)
    assert rows[4].facets == (HiddenFacet("hidden-row"),) and grid(damages)[4][0] == "Hidden row"
    assert [s.facets for s in damages.columns.specs] == [(), (HiddenFacet("hidden-column"),)]
    assert secret.facets == (HiddenFacet("hidden-sheet"),)


def test_hidden_skip_drops_and_reports():
    result = read_ods(STRUCTURE, hidden="skip")
    names = [b.children[0].text for b in result.document.blocks if isinstance(b, Heading)]
    assert names == ["Damages", "Parties"]
    damages = tables(result)[0]
    assert grid(damages)[1] == ["Item", "Amount"]
    assert "Hidden row" not in str(grid(damages))
    codes = result.codes()
    assert codes["ods.hidden-sheet-dropped"] == 1
    assert codes["ods.hidden-row-dropped"] == 1
    assert codes["ods.hidden-column-dropped"] == 1
    # Each report takes the text it drops, so none of it is lost silently.
    quotes = {r.code.code: r.quotes for r in result.reporter.reports}
    assert quotes["ods.hidden-sheet-dropped"] == ["hidden sheet value"]
    assert quotes["ods.hidden-row-dropped"] == ["Hidden row s3 7"]
    assert quotes["ods.hidden-column-dropped"] == ["Secret s1 s2 x"]


def test_reported_constructs():
    assert read_ods(FX.reported()).codes() == {
        "ods.images-dropped": 1, "ods.charts-dropped": 1, "ods.data-validation-dropped": 1,
        "ods.conditional-formatting-dropped": 1, "ods.macros-dropped": 1,
    }


def test_a_value_in_a_covered_cell_is_dropped_and_reported():
    body = ('<table:table table:name="S"><table:table-row>'
            '<table:table-cell table:number-columns-spanned="2" office:value-type="string"><text:p>top</text:p>'
            '</table:table-cell><table:covered-table-cell office:value-type="float" office:value="5"/>'
            '</table:table-row></table:table>')
    result = read_ods(FX.raw_ods(body))
    assert spans(tables(result)[0]) == [[("top", 2, 1)]]
    assert result.codes()["ods.merged-cell-values-dropped"] == 1


def test_a_repeated_value_cell_is_written_as_often_as_it_repeats():
    body = f'<table:table table:name="S">{row_body(float_cell(7, repeat=4))}</table:table>'
    assert grid(tables(read_ods(FX.raw_ods(body)))[0]) == [["7", "7", "7", "7"]]


def test_the_safe_layers_parser_reads_the_same_at_a_lower_depth_limit():
    assert [grid(t) for t in tables(read_ods(STRUCTURE, max_xml_depth=64))] == \
        [grid(t) for t in tables(read_ods(STRUCTURE))]


def test_print_headers_and_footers_are_reported_with_their_text():
    styles = ('<?xml version="1.0" encoding="UTF-8"?><office:document-styles '
              'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
              'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
              'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:master-styles>'
              '<style:master-page style:name="Default"><style:header><style:region-left><text:p>Quarterly'
              '<text:s/>ledger</text:p></style:region-left><style:region-right><text:p>Page <text:page-number>1'
              '</text:page-number></text:p></style:region-right></style:header><style:footer-left><text:p>Left '
              'footer</text:p></style:footer-left></style:master-page>'
              '<style:master-page style:name="Report"><style:footer><text:p>Report footer</text:p></style:footer>'
              '</style:master-page></office:master-styles></office:document-styles>')
    cell = '<table:table-cell office:value-type="string"><text:p>v</text:p></table:table-cell>'
    data = FX.raw_ods(f'<table:table table:name="S"><table:table-row>{cell}</table:table-row></table:table>',
                      extra={"styles.xml": styles.encode()})
    result = read_ods(data, furniture="drop")
    (report,) = result.reporter.matching("ods.headers-footers-dropped")
    assert report.count == 3
    assert report.quotes == ["Quarterly ledger Page 1 Left footer Report footer"]
    # kept (the default), the first master page's (the sheet's table style names none) open the sheet,
    # each region apart; the Report page style, which no sheet prints with, is reported with its text
    kept = read_ods(data)
    furniture = [b for b in kept.document.blocks if getattr(b, "class_", None) == "furniture"]
    assert [(f.facets[0].role, f.facets[0].variant, f.facets[0].position, f.facets[0].style, plain_text(f.blocks))
            for f in furniture] == [
        ("header", None, "left", "Default", "Quarterly ledger"), ("header", None, "right", "Default", "Page 1"),
        ("footer", "left", None, "Default", "Left footer")]
    assert list(kept.document.blocks)[:3] == furniture
    assert kept.codes()["ods.page-field-cached"] == 1
    (unused,) = kept.reporter.matching("ods.headers-footers-dropped")
    assert unused.quotes == ["Report footer"] and unused.details == ["page style 'Report': no sheet prints with it"]


def test_each_sheet_prints_with_its_table_styles_master_page_its_name_in_the_sheet_name_field():
    from zenconv.ir.walk import plain_text

    styles = ('<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
              'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
              'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:master-styles>'
              '<style:master-page style:name="Default"><style:header><text:p><text:sheet-name>???</text:sheet-name>'
              '</text:p></style:header><style:footer><text:p>Page <text:page-number>1</text:page-number></text:p>'
              '</style:footer></style:master-page>'
              '<style:master-page style:name="Report"><style:header><text:p>Exhibit <text:sheet-name>???'
              '</text:sheet-name> sealed</text:p></style:header></style:master-page>'
              '<style:master-page style:name="Unused"><style:footer><text:p>Never printed</text:p></style:footer>'
              '</style:master-page></office:master-styles></office:document-styles>')
    auto = ('<office:automatic-styles><style:style style:name="ta1" style:family="table" '
            'style:master-page-name="Default"/><style:style style:name="ta2" style:family="table" '
            'style:master-page-name="Report"/></office:automatic-styles>')
    cell = '<table:table-cell office:value-type="string"><text:p>v</text:p></table:table-cell>'
    sheets = "".join(f'<table:table table:name="{name}" table:style-name="{style}"><table:table-row>{cell}'
                     f'</table:table-row></table:table>'
                     for name, style in (("Damages", "ta1"), ("Costs", "ta1"), ("Sealed", "ta2")))
    data = FX.raw_ods(sheets, extra={"styles.xml": styles.encode()}, automatic=auto)
    result = read_ods(data)
    shown = [(plain_text(b.blocks) if getattr(b, "class_", None) == "furniture" else "#" + plain_text([b]))
             for b in result.document.blocks if getattr(b, "class_", None) == "furniture" or isinstance(b, Heading)]
    assert shown == ["Damages", "Page 1", "#Damages", "Costs", "#Costs", "Exhibit Sealed sealed", "#Sealed"]
    assert result.codes()["ods.page-field-cached"] == 1  # the page number; the sheet names are known
    (unused,) = result.reporter.matching("ods.headers-footers-dropped")
    assert unused.quotes == ["Never printed"]
