"""zenconv.entrypoints finds what importlib.metadata finds, in the same order, without importing it.

Each case compares the two on a ``sys.path`` made of sites written to be awkward: duplicates across and
within folders, names that normalise alike, egg-info, comments and odd spacing, headers folded or
repeated, metadata missing. A change to either side that makes them disagree fails here.
"""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import textwrap

import pytest

from zenconv import entrypoints

try:  # imported before a test narrows sys.path to its sites
    import importlib_metadata
except ImportError:  # pragma: no cover - the test extras bring it (through dask)
    importlib_metadata = None

GROUPS = ["zenconv", "console_scripts", "other.group", "empty"]


def _stdlib(group: str) -> list[tuple[str, str, str, str]]:
    rows = []
    for ep in importlib.metadata.entry_points(group=group):
        try:
            meta = ep.dist.metadata
            stated = (meta["Name"] or "", meta["Version"] or "")
        except Exception:  # the importlib_metadata backport (once Dask is imported) raises where 3.11 says ""
            stated = ("", "")
        rows.append((ep.name, ep.value, *stated))
    return rows


def _ours(group: str) -> list[tuple[str, str, str, str]]:
    return [(ep.name, ep.value, ep.dist_name, ep.dist_version) for ep in entrypoints.entry_points(group)]


def _dist(site, folder: str, metadata: str | None, points: str | None, metadata_name: str = "METADATA") -> None:
    info = site / folder
    info.mkdir(parents=True)
    if metadata is not None:
        (info / metadata_name).write_text(textwrap.dedent(metadata).lstrip())
    if points is not None:
        (info / "entry_points.txt").write_text(textwrap.dedent(points).lstrip())


@pytest.fixture
def sites(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    _dist(first, "alpha-1.0.dist-info", "Metadata-Version: 2.1\nName: alpha\nVersion: 1.0\n",
          "[zenconv]\norg.a.one = alpha.plugin\n  org.a.two   =   alpha.other : hook.attr  [extra1, x]  \n"
          "# a comment\n\n[console_scripts]\nalpha = alpha.cli:main\n")
    # The same distribution again, later on the path: importlib keeps the first one only.
    _dist(second, "alpha-2.0.dist-info", "Name: alpha\nVersion: 2.0\n", "[zenconv]\norg.a.one = alpha.newer\n")
    # Names that normalise alike (Foo_Bar, foo.bar) within one folder: one distribution.
    _dist(first, "Foo_Bar-3.dist-info", "Name: Foo_Bar\nVersion: 3\n", "[zenconv]\norg.foo = foo_bar\n")
    _dist(first, "foo.bar-4.dist-info", "Name: foo.bar\nVersion: 4\n", "[zenconv]\norg.foo4 = foo_bar4\n")
    # Headers: folded, repeated (the first wins), a trailing blank, a body after the blank line.
    _dist(first, "gamma-0.1.dist-info",
          "Metadata-Version: 2.1\nName: gamma \nVersion: 0.1\nVersion: 9.9\nSummary: one\n  two\n\nName: body\n",
          "[zenconv]\norg.g = gamma\n[zenconv]\norg.g2 = gamma:x\n")
    # egg-info with PKG-INFO, no METADATA; and a dist-info with no metadata at all.
    _dist(first, "delta-5.egg-info", "Metadata-Version: 1.0\nName: Delta\nVersion: 5\n", "[zenconv]\norg.d = delta\n",
          metadata_name="PKG-INFO")
    _dist(second, "bare-1.dist-info", None, "[zenconv]\norg.bare = bare\n")
    # No entry points; a section header only; a file that looks like metadata.
    _dist(second, "quiet-1.dist-info", "Name: quiet\nVersion: 1\n", None)
    _dist(second, "header-1.dist-info", "Name: header\nVersion: 1\n", "[zenconv]\n")
    (second / "stray-1.dist-info.txt").write_text("")
    (second / "file-1.dist-info").write_text("Name: file\n")
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    return first, second


@pytest.mark.parametrize("group", GROUPS)
def test_the_same_as_importlib_metadata_on_awkward_sites(sites, group):
    assert _ours(group) == _stdlib(group)


def test_the_awkward_sites_say_what_they_should(sites):
    rows = _ours("zenconv")
    names = [r[0] for r in rows]
    assert "org.a.two" in names and ("org.a.two", "alpha.other : hook.attr  [extra1, x]", "alpha", "1.0") in rows
    assert ("org.foo" in names) != ("org.foo4" in names)  # one distribution of a normalised name (listing order)
    assert ("org.g", "gamma", "gamma ", "0.1") in rows and ("org.g2", "gamma:x", "gamma ", "0.1") in rows
    assert ("org.d", "delta", "Delta", "5") in rows
    assert ("org.bare", "bare", "", "") in rows
    assert not any(r[2] == "alpha" and r[3] == "2.0" for r in rows)


def test_the_importlib_metadata_backport_changes_nothing(sites):
    """Dask imports the backport, which puts its own path finder on sys.meta_path: the scan still answers
    (the backport reads the same folders), with what importlib.metadata answers."""
    if importlib_metadata is None:
        pytest.skip("the importlib_metadata backport is not installed")
    assert any(getattr(f, "__module__", "").startswith("importlib_metadata") for f in sys.meta_path)
    assert entrypoints._info_folders() is not None
    for group in GROUPS:
        assert _ours(group) == _stdlib(group)


def test_the_same_as_importlib_metadata_here():
    for group in ("zenconv", "console_scripts", "pytest11"):
        assert _ours(group) == _stdlib(group)


def test_a_zip_on_the_path_is_left_to_importlib(tmp_path, monkeypatch, sites):
    import zipfile

    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped-1.dist-info/METADATA", "Name: zipped\nVersion: 1\n")
        z.writestr("zipped-1.dist-info/entry_points.txt", "[zenconv]\norg.zip = zipped\n")
    monkeypatch.setattr(sys, "path", [*sys.path, str(archive)])
    assert entrypoints._info_folders() is None
    rows = _ours("zenconv")
    assert ("org.zip", "zipped", "zipped", "1") in rows
    assert rows == _stdlib("zenconv")


def test_load_takes_the_module_or_its_attribute():
    ep = entrypoints.EntryPoint("x", "os.path : join", "g", "", "")
    import os.path

    assert ep.load() is os.path.join
    assert entrypoints.EntryPoint("x", "json", "g", "", "").load().__name__ == "json"
    with pytest.raises(ValueError):
        entrypoints.EntryPoint("x", "not a module!", "g", "", "").load()


def test_the_command_line_never_imports_importlib_metadata():
    code = ("import sys; from zenconv.cli import build_cli; build_cli(); "
            "print('importlib.metadata' in sys.modules, 'email' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
