"""Zip packages read safely: the central directory only, every size bounded, every refusal named.

The directory is parsed here with ``struct`` rather than trusted to :mod:`zipfile`, because what
makes a package hostile is exactly what zipfile tolerates: local headers that disagree with the
directory, entries that overlap (zipfile before 3.11.8 reads them, and we run on 3.11.7), sizes
that lie, names that climb out of the package. A local header is used only to find where an
entry's data starts, and its name must agree with the directory's.

Sizes hold when a header lies: a part is inflated with ``max_length`` one byte past its declared
size, so a part that inflates further is caught after one extra byte (``zip-size-mismatch``), and a
declared size over the limits is refused before any inflating. Every refusal raises
:class:`~zenconv.reports.Unreadable` under the calling reader's namespace (``docx.zip-unsafe-name``).
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Mapping
from typing import BinaryIO

from ..context import ReadContext, Source
from ..reports import Unreadable
from .codes import ZIP_REFUSALS as _MEANINGS, zip_codes  # noqa: F401 (zip_codes: for importers)
from ._zipdir import LOCAL, LOCAL_SIG, Entry, pread, read_directory, refusal
from ..records import dataclass
from ..patterns import pattern

_STORED, _DEFLATED = 0, 8
_FLAG_ENCRYPTED = 0x1
_CHUNK = 1 << 16
_LIST_CAP = 1_000_000  # list_names is for detection: past this many entries it says "not a zip we list"
_DRIVE = pattern(r"[A-Za-z]:")
# the surrogates a name's bytes that are not UTF-8 were decoded to: one regex search, not a loop per character
_UNDECODED = pattern("[\udc80-\udcff]")



@dataclass(frozen=True, slots=True)
class ZipLimits:
    max_entries: int = 10_000
    max_part_bytes: int = 1 << 30
    max_total_bytes: int = 2 << 30

    @classmethod
    def from_options(cls, options: Mapping) -> ZipLimits:
        default = cls()
        return cls(options.get("max_zip_entries", default.max_entries),
                   options.get("max_part_bytes", default.max_part_bytes),
                   options.get("max_package_bytes", default.max_total_bytes))


def _key(name: str) -> str:
    """How a name is looked up: \\ read as /, case folded, an OPC-style leading / ignored."""
    name = name.replace("\\", "/")
    return (name[1:] if name.startswith("/") else name).casefold()


def clamp_part_name(path: str) -> str:
    """A reference inside a package as a part name: empty and ``.`` segments dropped, ``..`` never
    climbing past the root, so the name only ever selects a part, never a file beside the package."""
    parts: list[str] = []
    for seg in path.split("/"):
        if seg == "..":
            if parts:
                parts.pop()
        elif seg not in ("", "."):
            parts.append(seg)
    return "/".join(parts)


def resolve_target(folder: str, target: str) -> str:
    """An OPC relationship target as a part name: from the root when it starts with ``/``, else from
    ``folder``; a fragment dropped, ``\\`` read as ``/``, ``..`` past the root staying at the root (as
    RFC 3986 resolves it). "" when it names nothing."""
    target = target.replace("\\", "/").split("#", 1)[0]
    if not target:
        return ""
    return clamp_part_name(target if target.startswith("/") else f"{folder}/{target}")


def _unsafe(name: str) -> str | None:
    """Why ``name`` (with \\ already read as /) may not be a part name, or None."""
    if name.isascii() and ".." not in name and "\x00" not in name and name[:1] != "/" and name[1:2] != ":":
        return None if name else "an empty name"  # most names: no byte left undecoded, no segment ".."
    if not name:
        return "an empty name"
    if "\x00" in name:
        return "a NUL byte"
    if name.startswith("/") or _DRIVE.match(name):
        return "an absolute name"
    if ".." in name.split("/"):
        return "a .. segment"
    if _UNDECODED.search(name):
        return "bytes that are not valid UTF-8"
    return None


class SafeZip:
    """A validated zip package: names from the central directory, parts read within the limits.

    Names are looked up case-insensitively, with \\ read as / and a leading / ignored (OPC part
    names such as ``/word/document.xml`` work as they are); an absent name raises KeyError.
    Use it as a context manager, or call :meth:`close`, to release a file it opened.
    """

    def __init__(self, fh: BinaryIO, ns: str, limits: ZipLimits, *, owned: bool = False) -> None:
        self.ns = ns
        self.limits = limits
        self._fh = fh
        self._owned = owned
        size = fh.seek(0, os.SEEK_END)
        entries, cd_start, cd_end = read_directory(fh, size, ns, limits.max_entries)
        self._entries: dict[str, Entry] = {}
        for entry in entries:
            self._admit_entry(entry)
        self._check_overlaps(entries, cd_start, cd_end)
        self.names: list[str] = [entry.name for entry in entries]
        self._counted: dict[str, int] = {}  # bytes inflated per part, so re-reading a part costs nothing more
        self._total = 0

    def _admit_entry(self, entry: Entry) -> None:
        entry.name = entry.name.replace("\\", "/")
        why = _unsafe(entry.name)
        if why:
            raise self._fail("zip-unsafe-name", f"entry {entry.name!r} has {why}")
        key = entry.name.casefold()
        if key in self._entries:
            raise self._fail("zip-duplicate-name", f"{entry.name!r} and {self._entries[key].name!r}")
        self._entries[key] = entry
        if entry.method not in (_STORED, _DEFLATED):
            raise self._fail("zip-unsupported-compression", f"{entry.name!r} uses compression method {entry.method}")
        if entry.flags & _FLAG_ENCRYPTED:
            raise self._fail("zip-encrypted-entry", f"{entry.name!r} is encrypted")
        if entry.method == _STORED and entry.csize != entry.size:
            raise self._fail("zip-size-mismatch", f"stored entry {entry.name!r} declares {entry.csize} "
                                                  f"bytes stored and {entry.size} bytes of content")

    def _check_overlaps(self, entries: list[Entry], cd_start: int, cd_end: int) -> None:
        """Each entry's smallest possible extent must end before the next entry, and all before the directory.

        The local header's extra field is not known yet; :meth:`_data_start` checks the full extent.
        """
        ordered = sorted(entries, key=lambda e: e.offset)
        for i, entry in enumerate(ordered):
            if entry.offset >= cd_end:
                raise self._fail("zip-corrupt", f"entry {entry.name!r} points past the central directory")
            entry.bound = min(ordered[i + 1].offset, cd_start) if i + 1 < len(ordered) else cd_start
            if entry.offset + LOCAL.size + len(entry.raw_name) + entry.csize > entry.bound:
                other = f"entry {ordered[i + 1].name!r}" if i + 1 < len(ordered) else "the central directory"
                raise self._fail("zip-overlapping-entries", f"entry {entry.name!r} overlaps {other}")

    def _fail(self, what: str, message: str) -> Unreadable:
        return refusal(self.ns, what, message)

    def _entry(self, name: str) -> Entry:
        entry = self._entries.get(_key(name))
        if entry is None:
            raise KeyError(name)
        return entry

    def has(self, name: str) -> bool:
        return _key(name) in self._entries

    def find(self, prefix: str) -> list[str]:
        """Names that start with ``prefix`` (case-insensitive), in directory order."""
        key = _key(prefix)
        return [name for name in self.names if name.casefold().startswith(key)]

    def size(self, name: str) -> int:
        """The size ``name`` declares: reading it gives exactly this many bytes, or refuses."""
        return self._entry(name).size

    def read(self, name: str) -> bytes:
        """The whole part, in one pass: never inflated past its declared size nor past the limits."""
        entry = self._admit_read(name)
        if entry.csize > entry.size + (entry.size >> 8) + 4096:
            # More input than deflate could ever need for this output: do not load it whole.
            return _PartStream(self, entry, self._data_start(entry)).readall()
        compressed = pread(self._fh, self._data_start(entry), entry.csize, self.ns)
        if entry.method == _STORED:
            data = compressed
        else:
            inflate = zlib.decompressobj(-15)
            try:
                data = inflate.decompress(compressed, entry.size + 1)
            except zlib.error as exc:
                raise self._fail("zip-corrupt", f"{entry.name!r}: {exc}") from None
            if len(data) > entry.size:
                raise self._fail("zip-size-mismatch", f"{entry.name!r} inflates past its declared {entry.size} bytes")
            if not inflate.eof:
                raise self._fail("zip-corrupt", f"{entry.name!r}: the deflate stream is truncated")
        self._verify(entry, len(data), zlib.crc32(data))
        self._account(entry, len(data))
        return data

    def open(self, name: str) -> io.RawIOBase:
        """A binary stream over the part (``read(n)``), bounded like :meth:`read`, for lxml iterparse."""
        entry = self._admit_read(name)
        return _PartStream(self, entry, self._data_start(entry))

    def _admit_read(self, name: str) -> Entry:
        entry = self._entry(name)
        limits = self.limits
        if entry.size > limits.max_part_bytes:
            raise self._fail("zip-part-too-large", f"{entry.name!r} declares {entry.size} bytes, "
                                                   f"over the limit of {limits.max_part_bytes}")
        key = entry.name.casefold()
        if self._total - self._counted.get(key, 0) + entry.size > limits.max_total_bytes:
            raise self._fail("zip-package-too-large", f"reading {entry.name!r} takes the package past "
                                                      f"{limits.max_total_bytes} bytes")
        return entry

    def _data_start(self, entry: Entry) -> int:
        if entry.data_start < 0:
            # The header and the name it should hold, in one read; anything unusual (a short file, a name
            # of another length) is read again the long way, to fail as it always has.
            fh, raw = self._fh, entry.raw_name
            fh.seek(entry.offset)
            header = fh.read(LOCAL.size + len(raw))
            sig, *_, name_len, extra_len = LOCAL.unpack_from(header) if len(header) >= LOCAL.size else (0, 0, 0)
            if sig != LOCAL_SIG or name_len != len(raw) or len(header) != LOCAL.size + len(raw):
                header = pread(fh, entry.offset, LOCAL.size, self.ns)
                sig, *_, name_len, extra_len = LOCAL.unpack(header)
                if sig != LOCAL_SIG:
                    raise self._fail("zip-corrupt", f"no local header where {entry.name!r} should start")
                header += pread(fh, entry.offset + LOCAL.size, name_len, self.ns)
            if header[LOCAL.size:] != raw:
                raise self._fail("zip-corrupt", f"the local header of {entry.name!r} names another part")
            start = entry.offset + LOCAL.size + name_len + extra_len
            if start + entry.csize > entry.bound:
                raise self._fail("zip-overlapping-entries", f"the data of {entry.name!r} runs into the next entry")
            entry.data_start = start
        return entry.data_start

    def _verify(self, entry: Entry, produced: int, crc: int) -> None:
        if produced != entry.size:
            raise self._fail("zip-size-mismatch", f"{entry.name!r} inflates to {produced} bytes, "
                                                  f"not the {entry.size} declared")
        if crc != entry.crc:
            raise self._fail("zip-corrupt", f"{entry.name!r} fails its CRC-32 check")

    def _account(self, entry: Entry, produced: int) -> None:
        key = entry.name.casefold()
        before = self._counted.get(key, 0)
        if produced > before:
            self._counted[key] = produced
            self._total += produced - before
            if self._total > self.limits.max_total_bytes:
                raise self._fail("zip-package-too-large", f"the parts read inflate past "
                                                          f"{self.limits.max_total_bytes} bytes")

    def close(self) -> None:
        if self._owned:
            self._fh.close()

    def __enter__(self) -> SafeZip:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _PartStream(io.RawIOBase):
    """One part, inflated as it is read: ``read(n)`` never holds more than n bytes plus one input chunk."""

    def __init__(self, package: SafeZip, entry: Entry, start: int) -> None:
        super().__init__()
        self._zip = package
        self._entry = entry
        self._pos = start
        self._left = entry.csize  # compressed bytes not yet read from the file
        self._inflate = zlib.decompressobj(-15) if entry.method == _DEFLATED else None
        self._tail = b""
        self._produced = 0
        self._crc = 0
        self._done = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def readall(self) -> bytes:
        return b"".join(iter(lambda: self.read(1 << 20), b""))

    def read(self, n: int = -1) -> bytes:
        if self.closed:
            raise ValueError("read from a closed part stream")
        if n is None or n < 0:
            return self.readall()
        if self._done or n == 0:
            return b""
        if self._inflate is None:
            data = self._next_input(n)
        else:
            data = self._inflate_up_to(n)
        self._produced += len(data)
        entry = self._entry
        if self._produced > entry.size:
            raise self._zip._fail("zip-size-mismatch", f"{entry.name!r} inflates past its declared {entry.size} bytes")
        self._crc = zlib.crc32(data, self._crc)
        self._zip._account(entry, self._produced)
        if (self._inflate.eof if self._inflate is not None else not self._left):
            self._done = True
            self._zip._verify(entry, self._produced, self._crc)
        return data

    def _next_input(self, n: int) -> bytes:
        data = pread(self._zip._fh, self._pos, min(n, self._left), self._zip.ns)
        self._pos += len(data)
        self._left -= len(data)
        return data

    def _inflate_up_to(self, n: int) -> bytes:
        inflate, entry = self._inflate, self._entry
        pieces, got = [], 0
        # Stop one byte past the declared size: that byte is enough to prove the header lied.
        while got < n and not inflate.eof and self._produced + got <= entry.size:
            if not self._tail and self._left:
                self._tail = self._next_input(_CHUNK)
            try:
                piece = inflate.decompress(self._tail, min(n - got, entry.size - self._produced - got + 1))
            except zlib.error as exc:
                raise self._zip._fail("zip-corrupt", f"{entry.name!r}: {exc}") from None
            self._tail = inflate.unconsumed_tail
            if not piece and not self._tail and not self._left and not inflate.eof:
                raise self._zip._fail("zip-corrupt", f"{entry.name!r}: the deflate stream is truncated")
            pieces.append(piece)
            got += len(piece)
        return b"".join(pieces)


def _open_source(source) -> tuple[BinaryIO, bool]:
    """A seekable binary file over ``source`` and whether we opened it (and so must close it)."""
    if isinstance(source, Source):
        return source.open(), True  # the bytes it reads: a decrypted source's plain text
    if isinstance(source, (bytes, bytearray, memoryview)):
        return io.BytesIO(source), True
    if isinstance(source, (str, os.PathLike)):
        return open(source, "rb"), True
    return source, False


def open_zip(data_or_path, ns: str, limits: ZipLimits | None = None) -> SafeZip:
    """Validate the package in ``data_or_path`` (bytes, a path, a Source or a seekable binary file)."""
    fh, owned = _open_source(data_or_path)
    try:
        return SafeZip(fh, ns, limits or ZipLimits(), owned=owned)
    except BaseException:
        if owned:
            fh.close()
        raise


def open_package(source: Source, ctx: ReadContext) -> SafeZip:
    """The reader's way in: limits from its options, refusals under its namespace."""
    return open_zip(source, ctx.namespace, ZipLimits.from_options(ctx.options))


def list_names(source) -> list[str] | None:
    """The entry names (\\ read as /) from the central directory, or None when it is not a zip we can list.

    For detection: it validates nothing else (the reader does) and never raises.
    """
    try:
        fh, owned = _open_source(source)
        try:
            entries, _, _ = read_directory(fh, fh.seek(0, os.SEEK_END), "detect", _LIST_CAP)
        finally:
            if owned:
                fh.close()
    except (Unreadable, OSError, ValueError, struct.error):
        return None
    return [entry.name.replace("\\", "/") for entry in entries]


def read_small(source_or_zip, name: str, limit: int) -> bytes | None:
    """Part ``name`` when the package is valid and the part at most ``limit`` bytes, else None; never raises.

    For detection parts such as ODF's ``mimetype``.
    """
    try:
        if isinstance(source_or_zip, SafeZip):
            package = source_or_zip
            return package.read(name) if package.has(name) and package.size(name) <= limit else None
        with open_zip(source_or_zip, "detect", ZipLimits(_LIST_CAP, limit, limit)) as package:
            return package.read(name) if package.has(name) else None
    except (Unreadable, OSError, ValueError, struct.error):
        return None
