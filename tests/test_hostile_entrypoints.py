"""Every hostile input of adversarial/ through every entry point, to every text output.

The command line converts the whole set as a batch, once per output format (Markdown, HTML, segments),
in a subprocess under a timeout whose peak memory, its children's included, is measured; the Python API
converts each file to the same three formats. Each must end every file (no traceback, no hang, a
manifest), with the same codes from both entry points and the file's expected code among them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import zenconv
from zenconv.plugins import build_plugins

ROOT = Path(__file__).resolve().parent.parent
ADVERSARIAL = ROOT / "adversarial"
EXPECTED = json.loads((ADVERSARIAL / "expected.json").read_text())
# Manifests built for ``zenconv verify`` (a batch never takes a manifest for a document): verified, not converted.
FOR_VERIFY = sorted(name for name in EXPECTED if name.endswith(".manifest.json"))
DOCUMENTS = sorted(name for name in EXPECTED if name not in FOR_VERIFY)

# (writer, its report namespace, the extension batch gives its outputs)
WRITERS = {"markdown": ("to-md.", ".md"), "html": ("to-html.", ".html"), "segments": ("to-segments.", ".jsonl")}
# A batch records a child it had to kill under its own namespace; the API under the host's.
BATCH_TO_HOST = {"batch.timeout": "host.deadline", "batch.memory-limit": "host.memory-limit",
                 "batch.worker-crashed": "host.internal-error"}
# Limits tighter than the defaults, so that the files built to hit a limit hit it fast (the endless page
# at the deadline, the amplifying document at the output cap) and the whole set stays a minute's work.
# The clock limits (the deadline, a PDF page's time budget) are short only for the files built to reach
# them: every other file must end by its own limit however busy the machine is (the amplifying document
# took 10 s of a loaded machine's clock to reach the output cap once, and ended at the deadline instead;
# the deeply nested PDF ran past a 3-second page budget in one entry point and not the other), so its
# clock limits are ones no load reaches.
MAX_MEMORY = 768 << 20
TIMEOUT = 10
PAGE_TIMEOUT = 3
LOAD_PROOF_TIMEOUT = 600
MAX_OUTPUT = 16 << 20
CLOCK_CODES = {"host.deadline": (TIMEOUT, PAGE_TIMEOUT), "pdf.page-truncated": (LOAD_PROOF_TIMEOUT, PAGE_TIMEOUT)}


def clock_limits(name: str) -> tuple[int, int]:
    """The deadline and the page budget a file runs under: short only where it was built to reach them."""
    return CLOCK_CODES.get(EXPECTED[name], (LOAD_PROOF_TIMEOUT, LOAD_PROOF_TIMEOUT))


def limits(timeout: int, page_timeout: int) -> tuple[str, ...]:
    """The command line's limits under these clock limits."""
    return ("--max-memory", str(MAX_MEMORY), "--timeout", str(timeout), "--timeout-per-mib", "0",
            "--max-output-bytes", str(MAX_OUTPUT), "--page-timeout", str(page_timeout))


def api_limits(name: str) -> dict:
    """The API's limits for one file, the command line's for it."""
    timeout, page_timeout = clock_limits(name)
    return {"max_memory": MAX_MEMORY, "timeout": timeout, "timeout_per_mib": 0, "max_output_bytes": MAX_OUTPUT,
            "page_timeout": page_timeout}
# C0 controls but tab, line feed and carriage return; DEL; C1 controls.
RAW_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# What a conversion may reach beyond --max-memory before the limit stops it: the interpreter's own
# pages, counted in RSS, and the sampling interval of the watch.
MEMORY_SLACK = 256 << 20


def _generator():
    spec = importlib.util.spec_from_file_location("zenconv_adversarial_generate_all", ADVERSARIAL / "generate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    out = tmp_path_factory.mktemp("hostile")
    gen = _generator()
    return out, gen.generate(out, gen.every_hostile_file())


def expected_code(name: str, writer: str) -> str | None:
    """The code this file must show in this writer's manifest, or None where it has none to show.

    A Markdown writer's code stands for its twin in the other writers, where that writer declares one
    (the HTML writer never writes math as code, so it has no twin of ``to-md.math-written-as-code``).
    """
    code = EXPECTED[name] or None
    if code is not None and code.startswith("to-md.") and writer != "markdown":
        twin = WRITERS[writer][0] + code[len("to-md."):]
        return twin if twin in _declared(writer) else None
    return code


def _declared(writer: str) -> set[str]:
    return {c.code for c in build_plugins(third_party=False).registry.writer_named(writer).codes}


def codes_of(manifest: dict) -> set[str]:
    return {BATCH_TO_HOST.get(c, c) for c in manifest["reasons"]} | {r["code"] for r in manifest["reports"]}


def test_expected_json_is_what_the_generators_write(hostile):
    assert hostile[1] == EXPECTED


@pytest.fixture(scope="module")
def batches(hostile, tmp_path_factory):
    """Every hostile file through a batch to each writer: writer -> (out folder, peak RSS of its processes).

    The files are a batch per pair of clock limits (:func:`clock_limits`), each writing into one out folder
    by the same relative names."""
    folder = hostile[0]
    split = tmp_path_factory.mktemp("hostile-split")
    groups: set[tuple[int, int]] = set()
    for name in DOCUMENTS:
        group = clock_limits(name)
        groups.add(group)
        target = split / "{}-{}".format(*group) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(folder / name, target)
    found = {}
    for writer in WRITERS:
        out = tmp_path_factory.mktemp(f"hostile-{writer}")
        runs = [_batch(split / "{}-{}".format(*group), writer, out, group) for group in sorted(groups)]
        found[writer] = (out, max(peak for peak, _ in runs), {k: v for _, overloaded in runs for k, v in overloaded.items()})
    return found


def _batch(folder: Path, writer: str, out: Path, clock: tuple[int, int]) -> tuple[int, dict[str, set[str]]]:
    """One batch: the peak RSS of its processes, and the documents it left as the run's failures because the
    machine was overloaded (name -> the codes its index entry records).

    A file built to reach the deadline whose child waited for a CPU most of its time has its deadline
    judged the run's, not the document's (``zenconv.batch.tasks.judge``): no manifest, exit 4, the index
    saying why with what was measured. That is accepted here for those files only, and only with those
    figures; any other failure of the run fails the test.
    """
    env = {k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"}  # a user never sees a traceback
    # The wrapper prints the peak RSS of its descendants: the batch and every child it forked.
    wrapper = ("import resource, subprocess, sys; "
               "code = subprocess.run(sys.argv[1:]).returncode; "
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(code)")
    done = subprocess.run(
        [sys.executable, "-c", wrapper, sys.executable, "-m", "zenconv", str(folder), "-o", str(out), "--to", writer,
         "--jobs", "2", "-q", *limits(*clock)],
        capture_output=True, env=env, timeout=1200)
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")[-3000:]
    overloaded = _overloaded(out) if done.returncode == 4 and clock[0] == TIMEOUT else {}
    assert done.returncode in (0, 1, 3) or overloaded, done.stderr.decode(errors="replace")[-3000:]
    return int(done.stdout.split()[-1]) << 10, overloaded


def _overloaded(out: Path) -> dict[str, set[str]]:
    """Every document the batch's index holds as failed: name -> its codes, when each failed only at its
    deadline while it waited for a CPU more than half its time; {} when any failed otherwise."""
    found = {}
    for line in (out / "zenconv-index.jsonl").read_text().splitlines():
        entry = json.loads(line)
        if entry.get("status") != "failed":
            continue
        attempts = entry.get("attempts") or [{}]
        if entry.get("failure") != "transient" or not all(
                a.get("reason") in {"host.deadline", "batch.timeout"}
                and a.get("figures", {}).get("cpu_wait_seconds", 0) > 0.5 * a.get("figures", {}).get("wall_seconds", 1)
                for a in attempts):
            return {}
        found[entry["source"]] = {BATCH_TO_HOST.get(c, c) for c in entry.get("reasons", [])}
    return found


def _manifest(out: Path, writer: str, name: str) -> dict | None:
    path = out / f"{name}{WRITERS[writer][1]}.manifest.json"
    return json.loads(path.read_text()) if path.is_file() else None


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_batch_ends_every_hostile_file_with_its_code(batches, hostile, writer):
    out, _, overloaded = batches[writer]
    missing, wrong = [], []
    for name in DOCUMENTS:
        manifest = _manifest(out, writer, name)
        if manifest is None and name not in overloaded:
            missing.append(name)
            continue
        code = expected_code(name, writer)
        codes = overloaded[name] if manifest is None else codes_of(manifest)
        if code is not None and code not in codes:
            wrong.append((name, code, sorted(codes)))
    assert not missing, f"no manifest for {missing}"
    assert not wrong, wrong


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_no_output_of_a_batch_holds_a_raw_control_character(batches, writer):
    out, _, _ = batches[writer]
    found = [p.relative_to(out).as_posix() for p in sorted(out.rglob(f"*{WRITERS[writer][1]}"))
             if RAW_CONTROL.search(p.read_bytes().decode("utf-8", "replace"))]
    assert not found, found


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_batch_stays_within_its_memory_limit(batches, writer):
    _, peak, _ = batches[writer]
    assert peak <= MAX_MEMORY + MEMORY_SLACK, f"peak RSS {peak >> 20} MiB"


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_batch_leaves_no_temporary_files(batches, writer):
    out, _, _ = batches[writer]
    assert not [p.name for p in out.rglob("*") if p.name.endswith((".zenconv-tmp", ".tmp"))]


@pytest.mark.parametrize("name", FOR_VERIFY)
def test_verify_refuses_a_hostile_manifest_from_both_entry_points(name, hostile):
    from zenconv.manifest import verify

    path = hostile[0] / name
    assert verify(path), "the API's verify found nothing wrong"
    env = {k: v for k, v in os.environ.items() if k != "ZENCONV_STRICT"}
    done = subprocess.run([sys.executable, "-m", "zenconv", "verify", str(path)], capture_output=True, env=env,
                          timeout=120)
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_api_ends_each_hostile_file_as_the_command_line_does(name, hostile, batches):
    folder, _ = hostile
    for writer in sorted(WRITERS):
        result = zenconv.convert(folder / name, to=writer, **api_limits(name))
        if result.output is not None:
            assert not RAW_CONTROL.search(result.output.decode("utf-8", "replace")), (writer, "a raw control")
        codes = codes_of(result.manifest)
        code = expected_code(name, writer)
        assert code is None or code in codes, (writer, code, sorted(codes))
        out, _, overloaded = batches[writer]
        cli = _manifest(out, writer, name)
        if cli is None and name in overloaded:  # the batch's deadline was the run's (see _batch): its code, not a manifest
            assert code in overloaded[name], (writer, code, sorted(overloaded[name]))
            continue
        assert cli is not None and codes == codes_of(cli), (writer, sorted(codes), cli and sorted(codes_of(cli)))
