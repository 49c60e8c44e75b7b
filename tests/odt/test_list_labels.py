"""ODT list labels as the list style shows them: ``style:num-prefix``, the numbers of the last
``text:display-levels`` levels in their own ``style:num-format``, ``style:num-suffix``."""

from __future__ import annotations

from odf import text
from odf.opendocument import OpenDocumentText

import zenconv

from .conftest import read_odt
from ..conftest import list_labels


def _labelled(path) -> None:
    doc = OpenDocumentText()
    clauses = text.ListStyle(name="L1")
    clauses.addElement(text.ListLevelStyleNumber(level=1, numformat="A", numprefix="Article ", numsuffix="."))
    clauses.addElement(text.ListLevelStyleNumber(level=2, numformat="1", numsuffix=".", displaylevels=2))
    clauses.addElement(text.ListLevelStyleNumber(level=3, numformat="i", numprefix="(", numsuffix=")",
                                                 startvalue=2))
    doc.automaticstyles.addElement(clauses)
    foreign = text.ListStyle(name="L2")
    foreign.addElement(text.ListLevelStyleNumber(level=1, numformat="١", numsuffix="."))
    doc.automaticstyles.addElement(foreign)

    def items(parent, labels, deeper=None):
        for k, label in enumerate(labels):
            item = text.ListItem()
            item.addElement(text.P(text=label))
            if deeper and k == 0:
                inner = text.List()
                deeper(inner)
                item.addElement(inner)
            parent.addElement(item)

    top = text.List(stylename=clauses)
    items(top, ["Definitions", "Rent"],
          lambda second: items(second, ["Scope", "Terms"], lambda third: items(third, ["first", "second"])))
    doc.text.addElement(top)
    other = text.List(stylename=foreign)
    items(other, ["Foreign digits"])
    doc.text.addElement(other)
    plain = text.ListStyle(name="L3")
    plain.addElement(text.ListLevelStyleNumber(level=1, numformat="1", numsuffix="."))
    doc.automaticstyles.addElement(plain)
    headed = text.List(stylename=plain)
    header = text.ListHeader()
    header.addElement(text.P(text="A header takes no number"))
    headed.addElement(header)
    items(headed, ["first", "second"])
    doc.text.addElement(headed)
    doc.save(str(path))


def test_prefix_display_levels_and_suffix_make_the_label(tmp_path):
    path = tmp_path / "labelled.odt"
    _labelled(path)
    result = read_odt(path)
    assert list_labels(result.document.blocks) == ["Article A.", "A.1.", "(ii)", "(iii)", "A.2.", "Article B.", "1.",
                                                      None, "1.", "2."]
    [unsupported] = result.reporter.matching("odt.list-format-unsupported")
    assert unsupported.details == ["١"]
    md = zenconv.convert(path.read_bytes(), to="markdown", name="labelled.odt").output.decode()
    assert "-   Article A. Definitions\n    -   A.1. Scope\n        -   (ii) first\n" in md
    assert "1.  Foreign digits" in md  # decimal, reported: a plain sequence Markdown numbers


def test_a_long_prefix_or_suffix_is_cut_to_the_label_bound_and_reported(tmp_path):
    doc = OpenDocumentText()
    style = text.ListStyle(name="L1")
    style.addElement(text.ListLevelStyleNumber(level=1, numformat="1", numprefix="P" * 150, numsuffix="."))
    doc.automaticstyles.addElement(style)
    items = text.List(stylename=style)
    for words in ("one", "two"):
        item = text.ListItem()
        item.addElement(text.P(text=words))
        items.addElement(item)
    doc.text.addElement(items)
    path = tmp_path / "long.odt"
    doc.save(str(path))
    result = read_odt(path)
    assert list_labels(result.document.blocks) == ["P" * 100 + "1.", "P" * 100 + "2."]
    assert result.codes() == {"odt.list-label-cut": 2}
    result = read_odt(path, max_label_chars=10)
    assert list_labels(result.document.blocks) == ["P" * 10 + "1.", "P" * 10 + "2."]
    assert read_odt(path, max_label_chars=200).codes() == {}
    manifest = zenconv.convert(path.read_bytes(), to="markdown", name="long.odt", max_label_chars=10).manifest
    assert manifest["limits"]["max-label-chars"] == 10
