"""Choosing the reader: an explicit --from, then the bytes, then the extension, then the media type,
then the content sniffers.

The host knows no format: the bytes are matched against what the readers declared (a magic string in
the first KiB, zip part prefixes, ODF mimetypes). Only two things are the host's own: an OLE compound
file is refused here (legacy binary Office, or an encrypted OOXML package), and an unknown format is
refused with the list of what is installed.

A name matches the longest extension a reader declares (``sitemap.xml.gz`` is ``.xml.gz``). A media
type (``--media-type``, what an HTTP response said) is lower-cased and its parameters dropped; the
types servers send for anything (:data:`GENERIC_MEDIA_TYPES`, reference readers §1.1) prove nothing and
are skipped. The sniffers then see the first :data:`SNIFF_WINDOW` bytes, in reader priority order
(higher first, then id), and the first that says why wins; the plain-text reader, lowest, is the
fallback for text. How the reader was chosen is left on ``source.detection`` for the manifest.
"""

from __future__ import annotations

import functools
import re

from .context import Source
from .errors import UsageError  # noqa: F401  (zenconv.detect.UsageError: the name callers import)
from .plugins import ReaderSpec, Registry
from .reports import Unreadable

OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
MAGIC_WINDOW = 1024
SNIFF_WINDOW = 64 * 1024
GENERIC_MEDIA_TYPES = frozenset({"application/octet-stream", "binary/octet-stream", "text/plain", "application/zip",
                                 "application/x-download", "application/download", "application/force-download"})


def choose_reader(source: Source, registry: Registry, from_: str | None = None, *, password: str | None = None,
                  max_package_bytes: int | None = None) -> ReaderSpec:
    """The reader for ``source``; how it was chosen is left on ``source.detection`` for the manifest.

    An encrypted OOXML package is decrypted first (Excel's default password, then ``password``), so the
    reader of what it holds is chosen and reads it; how it was opened is left on ``source.decryption``."""
    if source.head(8).startswith(OLE_SIGNATURE):
        from .safe.ole import ole_kind

        if ole_kind(source.read_bytes()) == "encrypted":
            from .safe.decrypt import DEFAULT_PACKAGE_LIMIT, decrypt

            plain, how = decrypt(source.read_bytes(), password, max_bytes=max_package_bytes or DEFAULT_PACKAGE_LIMIT)
            source.use_decrypted(plain, how)
    spec, source.detection = _choose(source, registry, from_)
    return spec


def named_reader(registry: Registry, from_: str) -> ReaderSpec:
    """The reader ``--from`` names; a usage error (exit 2) when no installed reader has that name."""
    spec = registry.reader_named(from_)
    if spec is None:
        raise UsageError(f"--from {from_}: no installed reader has that name; installed: {installed(registry)}")
    return spec


def _choose(source: Source, registry: Registry, from_: str | None) -> tuple[ReaderSpec, str]:
    """The reader and how it was chosen (``from``, ``magic``, ``zip-parts``, ``extension``,
    ``media-type``, or ``sniffed: <the sniffer's reason>``)."""
    readers = registry.ordered_readers()
    if from_:
        return named_reader(registry, from_), "from"
    head = source.head(MAGIC_WINDOW)
    if not head:
        raise Unreadable("host.empty-input", "the source is empty")

    if head.startswith(OLE_SIGNATURE):
        from .safe.ole import ole_kind

        data = source.read_bytes()
        if ole_kind(data) == "encrypted":  # what decrypting left encrypted (a package inside a package)
            raise Unreadable("host.encrypted-package", "an encrypted Office package (OLE EncryptedPackage) inside "
                             "an encrypted package")
        spec = _by_ole_streams(data, readers)
        if spec is not None:
            return spec, "ole-streams"
        raise Unreadable("host.legacy-format", "a legacy binary Office file (.doc/.ppt, or a compound file no "
                         "installed reader reads): save it as .docx/.xlsx/.pptx")

    for spec in readers:
        if any(magic in head for magic in spec.magic):
            return spec, "magic"

    if head.startswith(ZIP_SIGNATURES):
        spec = _by_zip_parts(source, readers)
        if spec is not None:
            return spec, "zip-parts"

    spec = _by_extension(source.name, readers)
    if spec is not None:
        return spec, "extension"
    found = _by_media_type(media_type_of(source.media_type), readers)
    if found is not None:
        return found
    window = source.head(SNIFF_WINDOW)
    for spec in readers:
        if spec.sniff is not None:
            try:
                why = spec.sniff(window, source.name)
            except Exception:  # a sniffer is advisory: one that fails says no
                continue
            if why:
                return spec, f"sniffed: {why}" if isinstance(why, str) else "sniffed"
    raise Unreadable("host.unknown-format",
                     f"no installed reader recognises {source.name!r}; installed formats: {installed(registry)}")


def _by_ole_streams(data: bytes, readers: list[ReaderSpec]) -> ReaderSpec | None:
    """The first reader declaring a stream the compound file's directory names (``Workbook``)."""
    from .safe.ole import directory_names

    names = {name.casefold() for name in directory_names(data) or ()}
    for spec in readers:
        if any(stream.casefold() in names for stream in spec.ole_streams):
            return spec
    return None


_TOKEN = r"[a-z0-9!#$&^_.+-]+"


@functools.cache
def _media_type() -> re.Pattern:
    """A Content-Type value: compiled when --media-type is first given, not at start-up."""
    return re.compile(rf"{_TOKEN}/{_TOKEN}(?:[ \t]*;[ \t]*{_TOKEN}=(?:[^;\"\s]+|\"[^\"]*\"))*[ \t]*;?", re.IGNORECASE)


def _by_media_type(media: str, readers: list[ReaderSpec]) -> tuple[ReaderSpec, str] | None:
    """The reader declaring ``media``; else, for a type with a structured-syntax suffix (RFC 6839:
    ``application/ld+json``, ``application/vnd.example+xml``), the one declaring ``application/<suffix>``.
    A generic type chooses nothing."""
    if not media or media in GENERIC_MEDIA_TYPES:
        return None
    suffix = media.rsplit("+", 1)[1] if "+" in media.partition("/")[2] else None
    for wanted, how in ((media, "media-type"), (f"application/{suffix}", f"media-type (+{suffix} suffix)")):
        for spec in readers:
            if wanted in spec.media_types:
                return spec, how
        if suffix is None:
            break
    for marks, name in MEDIA_TYPE_WORDS:
        if any(mark in media for mark in marks):
            for spec in readers:
                if spec.name == name:
                    return spec, f"media-type (contains {next(m for m in marks if m in media)!r})"
    return None


# The reference readers' rule for a specific type no reader declares, first match winning: a word it
# contains names the format (``application/vnd.ms-excel.sheet.macroEnabled.12`` is a workbook, ``text/x-json``
# JSON; pdf before html before xml, so ``application/xhtml+xml`` is HTML).
MEDIA_TYPE_WORDS = (
    (("spreadsheetml", "application/vnd.ms-excel"), "xlsx"),
    (("presentationml", "application/vnd.ms-powerpoint"), "pptx"),
    (("wordprocessingml", "application/msword", "application/vnd.ms-word"), "docx"),
    (("json",), "json"),
    (("pdf",), "pdf"),
    (("html",), "html"),
    (("xml",), "xml"),
)


def check_media_type(value: str) -> str:
    """``value`` when it is a media type (``type/subtype``, parameters allowed), else UsageError."""
    if not _media_type().fullmatch(value.strip()):
        raise UsageError(f"--media-type {value!r}: not a media type (type/subtype, e.g. application/rss+xml)")
    return value.strip()


def media_type_of(value: str | None) -> str:
    """``Text/HTML; charset=utf-8`` → ``text/html``; "" for none."""
    return (value or "").split(";")[0].strip().lower()


def _by_extension(name: str, readers: list[ReaderSpec]) -> ReaderSpec | None:
    """The reader of the longest extension the name ends with; on equal length, the first in order."""
    base = name.rsplit("/", 1)[-1].lower()
    best, best_length = None, 0
    for spec in readers:
        for ext in spec.extensions:
            if len(ext) > best_length and base.endswith(ext):
                best, best_length = spec, len(ext)
    return best


def _by_zip_parts(source: Source, readers: list[ReaderSpec]) -> ReaderSpec | None:
    from .safe.zip import list_names, read_small

    names = list_names(source)
    if names is None:
        return None
    source.zip_names = names
    folded = [n.lower() for n in names]
    if "mimetype" in folded:
        mimetype = read_small(source, names[folded.index("mimetype")], 256)
        if mimetype:
            text = mimetype.decode("ascii", "replace").strip()
            for spec in readers:
                if text in spec.odf_mimetypes:
                    return spec
    for spec in readers:
        if spec.zip_parts and any(name.startswith(prefix) for prefix in spec.zip_parts for name in folded):
            return spec
    return None


def installed(registry: Registry) -> str:
    return ", ".join(sorted({spec.name for spec in registry.readers.values()})) or "none"
