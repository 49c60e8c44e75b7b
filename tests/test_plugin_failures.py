"""A third-party plugin that fails is listed as failed, with why, and left out whole; every other reader
keeps working, and ``--no-third-party`` (before a command too) does not even import it."""

from __future__ import annotations

import json
import textwrap

import pytest

from .conftest import ROOT, run_cli
from .test_third_party_plugin import make_distribution

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"

BROKEN = {
    # a misspelt hook: pluggy's check_pending refuses it
    "misspelt": '''
        from zenconv import hookimpl

        @hookimpl
        def zenconv_reader(register):
            pass
    ''',
    # a hook that raises after registering one reader: the reader goes with it
    "raising": '''
        from zenconv import hookimpl

        @hookimpl
        def zenconv_readers(register):
            register.reader(id="org.example.half", name="half", version="1", reader="x:read", extensions=[".half"])
            raise RuntimeError("the plugin's own bug")
    ''',
    # takes a built-in reader's id
    "thief": '''
        from zenconv import hookimpl

        @hookimpl
        def zenconv_readers(register):
            register.reader(id="ai.insan.zenfmt.csv", name="csv2", version="1", reader="x:read")
    ''',
    # declares a built-in option with another default
    "clash": '''
        from zenconv import hookimpl
        from zenconv.plugins import OptionSpec

        @hookimpl
        def zenconv_readers(register):
            register.reader(id="org.example.clash", name="clash", version="1", reader="x:read", extensions=[".clash"],
                            options=[OptionSpec("max-rows", "int", 7, "Other rows.")])
    ''',
    # readers fine, writers hook raising: its reader is left out too
    "writerbug": '''
        from zenconv import hookimpl

        @hookimpl
        def zenconv_readers(register):
            register.reader(id="org.example.wb", name="wb", version="1", reader="x:read", extensions=[".wb"])

        @hookimpl
        def zenconv_writers(register):
            raise ValueError("no writer today")
    ''',
    # does not import at all
    "unimportable": '''
        import no_such_module_anywhere
    ''',
}


def add_plugin(site, name: str, source: str) -> None:
    module = f"broken_{name}"
    (site / f"{module}.py").write_text(textwrap.dedent(source))
    info = site / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[zenconv]\norg.example.{name} = {module}\n")
    (info / "RECORD").write_text("")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    make_distribution(root)  # the working zz plugin beside the broken ones
    for name, source in BROKEN.items():
        add_plugin(root, name, source)
    return root


def test_each_failed_plugin_is_listed_with_why_and_the_rest_load(site):
    done = run_cli("plugins", "--json", env={"PYTHONPATH": str(site)})
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    failed = {r["id"]: r for r in rows if r["kind"] == "failed"}
    assert set(failed) == {f"org.example.{name}" for name in BROKEN}
    reasons = {name: failed[f"org.example.{name}"]["reason"] for name in BROKEN}
    assert "unknown hook 'zenconv_reader'" in reasons["misspelt"]
    assert reasons["raising"] == "RuntimeError: the plugin's own bug"
    assert "ai.insan.zenfmt.csv" in reasons["thief"]
    assert "--max-rows" in reasons["clash"]
    assert reasons["writerbug"] == "ValueError: no writer today"
    assert reasons["unimportable"].startswith("ModuleNotFoundError")
    assert failed["org.example.misspelt"]["distribution"] == "broken-misspelt"
    ids = {r["id"] for r in rows if r["kind"] == "reader"}
    assert "org.example.zz" in ids and "ai.insan.zenfmt.csv" in ids
    assert not ids & {"org.example.half", "org.example.clash", "org.example.wb"}  # no half a plugin
    csv = next(r for r in rows if r["id"] == "ai.insan.zenfmt.csv")
    assert csv["distribution"] == "zenconv" and csv["name"] == "csv"

    text = run_cli("plugins", env={"PYTHONPATH": str(site)})
    assert text.returncode == 0
    assert any(line.startswith("failed") and "org.example.misspelt" in line and "unknown hook" in line
               for line in text.stdout.decode().splitlines())


def test_every_other_reader_keeps_working(site, tmp_path):
    env = {"PYTHONPATH": str(site)}
    out = tmp_path / "x.md"
    done = run_cli(str(SAMPLE), "-o", str(out), "--max-rows", "3", env=env)
    assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "x.md.manifest.json").read_text())
    assert manifest["reader"]["id"] == "ai.insan.zenfmt.csv" and manifest["limits"]["max-rows"] == 3
    note = tmp_path / "n.zz"
    note.write_text("= Title\nline\n")
    assert run_cli(str(note), "-o", str(tmp_path / "n.md"), env=env).returncode == 0
    assert run_cli("--help", env=env).returncode == 0
    assert run_cli("codes", env=env).returncode == 0


@pytest.mark.parametrize("where", ["before", "after"])
def test_no_third_party_before_or_after_the_command(site, where):
    args = ["--no-third-party", "plugins", "--json"] if where == "before" else ["plugins", "--json"]
    env = {"PYTHONPATH": str(site)} | ({} if where == "before" else {"ZENCONV_DISABLE_PLUGIN_AUTOLOAD": "1"})
    done = run_cli(*args, env=env)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert {r["distribution"] for r in rows} == {"zenconv"}  # not even listed as failed: never imported


def test_no_third_party_before_a_conversion(site, tmp_path):
    note = tmp_path / "n.zz"
    note.write_bytes(b"= Title\n\x00\x01")
    done = run_cli("--no-third-party", str(note), "-o", str(tmp_path / "n.md"), env={"PYTHONPATH": str(site)})
    assert done.returncode == 1  # the zz reader is not loaded: nothing reads it
    manifest = json.loads((tmp_path / "n.md.manifest.json").read_text())
    assert manifest["reasons"] == ["host.unknown-format"]
    assert {d["name"] for d in manifest["distributions"]} == {"zenconv"}


def test_a_failed_plugin_in_the_api(site, monkeypatch):
    """In-process too: build_plugins leaves the broken plugins out and names them."""
    import sys

    from zenconv.plugins import build_plugins

    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("ZENCONV_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    import importlib

    importlib.invalidate_caches()
    loaded = build_plugins()
    assert {f.name for f in loaded.failures} == {f"org.example.{name}" for name in BROKEN}
    assert "org.example.zz" in loaded.registry.readers
    for name in BROKEN:
        sys.modules.pop(f"broken_{name}", None)
    sys.modules.pop("zzfmt_plugin", None)


def test_a_plugins_codes_and_failure_reach_the_terminal_inert(tmp_path):
    """A plugin writes its own meanings and exception messages: attacker text on the operator's terminal."""
    site = tmp_path / "site"
    site.mkdir()
    add_plugin(site, "loud", '''
        from zenconv import hookimpl
        from zenconv.reports import dropped

        @hookimpl
        def zenconv_readers(register):
            register.reader(id="org.example.loud", name="loud", version="1", reader="x:read", extensions=[".loud"],
                            codes=[dropped("loud.x", "meaning \\x1b]0;pwned\\x07 here")])
    ''')
    add_plugin(site, "angry", '''
        from zenconv import hookimpl

        @hookimpl
        def zenconv_readers(register):
            raise RuntimeError("reason \\x1b[2J cleared")
    ''')
    env = {"PYTHONPATH": str(site)}
    codes = run_cli("codes", "loud", env=env)
    assert codes.returncode == 0 and b"\x1b" not in codes.stdout and b"\\x1b]0;pwned\\x07" in codes.stdout
    listed = run_cli("plugins", env=env)
    assert listed.returncode == 0 and b"\x1b" not in listed.stdout + listed.stderr
    assert b"reason \\x1b[2J cleared" in listed.stdout
