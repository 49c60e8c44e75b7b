"""A corrupt, encrypted or mistaken ODS ends cleanly: unreadable, by code, with a manifest."""

from __future__ import annotations

import io
import zipfile

import pytest

import zenconv

from .conftest import FX

SHEET = '<table:table table:name="S"><table:table-row><table:table-cell/></table:table-row></table:table>'
ENCRYPTED = ('<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA">'
             '<manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="AAAA"/>'
             '</manifest:encryption-data>')


def _without_content() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(FX.raw_ods(SHEET))) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "content.xml":
                dst.writestr(info, src.read(info))
    return out.getvalue()


CASES = {
    "not a zip": (b"just text", "ods.not-a-zip"),
    "encrypted": (FX.raw_ods(SHEET, manifest_extra=ENCRYPTED), "ods.encrypted-package"),
    "a text document": (FX.raw_ods(SHEET, mimetype="application/vnd.oasis.opendocument.text"), "ods.not-a-spreadsheet"),
    "no content.xml": (_without_content(), "ods.missing-content"),
    "content that does not parse": (FX.raw_ods('<table:table table:name="S"><table:table-row>'), "ods.xml-malformed"),
    "truncated zip": (FX.values()[:600], "ods.zip-corrupt"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_refused_by_code(name):
    data, code = CASES[name]
    result = zenconv.convert(data, to="markdown", name="book.ods", from_="ods")
    assert (result.outcome, result.manifest["reasons"]) == ("unreadable", [code])


def test_doctype_in_content_is_refused():
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(FX.raw_ods(SHEET))) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            content = src.read(info)
            if info.filename == "content.xml":
                content = content.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY e "boom">]>', 1)
            dst.writestr(info, content)
    result = zenconv.convert(out.getvalue(), to="markdown", name="book.ods", from_="ods")
    assert result.manifest["reasons"] == ["ods.doctype-refused"]
