"""One table per file: the header row, bare-string cells, ragged rows, and a citable locator per row."""

from __future__ import annotations

from collections.abc import Iterator

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Cell, Text


def test_the_first_record_is_the_header_row(read_csv):
    got = read_csv(b"name,,amount\nRent,x,1000\n")
    header, body = got.rows
    assert header.cells == [Cell([Text("name")], header=True), Cell([], header=True),
                            Cell([Text("amount")], header=True)]
    assert header.is_header
    assert body.cells == ["Rent", "x", "1000"]
    assert not body.is_header


def test_rows_are_a_lazy_iterator(read_csv):
    from zenconv.testing import read

    result = read(b"a\nb\n", "ai.insan.zenfmt.csv", materialize=False)
    (table,) = list(result.document.blocks)
    assert isinstance(table.rows, Iterator) and not isinstance(table.rows, (list, tuple))


def test_ragged_rows_are_never_cut_or_padded(read_csv):
    got = read_csv(b"a,b,c\n1\n1,2,3,4,5\n\n")
    assert got.grid == [["a", "b", "c"], ["1"], ["1", "2", "3", "4", "5"], [""]]
    assert got.codes == {}


def test_each_row_has_its_record_index_line_and_cell(read_csv):
    got = read_csv(b"h1,h2\r\n1,2\r\n\r\n3,4\r\n")
    assert [row.locator for row in got.rows] == [
        Locator(row=0, line=1, cell="A1"),
        Locator(row=1, line=2, cell="A2"),
        Locator(row=2, line=3, cell="A3"),
        Locator(row=3, line=4, cell="A4"),
    ]


def test_a_quoted_multi_line_field_shifts_the_next_records_line(read_csv):
    got = read_csv(b'id,note\n1,"first line\nsecond line\nthird"\n2,plain\n3,"a\r\nb"\n4,end\n')
    assert [(row.locator.row, row.locator.line) for row in got.rows] == [(0, 1), (1, 2), (2, 5), (3, 6), (4, 8)]
    assert [row.locator.citation() for row in got.rows] == [
        "Row 1", "Row 2", "Row 3 (line 5)", "Row 4 (line 6)", "Row 5 (line 8)"]
    assert got.grid[1] == ["1", "first line\nsecond line\nthird"]


def test_lone_cr_files_count_lines_too(read_csv):
    got = read_csv(b"a\rb\rc")
    assert [row.locator.line for row in got.rows] == [1, 2, 3]


def test_the_library_and_flags_are_set(read_csv):
    got = read_csv(b"a;b\n1;2\n")
    assert got.result.context.library.startswith("zenconv-csv-tokenizer/")
    assert got.flags == {"encoding": "utf-8", "delimiter": ";"}


def test_nul_characters_are_removed_and_reported(read_csv):
    got = read_csv(b"a,b\nx\x00y,\x00\x00z\n\"q\x00\",w\n")
    assert got.grid == [["a", "b"], ["xy", "z"], ["q", "w"]]
    report = got.report("csv.nul-removed")
    assert report.count == 4
    assert [loc.row for loc in report.locators] == [1, 2]
    assert not got.table.notes  # degraded, not truncated: no note


def test_utf16_without_a_bom_reads_with_its_nuls_removed(read_csv):
    # No BOM-less UTF-16 detection: the NUL bytes are valid UTF-8, and are removed as NULs.
    got = read_csv("a,b\r\n1,2\r\n".encode("utf-16-le"))
    assert got.grid == [["a", "b"], ["1", "2"]]  # no blank rows where NULs split the CRLFs
    assert [row.locator.line for row in got.rows] == [1, 2]
    assert got.flags["encoding"] == "utf-8"
    report = got.report("csv.nul-removed")
    assert report.count == 10
    assert report.details == []


def test_nuls_after_the_last_record_are_reported_too(read_csv):
    got = read_csv(b"a\n\x00\x00")
    assert got.grid == [["a"]]
    assert got.codes == {"csv.nul-removed": 2}


def test_header_option_first_auto_none():
    import zenconv
    from zenconv.ir.nodes import Paragraph, Table
    from zenconv.testing import read

    data = b'"Price list, June"\n\nItem,Price,Qty\nRent,1000.5,1\nFee,20,2\n'

    def shape(**options):
        doc = read(data, "ai.insan.zenfmt.csv", name="list.csv", **options).document
        table = next(b for b in doc.blocks if isinstance(b, Table))
        titles = [(b.children[0].text, b.locator.citation()) for b in doc.blocks if isinstance(b, Paragraph)]
        return titles, [r.is_header for r in table.rows]

    assert shape() == ([], [True, False, False, False, False])  # first, the default: the title line is the header
    assert shape(header="none") == ([], [False] * 5)
    titles, headers = shape(header="auto")
    assert titles == [("Price list, June", "Row 1")] and headers == [True, False, False]
    out = zenconv.convert(data, to="markdown", name="list.csv", header="auto")
    assert "| Item | Price | Qty |" in out.output.decode()
    assert "to-md.empty-header-row-added" not in {r["code"] for r in out.manifest["reports"]}
