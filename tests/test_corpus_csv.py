"""The csv-spectrum files convert to every output format, and every manifest verifies."""

from __future__ import annotations

import json

import pytest

from zenconv.manifest import verify

from .conftest import SHARED, run_cli

SPECTRUM = sorted((SHARED / "corpus" / "csv-spectrum").rglob("*.csv"))


@pytest.mark.skipif(not SPECTRUM, reason="the shared corpus is not beside the repository")
@pytest.mark.parametrize("ext", [".md", ".html", ".json", ".jsonl"])
def test_csv_spectrum_in_every_format(tmp_path, ext):
    for src in SPECTRUM:
        out = tmp_path / (src.name + ext)
        done = run_cli(str(src), "-o", str(out))
        assert done.returncode == 0, (src.name, done.stderr)
        manifest_path = tmp_path / (out.name + ".manifest.json")
        assert json.loads(manifest_path.read_text())["outcome"] == "converted", src.name
        assert verify(manifest_path, src) == [], src.name
