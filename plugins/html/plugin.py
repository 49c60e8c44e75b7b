"""Entry-point module of the HTML reader: declarations only; the reader (and lxml) load when chosen."""

from __future__ import annotations

import re

from zenconv import hookimpl
from zenconv.options import HIDDEN, MAX_COLS, MAX_ROWS
from zenconv.plugins import OptionSpec
from zenconv.reports import degraded, refused

from .codes import allowlist_codes
from zenconv.patterns import pattern

ID = "ai.insan.zenfmt.html"
NAME = "html"
VERSION = "0.1.0"

CODES = (
    *allowlist_codes(NAME),
    refused("html.unknown-encoding", "--encoding names no text encoding Python knows."),
    degraded("html.undecodable-bytes", "Bytes that were not valid in the detected encoding were replaced with U+FFFD."),
)

OPTIONS = (
    HIDDEN, MAX_ROWS, MAX_COLS,
    OptionSpec("encoding", "str", "", "Text: the encoding to use when the bytes carry no byte-order mark.", metavar="NAME"),
    # Rows x row spans still open: a table of 100,000 rows each opening a span of 1,000 would take 10^8 steps.
    OptionSpec("max-span-work", "int", 2_000_000, "HTML tables: most steps placing cells around the row spans "
               "still open (rows x open spans); past it the rest of the table is cut and reported.", metavar="N"),
)

# A doctype or an html start tag near the start, after a byte-order mark, whitespace, an XML
# declaration or comments: what a browser would take for a page without a file name.
_HTML_START = pattern(rb"<(?:!doctype\s+html|html[\s>])", re.IGNORECASE)
_SNIFF_WINDOW = 1024


def sniff(head: bytes, name: str | None) -> str | None:
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head[2:].decode("utf-16-le" if head[0] == 0xFF else "utf-16-be", "ignore").encode("ascii", "ignore")
    found = _HTML_START.search(head[:_SNIFF_WINDOW])
    return None if found is None else f"an HTML start ({found.group(0).decode('ascii', 'replace')}…) within the first KiB"


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.html.reader:read",
        extensions=[".html", ".htm", ".xhtml"],
        media_types=["text/html", "application/xhtml+xml"],
        priority=40, sniff=sniff, codes=CODES, options=OPTIONS,
    )
