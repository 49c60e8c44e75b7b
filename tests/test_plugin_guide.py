"""The plugin author's guide builds: its example plugin, taken from the guide's own Markdown, installs as
a distribution, converts through the command line, and passes the guide's own test."""

from __future__ import annotations

import json
import re
import sys
import tomllib

import pytest

from .conftest import ROOT, run_cli

GUIDE = ROOT / "docs" / "plugin-authoring.md"
NOTE = "%ZZ-1\n# Notes\n! not for the client\n! nor this\nfirst line\n| Item | Amount |\n| Rent | 1000 |\nlast line\n"


def guide_files() -> dict[str, str]:
    """Each code block the guide introduces with its file name (a line `` `path`: ``), by path."""
    text = GUIDE.read_text()
    found = dict(re.findall(r"^`([\w./]+)`:\n\n```\w+\n(.*?)^```$", text, re.MULTILINE | re.DOTALL))
    assert {"pyproject.toml", "zzfmt/plugin.py", "zzfmt/reader.py", "tests/test_zz.py"} <= set(found), sorted(found)
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The guide's plugin as an installed distribution: its files, and the metadata its pyproject states."""
    files = guide_files()
    root = tmp_path_factory.mktemp("guide-site")
    project = tomllib.loads(files["pyproject.toml"])["project"]
    package = root / "zzfmt"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for path in ("zzfmt/plugin.py", "zzfmt/reader.py"):
        (root / path).write_text(files[path])
    info = root / f"{project['name']}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    points = "".join(f"{name} = {value}\n" for name, value in project["entry-points"]["zenconv"].items())
    (info / "entry_points.txt").write_text(f"[zenconv]\n{points}")
    (info / "RECORD").write_text("")
    return root


def test_the_guides_plugin_converts_manifest_and_all(site, tmp_path):
    env = {"PYTHONPATH": str(site)}
    note = tmp_path / "notes.zz"
    note.write_text(NOTE)
    out = tmp_path / "notes.md"
    done = run_cli(str(note), "-o", str(out), env=env)
    assert done.returncode == 0, done.stderr
    assert out.read_text() == ("# Notes\n\nfirst line\n\n| Item | Amount |\n| --- | --- |\n| Rent | 1000 |\n\n"
                               "last line\n")
    manifest = json.loads((tmp_path / "notes.md.manifest.json").read_text())
    assert manifest["reader"] == {"id": "org.example.zz", "version": "1.0.0", "distribution": "zzfmt",
                                  "library": "zzfmt/1.0.0"}
    assert manifest["source"]["detection"] == "magic"
    (report,) = manifest["reports"]
    assert report["code"] == "zz.comments-dropped" and report["count"] == 2
    assert report["details"] == ["2 comment lines"] and report["first_locators"][0]["citation"] == "Line 3"
    assert report["chars"] == len(" not for the client\n nor this") and report["quotes"] == ["not for the client nor this"]
    segments = run_cli(str(note), "--to", "segments", env=env).stdout.decode().splitlines()
    assert json.loads(segments[-2])["citation"] == "Row 2 (line 7)"


def test_the_guides_option_and_codes_are_offered(site, tmp_path):
    env = {"PYTHONPATH": str(site)}
    help_text = run_cli("--help", env=env).stdout.decode()
    assert re.search(r"\nzz reader \(org\.example\.zz\):\n\s+--zz-strict\s+ZZ: refuse", help_text)
    codes = json.loads(run_cli("codes", "zz", "--json", env=env).stdout)
    assert {c["code"] for c in codes} == {"zz.comments-dropped", "zz.unknown-directive", "zz.too-large"}
    note = tmp_path / "strict.zz"
    note.write_text("%ZZ-1\n#! frobnicate\n")
    done = run_cli(str(note), "-o", str(tmp_path / "s.md"), "--zz-strict", env=env)
    assert done.returncode == 1
    assert json.loads((tmp_path / "s.md.manifest.json").read_text())["reasons"] == ["zz.unknown-directive"]


def test_the_guides_own_test_passes(site, tmp_path, monkeypatch):
    """The guide's tests/test_zz.py, run as written against the guide's plugin (zenconv.testing.read)."""
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("ZENCONV_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    namespace: dict = {}
    try:
        exec(compile(guide_files()["tests/test_zz.py"], "tests/test_zz.py", "exec"), namespace)
        tests = [f for name, f in namespace.items() if name.startswith("test_")]
        assert tests
        for test in tests:
            test(tmp_path)
    finally:
        for module in ("zzfmt", "zzfmt.plugin", "zzfmt.reader"):
            sys.modules.pop(module, None)


def test_the_guide_documents_what_testing_read_returns():
    from zenconv.testing import ReadResult

    text = GUIDE.read_text()
    assert "returns a `ReadResult`" in text
    for field in ReadResult.__dataclass_fields__:
        assert f"`result.{field}`" in text, field
    assert "`result.codes()`" in text
    for phrase in ("count=", "detail=", "Cell(content, header=True)", "read_bytes(limit, code", "Part 2 (invoice.pdf)"):
        assert phrase in text, phrase


def test_the_guides_part_locators_cite_as_it_says():
    from zenconv import Locator

    text = " ".join(GUIDE.read_text().split())
    for built, cited in re.findall(r"`(Locator\(part=[^`]*\))` (?:is cited )?`([^`]+)`", text):
        assert eval(built, {"Locator": Locator}).citation() == cited, built  # noqa: S307 (the guide's own text)
    assert len(re.findall(r"`Locator\(part=", text)) >= 3
