"""Hard limits in every entry point: the API's child, the watchdog, the memory peak, the output cap, stdin.

The hostile inputs come from adversarial/limits.py; the readers made for the purpose from tests/fake_reader.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

import zenconv
import zenconv.api
from zenconv.context import Guard, Source
from zenconv.ir.serialize import document_to_data
from zenconv.isolation import ADDRESS_SPACE_SLACK, run_isolated
from zenconv.options import OUTPUT_FLOOR, output_cap, resolve_options, time_budget
from zenconv.pipeline import Request
from zenconv.plugins import build_plugins
from zenconv.reports import Unreadable

from . import fake_reader
from .conftest import ROOT, run_cli

sys.path.insert(0, str(ROOT))
from adversarial import limits as hostile  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="isolation forks")


@pytest.fixture(scope="module")
def plugins():
    return fake_reader.plugins_with_fakes()


@pytest.fixture
def api_with_fakes(plugins, monkeypatch):
    monkeypatch.setattr(zenconv.api, "build_plugins", lambda third_party=None: plugins)
    return zenconv.convert


def _codes(manifest: dict) -> set[str]:
    return set(manifest["reasons"]) | {r["code"] for r in manifest["reports"]}


# --- the API runs in a child by default ------------------------------------------------------------


def test_the_api_survives_a_reader_stuck_in_c(api_with_fakes):
    # The reader blocks the watchdog's signal and sleeps: in-process this would hang for a minute.
    result = api_with_fakes(b"x", name="in.stuck", timeout=1)
    assert result.outcome == "unreadable"
    assert result.manifest["reasons"] == ["host.deadline"]
    assert "was stopped" in result.manifest["message"]  # the parent's kill, not the child's own check


def test_the_api_document_and_output_come_back_from_the_child():
    source = b"# Title\n\nSome *text* and a [link](https://example.org).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    isolated = zenconv.convert(source, name="doc.md", to="json")
    inline = zenconv.convert(source, name="doc.md", to="json", isolate=False)
    assert isolated.output == inline.output and isolated.output
    assert isolated.manifest == inline.manifest
    assert isolated.reports == inline.reports
    assert document_to_data(isolated.document) == document_to_data(inline.document)


def test_a_file_object_is_read_by_the_child_under_the_input_limit(tmp_path):
    with open(tmp_path / "big.csv", "wb") as fh:
        fh.write(b"a,b\n" * 100_000)
    with open(tmp_path / "big.csv", "rb") as fh:
        result = zenconv.convert(fh, name="big.csv", max_input_bytes="100K")
    assert result.manifest["reasons"] == ["host.input-too-large"]
    assert result.manifest["source"]["size"] == 100 * 1024 + 1  # the bytes read until the cut


def test_the_api_and_the_cli_end_hostile_inputs_with_the_same_codes(tmp_path):
    cases = {
        "amplifying.docx": (hostile.amplifying_docx(paragraphs=8, run_bytes=256 << 10),
                            {"max-output-bytes": "300K"}, "host.output-truncated"),
        "endless-page.pdf": (hostile.endless_page_pdf(pairs=4_000_000, pages=1), {"page-timeout": "1"}, "pdf.page-truncated"),
        "surrogate-front-matter.md": (hostile.surrogate_front_matter(), {}, None),
        "deadline.pdf": (hostile.endless_page_pdf(pairs=4_000_000, pages=1), {"page-timeout": "0", "timeout": "1",
                                                                    "timeout-per-mib": "0"}, "host.deadline"),
    }
    for name, (data, options, code) in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        out = tmp_path / f"{name}.md"
        args = [a for k, v in options.items() for a in (f"--{k}", v)]
        done = run_cli(str(path), "-o", str(out), *args, timeout=120)
        assert b"Traceback" not in done.stderr, done.stderr.decode()
        cli = json.loads(Path(f"{out}.manifest.json").read_text())
        api = zenconv.convert(data, name=name, **options).manifest
        assert _codes(cli) == _codes(api), name
        assert cli["outcome"] == api["outcome"], name
        if code is not None:
            assert code in _codes(api), name


# --- the watchdog ------------------------------------------------------------------------------------


def test_the_watchdog_stops_a_reader_that_never_checks(tmp_path, plugins):
    src = tmp_path / "in.sleeping"
    src.write_bytes(b"x")
    result = run_isolated(Request(source=Source(src.name, path=src), output=tmp_path / "out.md",
                                  options={"timeout": 1}), plugins, timeout=1, max_memory=None)
    assert result.manifest.reasons == ["host.deadline"]
    assert "(--timeout)" in result.manifest.message  # raised in the child by its own watchdog


def test_a_scoped_budget_cuts_a_pure_python_loop_and_the_deadline_still_holds():
    class Cut(Exception):
        pass

    guard = Guard(timeout=3)
    loops = 0
    with guard.armed():
        try:
            with guard.budget(0.2, Cut):
                while True:  # never calls a checkpoint
                    loops += 1
        except Cut:
            pass
        with pytest.raises(Unreadable) as refused:
            while True:
                loops += 1
    assert refused.value.code == "host.deadline"
    assert loops > 0


def test_the_endless_page_is_cut_by_page_timeout(tmp_path):
    path = tmp_path / "endless.pdf"
    path.write_bytes(hostile.endless_page_pdf(pairs=4_000_000, pages=1))
    done = run_cli(str(path), "-o", str(tmp_path / "out.md"), "--page-timeout", "1", timeout=120)
    manifest = json.loads((tmp_path / "out.md.manifest.json").read_text())
    assert manifest["outcome"] == "needs_review", done.stderr
    assert manifest["reasons"] == ["pdf.page-truncated"]
    assert "A page that never ends" in (tmp_path / "out.md").read_text()


# --- memory --------------------------------------------------------------------------------------------


MEMORY_SLACK = ADDRESS_SPACE_SLACK + (64 << 20)  # the backstop's slack, and what a fast child gains in a sample


@pytest.mark.parametrize("reader", ["greedy", "greedy_silent"])
def test_max_memory_bounds_the_peak_the_child_reaches(tmp_path, plugins, reader):
    src = tmp_path / f"in.{reader}"
    src.write_bytes(b"x")
    limit = 256 << 20
    result = run_isolated(Request(source=Source(src.name, path=src), output=tmp_path / "out.md",
                                  options={"max_memory": limit}), plugins, timeout=60, max_memory=limit)
    assert result.manifest.reasons == ["host.memory-limit"]
    assert result.peak_memory is not None
    assert result.peak_memory <= limit + MEMORY_SLACK, result.peak_memory >> 20


def test_an_allocation_failure_in_lxml_is_the_memory_limit():
    from lxml import etree

    from zenconv.context import out_of_memory
    from zenconv.safe.xml import _syntax_error

    error = etree.XMLSyntaxError("Memory allocation failed : growing buffer", 2, 1, 1)
    assert out_of_memory(error)
    assert _syntax_error(error, "docx").code == "host.memory-limit"
    assert _syntax_error(etree.XMLSyntaxError("Opening and ending tag mismatch", 76, 1, 1), "docx").code \
        == "docx.xml-malformed"


# --- the output cap ------------------------------------------------------------------------------------


@pytest.mark.parametrize("to", ["markdown", "html", "json", "segments"])
def test_the_output_cap_cuts_every_writer_and_the_output_stays_whole(to):
    rows = "".join(f"{i},name {i},{i * 3}\n" for i in range(20_000)).encode()
    source = b"# Title\n\n" + b"A paragraph of words.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n" * 4000
    # The Markdown writer spools a table's rows to know its widths: its output grows (and is cut) per table.
    # Writers buffer 64 KiB of text (zenconv.writers.sink): the cap is met within that much.
    sources = [(source, "text.md")] + ([(rows, "rows.csv")] if to != "markdown" else [])
    for data, name in sources:
        result = zenconv.convert(data, name=name, to=to, max_output_bytes="100K")
        assert result.outcome == "needs_review", name
        assert "host.output-truncated" in result.manifest["reasons"]
        assert 100 * 1024 < len(result.output) < 300 * 1024
        text = result.output.decode()
        assert "Output stopped here" in text
        if to == "html":
            assert text.rstrip().endswith("</html>")
        elif to == "json":
            json.loads(text)
        elif to == "segments":
            [json.loads(line) for line in text.splitlines()]


def test_one_enormous_block_past_the_cap_is_refused():
    source = b"word " * (800 << 10)  # one 4 MB paragraph: far past twice a 100K cap and a MiB
    result = zenconv.convert(source, name="one.md", max_output_bytes="100K")
    assert result.manifest["reasons"] == ["host.output-too-large"]
    assert result.output is None


def test_the_default_cap_spares_large_legitimate_outputs_and_stops_amplification():
    options = resolve_options(build_plugins(third_party=False).registry, {})
    assert output_cap(options, 61 << 20) > 8 * (61 << 20)   # a million-row CSV: its segments are 3.6 x
    assert output_cap(options, 100 << 10) == OUTPUT_FLOOR   # a 300-page DOCX writes 2 MB of IR JSON
    assert output_cap(options, 927 << 10) < 788 << 20       # the amplifying DOCX of the issue wrote 788 MB
    assert time_budget(options, 0) == 20
    assert time_budget(options, 54 << 20) > 3 * 113        # the million-row XLSX: 113 s under load


# --- stdin ------------------------------------------------------------------------------------------------


def _cli(*args: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"}
    return subprocess.Popen([sys.executable, "-m", "zenconv", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)


def test_an_endless_stdin_of_zeros_ends_at_the_input_limit(tmp_path):
    manifest = tmp_path / "m.json"
    proc = _cli("-", "--from", "csv", "--max-input-bytes", "1M", "--manifest", str(manifest))

    def feed():
        block = bytes(1 << 16)
        try:
            while True:
                proc.stdin.write(block)
        except (BrokenPipeError, ValueError, OSError):
            pass

    threading.Thread(target=feed, daemon=True).start()
    stderr = proc.stderr.read()
    assert proc.wait(timeout=60) == 1
    assert b"Traceback" not in stderr
    data = json.loads(manifest.read_text())
    assert data["reasons"] == ["host.input-too-large"]
    assert data["source"]["size"] == (1 << 20) + 1


def test_a_stdin_that_never_ends_ends_at_the_deadline(tmp_path):
    manifest = tmp_path / "m.json"
    proc = _cli("-", "--from", "csv", "--timeout", "1", "--manifest", str(manifest))
    proc.stdin.write(b"a,b\n1,2\n")
    proc.stdin.flush()  # and never closed
    try:
        assert proc.wait(timeout=60) == 1
    finally:
        proc.kill()
        proc.stdin.close()
    assert b"Traceback" not in proc.stderr.read()
    assert json.loads(manifest.read_text())["reasons"] == ["host.deadline"]


def test_stdin_that_ends_converts():
    done = run_cli("-", "--from", "csv", input=b"a,b\n1,2\n")
    assert done.returncode == 0 and b"| 1 | 2 |" in done.stdout


# --- crashes and leftovers ---------------------------------------------------------------------------------


def test_lone_surrogates_in_front_matter_convert_on_the_cli_and_the_api(tmp_path):
    data = hostile.surrogate_front_matter()
    path = tmp_path / "fm.md"
    path.write_bytes(data)
    done = run_cli(str(path), "-o", str(tmp_path / "out.html"))
    assert done.returncode == 0, done.stderr
    cli = json.loads((tmp_path / "out.html.manifest.json").read_text(encoding="utf-8"))
    for isolate in (True, False):
        api = zenconv.convert(data, name="fm.md", isolate=isolate)
        assert api.outcome == "converted"
        assert api.manifest["metadata"] == cli["metadata"]
    assert "\ufffd" in cli["metadata"]["title"]


def test_a_killed_conversion_leaves_nothing_in_tmpdir(tmp_path, monkeypatch, api_with_fakes):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = api_with_fakes(b"x", name="in.stuck_later", timeout=1)
    assert result.manifest["reasons"] == ["host.deadline"]
    result = api_with_fakes(_Endless(), name="in.stuck_later", timeout=1)
    assert result.manifest["reasons"] == ["host.deadline"]
    assert list(tmp_path.iterdir()) == []


class _Endless:
    """A file object that blocks the reading child's watchdog and never ends: only the parent's kill."""

    def read(self, n: int = -1) -> bytes:
        import signal

        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(0.05)
        return b"x"


def test_a_childs_memory_counts_from_its_parents_however_many_file_pages_the_parent_holds(tmp_path):
    """--max-memory bounds private memory: a child forked from a big process (a Dask worker with its
    libraries and files mapped) starts without the file pages in its RSS, which the RSS would count
    again as the child touched them; its private memory starts where its parent's is, wherever it runs."""
    import mmap

    from zenconv.context import current_rss, private_memory

    data = tmp_path / "mapped"
    data.write_bytes(b"\1" * (64 << 20))
    with open(data, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        assert sum(mapped[i] for i in range(0, len(mapped), mmap.PAGESIZE)) == len(mapped) // mmap.PAGESIZE
        parent_rss, parent_private = current_rss(), private_memory()
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.write(write_end, f"{current_rss()} {private_memory()}".encode())
            os._exit(0)
        os.close(write_end)
        child_rss, child_private = map(int, os.read(read_end, 100).split())
        os.waitpid(pid, 0)
        os.close(read_end)
    assert parent_rss - child_rss > 32 << 20  # the file's pages: in the parent's RSS, not yet in the child's
    assert abs(child_private - parent_private) < 8 << 20
