"""Folders in, one output and manifest per document, an index, killable workers, resumable runs."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from zenconv.audit import audit
from zenconv.batch import INDEX_NAME, order_key, run_batch
from zenconv.plugins import build_plugins

from . import fake_reader
from .conftest import ROOT, run_cli

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"

# A throw-away distribution found through its entry point, by a CLI subprocess or a cluster's workers (a
# Dask task builds its plugins from entry points, so the hand-registered fake readers are not seen there).
PLUGIN = textwrap.dedent('''
    import os, signal, time
    from zenconv import hookimpl, Paragraph, Text

    def hang(source, ctx):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})  # as if stuck in C: no watchdog reaches it
        time.sleep(120)  # no checkpoint: only a kill ends it
        yield Paragraph([Text("never")])

    def slow(source, ctx):
        for _ in range(15):  # 1.5 s, checkpointed: well inside a --timeout 2
            time.sleep(0.1)
            ctx.checkpoint()
        yield Paragraph([Text("slow")])

    def kill_worker(source, ctx):
        with open(source.path.parent / f".{source.name}.attempts", "a") as fh:
            fh.write(f"{os.getpid()}\\n")
        os.kill(os.getppid(), signal.SIGKILL)  # the forked child takes its Dask worker down with it
        os._exit(1)
        yield Paragraph([Text("never")])

    @hookimpl
    def zenconv_readers(register):
        register.reader(id="org.example.zzbatch.hang", name="zzhang", version="1.0",
                        reader="zzbatch_plugin:hang", extensions=[".hang"])
        register.reader(id="org.example.zzbatch.slow", name="zzslow", version="1.0",
                        reader="zzbatch_plugin:slow", extensions=[".slow"])
        register.reader(id="org.example.zzbatch.killer", name="zzkiller", version="1.0",
                        reader="zzbatch_plugin:kill_worker", extensions=[".killer"])
''')


def make_distribution(site: Path) -> None:
    (site / "zzbatch_plugin.py").write_text(PLUGIN)
    info = site / "zzbatch-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: zzbatch\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[zenconv]\norg.example.zzbatch = zzbatch_plugin\n")
    (info / "RECORD").write_text("")


@pytest.fixture(scope="module")
def plugins():
    loaded = build_plugins(third_party=False)
    fake_reader.zenconv_readers(loaded.registry)
    return loaded


def make_tree(root: Path) -> Path:
    inbox = root / "in"
    (inbox / "nested" / "deeper").mkdir(parents=True)
    shutil.copy(SAMPLE, inbox / "damages.csv")
    (inbox / "nested" / "b.csv").write_text("x,y\n1,2\n")
    (inbox / "nested" / "deeper" / "c.tsv").write_text("p\tq\n3\t4\n")
    (inbox / "notes.unknownext").write_bytes(b"\x00\x01binary")
    return inbox


def index_of(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / INDEX_NAME).read_text().splitlines()]


def test_a_folder_is_mirrored_with_an_index(tmp_path):
    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    done = run_cli(str(inbox), "-o", str(out), "--jobs", "2")
    assert done.returncode == 0, done.stderr
    assert (out / "damages.csv.md").exists()
    assert (out / "nested" / "deeper" / "c.tsv.md.manifest.json").exists()
    entries = {e["source"]: e for e in index_of(out)}
    assert entries["notes.unknownext"]["status"] == "skipped"
    assert entries["nested/b.csv"]["outcome"] == "converted"
    assert entries["nested/b.csv"]["manifest_digest"]
    assert list(entries) == sorted(entries, key=order_key)


def test_rerun_skips_unchanged_and_force_redoes(tmp_path):
    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    assert run_cli(str(inbox), "-o", str(out)).returncode == 0
    index = (out / INDEX_NAME).read_bytes()
    written = (out / INDEX_NAME).stat().st_mtime_ns
    again = run_cli(str(inbox), "-o", str(out))
    assert again.returncode == 0
    assert b"converted 0, unchanged 3," in again.stderr
    assert (out / INDEX_NAME).read_bytes() == index  # a run that changes nothing appends nothing
    assert (out / INDEX_NAME).stat().st_mtime_ns == written  # not even the skipped file's listing
    (out / "nested" / "b.csv.md").write_text("tampered")  # no longer verifies: converted again
    third = run_cli(str(inbox), "-o", str(out))
    assert third.returncode == 0 and b"converted 1, unchanged 2," in third.stderr
    assert index_of_dict(out)["nested/b.csv"]["manifest_digest"] == json.loads(index.splitlines()[1])["manifest_digest"]
    forced = run_cli(str(inbox), "-o", str(out), "--force")
    assert forced.returncode == 0 and b"converted 3, unchanged 0," in forced.stderr
    assert {e["status"] for k, e in index_of_dict(out).items() if k != "notes.unknownext"} == {"converted"}


def index_of_dict(out):
    return {e["source"]: e for e in index_of(out)}


def test_a_hanging_document_is_killed_and_the_batch_goes_on(tmp_path, plugins):
    inbox = make_tree(tmp_path)
    (inbox / "hang.stuck").write_bytes(b"x")
    (inbox / "boom.failing").write_bytes(b"x")
    out = tmp_path / "out"
    code = run_batch([str(inbox)], out, plugins, options={"timeout": 1}, quiet=True, jobs=2)
    assert code == 1
    entries = index_of_dict(out)
    assert entries["hang.stuck"]["outcome"] == "unreadable"
    assert entries["hang.stuck"]["reasons"] == ["batch.timeout"]
    assert entries["nested/b.csv"]["outcome"] == "converted"
    assert not (out / "hang.stuck.md").exists()
    manifest = json.loads((out / "hang.stuck.md.manifest.json").read_text())
    assert manifest["reasons"] == ["batch.timeout"]


def test_audit_totals_equal_the_manifests(tmp_path):
    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    run_cli(str(inbox), "-o", str(out), "--max-rows", "2")
    result = audit([out])
    manifests = sorted(out.rglob("*.manifest.json"))
    assert len(result.documents) == len(manifests) == 3
    total = sum(r["count"] for m in manifests for r in json.loads(m.read_text())["reports"]
                if r["code"] == "csv.rows-truncated")
    assert result.codes["csv.rows-truncated"]["count"] == total
    assert result.outcomes == {"needs_review": 1, "converted": 2}
    via_index = audit([out / INDEX_NAME])
    assert via_index.to_json()["codes"] == result.to_json()["codes"]
    done = run_cli("audit", str(out), "--format", "json")
    assert json.loads(done.stdout)["documents"] == 3
    assert run_cli("audit", str(out), "--fail-on", "csv.rows-*").returncode == 3
    (out / "damages.csv.md").write_text("edited")
    assert run_cli("audit", str(out)).returncode == 1


def test_piped_the_batch_says_one_line_and_on_a_terminal_it_shows_progress(tmp_path):
    import os
    import pty
    import subprocess
    import sys

    inbox = make_tree(tmp_path)
    (inbox / "empty.csv").write_bytes(b"")
    done = run_cli(str(inbox), "-o", str(tmp_path / "piped"))
    assert done.returncode == 1
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "zenconv: 5 files: converted 3, unchanged 0, unreadable 1, skipped 1, retried 0, failed 0;")

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"}
    proc = subprocess.Popen([sys.executable, "-m", "zenconv", str(inbox), "-o", str(tmp_path / "tty")],
                            stdout=subprocess.DEVNULL, stderr=slave, env={**env, "TERM": "xterm"})
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert proc.wait(timeout=120) == 1
    text = shown.decode(errors="replace")
    assert "converting" in text and "5/5" in text  # every file, the one without a reader too
    assert "files/s, 1 unreadable" in text


class LosingExecutor:
    """Runs parcels in this process, but loses the first ``losses`` holding b.csv, as if its worker died."""

    def __init__(self, losses: int):
        self.submitted: list[str] = []
        self.losses = losses

    def submit(self, fn, tasks):
        from concurrent.futures import Future

        self.submitted += [task.relative for task in tasks]
        future = Future()
        if "nested/b.csv" in {task.relative for task in tasks} and self.losses:
            self.losses -= 1
            future.set_exception(RuntimeError("worker lost"))
        else:
            future.set_result(fn(tasks))
        return future


def test_a_task_an_executor_loses_is_submitted_again(tmp_path, plugins):
    from zenconv.manifest import verify

    inbox = make_tree(tmp_path)
    local, remote = tmp_path / "local", tmp_path / "remote"
    assert run_batch([str(inbox)], local, plugins, quiet=True) == 0
    executor = LosingExecutor(losses=1)
    assert run_batch([str(inbox)], remote, plugins, quiet=True, executor=executor) == 0
    assert sorted(executor.submitted) == ["damages.csv", "nested/b.csv", "nested/b.csv", "nested/deeper/c.tsv"]
    here, there = index_of_dict(local), index_of_dict(remote)
    assert there["nested/b.csv"]["attempts"][0]["reason"] == "batch.worker-lost"
    assert verify(remote / "nested" / "b.csv.md.manifest.json") == []
    for name in ("damages.csv", "nested/deeper/c.tsv", "notes.unknownext"):
        assert there[name] == here[name]
    assert (remote / "nested" / "b.csv.md").read_bytes() == (local / "nested" / "b.csv.md").read_bytes()


def test_a_task_lost_every_time_is_the_runs_failure_and_the_rerun_converts_it(tmp_path, plugins):
    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    executor = LosingExecutor(losses=99)
    assert run_batch([str(inbox)], out, plugins, quiet=True, executor=executor, retries=2) == 4
    assert executor.submitted.count("nested/b.csv") == 3  # the first try and two retries
    entry = index_of_dict(out)["nested/b.csv"]
    assert entry["status"] == "failed" and entry["failure"] == "transient"
    assert [a["reason"] for a in entry["attempts"]] == ["batch.worker-lost"] * 3
    assert not (out / "nested" / "b.csv.md.manifest.json").exists()  # the run's fault is never the document's
    assert run_batch([str(inbox)], out, plugins, quiet=True) == 0  # every rerun retries it
    entries = index_of_dict(out)
    assert entries["nested/b.csv"]["outcome"] == "converted"
    assert len(entries) == 4


def test_a_task_whose_earlier_attempts_died_is_tried_once_more_then_recorded(tmp_path, plugins):
    from zenconv.batch import Batch, Task, convert_task

    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    batch = Batch([str(inbox)], out, plugins, to=None, from_=None, options={}, fail_on=(), manifests=True)
    task = next(t for t in batch.plan() if isinstance(t, Task) and t.relative == "damages.csv")
    marker = out / ".damages.csv.md.zenconv-attempt"
    out.mkdir()
    marker.write_text("run-0 1")  # a marker from another run: stale, the document is converted
    assert convert_task(task)["outcome"] == "converted" and not marker.exists()
    marker.write_text(f"{task.run_id} 1")  # one attempt of this run died with its worker: tried once more
    entry = convert_task(task)
    assert entry["outcome"] == "converted" and entry["attempts"][0]["reason"] == "batch.worker-lost"
    marker.write_text(f"{task.run_id} 2")  # two workers died converting it: the document's
    entry = convert_task(task)
    assert entry["reasons"] == ["batch.worker-crashed"] and entry["failure"] == "permanent" and not marker.exists()


def test_batch_usage_errors_exit_2(tmp_path):
    inbox = make_tree(tmp_path)
    done = run_cli(str(inbox), "-o", str(tmp_path / "out"), "--executor", "spark://somewhere:1")
    assert done.returncode == 2 and b"only dask://HOST:PORT" in done.stderr
    done = run_cli(str(inbox), "-o", str(tmp_path / "out"), "--executor", "dask://127.0.0.1:1?outputs=elsewhere")
    assert done.returncode == 2 and b"outputs=shared or outputs=returned" in done.stderr
    done = run_cli(str(inbox), "-o", str(inbox))
    assert done.returncode == 2 and b"is the input folder itself" in done.stderr
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "damages.csv").write_text("a\n1\n")
    done = run_cli(str(inbox / "damages.csv"), str(tmp_path / "other" / "damages.csv"), "-o", str(tmp_path / "out"))
    assert done.returncode == 2 and b"would both be written as damages.csv" in done.stderr
    done = run_cli(str(inbox), "-o", str(tmp_path / "out"), "--from", "nosuchformat")
    assert done.returncode == 2 and b"--from nosuchformat" in done.stderr
    assert not (tmp_path / "out").exists()


def test_parcels_hold_a_quarter_second_of_work_by_what_documents_took_so_far():
    from zenconv.batch.runner import PARCEL_DOCUMENTS, _Pace

    pace = _Pace()
    assert pace.documents() == 1  # nothing measured yet: one document a parcel
    for _ in range(10):
        pace.observe(0.01)
    assert pace.documents() == 25  # tiny documents travel together
    pace.observe(None)  # a record without a measure changes nothing
    assert pace.documents() == 25
    for _ in range(10):
        pace.observe(1.5)
    assert pace.documents() == 1  # slow ones one at a time, so every worker gets its share
    fast = _Pace()
    fast.observe(0.0)
    assert fast.documents() == PARCEL_DOCUMENTS


def test_a_task_that_raises_on_its_worker_is_lost_alone_not_its_parcel(tmp_path, plugins, monkeypatch):
    from zenconv.batch import tasks
    from zenconv.batch.tasks import ELAPSED, LOST, convert_parcel

    inbox = make_tree(tmp_path)
    out = tmp_path / "out"
    batch_tasks = []

    class Collecting:
        def submit(self, fn, parcel):
            from concurrent.futures import Future

            batch_tasks.extend(parcel)
            future = Future()
            future.set_exception(RuntimeError("not run"))
            return future

    run_batch([str(inbox)], out, plugins, quiet=True, executor=Collecting(), retries=0)
    real = tasks.convert_task

    def flaky(task):
        if task.relative == "nested/b.csv":
            raise OSError("the worker's disk")
        return real(task)

    monkeypatch.setattr(tasks, "convert_task", flaky)
    records = convert_parcel(tuple(batch_tasks))
    assert [LOST in r for r in records] == [t.relative == "nested/b.csv" for t in batch_tasks]
    assert all(r[ELAPSED] >= 0 for r in records)
    assert {r["outcome"] for r in records if LOST not in r} == {"converted"}
