"""Caps: the rows before a cap are kept, the table says what was cut, the report points at it."""

from __future__ import annotations

from zenconv.reports import Outcome, outcome_of


def assert_truncated(got, code: str, note: str, citation: str) -> None:
    report = got.report(code)
    assert report.locators[0].citation() == citation
    assert note in got.table.notes
    assert got.flags["truncated"] is True
    assert outcome_of(got.result.reporter, None) == (Outcome.NEEDS_REVIEW, [code])


def test_max_rows(read_csv):
    data = b"h\n" + b"".join(b"r%d\n" % i for i in range(1, 10))
    got = read_csv(data, max_rows=4)
    assert got.grid == [["h"], ["r1"], ["r2"], ["r3"]]
    assert_truncated(got, "csv.rows-truncated", "⚠ Truncated: rows after 4 were not read (--max-rows 4)", "Row 5")
    assert got.report("csv.rows-truncated").locators[0].cell == "A5"


def test_max_rows_note_uses_thousands_separators(read_csv):
    got = read_csv(b"x\n" * 1002, max_rows=1000)
    assert got.table.notes == ["⚠ Truncated: rows after 1,000 were not read (--max-rows 1000)"]


def test_max_rows_inside_a_batch_of_lines_and_at_its_end(read_csv):
    # 1,500 plain lines arrive in batches of 512: the cap falls inside one, then exactly at the end of one.
    data = b"h\n" + b"".join(b"r%d\n" % i for i in range(1, 1500))
    for cap in (700, 512):
        got = read_csv(data, max_rows=cap)
        assert len(got.grid) == cap and got.grid[-1] == [f"r{cap - 1}"]
        locator = got.report("csv.rows-truncated").locators[0]
        assert (locator.row, locator.line, locator.cell) == (cap, cap + 1, f"A{cap + 1}")
    assert "csv.rows-truncated" not in read_csv(data, max_rows=1500).codes


def test_max_rows_not_reached_reports_nothing(read_csv):
    got = read_csv(b"h\n1\n2\n", max_rows=3)
    assert got.codes == {} and got.table.notes == [] and "truncated" not in got.flags


def test_max_cols_on_every_path(read_csv):
    # a plain line, a line with a closed quote, a record over two lines, a line with a NUL
    got = read_csv(b'a,b,c,d\n1,"2",3,4\n"x\ny",2,3\n1,2\x00,3,4,5\n', max_cols=2)
    assert got.grid == [["a", "b"], ["1", "2"], ["x\ny", "2"], ["1", "2"]]
    report = got.report("csv.columns-truncated")
    assert report.count == 2 + 2 + 1 + 3  # fields dropped
    assert_truncated(got, "csv.columns-truncated",
                     "⚠ Truncated: fields after column 2 were not read, first in row 1 (--max-cols 2)", "Row 1")


def test_max_field_chars(read_csv):
    got = read_csv(b'h1,h2\nshort,abcdefghij\n"quoted\nover lines",x\n', max_field_chars=6)
    assert got.grid == [["h1", "h2"], ["short", "abcdef"], ["quoted", "x"]]
    assert got.report("csv.field-truncated").count == 2
    assert_truncated(got, "csv.field-truncated",
                     "⚠ Truncated: fields longer than 6 characters were cut, first in row 2 (--max-field-chars 6)",
                     "Row 2")


def test_max_line_chars_keeps_the_start_and_finds_the_next_record(read_csv):
    data = b'h\n12,34,"56\n7,8",9\nnx,"rw"\n'
    got = read_csv(data, max_line_chars=8)
    assert got.grid == [["h"], ["12", "34", "5"], ["nx", "rw"]]
    assert got.rows[2].locator.line == 4  # the skipped part was still followed through its quotes
    assert_truncated(got, "csv.line-truncated",
                     "⚠ Truncated: records longer than 8 characters were cut, first in row 2 (--max-line-chars 8)",
                     "Row 2")


def test_a_record_exactly_at_the_line_cap_is_whole(read_csv):
    got = read_csv(b"abc,def\r\n", max_line_chars=7)
    assert got.grid == [["abc", "def"]] and got.codes == {}


def test_several_caps_each_get_a_note(read_csv):
    got = read_csv(b"a,b,c\n" + b"x" * 50 + b"\n1\n2\n", max_cols=2, max_field_chars=10, max_rows=3)
    assert [note.split(":")[1].split()[0] for note in got.table.notes] == ["fields", "fields", "rows"]
    assert set(got.codes) == {"csv.columns-truncated", "csv.field-truncated", "csv.rows-truncated"}
