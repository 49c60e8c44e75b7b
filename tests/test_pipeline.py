"""The pipeline's own guarantees, with readers made for the purpose (tests/fake_reader.py)."""

from __future__ import annotations

import gc
import json
import os
import sys

import pytest

from zenconv.context import Source
from zenconv.isolation import run_isolated
from zenconv.pipeline import GC_YOUNG_THRESHOLD, RECURSION_LIMIT, Request, run

from . import fake_reader


@pytest.fixture(scope="module")
def plugins():
    return fake_reader.plugins_with_fakes()


def request(tmp_path, ext, **options):
    src = tmp_path / f"in.{ext}"
    src.write_bytes(b"x")
    return Request(source=Source(src.name, path=src), output=tmp_path / "out.md", options=options)


def test_facets_are_counted_and_listed_on_request(tmp_path, plugins):
    result = run(request(tmp_path, "facets"), plugins)
    assert result.manifest.facets.counts == {"hidden": 2, "revision": 1, "style": 1}
    assert result.manifest.facets.rows is None
    kept = run(request(tmp_path, "facets", preserve_facets=True), plugins)
    rows = kept.manifest.facets.rows
    assert [r["facet"]["kind"] for r in rows] == ["style", "revision", "hidden", "hidden"]
    assert rows[1]["facet"] == {"kind": "revision", "change": "insertion", "author": "Ann", "date": "2026-01-01"}
    assert rows[1]["citation"] == "¶ 3"
    assert kept.manifest.metadata == {"title": "Facets"}
    assert (tmp_path / "out.md").read_text().startswith("# Title")


def test_a_conversion_runs_with_deep_recursion_and_rare_young_collections_then_restores_both(tmp_path, plugins):
    before = sys.getrecursionlimit(), gc.get_threshold()
    run(request(tmp_path, "runtime"), plugins)
    assert (tmp_path / "out.md").read_text() == f"recursion {RECURSION_LIMIT} gc {GC_YOUNG_THRESHOLD}\n"
    assert (sys.getrecursionlimit(), gc.get_threshold()) == before


def test_a_conversion_that_ends_its_process_leaves_its_garbage_to_the_exit(tmp_path, plugins):
    before = gc.get_threshold()
    try:
        ending = request(tmp_path, "runtime")
        ending.ends_process = True
        run(ending, plugins)
        assert not gc.isenabled()  # the forked child's os._exit frees it all at once
        assert (tmp_path / "out.md").read_text() == f"recursion {RECURSION_LIMIT} gc {GC_YOUNG_THRESHOLD}\n"
    finally:
        gc.enable()
        gc.set_threshold(*before)


def test_a_refusing_reader_leaves_no_output(tmp_path, plugins):
    result = run(request(tmp_path, "refusing"), plugins)
    assert result.manifest.outcome == "unreadable" and result.manifest.reasons == ["fake.corrupt"]
    assert result.exit_code == 1
    assert not (tmp_path / "out.md").exists()
    assert (tmp_path / "out.md.manifest.json").exists()
    assert not list(tmp_path.glob(".*zenconv-tmp"))


def test_a_reader_bug_is_an_internal_error_not_a_traceback(tmp_path, plugins, monkeypatch):
    monkeypatch.delenv("ZENCONV_STRICT", raising=False)
    result = run(request(tmp_path, "failing"), plugins)
    assert result.manifest.reasons == ["host.internal-error"]
    assert "KeyError" in result.manifest.message
    assert not (tmp_path / "out.md").exists()


def test_deadline_by_checkpoint(tmp_path, plugins):
    result = run(request(tmp_path, "slow", timeout=1), plugins)
    assert result.manifest.reasons == ["host.deadline"]
    assert not (tmp_path / "out.md").exists()


def test_deadline_by_kill_when_the_reader_never_checks(tmp_path, plugins):
    req = request(tmp_path, "stuck", timeout=1)
    result = run_isolated(req, plugins, timeout=1, max_memory=None)
    assert result.manifest.reasons == ["host.deadline"]
    assert not (tmp_path / "out.md").exists()
    assert json.loads((tmp_path / "out.md.manifest.json").read_text())["outcome"] == "unreadable"
    assert not list(tmp_path.glob(".*zenconv-tmp"))


def test_memory_limit_by_checkpoint(tmp_path, plugins):
    req = request(tmp_path, "greedy", max_memory="200M")
    result = run_isolated(req, plugins, timeout=60, max_memory=200 << 20)
    assert result.manifest.reasons == ["host.memory-limit"]
    assert not (tmp_path / "out.md").exists()


def test_memory_limit_by_address_space_cap(tmp_path, plugins):
    req = request(tmp_path, "greedy_silent", max_memory="200M")
    result = run_isolated(req, plugins, timeout=60, max_memory=200 << 20)
    assert result.manifest.reasons == ["host.memory-limit"]


def test_the_python_api_returns_output_manifest_and_ir():
    import zenconv

    result = zenconv.convert(b"name,amount\nRent,1000\n", name="ledger.csv")
    assert result.output.startswith(b"| name | amount |")
    assert result.outcome == "converted"
    assert result.manifest["source"]["name"] == "ledger.csv"
    (table,) = result.document.blocks
    assert [r.locator.citation() for r in table.rows] == ["Row 1", "Row 2"]


def test_the_api_rejects_an_unknown_option():
    import zenconv
    from zenconv.detect import UsageError

    with pytest.raises(UsageError):
        zenconv.convert(b"a\n", name="x.csv", max_rowz=3)


def test_no_temporary_file_survives(tmp_path, plugins):
    run(request(tmp_path, "facets"), plugins)
    assert sorted(os.listdir(tmp_path)) == ["in.facets", "out.md", "out.md.manifest.json"]
