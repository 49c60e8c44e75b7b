"""Entry-point module of the CSV/TSV reader: declarations only; the reader loads when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import HEADER, MAX_COLS, MAX_ROWS
from zenconv.plugins import OptionSpec
from zenconv.reports import degraded, refused, truncated

ID = "ai.insan.zenfmt.csv"
VERSION = "0.1.0"

CODES = (
    truncated("csv.rows-truncated", "Rows past --max-rows were not read; the output says where it stopped."),
    truncated("csv.columns-truncated", "Fields past --max-cols in a record were cut; the output says so."),
    truncated("csv.field-truncated", "A field longer than --max-field-chars was cut."),
    truncated("csv.line-truncated", "A record longer than --max-line-chars was cut."),
    degraded("csv.nul-removed", "NUL characters in the text were removed."),
    degraded("csv.undecodable-bytes", "Bytes that were not valid in the detected encoding were replaced with U+FFFD."),
    degraded("csv.unterminated-quote", "A quoted field ran past --max-quoted-lines or --max-quoted-chars, or to the end "
             "of the file: its quote was taken as a character and the text after it read again as records.", review=True),
    refused("csv.unknown-encoding", "The --encoding given names no known text encoding."),
    refused("csv.binary-content", "The bytes are not text (a picture, an archive, random data): nothing was read as a table."),
)

# Shared with the plain-text reader, which cuts its lines where CSV cuts its records.
MAX_LINE_CHARS = OptionSpec("max-line-chars", "int", 16 << 20, "CSV and text: longest record or line kept, in "
                            "characters.", metavar="N")

ENCODING = OptionSpec("encoding", "str", "", "Text: the encoding to use when the bytes carry no byte-order mark.",
                      metavar="NAME")

OPTIONS = (
    MAX_ROWS,
    MAX_COLS,
    OptionSpec("max-field-chars", "int", 1 << 20, "CSV: longest field kept, in characters.", metavar="N"),
    MAX_LINE_CHARS,
    OptionSpec("max-quoted-lines", "int", 1000, "CSV: most line breaks in one quoted field; past it the quote is taken as stray.", metavar="N"),
    OptionSpec("max-quoted-chars", "int", 1 << 20, "CSV: longest quoted field, in characters; past it the quote is taken as stray.", metavar="N"),
    OptionSpec("delimiter", "choice", "auto", "CSV: the field delimiter, or auto to detect it.", choices=("auto", ",", ";", "tab", "|")),
    ENCODING,
    HEADER,
)


# Reference readers §1.1: the content types a server sends for delimited text.
MEDIA_TYPES = ("text/csv", "text/tab-separated-values", "application/csv", "text/x-csv", "application/x-csv",
               "text/comma-separated-values")


def sniff(head: bytes, name: str | None) -> str | None:
    """Why the head is CSV, only when one delimiter scores clearly (see ``clear_delimiter``), or None."""
    from zenconv_plugins.binary import head_text

    from .delimiter import SAMPLE_CHARS, clear_delimiter
    from .tokenizer import Caps

    text = head_text(head)
    if text is None:
        return None
    found = clear_delimiter(text[:SAMPLE_CHARS], len(head) >= SAMPLE_CHARS, Caps(MAX_COLS.default, 1 << 20, MAX_LINE_CHARS.default))
    return None if found is None else found[1]


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name="csv", version=VERSION, reader="zenconv_plugins.csv.reader:read",
        extensions=[".csv", ".tsv", ".tab"],
        media_types=MEDIA_TYPES, priority=10, sniff=sniff, codes=CODES, options=OPTIONS,
    )
