"""OpenOffice's DOCTYPEs (no internal subset) are read; an internal subset outside content.xml refuses
only its part, reported, and the document is read without it; in content.xml it refuses the document."""

from __future__ import annotations

import zipfile

import pytest

import zenconv
from zenconv.ir import Locator, plain_text
from zenconv.reports import Unreadable

from .conftest import read_odt


def test_a_manifest_and_a_formula_with_openoffices_doctypes_are_read(docs):
    with zipfile.ZipFile(docs["formula"]) as z:  # the fixture is what it claims
        assert b"<!DOCTYPE manifest:manifest PUBLIC" in z.read("META-INF/manifest.xml")
        assert b"<!DOCTYPE math:math PUBLIC" in z.read("Object 1/content.xml")
    got = read_odt(docs["formula"])
    assert "The formula E = m c^2" in plain_text(got.document.blocks)
    assert got.codes() == {"odt.math-as-text": 1}


def test_an_internal_subset_in_an_embedded_object_refuses_that_object_only(docs):
    got = read_odt(docs["object-subset"])
    assert "The formula" in plain_text(got.document.blocks)
    assert "E = m c^2" not in plain_text(got.document.blocks)
    report = got.reporter.matching("odt.part-refused")[0]
    assert report.locators == [Locator(part="Object 1/content.xml")]
    assert report.details == ["Object 1/content.xml: odt.doctype-refused"]
    result = zenconv.convert(docs["object-subset"])
    assert result.outcome == "needs_review"


def test_an_internal_subset_in_styles_refuses_the_styles_only(docs):
    got = read_odt(docs["styles-subset"])
    assert got.reporter.matching("odt.part-refused")[0].details == ["styles.xml: odt.doctype-refused"]
    assert "odt.headers-footers-dropped" not in got.codes()  # they live in the part refused
    assert plain_text(got.document.blocks) == plain_text(read_odt(docs["text"], furniture="drop").document.blocks)


def test_an_internal_subset_in_the_body_still_refuses_the_document(docs):
    with pytest.raises(Unreadable) as caught:
        read_odt(docs["doctype"])
    assert caught.value.code == "odt.doctype-refused"
