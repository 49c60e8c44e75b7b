"""The segments writer's own JSON encoder gives exactly what json.dumps gives."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from zenconv.writers.segments import _encode

values = st.one_of(st.none(), st.booleans(), st.integers(), st.text(), st.floats(allow_nan=False))


@given(st.dictionaries(st.from_regex(r"[a-z_]{1,12}", fullmatch=True), values, max_size=12))
def test_same_bytes_as_json_dumps(record):
    assert _encode(record) == json.dumps(record, ensure_ascii=False)
