"""Markdown escaping is exact: what we write, mistune reads back as the same text.

Random text goes into paragraphs, headings and table cells, and random inline trees (strong, emphasis,
strikethrough, code, links, superscript, hard breaks) into paragraphs; each is written, parsed with
mistune 3 (table, strikethrough, footnotes, task_lists) and its text compared with what went in.

Left out of the alphabet: lone surrogates (not text). Control characters (C0 but tab and line ends, DEL,
C1) are written, and so read back, as U+FFFD: they never reach the output raw.
"""

from __future__ import annotations

import html
from urllib.parse import unquote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenconv.ir import (
    Code, Document, Emphasis, HardBreak, Heading, Link, Paragraph, Row, Strikethrough, Strong, Superscript, Table,
    Text,
)

from zenconv.writers.markdown.escape import CONTROLS

from .conftest import mistune_text, parse_markdown, write_with

MARKUP = [*"*_`[]<>#-+=|\\~&$!:()0123456789. \t\n\r;^\"'", "&amp;", "&#32;", "1.", "1)", "- ", "+ ", "```",
          "~~~", "    ", "<b>", "</b>", "<!--", "[^1]", "[x](y)", "![a](b)", "\\\n", "***", "---", "===",
          "| --- |", "http://x.y", "<http://x>", "&copy", "\u00a0", "\u3000", "\u2028"]
CHARS = st.characters(blacklist_categories=("Cs",))
TEXT = st.lists(st.one_of(CHARS, st.sampled_from(MARKUP)), max_size=24).map("".join)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def expected(text: str) -> str:
    return CONTROLS.sub("\ufffd", text)


@SETTINGS
@given(TEXT)
def test_paragraph_text_reads_back(text):
    md = write_with("markdown", Document([Paragraph([Text(text)])])).text
    tokens = parse_markdown(md)
    if not text:
        assert tokens == []
        return
    assert [t["type"] for t in tokens] == ["paragraph"], md
    assert mistune_text(tokens[0]["children"]) == expected(text), md


@SETTINGS
@given(TEXT, st.integers(1, 6))
def test_heading_text_reads_back(text, level):
    md = write_with("markdown", Document([Heading(level, [Text(text)])])).text
    tokens = parse_markdown(md)
    assert [t["type"] for t in tokens] == ["heading"], md
    assert tokens[0]["attrs"]["level"] == level
    assert mistune_text(tokens[0]["children"]) == expected(text), md


@SETTINGS
@given(st.lists(st.lists(TEXT, min_size=1, max_size=4), min_size=1, max_size=4))
def test_cell_text_reads_back(rows):
    md = write_with("markdown", Document([Table(rows=[Row(list(cells)) for cells in rows])])).text
    tokens = parse_markdown(md)
    assert [t["type"] for t in tokens] == ["table"], md
    body = tokens[0]["children"][1]["children"]
    width = max(map(len, rows))
    got = [[mistune_text(cell["children"]) for cell in row["children"]] for row in body]
    # A line break in a cell is written <br>: read back as a newline, whatever its spelling was.
    want = [[expected(c).replace("\r\n", "\n").replace("\r", "\n") for c in cells] + [""] * (width - len(cells))
            for cells in rows]
    assert got == want, md


LEAF = st.one_of(TEXT.map(Text), TEXT.map(Code), st.just(HardBreak()))


def _wrapped(children):
    kids = st.lists(children, max_size=4)
    return st.one_of(kids.map(Strong), kids.map(Emphasis), kids.map(Strikethrough), kids.map(Superscript),
                     st.tuples(kids, TEXT).map(lambda pair: Link(pair[0], "https://example.com/" + pair[1])))


def plain(nodes) -> str:
    out = []
    for node in nodes:
        if isinstance(node, Text):
            out.append(expected(node.text))
        elif isinstance(node, Code):
            out.append(expected(node.text).replace("\r\n", " ").replace("\n", " ").replace("\r", " "))
        elif isinstance(node, HardBreak):
            out.append("\n")
        else:
            out.append(plain(node.children))
    return "".join(out)


@SETTINGS
@given(st.lists(st.recursive(LEAF, _wrapped, max_leaves=10), min_size=1, max_size=5))
def test_inline_trees_read_back(nodes):
    md = write_with("markdown", Document([Paragraph(nodes)])).text
    tokens = parse_markdown(md)
    want = plain(nodes)
    if not tokens:
        assert not want.strip(" \n"), md  # only breaks: nothing a paragraph can hold
        return
    assert [t["type"] for t in tokens] == ["paragraph"], md
    assert mistune_text(tokens[0]["children"]) == want, md


def test_inline_markup_is_canonical_and_read_as_markup():
    doc = Document([Paragraph([Text("a "), Emphasis([Strong([Text("both")])]), Text(" "), Strong([Text("b ")]),
                               Text("c "), Strong([Text("x")]), Strong([Text("y")]), Text(" "),
                               Strikethrough([Text("gone")])])])
    md = write_with("markdown", doc).text
    assert md == "a ***both*** **b** c **xy** ~~gone~~\n"
    children = parse_markdown(md)[0]["children"]
    assert [c["type"] for c in children if c["type"] != "text"] == ["emphasis", "strong", "strong", "strikethrough"]


def test_runs_the_flanking_rules_would_not_close_fall_back_to_html():
    doc = Document([Paragraph([Strong([Text("(a)")]), Text("b "), Text("x"), Emphasis([Text("y")]), Text("z")])])
    md = write_with("markdown", doc).text
    assert md == "<strong>(a)</strong>b x<em>y</em>z\n"


def test_code_spans_get_a_longer_fence_and_padding():
    doc = Document([Paragraph([Code("a`b"), Text(" "), Code("``x"), Text(" "), Code(" y ")])])
    md = write_with("markdown", doc).text
    assert md == "``a`b`` ``` ``x ``` `  y  `\n"
    codes = [t["raw"] for t in parse_markdown(md)[0]["children"] if t["type"] == "codespan"]
    assert codes == ["a`b", "``x", " y "]


def test_links_escape_their_targets_and_titles():
    doc = Document([Paragraph([Link([Text("x")], "http://a/<b>\\c d&amp;", 'say "hi"'),
                               Text("!"), Link([Text("^1")], "#u")])])
    md = write_with("markdown", doc).text
    # The policy decodes the target's entities and percent-encodes what could end it or be markup; the
    # title's markup characters are character references.
    assert md == '[x](<http://a/%3Cb%3E%5Cc%20d&> "say &quot;hi&quot;")\\![\\^1](<#u>)\n'
    link = parse_markdown(md)[0]["children"][0]
    assert unquote(link["attrs"]["url"]) == "http://a/<b>\\c d&"
    assert html.unescape(link["attrs"]["title"]) == 'say "hi"'  # mistune's tree keeps the references



def test_line_start_constructs_are_escaped_only_at_line_start():
    text = "# h\n1. one\n2) two\n- b\n+ c\n> q\n---\n===\na # b 1. c - d"
    md = write_with("markdown", Document([Paragraph([Text(text)])])).text
    assert md == "\\# h\n1\\. one\n2\\) two\n\\- b\n\\+ c\n&gt; q\n\\---\n\\===\na # b 1. c - d\n"


def test_edge_whitespace_and_blank_lines_survive_as_character_references():
    md = write_with("markdown", Document([Paragraph([Text("    code?\n\n x  ")])])).text
    assert md == "&#32;   code?\n&#10; x &#32;\n"
    assert mistune_text(parse_markdown(md)[0]["children"]) == "    code?\n\n x  "


def test_a_line_of_mixed_setext_marks_stays_paragraph_text():
    """mistune reads any run of "=" and "-" as a setext underline ("0" over "=-" was a heading there):
    such a line is escaped, as a line of one of them is."""
    for text in ("0\n=-", "a\n-=", "a\n==--  "):
        md = write_with("markdown", Document([Paragraph([Text(text)])])).text
        tokens = parse_markdown(md)
        assert [t["type"] for t in tokens] == ["paragraph"], md
        assert mistune_text(tokens[0]["children"]) == expected(text), md
