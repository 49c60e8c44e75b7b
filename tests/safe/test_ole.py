"""OLE compound files: encrypted OOXML packages told apart from legacy binaries, with bounded directory walks."""

from __future__ import annotations

import struct

import pytest

from zenconv.safe.ole import directory_names, is_ole, ole_kind

ENCRYPTED = [("EncryptionInfo", b"\x04\x00\x04\x00\x40\x00\x00\x00"), ("EncryptedPackage", bytes(4096))]
LEGACY_DOC = [("WordDocument", b"\xec\xa5\xc1\x00"), ("1Table", b"")]
LEGACY_XLS = [("Workbook", b"\x09\x08")]


def patched(data: bytes, at: int, value: int) -> bytes:
    out = bytearray(data)
    struct.pack_into("<L", out, at, value)
    return bytes(out)


def test_signature(gen):
    assert is_ole(gen.compound_file(LEGACY_DOC)[:8])
    assert is_ole(memoryview(gen.compound_file(LEGACY_DOC)))
    assert not is_ole(b"PK\x03\x04") and not is_ole(b"") and not is_ole(b"\xd0\xcf\x11\xe0")


@pytest.mark.parametrize("streams, kind", [(ENCRYPTED, "encrypted"), (ENCRYPTED[1:], "encrypted"),
                                           (ENCRYPTED[:1], "encrypted"), (LEGACY_DOC, "legacy"),
                                           (LEGACY_XLS, "legacy"), ([], "legacy")])
def test_kind_from_the_directory(gen, streams, kind):
    data = gen.compound_file(streams)
    assert directory_names(data) == ["Root Entry", *(name for name, _ in streams)]
    assert ole_kind(data) == kind


def test_the_directory_decides_when_it_can_be_read(gen):
    # A legacy document whose text mentions the stream name is still legacy.
    data = gen.compound_file([("WordDocument", "see EncryptedPackage".encode("utf-16-le"))])
    assert ole_kind(data) == "legacy"


@pytest.mark.parametrize("streams, kind", [(ENCRYPTED, "encrypted"), (LEGACY_DOC, "legacy")])
def test_cyclic_directory_chain_falls_back_to_the_bytes(gen, streams, kind):
    data = patched(gen.compound_file(streams), 512 + 4 * 1, 1)  # the directory sector's FAT slot points at itself
    assert directory_names(data) is None
    assert ole_kind(data) == kind


def test_cyclic_difat_chain_ends(gen):
    data = gen.compound_file(ENCRYPTED)
    data = patched(patched(data, 0x44, 2), 0x48, 1000)  # the DIFAT chain starts at sector 2 ...
    data = patched(data, 512 * 3 + 508, 2)  # ... whose link slot points back at sector 2
    assert directory_names(data) is None
    assert ole_kind(data) == "encrypted"


@pytest.mark.parametrize("damage", ["truncated", "bad-shift", "dir-past-end", "fat-past-end"])
def test_unreadable_directory_falls_back_to_the_bytes(gen, damage):
    data = gen.compound_file(ENCRYPTED)
    if damage == "truncated":
        data = data[:600]
    elif damage == "bad-shift":
        data = data[:0x1E] + b"\x07\x00" + data[0x20:]
    elif damage == "dir-past-end":
        data = patched(data, 0x30, 10_000)
    else:
        data = patched(data, 0x4C, 10_000)
    assert directory_names(data) is None
    expected = "encrypted" if "EncryptedPackage".encode("utf-16-le") in data else "legacy"
    assert ole_kind(data) == expected


def test_header_only_is_legacy():
    assert ole_kind(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100)) == "legacy"


def test_hostile_ole_files_are_valid_compound_files(hostile):
    folder = hostile[0]
    assert directory_names((folder / "encrypted-package.docx").read_bytes()) == \
        ["Root Entry", "EncryptionInfo", "EncryptedPackage"]
    assert directory_names((folder / "legacy.doc").read_bytes()) == ["Root Entry", "WordDocument"]
