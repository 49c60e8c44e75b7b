"""The distribution lists every package directory, and entry-point modules stay light."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_directory_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    mapping = config["package-dir"]
    found = set()
    for top, folder in mapping.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            found.add(".".join([top, *rel.parts]))
    assert found == listed


def test_entry_point_modules_import_nothing_heavy():
    """Start-up loads every entry point: none may pull in lxml, openpyxl, pdfminer, mistune or pydantic."""
    code = (
        "import sys\n"
        "from zenconv.plugins import build_plugins\n"
        "build_plugins()\n"
        "heavy = [m for m in ('lxml', 'openpyxl', 'pdfminer', 'mistune', 'odf', 'pydantic', 'jinja2') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
