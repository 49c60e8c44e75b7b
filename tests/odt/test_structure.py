"""Lists with nesting and numbering, tables with header rows and spans, images, text boxes, charts."""

from __future__ import annotations

from zenconv.ir import Cell, Image, List, Table, cell_text, plain_text

from .conftest import paragraph, read_odt


def test_list_kind_from_the_list_style_and_nesting(docs):
    result = read_odt(docs["text"])
    (lst,) = [b for b in result.document.blocks if isinstance(b, List)]
    assert lst.ordered and lst.start == 1
    assert [plain_text(i.blocks[0]) for i in lst.items] == ["First item", "Second item"]
    nested = lst.items[0].blocks[1]
    assert isinstance(nested, List) and not nested.ordered and plain_text(nested.items[0].blocks) == "Nested bullet"


def test_table_header_rows_spans_and_covered_cells(docs):
    (table,) = [b for b in read_odt(docs["text"]).document.blocks if isinstance(b, Table)]
    rows = list(table.rows)
    assert table.columns.count == 3
    assert rows[0].is_header and not rows[1].is_header
    assert [[cell_text(c) for c in r.cells] for r in rows] == [
        ["Region", "Q1", "Q2"], ["North and South", "1", "2"], ["3", "4"], ["Total", "10"]]
    assert isinstance(rows[1].cells[0], Cell) and rows[1].cells[0].row_span == 2
    assert rows[3].cells[1].col_span == 2
    assert rows[2].locator.table == 1 and rows[2].locator.row == 2


def test_image_in_the_store_and_text_box_after_its_paragraph(docs):
    result = read_odt(docs["text"])
    p = paragraph(result, "Figure paragraph")
    image = next(c for c in p.children if isinstance(c, Image))
    assert image.alt == "A red square"
    assert result.document.resources.get(image.source).data.startswith(b"\x89PNG")
    blocks = list(result.document.blocks)
    assert plain_text(blocks[blocks.index(p) + 1]) == "Boxed text"


def test_chart_object_as_a_titled_table(docs):
    result = read_odt(docs["chart"])
    (table,) = [b for b in result.document.blocks if isinstance(b, Table)]
    assert table.caption[0].text == "Birds by year"
    assert [[cell_text(c) for c in r.cells] for r in table.rows] == [
        ["", "Ducks", "Geese"], ["2019", "120", "80"], ["2020", "130", "95"]]
    assert result.codes() == {"odt.chart-as-table": 1}
