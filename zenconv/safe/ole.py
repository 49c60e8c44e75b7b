"""OLE compound files: legacy .doc/.xls/.ppt and encrypted OOXML packages told apart, never read; the
file an embedded OLE object wraps taken out (:func:`unwrap`).

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


# --- OLE objects embedded in an Office document (word/embeddings/oleObject1.bin and the like) ----------

# The streams an OLE object keeps a whole file in: the Packager's wrapper around any file (MS-OLEDS
# 2.3.6 OLENativeStream: label, path, command, then the bytes), an OOXML package stored whole (an Excel
# 2007+ workbook embedded by an older application), and Acrobat's PDF.
_NATIVE = "\x01Ole10Native"
_WHOLE_STREAMS = ("Package", "CONTENTS")
_CSTRING_MAX = 1024  # a label or path longer than this is no Packager header


class OleObject:
    """What an OLE object part holds: the embedded file's ``name`` (when its wrapper states one) and ``data``."""

    __slots__ = ("name", "data")

    def __init__(self, name: str | None, data: bytes) -> None:
        self.name = name
        self.data = data


def unwrap(data: bytes, max_bytes: int) -> OleObject | None:
    """The file inside an OLE object part, parsed with olefile; None when the part is no compound file or
    holds no file we know how to take out (a legacy .xls embedded as itself: the caller keeps the part's
    bytes, which detection names). A stream larger than ``max_bytes`` is never read: None as well."""
    if not is_ole(data):
        return None
    import olefile

    try:
        ole = olefile.OleFileIO(data)
    except Exception:  # olefile raises what the bytes make it raise (OSError, struct.error, IndexError)
        return None
    try:
        for name in (_NATIVE, *_WHOLE_STREAMS):
            if not ole.exists(name) or ole.get_type(name) != olefile.STGTY_STREAM:
                continue
            if ole.get_size(name) > max_bytes:
                return None
            raw = ole.openstream(name).read(max_bytes + 1)
            if name == _NATIVE:
                return native_stream(raw)
            return OleObject(None, raw) if raw else None
        return None
    except Exception:
        return None
    finally:
        ole.close()


def native_stream(raw: bytes) -> OleObject | None:
    """An ``Ole10Native`` stream's file: size, flags, label, path, flags, command, then the data."""
    view = memoryview(raw)
    try:
        (total,) = struct.unpack_from("<L", view, 0)
        offset = 6  # the total size, then flags1
        label, offset = _cstring(raw, offset)
        path, offset = _cstring(raw, offset)
        offset += 4  # flags2 and a reserved word
        (command_len,) = struct.unpack_from("<L", view, offset)
        offset += 4 + command_len
        (size,) = struct.unpack_from("<L", view, offset)
        offset += 4
    except (struct.error, ValueError):
        return None
    if offset + size > len(raw) or size == 0 or total < size:
        return None
    name = (path or label).replace("\\", "/").rsplit("/", 1)[-1] or label or None
    return OleObject(name, bytes(view[offset:offset + size]))


def _cstring(raw: bytes, offset: int) -> tuple[str, int]:
    end = raw.find(b"\0", offset, offset + _CSTRING_MAX)
    if end < 0:
        raise ValueError("no NUL-terminated string where the header has one")
    return raw[offset:end].decode("cp1252", "replace"), end + 1


def embedded_file(part: str, data: bytes, max_bytes: int) -> tuple[str, bytes]:
    """The name and bytes of the document an embedding part holds: the file an OLE object wraps, or the
    part itself (an ``.xlsx`` or ``.docx`` package stored as it is, a legacy binary detection will name)."""
    inner = unwrap(data, max_bytes)
    base = part.rsplit("/", 1)[-1]
    if inner is None:
        return base, data
    return inner.name or base.rpartition(".")[0] or base, inner.data
