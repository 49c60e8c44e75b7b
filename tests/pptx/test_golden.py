"""Golden pairs: each fixture deck to its IR JSON. Regenerate with ZENCONV_REGEN_GOLDEN=1."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from zenconv.ir.serialize import document_to_data

from .conftest import read_deck

GOLDEN = Path(__file__).parent / "golden"
CASES = {"basic": {}, "chartex": {}, "comments": {}, "shapegrid": {"pptx_shape_tables": True}}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_ir(decks, name):
    data = document_to_data(read_deck(decks[name], **CASES[name]).document)
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path = GOLDEN / f"{name}.json"
    if os.environ.get("ZENCONV_REGEN_GOLDEN"):
        path.write_text(text)
    assert path.read_text() == text


def test_regeneration_flag_is_off():
    assert not os.environ.get("ZENCONV_REGEN_GOLDEN") or not os.environ.get("CI")
