"""Block structure survives the round trip: mistune reads back the blocks we wrote, nested as we nested them."""

from __future__ import annotations

from zenconv.ir import (
    BlockQuote, CodeBlock, Container, Document, Heading, List, ListItem, MathBlock, Note, NoteRef, Paragraph,
    Text, ThematicBreak,
)

from .conftest import mistune_text, parse_markdown, write_with


def para(text: str) -> Paragraph:
    return Paragraph([Text(text)])


def shape(tokens) -> list:
    out = []
    for t in tokens:
        kind = t["type"]
        if kind in ("list", "block_quote", "list_item", "task_list_item"):
            out.append((kind, shape(t["children"])))
        elif kind not in ("blank_line", "block_text", "paragraph", "text"):
            out.append(kind)
    return out


def test_lists_nest_and_consecutive_lists_stay_apart():
    doc = Document([
        List([ListItem([para("a"), List([ListItem([para("b")]), ListItem([para("c"), List([ListItem([para("d")])],
                                                                                        ordered=True)])])]),
              ListItem([ThematicBreak()]), ListItem([CodeBlock("x")])]),
        List([ListItem([para("second list")])]),
        List([ListItem([para("one")])], ordered=True, start=3), List([ListItem([para("two")])], ordered=True),
    ])
    md = write_with("markdown", doc).text
    tokens = parse_markdown(md)
    assert shape(tokens) == [
        ("list", [("list_item", [("list", [("list_item", []), ("list_item", [("list", [("list_item", [])])])])]),
                  ("list_item", ["thematic_break"]), ("list_item", ["block_code"])]),
        ("list", [("list_item", [])]), ("list", [("list_item", [])]), ("list", [("list_item", [])])]
    assert [t["attrs"].get("start") for t in tokens[2:]] == [3, None]
    assert tokens[0]["tight"] is True


def test_quotes_code_math_and_speaker_notes():
    doc = Document([
        BlockQuote([para("q"), BlockQuote([para("qq")]), CodeBlock("```\ninside", "md")]),
        Container([para("slide text")], class_="slide"),
        Container([para("spoken")], class_="notes"),
        MathBlock("a^2"), Heading(3, [Text("End #")]),
    ])
    md = write_with("markdown", doc).text
    tokens = parse_markdown(md)
    assert shape(tokens) == [("block_quote", [("block_quote", []), "block_code"]), ("block_quote", []), "heading"]
    code = [t for t in tokens[0]["children"] if t["type"] == "block_code"][0]
    assert code["raw"] == "```\ninside\n" and code["attrs"]["info"] == "md"
    assert "$$\na^2\n$$" in md
    assert mistune_text(tokens[-1]["children"]) == "End #"


def test_footnotes_are_defined_at_the_end_in_reference_order():
    doc = Document([Paragraph([Text("a"), NoteRef("second"), Text(" b"), NoteRef("first")])],
                   notes=[Note("first", [para("one"), para("more")]), Note("second", [para("two")])])
    md = write_with("markdown", doc).text
    assert md.endswith("[^1]: two\n\n[^2]: one\n\n    more\n")
    footnotes = [t for t in parse_markdown(md) if t["type"] == "footnotes"][0]["children"]
    assert [(f["attrs"]["key"], mistune_text(f["children"][0]["children"])) for f in footnotes] == [
        ("1", "two"), ("2", "one")]
