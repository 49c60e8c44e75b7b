"""Choosing the reader: an explicit --from, then the bytes, then the extension, then the sniffers.

The host knows no format: the bytes are matched against what the readers declared (a magic string in
the first KiB, zip part prefixes, ODF mimetypes). Only two things are the host's own: an OLE compound
file is refused here (legacy binary Office, or an encrypted OOXML package), and an unknown format is
refused with the list of what is installed.
"""

from __future__ import annotations

from .context import Source
from .plugins import ReaderSpec, Registry
from .reports import Unreadable

OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
MAGIC_WINDOW = 1024


class UsageError(ValueError):
    """The caller named a format no installed reader has (exit 2, not a document failure)."""


def choose_reader(source: Source, registry: Registry, from_: str | None = None) -> ReaderSpec:
    readers = registry.ordered_readers()
    if from_:
        spec = registry.reader_named(from_)
        if spec is None:
            raise UsageError(f"--from {from_}: no installed reader has that name; installed: {installed(registry)}")
        return spec
    head = source.head(MAGIC_WINDOW)
    if not head:
        raise Unreadable("host.empty-input", "the source is empty")

    if head.startswith(OLE_SIGNATURE):
        from .safe.ole import ole_kind

        kind = ole_kind(source.read_bytes())
        if kind == "encrypted":
            raise Unreadable("host.encrypted-package", "an encrypted Office package (OLE EncryptedPackage); decrypt it first")
        raise Unreadable("host.legacy-format", "a legacy binary Office file (.doc/.xls/.ppt): save it as .docx/.xlsx/.pptx")

    for spec in readers:
        if any(magic in head for magic in spec.magic):
            return spec

    if head.startswith(ZIP_SIGNATURES):
        spec = _by_zip_parts(source, readers)
        if spec is not None:
            return spec

    ext = source.extension
    if ext:
        for spec in readers:
            if ext in spec.extensions:
                return spec
    if source.media_type:
        media = source.media_type.split(";")[0].strip().lower()
        for spec in readers:
            if media in spec.media_types:
                return spec
    for spec in readers:
        if spec.sniff is not None:
            try:
                if spec.sniff(head, source.name):
                    return spec
            except Exception:  # a sniffer is advisory: one that fails says no
                continue
    raise Unreadable("host.unknown-format",
                     f"no installed reader recognises {source.name!r}; installed formats: {installed(registry)}")


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
