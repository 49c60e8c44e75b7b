"""A PDF list item keeps its enumerator as printed ("1)", "(a)", "iv."): its label, which the writers
show, so "1)" is not rewritten "1."."""

from __future__ import annotations

import zenconv

from . import make_fixtures as mf
from .conftest import text_of


def _enumerated(path) -> None:
    c = mf._canvas(path)
    y = 780
    mf.text(c, 60, y, "Clauses numbered the way the page prints them.")
    for labels in (["1)", "2)", "3)"], ["(a)", "(b)"], ["i.", "ii.", "iii."]):
        y -= 24
        for label, word in zip(labels, ["Alpha", "Beta", "Gamma"]):
            mf.text(c, 70, y, label)
            mf.text(c, 90, y, f"{word} clause of the list")
            y -= 12
        mf.text(c, 60, y - 12, "A paragraph between the lists.")
        y -= 24
    c.showPage()
    c.save()


def test_enumerators_are_the_item_labels_and_the_markdown_keeps_them(tmp_path, read_pdf):
    path = tmp_path / "enumerated.pdf"
    _enumerated(path)
    lists = read_pdf(path).lists
    assert [[i.label for i in lst.items] for lst in lists] == [["1)", "2)", "3)"], ["(a)", "(b)"],
                                                               ["i.", "ii.", "iii."]]
    assert text_of(lists[0].items[0]) == "Alpha clause of the list"  # the label is not in the text twice
    md = zenconv.convert(path.read_bytes(), to="markdown", name="enumerated.pdf").output.decode()
    assert "1)  Alpha clause of the list\n2)  Beta" in md
    assert "-   (a) Alpha clause of the list\n" in md and "-   ii. Beta clause of the list\n" in md
