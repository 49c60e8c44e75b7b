"""The command's launcher (zenconv.launch): it forks before importing zenconv, converts in the child, and
holds the conversion's hard limits from the parent, which concludes a conversion that ended without its
result as the command would (the manifest, its signature, the summary, exit 1).

The readers stuck, hoarding or crashing as if in C are tests/fake_reader.py's, installed here as a
third-party plugin so that the command itself (``python -m zenconv``) can be given them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT, run_cli

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the launcher forks")


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict:
    """The test readers as an installed plugin: a distribution whose entry point is tests.fake_reader."""
    site = tmp_path_factory.mktemp("site")
    info = site / "zzfakes-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: zzfakes\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[zenconv]\norg.example.fakes = tests.fake_reader\n")
    (info / "RECORD").write_text("")
    return {"PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}


def _convert(tmp_path: Path, env: dict, kind: str, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
    tmp_path.mkdir(exist_ok=True)
    source = tmp_path / f"in.{kind}"
    source.write_bytes(b"x")
    out = tmp_path / "out" / "in.md"
    done = run_cli(str(source), "-o", str(out), *args, env=env)
    manifest = json.loads((tmp_path / "out" / "in.md.manifest.json").read_text())
    return done, manifest


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".zenconv-tmp"))


def test_the_launcher_imports_nothing_of_zenconv_before_it_forks():
    code = "import sys, zenconv.launch; print(sorted(m for m in sys.modules if m.split('.')[0] == 'zenconv'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["['zenconv',", "'zenconv.launch',", "'zenconv.watch']"]
    heavy = {"click", "pluggy", "lxml", "pydantic", "typing", "zenconv.ir"}
    done = subprocess.run([sys.executable, "-c", "import sys, zenconv.launch; print(' '.join(sys.modules))"],
                          capture_output=True, text=True, check=True)
    assert not heavy & set(done.stdout.split())


@pytest.mark.parametrize("fork", [True, False])
def test_the_collector_paused_while_the_command_starts_runs_for_its_conversion(tmp_path, env, fork):
    """Off while the command imports, on again with what starting made frozen, before any command runs:
    a long batch must not run without it."""
    done, manifest = _convert(tmp_path, {**env, **({} if fork else {"ZENCONV_NO_FORK": "1"})}, "collector")
    assert done.returncode == 0, done.stderr
    collecting, frozen = (tmp_path / "out" / "in.md").read_text().split()[1::2]
    assert collecting == "True"
    assert int(frozen) > 10_000  # the modules, classes and functions starting made


def test_a_conversion_stuck_in_c_is_killed_by_the_parent_which_writes_its_manifest(tmp_path, env):
    done, manifest = _convert(tmp_path, env, "stuck_later", "--timeout", "1")
    assert done.returncode == 1
    assert manifest["outcome"] == "unreadable" and manifest["reasons"] == ["host.deadline"]
    assert manifest["source"]["name"] == "in.stuck_later" and manifest["source"]["size"] == 1
    assert b"in.stuck_later: unreadable (host.deadline)" in done.stderr and b"Traceback" not in done.stderr
    assert not (tmp_path / "out" / "in.md").exists()
    assert _leftovers(tmp_path / "out") == []  # the writer's temporary file, open when it was killed


def test_memory_taken_as_if_in_c_is_stopped_at_the_limit(tmp_path, env):
    done, manifest = _convert(tmp_path, env, "hoarding", "--max-memory", "64M")
    assert done.returncode == 1
    # The parent's sampling stops it; on a machine too busy to sample in time, the address-space cap does.
    assert manifest["reasons"] == ["host.memory-limit"]
    assert b"Traceback" not in done.stderr


def test_a_crash_and_a_kill_from_outside_are_concluded_by_the_parent(tmp_path, env):
    done, manifest = _convert(tmp_path / "abort", env, "aborting")
    assert done.returncode == 1
    assert manifest["reasons"] == ["host.internal-error"]
    assert f"signal {int(signal.SIGABRT)}" in manifest["message"]
    assert _leftovers(tmp_path / "abort" / "out") == []
    done, manifest = _convert(tmp_path / "killed", env, "killed_once")  # SIGKILL, as the OOM killer sends
    assert done.returncode == 1 and manifest["reasons"] == ["host.memory-limit"]


def test_a_stopped_conversion_is_signed_by_the_parent(tmp_path, env):
    from zenconv.signing import generate

    private, public = generate(tmp_path / "signer")
    done, manifest = _convert(tmp_path, env, "stuck", "--timeout", "1", "--sign-key", str(private), "-q")
    assert done.returncode == 1 and manifest["reasons"] == ["host.deadline"]
    assert done.stderr == b""  # -q: no summary
    checked = run_cli("verify", str(tmp_path / "out" / "in.md.manifest.json"), "--key", str(public))
    assert checked.returncode == 0 and b"signed by the key" in checked.stdout


def test_exit_codes_pass_through_the_parent(tmp_path, env):
    sample = ROOT / "docs" / "samples" / "damages.csv"
    assert run_cli(str(sample), "-o", str(tmp_path / "a.md")).returncode == 0
    assert run_cli(str(sample), "-o", str(tmp_path / "b.md"), "--fail-on", "*").returncode in (0, 3)
    assert run_cli(str(tmp_path / "missing.csv")).returncode == 2
    done, manifest = _convert(tmp_path, env, "refusing")
    assert done.returncode == 1 and manifest["reasons"] == ["fake.corrupt"]


@pytest.mark.parametrize("sent, ends", [(signal.SIGTERM, -signal.SIGTERM), (signal.SIGINT, 1)],
                         ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_the_command_stops_its_conversion_and_leaves_no_manifest(tmp_path, env, sent, ends):
    """A supervisor stopping the command stops the run: the process ends by the signal, as it was sent
    (SIGINT, from no terminal here, is passed on: the conversion's Ctrl-C, exit 1), with no manifest (the
    document did nothing wrong) and no temporary file left."""
    source = tmp_path / "in.stuck_later"
    source.write_bytes(b"x")
    out = tmp_path / "out"
    out.mkdir()
    full_env = {k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"} | env
    proc = subprocess.Popen([sys.executable, "-m", "zenconv", str(source), "-o", str(out / "in.md")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=full_env)
    try:
        for _ in range(6000):  # the writer's temporary file: the conversion is under way
            if _leftovers(out):
                break
            time.sleep(0.01)
        assert _leftovers(out), "the conversion never started"
        proc.send_signal(sent)
        assert proc.wait(timeout=60) == ends
    finally:
        proc.kill()
        proc.wait()
    assert b"Traceback" not in proc.stderr.read()
    assert sorted(p.name for p in out.iterdir()) == []



_PDEATHSIG = """
import signal, sys
import zenconv.watch as watch
if sys.argv[1] == "fallback":
    watch._bare_prctl = lambda: (_ for _ in ()).throw(AttributeError("not the _ctypes this knows"))
watch.die_with_parent()
imported = "ctypes" in sys.modules
import ctypes
got = ctypes.c_int(0)
ctypes.CDLL(None, use_errno=True).prctl(2, ctypes.byref(got), 0, 0, 0)  # PR_GET_PDEATHSIG
print(got.value == signal.SIGKILL, imported)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("path", ["bare", "fallback"])
def test_a_child_is_set_to_die_with_its_parent_through_either_way_to_prctl(path):
    """By _ctypes alone (importing ctypes was 2 ms of every command), or by ctypes where _ctypes is not as known."""
    done = subprocess.run([sys.executable, "-c", _PDEATHSIG, path], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True" if path == "fallback" else "False"]
