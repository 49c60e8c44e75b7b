"""The YAML reader: 1.2 core schema whatever the file declares, merge keys, aliases bounded, line locators."""

from __future__ import annotations

from pathlib import Path

import pytest

from adversarial.data import billion_laughs_yaml
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Table
from zenconv.reports import Unreadable
from zenconv.testing import read

from tests.json.conftest import YAML, outline, read_data
from tests.cputime import cpu_seconds

REAL = Path(__file__).parent / "real"


def refused(data: bytes, **options) -> Unreadable:
    with pytest.raises(Unreadable) as caught:
        read_data(data, YAML, **options)
    return caught.value


def test_core_schema_whatever_the_file_declares():
    got = read_data(b"%YAML 1.1\n---\n- {a: NO, b: yes, c: 0123, d: 0o17, e: 0x1F, f: 1.10, g: ~, h: True, "
                    b"i: '0123', j: +12, k: .inf}\n", YAML)
    assert outline(got.document.blocks) == [("table", [
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"],
        ["NO", "yes", "123", "15", "31", "1.10", "null", "true", "0123", "12", ".inf"]])]


def test_yaml_scalars_text_keeps_every_scalar_as_written():
    got = read_data(b"- {c: 0123, e: 0x1F, g: ~, h: True}\n", YAML, yaml_scalars="text")
    assert outline(got.document.blocks)[0][1][1] == ["0123", "0x1F", "~", "True"]


def test_nested_values_in_records_keep_the_json_distinction_of_strings_and_numbers():
    got = read_data(b"- {a: [1, '1', x, null]}\n", YAML)
    assert outline(got.document.blocks)[0][1][1] == ['[1, "1", "x", null]']


def test_merge_keys_are_applied_and_the_mapping_own_keys_win():
    got = read_data(b"base: &b {x: 1, y: 2}\nmore: &m {z: 3}\nthing:\n  x: 0\n  <<: [*b, *m]\n  w: 4\n", YAML)
    assert outline(got.document.blocks)[-1] == ("dl", ["x: 0", "y: 2", "z: 3", "w: 4"])


def test_duplicate_keys_refuse_the_file():
    error = refused(b"a: 1\nb: 2\na: 3\n")
    assert error.code == "yaml.duplicate-key" and "line 3" in error.message


def test_a_billion_laughs_file_is_refused_fast():
    before = cpu_seconds()
    assert refused(billion_laughs_yaml()).code == "yaml.too-many-aliases"
    assert cpu_seconds() - before < 5


def test_the_alias_budget_is_an_option():
    data = b"a: &a [1, 2]\nb: [*a, *a, *a]\n"
    assert refused(data, max_aliases=2).code == "yaml.too-many-aliases"
    assert read_data(data, YAML, max_aliases=3).codes() == {}


@pytest.mark.parametrize("data", [b"[" * 100_000 + b"]" * 100_000,
                                  "".join(" " * i + "a:\n" for i in range(400)).encode()])
def test_deep_nesting_is_refused(data):
    assert refused(data, max_data_depth=256).code == "yaml.too-deep"


def test_custom_tags_are_read_as_plain_values_and_reported():
    got = read_data(b"f: !!js/function 'function () { return 1 }'\nr: !Ref MyBucket\n", YAML)
    assert outline(got.document.blocks) == [("dl", ["f: function () { return 1 }", "r: MyBucket"])]
    assert got.codes() == {"yaml.custom-tag": 2}


def test_invalid_yaml_says_where():
    error = refused(b"a: [1, 2\nb: }\n")
    assert error.code == "yaml.invalid" and "line" in error.message


def test_the_file_size_bound():
    assert refused(b"a: " + b"x" * 200 + b"\n", max_value_chars=100).code == "yaml.too-large"


def test_a_multi_document_manifest_is_one_section_per_document_with_line_locators():
    got = read(REAL / "deployment.yaml", YAML)
    blocks = got.document.blocks
    shapes = outline(blocks)
    assert [s for s in shapes if s[0] == "h" and s[1] == 1] == [("h", 1, "Document 1"), ("h", 1, "Document 2")]
    assert ("dl", ["app: nginx", "tier: NO", "version: 1.14.2"]) in shapes  # the merge key, NO kept
    containers = [b for b in blocks if isinstance(b, Table)][-1]
    header, row = containers.rows
    assert row.cells[:2] == ["nginx", "nginx:1.14.2"]
    assert row.cells[2] == '[{"containerPort": 80}, {"containerPort": 443, "name": "https"}]'
    assert row.locator == Locator(row=0, path="/spec/template/spec/containers/0", line=35)
    assert row.locator.citation() == "Record 1 (/spec/template/spec/containers/0, line 35)"
    assert got.codes() == {}


def test_block_locators_name_the_line_of_their_key():
    got = read_data(b"a: 1\nowner:\n  name: x\n", YAML)
    heading = got.document.blocks[1]
    assert heading.locator == Locator(path="/owner", line=2)
