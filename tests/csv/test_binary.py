"""Bytes that are not text are refused as ``csv.binary-content``; text in any encoding the reader
accepts, with a few controls or NULs in it, is still read."""

from __future__ import annotations

import gzip
import io
import random
import struct
import zipfile
import zlib

import pytest

import zenconv

ROWS = "name,city,amount\r\n" + "".join(f"Zoë {i},Málaga,{i},5\r\n" for i in range(200))


def png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + bytes(random.Random(row).randrange(256) for _ in range(48)) for row in range(16))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def stored_zip() -> bytes:
    # The CSV inside is stored, not compressed: only the signature says this is no CSV.
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        z.writestr("data.csv", ROWS)
    return out.getvalue()


BINARY = {
    "png": png(),
    "random": random.Random(13).randbytes(20_000),
    "random-ascii-heavy": bytes(random.Random(5).choice(b"abc,\n\x00\x01\x02\x03\x1b\x7f") for _ in range(4000)),
    "zip": stored_zip(),
    "gzip": gzip.compress(ROWS.encode(), mtime=0),
    "pdf": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n",
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_bytes_named_csv_are_refused(name):
    # --from csv too: a PDF's bytes would otherwise choose the PDF reader
    result = zenconv.convert(BINARY[name], name="data.csv", from_="csv")
    assert result.outcome == "unreadable"
    assert result.manifest["reasons"] == ["csv.binary-content"]


TEXT = {
    "utf-8": ROWS.encode("utf-8"),
    "utf-16-bom": ROWS.encode("utf-16"),
    "utf-16be-bom": b"\xfe\xff" + ROWS.encode("utf-16-be"),
    "cp1252": ROWS.replace("Zoë", "Zoë “quoted”").encode("cp1252"),
    "latin-1": ROWS.encode("latin-1"),
    "stray-byte": ROWS.encode("utf-8") + b"caf\xe9,x,1,2\r\n",
    "few-nuls": ROWS.replace("Málaga", "Mál\x00aga").encode("utf-8")[:2000],
    "escapes": ("a,b\r\n" + "\x1b[31mred\x1b[0m,ring\x07\r\n" * 3 + ROWS).encode(),
}


@pytest.mark.parametrize("name", sorted(TEXT))
def test_text_in_the_encodings_the_reader_takes_is_read(name):
    result = zenconv.convert(TEXT[name], name="data.csv")
    assert result.outcome != "unreadable", result.manifest["reasons"]
    assert "Málaga" in result.output.decode() or "Mál" in result.output.decode()


def test_utf16_without_a_bom_is_judged_by_its_text_bytes():
    result = zenconv.convert(ROWS.encode("utf-16-le"), name="data.csv")
    assert result.outcome == "converted"
    assert [r["code"] for r in result.manifest["reports"]] == ["csv.nul-removed"]


def test_the_judgement_reads_only_the_start():
    # Binary junk past the sample is the reader's ordinary business (NULs removed and reported).
    data = ROWS.encode() * 10 + b"\x00\x01\x02" * 5000
    assert len(ROWS.encode()) * 10 > 8192
    result = zenconv.convert(data, name="data.csv")
    assert result.outcome != "unreadable"
