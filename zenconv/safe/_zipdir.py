"""The zip central directory, parsed with ``struct``: the end record (ZIP64 too), then every entry.

Only the layout is read here; what an entry may be (its name, method, flags, extent) is judged by
:class:`zenconv.safe.zip.SafeZip`. Refusals raise :class:`~zenconv.reports.Unreadable` under ``ns``.
"""

from __future__ import annotations

import struct
from typing import BinaryIO

from ..reports import Unreadable
from ..records import dataclass

_EOCD = struct.Struct("<4s4H2LH")
_ZIP64_LOCATOR = struct.Struct("<4sLQL")
_ZIP64_EOCD = struct.Struct("<4sQ2H2L4Q")
_CENTRAL = struct.Struct("<4s6H3L5H2L")
LOCAL = struct.Struct("<4s5H3L2H")
_EXTRA = struct.Struct("<2H")

_EOCD_SIG, _ZIP64_LOCATOR_SIG, _ZIP64_EOCD_SIG = b"PK\x05\x06", b"PK\x06\x07", b"PK\x06\x06"
_CENTRAL_SIG, LOCAL_SIG = b"PK\x01\x02", b"PK\x03\x04"
_FLAG_UTF8 = 0x800


@dataclass(slots=True)
class Entry:
    name: str
    raw_name: bytes
    flags: int
    method: int
    crc: int
    csize: int
    size: int
    offset: int
    bound: int = 0        # where the next entry (or the directory) starts: the data must end before it
    data_start: int = -1  # from the local header, on first read


def refusal(ns: str, what: str, message: str) -> Unreadable:
    return Unreadable(f"{ns}.{what}", message)


def pread(fh: BinaryIO, offset: int, n: int, ns: str) -> bytes:
    fh.seek(offset)
    data = fh.read(n)
    if len(data) != n:
        raise refusal(ns, "zip-corrupt", f"the file ends inside the record at byte {offset}")
    return data


def read_directory(fh: BinaryIO, size: int, ns: str, max_entries: int) -> tuple[list[Entry], int, int]:
    """The entries of the central directory, and the directory's [start, end) in the file."""
    fh.seek(0)
    if fh.read(2) != b"PK":
        raise refusal(ns, "not-a-zip", "no zip signature at the start of the file")
    tail_start = max(0, size - _EOCD.size - 0xFFFF)
    tail = pread(fh, tail_start, size - tail_start, ns)
    pos = _find_end_record(tail)
    if pos < 0:
        raise refusal(ns, "zip-corrupt", "no end-of-central-directory record (a truncated zip?)")
    eocd_at = tail_start + pos
    _, disk, cd_disk, count_here, count, cd_size, cd_offset, _ = _EOCD.unpack_from(tail, pos)
    directory_limit = eocd_at
    if eocd_at >= _ZIP64_LOCATOR.size:
        sig, _, z64_at, _ = _ZIP64_LOCATOR.unpack(pread(fh, eocd_at - _ZIP64_LOCATOR.size, _ZIP64_LOCATOR.size, ns))
        if sig == _ZIP64_LOCATOR_SIG:
            if z64_at + _ZIP64_EOCD.size > eocd_at:
                raise refusal(ns, "zip-corrupt", "the ZIP64 end record lies outside the file")
            (sig, _, _, _, disk, cd_disk, count_here, count, cd_size,
             cd_offset) = _ZIP64_EOCD.unpack(pread(fh, z64_at, _ZIP64_EOCD.size, ns))
            if sig != _ZIP64_EOCD_SIG:
                raise refusal(ns, "zip-corrupt", "the ZIP64 locator points at no ZIP64 end record")
            directory_limit = z64_at
    if disk or cd_disk or count_here != count:
        raise refusal(ns, "zip-corrupt", "a multi-disk (split) zip")
    if count > max_entries:
        raise refusal(ns, "zip-too-many-entries", f"{count} entries, over the limit of {max_entries}")
    if cd_offset + cd_size > directory_limit:
        raise refusal(ns, "zip-corrupt", "the central directory runs past its end record")
    directory = pread(fh, cd_offset, cd_size, ns)
    entries = []
    p = 0
    for _ in range(count):
        if p + _CENTRAL.size > cd_size:
            raise refusal(ns, "zip-corrupt", f"the central directory ends after {len(entries)} of {count} entries")
        (sig, _, _, flags, method, _, _, crc, csize, usize, name_len, extra_len, comment_len, disk_start,
         _, _, offset) = _CENTRAL.unpack_from(directory, p)
        if sig != _CENTRAL_SIG:
            raise refusal(ns, "zip-corrupt", f"no directory entry signature at entry {len(entries)}")
        p += _CENTRAL.size
        raw = directory[p:p + name_len]
        extra = directory[p + name_len:p + name_len + extra_len]
        p += name_len + extra_len + comment_len
        if p > cd_size:
            raise refusal(ns, "zip-corrupt", f"directory entry {len(entries)} runs past the directory")
        if 0xFFFFFFFF in (usize, csize, offset) or disk_start == 0xFFFF:
            usize, csize, offset = _zip64_extra(extra, usize, csize, offset, disk_start, ns)
        name = raw.decode("utf-8" if flags & _FLAG_UTF8 else "cp437", "surrogateescape")
        entries.append(Entry(name, raw, flags, method, crc, csize, usize, offset))
    if directory[p:p + 4] == _CENTRAL_SIG:
        raise refusal(ns, "zip-corrupt", f"the directory holds more entries than the {count} it declares")
    return entries, cd_offset, cd_offset + cd_size


def _find_end_record(tail: bytes) -> int:
    """The end record's position in the file's last 64 KiB: the last one whose comment ends the file
    (a comment may itself hold the signature), else the last one at all (trailing junk), else -1."""
    last = pos = tail.rfind(_EOCD_SIG, 0, len(tail) - _EOCD.size + len(_EOCD_SIG))
    while pos >= 0:
        if pos + _EOCD.size + _EOCD.unpack_from(tail, pos)[-1] == len(tail):
            return pos
        pos = tail.rfind(_EOCD_SIG, 0, pos)
    return last


def _zip64_extra(extra: bytes, usize: int, csize: int, offset: int, disk: int, ns: str) -> tuple[int, int, int]:
    """The 64-bit sizes and offset, present in the ZIP64 extra field in this order when the 32-bit ones are full."""
    p = 0
    while p + _EXTRA.size <= len(extra):
        kind, length = _EXTRA.unpack_from(extra, p)
        if kind == 0x0001:
            wanted = [usize == 0xFFFFFFFF, csize == 0xFFFFFFFF, offset == 0xFFFFFFFF]
            values = [usize, csize, offset]
            q = p + _EXTRA.size
            for i, needed in enumerate(wanted):
                if needed:
                    if q + 8 > p + _EXTRA.size + length or q + 8 > len(extra):
                        break
                    values[i] = struct.unpack_from("<Q", extra, q)[0]
                    wanted[i] = False
                    q += 8
            if not any(wanted):
                return values[0], values[1], values[2]
            break
        p += _EXTRA.size + length
    raise refusal(ns, "zip-corrupt", "a directory entry's ZIP64 extra field is missing or short")
