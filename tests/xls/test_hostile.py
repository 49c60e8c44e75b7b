"""The hostile legacy workbooks and encrypted packages of adversarial/xls.py, through the API: each ends
with its named code (no traceback), and the ones built on a working file work once the lie is taken out,
so the code comes from the hostile part and not from a broken build."""

from __future__ import annotations

import importlib.util
import struct
import sys
from pathlib import Path

import pytest

import zenconv

PATH = Path(__file__).resolve().parents[2] / "adversarial" / "xls.py"


def _area():
    spec = importlib.util.spec_from_file_location("zenconv_adversarial_xls_tests", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


AREA = _area()
FILES = AREA.hostile_files()


@pytest.mark.parametrize("name", sorted(FILES))
def test_each_hostile_file_ends_with_its_code(name):
    data, code, _ = FILES[name]
    out = zenconv.convert(data, to="markdown", name=name)
    codes = set(out.manifest["reasons"]) | {r["code"] for r in out.manifest["reports"]}
    if code:
        assert code in codes
    else:
        assert out.manifest["outcome"] == "converted"


def test_the_untouched_workbook_stream_converts():
    out = zenconv.convert(AREA.compound([("Workbook", AREA.workbook_stream())]), to="markdown", name="ok.xls")
    assert out.manifest["outcome"] in ("converted", "needs_review")
    assert "entry 399" in out.output.decode()


def test_the_wrong_password_file_opens_with_its_password():
    data = FILES["encrypted-wrong-password.xlsx"][0]
    out = zenconv.convert(data, to="markdown", name="locked.xlsx", password="s3cret-Pa55")
    assert out.manifest["flags"]["decrypted"] == "password"
    assert "Claim 120" in out.output.decode()


def test_the_1tib_claim_is_the_only_lie():
    data = bytearray(FILES["encrypted-states-1tib.xlsx"][0])
    entry = data.find("EncryptedPackage".encode("utf-16-le"))
    start = struct.unpack_from("<L", data, entry + 116)[0]
    size = len(AREA.small_xlsx())
    struct.pack_into("<Q", data, (start + 1) * 512, size)
    out = zenconv.convert(bytes(data), to="markdown", name="restored.xlsx")
    assert out.manifest["flags"]["decrypted"] == "default-password"
    assert "Claim 1 " in out.output.decode() or "Claim 1|" in out.output.decode().replace(" |", "|")
