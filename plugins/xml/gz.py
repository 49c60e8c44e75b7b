"""Gzipped XML (``sitemap.xml.gz``): inflated in a stream, under the package byte limit.

The inflated size is checked first, in one pass that keeps nothing (zlib at a few hundred MB/s), so a
gzip bomb is refused as ``xml.gzip-too-large`` before the parser sees a byte: the XML parser would
otherwise stop at the first byte that is not XML and report a syntax error, hiding what the file is.
The bound is ``--max-part-bytes``, the limit on one inflated part of a zip package: a gzip stream is
one such part. Several gzip members one after another (what ``cat a.gz b.gz`` makes) are one stream.
"""

from __future__ import annotations

import gzip
import zlib
from typing import BinaryIO

from zenconv.context import ReadContext, Source
from zenconv.reports import Unreadable

MAGIC = b"\x1f\x8b"
_CHUNK = 1 << 20


def open_xml_bytes(source: Source, ctx: ReadContext) -> BinaryIO:
    """The source's XML bytes as a stream: inflated when they start as gzip does."""
    if not source.head(2).startswith(MAGIC):
        return source.open()
    limit = ctx.options["max_part_bytes"]
    size = _inflated_size(source, limit, ctx)
    if size > limit:
        raise Unreadable(ctx.code("gzip-too-large"),
                         f"the gzip stream inflates past {limit:,} bytes (--max-part-bytes)")
    ctx.flags["gzip"] = True
    return _Checked(source.open(), ctx)


def _inflated_size(source: Source, limit: int, ctx: ReadContext) -> int:
    """The inflated size, counted up to one chunk past ``limit``."""
    size = 0
    with _Checked(source.open(), ctx) as stream:
        while size <= limit and (chunk := stream.read(_CHUNK)):
            size += len(chunk)
            ctx.checkpoint()
    return size


class _Checked:
    """The inflated bytes of ``raw``; damage (a truncated member, a bad CRC) is ``xml.gzip-corrupt``.
    Closing it closes ``raw``."""

    def __init__(self, raw: BinaryIO, ctx: ReadContext) -> None:
        self.raw = raw
        self.stream = gzip.GzipFile(fileobj=raw, mode="rb")
        self.code = ctx.code("gzip-corrupt")

    def read(self, n: int = -1) -> bytes:
        try:
            return self.stream.read(n)
        except (OSError, EOFError, zlib.error) as exc:
            raise Unreadable(self.code, f"the gzip stream does not inflate: {exc}") from None

    def close(self) -> None:
        self.stream.close()
        self.raw.close()

    def __enter__(self) -> _Checked:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
