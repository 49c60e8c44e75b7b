"""A third-party format plugin is found through its entry point and converts, manifest and all."""

from __future__ import annotations

import json
import textwrap

from .conftest import run_cli

PLUGIN = textwrap.dedent('''
    from zenconv import hookimpl, Heading, Paragraph, Text, Locator
    from zenconv.reports import dropped

    def read(source, ctx):
        ctx.metadata.title = "Invented"
        ctx.library = "zzfmt-parser/9.9"
        with source.open() as fh:
            lines = fh.read().decode("utf-8").splitlines()
        yield Heading(1, [Text(lines[0].lstrip("= "))], locator=Locator(line=1))
        for n, line in enumerate(lines[1:], start=2):
            if line.startswith("!"):
                ctx.report("zz.bang-dropped", Locator(line=n))
                continue
            yield Paragraph([Text(line)], locator=Locator(line=n))

    @hookimpl
    def zenconv_readers(register):
        register.reader(id="org.example.zz", name="zz", version="9.9.0", reader="zzfmt_plugin:read",
                        extensions=[".zz"], media_types=["text/x-zz"],
                        codes=[dropped("zz.bang-dropped", "Lines starting with ! are not carried.")])
''')


def make_distribution(site):
    (site / "zzfmt_plugin.py").write_text(PLUGIN)
    info = site / "zzfmt-9.9.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: zzfmt\nVersion: 9.9.0\n")
    (info / "entry_points.txt").write_text("[zenconv]\norg.example.zz = zzfmt_plugin\n")
    (info / "RECORD").write_text("")


def test_invented_format_converts_through_an_entry_point(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    make_distribution(site)
    doc = tmp_path / "note.zz"
    doc.write_text("= Title\nfirst line\n!secret\nlast line\n")
    env = {"PYTHONPATH": str(site)}

    listed = run_cli("plugins", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    rows = {r["id"]: r for r in json.loads(listed.stdout)}
    assert rows["org.example.zz"]["distribution"] == "zzfmt"
    assert rows["org.example.zz"]["extensions"] == [".zz"]

    out = tmp_path / "note.md"
    done = run_cli(str(doc), "-o", str(out), env=env)
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "# Title\n\nfirst line\n\nlast line\n"
    manifest = json.loads((tmp_path / "note.md.manifest.json").read_text())
    assert manifest["reader"] == {"id": "org.example.zz", "version": "9.9.0", "distribution": "zzfmt",
                                  "library": "zzfmt-parser/9.9"}
    assert {d["name"] for d in manifest["distributions"]} == {"zenconv", "zzfmt"}
    assert manifest["reports"][0]["code"] == "zz.bang-dropped"
    assert manifest["reports"][0]["first_locators"][0]["citation"] == "Line 3"
    assert manifest["metadata"]["title"] == "Invented"
    assert run_cli("verify", str(tmp_path / "note.md.manifest.json")).returncode == 0


def test_autoload_off_loads_only_builtins(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    make_distribution(site)
    doc = tmp_path / "note.zz"
    doc.write_bytes(b"= Title\n\x00\x01\x02")  # not text either, so the plain-text fallback does not take it
    env = {"PYTHONPATH": str(site), "ZENCONV_DISABLE_PLUGIN_AUTOLOAD": "1"}
    listed = run_cli("plugins", "--json", env=env)
    assert "org.example.zz" not in {r["id"] for r in json.loads(listed.stdout)}
    done = run_cli(str(doc), "-o", str(tmp_path / "x.md"), env=env)
    assert done.returncode == 1
    manifest = json.loads((tmp_path / "x.md.manifest.json").read_text())
    assert manifest["outcome"] == "unreadable" and manifest["reasons"] == ["host.unknown-format"]
    assert not (tmp_path / "x.md").exists()
    assert "csv" in manifest["message"]  # the error names the formats installed


def test_the_plugin_listing_shows_a_plugins_own_strings_inert(tmp_path):
    """A plugin names itself, so its version and extensions are attacker text on the operator's terminal."""
    site = tmp_path / "site"
    site.mkdir()
    make_distribution(site)
    source = (site / "zzfmt_plugin.py").read_text()
    (site / "zzfmt_plugin.py").write_text(source.replace('version="9.9.0"', 'version="9\\x1b]0;pwned\\x07"'))
    listed = run_cli("plugins", env={"PYTHONPATH": str(site)})
    assert listed.returncode == 0, listed.stderr
    assert b"org.example.zz" in listed.stdout and b"\x1b" not in listed.stdout and b"\x07" not in listed.stdout
    assert b"9\\x1b]0;pwned\\x07" in listed.stdout
