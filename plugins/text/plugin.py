"""Entry-point module of the plain-text reader, also the fallback for text no other reader claims:
declarations only, and the fallback sniffer."""

from __future__ import annotations

from zenconv_plugins.csv.plugin import ENCODING, MAX_LINE_CHARS

from zenconv import hookimpl
from zenconv.plugins import OptionSpec
from zenconv.reports import PRESENTATION, degraded, refused, truncated

ID = "ai.insan.zenfmt.text"
NAME = "text"
VERSION = "0.1.0"

CODES = (
    truncated("text.line-truncated", "A line longer than --max-line-chars was cut; the output says so."),
    degraded("text.nul-removed", "NUL characters in the text were removed."),
    degraded("text.undecodable-bytes", "Bytes that were not valid in the detected encoding were replaced with U+FFFD."),
    degraded("text.paragraph-split", "A paragraph of more than --max-paragraph-lines lines, or more than "
             "--max-line-chars characters, was split into several: no text lost.", kind=PRESENTATION),
    refused("text.unknown-encoding", "The --encoding given names no known text encoding."),
    refused("text.binary-content", "The bytes are not text (a picture, an archive, random data): nothing was read."),
)

OPTIONS = (
    MAX_LINE_CHARS,
    ENCODING,
    OptionSpec("max-paragraph-lines", "int", 10_000, "Text: most lines in one paragraph; a longer run of lines "
               "without a blank one is split there.", metavar="N"),
)


def sniff(head: bytes, name: str | None) -> str | None:
    """The fallback: text that no reader before this one (the lowest priority) claimed; never binary."""
    from zenconv_plugins.binary import head_text

    return None if head_text(head) is None else "text that no other reader claims (not binary)"


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.text.reader:read",
        extensions=[".txt", ".text", ".log"], media_types=["text/plain"],
        priority=-100, sniff=sniff, codes=CODES, options=OPTIONS,
    )
