"""Text decoding for every text format: which encoding the bytes are in, then a decoded stream.

The order, first match wins:

1. a byte-order mark (``EF BB BF`` UTF-8, ``FF FE`` UTF-16LE, ``FE FF`` UTF-16BE): it wins even over
   a declared encoding, and is dropped from the text;
2. the declared encoding (``--encoding``, a ``<meta charset>``): a WHATWG label or a Python codec name;
3. strict UTF-8;
4. UTF-8 with a stray byte: strict UTF-8 fails, but the lenient decoding holds a character above
   U+007F other than U+FFFD, so the text *is* UTF-8 and keeps its accents; the bad bytes become U+FFFD;
5. else Windows-1252, what Excel's "CSV" export writes on Western Windows.

There is no UTF-32 and no BOM-less UTF-16 detection. The decision is made by scanning the bytes in
chunks with an incremental decoder, so a file of any size is never held whole.
"""

from __future__ import annotations

import codecs
import io
from typing import BinaryIO, TextIO

from ..records import dataclass

__all__ = ["EncodingGuess", "UnknownEncoding", "decode_text", "open_text", "sniff_encoding"]

SCAN_CHUNK = 1 << 20

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16le"),
    (codecs.BOM_UTF16_BE, "utf-16be"),
)

# Our encoding names (WHATWG's) and the Python codec that decodes each.
_CODECS = {"utf-8": "utf-8", "utf-16le": "utf-16-le", "utf-16be": "utf-16-be", "windows-1252": "cp1252"}

# WHATWG labels whose meaning differs from Python's codec of the same name: a page that says
# "iso-8859-1" or "ascii" is decoded as Windows-1252 by every browser, and so by us.
_LABELS = {
    **dict.fromkeys(("unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8",
                     "x-unicode20utf8"), "utf-8"),
    **dict.fromkeys(("ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
                     "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1",
                     "latin1", "us-ascii", "windows-1252", "x-cp1252"), "windows-1252"),
    **dict.fromkeys(("csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16",
                     "utf-16le"), "utf-16le"),
    **dict.fromkeys(("unicodefffe", "utf-16be"), "utf-16be"),
}

_C1_ERRORS = "zenconv.windows-1252"


def _c1_controls(exc: UnicodeError) -> tuple[str, int]:
    # Python's cp1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D undefined; WHATWG maps each to the C1
    # control of the same value, so Windows-1252 decodes every byte and never loses one.
    if isinstance(exc, UnicodeDecodeError):
        return "".join(map(chr, exc.object[exc.start:exc.end])), exc.end
    raise exc


codecs.register_error(_C1_ERRORS, _c1_controls)


class UnknownEncoding(LookupError):
    """A declared encoding that is no known label, or not a text encoding (``rot13``, ``base64``)."""


@dataclass(frozen=True, slots=True)
class EncodingGuess:
    """What the bytes are: ``encoding`` (a WHATWG name where there is one, e.g. ``windows-1252``),
    the length of the byte-order mark to skip, and whether some bytes were not valid in it
    (``lenient``: they decode to U+FFFD; ``bad_offset`` is the byte offset of the first)."""

    encoding: str
    bom_length: int = 0
    lenient: bool = False
    bad_offset: int | None = None

    @property
    def codec(self) -> str:
        return _CODECS.get(self.encoding, self.encoding)

    @property
    def errors(self) -> str:
        if self.encoding == "windows-1252":
            return _C1_ERRORS
        return "replace" if self.lenient else "strict"


def resolve_label(label: str) -> str:
    """The encoding a declared label names, or :class:`UnknownEncoding`."""
    key = label.strip().lower()
    if key in _LABELS:
        return _LABELS[key]
    try:
        info = codecs.lookup(key)
    except LookupError:
        raise UnknownEncoding(f"unknown encoding {label!r}") from None
    if not getattr(info, "_is_text_encoding", True):
        raise UnknownEncoding(f"{label!r} is not a text encoding")
    return info.name


def sniff_encoding(binary_fh: BinaryIO, declared: str | None = None) -> EncodingGuess:
    """Decide the encoding of the bytes from the current position on; the position is restored.

    Reads the stream to its end in chunks (never whole). Raises :class:`UnknownEncoding` for a
    declared label that names no text encoding, unless a byte-order mark makes it moot.
    """
    start = binary_fh.tell()
    try:
        head = binary_fh.read(3)
        for bom, encoding in _BOMS:
            if head.startswith(bom):
                binary_fh.seek(start + len(bom))
                return _strict_scan(binary_fh, encoding, len(bom))
        binary_fh.seek(start)
        if declared:
            return _strict_scan(binary_fh, resolve_label(declared), 0)
        return _scan_utf8(binary_fh)
    finally:
        binary_fh.seek(start)


def open_text(binary_fh: BinaryIO, guess: EncodingGuess) -> TextIO:
    """A text stream over the bytes from the current position, the byte-order mark skipped.

    ``newline=""``: line ends are kept as they are (CRLF, LF, lone CR), so a reader sees them all.
    Closing the text stream closes ``binary_fh``.
    """
    if guess.bom_length:
        binary_fh.read(guess.bom_length)
    return io.TextIOWrapper(binary_fh, encoding=guess.codec, errors=guess.errors, newline="")


def decode_text(data: bytes, declared: str | None = None) -> tuple[str, EncodingGuess]:
    """The whole text of ``data`` and the encoding found, for sources small enough to hold."""
    guess = sniff_encoding(io.BytesIO(data), declared)
    return data[guess.bom_length:].decode(guess.codec, guess.errors), guess


def read_chunks(binary_fh: BinaryIO, size: int | None = None):
    """``(offset, chunk)`` to the end, ``size`` bytes a chunk (default :data:`SCAN_CHUNK`), each full chunk
    the one reused buffer, valid until the next: a fresh MiB for each read would be given back to the system
    and faulted in again every time (a 60 MB source: ~13,000 page faults)."""
    size = size or SCAN_CHUNK
    offset, buffer = 0, None
    while True:
        if buffer is None:  # most sources end within a chunk: no buffer made for them
            chunk = binary_fh.read(size)
            if len(chunk) == size:
                buffer = bytearray(size)
        else:
            n = binary_fh.readinto(buffer)
            chunk = buffer if n == size else buffer[:n]
        if not chunk:
            return
        yield offset, chunk
        offset += len(chunk)


class _Scan:
    """An incremental decode of chunks that notes the byte offset of the first error."""

    def __init__(self, codec: str) -> None:
        self.codec = codec
        self.decoder = codecs.getincrementaldecoder(codec)("strict")
        self.bad_offset: int | None = None
        self.end = 0

    def passes_ascii(self, offset: int, chunk) -> bool:
        """A chunk of ASCII met with nothing buffered: valid as it is in any ASCII-compatible codec, and no
        character beyond ASCII, so not decoded (decoding it would make a string only to drop it)."""
        if not chunk.isascii() or self.decoder.getstate()[0]:
            return False
        self.end = offset + len(chunk)
        return True

    def decode(self, offset: int, chunk: bytes, final: bool = False) -> str:
        buffered, flag = self.decoder.getstate()
        self.end = offset + len(chunk)
        try:
            return self.decoder.decode(chunk, final)
        except UnicodeDecodeError as exc:
            if self.bad_offset is not None:
                raise
            # The decoder decodes the bytes it buffered (a sequence cut by the previous chunk) plus
            # this chunk, so the error's position counts from the start of the buffered bytes.
            self.bad_offset = offset - len(buffered) + exc.start
            self.decoder = codecs.getincrementaldecoder(self.codec)("replace")
            self.decoder.setstate((buffered, flag))
            return self.decoder.decode(chunk, final)


def _strict_scan(binary_fh: BinaryIO, encoding: str, bom_length: int) -> EncodingGuess:
    """Decode to the end strictly; the first error makes the guess lenient."""
    if encoding == "windows-1252":
        return EncodingGuess(encoding, bom_length)  # every byte decodes
    scan = _Scan(_CODECS.get(encoding, encoding))
    for offset, chunk in read_chunks(binary_fh):
        scan.decode(offset, chunk)
        if scan.bad_offset is not None:
            return EncodingGuess(encoding, bom_length, True, bom_length + scan.bad_offset)
    scan.decode(scan.end, b"", final=True)
    if scan.bad_offset is not None:
        return EncodingGuess(encoding, bom_length, True, bom_length + scan.bad_offset)
    return EncodingGuess(encoding, bom_length)


def _scan_utf8(binary_fh: BinaryIO) -> EncodingGuess:
    """Strict UTF-8, else UTF-8 with stray bytes, else Windows-1252, in one pass over the bytes.

    The scan stops as soon as both a bad byte and a character beyond ASCII have been seen.
    """
    scan = _Scan("utf-8")
    beyond_ascii = False
    for offset, chunk in read_chunks(binary_fh):
        if scan.passes_ascii(offset, chunk):
            continue
        beyond_ascii = _beyond_ascii(scan.decode(offset, chunk)) or beyond_ascii
        if beyond_ascii and scan.bad_offset is not None:
            break
    else:
        beyond_ascii = _beyond_ascii(scan.decode(scan.end, b"", final=True)) or beyond_ascii
    if scan.bad_offset is None:
        return EncodingGuess("utf-8")
    if beyond_ascii:
        return EncodingGuess("utf-8", 0, True, scan.bad_offset)
    return EncodingGuess("windows-1252")


def _beyond_ascii(text: str) -> bool:
    """Holds a character above U+007F other than U+FFFD (what a stray byte decodes to)."""
    return not text.isascii() and not text.replace("\ufffd", "").isascii()
