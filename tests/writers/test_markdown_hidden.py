"""Hidden content, kept, is marked in Markdown where every renderer shows the mark.

HTML marks it with a class and segments with a field; Markdown's mark is a bracketed label. The test
renders with the five renderers of ``renderers.py``: each must show every label as text (not a link,
not lost in a comment), keep the hidden text itself, and stay inside the allowlist.
"""

from __future__ import annotations

import lxml.html
import pytest

import zenconv
from zenconv.ir import (
    Cell, ColumnSpec, Columns, Container, Document, Emphasis, Heading, HiddenFacet, List, ListItem, Paragraph, Row,
    Span, Table, Text,
)
from zenconv.writers.markdown.hidden import block_label, label_of

from .conftest import write_with
from .renderers import RENDERERS, html_problems

ROW = (HiddenFacet("hidden-row"),)


def _document() -> Document:
    sheet = (HiddenFacet("hidden-sheet"),)
    return Document(blocks=[
        Paragraph([Text("Shown "), Span([Text("secret words")], None, (HiddenFacet("vanish"),)), Text(" after.")]),
        Paragraph([Text("A paragraph the source hides.")], (HiddenFacet("vanish"),)),
        Heading(2, [Text("Ledger")], sheet),
        Table(rows=[Row(["visible", "1"]), Row(["concealed", "2"], ROW),
                    Row([Cell([Emphasis([Text("rich")])]), "3"], ROW)],
              columns=Columns(specs=[ColumnSpec(), ColumnSpec(facets=(HiddenFacet("hidden-column"),))]), facets=sheet),
        Container([Heading(1, [Text("Slide two")]), Paragraph([Text("On a hidden slide.")])], "slide",
                  (HiddenFacet("hidden-slide"),)),
        List(items=[ListItem([Paragraph([Text("an item")])])], facets=(HiddenFacet("html-hidden"),)),
    ])


def test_the_labels():
    assert label_of("vanish") == label_of("html-hidden") == label_of("hidden-text") == "hidden"
    assert label_of("very-hidden-sheet") == "very hidden sheet"
    assert label_of("invisible text") == "invisible text"
    assert label_of("collapsed") == "hidden (collapsed)"
    assert block_label((HiddenFacet("html-hidden"),), "row") == "[hidden row]"
    assert block_label(()) is None


def test_every_hidden_thing_is_labelled_where_it_is():
    md = write_with("markdown", _document()).text
    lines = md.splitlines()
    assert "Shown \\[hidden: secret words\\] after." in lines
    assert "\\[hidden\\] A paragraph the source hides." in lines
    assert "## Ledger \\[hidden sheet\\]" in lines
    assert "\\[hidden sheet\\]" not in lines  # the table right under its labelled heading is not labelled again
    assert "|  | \\[hidden column\\] |" in lines
    assert "| visible | 1 |" in lines  # a visible row is as it was
    assert "| \\[hidden row\\] concealed | 2 |" in lines
    assert "| \\[hidden row\\] *rich* | 3 |" in lines
    assert "# Slide two \\[hidden slide\\]" in lines
    listed = lines.index("\\[hidden\\]")
    assert lines[listed + 2] == "-   an item"


def test_a_hidden_paragraph_in_a_cell_is_labelled_as_in_the_body():
    vanish = (HiddenFacet("vanish"),)
    table = Table(rows=[Row([Cell([Text("Term")], header=True), Cell([Text("Note")], header=True)]),
                        Row([Cell([Paragraph([Text("secret")], vanish)]),
                             Cell([Paragraph([Text("shown")]), Paragraph([Text("concealed")], vanish),
                                   List(items=[ListItem([Paragraph([Text("item")])], facets=vanish)])])])])
    md = write_with("markdown", Document([table])).text
    assert "| \\[hidden\\] secret | shown<br>\\[hidden\\] concealed<br>- \\[hidden\\] item |" in md.splitlines()
    for renderer in sorted(RENDERERS):
        shown = " ".join(lxml.html.fragment_fromstring(RENDERERS[renderer](md), create_parent="div")
                         .text_content().split())
        assert "[hidden] secret" in shown and "[hidden] concealed" in shown, renderer


def test_a_hidden_slide_without_a_title_opens_with_its_label():
    doc = Document(blocks=[Container([Paragraph([Text("one")])], "slide"),
                           Container([Paragraph([Text("two")])], "slide", (HiddenFacet("hidden-slide"),))])
    assert write_with("markdown", doc).text.splitlines() == ["one", "", "\\[hidden slide\\]", "", "two"]


def test_nothing_is_marked_when_nothing_is_hidden():
    doc = Document(blocks=[Paragraph([Text("plain")]), Table(rows=[Row(["a", "b"])])])
    assert "hidden" not in write_with("markdown", doc).text


@pytest.mark.parametrize("renderer", sorted(RENDERERS))
def test_every_renderer_shows_each_label_and_the_hidden_text(renderer):
    md = write_with("markdown", _document()).text
    page = RENDERERS[renderer](md)
    assert html_problems(page) == []
    tree = lxml.html.fragment_fromstring(page, create_parent="div")
    shown = " ".join(tree.text_content().split())
    for visible in ("[hidden: secret words]", "[hidden] A paragraph", "Ledger [hidden sheet]", "[hidden column]",
                    "[hidden row] concealed", "Slide two [hidden slide]", "[hidden] an item", "On a hidden slide."):
        assert visible in shown, (renderer, visible)
    assert not tree.xpath("//a"), "a label must never read as a link"


def test_a_hidden_sheet_row_and_column_through_the_reader(tmp_path):
    import io

    import xlsxwriter

    buf = io.BytesIO()
    book = xlsxwriter.Workbook(buf, {"in_memory": True})
    shown = book.add_worksheet("Shown")
    shown.write_row(0, 0, ["a", "b", "c"])
    shown.write_row(1, 0, ["d", "e", "f"])
    shown.set_row(1, None, None, {"hidden": True})
    shown.set_column("B:B", None, None, {"hidden": True})
    book.add_worksheet("Secret").write("A1", "x")
    book.worksheets()[1].hide()
    book.close()
    md = zenconv.convert(buf.getvalue(), name="a.xlsx").output.decode()
    assert "|  | \\[hidden column\\] |  |" in md and "| \\[hidden row\\] d | e | f |" in md
    assert "## Secret \\[hidden sheet\\]" in md
    skipped = zenconv.convert(buf.getvalue(), name="a.xlsx", hidden="skip").output.decode()
    assert "hidden" not in skipped  # skipped, and reported: nothing left to mark
