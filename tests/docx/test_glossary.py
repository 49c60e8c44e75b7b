"""The glossary document: a content control's placeholder displayed when it has no text of its own, every
entry not displayed reported with its text; the conservation check walks the glossary part."""

from __future__ import annotations

from zenconv.conservation import check
from zenconv.ir.nodes import Container, Span
from zenconv.ir.walk import walk

from .conftest import FX, read_docx, text


def test_a_placeholder_is_carried_whether_the_body_or_only_the_glossary_holds_its_text():
    found = read_docx(FX.glossary()).document.blocks
    assert [text(b) for b in found] == ["Name: Click here to enter text.", "Date: Click to enter a date.",
                                        "Enter the party's name. And its address.", "Filled: Acme Ltd"]
    assert [s.class_ for s in walk(found[1:2]) if isinstance(s, Span)] == ["date"]
    assert isinstance(found[2], Container) and found[2].class_ == "party"


def test_entries_not_displayed_are_reported_with_their_text():
    report = next(r for r in read_docx(FX.glossary()).reporter.reports if r.code.code == "docx.glossary-dropped")
    assert report.count == 2
    assert report.details == ["DefaultPlaceholder_1 (a content control's placeholder)", "Signature block"]
    assert report.quotes == ["Click here to enter text.", "Yours faithfully, The Board"]
    assert report.locators[0].part == "word/glossary/document.xml"


def test_a_glossary_that_does_not_parse_is_reported_and_the_body_read():
    data = FX.package(FX.p("Body."), rels={"rIdGlossary": ("glossaryDocument", "glossary/document.xml", False)},
                      parts={"word/glossary/document.xml": "<w:glossaryDocument"})
    result = read_docx(data)
    assert text(result.document.blocks) == "Body."
    assert result.codes()["docx.glossary-dropped"] == 1


def test_the_conservation_check_counts_the_glossary_part(tmp_path):
    path = tmp_path / "g.docx"
    path.write_bytes(FX.glossary())
    parts = {part.name: part for part in check(path).parts}
    assert parts["word/glossary/document.xml"].tokens > 0
    assert not parts["word/glossary/document.xml"].unaccounted
