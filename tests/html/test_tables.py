"""The HTML table model: placement around rowspans, spans capped, header cells, nested tables moved."""

from __future__ import annotations

from zenconv.ir import Cell, Paragraph, Table, Text, cell_text, plain_text

from ..cputime import cpu_seconds
from ..writers.conftest import write_with
from .conftest import read_html


def tables(result) -> list[Table]:
    return [b for b in result.document.blocks if isinstance(b, Table)]


def grid(table: Table) -> list[list[str]]:
    """The grid rebuilt from the spans, as a writer does: a covered slot reads '^' (from above) or '<'."""
    out: list[list[str]] = []
    taken: dict[tuple[int, int], str] = {}
    for r, row in enumerate(table.rows):
        line: list[str] = []
        cells = iter(row.cells)
        cell = next(cells, None)
        while cell is not None or (r, len(line)) in taken:
            col = len(line)
            if (r, col) in taken:
                line.append(taken.pop((r, col)))
                continue
            cols, rows = (cell.col_span, cell.row_span) if isinstance(cell, Cell) else (1, 1)
            for dr in range(rows):
                for dc in range(cols):
                    if dr or dc:
                        taken[(r + dr, col + dc)] = "^" if dr else "<"
            line.append(cell_text(cell))
            cell = next(cells, None)
        out.append(line)
    return out


def test_cells_are_placed_around_rowspans_from_above():
    result = read_html("<table><tr><td rowspan=2>a</td><td>b</td><td rowspan=3>c</td></tr>"
                       "<tr><td>d</td></tr><tr><td colspan=2>e</td></tr></table>")
    (table,) = tables(result)
    assert grid(table) == [["a", "b", "c"], ["^", "d", "^"], ["e", "<", "^"]]
    assert table.columns.count == 3
    assert [len(row.cells) for row in table.rows] == [3, 1, 1]  # covered slots are not cells


def test_spans_are_capped_cut_and_never_overlap():
    result = read_html("<table><tr><td colspan=5000>wide</td></tr>"
                       "<tr><td rowspan=2>x</td><td rowspan=99>past the end</td></tr>"
                       "<tr><td colspan=3>overlap</td></tr></table>")
    (table,) = tables(result)
    assert table.rows[0].cells[0].col_span == 1000
    assert table.rows[1].cells[1].row_span == 2  # cut to the rows there are
    # "overlap" starts in column 2 (0 and 1 are covered) and may run on to the end, not back over them.
    assert result.codes()["html.table-span-capped"] == 2
    assert grid(table)[2][:2] == ["^", "^"]


def test_span_attributes_follow_htmls_integer_rules():
    result = read_html("<table><tr><td colspan='3px'>a</td><td colspan=0>b</td><td rowspan=' 2'>c</td>"
                       "<td colspan=x>d</td></tr><tr><td>e</td></tr></table>")
    cells = tables(result)[0].rows[0].cells
    assert [(c.col_span, c.row_span) if isinstance(c, Cell) else (1, 1) for c in cells] == [(3, 1), (1, 1), (1, 2), (1, 1)]


def test_thead_rows_and_th_cells_are_header_cells():
    result = read_html("<table><thead><tr><td>h1</td><td>h2</td></tr></thead>"
                       "<tbody><tr><th>row head</th><td>v</td></tr></tbody></table>")
    rows = tables(result)[0].rows
    assert rows[0].is_header
    assert isinstance(rows[1].cells[0], Cell) and rows[1].cells[0].header
    assert rows[1].cells[1] == "v"  # a plain body cell is a bare string


def test_rows_come_in_document_order_from_every_row_group():
    result = read_html("<table><tfoot><tr><td>foot</td></tr></tfoot><tbody><tr><td>body</td></tr></tbody>"
                       "<tr><td>direct</td></tr></table>")
    assert [cell_text(r.cells[0]) for r in tables(result)[0].rows] == ["foot", "body", "direct"]


def test_a_nested_table_is_one_of_its_cells_blocks():
    result = read_html("<table><tr><td>outer <table><tr><td>in 1</td><td>in 2</td></tr>"
                       "<tr><td><table><tr><td>deepest</td></tr></table></td></tr></table></td></tr></table>")
    [outer] = tables(result)  # one table at the top: the others are inside its cells, nowhere else
    words, middle = outer.rows[0].cells[0].content
    assert plain_text([words]) == "outer" and isinstance(middle, Table)
    assert cell_text(middle.rows[0].cells[1]) == "in 2"
    [deepest] = middle.rows[1].cells[0].content
    assert cell_text(deepest.rows[0].cells[0]) == "deepest"
    assert [t.locator.table for t in (outer, middle, deepest)] == [1, 2, 3]
    assert result.codes() == {}
    md = write_with("markdown", result.document).text
    assert md.splitlines()[2] == "| outer<br>in 1 in 2<br>deepest |"  # flattened, a line per row, and said so
    assert write_with("markdown", result.document).codes == {"to-md.cell-blocks-flattened": 1,
                                                             "to-md.empty-header-row-added": 1}


def test_block_content_in_a_cell_is_kept_as_blocks():
    result = read_html("<table><tr><td><p>one</p><ul><li>two</li></ul></td><td><b>bold</b> text</td></tr></table>")
    first, second = tables(result)[0].rows[0].cells
    assert [type(b).__name__ for b in first.content] == ["Paragraph", "List"]
    assert [type(n).__name__ for n in second.content] == ["Strong", "Text"]


def test_content_outside_cells_is_moved_before_the_table():
    result = read_html("<table>lost? <tr><td>cell</td></tr><p>para</p></table>")
    blocks = result.document.blocks
    assert [type(b).__name__ for b in blocks] == ["Paragraph", "Paragraph", "Table"]
    assert [b.children for b in blocks[:2]] == [[Text("lost?")], [Text("para")]]


def test_caps_cut_rows_and_columns_visibly():
    rows = "".join(f"<tr><td>{i}</td><td>a</td><td>b</td></tr>" for i in range(5))
    result = read_html(f"<table>{rows}</table>", max_rows=3, max_cols=2)
    (table,) = tables(result)
    assert len(table.rows) == 3 and all(len(r.cells) == 2 for r in table.rows)
    assert len(table.notes) == 2
    assert result.codes()["html.table-truncated"] == 1 + 3  # the rows cut once, then a cell cut from each row kept


def test_a_figure_caption_is_its_tables_caption():
    result = read_html("<figure><figcaption>The <i>caption</i></figcaption><table><tr><td>x</td></tr></table></figure>")
    (table,) = tables(result)
    assert [type(n).__name__ for n in table.caption] == ["Text", "Emphasis"]
    assert not [b for b in result.document.blocks if isinstance(b, Paragraph)]


def test_rows_are_cited_by_table_row_and_line():
    result = read_html("<p>x</p>\n<table>\n<tr><td>a</td></tr>\n<tr><td>b</td></tr>\n</table>")
    row = tables(result)[0].rows[1]
    assert (row.locator.table, row.locator.row, row.locator.line) == (1, 1, 4)
    assert row.locator.citation() == "Table 1, row 2 (line 4)"


def test_row_spans_that_pile_up_are_cut_within_a_budget():
    """100,000 rows each opening a long rowspan would cost rows × open spans steps: cut, visibly."""

    import zenconv

    row = "<tr><td>1</td><td rowspan=1000000>2</td></tr>"
    started = cpu_seconds()
    result = zenconv.convert(("<table>" + row * 100_000 + "</table>").encode(), name="spans.html")
    assert cpu_seconds() - started < 30
    assert result.outcome == "needs_review" and result.reports["html.table-truncated"] == 1
    (table,) = [b for b in result.document.blocks if type(b).__name__ == "Table"]
    assert len(table.rows) < 100_000 and any("row spans cover more than 2,000,000" in n for n in table.notes)
    small = zenconv.convert(("<table>" + row * 100 + "</table>").encode(), name="spans.html", max_span_work=50)
    assert small.reports["html.table-truncated"] == 1  # the budget is an option (--max-span-work)
