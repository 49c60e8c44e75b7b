"""Batches under faults: every input file gets exactly one record, the run's failures are never recorded
as the document's, a rerun completes, every output verifies, and nothing is left behind.

Each test injects one fault the way an operator meets it (a file deleted or edited mid-run, a FIFO, a
symlink out of the folder, a kill from outside, a full disk) and then checks the same invariants.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from zenconv.audit import audit
from zenconv.batch import INDEX_NAME, run_batch
from zenconv.manifest import verify

from . import fake_reader
from .conftest import run_cli


@pytest.fixture(scope="module")
def plugins():
    return fake_reader.plugins_with_fakes()


def index_of(out: Path) -> dict[str, dict]:
    entries = [json.loads(line) for line in (out / INDEX_NAME).read_text().splitlines()]
    sources = [e["source"] for e in entries]
    assert len(sources) == len(set(sources)), "one record per input file"
    return {e["source"]: e for e in entries}


def assert_clean(out: Path) -> None:
    """Every manifest verifies; no temporary, attempt marker or lock is left."""
    for manifest in out.rglob("*.manifest.json"):
        assert verify(manifest) == [], manifest
    left = [p.name for p in out.rglob(".*") if p.name.endswith((".zenconv-tmp", ".zenconv-attempt", ".zenconv-lock"))]
    assert left == [], left


def inbox_with(tmp_path: Path, *names: str) -> Path:
    inbox = tmp_path / "in"
    inbox.mkdir()
    (inbox / "a.csv").write_text("x,y\n1,2\n")
    for name in names:
        (inbox / name).write_text("some text\n")
    return inbox


def test_special_files_and_symlinks_are_listed_never_opened(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    os.mkfifo(inbox / "pipe.csv")  # opened, a FIFO would block the planning forever
    (inbox / "zero.csv").symlink_to("/dev/zero")  # read, /dev/zero never ends
    outside = tmp_path / "secret.csv"
    outside.write_text("password\nhunter2\n")
    (inbox / "leak.csv").symlink_to(outside)
    (inbox / "dangling.csv").symlink_to(tmp_path / "nothing.csv")
    (inbox / "loop").symlink_to(inbox)  # a folder that leads back into itself
    (inbox / "sub").mkdir()
    (inbox / "sub" / "b.csv").write_text("p\n1\n")
    (inbox / "alias").symlink_to(inbox / "sub")  # a symlinked folder inside the root: followed
    (inbox / ".hidden.csv").write_text("h\n1\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    entries = index_of(out)
    assert entries["pipe.csv"]["reason_code"] == "batch.not-regular-file"
    assert entries["zero.csv"]["reason_code"] == "batch.symlink-outside"
    assert entries["leak.csv"]["reason_code"] == "batch.symlink-outside"
    assert entries["dangling.csv"]["reason_code"] == "batch.symlink-broken"
    assert entries["loop"]["reason_code"] == "batch.symlink-loop"
    assert entries["alias/b.csv"]["outcome"] == entries["sub/b.csv"]["outcome"] == "converted"
    assert entries[".hidden.csv"]["outcome"] == "converted"  # a dot-file is a file like another
    assert not (out / "leak.csv.md").exists()
    assert "hunter2" not in "".join(p.read_text() for p in out.rglob("*.md"))
    assert_clean(out)

    followed = tmp_path / "followed"
    assert run_batch([str(inbox)], followed, plugins, quiet=True, follow_symlinks=True) == 0
    entries = index_of(followed)
    assert entries["leak.csv"]["outcome"] == "converted"
    assert entries["zero.csv"]["reason_code"] == "batch.not-regular-file"  # followed, still never opened


def test_the_batchs_own_files_among_the_inputs_are_converted_or_listed(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    (inbox / "old.md.manifest.json").write_text("{}")
    (inbox / INDEX_NAME).write_text("{}\n")
    out = tmp_path / "out"
    run_batch([str(inbox)], out, plugins, quiet=True)
    entries = index_of(out)
    assert set(entries) == {"a.csv", "old.md.manifest.json", INDEX_NAME}  # each has a record, whatever it is


def test_long_names_and_clashing_folders_get_short_collision_free_names(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    fits = "é" * 110 + ".csv"  # 224 bytes: its output and manifest fit, its temporary once did not
    long_name = "é" * 120 + ".csv"  # 244 bytes: with .md.manifest.json past NAME_MAX
    (inbox / fits).write_text("k\n1\n")
    (inbox / long_name).write_text("k\n1\n")
    (inbox / "a.csv.md").mkdir()  # the folder is mirrored as out/a.csv.md/, where a.csv's output would go
    (inbox / "a.csv.md" / "c.csv").write_text("c\n1\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    entries = index_of(out)
    short = entries[long_name]
    assert short["outcome"] == "converted" and len(short["output"].encode()) <= 200
    manifest = json.loads((out / short["manifest"]).read_text())
    assert manifest["source"]["name"] == long_name  # the manifest keeps the real name
    assert entries[fits]["output"] == fits + ".md" and entries[fits]["outcome"] == "converted"
    assert entries["a.csv"]["output"] != "a.csv.md" and (out / entries["a.csv"]["output"]).is_file()
    assert (out / "a.csv.md" / "c.csv.md").is_file()
    again = run_batch([str(inbox)], out, plugins, quiet=True)  # the rerun finds them unchanged
    assert again == 0 and index_of(out) == entries
    assert_clean(out)


def test_a_source_edited_while_converted_is_converted_again(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    (inbox / "draft.mutating").write_text("first\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    entry = index_of(out)["draft.mutating"]
    assert entry["attempts"][0]["reason"] == "batch.source-changed"
    current = hashlib.sha256((inbox / "draft.mutating").read_bytes()).hexdigest()
    assert entry["source_sha256"] == current  # the digest is of the bytes the output was made from
    assert verify(out / "draft.mutating.md.manifest.json", source=inbox / "draft.mutating") == []
    assert "edited" in (out / "draft.mutating.md").read_text()


def test_a_file_deleted_during_the_run_is_listed_and_the_batch_goes_on(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    (inbox / "gone.vanishing").write_text("x\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True, jobs=2) == 0
    entries = index_of(out)
    assert entries["gone.vanishing"]["reason_code"] == "batch.vanished"
    assert entries["a.csv"]["outcome"] == "converted"
    assert not (out / "gone.vanishing.md").exists()
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    assert set(index_of(out)) == {"a.csv"}  # gone from the inputs: gone from the index
    assert_clean(out)


def test_a_child_killed_from_outside_is_the_runs_failure_and_is_retried(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    (inbox / "big.killed_once").write_text("x\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    entry = index_of(out)["big.killed_once"]
    assert entry["outcome"] == "converted"
    assert [a["reason"] for a in entry["attempts"]] == ["batch.killed"]
    assert_clean(out)


def test_with_no_retries_the_outside_kill_waits_for_the_rerun(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    (inbox / "big.killed_once").write_text("x\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True, retries=0) == 4  # the run failed, not the document
    entry = index_of(out)["big.killed_once"]
    assert entry["status"] == "failed" and entry["failure"] == "transient" and entry["reasons"] == ["batch.killed"]
    assert not (out / "big.killed_once.md.manifest.json").exists()
    assert audit([out]).to_json()["failed"] == ["big.killed_once"]
    assert run_batch([str(inbox)], out, plugins, quiet=True, retries=0) == 0  # the rerun retries it
    assert index_of(out)["big.killed_once"]["outcome"] == "converted"


def test_a_batch_killed_mid_run_resumes_from_its_journal(tmp_path):
    inbox = tmp_path / "in"
    inbox.mkdir()
    for n in range(40):
        (inbox / f"t{n:02}.csv").write_text(f"a,b\n{n},{n}\n")
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"}
    proc = subprocess.Popen([sys.executable, "-m", "zenconv", str(inbox), "-o", str(out), "-q"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    index = out / INDEX_NAME
    while proc.poll() is None and (not index.exists() or index.read_bytes().count(b"\n") < 5):
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    journaled = index.read_bytes().count(b"\n") if index.exists() else 0
    assert journaled >= 5  # the journal holds what finished before the kill
    (out / "t39.csv.md").parent.mkdir(exist_ok=True)
    (out / ".t39.csv.md.4242.x.zenconv-tmp").write_bytes(b"partial")  # what a killed child leaves
    (out / "t38.csv.md.media").mkdir(exist_ok=True)
    (out / "t38.csv.md.media" / ".image1.png.4242.y.zenconv-tmp").write_bytes(b"partial")  # its media too
    done = run_cli(str(inbox), "-o", str(out))
    assert done.returncode == 0, done.stderr
    entries = index_of(out)
    assert len(entries) == 40 and {e["outcome"] for e in entries.values()} == {"converted"}
    assert b"unchanged" in done.stderr
    assert_clean(out)
    assert list(entries) == sorted(entries)
    assert not list((out / "t38.csv.md.media").iterdir())


def test_a_full_disk_is_the_runs_failure_and_the_rerun_completes(tmp_path, plugins):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        inbox = tmp_path / "in"
        inbox.mkdir()
        for n in range(12):
            (inbox / f"big{n:02}.csv").write_text("a,b\n" + "".join(f"{i},{'x' * 40}\n" for i in range(600)))
        out = mount / "out"
        code = run_batch([str(inbox)], out, plugins, quiet=True, retries=0)
        assert code == 4  # the run's failure, not the documents'
        entries = index_of(out)
        failed = [e for e in entries.values() if e["status"] == "failed"]
        assert failed and all(e["failure"] == "transient" for e in failed)
        assert all(e.get("outcome") != "unreadable" for e in entries.values())
        assert not [p for p in out.rglob("*") if p.stat().st_size == 0 or p.name.endswith(".zenconv-tmp")]
        subprocess.run(["mount", "-o", "remount,size=8m", str(mount)], check=True)
        assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
        entries = index_of(out)
        assert len(entries) == 12 and {e["outcome"] for e in entries.values()} == {"converted"}
        assert_clean(out)
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_audit_reads_the_index_and_reports_what_is_missing_or_stray(tmp_path, plugins):
    inbox = inbox_with(tmp_path, "b.txt")
    (inbox / "c.csv").write_text("c\n1\n")
    out = tmp_path / "out"
    run_batch([str(inbox)], out, plugins, quiet=True)
    assert run_cli("audit", str(out)).returncode == 0
    (out / "c.csv.md").unlink()
    (out / "c.csv.md.manifest.json").unlink()  # a manifest and its output deleted
    (out / "stray.md").write_text("who wrote this?")
    result = audit([out]).to_json()
    assert result["missing"] == ["c.csv"] and result["stray"] == ["stray.md"]
    done = run_cli("audit", str(out))
    assert done.returncode == 1 and b"c.csv" in done.stderr + done.stdout


def test_a_deadline_passed_while_waiting_for_a_cpu_is_the_runs_and_one_the_document_spent_is_its_own(tmp_path, plugins):
    from types import SimpleNamespace

    from zenconv.batch.tasks import BATCH_CODES, Task, judge, stat_key
    from zenconv.pipeline import Request, Result, unreadable_manifest
    from zenconv.context import Source

    source = tmp_path / "a.csv"
    source.write_text("x\n1\n")
    task = Task(str(source), "a.csv", str(tmp_path / "a.csv.md"), None, None, (), (), True)
    request = Request(source=Source("a.csv", path=source), output=tmp_path / "a.csv.md")
    manifest = unreadable_manifest(request, BATCH_CODES.deadline, "ran past its time limit", plugins)
    result = Result(manifest=manifest, exit_code=1)
    before = stat_key(str(source))

    def child(cpu, wait):
        return SimpleNamespace(kill_code=BATCH_CODES.deadline, wall_seconds=22.0, cpu_seconds=cpu, wait_seconds=wait,
                               peak_memory=0)

    overloaded = judge(task, before, result, child(cpu=3.0, wait=18.0))
    assert overloaded.transient and overloaded.code == "batch.timeout"
    assert overloaded.figures["cpu_wait_seconds"] == 18.0 and overloaded.figures["wall_seconds"] == 22.0
    busy = judge(task, before, result, child(cpu=21.5, wait=0.3))  # it had the CPU all along: the document's
    assert not busy.transient and busy.figures["cpu_seconds"] == 21.5


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs CPU affinity (Linux)")
@pytest.mark.parametrize("reader", ["spinning", "spinning_blind"])
def test_a_document_timed_out_on_an_overloaded_machine_is_retried_with_what_was_measured(tmp_path, plugins, reader):
    """The batch and four spinning processes share one CPU: the document gets at most a fifth of it, so
    its deadline passes while it waits for the CPU, however busy the machine is besides. The deadline is
    the run's (transient, retried, figures recorded), whether the child's own watchdog stopped it
    (``spinning``) or the parent's kill (``spinning_blind``, as if stuck in C)."""
    inbox = tmp_path / "in"
    inbox.mkdir()
    (inbox / f"x.{reader}").write_bytes(b"x")
    cpu = min(os.sched_getaffinity(0))
    spin = "import os, sys; os.sched_setaffinity(0, {int(sys.argv[1])})\nwhile True: pass"
    spinners = [subprocess.Popen([sys.executable, "-c", spin, str(cpu)]) for _ in range(4)]
    saved = os.sched_getaffinity(0)
    try:
        os.sched_setaffinity(0, {cpu})
        code = run_batch([str(inbox)], tmp_path / "out", plugins, options={"timeout": 1}, quiet=True, retries=1)
    finally:
        os.sched_setaffinity(0, saved)
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    assert code == 4  # failed for the run's reason: the batch says so, and a rerun tries it again
    entry = index_of(tmp_path / "out")[f"x.{reader}"]
    assert entry["status"] == "failed" and entry["failure"] == "transient"
    assert len(entry["attempts"]) == 2  # the first try and its one retry, each with what was measured
    for attempt in entry["attempts"]:
        assert "waited for a CPU" in attempt["message"]
        figures = attempt["figures"]
        assert figures["cpu_wait_seconds"] > figures["wall_seconds"] / 2 > 0
    assert not (tmp_path / "out" / f"x.{reader}.md.manifest.json").exists()  # the run's failure: no manifest
    assert_clean(tmp_path / "out")


def test_a_rerun_trusts_sizes_and_times_and_verify_all_hashes_everything(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    (inbox / "b.csv").write_text("p,q\n3,4\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    output = out / "b.csv.md"
    stamp = output.stat()
    text = output.read_bytes()
    output.write_bytes(text.replace(b"3", b"9"))  # same size; its time put back: only the digest can tell
    os.utime(output, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    index = (out / INDEX_NAME).read_bytes()
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    assert (out / INDEX_NAME).read_bytes() == index and output.read_bytes() != text  # the cheap check trusted it
    assert run_batch([str(inbox)], out, plugins, quiet=True, verify_all=True) == 0
    assert output.read_bytes() == text  # hashed, found changed, converted again
    assert verify(out / "b.csv.md.manifest.json") == []
    source = inbox / "a.csv"
    source.write_text("x,y\n5,6\n")  # a source edited between runs: its time changed, converted again
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0
    assert "5" in (out / "a.csv.md").read_text()


def test_unreadable_documents_are_kept_by_reruns_unless_retry_unreadable(tmp_path, plugins, capsys):
    inbox = inbox_with(tmp_path)
    (inbox / "bad.refusing").write_text("x\n")
    out = tmp_path / "out"
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 1
    assert index_of(out)["bad.refusing"]["failure"] == "permanent"  # the document's: reruns keep it
    manifest = out / "bad.refusing.md.manifest.json"
    written = manifest.stat().st_mtime_ns
    assert run_batch([str(inbox)], out, plugins) == 1
    assert "converted 0, unchanged 2, unreadable 0," in capsys.readouterr().err
    assert manifest.stat().st_mtime_ns == written
    assert run_batch([str(inbox)], out, plugins, retry_unreadable=True) == 1
    assert "converted 0, unchanged 1, unreadable 1," in capsys.readouterr().err
    assert manifest.stat().st_mtime_ns > written


def test_an_output_folder_blocked_by_a_file_ends_that_document_not_the_batch(tmp_path, plugins):
    inbox = inbox_with(tmp_path)
    (inbox / "sub").mkdir()
    (inbox / "sub" / "b.csv").write_text("p\n1\n")
    (inbox / "zz.csv").write_text("z\n1\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "sub").write_text("a file where the folder goes")
    assert run_batch([str(inbox)], out, plugins, quiet=True, retries=1) == 4
    entries = index_of(out)
    assert entries["sub/b.csv"]["status"] == "failed" and entries["sub/b.csv"]["reasons"] == ["host.output-unwritable"]
    assert len(entries["sub/b.csv"]["attempts"]) == 2
    assert entries["a.csv"]["outcome"] == entries["zz.csv"]["outcome"] == "converted"  # the batch went on
    (out / "sub").unlink()
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0


def test_a_journal_torn_mid_line_by_a_crash_loses_only_that_record(tmp_path, plugins):
    from zenconv.batch.journal import Journal, Previous

    index = tmp_path / INDEX_NAME
    journal = Journal(index)
    journal.append({"source": "a.csv", "status": "converted"})
    journal.close()
    with open(index, "ab") as fh:
        fh.write(b'{"source": "b.csv", "sta')  # the crash fell mid-write
    journal = Journal(index)
    journal.append({"source": "c.csv", "status": "converted"})
    journal.close()
    previous = Previous(index)
    assert previous.lookup("a.csv")["status"] == "converted"
    assert previous.lookup("b.csv") is None
    assert previous.lookup("c.csv")["status"] == "converted"
