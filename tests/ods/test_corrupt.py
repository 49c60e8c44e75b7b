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


def _with_part(name: str, data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(FX.raw_ods(SHEET.replace("<table:table-cell/>", CELL)))) as src, \
            zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            content = src.read(info)
            if info.filename == name:
                content = data
            dst.writestr(info, content)
        if name not in src.namelist():
            dst.writestr(name, data)
    return out.getvalue()


CELL = '<table:table-cell office:value-type="string"><text:p>kept</text:p></table:table-cell>'
MANIFEST = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
            b'<!DOCTYPE manifest:manifest PUBLIC "-//OpenOffice.org//DTD Manifest 1.0//EN" "Manifest.dtd">\n'
            b'<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            b'<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            b'<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')


def test_openoffices_manifest_doctype_is_read():
    result = zenconv.convert(_with_part("META-INF/manifest.xml", MANIFEST), name="book.ods")
    assert result.outcome == "converted"
    assert [r["code"] for r in result.manifest["reports"] if r["code"].startswith("ods.")] == []
    assert "kept" in result.output.decode()


@pytest.mark.parametrize("part", ["META-INF/manifest.xml", "styles.xml", "meta.xml"])
def test_an_internal_subset_outside_content_refuses_that_part_only(part):
    hostile = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>'
    result = zenconv.convert(_with_part(part, hostile), name="book.ods")
    assert result.outcome == "needs_review"
    (report,) = [r for r in result.manifest["reports"] if r["code"].startswith("ods.")]
    assert (report["code"], report["details"]) == ("ods.part-refused", [f"{part}: ods.doctype-refused"])
    assert "kept" in result.output.decode()
