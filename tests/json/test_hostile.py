"""Hostile JSON and JSON Lines: each ends coded, never with a traceback, a hang or unbounded memory."""

from __future__ import annotations

import io

import pytest

from adversarial.data import SingleLineJson
from zenconv.context import Source
from zenconv.reports import Unreadable
from zenconv.testing import read

from .conftest import JSON, JSONL, outline, read_data, tables


def refused(data: bytes, reader: str = JSON, **options) -> Unreadable:
    with pytest.raises(Unreadable) as caught:
        read_data(data, reader, **options)
    return caught.value


@pytest.mark.parametrize("body", [b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 100_000 + b"1" + b"}" * 100_000])
def test_100000_deep_nesting_is_too_deep(body):
    assert refused(body).code == "json.too-deep"


def test_nesting_past_the_option_is_too_deep():
    body = b'{"a": ' + b"[" * 20 + b"]" * 20 + b"}"
    assert refused(body, max_data_depth=10).code == "json.too-deep"
    assert read_data(body, max_data_depth=30).codes() == {}


def test_nan_and_infinity_are_kept_as_written_and_reported():
    got = read_data(b'[{"a": NaN, "b": Infinity, "c": -Infinity}]')
    assert outline(got.document.blocks)[0][1][1] == ["NaN", "Infinity", "-Infinity"]
    assert got.codes() == {"json.non-standard-number": 3}


def test_huge_numbers_stay_exact():
    digits = b"9" * 100_000
    got = read_data(b'[{"n": ' + digits + b', "f": 1.' + digits + b"e99999}]")
    row = outline(got.document.blocks)[0][1][1]
    assert row == [digits.decode(), "1." + digits.decode() + "e99999"]


def test_lone_surrogates_become_replacement_characters():
    got = read_data(b'[{"s": "a\\ud800b", "t": "\\udfff", "ok": "\\ud83d\\ude00"}]')
    assert outline(got.document.blocks)[0][1][1] == ["a\ufffdb", "\ufffd", "\U0001f600"]
    assert got.codes() == {"json.lone-surrogate": 2}


def test_duplicate_keys_keep_the_last_and_are_reported():
    got = read_data(b'{"a": 1, "a": 2, "o": {"k": 1, "k": 2}}')
    assert outline(got.document.blocks) == [("dl", ["a: 1", "a: 2"]), ("h", 1, "o"), ("dl", ["k: 2"])]
    assert got.codes() == {"json.duplicate-key": 2}


def test_invalid_utf8_is_replaced_and_reported():
    got = read_data(b'[{"s": "caf\xe9"}]')
    assert outline(got.document.blocks)[0][1][1] == ["caf\ufffd"]
    assert got.codes() == {"json.undecodable-bytes": 1}


def test_utf16_with_a_byte_order_mark_reads():
    got = read_data('{"a": "é"}'.encode("utf-16"))
    assert outline(got.document.blocks) == [("dl", ["a: é"])]


class GeneratedSource(Source):
    """A source whose bytes are made as they are read: a 2 GB file that never exists."""

    def __init__(self, name: str, make) -> None:
        super().__init__(name, data=b"")
        self.make = make

    def open(self):
        return self.make()

    def head(self, n: int = 8192) -> bytes:
        with self.open() as fh:
            return fh.read(n)

    @property
    def size(self) -> int:
        return self.make().size


def test_a_2gb_single_line_json_is_refused_at_the_value_limit():
    """One 2 GiB string on one line, generated as it is read: refused once --max-value-chars (1 Mi here, so
    the test reads about 2 MiB) is held, the rest never read."""
    from zenconv_plugins.json import reader

    source = GeneratedSource("big.json", lambda: SingleLineJson(2 << 30))
    with pytest.raises(Unreadable) as caught:
        list(reader.read(source, read(b"[]", JSON, name="x.json", max_value_chars=1 << 20).context))
    assert caught.value.code == "json.value-too-large"


def test_jsonl_bad_lines_are_reported_and_the_rest_read():
    got = read_data(b'{"a": 1}\nnot json\n\n{"a": 2} x\n' + b"[" * 5000 + b"]" * 5000 + b'\n{"a": 3}\n', JSONL)
    assert outline(got.document.blocks) == [("table", [["a"], ["1"], ["3"]])]
    (report,) = got.reporter.reports
    assert report.code.code == "jsonl.bad-line" and report.count == 3
    assert [loc.line for loc in report.locators] == [2, 4, 5]


def test_jsonl_a_line_past_the_value_limit_is_skipped_unread():
    got = read_data(b'{"a": 1}\n{"a": "' + b"x" * 5000 + b'"}\n{"a": 3}\n', JSONL, max_value_chars=1000)
    assert outline(got.document.blocks) == [("table", [["a"], ["1"], ["3"]])]
    assert got.codes() == {"jsonl.line-too-long": 1}


def test_jsonl_rows_are_cited_by_line():
    got = read_data(b'{"a": 1}\n\n{"b": 2}\n', JSONL)
    (table,) = got.document.blocks
    rows = list(table.rows)
    assert [cell for cell in rows[2].cells] == ["", "2"]
    assert rows[2].locator.citation() == "Row 2 (line 3)"


def test_jsonl_of_scalars_is_a_one_column_table():
    got = read_data(b'1\n"two"\n[3]\n', JSONL)
    assert outline(got.document.blocks) == [("table", [["value"], ["1"], ["two"], ["[3]"]])]


def test_generated_stream_is_bytes_of_valid_json_start():
    with SingleLineJson(100) as fh:
        data = fh.read()
    assert len(data) == 100 and data.startswith(b'[{"payload": "xxx')
    assert isinstance(SingleLineJson(10), io.RawIOBase)


def test_a_jsonp_wrapper_hiding_script_renders_inert():
    """The reader carries the strings as they are; the writers decide: no script, no event attribute, no
    script URL in the Markdown (five renderers) or the HTML page."""
    from adversarial.data import hostile_files
    from tests.writers.renderers import html_problems, rendered_problems
    from zenconv.api import convert_api

    data, code, _ = hostile_files()["jsonp-script.json"]
    md = convert_api(data, to="markdown", name="jsonp-script.json")
    assert code in md.reports
    text = md.output.decode("utf-8")
    assert "alert(1)" in text  # carried, as text
    assert not rendered_problems(text)
    page = convert_api(data, to="html", name="jsonp-script.json")
    assert not html_problems(page.output.decode("utf-8"), page_furniture=True)


def test_a_duplicate_key_reports_the_text_of_the_value_it_replaced():
    got = read_data(b'{"o": {"k": "first", "k": "second"}}')
    (report,) = got.reporter.reports
    assert (report.code.code, report.chars, report.quotes) == ("json.duplicate-key", 5, ["first"])


@pytest.mark.parametrize("name, data", [
    ("x.json", b'{"a": [{"x": ' + b"[" * 450 + b"]" * 450 + b"}]}"),
    ("x.json", b'{"a": {"x": ' + b"[{}, " * 450 + b"1" + b"]" * 450 + b"}}"),
    ("x.jsonl", b'{"x": ' + b"[" * 450 + b"]" * 450 + b"}\n"),
    ("x.yaml", b"a: " + b"[" * 450 + b"]" * 450 + b"\n"),
])
def test_a_depth_option_past_the_ceiling_still_ends_coded(name, data):
    """--max-data-depth 1000 is taken as 400: nesting of 450 ends coded wherever it sits, never as a
    RecursionError in the mapping or the writer."""
    from zenconv.api import convert_api

    done = convert_api(data, to="markdown", name=name, max_data_depth=1000, isolate=False)
    ns = name.rsplit(".", 1)[1]
    if ns == "jsonl":
        assert done.outcome == "converted" and "jsonl.bad-line" in done.reports
    else:
        assert done.outcome == "unreadable" and done.manifest["reasons"] == [f"{ns}.too-deep"]


def test_jsonl_of_bad_lines_alone_still_reports_them():
    got = read_data(b"nope\n{\n", JSONL)
    assert got.document.blocks == []
    assert got.codes() == {"jsonl.bad-line": 2}


def test_a_streamed_nested_array_still_keeps_to_the_depth_limit():
    records = b",".join(b'{"id": %d, "pad": "%s"}' % (i, b"x" * 40) for i in range(30_000))
    body = b'{"a": {"b": {"c": {"items": [' + records + b"]}}}}"
    assert refused(body, max_data_depth=2).code == "json.too-deep"
    assert len(tables(read_data(body, max_data_depth=5))[0].rows) == 30_001
