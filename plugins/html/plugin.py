"""Entry-point module of the HTML reader: declarations only; the reader (and lxml) load when chosen."""

from __future__ import annotations

import re

from zenconv import hookimpl
from zenconv.plugins import OptionSpec
from zenconv.reports import degraded, refused

from .codes import allowlist_codes

ID = "ai.insan.zenfmt.html"
NAME = "html"
VERSION = "0.1.0"

CODES = (
    *allowlist_codes(NAME),
    refused("html.unknown-encoding", "--encoding names no text encoding Python knows."),
    degraded("html.undecodable-bytes", "Bytes that were not valid in the detected encoding were replaced with U+FFFD."),
)

OPTIONS = (
    OptionSpec("hidden", "choice", "keep",
               "Hidden sheets, rows, columns, slides and text: keep them marked, or skip them and report it.",
               choices=("keep", "skip")),
    OptionSpec("max-rows", "int", 5_000_000, "Most rows read from one table or sheet; past it the rest is cut and reported.", metavar="N"),
    OptionSpec("max-cols", "int", 16_384, "Most columns read from one table or sheet; past it the rest is cut and reported.", metavar="N"),
    OptionSpec("encoding", "str", "", "Text: the encoding to use when the bytes carry no byte-order mark.", metavar="NAME"),
)

# A doctype or an html start tag near the start, after a byte-order mark, whitespace, an XML
# declaration or comments: what a browser would take for a page without a file name.
_HTML_START = re.compile(rb"<(?:!doctype\s+html|html[\s>])", re.IGNORECASE)
_SNIFF_WINDOW = 1024


def sniff(head: bytes, name: str | None) -> bool:
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head[2:].decode("utf-16-le" if head[0] == 0xFF else "utf-16-be", "ignore").encode("ascii", "ignore")
    return _HTML_START.search(head[:_SNIFF_WINDOW]) is not None


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.html.reader:read",
        extensions=[".html", ".htm", ".xhtml"],
        media_types=["text/html", "application/xhtml+xml"],
        priority=0, sniff=sniff, codes=CODES, options=OPTIONS,
    )
