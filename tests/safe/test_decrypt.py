"""Office files encrypted with a password: Excel's default one opens without asking, --password opens
the rest, the manifest says how (never the password), a wrong one is refused by name."""

from __future__ import annotations

import io
import json

import pytest

import zenconv
from zenconv.safe.decrypt import DEFAULT_PASSWORD

from ..xlsx.conftest import FX


def _encrypted(data: bytes, password: str) -> bytes:
    from msoffcrypto.format.ooxml import OOXMLFile

    out = io.BytesIO()
    OOXMLFile(io.BytesIO(data)).encrypt(password, out)
    return out.getvalue()


@pytest.fixture(scope="module")
def workbook() -> bytes:
    return FX.headed()


def test_default_password_workbook_converts_and_the_manifest_says_how(workbook):
    data = _encrypted(workbook, DEFAULT_PASSWORD)
    assert data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an OLE compound file, not a zip
    out = zenconv.convert(data, to="markdown", name="protected.xlsx")
    assert out.manifest["outcome"] == "converted"
    assert out.manifest["flags"]["decrypted"] == "default-password"
    assert "| Brand | Model | Price | Discount | From |" in out.output.decode()
    assert out.manifest["source"]["sha256"] != zenconv.convert(workbook, to="markdown",
                                                                name="plain.xlsx").manifest["source"]["sha256"]


def test_a_given_password_opens_it_and_is_never_recorded(workbook):
    data = _encrypted(workbook, "s3cret-Pa55")
    refused = zenconv.convert(data, to="markdown", name="locked.xlsx")
    assert refused.manifest["outcome"] == "unreadable"
    assert refused.manifest["reasons"] == ["host.encrypted-package"]
    wrong = zenconv.convert(data, to="markdown", name="locked.xlsx", password="nope")
    assert wrong.manifest["reasons"] == ["host.encrypted-package"]
    out = zenconv.convert(data, to="segments", name="locked.xlsx", password="s3cret-Pa55")
    assert out.manifest["outcome"] == "converted"
    assert out.manifest["flags"]["decrypted"] == "password"
    assert "s3cret-Pa55" not in json.dumps(out.manifest.to_dict())


def test_encrypted_word_documents_use_the_same_layer():
    import docx

    document = docx.Document()
    document.add_paragraph("Privileged and confidential")
    plain = io.BytesIO()
    document.save(plain)
    out = zenconv.convert(_encrypted(plain.getvalue(), DEFAULT_PASSWORD), to="markdown", name="memo.docx")
    assert out.manifest["flags"]["decrypted"] == "default-password"
    assert "Privileged and confidential" in out.output.decode()


def test_a_stated_plain_size_past_the_package_limit_is_refused(workbook):
    data = _encrypted(workbook, DEFAULT_PASSWORD)
    out = zenconv.convert(data, to="markdown", name="big.xlsx", max_package_bytes=1000)
    assert out.manifest["reasons"] == ["host.input-too-large"]
