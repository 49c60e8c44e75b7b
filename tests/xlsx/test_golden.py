"""Golden pairs: each fixture of make_fixtures.py -> IR JSON with its reports and flags.

Regenerate with ZENCONV_REGEN_GOLDEN=1 (never in CI), then read the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..goldens import REGEN, check_golden, ir_record
from .conftest import FX, read_xlsx

GOLDEN = Path(__file__).parent / "golden"
NAMES = sorted(FX.FIXTURES)


def test_regeneration_is_off():
    assert not REGEN, "ZENCONV_REGEN_GOLDEN=1 rewrites the goldens: never leave it set"


@pytest.mark.parametrize("name", NAMES)
def test_ir_golden(name):
    check_golden(GOLDEN / f"{name}.json", ir_record(read_xlsx(FX.FIXTURES[name](), header="auto")))
