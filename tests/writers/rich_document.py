"""One document with every IR node type, nested lists, spans, notes, facets, unicode and hostile text.

The golden test writes it with every writer; ``golden/rich.ir.json`` is its IR, the input of the pairs.
"""

from __future__ import annotations

from zenconv.ir import (
    BlockQuote, Cell, Code, CodeBlock, Columns, ColumnSpec, Container, Document, Emphasis, HardBreak, Heading,
    HiddenFacet, Image, LayoutFacet, Link, List, ListItem, Locator, Math, MathBlock, Metadata, Note, NoteRef,
    Paragraph, ResourceStore, RevisionFacet, Row, SmallCaps, Span, Strikethrough, Strong, StyleFacet, Subscript,
    Superscript, Table, Text, ThematicBreak, Underline,
)

# A 1x1 transparent PNG.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)

HOSTILE_TARGETS = [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\0script:alert(1)",
    "jav&#x09;ascript:alert(1)", "jav\tascript:alert(1)", "&#106;avascript:alert(1)", "javascript&colon;alert(1)",
    "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "\x01javascript:x",
    "java\u2028script:x", "&amp;#x6a;avascript:x", "//evil.example/x", "other.html",
]


def resources() -> ResourceStore:
    store = ResourceStore()
    store.add(PNG, "image1.png", "image/png")
    return store


def rich_document() -> Document:
    p = Paragraph
    hostile_links = [Link([Text(f"link {i}")], target) for i, target in enumerate(HOSTILE_TARGETS)]
    table_rows = [
        Row([Cell([Text("Item")], header=True), Cell([Text("Amount")], header=True), Cell([Text("Note")], header=True)],
            locator=Locator(sheet=1, sheet_name="Damages", row=0)),
        Row(["Rent", "1000", "a | b"], locator=Locator(sheet=1, sheet_name="Damages", row=1, cell="A2")),
        Row([Cell([Text("Merged across")], col_span=2), "*not bold*"],
            locator=Locator(sheet=1, sheet_name="Damages", row=2)),
        Row([Cell([Text("Tall")], row_span=2), "x", "y"], locator=Locator(sheet=1, sheet_name="Damages", row=3)),
        Row(["under tall", "z"], facets=(HiddenFacet("row hidden"),),
            locator=Locator(sheet=1, sheet_name="Damages", row=4)),
        Row(["ragged"], locator=Locator(sheet=1, sheet_name="Damages", row=5)),
        Row([Cell([p([Text("First para")]), p([Text("second para")]),
                   List([ListItem([p([Text("in a list")])], label="(a)")])]), " edge spaces ", "line\nbreak"],
            locator=Locator(sheet=1, sheet_name="Damages", row=6)),
    ]
    blocks = [
        Heading(1, [Text("Rich document")], locator=Locator(page=1, paragraph=1)),
        p([Text("Plain text with unicode: café, 日本語, emoji 🎉, RTL שלום, combining é.")],
          locator=Locator(page=1, paragraph=2)),
        p([Text("Hostile text: *a* _b_ `c` <script>alert(1)</script> [x](javascript:alert(1)) "
                "&amp; &#60; \\ ~~d~~ $e$ | f")]),
        p([Text("# not a heading\n1. not a list\n- not a bullet\n> not a quote\n    not code\n===")]),
        p([Strong([Text("bold")]), Text(", "), Emphasis([Text("italic")]), Text(", "),
           Emphasis([Strong([Text("both")])]), Text(", "), Strikethrough([Text("struck")]), Text(", "),
           Strong([Text("(punctuated)")]), Text("after, "), Underline([Text("underlined")]), Text(", "),
           SmallCaps([Text("small caps")]), Text(", H"), Subscript([Text("2")]), Text("O, x"),
           Superscript([Text("2")]), Text(", "), Code("code with ` tick"), Text(", "), Math("a^2 + b^2"),
           HardBreak(), Text("after a hard break"), NoteRef("fn1"), Text(".")]),
        p([Text("Links: "), Link([Text("safe")], "https://example.com/?a=1&b=2", 'a "title"'), Text(", "),
           Link([Text("mail")], "mailto:someone@example.com"), Text(", "), Link([Text("fragment")], "#rich-document"),
           Text(", "), Link([Text("outer "), Link([Text("inner")], "https://example.com/in")], "https://example.com/out"),
           Text(", "), Link([Text("to the image")], "image1.png")]),
        p(hostile_links),
        p([Image("image1.png", "an image", "its title"), Text(" "), Image("https://example.com/x.png", "remote"),
           Text(" "), Image("javascript:alert(1)", "hostile image"), Text(" "), Image("missing.png", "unknown")]),
        p([Text("Tracked: "), Span([Text("inserted")], facets=(RevisionFacet("insertion", "Ann", "2024-01-02"),)),
           Span([Text("deleted")], facets=(RevisionFacet("deletion", "Bob", None),)),
           Span([Text(" plain span")], class_="control"), Span([Text(" hidden")], facets=(HiddenFacet("vanish"),))]),
        p([Text("A hidden paragraph.")],
          facets=(HiddenFacet("vanish"), StyleFacet("Quote\" onmouseover=\"x", "Quote"))),
        Heading(2, [Text("Lists")], facets=(StyleFacet("Heading2"),)),
        List([
            ListItem([p([Text("first")]), List([ListItem([p([Text("nested one")])]),
                                                 ListItem([p([Text("nested two")]),
                                                           List([ListItem([p([Text("deeper")])])], ordered=True)])])]),
            ListItem([p([Text("second")])], checked=True),
            ListItem([p([Text("third")])], checked=False),
        ]),
        List([ListItem([p([Text("a list right after a list")])])]),
        List([ListItem([p([Text("starts at seven")]), p([Text("with two paragraphs")])]),
              ListItem([CodeBlock("x = 1", "python")])], ordered=True, start=7),
        # Labels as a source shows them: a plain sequence Markdown numbers, then labels it must keep as text
        # (one of them hostile: markup, a link, a heading marker)
        List([ListItem([p([Text("plain labels")])], label="1)"), ListItem([p([Text("numbered")])], label="2)")],
             ordered=True),
        List([ListItem([p([Text("clause")]), List([ListItem([p([Text("sub-clause")])], label="(ii)")],
                                                  ordered=True, start=2)], label="Article 3."),
              ListItem([CodeBlock("no paragraph first")], label="1."),
              ListItem([p([Text("hostile")])], label="# [x](javascript:alert(1)) <script>&amp;")],
             ordered=True, start=3),
        Heading(2, [Text("Lists")]),
        Heading(3, [Text("Lists-1")]),
        Heading(2, [Text("Blocks")]),
        CodeBlock("def f():\n    return '```'\n", "python"),
        CodeBlock("no language\n\n  indented"),
        BlockQuote([p([Text("Quoted.")]), BlockQuote([p([Text("Quoted twice.")])])]),
        ThematicBreak(),
        Container([p([Text("Inside a plain container.")]), List([ListItem([p([Text("listed")])])])],
                  class_="slide", locator=Locator(slide=2, slide_title="Two")),
        Container([p([Text("Speaker notes.")])], class_="notes", locator=Locator(slide=2)),
        MathBlock("\\int_0^1 x\\,dx = \\frac{1}{2}"),
        p([Text("Before the table.")], facets=(LayoutFacet("page", 7772400, 10058400),)),
        Table(rows=iter(table_rows), caption=[Text("Damages "), Emphasis([Text("claimed")])],
              columns=Columns(3, [ColumnSpec(), ColumnSpec(facets=(HiddenFacet("column hidden"),)), ColumnSpec()]),
              notes=["⚠ Truncated: rows after 7 were not read (--max-rows)."],
              locator=Locator(sheet=1, sheet_name="Damages")),
        Table(rows=iter([Row(["no", "header"]), Row(["second", "row"])])),
        Heading(1, [Text("")]),
        Heading(2, [Text("???")]),
        p([Text("The end"), NoteRef("fn2"), NoteRef("fn1")]),
    ]
    notes = [
        Note("fn1", [p([Text("First note, with "), Strong([Text("bold")]), Text(".")]),
                     p([Text("Second paragraph.")])]),
        Note("fn2", [p([Text("Second note.")])], kind="endnote"),
        Note("orphan", [p([Text("A note nobody references.")])]),
    ]
    metadata = Metadata(title="Rich </title><script>alert(1)</script> document", authors=["Ann", "Bob"],
                        subject="Testing", keywords=["ir", "writers"], created="2024-01-01T00:00:00Z",
                        extra={"company": "Example & Co"})
    return Document(blocks=blocks, metadata=metadata, notes=notes, resources=resources())
