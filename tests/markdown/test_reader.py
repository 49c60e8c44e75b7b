"""The Markdown reader: GFM constructs to IR, lines, front matter, notes, raw HTML, guards."""

from __future__ import annotations

import pytest

from zenconv.ir import (
    BlockQuote, Code, Emphasis, HardBreak, Heading, Link, List, NoteRef, Paragraph, Strong, Table, Text,
)
from zenconv.reports import Unreadable

from .conftest import read_md


def blocks(text: str, **options):
    return read_md(text, **options).document.blocks


def lines(nodes) -> list:
    out = []
    for b in nodes:
        out.append((type(b).__name__, b.locator.line if b.locator else None))
        if isinstance(b, BlockQuote):
            out.append(lines(b.blocks))
        elif isinstance(b, List):
            out.append([(i.locator.line, lines(i.blocks)) for i in b.items])
    return out


def test_lines_are_source_lines_in_quotes_and_nested_lists():
    text = "# H\n\npara\nline2\n\n> quote\n>\n> - a\n>   b\n> - c\n\n1. x\n\n   y\n2. z\n   - deep\n\nend\n\n    code\n"
    assert lines(blocks(text)) == [
        ("Heading", 1), ("Paragraph", 3),
        ("BlockQuote", 6), [("Paragraph", 6), ("List", 8), [(8, [("Paragraph", 8)]), (10, [("Paragraph", 10)])]],
        ("List", 12), [(12, [("Paragraph", 12), ("Paragraph", 14)]),
                       (15, [("Paragraph", 15), ("List", 16), [(16, [("Paragraph", 16)])]])],
        ("Paragraph", 18), ("CodeBlock", 20),
    ]


def test_lines_count_the_front_matter_and_cite_table_rows():
    text = "---\ntitle: T\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n"
    (table,) = blocks(text)
    assert table.locator.line == 5
    assert [(r.locator.row, r.locator.line) for r in table.rows] == [(0, 5), (1, 7), (2, 8)]
    assert table.rows[2].locator.citation() == "Table 1, row 3 (line 8)"


def test_inlines_decode_entities_and_keep_code_raw():
    (para,) = blocks("a &amp; b \\* &copy; `&amp;  x` **s** *e* ~~d~~  \nnext\nsoft")
    assert para.children == [Text("a & b * \u00a9 "), Code("&amp;  x"), Text(" "), Strong([Text("s")]), Text(" "),
                             Emphasis([Text("e")]), Text(" "), *para.children[7:8], HardBreak(), Text("next\nsoft")]


def test_links_autolinks_and_reference_links():
    (para,) = blocks('[a](https://x.y/p "T &amp; U") <https://x.y/auto> https://x.y/bare [r]\n\n[r]: /ref')
    links = [n for n in para.children if isinstance(n, Link)]
    assert [(l.target, l.title) for l in links] == [("https://x.y/p", "T & U"), ("https://x.y/auto", None),
                                                    ("https://x.y/bare", None), ("/ref", None)]


def test_gfm_tables_pad_short_rows_cut_long_ones_and_unescape_pipes():
    result = read_md("| a | b |\n|:-|-:|\n| `x \\| y` | 2 |\n| short |\n| 1 | 2 | 3 |\n> | q |\n> |---|\n> | in quote |\n")
    table, quote = result.document.blocks
    assert [[c if isinstance(c, str) else c.content for c in r.cells] for r in table.rows[1:]] == [
        [[Code("x | y")], "2"], ["short", ""], ["1", "2"]]
    assert isinstance(quote.blocks[0], Table)
    assert result.codes() == {"markdown.table-alignment-dropped": 1, "markdown.table-excess-cells-dropped": 1}


def test_task_lists_and_ordered_starts():
    (tasks, numbered) = blocks("- [x] done\n- [ ] open\n- plain\n\n7) seven\n8) eight\n")
    assert [i.checked for i in tasks.items] == [True, False, None]
    assert tasks.items[0].blocks[0].children == [Text("done")]
    assert (numbered.ordered, numbered.start) == (True, 7)


def test_footnotes_are_named_as_written_in_order_of_reference_unreferenced_kept():
    result = read_md("x[^b] y[^a] z[^b]\n\n[^a]: Note A.\n[^b]: Note *B*,\n    on two lines.\n[^c]: unused\n")
    refs = [n.note_id for n in result.document.blocks[0].children if isinstance(n, NoteRef)]
    assert refs == ["b", "a", "b"]
    notes = result.document.notes
    assert [n.id for n in notes] == ["b", "a", "c"]
    assert notes[0].blocks[0].children == [Text("Note "), Emphasis([Text("B")]), Text(",\non two lines.")]
    assert [n.blocks[0].locator.line for n in notes] == [4, 3, 6]


def test_code_blocks_take_the_first_word_of_the_info_string():
    (fenced, indented) = blocks("```python {.x}\nprint(1)\n\n```\n\n    indented\n")
    assert (fenced.text, fenced.language) == ("print(1)\n", "python")
    assert (indented.text, indented.language) == ("indented", None)


def test_inline_html_keeps_markdown_text_as_written():
    (para,) = blocks("a  <b>bold  text</b>\nnext <span>s</span> `c`")
    assert para.children == [Text("a  "), Strong([Text("bold  text")]), Text("\nnext s "), Code("c")]


def test_raw_html_around_markdown_is_read_as_one_tree():
    (table,) = blocks("<table><tr><td>\n\n**bold** cell\n\n</td></tr></table>\n")
    cell = table.rows[0].cells[0]
    assert cell.content == [Strong([Text("bold")]), Text(" cell")]


def test_an_unclosed_html_block_does_not_swallow_the_rest():
    got = blocks("<div>\n\n*a*\n\nno close\n")
    assert [b.children for b in got] == [[Emphasis([Text("a")])], [Text("no close")]]


def test_gfms_tag_filter_shows_those_tags_as_text():
    (para,) = blocks("a <textarea>b</textarea> c")
    assert para.children == [Text("a <textarea>b</textarea> c")]


def test_front_matter_fills_the_metadata_and_keeps_the_rest():
    text = ("---\ntitle: 'It''s here'\nauthor: \"Ann \\u00e9\"\ndate: 2026-06-01\nmarket: NO\ntags: [a, 'b, c']\n"
            "keywords:\n  - k1\n  - k2\nsummary: |\n  line one\n  line two\nnested:\n  key: value\n---\n# Body\n")
    result = read_md(text)
    meta = result.document.metadata
    assert (meta.title, meta.authors, meta.created) == ("It's here", ["Ann \u00e9"], "2026-06-01")
    assert meta.keywords == ["a", "b, c", "k1", "k2"]
    assert meta.extra == {"market": "NO", "summary": "line one\nline two", "front-matter": "nested:\n  key: value"}
    assert result.codes() == {"markdown.front-matter-partial": 2}
    assert result.document.blocks[0].locator.line == 16


def test_a_rule_paragraph_rule_is_not_front_matter():
    got = blocks("---\nJust text\n---\n")
    assert [type(b).__name__ for b in got] == ["ThematicBreak", "Heading"]


def test_nul_is_read_as_the_replacement_character():
    result = read_md(b"a\x00b")
    assert result.document.blocks[0].children == [Text("a\ufffdb")]
    assert result.codes() == {"markdown.nul-replaced": 1}


def test_decoding_follows_the_shared_order():
    result = read_md("caf\xe9".encode("cp1252"))
    assert result.document.blocks[0].children == [Text("caf\xe9")]
    assert result.context.flags["encoding"] == "windows-1252"
    with pytest.raises(Unreadable) as info:
        read_md(b"x", encoding="no-such-encoding")
    assert info.value.code == "markdown.unknown-encoding"


def test_heading_levels_and_setext():
    got = blocks("### three\n\nSet\n===\n\nTwo\n---\n")
    assert all(isinstance(h, Heading) for h in got)
    assert [(h.level, h.children) for h in got] == [(3, [Text("three")]), (1, [Text("Set")]), (2, [Text("Two")])]


def test_paragraph_type_for_tight_list_items():
    (lst,) = blocks("- a\n- b\n")
    assert all(isinstance(i.blocks[0], Paragraph) for i in lst.items)
