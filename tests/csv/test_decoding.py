"""The reader decodes by the order of zenconv.safe.text and records the encoding in the manifest flags."""

from __future__ import annotations

import pytest

from zenconv.reports import Unreadable

TEXT = "Marca,Prezzo\r\nCitroën,1.000 €\r\n"
GRID = [["Marca", "Prezzo"], ["Citroën", "1.000 €"]]


@pytest.mark.parametrize(("data", "encoding"), [
    (b"\xef\xbb\xbf" + TEXT.encode(), "utf-8"),
    (b"\xff\xfe" + TEXT.encode("utf-16-le"), "utf-16le"),
    (b"\xfe\xff" + TEXT.encode("utf-16-be"), "utf-16be"),
    (TEXT.encode(), "utf-8"),
    (TEXT.encode("cp1252"), "windows-1252"),
])
def test_each_decoding_branch(read_csv, data, encoding):
    got = read_csv(data)
    assert got.grid == GRID  # the BOM is not in the first header cell
    assert got.flags["encoding"] == encoding
    assert got.codes == {}


def test_a_stray_byte_keeps_utf8_and_is_reported_at_its_row(read_csv):
    data = TEXT.encode() + b"Renault,18.700 \x80\r\n"  # a Windows-1252 euro in a UTF-8 file
    got = read_csv(data)
    assert got.flags["encoding"] == "utf-8"
    assert got.grid[1:] == [["Citroën", "1.000 €"], ["Renault", "18.700 \ufffd"]]
    report = got.report("csv.undecodable-bytes")
    assert report.count == 1
    assert [loc.citation() for loc in report.locators] == ["Row 3"]
    assert report.details == [f"utf-8: first undecodable byte at offset {len(TEXT.encode()) + 15}"]


def test_the_declared_encoding_is_used_when_there_is_no_bom(read_csv):
    got = read_csv("Miasto\nŁódź\n".encode("iso-8859-2"), encoding="iso-8859-2")
    assert got.grid == [["Miasto"], ["Łódź"]]
    assert got.flags["encoding"] == "iso8859-2"


def test_the_bom_wins_over_the_declared_encoding(read_csv):
    got = read_csv(b"\xef\xbb\xbf" + TEXT.encode(), encoding="windows-1252")
    assert (got.grid, got.flags["encoding"]) == (GRID, "utf-8")


def test_a_wrong_declared_encoding_is_reported_not_fatal(read_csv):
    got = read_csv(TEXT.encode("cp1252"), encoding="utf-8")
    assert got.grid[1] == ["Citro\ufffdn", "1.000 \ufffd"]
    assert got.codes == {"csv.undecodable-bytes": 1}


def test_bad_bytes_cut_away_by_a_cap_are_still_reported(read_csv):
    got = read_csv(b"a\nb\n\xc3\xa9\xff\n", max_rows=2)
    assert got.report("csv.undecodable-bytes").locators == []
    assert "csv.rows-truncated" in got.codes


def test_an_unknown_encoding_refuses_the_file(read_csv):
    with pytest.raises(Unreadable) as refusal:
        read_csv(b"a,b\n", encoding="klingon")
    assert refusal.value.code == "csv.unknown-encoding"


def test_an_empty_file_gives_no_table(read_csv):
    for data in (b"", b"\xef\xbb\xbf"):
        got = read_csv(data)
        assert got.tables == []
        assert got.codes == {}
        assert got.flags["encoding"] == "utf-8"
