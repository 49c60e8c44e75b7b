"""Docs that cannot drift: every hook has its section, every plugin's codes equal its format record's, and
every reader option is named there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zenconv import hookspecs
from zenconv.plugins import build_plugins

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "plugin-authoring.md"
FORMATS = ROOT / "docs" / "formats"

HOOKS = sorted(name for name in dir(hookspecs) if name.startswith("zenconv_"))
PLUGINS = build_plugins(third_party=False)


def test_there_are_hooks():
    assert HOOKS == ["zenconv_readers", "zenconv_writers"]


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_a_section_in_the_plugin_guide(hook):
    assert re.search(rf"^#+ `{hook}`$", GUIDE.read_text(), re.M), f"docs/plugin-authoring.md lacks a section for {hook}"


def record_codes(path: Path, namespaces: set[str]) -> set[str]:
    text = path.read_text()
    found = set(re.findall(r"`([a-z0-9-]+\.[a-z0-9.-]+)`", text))
    return {code for code in found if code.split(".", 1)[0] in namespaces and not code.endswith((".md", ".xml"))}


@pytest.mark.parametrize("spec", PLUGINS.registry.ordered_readers(), ids=lambda s: s.name)
def test_reader_codes_equal_its_format_record(spec):
    record = FORMATS / f"{spec.name}.md"
    assert record.is_file(), f"{spec.id} has no format record docs/formats/{spec.name}.md"
    declared = {c.code for c in spec.codes}
    namespaces = {c.split(".", 1)[0] for c in declared} | {spec.name}
    assert record_codes(record, namespaces) == declared


_CODE_ROW = re.compile(r"^\| `([a-z0-9-]+\.[a-z0-9.-]+)` \| ([a-z]+) \|", re.M)


@pytest.mark.parametrize("spec", PLUGINS.registry.ordered_readers(), ids=lambda s: s.name)
def test_each_code_of_a_reader_has_its_kind_in_its_format_records_table(spec):
    """A code table's Kind column (content|presentation) is the code's declared kind; every code but a
    refusal (always content: nothing was read) has a row there."""
    from zenconv.reports import Severity

    rows = dict(_CODE_ROW.findall((FORMATS / f"{spec.name}.md").read_text()))
    declared = {c.code: str(c.kind) for c in spec.codes}
    assert {code: kind for code, kind in rows.items() if declared.get(code) != kind} == {}
    assert [c.code for c in spec.codes if c.severity is not Severity.REFUSED and c.code not in rows] == []


@pytest.mark.parametrize("spec", PLUGINS.registry.ordered_readers(), ids=lambda s: s.name)
def test_reader_options_are_named_in_its_format_record(spec):
    text = (FORMATS / f"{spec.name}.md").read_text()
    assert [o.name for o in spec.options if f"--{o.name}" not in text] == []


def test_writer_codes_equal_the_writers_record():
    declared = {c.code for spec in PLUGINS.registry.writers.values() for c in spec.codes}
    namespaces = {c.split(".", 1)[0] for c in declared}
    assert record_codes(FORMATS / "writers.md", namespaces) == declared


def test_host_codes_are_documented_in_the_architecture():
    from zenconv.reports import HOST_CODES

    text = (ROOT / "docs" / "architecture.md").read_text()
    missing = [c.code for c in HOST_CODES if f"`{c.code}`" not in text]
    assert not missing, f"docs/architecture.md does not list {missing}"


def test_batch_codes_are_documented():
    from zenconv.batch import BATCH_CODES

    text = (ROOT / "docs" / "batch.md").read_text()
    from zenconv.batch import LISTED, TRANSIENT_CODES

    codes = {BATCH_CODES.deadline, BATCH_CODES.memory, BATCH_CODES.crashed, BATCH_CODES.killed, *LISTED,
             *TRANSIENT_CODES}
    missing = sorted(code for code in codes if f"`{code}`" not in text)
    assert not missing, f"docs/batch.md does not name {missing}"
