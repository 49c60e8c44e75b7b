"""Pipe tables: header, width, padding, flattening and its reports, --html-tables, caption and notes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zenconv.ir import (
    Cell, CodeBlock, Columns, Document, HardBreak, List, ListItem, Locator, Paragraph, Row, Strong, Table, Text,
)

from zenconv.writers.markdown.escape import escape_cell_string

from .conftest import mistune_text, parse_markdown, write_with


def md_of(*tables, **options):
    return write_with("markdown", Document(list(tables)), **options)


def cells_read_back(md: str) -> tuple[list[str], list[list[str]]]:
    table = next(t for t in parse_markdown(md) if t["type"] == "table")
    head = [mistune_text(c["children"]) for c in table["children"][0]["children"]]
    body = [[mistune_text(c["children"]) for c in row["children"]] for row in table["children"][1]["children"]]
    return head, body


def test_first_header_row_is_the_gfm_header_and_ragged_rows_are_padded():
    head = Row([Cell([Text("Item")], header=True), Cell([Text("Cost")], header=True)])
    written = md_of(Table(rows=iter([head, Row(["Rent", "1000", "extra"]), Row(["short"])])))
    assert written.text == ("| Item | Cost |  |\n| --- | --- | --- |\n| Rent | 1000 | extra |\n"
                            "| short |  |  |\n")
    assert cells_read_back(written.text) == (["Item", "Cost", ""], [["Rent", "1000", "extra"], ["short", "", ""]])
    assert written.codes == {}


def test_without_a_header_row_the_header_is_empty_and_the_declared_width_counts():
    written = md_of(Table(rows=[Row(["a"])], columns=Columns(count=3)))
    assert written.text == "|  |  |  |\n| --- | --- | --- |\n| a |  |  |\n"
    assert written.codes == {"to-md.empty-header-row-added": 1}


def test_a_later_header_row_stays_in_the_body():
    rows = [Row(["a", "b"]), Row([Cell([Text("H")], header=True), Cell([Text("I")], header=True)])]
    assert cells_read_back(md_of(Table(rows=rows)).text)[1] == [["a", "b"], ["H", "I"]]


def test_spans_are_written_once_with_covered_cells_empty_and_reported():
    rows = [Row([Cell([Text("wide")], col_span=2), Cell([Text("tall")], row_span=3)]),
            Row(["a", "b"]), Row([Cell([Text("both")], col_span=2, row_span=1)]), Row(["x", "y", "z"])]
    written = md_of(Table(rows=rows, locator=Locator(page=3)))
    assert cells_read_back(written.text)[1] == [["wide", "", "tall"], ["a", "b", ""], ["both", "", ""],
                                                 ["x", "y", "z"]]
    assert written.codes == {"to-md.cell-spans-flattened": 3, "to-md.empty-header-row-added": 1}
    report = written.reporter.reports[0]
    assert report.locators == [Locator(page=3)]


def test_block_cells_and_line_breaks_flatten_with_br_and_are_reported():
    cell = Cell([Paragraph([Text("one")]), List([ListItem([Paragraph([Text("two")])])]), CodeBlock("a|b")])
    rows = [Row([cell, "line\nbreak", Cell([Text("hard"), HardBreak(), Text("break")])])]
    written = md_of(Table(rows=rows))
    assert written.text.splitlines()[2] == "| one<br>- two<br>`a\\|b` | line<br>break | hard<br>break |"
    assert written.codes == {"to-md.cell-blocks-flattened": 2, "to-md.empty-header-row-added": 1}


def test_a_single_paragraph_cell_is_not_flattened():
    written = md_of(Table(rows=[Row([Cell([Paragraph([Strong([Text("b")])])])])]))
    assert written.text.splitlines()[2] == "| **b** |"
    assert written.codes == {"to-md.empty-header-row-added": 1}


def test_cell_markup_and_edges_are_escaped():
    written = md_of(Table(rows=[Row([" lead", "trail ", "a|b", "*x*", "\\", "<i>", "&amp;", ""])]))
    assert cells_read_back(written.text)[1] == [[" lead", "trail ", "a|b", "*x*", "\\", "<i>", "&amp;", ""]]


def test_html_tables_option_writes_tables_a_pipe_table_cannot_hold_as_html():
    rows = [Row([Cell([Text("H")], header=True), Cell([Text("I")], header=True)], locator=Locator(row=0)),
            Row([Cell([Text("wide")], col_span=2)], locator=Locator(row=1)), Row(["a", "b\n\nc"])]
    written = md_of(Table(rows=rows), Table(rows=[Row(["plain", "table"])]), html_tables=True)
    html, pipe = written.text.split("\n\n", 1)
    assert html.splitlines() == [
        "<table>", "<thead>", '<tr data-row="0" data-citation="Row 1"><th>H</th><th>I</th></tr>', "</thead>",
        "<tbody>", '<tr data-row="1" data-citation="Row 2"><td colspan="2">wide</td></tr>',
        "<tr><td>a</td><td>b<br><br>c</td></tr>", "</tbody>", "</table>"]
    assert pipe == "|  |  |\n| --- | --- |\n| plain | table |\n"
    # nothing was flattened (the table that needed it went out as HTML); the plain one has no header row
    assert written.codes == {"to-md.empty-header-row-added": 1}
    assert [t["type"] for t in parse_markdown(written.text)] == ["block_html", "table"]


def test_caption_before_and_notes_after_as_visible_quotes():
    table = Table(rows=iter([Row(["a"])]), caption=[Text("Table 1: *costs*")],
                  notes=["⚠ Truncated: 5,000,000 rows kept", "# more"])
    md = md_of(table).text
    assert md == ("Table 1: \\*costs\\*\n\n|  |\n| --- |\n| a |\n\n> ⚠ Truncated: 5,000,000 rows kept\n\n"
                  "> ⚠ # more\n")


def test_a_table_without_rows_writes_only_its_notes():
    assert md_of(Table(rows=iter([]), notes=["⚠ empty sheet"])).text == "> ⚠ empty sheet\n"


def test_a_table_in_a_list_item_is_indented():
    table = Table(rows=iter([Row(["a", "b"])]))
    md = write_with("markdown", Document([List([ListItem([Paragraph([Text("x")]), table])])])).text
    assert md == "-   x\n\n    |  |  |\n    | --- | --- |\n    | a | b |\n"


@pytest.mark.parametrize("cells", [["a ", "b"], ["a", " b"], ["", " "], [" ", ""], ["a\t", "b"], ["\xa0a"],
                                   ["a", "", "b"], ["", ""], ["x | y"], ["http://a"], ["a\u3000"]])
def test_a_row_written_as_it_is_equals_the_row_escaped_cell_by_cell(cells):
    # The hot path writes a row of plain strings unchanged after one look at the joined row: whatever it
    # lets through must be what escaping each cell gives.
    line = md_of(Table(rows=[Row(cells)])).text.splitlines()[2]
    assert line == "| " + " | ".join(escape_cell_string(cell) for cell in cells) + " |"


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(alphabet=[" ", "\t", "\xa0", "\u3000", "a", "b", "|", "*"], max_size=3), min_size=1,
                max_size=4))
def test_any_row_written_as_it_is_equals_the_row_escaped_cell_by_cell(cells):
    test_a_row_written_as_it_is_equals_the_row_escaped_cell_by_cell(cells)
