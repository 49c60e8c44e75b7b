"""The first pass over a worksheet's bytes (scan.py) reads start tags with regular expressions, in C where
the deadline's checkpoints do not reach: each must stay linear on malformed bytes."""

from __future__ import annotations

from zenconv_plugins.xlsx.scan import attributes

from ..apart import run_apart
from .conftest import FX, read_xlsx, tables


def test_the_tag_scan_is_linear_on_a_long_name_and_a_long_attribute_word():
    # A name with no '>' was retried one character shorter, the attributes absorbing the rest, and a word
    # among the attributes was retried from each of its characters: a million bytes took hours. Run apart,
    # so that a return of it fails here instead of hanging the suite.
    script = ("import io\n"
              "from zenconv_plugins.xlsx.scan import scan_sheet\n"
              "for tail in (b'<m' + b'a' * 1_000_000, b'<mergeCell ref=\"A1:B2\" ' + b'a' * 1_000_000 + b'/>'):\n"
              "    scan_sheet(io.BytesIO(b'<sheetData></sheetData><mergeCells>' + tail), lambda: None)\n")
    run_apart(script)


def test_attributes_are_still_read():
    assert attributes('x:ref = "A1:B2" r:id=\'rId7\' junk location="a&amp;b"') == {
        "ref": "A1:B2", "id": "rId7", "location": "a&b"}


def test_a_merge_after_a_long_tag_name_is_still_read():
    # A '>' inside a quoted value, as a scan by "[^>]*" would stop at; a '<' there would be malformed XML,
    # which libxml2 (lxml 6.2) refuses while it parses the sheet, before this reaches the merges.
    data = FX.raw_book('<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c></row></sheetData>'
                       '<x' + 'a' * 5000 + ' b="x>y"/><mergeCells><mergeCell ref="A1:B1"/></mergeCells>')
    assert tables(read_xlsx(data))[0].rows[0].cells[0].col_span == 2
