"""The central directory parsed by hand: legitimate zips read as zipfile reads them, broken ones refused by name."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenconv.context import Source
from zenconv.reports import Severity, Unreadable
from zenconv.safe.xml import parse_xml
from zenconv.safe.zip import SafeZip, ZipLimits, list_names, open_package, open_zip, read_small, zip_codes

from ..cputime import cpu_seconds

PARTS = {
    "[Content_Types].xml": "<Types/>",
    "word/document.xml": "<w:document xmlns:w='urn:w'>" + "<w:p>text</w:p>" * 2000 + "</w:document>",
    "word/media/image1.png": b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40,
    "word/empty.bin": b"",
    "docProps/caf\u00e9 \u2603.xml": "<unicode/>",
}


def refused_code(data: bytes, read: str | None = None, *, stream: bool = False) -> str:
    with pytest.raises(Unreadable) as info:
        with open_zip(data, "docx") as package:
            if read is not None:
                if stream:
                    package.open(read).read()
                else:
                    package.read(read)
    return info.value.code


def assert_reads_like_zipfile(data: bytes) -> None:
    with zipfile.ZipFile(io.BytesIO(data)) as zf, open_zip(data, "docx") as package:
        assert package.names == zf.namelist()
        for name in zf.namelist():
            expected = zf.read(name)
            assert package.size(name) == len(expected)
            assert package.read(name) == expected
            stream, got = package.open(name), []
            while chunk := stream.read(1000):
                got.append(chunk)
            assert b"".join(got) == expected
    assert list_names(data) == zf.namelist()


# -- legitimate packages ------------------------------------------------------------------------------

@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED], ids=["deflated", "stored"])
def test_zipfile_package_reads_the_same(make_zip, method):
    assert_reads_like_zipfile(make_zip({**PARTS, "word/": b""}, method=method))


def test_mixed_methods_and_levels(make_zip):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("stored.xml", "<s/>" * 100, compress_type=zipfile.ZIP_STORED)
        zf.writestr("fast.xml", "<f/>" * 100, compress_type=zipfile.ZIP_DEFLATED, compresslevel=1)
        zf.writestr("best.xml", "<b/>" * 100, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        zf.comment = b"an archive comment"
    assert_reads_like_zipfile(buf.getvalue())


def test_archive_comment_holding_the_end_signature(make_zip):
    data = make_zip(PARTS)
    comment = b"PK\x05\x06" + bytes(18) + b" a decoy end record inside the comment"
    data = data[:-2] + struct.pack("<H", len(comment)) + comment
    with open_zip(data, "docx") as package:  # zipfile itself stops at the decoy and fails
        assert package.names == list(PARTS)


def test_zip64_package_written_by_zipfile(monkeypatch):
    # Lowering zipfile's own limits makes it write every ZIP64 structure for small parts: the
    # 64-bit sizes and offsets in the directory's extra fields, and the ZIP64 end record.
    monkeypatch.setattr(zipfile, "ZIP64_LIMIT", 64)
    monkeypatch.setattr(zipfile, "ZIP_FILECOUNT_LIMIT", 2)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in PARTS.items():
            zf.writestr(name, data)
    data = buf.getvalue()
    assert b"PK\x06\x06" in data and b"PK\x06\x07" in data
    assert_reads_like_zipfile(data)


def test_zip64_end_record_for_more_than_65535_entries(gen):
    data = gen.build_zip([gen.Member(f"{i}", b"", method=0) for i in range(70_000)])
    with open_zip(data, "docx", ZipLimits(max_entries=70_000)) as package:
        assert len(package.names) == 70_000 and package.read("69999") == b""


def test_data_descriptors_written_to_an_unseekable_stream():
    class Unseekable:
        def __init__(self):
            self.buffer = io.BytesIO()

        def write(self, data):
            return self.buffer.write(data)

        def flush(self):
            pass

    out = Unseekable()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in PARTS.items():
            zf.writestr(name, data)
    data = out.buffer.getvalue()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert all(info.flag_bits & 0x08 for info in zf.infolist())
    assert_reads_like_zipfile(data)


def test_empty_zip(make_zip):
    with open_zip(make_zip({}), "docx") as package:
        assert package.names == [] and package.find("") == []


def test_sources_of_every_kind(make_zip, tmp_path):
    data = make_zip(PARTS)
    path = tmp_path / "p.docx"
    path.write_bytes(data)
    for source in (data, bytearray(data), path, str(path), Source("p.docx", data=data), Source("p.docx", path=path),
                   io.BytesIO(data)):
        with open_zip(source, "docx") as package:
            assert package.read("word/document.xml") == PARTS["word/document.xml"].encode()


def test_a_file_it_opened_is_closed(make_zip, tmp_path):
    path = tmp_path / "p.docx"
    path.write_bytes(make_zip(PARTS))
    with open_zip(path, "docx") as package:
        handle = package._fh
    assert handle.closed
    path.write_bytes(b"not a zip")
    with pytest.raises(Unreadable):
        open_zip(path, "docx")


def test_open_package_takes_namespace_and_limits_from_the_context(make_zip, read_context):
    ctx = read_context("xlsx", max_zip_entries=3)
    with pytest.raises(Unreadable) as info:
        open_package(Source("book.xlsx", data=make_zip(PARTS)), ctx)
    assert info.value.code == "xlsx.zip-too-many-entries"
    with open_package(Source("book.xlsx", data=make_zip(PARTS)), read_context("xlsx")) as package:
        assert package.ns == "xlsx" and package.limits == ZipLimits()


def test_zip_codes_are_declared_refusals_under_the_namespace():
    codes = zip_codes("docx")
    assert {c.code for c in codes} == {
        "docx.not-a-zip", "docx.zip-corrupt", "docx.zip-too-many-entries", "docx.zip-part-too-large",
        "docx.zip-package-too-large", "docx.zip-size-mismatch", "docx.zip-overlapping-entries",
        "docx.zip-duplicate-name", "docx.zip-unsafe-name", "docx.zip-encrypted-entry",
        "docx.zip-unsupported-compression"}
    assert all(c.severity is Severity.REFUSED and c.meaning and "\n" not in c.meaning for c in codes)


# -- detection helpers ----------------------------------------------------------------------------------

def test_read_small_for_detection(make_zip):
    data = make_zip({"mimetype": "application/vnd.oasis.opendocument.text", "content.xml": "<x/>" * 100},
                    method=zipfile.ZIP_STORED)
    assert read_small(data, "mimetype", 256) == b"application/vnd.oasis.opendocument.text"
    assert read_small(data, "content.xml", 256) is None  # over the limit
    assert read_small(data, "absent", 256) is None
    assert read_small(b"not a zip", "mimetype", 256) is None
    with open_zip(data, "odt") as package:
        assert read_small(package, "mimetype", 256) == b"application/vnd.oasis.opendocument.text"
        assert read_small(package, "content.xml", 256) is None


def test_list_names_says_none_for_what_is_not_a_listable_zip(make_zip):
    data = make_zip(PARTS)
    for bad in (b"", b"PK", b"plain text", data[:len(data) // 2], b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600)):
        assert list_names(bad) is None
    assert list_names(Source("x.docx", data=data)) == list(PARTS)


# -- not a zip, or a broken one -------------------------------------------------------------------------

@pytest.mark.parametrize("data", [b"", b"P", b"plain text that is long enough to hold an end record",
                                  b"MZ" + bytes(100), b"%PDF-1.7\n"])
def test_not_a_zip(data):
    assert refused_code(data) == "docx.not-a-zip"


def test_self_extracting_prefix_is_not_a_zip(make_zip):
    assert refused_code(b"MZ\x90\x00" + bytes(60) + make_zip(PARTS)) == "docx.not-a-zip"


def test_every_truncation_is_refused_as_corrupt(make_zip):
    data = make_zip({"a.xml": "<a/>", "b.xml": "<b/>" * 20})
    for cut in range(2, len(data)):
        try:
            with open_zip(data[:cut], "docx") as package:
                for name in package.names:
                    package.read(name)
        except Unreadable as exc:
            assert exc.code == "docx.zip-corrupt", cut
        else:
            pytest.fail(f"a zip cut at byte {cut} was read")


def _central_offsets(data: bytes) -> list[int]:
    cd_offset = struct.unpack_from("<L", data, data.rindex(b"PK\x05\x06") + 16)[0]
    positions, p = [], cd_offset
    while data.startswith(b"PK\x01\x02", p):
        positions.append(p)
        name_len, extra_len, comment_len = struct.unpack_from("<3H", data, p + 28)
        p += 46 + name_len + extra_len + comment_len
    return positions


def _patch(data: bytes, at: int, fmt: str, value: int) -> bytes:
    out = bytearray(data)
    struct.pack_into(fmt, out, at, value)
    return bytes(out)


def test_two_entries_sharing_one_local_header_overlap(gen):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>"), gen.Member("b.xml", b"<b/>")])
    second = _central_offsets(data)[1]
    assert refused_code(_patch(data, second + 42, "<L", 0)) == "docx.zip-overlapping-entries"


def test_entry_running_into_the_central_directory_overlaps(gen):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>"), gen.Member("b.xml", b"<b/>", csize=40)])
    assert refused_code(data) == "docx.zip-overlapping-entries"


def test_local_extra_field_pushing_data_into_the_next_entry_overlaps(gen):
    data = _patch(gen.build_zip([gen.Member("a.xml", b"<a/>"), gen.Member("b.xml", b"<b/>")]), 28, "<H", 8)
    with open_zip(data, "docx") as package:
        assert package.read("b.xml") == b"<b/>"
    assert refused_code(data, "a.xml") == "docx.zip-overlapping-entries"


def test_entry_pointing_past_the_directory_is_corrupt(gen):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>")])
    assert refused_code(_patch(data, _central_offsets(data)[0] + 42, "<L", 1 << 30)) == "docx.zip-corrupt"


@pytest.mark.parametrize("field, value", [(4, 1), (6, 1), (8, 1)], ids=["disk", "directory-disk", "count-here"])
def test_split_zip_is_corrupt(gen, field, value):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>"), gen.Member("b.xml", b"<b/>")])
    assert refused_code(_patch(data, data.rindex(b"PK\x05\x06") + field, "<H", value)) == "docx.zip-corrupt"


@pytest.mark.parametrize("count", [1, 3])
def test_directory_count_that_lies_is_corrupt(gen, count):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>"), gen.Member("b.xml", b"<b/>")])
    eocd = data.rindex(b"PK\x05\x06")
    data = _patch(_patch(data, eocd + 8, "<H", count), eocd + 10, "<H", count)
    assert refused_code(data) == "docx.zip-corrupt"


def test_missing_zip64_extra_is_corrupt(gen):
    assert refused_code(gen.build_zip([gen.Member("a.xml", b"<a/>", size=0xFFFFFFFF)])) == "docx.zip-corrupt"


def test_zip64_locator_pointing_nowhere_is_corrupt(gen):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>")], zip64=True)
    locator = data.rindex(b"PK\x06\x07")
    assert refused_code(_patch(data, locator + 8, "<Q", 3)) == "docx.zip-corrupt"


def test_bad_local_header_signature_is_corrupt(gen):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>")])
    assert refused_code(b"PK\x03\x05" + data[4:], "a.xml") == "docx.zip-corrupt"


def test_local_name_must_agree_with_the_directory(gen):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>", local_name=b"b.xml")])
    assert refused_code(data, "a.xml") == "docx.zip-corrupt"
    assert refused_code(data, "a.xml", stream=True) == "docx.zip-corrupt"


@pytest.mark.parametrize("stream", [False, True], ids=["read", "stream"])
def test_crc_mismatch_is_corrupt(gen, stream):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>" * 100, crc=1), gen.Member("s.xml", b"<s/>", method=0, crc=1)])
    assert refused_code(data, "a.xml", stream=stream) == "docx.zip-corrupt"
    assert refused_code(data, "s.xml", stream=stream) == "docx.zip-corrupt"


@pytest.mark.parametrize("stream", [False, True], ids=["read", "stream"])
def test_damaged_deflate_data_is_corrupt(gen, stream):
    text = b"<a>" + b"some text " * 500 + b"</a>"
    whole = gen.deflate(text)
    truncated = gen.build_zip([gen.Member("a.xml", text, payload=whole[:len(whole) // 2])])
    garbage = gen.build_zip([gen.Member("a.xml", text, payload=b"\xff" * 40)])
    assert refused_code(truncated, "a.xml", stream=stream) == "docx.zip-corrupt"
    assert refused_code(garbage, "a.xml", stream=stream) == "docx.zip-corrupt"


def test_encrypted_entry_is_refused(gen):
    assert refused_code(gen.build_zip([gen.Member("a.xml", b"<a/>", flags=0x1)])) == "docx.zip-encrypted-entry"


@pytest.mark.parametrize("method", [1, 6, 9, 12, 14, 93, 95, 98, 99])
def test_compression_other_than_stored_or_deflate_is_refused(gen, method):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>", method=method, payload=b"\x00" * 8)])
    assert refused_code(data) == "docx.zip-unsupported-compression"


def test_aes_entry_reads_as_unsupported_compression(gen):
    # WinZip AES sets the encryption flag too; the method is the more precise reason.
    data = gen.build_zip([gen.Member("a.xml", b"<a/>", method=99, flags=0x1, payload=b"\x00" * 8)])
    assert refused_code(data) == "docx.zip-unsupported-compression"


def test_stored_entry_whose_sizes_disagree_is_a_size_mismatch(gen):
    data = gen.build_zip([gen.Member("a.xml", b"<a/>" * 10, method=0, size=4)])
    assert refused_code(data) == "docx.zip-size-mismatch"


# -- no input gets past with anything but Unreadable --------------------------------------------------------

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=6))
def test_damaged_bytes_give_unreadable_or_the_parts(make_zip, flips):
    data = bytearray(make_zip({"[Content_Types].xml": "<Types/>", "word/document.xml": "<d>" + "x" * 300 + "</d>",
                               "m.bin": bytes(200)}))
    for at, value in flips:
        data[at % len(data)] = value
    try:
        with open_zip(bytes(data), "docx") as package:
            for name in package.names:
                if name.endswith(".xml"):
                    parse_xml(package.read(name), "docx")
                else:
                    package.open(name).read()
    except Unreadable as exc:
        assert exc.code.startswith("docx.")


# -- speed ------------------------------------------------------------------------------------------------

def test_listing_ten_thousand_entries_is_fast(make_zip):
    data = make_zip({f"xl/worksheets/sheet{i}.xml": b"" for i in range(10_000)}, method=zipfile.ZIP_STORED)
    started = cpu_seconds()
    with open_zip(data, "xlsx") as package:
        assert len(package.names) == 10_000
    assert len(list_names(data)) == 10_000
    assert cpu_seconds() - started < 1.0


def test_read_is_one_zlib_pass_like_zipfile(make_zip, monkeypatch):
    # Counted, not timed: the bytes fed to zlib and the bytes it gave back, which no load changes.
    import zenconv.safe.zip as safe_zip

    text = b"".join(b'<row r="%d"><c>value %d</c></row>' % (i, i * 7) for i in range(100_000))
    data = make_zip({"big.xml": text})
    fed, made, streams = [0], [0], []

    class Counting:
        def __init__(self, *args):
            self._inner = zlib.decompressobj(*args)
            streams.append(self)

        def decompress(self, chunk, *limit):
            fed[0] += len(chunk)
            out = self._inner.decompress(chunk, *limit)
            made[0] += len(out)
            return out

        def __getattr__(self, name):
            return getattr(self._inner, name)

    monkeypatch.setattr(safe_zip, "zlib", SimpleNamespace(decompressobj=Counting, crc32=zlib.crc32, error=zlib.error))
    with zipfile.ZipFile(io.BytesIO(data)) as zf, open_zip(data, "docx") as package:
        assert isinstance(package, SafeZip)
        compressed = zf.getinfo("big.xml").compress_size
        assert package.read("big.xml") == zf.read("big.xml") == text
    # one inflater, fed each compressed byte once, producing each byte once: one pass, as zipfile makes
    assert (len(streams), fed[0], made[0]) == (1, compressed, len(text))
