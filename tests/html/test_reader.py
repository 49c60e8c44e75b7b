"""The HTML reader: blocks and inlines through the allowlist, whitespace, metadata, decoding, hidden
content, media, locators and the parser's limits."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from zenconv_plugins.html.plugin import sniff

import zenconv
from zenconv.ir import (
    Code, CodeBlock, HardBreak, Heading, HiddenFacet, Image, Link, List, Span, Strong, Text,
)
from zenconv.reports import Unreadable

from .conftest import read_html

PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6364f8cf00000301010018dd8db00000000049454e44ae426082")


def blocks(html: str, **options):
    return read_html(html, **options).document.blocks


def test_blocks_map_by_the_allowlist():
    got = blocks("<h2>Title</h2><p>Para</p><blockquote>q</blockquote><pre class='language-sh'>\nls -l\n</pre>"
                 "<hr><ol start='4'><li>four</li></ol>")
    assert [type(b).__name__ for b in got] == ["Heading", "Paragraph", "BlockQuote", "CodeBlock", "ThematicBreak", "List"]
    assert got[0].level == 2
    assert (got[3].text, got[3].language) == ("ls -l", "sh")
    assert (got[5].ordered, got[5].start) == (True, 4)


def test_inline_runs_between_blocks_become_paragraphs():
    got = blocks("<div>loose <b>text</b><p>para</p>more</div>")
    assert [b.children for b in got] == [[Text("loose "), Strong([Text("text")])], [Text("para")], [Text("more")]]


def test_whitespace_is_laid_out_as_a_browser_does():
    (para,) = blocks("<p>  Fee <b>due </b>:\n  $1,<span>200</span>&nbsp;&nbsp;x <br> y </p>")
    assert para.children == [Text("Fee "), Strong([Text("due")]), Text(" : $1,200\u00a0\u00a0x"), HardBreak(), Text("y")]


def test_inline_formatting_and_links():
    (para,) = blocks('<p><em>e</em><i>i</i><code> a  b </code><a href="https://x.y/" title="T">l</a>'
                     '<a>no href</a><sup>s</sup><sub>u</sub><del>d</del><kbd>k</kbd></p>')
    kinds = [type(n).__name__ for n in para.children]
    assert kinds == ["Emphasis", "Emphasis", "Code", "Link", "Text", "Superscript", "Subscript", "Strikethrough",
                     "Code"]
    assert para.children[2] == Code(" a b ")
    assert para.children[3] == Link([Text("l")], "https://x.y/", "T")
    assert para.children[4] == Text("no href")


def test_a_link_around_blocks_wraps_each_of_their_inline_runs():
    got = blocks('<a href="https://x.y/"><h3>Head</h3><p>Body</p></a>')
    assert got[0] == Heading(3, [Link([Text("Head")], "https://x.y/")], locator=got[0].locator)
    assert got[1].children == [Link([Text("Body")], "https://x.y/")]


def test_lists_nest_and_take_stray_content_and_task_markers():
    (lst,) = blocks("<ul><li>a</li><ul><li>nested</li></ul><li><input type=checkbox checked> done</li>"
                    "<li><input type=checkbox>open</li></ul>")
    assert len(lst.items) == 3
    assert isinstance(lst.items[0].blocks[1], List)  # the <ul> outside any <li> joins the item before it
    assert [i.checked for i in lst.items] == [None, True, False]
    assert lst.items[1].blocks[0].children == [Text("done")]


def test_ordered_items_carry_the_label_a_browser_shows():
    def labels(html: str) -> list:
        (lst,) = blocks(html)
        return [item.label for item in lst.items]

    assert labels("<ol><li>a<li>b</ol>") == ["1.", "2."]
    assert labels("<ol start=4 type=a><li>x<li>y</ol>") == ["d.", "e."]
    assert labels("<ol type=I><li>x<li value=9>y<li>z</ol>") == ["I.", "IX.", "X."]  # value sets the count on
    assert labels("<ol reversed><li>x<li>y<li>z</ol>") == ["3.", "2.", "1."]
    assert labels("<ol type=A start=26><li>x<li>y<li type=i>z</ol>") == ["Z.", "AA.", "xxviii."]  # CSS's alphabet
    assert labels("<ul><li>x</ul>") == [None]
    md = zenconv.convert(b"<ol><li>one<li value=5>five</ol><ol type=a><li>x</ol>", to="markdown",
                         name="l.html").output.decode()
    assert md == "-   1\\. one\n-   5\\. five\n\n*   a. x\n"  # the numbers the page shows, not Markdown's 1. 2.
    plain = zenconv.convert(b"<ol start=3><li>three<li>four</ol>", to="markdown", name="l.html").output.decode()
    assert plain.startswith("3.  three\n4.  four")  # a plain sequence is Markdown's own numbering


def test_definition_lists_become_bullet_lists_and_say_so():
    result = read_html("<dl><dt>Term</dt><dd>One</dd><dd>Two</dd><div><dt>T2</dt><dd>D2</dd></div></dl>")
    (lst,) = result.document.blocks
    assert [[type(b).__name__ for b in i.blocks] for i in lst.items] == [["Paragraph"] * 3, ["Paragraph"] * 2]
    assert lst.items[0].blocks[0].children == [Strong([Text("Term")])]
    assert result.codes() == {"html.definition-list-degraded": 1}


def test_images_from_data_urls_go_to_the_resource_store_digested():
    import base64

    url = "data:image/png;base64," + base64.b64encode(PNG).decode()
    result = read_html(f'<p><img src="{url}" alt="dot"><img src="https://x.y/p.png" alt="ext"></p>')
    first, second = result.document.blocks[0].children[0], result.document.blocks[0].children[-1]
    resource = result.document.resources.get(first.source)
    assert resource.data == PNG and resource.sha256 == hashlib.sha256(PNG).hexdigest()
    assert resource.media_type == "image/png"
    assert second == Image("https://x.y/p.png", "ext")


def test_an_image_past_the_media_budget_leaves_its_alt_text():
    import base64

    url = "data:image/png;base64," + base64.b64encode(PNG).decode()
    result = read_html(f'<p><img src="{url}" alt="dot"></p>', max_media_bytes=10)
    assert result.document.blocks[0].children == [Text("dot")]
    assert result.codes() == {"html.image-over-budget": 1}


def test_metadata_comes_from_the_head():
    meta = read_html('<html lang="fr"><head><title> A  title </title><meta name="author" content="Ann">'
                     '<meta name="keywords" content="a, b"><meta name="dcterms.created" content="2024-01-02">'
                     '</head><body><p>x</p></body></html>').document.metadata
    assert (meta.title, meta.authors, meta.keywords, meta.created) == ("A title", ["Ann"], ["a", "b"], "2024-01-02")
    assert meta.extra == {"language": "fr"}


@pytest.mark.parametrize("data, encoding", [
    ('<meta charset="windows-1252"><p>caf\xe9 \u20ac</p>'.encode("cp1252"), "windows-1252"),
    ('<meta charset="iso-8859-1"><p>caf\xe9 \u20ac</p>'.encode("cp1252"), "windows-1252"),
    (b"\xef\xbb\xbf" + '<meta charset="iso-8859-1"><p>caf\xe9 \u20ac</p>'.encode(), "utf-8"),  # the BOM wins
    ('<meta charset="utf-16"><p>caf\xe9 \u20ac</p>'.encode(), "utf-8"),  # a byte scan read it: not UTF-16
    ('<meta charset="no-such-thing"><p>caf\xe9 \u20ac</p>'.encode(), "utf-8"),
])
def test_encoding_from_bom_then_meta_then_the_byte_scan(data, encoding):
    result = read_html(data)
    assert result.context.flags["encoding"] == encoding
    assert result.document.blocks[0].children == [Text("caf\xe9 \u20ac")]


def test_the_encoding_option_overrides_the_meta_and_an_unknown_one_refuses():
    result = read_html('<meta charset="utf-8"><p>\xe9</p>'.encode("cp1252"), encoding="latin1")
    assert result.document.blocks[0].children == [Text("\xe9")]
    with pytest.raises(Unreadable) as info:
        read_html(b"<p>x</p>", encoding="rot13")
    assert info.value.code == "html.unknown-encoding"


def test_stray_bytes_in_utf8_are_replaced_and_reported():
    result = read_html("<p>Renée</p>".encode() + b"<p>S\xe3o</p>")
    assert result.document.blocks[1].children == [Text("S\ufffdo")]
    assert result.codes() == {"html.undecodable-bytes": 1}


def test_hidden_content_is_kept_marked_or_skipped():
    html = '<p>shown</p><div hidden><p>gone</p></div><p>a <span style="display: none">b</span></p>'
    kept = blocks(html)
    assert kept[1].facets == (HiddenFacet(reason="html-hidden"),)
    assert kept[2].children == [Text("a "), Span([Text("b")], None, (HiddenFacet(reason="html-hidden"),))]
    skipped = read_html(html, hidden="skip")
    assert [b.children for b in skipped.document.blocks] == [[Text("shown")], [Text("a")]]
    assert skipped.codes() == {"html.hidden-skipped": 2}


def test_locators_are_source_lines():
    got = blocks("<html>\n<body>\n<h1>a</h1>\n\n<p>\nb</p>\n<ul>\n<li>c</li>\n</ul>\n</body></html>")
    assert [b.locator.line for b in got] == [3, 5, 7]
    assert got[2].items[0].locator.line == 8


def test_nesting_past_the_cap_is_kept_as_text():
    html = "<div>" * 120 + "<p>deep <b>text</b></p>" + "</div>" * 120
    result = read_html(html)
    assert [b.children for b in result.document.blocks] == [[Text("deep text")]]
    assert result.codes() == {"html.nesting-capped": 1}


def test_past_the_parsers_depth_limit_the_document_is_refused():
    html = "<div>" * 300 + "x" + "</div>" * 300
    with pytest.raises(Unreadable) as info:
        read_html(html)
    assert info.value.code == "html.parser-limit"
    result = zenconv.convert(html.encode(), to="markdown", name="deep.html")
    assert result.outcome == "unreadable" and not result.output


def test_unknown_elements_are_read_and_reported():
    result = read_html("<p><blink>old</blink> <custom-thing>new</custom-thing></p>")
    assert result.document.blocks[0].children == [Text("old new")]
    assert result.codes() == {"html.unhandled-construct": 2}


def test_code_blocks_keep_their_text_and_drop_htmls_first_newline():
    (code,) = blocks('<pre><code class="lang-js">\n  a &lt; b<br>c\n\n</code></pre>')
    assert code == CodeBlock("  a < b\nc\n", "js", locator=code.locator)


def test_an_empty_page_has_no_blocks():
    assert blocks("") == [] and blocks("   \n") == []


def test_the_sniffer_knows_a_page_without_a_name():
    assert sniff(b"\xef\xbb\xbf  <!DOCTYPE html><html>", None)
    assert sniff(b"<!-- x -->\n<html lang=en>", None)
    assert sniff("<!doctype html>".encode("utf-16-le").join([b"\xff\xfe", b""]), None)
    assert not sniff(b"# Markdown with <b>html</b>", None)


def test_reading_is_deterministic():
    from zenconv.ir.serialize import document_to_data

    html = (Path(__file__).parent / "golden" / "article.html").read_bytes()
    assert document_to_data(read_html(html).document) == document_to_data(read_html(html).document)
