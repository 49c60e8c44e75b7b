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


def _heavy_after(setup: str, heavy: tuple[str, ...]) -> str:
    """Which of ``heavy`` a fresh interpreter has imported after running ``setup``."""
    code = f"import sys\n{setup}\nprint(','.join(m for m in {heavy!r} if m in sys.modules))\n"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_entry_point_modules_import_nothing_heavy():
    """Start-up loads every entry point: none may pull in lxml, openpyxl, pdfminer, mistune or pydantic, nor
    the safe zip and XML layers or a reader's shared machinery to declare an option or a code (those come
    from zenconv.safe.codes and zenconv_plugins.declarations)."""
    assert _heavy_after("from zenconv.plugins import build_plugins\nbuild_plugins()",
                        ("lxml", "openpyxl", "pdfminer", "mistune", "odf", "pydantic", "jinja2", "zenconv.safe.zip",
                         "zenconv.safe.xml", "zenconv_plugins.charts", "zenconv_plugins.comments",
                         "zenconv_plugins.records")) == ""


def test_the_command_line_starts_without_pydantic_or_asyncio():
    """``zenconv`` starting (its command line built, every plugin's options on it) imports no validator,
    event loop, XML parser or template engine: the manifest is plain dataclasses until one is read in."""
    assert _heavy_after("from zenconv.cli import build_cli\nbuild_cli()",
                        ("pydantic", "asyncio", "lxml", "jinja2", "openpyxl", "pdfminer")) == ""


def test_a_manifest_is_written_without_pydantic(tmp_path):
    """Converting and sealing a manifest (in this process: no fork) needs no pydantic; reading one back does."""
    source = tmp_path / "tiny.csv"
    source.write_text("a,b\n1,2\n")
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from zenconv.pipeline import Request, run\n"
        "from zenconv.context import Source\n"
        "from zenconv.manifest import load\n"
        f"result = run(Request(source=Source('tiny.csv', path={str(source)!r}), output=Path({str(tmp_path / 'tiny.md')!r})))\n"
        "before = 'pydantic' in sys.modules\n"
        "again = load(result.manifest_path)\n"
        "print(before, 'pydantic' in sys.modules, again == result.manifest)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split() == ["False", "True", "True"], out.stderr


def test_a_plain_conversion_imports_only_what_it_uses(tmp_path):
    """``zenconv tiny.csv -o tiny.md`` (in this process: no fork) reads its entry points without
    importlib.metadata and the e-mail parser, and the Markdown writer leaves the HTML page (its templates,
    markupsafe) and renderer alone unless --html-tables asks for them: start-up is most of a small file."""
    source = tmp_path / "tiny.csv"
    source.write_text("a,b\n1,2\n")
    setup = (f"import os\nos.environ['ZENCONV_NO_FORK'] = '1'\nfrom zenconv.cli import main\n"
             f"sys.argv = ['zenconv', {str(source)!r}, '-o', {str(tmp_path / 'tiny.md')!r}, '-q']\n"
             "try:\n    main()\nexcept SystemExit as exc:\n    assert exc.code == 0, exc.code\n")
    heavy = ("importlib.metadata", "email", "markupsafe", "zenconv.writers.html.page", "zenconv.writers.html.render",
             "zenconv.writers.html.table", "html",
             "lxml", "jinja2", "pydantic", "asyncio")
    assert _heavy_after(setup, heavy) == ""
    assert (tmp_path / "tiny.md").read_text().startswith("| a | b |")
