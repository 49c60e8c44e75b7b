"""Encrypted, hostile or mistyped packages are refused by code."""

from __future__ import annotations

import pytest

from zenconv.reports import Unreadable

from .conftest import read_odp, read_odt


@pytest.mark.parametrize("name, code", [
    ("encrypted", "odt.encrypted-package"),
    ("doctype", "odt.doctype-refused"),
    ("no-content", "odt.wrong-document-type"),
    ("sheet", "odt.wrong-document-type"),
    ("slides", "odt.wrong-document-type"),
])
def test_odt_refusals(docs, name, code):
    with pytest.raises(Unreadable) as caught:
        read_odt(docs[name])
    assert caught.value.code == code


def test_odp_refuses_a_text_document(docs):
    with pytest.raises(Unreadable) as caught:
        read_odp(docs["text"])
    assert caught.value.code == "odp.wrong-document-type"


def test_not_a_zip(tmp_path):
    path = tmp_path / "x.odt"
    path.write_bytes(b"plain text, not a package")
    with pytest.raises(Unreadable) as caught:
        read_odt(path)
    assert caught.value.code == "odt.not-a-zip"
