"""The styled HTML page: its policy and hashes, --css and --no-style, the title, padded tables with numeric
columns, hidden content, tracked changes and their legend, the contents."""

from __future__ import annotations

import base64
import hashlib
import re

import lxml.html
import pytest

from zenconv.ir import (
    Cell, Container, Document, Heading, HiddenFacet, Metadata, Paragraph, RevisionFacet, Row, Span, Table, Text,
)
from zenconv.writers.html.page import page_title

from .conftest import write_with


def tree_of(text: str):
    return lxml.html.document_fromstring(text)


def policy_of(text: str) -> dict[str, list[str]]:
    content = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text).group(1)
    return {part.split()[0]: part.split()[1:] for part in content.split("; ")}


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_policy_allows_exactly_the_pages_styles_and_script_by_hash(tmp_path):
    css = tmp_path / "site.css"
    css.write_text("main { max-width: 50rem }\n", encoding="utf-8")
    for options, sheets in (({}, 1), ({"css": str(css)}, 2), ({"css": str(css), "no_style": True}, 1),
                            ({"no_style": True}, 0)):
        text = write_with("html", Document([Paragraph([Text("x")])]), **options).text
        tree = tree_of(text)
        styles = [s.text for s in tree.iter("style")]
        (script,) = [s.text for s in tree.iter("script")]
        csp = policy_of(text)
        assert csp["default-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
        assert csp["script-src"] == [sha(script)]
        assert csp["style-src"] == ([sha(s) for s in styles] or ["'none'"])
        assert csp["img-src"] == ["'self'"]
        assert len(styles) == sheets
        if options.get("css"):
            assert styles[-1] == "main { max-width: 50rem }\n"
        if sheets and not options.get("no_style"):
            assert "prefers-color-scheme: dark" in styles[0] and "@media print" in styles[0]


def test_images_are_allowed_only_from_where_the_url_policy_takes_them():
    doc = Document([Paragraph([Text("x")])])
    assert policy_of(write_with("html", doc, embed_media=True).text)["img-src"] == ["'self'", "data:"]
    assert policy_of(write_with("html", doc, remote_images="keep").text)["img-src"] == ["'self'", "https:", "http:"]


def test_a_stylesheet_of_yours_cannot_close_its_element(tmp_path):
    css = tmp_path / "evil.css"
    css.write_bytes(b"p{}</STYLE><script>alert(1)</script></style >\x00")
    text = write_with("html", Document([Paragraph([Text("x")])]), css=str(css)).text
    tree = tree_of(text)
    assert len(list(tree.iter("script"))) == 1  # the page's own
    assert tree.findall(".//style")[-1].text == "p{}<\\/STYLE><script>alert(1)<\\/script><\\/style >\ufffd"


def test_a_missing_stylesheet_is_the_requests_fault(tmp_path):
    from zenconv import UsageError, convert

    with pytest.raises(UsageError, match="no such file"):
        convert(b"a,b\n1,2\n", to="html", name="x.csv", css=str(tmp_path / "nothere.css"))


@pytest.mark.parametrize("metadata, name, title", [
    (Metadata(title="Report"), "x.docx", "Report"),
    (Metadata(title="  "), "dir/x.docx", "x.docx"),
    (Metadata(), "C:\\docs\\claim.xlsx", "claim.xlsx"),
    (Metadata(), None, "Document"),
    (Metadata(), "-", "Document"),
])
def test_the_title_is_the_metadatas_else_the_source_name(metadata, name, title):
    assert page_title(metadata, name) == title


def test_the_title_through_the_api_is_the_file_name():
    from zenconv import convert

    text = convert(b"a,b\n1,2\n", to="html", name="claims.csv").output.decode()
    assert tree_of(text).findtext(".//title") == "claims.csv"


def test_rows_are_padded_to_the_grid_width_and_numeric_columns_marked():
    rows = [Row([Cell([Text("Item")], header=True), Cell([Text("Amount")], header=True), Cell([Text("Note")], header=True)]),
            Row(["Rent", "1,000.50"]),
            Row([Cell([Text("Tax")], row_span=2), "(12.5%)", "x"]),
            Row(["€ 4 500"]),  # its first column covered by the span above
            Row(["Total", "", "more", "extra"])]
    text = write_with("html", Document([Table(rows=iter(rows))])).text
    table = tree_of(text).find(".//div[@class='table-wrap']/table")
    got = [[(c.tag, c.get("class"), c.text_content()) for c in tr] for tr in table.iter("tr")]
    assert got == [
        [("th", None, "Item"), ("th", "num", "Amount"), ("th", None, "Note"), ("td", None, "")],
        [("td", None, "Rent"), ("td", "num", "1,000.50"), ("td", None, ""), ("td", None, "")],
        [("td", None, "Tax"), ("td", "num", "(12.5%)"), ("td", None, "x"), ("td", None, "")],
        [("td", "num", "€ 4 500"), ("td", None, ""), ("td", None, "")],  # column 0 covered by "Tax": 1 + 1 + 2 pads
        [("td", None, "Total"), ("td", "num", ""), ("td", None, "more"), ("td", None, "extra")],
    ]
    assert "\x01" not in text and "\x02" not in text


def test_a_column_with_any_text_is_not_numeric():
    rows = [Row(["1", "2"]), Row(["3", "n/a"]), Row(["", "4"])]
    table = tree_of(write_with("html", Document([Table(rows=iter(rows))])).text).find(".//table")
    assert [[c.get("class") for c in tr] for tr in table.iter("tr")] == [["num", None]] * 3


def test_padding_that_would_multiply_the_output_is_left_out_and_reported():
    rows = [Row(["x"] * 20_000)] + [Row(["y"]) for _ in range(250)]  # 5M padding cells, past 2**22
    written = write_with("html", Document([Table(rows=iter(rows))]))
    assert written.codes == {"to-html.table-rows-unpadded": 1}
    assert written.text.count("<td></td>") <= 1 << 22  # the padding written stays within the bound
    assert written.text.count("<td>y</td></tr>") > 0 and written.text.rstrip().count("<tr>") == 251


def test_held_rows_past_the_bound_are_not_padded_at_all():
    rows = [Row(["y"]) for _ in range(250)] + [Row(["x"] * 20_000)]  # the wide row last: all held together
    written = write_with("html", Document([Table(rows=iter(rows))]))
    assert written.codes == {"to-html.table-rows-unpadded": 1}
    assert written.text.count("<td>y</td></tr>") == 250 and "<td></td>" not in written.text


def test_a_long_table_streams_past_its_first_rows():
    """Rows after the held ones are written as they arrive: the output cap can cut a long table."""
    from zenconv import convert

    rows = "".join(f"{i},name {i},{i * 3}\n" for i in range(20_000)).encode()
    result = convert(rows, name="rows.csv", to="html", max_output_bytes="100K")
    assert result.outcome == "needs_review" and "host.output-truncated" in result.manifest["reasons"]
    page = tree_of(result.output.decode())
    first = page.find(".//tbody/tr")
    assert [c.get("class") for c in first] == ["num", None, "num"]  # decided from the held rows


def test_a_cell_with_a_code_block_keeps_its_line_breaks_through_the_spool():
    from zenconv.ir import CodeBlock

    rows = [Row([Cell([CodeBlock("a\nb")]), "2"])]
    text = write_with("html", Document([Table(rows=iter(rows))])).text
    assert "<pre><code>a\nb</code></pre>" in text and "\x00" not in text


def test_hidden_containers_and_tables_are_open_collapsible_details():
    doc = Document([Container([Paragraph([Text("secret slide")])], class_="slide", facets=(HiddenFacet("hidden-slide"),)),
                    Table(rows=iter([Row(["v"])]), facets=(HiddenFacet("hidden-sheet"),)),
                    Paragraph([Text("shown")])])
    tree = tree_of(write_with("html", doc).text)
    details = tree.findall(".//main/details")
    assert [(d.get("class"), d.get("open"), d.findtext("summary")) for d in details] == [
        ("hidden-content", "", "Hidden in the source: hidden-slide"),
        ("hidden-content", "", "Hidden in the source: hidden-sheet")]
    assert details[0].find("div").get("data-hidden") == "hidden-slide"
    assert details[1].find("div/table").get("class") == "hidden"
    assert tree.find(".//main/p").text == "shown"


def test_tracked_changes_say_who_and_when_on_hover_and_in_a_legend():
    doc = Document([Paragraph([Span([Text("new")], facets=(RevisionFacet("insertion", "Ann", "2024-05-01"),)),
                               Span([Text("old")], facets=(RevisionFacet("deletion", "Bob"),)),
                               Span([Text("moved")], facets=(RevisionFacet("move-to", "Ann"),)),
                               Span([Text("again")], facets=(RevisionFacet("insertion", "Cy"),))])])
    tree = tree_of(write_with("html", doc).text)
    p = tree.find(".//main/p")
    assert [(e.tag, e.get("class"), e.get("title")) for e in p] == [
        ("ins", "rev-insertion", "Inserted by Ann, 2024-05-01"), ("del", "rev-deletion", "Deleted by Bob"),
        ("ins", "rev-move-to", "Moved here by Ann"), ("ins", "rev-insertion", "Inserted by Cy")]
    legend = tree.findall(".//nav//div[@class='legend']/ul/li")
    assert [li.text_content() for li in legend] == ["Inserted Ann, Cy", "Deleted Bob", "Moved here Ann"]


def test_the_contents_list_the_bodys_headings_to_level_three():
    doc = Document([Heading(1, [Text("One")]), Heading(4, [Text("Deep")]),
                    Container([Heading(2, [Text("Slide")])], class_="slide"),
                    Table(rows=iter([Row([Cell([Heading(2, [Text("In a cell")])])])])),
                    Heading(2, [Text("One")])])
    tree = tree_of(write_with("html", doc).text)
    entries = tree.findall(".//nav[@class='contents']/ol/li")
    assert [(li.get("class"), li.find("a").get("href"), li.text_content()) for li in entries] == [
        ("toc-1", "#one", "One"), ("toc-2", "#slide", "Slide"), ("toc-2", "#one-1", "One")]
    assert [h.get("id") for h in tree.find(".//main").iter("h1", "h2")] == ["one", "slide", "in-a-cell", "one-1"]


def test_no_contents_and_no_legend_no_nav():
    assert tree_of(write_with("html", Document([Paragraph([Text("x")])])).text).find(".//nav") is None


def test_the_page_is_deterministic(tmp_path):
    from .rich_document import rich_document

    first = write_with("html", rich_document(), rich_document().resources).text
    assert write_with("html", rich_document(), rich_document().resources).text == first
