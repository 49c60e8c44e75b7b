"""The JSON reader's mapping: records to tables, objects to sections and definition lists, scalars spelled."""

from __future__ import annotations

from pathlib import Path
from types import GeneratorType

import pytest

from zenconv.ir.locator import Locator
from zenconv.reports import Unreadable
from zenconv.testing import read

from .conftest import JSON, outline, read_data, tables

REAL = Path(__file__).parent / "real"


def test_a_top_level_array_of_objects_is_one_table_with_the_union_of_keys():
    got = read_data(b'[{"id": 1, "name": "a"}, {"id": 2, "extra": true}, {"name": "c", "id": 3}]')
    assert outline(got.document.blocks) == [("table", [
        ["id", "name", "extra"], ["1", "a", ""], ["2", "", "true"], ["3", "c", ""]])]


def test_each_record_is_cited_by_ordinal_and_pointer():
    got = read_data(b'{"items": [{"a": 1}, {"a": 2}]}')
    (table,) = tables(got)
    header, *rows = table.rows
    assert header.locator is None
    assert [row.locator for row in rows] == [Locator(row=0, path="/items/0"), Locator(row=1, path="/items/1")]
    assert rows[1].locator.citation() == "Record 2 (/items/1)"


def test_pointer_tokens_escape_tilde_and_slash():
    got = read_data(b'{"a/b~c": [{"x": 1}]}')
    (table,) = tables(got)
    assert list(table.rows)[1].locator.path == "/a~1b~0c/0"


def test_scalars_keep_their_json_spelling():
    got = read_data(b'[{"big": 123456789012345678901234567890, "dec": 1.10, "exp": 1E5, "neg": -0.0, '
                    b'"t": true, "n": null, "s": "1.10"}]')
    assert outline(got.document.blocks)[0][1][1] == [
        "123456789012345678901234567890", "1.10", "1E5", "-0.0", "true", "null", "1.10"]


def test_objects_become_definition_lists_and_sections():
    got = read_data(b'{"name": "x", "tags": ["a", 2], "owner": {"login": "bob", "address": {"city": "Roma"}}}')
    assert outline(got.document.blocks) == [
        ("dl", ["name: x", 'tags: ["a", 2]']),
        ("h", 1, "owner"), ("dl", ["login: bob"]), ("h", 2, "address"), ("dl", ["city: Roma"])]


def test_nested_values_in_a_record_are_compact_json_keeping_spelling():
    got = read_data(b'[{"geo": {"type": "Point", "coordinates": [102.0, 0.5]}}]')
    assert outline(got.document.blocks)[0][1][1] == ['{"type": "Point", "coordinates": [102.0, 0.5]}']


def test_an_array_that_is_not_all_objects_is_a_one_column_table():
    values = b"[" + b",".join(b'{"a": %d}' % i if i % 2 else b"%d" % i for i in range(150)) + b"]"
    (table,) = tables(read_data(values))
    rows = list(table.rows)
    assert [c for c in rows[0].cells][0].content[0].text == "value"
    assert rows[1].cells == ["0"] and rows[2].cells == ['{"a": 1}']


def test_a_short_array_of_scalars_is_one_line():
    assert outline(read_data(b"[1, 2.50, \"x\"]").document.blocks) == [("p", '[1, 2.50, "x"]')]


def test_a_scalar_document_is_a_paragraph():
    assert outline(read_data(b'"hello"').document.blocks) == [("p", "hello")]


def test_rows_stream_lazily():
    got = read(b'[{"a": 1}, {"a": 2}]', JSON, name="x.json", materialize=False)
    (table,) = list(got.document.blocks)
    assert isinstance(table.rows, GeneratorType)


def test_max_rows_cuts_with_a_note_and_a_report():
    got = read_data(b"[" + b",".join(b'{"a": %d}' % i for i in range(10)) + b"]", max_rows=3)
    (table,) = tables(got)
    assert len(table.rows) == 4
    assert got.codes() == {"json.rows-truncated": 1}
    assert table.notes == ["⚠ Truncated: records after 3 were not read (--max-rows 3)"]


def test_max_keys_cuts_columns_and_object_keys():
    got = read_data(b'[{"a": 1, "b": 2, "c": 3}, {"d": 4}]', max_keys=2)
    assert outline(got.document.blocks)[0][1][0] == ["a", "b"]
    assert got.codes()["json.keys-truncated"] >= 1


def test_max_string_chars_cuts_visibly():
    got = read_data(b'[{"s": "' + b"x" * 50 + b'"}]', max_string_chars=10)
    cell = outline(got.document.blocks)[0][1][1][0]
    assert cell == "x" * 10 + " ⚠ [cut at 10 characters]"
    assert got.codes() == {"json.string-truncated": 1}


def test_a_real_api_export_and_geojson_convert():
    export = read(REAL / "api-export.json", JSON)
    shapes = outline(export.document.blocks)
    assert shapes[0] == ("h", 1, "data")
    assert shapes[1][1][0][:5] == ["id", "type", "number", "amount", "total"]
    assert shapes[1][1][3][4] == "12345678901234567890.01"
    geo = read(REAL / "featurecollection.geojson", JSON)
    shapes = outline(geo.document.blocks)
    assert shapes[0] == ("dl", ["type: FeatureCollection"])
    assert [row[0] for row in shapes[2][1]] == ["type", "Feature", "Feature", "Feature"]
    assert export.codes() == {} and geo.codes() == {}


@pytest.mark.parametrize("body, kind", [
    (b')]}\'\n{"a": 1}', "anti-hijacking prefix"),
    (b'while(1);{"a": 1}', "anti-hijacking prefix"),
    (b'for(;;);{"a": 1}', "anti-hijacking prefix"),
    (b'/**/ jQuery_123({"a": 1});', "JSONP call"),
    (b'window.__STATE__ = {"a": 1};', "assignment"),
    (b'<!-- {"a": 1} -->', "comment guard"),
    (b'//<![CDATA[\n{"a": 1}\n//]]>', "CDATA guard"),
])
def test_wrappers_are_stripped_and_reported(body, kind):
    got = read_data(body)
    assert outline(got.document.blocks) == [("dl", ["a: 1"])]
    assert got.codes() == {"json.wrapper-stripped": 1}
    assert got.context.flags["wrapper"] == kind
    (report,) = got.reporter.reports
    assert report.chars > 0


@pytest.mark.parametrize("body", [b'alert(1); cb({"a": 1})', b'<script>x</script>({"a": 1})',
                                  b'a = b = {"a": 1}', b'cb({"a": 1}) + 1'])
def test_what_could_be_code_is_not_taken_for_a_wrapper(body):
    with pytest.raises(Unreadable) as caught:
        read_data(body)
    assert caught.value.code == "json.invalid"


@pytest.mark.parametrize("body, code, where", [
    (b'{"a": 1,}', "json.invalid", "line 1"),
    (b'[1, 2] 3', "json.invalid", "more text"),
    (b'[{"a": 1}, {"a": ', "json.invalid", "Expecting value"),
    (b'  \n', "json.invalid", "no JSON value"),
    (b'{"a": 1}\n{"a": 2}\n', "json.looks-like-jsonl", "--from jsonl"),
])
def test_bad_text_is_refused_with_where(body, code, where):
    with pytest.raises(Unreadable) as caught:
        read_data(body)
    assert caught.value.code == code
    assert where in caught.value.message


def test_an_error_past_the_first_chunk_names_its_line():
    body = b"[\n" + b'{"a": 1},\n' * 200_000 + b'{"a": 1,,}]'
    with pytest.raises(Unreadable) as caught:
        read_data(body)
    assert caught.value.message.startswith("line 200,002, column 9")


def _nested_records(count: int) -> bytes:
    records = ",".join(f'{{"id": {i}, "name": "n{i}", "v": 1.10}}' for i in range(count))
    return ('{"meta": {"page": 1, "data": {"total": %d, "items": [%s]}}, "after": true}' % (count, records)).encode()


def test_a_long_record_array_nested_members_deep_streams_under_a_value_limit_below_its_size():
    data = _nested_records(60_000)  # 2.6 MB, its member "meta" held whole would pass --max-value-chars
    got = read_data(data, max_value_chars=1 << 20)
    shapes = outline(got.document.blocks)
    assert [s[:3] for s in shapes[:4]] == [("h", 1, "meta"), ("dl", ["page: 1"]), ("h", 2, "data"),
                                          ("dl", ["total: 60000"])]
    assert shapes[4][0] == "h" and shapes[4][1:] == (3, "items")
    table = shapes[5][1]
    assert table[0] == ["id", "name", "v"] and table[1] == ["0", "n0", "1.10"] and len(table) == 60_001
    assert shapes[6:] == [("dl", ["after: true"])]
    rows = list(tables(read_data(data, max_value_chars=1 << 20))[0].rows)
    assert rows[-1].locator == Locator(row=59_999, path="/meta/data/items/59999")
    assert got.codes() == {}


def test_a_streamed_nested_table_is_the_table_the_whole_value_maps_to():
    small = _nested_records(30)
    whole, streamed = outline(read_data(small).document.blocks), outline(read_data(_nested_records(30_000)).document.blocks)
    assert [s[0] for s in whole] == [s[0] for s in streamed]
    assert whole[5][1] == streamed[5][1][:31]


def test_a_short_nested_value_is_still_decoded_whole():
    # Not streamed, so its duplicate key keeps the last value, as a JSON parser does.
    got = read_data(b'{"o": {"p": {"k": 1, "k": 2, "items": [{"a": 1}]}}}')
    assert outline(got.document.blocks) == [("h", 1, "o"), ("h", 2, "p"), ("dl", ["k: 2"]), ("h", 3, "items"),
                                            ("table", [["a"], ["1"]])]
    assert got.codes() == {"json.duplicate-key": 1}
