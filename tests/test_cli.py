"""The command line as a user meets it: outputs, manifests, exit codes, stdin/stdout, policy."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import ROOT, SHARED, run_cli

SHARED_CORPUS = SHARED / "corpus"

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"


@pytest.mark.parametrize(("ext", "marker"), [
    (".md", b"| Item | Date |"), (".html", b"<table"), (".json", b'"zenconv_ir"'), (".jsonl", b'"citation"'),
])
def test_format_follows_the_output_extension(tmp_path, ext, marker):
    out = tmp_path / f"damages{ext}"
    done = run_cli(str(SAMPLE), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert marker in out.read_bytes()
    manifest = json.loads((tmp_path / f"damages{ext}.manifest.json").read_text())
    assert manifest["outcome"] == "converted"
    assert manifest["output"]["path"] == out.name
    assert manifest["source"]["format"] == "csv"
    assert manifest["flags"]["delimiter"] == ","


def test_stdin_to_stdout(tmp_path):
    done = run_cli("-", "--from", "csv", "--manifest", str(tmp_path / "m.json"), input=SAMPLE.read_bytes())
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"| Item |")
    manifest = json.loads((tmp_path / "m.json").read_text())
    assert manifest["output"]["path"] is None if "path" in manifest["output"] else True
    assert manifest["source"]["name"] == "-"


def test_stdin_without_from_is_detected_from_bytes_or_refused(tmp_path):
    done = run_cli("-", "--manifest", str(tmp_path / "m.json"), input=b"%PDF-1.4 not really")
    assert done.returncode in (0, 1)
    assert b"Traceback" not in done.stderr


def test_no_manifest(tmp_path):
    out = tmp_path / "x.md"
    assert run_cli(str(SAMPLE), "-o", str(out), "--no-manifest").returncode == 0
    assert out.exists() and not (tmp_path / "x.md.manifest.json").exists()


def test_usage_errors_exit_2(tmp_path):
    assert run_cli(str(tmp_path / "missing.csv")).returncode == 2
    assert run_cli(str(SAMPLE), "--to", "docx").returncode == 2
    assert run_cli(str(SAMPLE), "--from", "nosuchformat", "-o", str(tmp_path / "x.md")).returncode == 2
    assert run_cli(str(SAMPLE), "--max-rows", "lots").returncode == 2


def test_fail_on_policy_exits_3_and_still_writes(tmp_path):
    out = tmp_path / "x.md"
    done = run_cli(str(SAMPLE), "-o", str(out), "--max-rows", "2", "--fail-on", "csv.*-truncated")
    assert done.returncode == 3, done.stderr
    assert out.exists()
    manifest = json.loads((tmp_path / "x.md.manifest.json").read_text())
    assert manifest["outcome"] == "needs_review"
    assert "csv.rows-truncated" in manifest["reasons"]
    assert b"csv.rows-truncated" in done.stderr


def test_quiet_silences_the_summary(tmp_path):
    done = run_cli(str(SAMPLE), "-o", str(tmp_path / "x.md"), "--max-rows", "2", "-q")
    assert done.returncode == 0 and done.stderr == b""


def test_options_that_differ_from_defaults_are_recorded(tmp_path):
    run_cli(str(SAMPLE), "-o", str(tmp_path / "x.md"), "--max-rows", "100", "--delimiter", ",")
    manifest = json.loads((tmp_path / "x.md.manifest.json").read_text())
    assert manifest["options"] == {"delimiter": ",", "max-rows": 100}
    assert manifest["limits"]["max-rows"] == 100


def test_plugin_options_appear_in_help():
    done = run_cli("--help")
    assert done.returncode == 0
    for option in (b"--max-rows", b"--delimiter", b"--timeout", b"--max-memory", b"--fail-on"):
        assert option in done.stdout


def test_plugins_lists_readers_and_writers():
    rows = json.loads(run_cli("plugins", "--json").stdout)
    kinds = {(r["kind"], r["id"]) for r in rows}
    assert ("reader", "ai.insan.zenfmt.csv") in kinds
    for writer in ("markdown", "html", "json", "segments"):
        assert ("writer", f"ai.insan.zenconv.{writer}") in kinds
    assert all({"version", "distribution", "extensions", "media_types"} <= set(r) for r in rows)


def test_schema_prints_json_schemas():
    ir = json.loads(run_cli("schema").stdout)
    manifest = json.loads(run_cli("schema", "--manifest").stdout)
    assert "$schema" in ir or "properties" in ir
    assert "digest" in manifest["properties"]


def test_several_inputs_need_an_output_folder(tmp_path):
    other = tmp_path / "b.csv"
    other.write_text("a,b\n1,2\n")
    assert run_cli(str(SAMPLE), str(other)).returncode == 2
    done = run_cli(str(SAMPLE), str(other), "-o", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "damages.csv.md").exists()
    assert (tmp_path / "out" / "b.csv.md.manifest.json").exists()


def test_input_over_the_size_limit_is_refused(tmp_path):
    out = tmp_path / "x.md"
    done = run_cli(str(SAMPLE), "-o", str(out), "--max-input-bytes", "100")
    assert done.returncode == 1
    manifest = json.loads((tmp_path / "x.md.manifest.json").read_text())
    assert manifest["reasons"] == ["host.input-too-large"] and not out.exists()
    assert manifest["limits"]["max-input-bytes"] == 100


def test_legacy_and_encrypted_ole_are_refused_by_the_host(tmp_path):
    from zenconv.safe import ole

    assert ole.is_ole(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 8)
    legacy = SHARED_CORPUS / "docling" / "negative"
    docs = sorted(legacy.glob("*.doc"))
    if not docs:
        pytest.skip("the shared corpus is not beside the repository")
    done = run_cli(str(docs[0]), "-o", str(tmp_path / "x.md"))
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    manifest = json.loads((tmp_path / "x.md.manifest.json").read_text())
    assert manifest["reasons"] == ["host.legacy-format"]


def test_output_folder_is_created(tmp_path):
    out = tmp_path / "new" / "deeper" / "x.md"
    done = run_cli(str(SAMPLE), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.exists() and (out.parent / "x.md.manifest.json").exists()


def test_the_command_ends_without_teardown_only_when_none_is_waiting(tmp_path):
    """``zenconv`` skips the interpreter's teardown (it cost more than the fork after one): the streams
    are flushed first and the exit code kept; with an atexit callback registered the exit is the ordinary one."""
    source = tmp_path / "tiny.csv"
    source.write_text("a,b\n1,2\n")
    code = ("import atexit, sys\nfrom zenconv.cli import script\n"
            "class Torn:\n    def __del__(self):\n        print('torn down', flush=True)\n"
            "keep = Torn()\n"
            "if sys.argv[1] == 'atexit':\n    atexit.register(print, 'atexit ran')\n"
            "print('buffered', end=' ')\n"
            f"sys.argv = ['zenconv', {str(source)!r}, '--to', 'markdown', '--no-manifest', '-q']\n"
            "script()\n")
    fast = subprocess.run([sys.executable, "-c", code, "fast"], capture_output=True, text=True, timeout=120)
    assert fast.returncode == 0, fast.stderr
    assert fast.stdout.startswith("buffered | a | b |") and "torn down" not in fast.stdout
    ordinary = subprocess.run([sys.executable, "-c", code, "atexit"], capture_output=True, text=True, timeout=120)
    assert ordinary.returncode == 0 and "atexit ran" in ordinary.stdout and "torn down" in ordinary.stdout
    missing = subprocess.run([sys.executable, "-c", code.replace(str(source), str(tmp_path / "none.csv")), "fast"],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2 and "no such file" in missing.stderr
