"""The segments writer's own JSON encoding gives exactly what json.dumps gives, and its fast row paths
what the general ones give."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from zenconv.ir.locator import Locator
from zenconv.writers.segments import _encode, _fields, _plain_row, _row_json

values = st.one_of(st.none(), st.booleans(), st.integers(), st.text(), st.floats(allow_nan=False))


@given(st.dictionaries(st.from_regex(r"[a-z_]{1,12}", fullmatch=True), values, max_size=12))
def test_same_bytes_as_json_dumps(record):
    assert _encode(record) == json.dumps(record, ensure_ascii=False)


optional_int = st.none() | st.integers(min_value=0, max_value=10**12)
optional_text = st.none() | st.text(max_size=8)
locators = st.builds(Locator, page=optional_int, page_label=optional_text, sheet_name=optional_text,
                     table=optional_int, row=optional_int, cell=optional_text, line=optional_int, part=optional_text)


@given(locators, st.text(max_size=10), st.booleans(), optional_text, optional_text)
def test_a_row_record_is_what_emit_would_write(locator, text, header, note, hidden):
    # The row path builds its JSON without the dict emit() encodes; the bytes must be the same.
    record = {"ordinal": 7, "kind": "table_row", "text": text, **_fields(locator, table=3),
              "citation": locator.citation()}
    if header:
        record["header"] = True
    if note is not None:
        record["note"] = note
    if hidden is not None:
        record["hidden"] = hidden
    assert _row_json(7, text, locator, 3, locator.citation(), header, note, hidden) == _encode(record) + "\n"


@given(st.lists(st.text(alphabet=[" ", "\t", "\xa0", "\x00", "a", "|", "é"], max_size=4), min_size=1, max_size=4),
       st.integers(min_value=0, max_value=5))
def test_a_plain_row_is_the_row_normalised_cell_by_cell(cells, width):
    plain = _plain_row(cells, width)
    if plain is not None:
        texts = [" ".join(cell.split()).replace("|", "\\|") for cell in cells]
        texts += [""] * (width - len(cells))
        assert plain == "| " + " | ".join(texts) + " |"
