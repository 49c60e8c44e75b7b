"""A large part streams: SafeZip.open and iterparse_xml read a 50 MB part without holding it."""

from __future__ import annotations

import tracemalloc
import zipfile
import zlib

import pytest

from zenconv.context import current_rss
from zenconv.reports import Unreadable
from zenconv.safe.xml import iterparse_xml
from zenconv.safe.zip import ZipLimits, open_zip

ROW = b'<row><c t="s">' + b"a cell of text in a large sheet " * 30 + b"</c></row>\n"
ROWS_PER_CHUNK = (1 << 20) // len(ROW)
CHUNKS = 50


@pytest.fixture(scope="module")
def big_package(tmp_path_factory):
    """A package with one ~50 MB XML part, written by zipfile in chunks (never whole in memory)."""
    path = tmp_path_factory.mktemp("big") / "big.xlsx"
    crc, size = 0, 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        with zf.open("xl/worksheets/sheet1.xml", "w") as part:
            part.write(b"<sheetData>\n")
            chunk = ROW * ROWS_PER_CHUNK
            for _ in range(CHUNKS):
                part.write(chunk)
            part.write(b"</sheetData>\n")
    with zipfile.ZipFile(path) as zf:
        with zf.open("xl/worksheets/sheet1.xml") as part:
            while data := part.read(1 << 20):
                crc, size = zlib.crc32(data, crc), size + len(data)
    return path, size, crc


def test_streaming_read_of_a_50_mb_part_keeps_memory_bounded(big_package):
    path, size, crc = big_package
    assert size > 50_000_000
    with open_zip(path, "xlsx") as package:
        stream = package.open("xl/worksheets/sheet1.xml")
        tracemalloc.start()
        try:
            got, check = 0, 0
            while chunk := stream.read(1 << 16):
                got += len(chunk)
                check = zlib.crc32(chunk, check)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert (got, check) == (size, crc)
    assert peak < 2 << 20


def test_iterparse_of_a_50_mb_part_with_clear_keeps_memory_bounded(big_package):
    path, size, _ = big_package
    with open_zip(path, "xlsx") as package:
        baseline = peak = current_rss()
        rows = 0
        for _, element in iterparse_xml(package.open("xl/worksheets/sheet1.xml"), "xlsx", events=("end",),
                                        tag="row", clear=True):
            rows += 1
            assert element[0].text.startswith("a cell")
            if rows % 2000 == 0:
                peak = max(peak, current_rss())
    assert rows == ROWS_PER_CHUNK * CHUNKS
    # Held whole, the tree of 50 MB of XML takes well over 100 MB.
    assert peak - baseline < 40 << 20


def test_the_stream_is_a_binary_file_object(big_package):
    path, _, _ = big_package
    with open_zip(path, "xlsx") as package:
        stream = package.open("xl/worksheets/sheet1.xml")
        assert stream.readable() and not stream.seekable()
        buffer = bytearray(100)
        assert stream.readinto(buffer) == 100 and bytes(buffer).startswith(b"<sheetData>")
        assert stream.read(0) == b""
        stream.close()
        with pytest.raises(ValueError):
            stream.read(10)


def test_a_stream_is_held_to_the_package_limit(big_package):
    path, _, _ = big_package
    with open_zip(path, "xlsx", ZipLimits(max_part_bytes=1 << 30, max_total_bytes=10 << 20)) as package:
        with pytest.raises(Unreadable) as info:
            package.open("xl/worksheets/sheet1.xml")
    assert info.value.code == "xlsx.zip-package-too-large"
