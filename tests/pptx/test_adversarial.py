"""Hostile or broken packages are refused by code, never with a traceback."""

from __future__ import annotations

import pytest

from zenconv.reports import Unreadable

from .conftest import read_deck


@pytest.mark.parametrize("name, code", [
    ("doctype", "pptx.doctype-refused"),
    ("malformed", "pptx.xml-malformed"),
    ("deep", "pptx.xml-too-deep"),
    ("no-presentation", "pptx.no-presentation"),
    ("not-a-zip", "pptx.not-a-zip"),
])
def test_refused_by_code(decks, name, code):
    with pytest.raises(Unreadable) as caught:
        read_deck(decks[name])
    assert caught.value.code == code


def test_a_docx_read_as_pptx_is_refused(tmp_path):
    import docx

    path = tmp_path / "letter.pptx"
    document = docx.Document()
    document.add_paragraph("not a deck")
    document.save(path)
    with pytest.raises(Unreadable) as caught:
        read_deck(path)
    assert caught.value.code == "pptx.no-presentation"
