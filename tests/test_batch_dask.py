"""The batch on a Dask cluster: the same outputs, manifests and index as the local run, and a document
that takes its worker down is recorded once, never retried."""

from __future__ import annotations

import importlib
import json
import logging
import os
import shutil
from pathlib import Path

import pytest

from zenconv.batch import INDEX_NAME, run_batch
from zenconv.manifest import verify
from zenconv.plugins import build_plugins

from .conftest import ROOT, run_cli
from .test_batch import index_of_dict, make_distribution

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    make_distribution(site)
    with pytest.MonkeyPatch.context() as mp:
        # spawned workers (and the CLI's subprocess) start with the plugin on their path
        mp.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")])))
        mp.syspath_prepend(str(site))
        importlib.invalidate_caches()
        with (distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=logging.CRITICAL) as local,
              distributed.Client(local) as client):
            yield local, client, build_plugins()


def make_inbox(root: Path) -> Path:
    import docx
    import openpyxl

    inbox = root / "in"
    (inbox / "nested" / "deeper").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "samples" / "damages.csv", inbox / "damages.csv")
    (inbox / "nested" / "b.csv").write_text("x,y\n1,2\n")
    (inbox / "nested" / "deeper" / "c.tsv").write_text("p\tq\n3\t4\n")
    document = docx.Document()
    document.add_heading("Findings", 1)
    document.add_paragraph("The claim stands.")
    document.save(inbox / "nested" / "memo.docx")
    book = openpyxl.Workbook()
    book.active.append(["item", "amount"])
    book.active.append(["repair", 1200])
    book.save(inbox / "ledger.xlsx")
    (inbox / "empty.csv").write_bytes(b"")
    (inbox / "notes.unknownext").write_bytes(b"\x00\x01binary")
    (inbox / "stuck.hang").write_bytes(b"x")
    return inbox


def tree(out: Path) -> dict[str, bytes]:
    """Every file's bytes; the index without the figures measured for documents stopped at a limit."""
    files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    lines = [json.loads(line) for line in files.pop(INDEX_NAME).splitlines()]
    files[INDEX_NAME] = [{k: v for k, v in entry.items() if k != "figures"} for entry in lines]
    return files


def test_the_cluster_run_is_byte_identical_to_the_local_run(tmp_path, cluster):
    local, client, plugins = cluster
    inbox = make_inbox(tmp_path)
    options = {"timeout": 10}  # the hanging reader meets it; a real document under load never should
    assert run_batch([str(inbox)], tmp_path / "local", plugins, options=options, quiet=True, jobs=2) == 1
    assert run_batch([str(inbox)], tmp_path / "dask", plugins, options=options, quiet=True,
                     executor=client.get_executor(retries=0)) == 1
    port = local.scheduler_address.rsplit(":", 1)[1]
    done = run_cli(str(inbox), "-o", str(tmp_path / "cli"), "--timeout", "10", "--executor", f"dask://127.0.0.1:{port}")
    assert done.returncode == 1, done.stderr

    expected = tree(tmp_path / "local")
    assert tree(tmp_path / "dask") == expected
    assert tree(tmp_path / "cli") == expected
    entries = index_of_dict(tmp_path / "dask")
    assert entries["stuck.hang"]["reasons"] == ["batch.timeout"]
    assert entries["stuck.hang"]["figures"]["wall_seconds"] >= 10  # what was measured: the one field that varies
    assert entries["empty.csv"]["reasons"] == ["host.empty-input"]
    assert entries["notes.unknownext"]["status"] == "skipped"
    assert {entries[k]["outcome"] for k in ("damages.csv", "nested/memo.docx", "ledger.xlsx")} == {"converted"}
    assert "nested/deeper/c.tsv.md" in expected and "nested/memo.docx.md.manifest.json" in expected
    assert not [name for name in expected if name.rsplit("/", 1)[-1].startswith(".")]  # no markers, no temporaries

    index = (tmp_path / "dask" / INDEX_NAME).read_bytes()
    rerun = run_batch([str(inbox)], tmp_path / "dask", plugins, options=options, quiet=True,
                      executor=client.get_executor(retries=0))
    assert rerun == 1
    assert (tmp_path / "dask" / INDEX_NAME).read_bytes() == index  # nothing to do: nothing appended
    assert {e["status"] for e in index_of_dict(tmp_path / "dask").values()} == {"converted", "skipped"}


@pytest.mark.parametrize("outputs", ["shared", "returned"])
def test_a_document_that_kills_its_worker_is_recorded_once(tmp_path, cluster, outputs):
    """Returned too: its attempt markers are kept in the worker's own temporary folder, not in the private
    output folder that dies with the worker."""
    _, client, plugins = cluster
    client.wait_for_workers(2, timeout=600)  # after a test that killed one (restarted slowly on a busy machine)
    inbox = tmp_path / "in"
    inbox.mkdir()
    for n in range(4):
        (inbox / f"t{n}.csv").write_text(f"a,b\n{n},{n}\n")
    (inbox / "poison.killer").write_bytes(b"x")
    out = tmp_path / "out"
    code = run_batch([str(inbox)], out, plugins, quiet=True, executor=client.get_executor(retries=0),
                     outputs=outputs)
    assert code == 1
    entries = index_of_dict(out)
    assert entries["poison.killer"]["outcome"] == "unreadable"
    assert entries["poison.killer"]["reasons"] == ["batch.worker-crashed"]
    assert entries["poison.killer"]["output"] is None and entries["poison.killer"]["failure"] == "permanent"
    assert [a["reason"] for a in entries["poison.killer"]["attempts"]] == ["batch.worker-lost"] * 2
    # tried once more on another worker (the first death may have been the run's), never a third time
    assert (inbox / ".poison.killer.attempts").read_text().count("\n") == 2
    assert verify(out / "poison.killer.md.manifest.json") == []
    for n in range(4):
        assert entries[f"t{n}.csv"]["outcome"] == "converted"
        assert verify(out / f"t{n}.csv.md.manifest.json") == []
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == []
    assert (out / INDEX_NAME).is_file()


def test_a_worker_killed_mid_run_loses_nothing(tmp_path, cluster):
    import signal
    import threading
    import time

    _, client, plugins = cluster
    client.wait_for_workers(2, timeout=600)
    inbox = tmp_path / "in"
    inbox.mkdir()
    for n in range(6):
        (inbox / f"s{n}.slow").write_bytes(b"x")  # 1.5 s each: the kill falls while they run
    out = tmp_path / "out"
    codes = []
    runner = threading.Thread(target=lambda: codes.append(
        run_batch([str(inbox)], out, plugins, quiet=True, executor=client.get_executor(retries=0))))
    runner.start()
    time.sleep(1.0)
    pids = client.run(os.getpid)
    os.kill(next(iter(pids.values())), signal.SIGKILL)  # an outside kill: the OOM killer, an operator
    runner.join(timeout=300)
    assert codes == [0]
    entries = index_of_dict(out)
    assert len(entries) == 6 and {e["outcome"] for e in entries.values()} == {"converted"}
    for n in range(6):
        assert verify(out / f"s{n}.slow.md.manifest.json") == []
    assert not [p.name for p in out.iterdir() if p.name.endswith((".zenconv-tmp", ".zenconv-attempt"))]
    client.wait_for_workers(2, timeout=600)  # the nanny restarts it (slowly on a busy machine)


def test_workers_without_the_output_folder_send_their_files_back(tmp_path, cluster):
    from concurrent.futures import Executor

    _, client, plugins = cluster
    inbox = make_inbox(tmp_path)
    (inbox / "stuck.hang").unlink()
    options = {"timeout": 10}
    assert run_batch([str(inbox)], tmp_path / "local", plugins, options=options, quiet=True) == 1

    class Elsewhere(Executor):
        """The cluster's executor, each task's output folder moved where the client cannot see it."""

        def __init__(self, inner, hidden: Path):
            self.inner, self.hidden = inner, hidden

        def submit(self, fn, tasks):
            import dataclasses

            moved = tuple(dataclasses.replace(task, output=str(self.hidden / Path(task.output).relative_to(task.root)),
                                              root=str(self.hidden)) for task in tasks)
            return self.inner.submit(fn, moved)

    shared = tmp_path / "shared-by-no-one"
    lost = run_batch([str(inbox)], tmp_path / "lost", plugins, options=options, quiet=True, retries=0,
                     executor=Elsewhere(client.get_executor(retries=0), shared))
    assert lost == 4  # "converted" where the client cannot see it: the run's failure, never a success
    entries = index_of_dict(tmp_path / "lost")
    assert entries["damages.csv"]["status"] == "failed" and entries["damages.csv"]["reasons"] == ["batch.output-missing"]

    returned = run_batch([str(inbox)], tmp_path / "returned", plugins, options=options, quiet=True,
                         executor=Elsewhere(client.get_executor(retries=0), shared), outputs="returned")
    assert returned == 1
    assert tree(tmp_path / "returned") == tree(tmp_path / "local")
