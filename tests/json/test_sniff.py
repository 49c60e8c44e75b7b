"""Unnamed sources (standard input): JSON and JSON Lines by parse, YAML only by a directive or a marker."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from zenconv_plugins.json.sniff import is_json, is_json_lines
from zenconv_plugins.yaml.plugin import sniff as is_yaml

RECORDS = json.dumps([{"id": i, "name": "x" * 40} for i in range(2000)]).encode()


@pytest.mark.parametrize("head, expected", [
    (RECORDS[:1024], True),                      # cut anywhere: valid as far as it goes
    (RECORDS[:1023] + b'"', True),
    (b'{"a": 1}', True),
    (b'\xef\xbb\xbf  [1, 2]', True),
    (b'{"a": 1}\n{"a": 2}\n', False),           # two values: JSON Lines, not JSON
    (b'{"a": 1,, "b": 2, "c": ' + b"3, " * 100, False),  # wrong well before the cut
    (b"hello {", False),
    (b"[" * 5000, True),
])
def test_json_sniff(head, expected):
    assert is_json(head, None) is expected


@pytest.mark.parametrize("head, expected", [
    (b'{"a": 1}\n{"a": 2}\n', True),
    (b'{"a": 1}\n{"a": 2}\n{"a": ', True),      # the last line cut short is left out
    (b'{"a": 1}\n', False),                     # one line is JSON
    (b'{"a": 1}\nnot json\n', False),
    (b"a,b\n1,2\n", False),
])
def test_jsonl_sniff(head, expected):
    assert is_json_lines(head, None) is expected


@pytest.mark.parametrize("head, expected", [
    (b"%YAML 1.2\n---\na: 1\n", True), (b"---\na: 1\n", True), (b"--- !tag\n", True),
    (b"a: 1\nb: 2\n", False), (b"----\n", False), (b"# Title\n---\n", False),
])
def test_yaml_sniff_needs_a_directive_or_a_marker(head, expected):
    assert bool(is_yaml(head, None)) is expected


@pytest.mark.parametrize("data, reader, first_line", [
    (RECORDS, "ai.insan.zenfmt.json", "| id | name |"),
    (b'{"id": 1}\n{"id": 2}\n', "ai.insan.zenfmt.jsonl", "| id |"),
    (b"---\nkind: Service\n---\nkind: Pod\n", "ai.insan.zenfmt.yaml", "# Document 1"),
])
def test_standard_input_is_sniffed(tmp_path, data, reader, first_line):
    manifest = tmp_path / "m.json"
    done = subprocess.run([sys.executable, "-m", "zenconv", "-", "--to", "markdown", "--manifest", str(manifest)],
                          input=data, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().splitlines()[0] == first_line
    assert json.loads(manifest.read_text())["reader"]["id"] == reader


@pytest.mark.parametrize("head, expected", [
    (b"---\ntitle: Notes\ndate: 2024-01-02\n---\n# Notes\n\nSome text under the front matter.\n", False),
    (b"---\ntitle: Notes\n---\nOne paragraph, no other construct.", False),
    (b"---\ntitle: Notes\n---\n> a quote\n", False),
    (b"---\nkind: Service\n---\nkind: Pod\nmetadata:\n  name: x\n", True),
    (b"---\n# Source: chart/a.yaml\napiVersion: v1\n---\n# Source: chart/b.yaml\napiVersion: v1\n- item\n", True),
    (b"---\na: 1\n...\n---\nb: 2\n", True),
])
def test_yaml_sniff_leaves_markdown_under_front_matter(head, expected):
    assert bool(is_yaml(head, None)) is expected


@pytest.mark.parametrize("data", [
    b"---\ntitle: Notes\nauthor: Ann\n---\n# Notes\n\nSome text under the front matter.\n",
    b"---\ntitle: Notes\n---\n\nJust a paragraph of prose.\n",
])
def test_markdown_with_front_matter_on_standard_input_is_markdown(tmp_path, data):
    manifest = tmp_path / "m.json"
    done = subprocess.run([sys.executable, "-m", "zenconv", "-", "--to", "markdown", "--manifest", str(manifest)],
                          input=data, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    got = json.loads(manifest.read_text())
    assert got["reader"]["id"] == "ai.insan.zenfmt.markdown"
    assert got["source"]["detection"] == "sniffed: the text opens with front matter and Markdown after it"
    assert "title" not in done.stdout.decode().splitlines()[0]
