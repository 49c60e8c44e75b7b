"""Golden pairs: each fixture to its IR JSON. Regenerate with ZENCONV_REGEN_GOLDEN=1."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from zenconv.ir.serialize import document_to_data

from .conftest import ODP, ODT
from zenconv.testing import read

GOLDEN = Path(__file__).parent / "golden"
CASES = {"text": (ODT, {}), "text-all-revisions": (ODT, {"revisions": "all"}), "chart": (ODT, {}),
         "slides": (ODP, {})}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_ir(docs, name):
    reader, options = CASES[name]
    data = document_to_data(read(docs[name.split("-")[0]], reader, **options).document)
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path = GOLDEN / f"{name}.json"
    if os.environ.get("ZENCONV_REGEN_GOLDEN"):
        path.write_text(text)
    assert path.read_text() == text
