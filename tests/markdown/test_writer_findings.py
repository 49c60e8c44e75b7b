"""What the round trip found in the Markdown writer: each a minimal example, fixed, kept as a test."""

from __future__ import annotations

from zenconv.ir import BlockQuote, Document, Paragraph, Row, Table, Text

from .conftest import read_md, write_md


def test_a_url_in_text_stays_text():
    """Found by the round trip and fixed in the writer (zenconv/writers/markdown/escape.py)."""
    md, _ = write_md(Document([Paragraph([Text("see http://x.y now")])]))
    back = read_md(md).document
    assert back.blocks[0].children == [Text("see http://x.y now")], md


def test_an_empty_block_quote_stays():
    """Found by the CommonMark spec examples 241-242 and fixed in the writer (writer.py)."""
    md, _ = write_md(Document([BlockQuote([])]))
    assert [type(b) for b in read_md(md).document.blocks] == [BlockQuote], md


def test_a_table_without_header_is_reported_or_kept():
    md, reporter = write_md(Document([Table([Row(["a"])])]))
    back = read_md(md).document
    assert [r.code.code for r in reporter.reports] == ["to-md.empty-header-row-added"], md
    assert len(back.blocks[0].rows) == 2
