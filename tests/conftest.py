"""Shared fixtures. Tests run with ZENCONV_STRICT=1 so a reader bug surfaces as the real exception."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# In CI the property tests replay the same examples every run, so a rare case cannot turn one run red
# and the next green; by hand (no CI variable) they explore new examples each time.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

os.environ.setdefault("ZENCONV_STRICT", "1")
assert not os.environ.get("ZENCONV_REGEN_GOLDEN") or os.environ.get("CI") is None, \
    "ZENCONV_REGEN_GOLDEN must never be set in CI"

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def run_cli(*args: str, input: bytes | None = None, env: dict | None = None, cwd: Path | None = None,
            strict: bool = False, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run ``python -m zenconv`` as a user would (not strict: a user never sees a traceback)."""
    full_env = {**os.environ, **(env or {})}
    if not strict:
        full_env.pop("ZENCONV_STRICT", None)
    return subprocess.run([sys.executable, "-m", "zenconv", *args], input=input, capture_output=True,
                          env=full_env, cwd=cwd, timeout=timeout)


@pytest.fixture
def cli():
    return run_cli


def imported_by_a_conversion(tmp_path: Path, modules: tuple[str, ...]) -> list[str]:
    """Which of ``modules`` a small conversion to a file imports: ``zenconv t.csv -o t.md`` run in a fresh
    interpreter (in its own process, not forked), which then lists those it holds."""
    (tmp_path / "t.csv").write_text("a,b\n1,2\n")
    code = ("import os, sys; os.environ['ZENCONV_NO_FORK'] = '1'\n"
            f"sys.argv = ['zenconv', {str(tmp_path / 't.csv')!r}, '-o', {str(tmp_path / 't.md')!r}, '-q']\n"
            "from zenconv.cli import main\n"
            "try:\n    main()\nexcept SystemExit as done:\n    assert not done.code, done.code\n"
            f"print(' '.join(m for m in {modules!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "t.md").read_text().startswith("| a | b |")
    return done.stdout.split()


def list_labels(blocks) -> list:
    """Every list item's label under ``blocks``, depth first, as a reader carried it (None: none)."""
    from zenconv.ir import List

    out = []
    for block in blocks:
        if isinstance(block, List):
            for item in block.items:
                out.append(item.label)
                out.extend(list_labels(item.blocks))
    return out
