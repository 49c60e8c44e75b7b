"""Running a test's hostile input in a fresh interpreter, under a timeout."""

from __future__ import annotations

import subprocess
import sys


def run_apart(script: str, timeout: float = 30) -> None:
    """Run ``script`` with ``python -c``; it fails by exiting non-zero or by outliving ``timeout``.

    For inputs that once took minutes or hours inside a regex or a C loop, where no checkpoint reaches:
    run in the suite's own process, a return of the slowness would hang the suite instead of failing it.
    """
    subprocess.run([sys.executable, "-c", script], check=True, timeout=timeout)
