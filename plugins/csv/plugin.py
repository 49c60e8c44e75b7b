"""Entry-point module of the CSV/TSV reader: declarations only; the reader loads when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import MAX_COLS, MAX_ROWS
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

OPTIONS = (
    MAX_ROWS,
    MAX_COLS,
    OptionSpec("max-field-chars", "int", 1 << 20, "CSV: longest field kept, in characters.", metavar="N"),
    OptionSpec("max-line-chars", "int", 16 << 20, "CSV: longest record kept, in characters.", metavar="N"),
    OptionSpec("max-quoted-lines", "int", 1000, "CSV: most line breaks in one quoted field; past it the quote is taken as stray.", metavar="N"),
    OptionSpec("max-quoted-chars", "int", 1 << 20, "CSV: longest quoted field, in characters; past it the quote is taken as stray.", metavar="N"),
    OptionSpec("delimiter", "choice", "auto", "CSV: the field delimiter, or auto to detect it.", choices=("auto", ",", ";", "tab", "|")),
    OptionSpec("encoding", "str", "", "Text: the encoding to use when the bytes carry no byte-order mark.", metavar="NAME"),
)


def _sniff(head: bytes, name: str | None) -> bool:
    return False


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name="csv", version=VERSION, reader="zenconv_plugins.csv.reader:read",
        extensions=[".csv", ".tsv", ".tab"],
        media_types=["text/csv", "text/tab-separated-values", "application/csv"],
        priority=0, codes=CODES, options=OPTIONS,
    )
