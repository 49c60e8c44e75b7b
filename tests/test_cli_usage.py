"""The command line as a new user meets it: --version, usage errors, exit codes in every help, -o folders,
--fail-on checked, ``zenconv codes``, and the options of each plugin under its own heading."""

from __future__ import annotations

import json
import re

import pytest

from zenconv import __version__

from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"
COMMANDS = ("plugins", "codes", "verify", "schema", "audit")


@pytest.fixture(scope="module")
def help_text() -> str:
    done = run_cli("--help")
    assert done.returncode == 0, done.stderr
    return done.stdout.decode()


def test_version_is_in_help_and_answers_to_both_spellings(help_text):
    assert re.search(r"-V, --version\s+Print the version", help_text)
    for flag in ("-V", "--version"):
        done = run_cli(flag)
        assert done.returncode == 0 and done.stdout.decode() == f"zenconv {__version__}\n"


@pytest.mark.parametrize("args", [("--bogus",), (str(SAMPLE), "--to", "docx"), (str(SAMPLE), "--fail-on", "nosuch.*"),
                                  ("plugins", "--bogus")])
def test_usage_errors_point_at_a_help_that_exists(args):
    done = run_cli(*args)
    assert done.returncode == 2
    err = done.stderr.decode()
    assert "convert" not in err  # the subcommand behind `zenconv FILE` is documented nowhere
    command = "zenconv plugins" if args[0] == "plugins" else "zenconv"
    assert f"Try '{command} --help' for help." in err
    assert run_cli(*command.split()[1:], "--help").returncode == 0


@pytest.mark.parametrize("args", [
    ("{missing}",), ("{missing}", "-o", "{tmp}/x.md"), ("{missing}", "{sample}", "-o", "{tmp}/out"),
    ("verify", "{missing}"), ("verify", "{manifest}", "--source", "{missing}"), ("audit", "{missing}"),
])
def test_a_missing_input_is_one_line_and_exit_2_for_every_command(tmp_path, args):
    manifest = tmp_path / "m.json"
    manifest.write_text("{}")
    values = {"missing": str(tmp_path / "missing.csv"), "sample": str(SAMPLE), "tmp": str(tmp_path),
              "manifest": str(manifest)}
    done = run_cli(*(a.format(**values) for a in args))
    assert done.returncode == 2, done.stderr
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("zenconv: ") and "missing.csv: no such file" in lines[0]
    assert not (tmp_path / "x.md.manifest.json").exists()  # nothing was read: nothing to state


def test_every_command_lists_its_exit_codes(help_text):
    assert re.search(r"Exit codes:\n\s+0  converted.*\n\s+1  unreadable.*\n\s+2  usage.*\n\s+3  .*--fail-on.*"
                     r"\n\s+4  batch", help_text)
    for command in COMMANDS:
        done = run_cli(command, "--help")
        assert done.returncode == 0, command
        text = done.stdout.decode()
        assert "Exit codes:" in text and re.search(r"\n\s+0  ", text) and re.search(r"\n\s+2  usage", text), command


def test_a_trailing_slash_or_an_existing_folder_is_a_folder(tmp_path):
    done = run_cli(str(SAMPLE), "-o", f"{tmp_path}/new/")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "new" / "damages.csv.md").read_bytes().startswith(b"| Item |")
    assert (tmp_path / "new" / "damages.csv.md.manifest.json").exists()
    (tmp_path / "there").mkdir()
    done = run_cli(str(SAMPLE), "-o", str(tmp_path / "there"), "--to", "html")
    assert done.returncode == 0, done.stderr
    assert b"<table" in (tmp_path / "there" / "damages.csv.html").read_bytes()


def test_a_folder_input_with_a_file_output_is_a_usage_error(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.csv").write_text("a,b\n1,2\n")
    for args in ((str(folder),), (str(SAMPLE), str(folder / "a.csv"))):
        done = run_cli(*args, "-o", str(tmp_path / "file.md"))
        assert done.returncode == 2
        assert b"names a file" in done.stderr and b"Try 'zenconv --help'" in done.stderr
        assert not (tmp_path / "file.md").exists()  # no folder silently named file.md
    done = run_cli(str(folder), "-o", str(tmp_path / "plain"), "-q")  # no extension: a folder, as before
    assert done.returncode == 0 and (tmp_path / "plain" / "a.csv.md").exists()


def test_stdin_cannot_go_to_a_folder(tmp_path):
    done = run_cli("-", "-o", f"{tmp_path}/out/", input=b"a,b\n")
    assert done.returncode == 2 and b"stdin" in done.stderr


def test_a_fail_on_pattern_that_matches_no_code_is_a_usage_error_naming_the_nearest(tmp_path):
    out = tmp_path / "x.md"
    done = run_cli(str(SAMPLE), "-o", str(out), "--fail-on", "docx.trackd-*")
    assert done.returncode == 2
    err = done.stderr.decode()
    assert "--fail-on docx.trackd-*: matches no report code; nearest: docx.tracked-" in err
    assert not out.exists()  # refused before anything was converted
    done = run_cli(str(SAMPLE), "-o", str(out), "--fail-on", "csv.row-truncated")
    assert done.returncode == 2 and b"nearest: csv.rows-truncated" in done.stderr
    batch = run_cli(str(SAMPLE), "-o", str(tmp_path / "out"), "--fail-on", "xlsx.nonsense-*")
    assert batch.returncode == 2 and b"matches no report code" in batch.stderr
    assert not (tmp_path / "out").exists()
    for good in ("xlsx.*", "host.deadline", "batch.timeout", "to-html.*"):  # a reader's, the host's, the batch's, a writer's
        assert run_cli(str(SAMPLE), "-o", str(out), "--fail-on", good, "-q").returncode == 0, good


def test_batch_fail_on_names_what_matched_in_which_documents(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a.csv", "b.csv", "c.csv"):
        (folder / name).write_text("h1,h2\n1,2\n3,4\n5,6\n" if name != "c.csv" else "h1,h2\n1,2\n")
    done = run_cli(str(folder), "-o", str(tmp_path / "out"), "--max-rows", "2", "--fail-on", "csv.rows-*")
    assert done.returncode == 3, done.stderr
    assert "policy: --fail-on matched csv.rows-truncated in 2 documents: a.csv, b.csv" in done.stderr.decode()


def test_a_rerun_that_skipped_everything_says_unchanged(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a.csv", "b.csv"):
        (folder / name).write_text("h1,h2\n1,2\n")
    first = run_cli(str(folder), "-o", str(tmp_path / "out"))
    assert first.returncode == 0 and b"converted 2, unchanged 0" in first.stderr
    again = run_cli(str(folder), "-o", str(tmp_path / "out"))
    assert again.returncode == 0 and b"converted 0, unchanged 2" in again.stderr


def test_codes_lists_every_code_with_severity_kind_meaning_and_plugin():
    done = run_cli("codes", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    by_code = {(r["code"], r["plugin"]): r for r in rows}
    truncated = by_code[("csv.rows-truncated", "ai.insan.zenfmt.csv")]
    assert truncated["severity"] == "truncated" and truncated["kind"] == "content" and truncated["meaning"]
    assert by_code[("host.deadline", "host")]["severity"] == "refused"
    assert ("batch.timeout", "batch") in by_code
    assert any(r["plugin"] == "ai.insan.zenconv.markdown" and r["code"].startswith("to-md.") for r in rows)
    assert all(set(r) == {"code", "severity", "kind", "meaning", "plugin", "distribution"} for r in rows)
    assert rows == sorted(rows, key=lambda r: (r["code"], r["plugin"]))


@pytest.mark.parametrize(("plugin", "prefix"), [("csv", "csv."), ("ai.insan.zenfmt.docx", "docx."), ("host", "host."),
                                                ("batch", "batch."), ("markdown", None), ("to-md", "to-md.")])
def test_codes_of_one_plugin(plugin, prefix):
    done = run_cli("codes", plugin, "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert rows and len({r["plugin"] for r in rows}) == 1
    if prefix:
        assert all(r["code"].startswith(prefix) for r in rows)
    table = run_cli("codes", plugin).stdout.decode().splitlines()
    assert len(table) == len(rows) and table[0].split()[0] == rows[0]["code"]


def test_codes_of_an_unknown_plugin_names_the_choices():
    done = run_cli("codes", "nosuch")
    assert done.returncode == 2 and b"give one of batch, csv, docx" in done.stderr


def test_plugin_options_are_grouped_under_their_plugin_after_the_hosts(help_text):
    headings = re.findall(r"^(\S.*):$", help_text, re.MULTILINE)
    assert headings[:3] == ["Options", "Batch (several inputs, or a folder)", "Every conversion: limits, media, facets"]
    assert "csv reader (ai.insan.zenfmt.csv)" in headings and "pdf reader (ai.insan.zenfmt.pdf)" in headings
    assert headings[-1] == "Options several readers take"  # then the exit codes, indented as the epilog

    def section(title: str) -> str:
        return help_text.split(f"\n{title}:\n", 1)[1].split("\n\n", 1)[0]

    assert "--delimiter" in section("csv reader (ai.insan.zenfmt.csv)")
    assert "--password" in section("Options several readers take")  # PDF's and the Office files'
    assert "--password" not in section("pdf reader (ai.insan.zenfmt.pdf)")
    assert "--html-tables" in section("markdown writer (ai.insan.zenconv.markdown)")
    assert "--timeout " in section("Every conversion: limits, media, facets")
    assert "--jobs" in section("Batch (several inputs, or a folder)")
    shared = section("Options several readers take")
    assert re.search(r"--revisions .*\(docx, odt\)", " ".join(shared.split()))
    assert "--delimiter" not in shared and "--max-rows" in shared
    assert "--max-rows" not in section("csv reader (ai.insan.zenfmt.csv)")


def test_audit_fail_on_is_checked_against_installed_codes_and_the_manifests(tmp_path):
    out = tmp_path / "out"
    assert run_cli(str(SAMPLE), "-o", f"{out}/", "--max-rows", "2", "-q").returncode == 0
    done = run_cli("audit", str(out), "--fail-on", "csv.row-truncated")
    assert done.returncode == 2 and b"nearest: csv.rows-truncated" in done.stderr and done.stdout == b""
    assert run_cli("audit", str(out), "--fail-on", "csv.rows-*").returncode == 3
    assert run_cli("audit", str(out), "--fail-on", "xlsx.*").returncode == 0  # installed, not in these manifests
    manifest = json.loads((out / "damages.csv.md.manifest.json").read_text())
    manifest["reports"][0]["code"] = "elsewhere.plugin-code"  # a code of a plugin installed where it was made
    (tmp_path / "foreign.json").write_text(json.dumps(manifest))
    done = run_cli("audit", str(tmp_path / "foreign.json"), "--no-verify", "--fail-on", "elsewhere.*")
    assert done.returncode == 3, done.stderr


def test_short_options_are_read_without_building_a_long_options_error(tmp_path):
    """click tries ``-o`` as a long option first; the error it built and dropped (difflib's suggestions
    among every option) is not built, and a conversion with short options never imports difflib."""
    from .conftest import imported_by_a_conversion

    assert imported_by_a_conversion(tmp_path, ("difflib",)) == []
    out = tmp_path / "combined.md"
    done = run_cli(str(SAMPLE), "-qo", str(out))  # short options run together: -q, then -o with its value
    assert done.returncode == 0 and done.stderr == b"" and out.read_text().startswith("|")
    done = run_cli(str(SAMPLE), "-x")
    assert done.returncode == 2 and b"No such option '-x'." in done.stderr


@pytest.mark.parametrize("typed, suggested", [("--outptu", "--output"), ("--quite", "--quiet")])
def test_a_misspelt_long_option_still_gets_clicks_suggestion(tmp_path, typed, suggested):
    done = run_cli(str(SAMPLE), typed, str(tmp_path / "x.md"))
    assert done.returncode == 2
    error = done.stderr.decode().splitlines()[-1]
    assert error.startswith(f"Error: No such option '{typed}'.") and f"'{suggested}'" in error.partition("Did you mean")[2]
