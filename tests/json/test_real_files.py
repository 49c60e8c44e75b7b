"""The real-shaped files convert to every output, byte-identically twice, with no report."""

from __future__ import annotations

from pathlib import Path

import pytest

from zenconv.api import convert_api

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "json" / "real" / "api-export.json", ROOT / "json" / "real" / "featurecollection.geojson",
         ROOT / "yaml" / "real" / "deployment.yaml"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("to", ["markdown", "html", "segments", "json"])
def test_converts_deterministically(path, to):
    first = convert_api(path.read_bytes(), to=to, name=path.name, isolate=False)
    again = convert_api(path.read_bytes(), to=to, name=path.name, isolate=False)
    assert first.outcome == "converted" and first.reports == {}
    assert first.output == again.output
    assert first.manifest["digest"] == again.manifest["digest"]
