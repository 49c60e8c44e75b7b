"""Shared fixtures. Tests run with ZENCONV_STRICT=1 so a reader bug surfaces as the real exception."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
