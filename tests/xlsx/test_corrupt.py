"""A corrupt or hostile spreadsheet ends cleanly: outcome unreadable, a named code, a manifest, no traceback."""

from __future__ import annotations

import importlib.util
import io
import sys
import zipfile
from pathlib import Path

import pytest

import zenconv

from .conftest import FX

ROOT = Path(__file__).resolve().parents[2]


def _adversarial():
    spec = importlib.util.spec_from_file_location("zenconv_adversarial", ROOT / "adversarial" / "generate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def outcome(data: bytes, **options) -> tuple[str, list[str]]:
    result = zenconv.convert(data, to="markdown", name="book.xlsx", from_="xlsx", **options)
    return result.outcome, result.manifest["reasons"]


def _replace(data: bytes, part: str, content: bytes | None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != part:
                dst.writestr(info, src.read(info))
            elif content is not None:
                dst.writestr(info, content)
    return out.getvalue()


GOOD = FX.ledger(20)

CASES = {
    "not a zip": (b"Name,Amount\nRent,1000\n", "xlsx.not-a-zip"),
    "truncated zip": (GOOD[: len(GOOD) // 2], "xlsx.zip-corrupt"),
    "no workbook part": (_replace(GOOD, "xl/workbook.xml", None), "xlsx.missing-workbook"),
    "sheet that does not parse": (_replace(GOOD, "xl/worksheets/sheet1.xml", b"<worksheet><sheetData><row>"),
                                  "xlsx.xml-malformed"),
    "doctype in a sheet": (_replace(GOOD, "xl/worksheets/sheet1.xml",
                                    b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaa">]><worksheet/>'),
                           "xlsx.doctype-refused"),
    "billion laughs in shared strings": (_replace(GOOD, "xl/sharedStrings.xml",
                                                  b'<!DOCTYPE s [<!ENTITY a "aa"><!ENTITY b "&a;&a;">]>'
                                                  b'<sst><si><t>&b;</t></si></sst>'), "xlsx.doctype-refused"),
    "workbook that is not a workbook": (_replace(GOOD, "xl/workbook.xml", b"<nothing/>"), "xlsx.missing-workbook"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_corrupt_input_is_unreadable_by_code(name):
    data, code = CASES[name]
    assert outcome(data) == ("unreadable", [code])


def test_encrypted_workbook_is_refused_by_code():
    gen = _adversarial()
    data = gen.compound_file([("EncryptionInfo", gen.encryption_info()), ("EncryptedPackage", bytes(4096))])
    assert outcome(data) == ("unreadable", ["host.encrypted-package"])


def test_a_sheet_cut_off_mid_stream_is_unreadable():
    sheet = b"<worksheet xmlns='http://schemas.openxmlformats.org/spreadsheetml/2006/main'><sheetData>" + b"".join(
        b'<row r="%d"><c r="A%d"><v>%d</v></c></row>' % (i, i, i) for i in range(1, 3000))
    assert outcome(_replace(GOOD, "xl/worksheets/sheet1.xml", sheet)) == ("unreadable", ["xlsx.xml-malformed"])


def test_a_missing_sheet_part_is_reported_and_the_rest_converts():
    data = _replace(GOOD, "xl/worksheets/sheet2.xml", None)
    result = zenconv.convert(data, to="markdown", name="book.xlsx")
    assert result.outcome == "needs_review"
    assert result.reports["xlsx.sheet-part-missing"] == 1
    assert "Payee 1" in result.output.decode()
