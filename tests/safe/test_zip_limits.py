"""Size and entry limits that hold when a header lies, taken from the reader's options."""

from __future__ import annotations

import tracemalloc

import pytest

from zenconv.context import Source
from zenconv.reports import Unreadable
from zenconv.safe.zip import ZipLimits, open_package, open_zip

from ..cputime import cpu_seconds

TEXT = b"<a>" + b"0123456789" * 100 + b"</a>"  # 1,007 bytes


def refusal(call) -> str:
    with pytest.raises(Unreadable) as info:
        call()
    return info.value.code


def drain(stream, n: int = 1 << 16) -> int:
    total = 0
    while chunk := stream.read(n):
        total += len(chunk)
    return total


@pytest.mark.parametrize("stream", [False, True], ids=["read", "stream"])
def test_part_limit_comes_from_the_options(make_zip, read_context, stream):
    source = Source("d.docx", data=make_zip({"small.xml": b"<s/>", "big.xml": TEXT}))
    with open_package(source, read_context(max_part_bytes=1000)) as package:
        assert package.read("small.xml") == b"<s/>"
        assert refusal(lambda: package.open("big.xml") if stream else package.read("big.xml")) == \
            "docx.zip-part-too-large"
    with open_package(source, read_context(max_part_bytes=1007)) as package:
        assert package.read("big.xml") == TEXT


def test_entry_limit_comes_from_the_options(make_zip, read_context):
    source = Source("d.docx", data=make_zip({f"{i}.xml": b"" for i in range(6)}))
    assert refusal(lambda: open_package(source, read_context(max_zip_entries=5))) == "docx.zip-too-many-entries"
    with open_package(source, read_context(max_zip_entries=6)) as package:
        assert len(package.names) == 6


def test_entry_limit_default_is_ten_thousand(gen):
    ok = gen.build_zip([gen.Member(f"{i}", method=0) for i in range(10_000)])
    assert len(open_zip(ok, "docx").names) == 10_000
    over = gen.build_zip([gen.Member(f"{i}", method=0) for i in range(10_001)])
    assert refusal(lambda: open_zip(over, "docx")) == "docx.zip-too-many-entries"


def test_package_limit_comes_from_the_options(make_zip, read_context):
    source = Source("d.docx", data=make_zip({"a.xml": TEXT, "b.xml": TEXT, "c.xml": TEXT}))
    with open_package(source, read_context(max_package_bytes=2500)) as package:
        package.read("a.xml")
        package.read("b.xml")
        assert refusal(lambda: package.read("c.xml")) == "docx.zip-package-too-large"


def test_a_part_read_again_is_counted_once(make_zip):
    with open_zip(make_zip({"a.xml": TEXT, "b.xml": TEXT}), "docx", ZipLimits(max_total_bytes=2100)) as package:
        for _ in range(5):
            assert package.read("a.xml") == TEXT
            assert drain(package.open("A.XML")) == len(TEXT)
        assert package.read("b.xml") == TEXT


def test_streams_count_towards_the_same_total_as_they_are_read(make_zip):
    with open_zip(make_zip({"a.xml": TEXT, "b.xml": TEXT}), "docx", ZipLimits(max_total_bytes=1500)) as package:
        first, second = package.open("a.xml"), package.open("b.xml")  # each alone fits
        assert len(first.read(600)) == 600
        assert len(second.read(600)) == 600
        assert refusal(lambda: drain(first)) == "docx.zip-package-too-large"


@pytest.mark.parametrize("stream", [False, True], ids=["read", "stream"])
@pytest.mark.parametrize("declared", [100, 1006, 1008, 5000])
def test_a_size_that_lies_is_a_mismatch(gen, stream, declared):
    data = gen.build_zip([gen.Member("a.xml", TEXT, size=declared)])
    with open_zip(data, "docx") as package:
        assert refusal(lambda: drain(package.open("a.xml")) if stream else package.read("a.xml")) == \
            "docx.zip-size-mismatch"


@pytest.mark.parametrize("stream", [False, True], ids=["read", "stream"])
def test_a_lying_bomb_inflates_no_further_than_its_declared_size(gen, stream):
    bomb, crc = gen.zero_bomb(64)  # 64 MiB of zeros declared as 1 KiB
    data = gen.build_zip([gen.Member("a.xml", size=1024, payload=bomb, crc=crc)])
    with open_zip(data, "docx") as package:
        tracemalloc.start()
        started = cpu_seconds()
        try:
            code = refusal(lambda: drain(package.open("a.xml"), 1 << 20) if stream else package.read("a.xml"))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert code == "docx.zip-size-mismatch"
    assert peak < 2 << 20  # what was inflated is 1 KiB and a byte, not 64 MiB
    assert cpu_seconds() - started < 0.5


@pytest.mark.parametrize("stream", [False, True], ids=["read", "stream"])
def test_an_honest_bomb_is_refused_before_inflating(gen, stream):
    bomb, crc = gen.zero_bomb(1100)
    data = gen.build_zip([gen.Member("a.xml", size=1100 << 20, payload=bomb, crc=crc)])
    with open_zip(data, "docx") as package:
        started = cpu_seconds()
        assert refusal(lambda: package.open("a.xml") if stream else package.read("a.xml")) == \
            "docx.zip-part-too-large"
        assert cpu_seconds() - started < 0.05


def test_a_bomb_under_the_part_limit_is_caught_by_the_package_limit(gen):
    bomb, crc = gen.zero_bomb(8)
    parts = [gen.Member(f"{i}.bin", size=8 << 20, payload=bomb, crc=crc) for i in range(4)]
    limits = ZipLimits(max_part_bytes=10 << 20, max_total_bytes=20 << 20)
    with open_zip(gen.build_zip(parts), "docx", limits) as package:
        assert drain(package.open("0.bin")) == 8 << 20
        assert len(package.read("1.bin")) == 8 << 20
        assert refusal(lambda: package.open("2.bin")) == "docx.zip-package-too-large"


def test_huge_compressed_input_for_a_small_part_is_not_loaded_whole(gen):
    # 4 MiB of empty stored deflate blocks, then the 4 real bytes: the part is 4 bytes.
    padding = b"\x00\x00\x00\xff\xff" * ((4 << 20) // 5)
    payload = padding + b"\x01\x04\x00\xfb\xff<a/>"
    data = gen.build_zip([gen.Member("a.xml", b"<a/>", payload=payload)])
    with open_zip(data, "docx") as package:
        tracemalloc.start()
        try:
            assert package.read("a.xml") == b"<a/>"
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert peak < 1 << 20
