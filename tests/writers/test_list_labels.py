"""List labels as the source shows them, through every writer: Markdown numbers a list only when its
labels are the plain sequence it would write, else each label is text that all five renderers show;
HTML shows a label the browser would not; segments and plain text start the item with it."""

from __future__ import annotations

import json

import lxml.html
import pytest

from zenconv.ir import CodeBlock, Document, List, ListItem, Paragraph, Table, Text
from zenconv.ir.nodes import Cell, Row
from zenconv.ir.walk import plain_text

from .conftest import write_with
from .renderers import RENDERERS


def _item(text: str, label: str | None, *nested) -> ListItem:
    return ListItem([Paragraph([Text(text)]), *nested], label=label)


def _clauses() -> List:
    return List([_item("The tenant pays.", "(i)"),
                 _item("The landlord repairs.", "(ii)", List([_item("the roof", "a)"), _item("the walls", "b)")],
                                                             ordered=True))],
                ordered=True)


def _md(*blocks) -> str:
    return write_with("markdown", Document(list(blocks))).text


def _items(html: str) -> list[tuple[int, str]]:
    """(depth, own text) of every rendered <li>, its sublists' text left out."""
    root = lxml.html.fromstring(f"<div>{html}</div>")
    out = []
    for li in root.iter("li"):
        depth = sum(1 for a in li.iterancestors() if a.tag in ("ul", "ol"))
        own = "".join(li.text or "") + "".join(
            (child.text_content() if child.tag not in ("ul", "ol") else "") + (child.tail or "") for child in li)
        out.append((depth, " ".join(own.split())))
    return out


@pytest.mark.parametrize("renderer", sorted(RENDERERS))
def test_every_renderer_shows_the_labels_and_the_nesting(renderer):
    html = RENDERERS[renderer](_md(_clauses()))
    assert _items(html) == [(1, "(i) The tenant pays."), (1, "(ii) The landlord repairs."), (2, "a) the roof"),
                            (2, "b) the walls")]


def test_labels_that_are_markdown_s_own_numbers_stay_numbers():
    plain = List([_item("one", "3."), _item("two", "4.")], ordered=True, start=3)
    paren = List([_item("one", "1)"), _item("two", "2)")], ordered=True)
    assert _md(plain) == "3.  one\n4.  two\n"
    assert _md(paren) == "1)  one\n2)  two\n"
    assert not write_with("markdown", Document([plain, paren])).reporter.reports
    # a sequence that does not follow from the start is not Markdown's: the labels are kept as text
    skipped = List([_item("one", "1."), _item("three", "3.")], ordered=True)
    assert _md(skipped) == "-   1\\. one\n-   3\\. three\n"


def test_a_restart_right_after_a_numbered_list_switches_delimiter_and_says_so():
    first = List([_item("one", "1."), _item("two", "2.")], ordered=True)
    again = List([_item("one again", "1.")], locator=None, ordered=True)
    written = write_with("markdown", Document([first, again]))
    # "1." again would continue the first list (1, 2, 3): ")" keeps them apart, the numbers are the source's
    assert written.text == "1.  one\n2.  two\n\n1)  one again\n"
    [report] = written.reporter.matching("to-md.list-delimiter-changed")
    assert report.count == 1 and report.details == ["1. as 1)"]


def test_bare_numbers_are_numbered_with_a_period_and_reported():
    bare = List([_item("First section", "1", List([_item("Sub one", "1.1")], ordered=True)),
                 _item("Second section", "2")], ordered=True)
    written = write_with("markdown", Document([bare]))
    assert written.text == "1.  First section\n    -   1.1 Sub one\n2.  Second section\n"
    assert written.reporter.matching("to-md.list-delimiter-changed")[0].details == ["1 as 1."]
    assert not write_with("markdown", Document([_clauses()])).reporter.reports


def test_a_label_is_escaped_text_and_an_item_without_a_paragraph_still_shows_it():
    hostile = List([_item("x", "# [a](javascript:alert(1)) <b>"), ListItem([CodeBlock("code")], label="1.")],
                   ordered=True)
    md = _md(hostile)
    # the label paragraph before the code block makes the list loose: else the block would continue it
    assert md == "-   \\# \\[a\\](javascript:alert(1)) &lt;b&gt; x\n\n-   1\\.\n\n    ```\n    code\n    ```\n"
    for name, render in RENDERERS.items():
        html = render(md)
        assert "<b>" not in html and "<h1>" not in html and "<a " not in html, name
        assert "<code>code" in html and "1." in html, name


def test_html_shows_labels_the_browser_would_not():
    page = write_with("html", Document([_clauses(), List([_item("three", "3.")], ordered=True, start=3)])).text
    assert '<ol class="labelled">\n<li><span class="label">(i)</span> The tenant pays.</li>' in page
    assert '<span class="label">a)</span> the roof' in page
    assert '<ol start="3">\n<li>three</li>' in page  # the browser's own "3." is not written twice
    assert ".labelled { list-style: none; padding-left: 1.5rem; }" in page


def test_segments_and_plain_text_start_the_item_with_its_label():
    records = [json.loads(line) for line in write_with("segments", Document([_clauses()])).text.splitlines()]
    assert [(r["text"], r.get("label")) for r in records] == [
        ("(i) The tenant pays.", "(i)"), ("(ii) The landlord repairs.", "(ii)"), ("a) the roof", "a)"),
        ("b) the walls", "b)")]
    assert plain_text([_clauses()]) == "(i) The tenant pays. (ii) The landlord repairs. a) the roof b) the walls"
    cell = Table(rows=[Row([Cell([Paragraph([Text("Terms")]), _clauses()])])])
    assert "(ii) The landlord repairs." in write_with("segments", Document([cell])).text
    assert "<br>(ii) The landlord repairs. a) the roof b) the walls |" in _md(cell)


def test_a_list_without_labels_is_written_as_before():
    assert _md(List([_item("one", None), _item("two", None)], ordered=True, start=7)) == "7.  one\n8.  two\n"
    assert _md(List([_item("dot", None)]), List([_item("star", None)])) == "-   dot\n\n*   star\n"
