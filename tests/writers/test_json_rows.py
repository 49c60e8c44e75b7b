"""The JSON writer's row path writes exactly what the reflection (to_data) would."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from zenconv.ir import Cell, HiddenFacet, Locator, Row, Text
from zenconv.ir.serialize import to_data
from zenconv.writers.json import _row

optional_int = st.none() | st.integers(min_value=0, max_value=10**12)
optional_text = st.none() | st.text(max_size=6)
locators = st.none() | st.builds(Locator, sheet=optional_int, sheet_name=optional_text, row=optional_int,
                                 cell=optional_text, line=optional_int, part=optional_text)
cells = st.text(max_size=6) | st.builds(lambda t: Cell([Text(t)]), st.text(min_size=1, max_size=4))


@given(st.lists(cells, max_size=5), locators, st.booleans())
def test_a_row_is_written_as_its_data(row_cells, locator, hidden):
    row = Row(row_cells, facets=(HiddenFacet("row"),) if hidden else (), locator=locator)
    assert _row(row) == json.dumps(to_data(row), ensure_ascii=False)
