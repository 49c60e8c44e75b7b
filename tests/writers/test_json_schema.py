"""The JSON writer streams the IR itself, and its output validates against the published schema."""

from __future__ import annotations

import dataclasses
import gc
import json
from pathlib import Path

import jsonschema
import pytest

import zenconv
from zenconv.ir import BLOCK_TYPES, INLINE_TYPES, Document, Row, Table
from zenconv.ir import nodes as n
from zenconv.ir.schema import ir_schema
from zenconv.ir.serialize import document_from_data, document_to_data

from .conftest import write_with
from .rich_document import rich_document

VALIDATOR = jsonschema.Draft202012Validator(ir_schema())
TESTS = Path(__file__).resolve().parent.parent


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(ir_schema())


@pytest.mark.parametrize("cls", [*BLOCK_TYPES, *INLINE_TYPES, n.ListItem, n.Row, n.Cell, n.Columns, n.ColumnSpec,
                                 n.Note], ids=lambda c: c.__name__)
def test_every_node_has_a_definition_with_exactly_its_fields(cls):
    definition = ir_schema()["$defs"][cls.__name__]
    fields = {"class" if f.name == "class_" else f.name for f in dataclasses.fields(cls)}
    assert set(definition["properties"]) == fields | {"type"}


def test_output_is_the_ir_and_validates():
    doc = rich_document()
    data = json.loads(write_with("json", doc, doc.resources).text)
    VALIDATOR.validate(data)
    expected = document_to_data(rich_document().materialize())
    assert data.pop("zenconv_ir") == 1
    assert data == {**expected, "notes": expected.get("notes", []), "resources": expected.get("resources", [])}
    assert document_to_data(document_from_data(data)) == {k: v for k, v in expected.items() if k != "resources"}


def test_invalid_ir_is_caught_by_the_schema():
    data = json.loads(write_with("json", Document([n.Heading(1, [n.Text("x")])])).text)
    data["blocks"][0]["level"] = 7
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate(data)
    data["blocks"][0] = {"type": "Heading", "level": 1, "children": [], "colour": "red"}
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate(data)


def test_a_real_conversion_validates():
    csv = b"Item,Amount\nRent,1000\n\"multi\nline\",2\n"
    result = zenconv.convert(csv, to="json", name="costs.csv")
    VALIDATOR.validate(json.loads(result.output))


def _reader_goldens():
    for path in sorted(TESTS.glob("*/golden/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("document"), dict):
            yield pytest.param(data["document"], id=f"{path.parent.parent.name}/{path.name}")


@pytest.mark.parametrize("document", list(_reader_goldens()))
def test_the_readers_golden_ir_validates(document):
    VALIDATOR.validate({"zenconv_ir": 1, "notes": [], "resources": [], **document})


MARK = "json-stream-probe"


def test_rows_stream_one_at_a_time():
    peak = 0

    def rows():
        nonlocal peak
        for i in range(6000):
            if i % 2000 == 1999:
                gc.collect()
                # Only this test's rows: other tests may keep rows of their own alive.
                peak = max(peak, sum(1 for o in gc.get_objects() if type(o) is Row and o.cells[1:] == [MARK]))
            yield Row([str(i), MARK])

    data = json.loads(write_with("json", Document(iter([Table(rows=rows(), notes=["set at the end"])]))).text)
    assert peak < 10
    table = data["blocks"][0]
    assert len(table["rows"]) == 6000 and table["notes"] == ["set at the end"]
    assert list(table) == ["type", "rows", "notes"]
