"""A quote that never closes is stray: reported where it opened, taken as a character, and every line
after it read as the records it holds, whether the field ran past a bound or to the end of the file."""

from __future__ import annotations

import zenconv
from zenconv.ir.locator import Locator


def numbered(count: int, start: int = 1, ending: str = "\n") -> str:
    return "".join(f"{i},name {i},{i * 10}{ending}" for i in range(start, start + count))


def test_a_stray_quote_in_row_4_of_10000_lines_leaves_every_other_row_whole(read_csv):
    text = "id,name,amount\n" + numbered(3) + '4,"Smith, J,40\n' + numbered(9995, start=5)
    got = read_csv(text.encode())
    rows = got.grid
    assert len(rows) == 10_000
    assert rows[4] == ["4", '"Smith', " J", "40"]
    assert rows[5] == ["5", "name 5", "50"]
    assert rows[-1] == ["9999", "name 9999", "99990"]
    report = got.report("csv.unterminated-quote")
    assert report.count == 1
    assert report.locators == [Locator(row=4, line=5, cell="B5")]  # the line and the cell the quote opened in
    assert report.details == ["the quote opened on line 5 ran over 1,000 lines"]


def test_the_outcome_is_needs_review():
    result = zenconv.convert(b'a,b\n1,"x\n2,y\n', name="stray.csv")
    assert result.outcome == "needs_review"
    assert [r["code"] for r in result.manifest["reports"]] == ["csv.unterminated-quote"]
    assert "| 2 | y |" in result.output.decode()


def test_a_quote_open_at_the_end_of_the_file_is_stray_too(read_csv):
    got = read_csv(b'a,b\r\n1,"x\r\n2,y\r\n3,z')
    assert got.grid == [["a", "b"], ["1", '"x'], ["2", "y"], ["3", "z"]]
    assert [row.locator.line for row in got.rows] == [1, 2, 3, 4]
    assert got.report("csv.unterminated-quote").details == ["the quote opened on line 2 ran to the end of the file"]


def test_a_quote_on_the_last_line_without_a_line_break(read_csv):
    got = read_csv(b'a,b\n1,"x')
    assert got.grid == [["a", "b"], ["1", '"x']]
    assert got.codes == {"csv.unterminated-quote": 1}


def test_a_stray_quote_in_the_header_row(read_csv):
    got = read_csv(b'"id,name\n1,a\n2,b\n')
    assert got.grid == [['"id', "name"], ["1", "a"], ["2", "b"]]
    assert got.report("csv.unterminated-quote").locators == [Locator(row=0, line=1, cell="A1")]


def test_past_max_quoted_lines_the_quote_is_stray(read_csv):
    body = "".join(f"line {i}\n" for i in range(5))
    text = f'a,b\n1,"{body}",x\n2,y\n'
    kept = read_csv(text.encode(), max_quoted_lines=5)  # five line breaks: a field may hold them
    assert kept.grid == [["a", "b"], ["1", body, "x"], ["2", "y"]]
    assert kept.codes == {}
    cut = read_csv(text.encode(), max_quoted_lines=4)
    assert cut.grid[1:4] == [["1", '"line 0'], ["line 1"], ["line 2"]]
    # The quote that was to close the field now opens one, which never closes either.
    assert cut.grid[-2:] == [['"', "x"], ["2", "y"]]
    report = cut.report("csv.unterminated-quote")
    assert report.count == 2
    assert report.details == ["the quote opened on line 2 ran over 4 lines",
                              "the quote opened on line 7 ran to the end of the file"]


def test_past_max_quoted_chars_the_quote_is_stray(read_csv):
    long_line = "y" * 5000
    text = f'a,b\n1,"{long_line},z\n2,w\n'
    got = read_csv(text.encode(), max_quoted_chars=4096)
    assert got.grid == [["a", "b"], ["1", '"' + long_line, "z"], ["2", "w"]]
    assert got.report("csv.unterminated-quote").details == ["the quote opened on line 2 ran over 4,096 characters"]
    whole = read_csv(text.replace(",z\n", '",z\n').encode(), max_quoted_chars=8192)
    assert whole.grid[1] == ["1", long_line, "z"]
    assert whole.codes == {}


def test_a_quoted_field_over_many_lines_within_the_bounds_is_one_field(read_csv):
    body = "\r\n".join(f"paragraph {i}" for i in range(999))
    got = read_csv(f'a,b\r\n"{body}",1\r\nnext,2\r\n'.encode())
    assert got.grid == [["a", "b"], [body, "1"], ["next", "2"]]
    assert got.rows[2].locator.line == 1001
    assert got.codes == {}


def test_a_stray_quote_past_the_first_batch_and_in_long_lines(read_csv):
    # Clean batches before and after; the put-back lines, some longer than a read piece (64 Ki).
    long_field = "q" * 70_000
    text = ("h1,h2\n" + numbered(600) + f'x,"{long_field}\n' + f"{long_field},end\n" + numbered(2000, start=601))
    got = read_csv(text.encode())
    rows = got.grid
    assert rows[601] == ["x", '"' + long_field]
    assert rows[602] == [long_field, "end"]
    assert rows[603] == ["601", "name 601", "6010"]
    assert len(rows) == 1 + 600 + 2 + 2000
    assert got.report("csv.unterminated-quote").locators == [Locator(row=601, line=602, cell="B602")]


def test_nuls_and_a_stray_quote_are_counted_once(read_csv):
    got = read_csv(b'a\n"b\x00c\nd\x00\n' + b"e\n" * 1200)
    assert got.grid[:3] == [["a"], ['"bc'], ["d"]]
    assert len(got.grid) == 1203
    assert got.codes == {"csv.unterminated-quote": 1, "csv.nul-removed": 2}


def test_the_delimiter_is_detected_past_a_stray_quote():
    result = zenconv.convert(b'a;b;c\n1;"2;3\n' + b"4;5;6\n" * 50, name="semi.csv")
    assert result.manifest["flags"]["delimiter"] == ";"
