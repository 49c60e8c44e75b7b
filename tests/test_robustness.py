"""Host-level findings of the mutation fuzzer (bench/fuzz.py): a reader may hand the writers IR nested
as deep as its source allows, and every writer must write it."""

from __future__ import annotations

import pytest

from zenconv.context import Source
from zenconv.ir.nodes import BlockQuote, Cell, Link, List, ListItem, Paragraph, Row, Strong, Table, Text
from zenconv.pipeline import Request, run
from zenconv.plugins import build_plugins

LEVELS = 300  # past what Python's default recursion limit lets the HTML and JSON writers follow


def deep(source, ctx):
    block = Paragraph([Text("deep")])
    for level in range(LEVELS):
        block = (BlockQuote([block]), List([ListItem([block])]), Table([Row([Cell([block])])]))[level % 3]
    inline = Text("deep")
    for _ in range(LEVELS):
        inline = Strong([Link([inline], "http://example.com/")])
    yield block
    yield Paragraph([inline])


@pytest.fixture(scope="module")
def plugins():
    loaded = build_plugins(third_party=False)
    loaded.registry.reader(id="test.deep", name="deep", version="1.0", reader="tests.test_robustness:deep",
                           extensions=[".deep"])
    return loaded


@pytest.mark.parametrize("writer", ["markdown", "html", "json", "segments"])
def test_every_writer_writes_a_document_nested_300_deep(tmp_path, plugins, writer):
    result = run(Request(source=Source("in.deep", data=b"x"), to=writer, output=tmp_path / "out",
                         manifest=False), plugins)
    assert result.manifest.outcome == "converted", result.manifest.message
    assert b"deep" in (tmp_path / "out").read_bytes()
