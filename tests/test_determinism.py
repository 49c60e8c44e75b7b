"""The same input and options give byte-identical output and manifest, in every output format."""

from __future__ import annotations

import pytest

from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


@pytest.mark.parametrize("ext", [".md", ".html", ".json", ".jsonl"])
def test_twice_the_same_bytes(tmp_path, ext):
    outputs = []
    for run in ("a", "b"):
        folder = tmp_path / run
        folder.mkdir()
        out = folder / f"damages{ext}"
        assert run_cli(str(SAMPLE), "-o", str(out), "--max-rows", "3").returncode == 0
        outputs.append((out.read_bytes(), (folder / f"damages{ext}.manifest.json").read_bytes()))
    assert outputs[0] == outputs[1]
