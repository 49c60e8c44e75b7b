"""OLE compound files (legacy .doc/.xls/.ppt, and encrypted OOXML packages): told apart, never read.

An encrypted .docx/.xlsx/.pptx is not a zip but a compound file holding ``EncryptionInfo`` and
``EncryptedPackage`` streams (MS-OFFCRYPTO). :func:`ole_kind` reads the compound file's directory
(header, then the directory sector chain through the FAT) to find those names; every chain walk is
bounded by the number of sectors in the file and stops on a cycle. When the directory cannot be
read, the raw bytes are searched for the names in UTF-16LE instead.
"""

from __future__ import annotations

import struct

SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_HEADER = struct.Struct("<8s16s5H6s9L109L")
_DIR_ENTRY = struct.Struct("<64sHB")  # name, name length in bytes (with its NUL), object type
_DIR_ENTRY_SIZE = 128
_ENDOFCHAIN = 0xFFFFFFFE
_MAX_REGULAR_SECTOR = 0xFFFFFFFA  # sector numbers from here up are markers (end of chain, free, ...)
_ENCRYPTION_STREAMS = ("EncryptedPackage", "EncryptionInfo")


def is_ole(head: bytes) -> bool:
    return bytes(head[:8]) == SIGNATURE


def ole_kind(data: bytes) -> str:
    """"encrypted" for an encrypted OOXML package, "legacy" for any other compound file."""
    names = directory_names(data)
    if names is None:
        found = any(name.encode("utf-16-le") in data for name in _ENCRYPTION_STREAMS)
    else:
        wanted = {name.casefold() for name in _ENCRYPTION_STREAMS}
        found = any(name.casefold() in wanted for name in names)
    return "encrypted" if found else "legacy"


def directory_names(data: bytes) -> list[str] | None:
    """The names of the storages and streams in the directory, or None when it cannot be read."""
    try:
        return _directory_names(memoryview(data))
    except (struct.error, ValueError, IndexError):
        return None


def _directory_names(data: memoryview) -> list[str] | None:
    if len(data) < _HEADER.size or not is_ole(data):
        return None
    header = _HEADER.unpack_from(data)
    shift, fat_count, first_dir, first_difat, difat_count = header[5], header[9], header[10], header[15], header[16]
    if shift not in (9, 12):
        return None
    sector_size = 1 << shift
    sectors = len(data) // sector_size - 1  # the header takes the place of sector -1
    per_sector = sector_size // 4

    def sector(n: int) -> memoryview:
        if n >= sectors:
            raise ValueError(f"sector {n} is past the end of the file")
        return data[(n + 1) * sector_size:(n + 2) * sector_size]

    # The FAT's own sectors: 109 in the header, the rest in the DIFAT chain (its last slot links on).
    fat_sectors = list(header[17:])
    seen: set[int] = set()
    n = first_difat
    while n < _MAX_REGULAR_SECTOR and len(seen) < difat_count:
        if n in seen:
            raise ValueError("the DIFAT chain is cyclic")
        seen.add(n)
        slots = struct.unpack_from(f"<{per_sector}L", sector(n))
        fat_sectors.extend(slots[:-1])
        n = slots[-1]
    fat_sectors = fat_sectors[:fat_count]

    def next_sector(n: int) -> int:
        index, slot = divmod(n, per_sector)
        if index >= len(fat_sectors):
            raise ValueError(f"sector {n} is not covered by the FAT")
        return struct.unpack_from("<L", sector(fat_sectors[index]), slot * 4)[0]

    names: list[str] = []
    seen = set()
    n = first_dir
    while n != _ENDOFCHAIN:
        if n in seen or n >= _MAX_REGULAR_SECTOR:
            raise ValueError("the directory chain is cyclic or broken")
        seen.add(n)
        block = sector(n)
        for offset in range(0, sector_size, _DIR_ENTRY_SIZE):
            raw, length, kind = _DIR_ENTRY.unpack_from(block, offset)
            if kind in (1, 2, 5) and 2 <= length <= 64:  # storage, stream, root
                names.append(raw[:length - 2].decode("utf-16-le", "replace"))
        n = next_sector(n)
    return names
