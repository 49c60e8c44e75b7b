"""Entry-point module of the JSON and JSON Lines readers: declarations only; the readers load when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.reports import degraded, dropped, refused

from zenconv_plugins.declarations import DATA_OPTIONS, shared_codes

from .sniff import is_json, is_json_lines

VERSION = "0.1.0"


def _value_codes(ns: str) -> tuple:
    """The codes of decoding JSON text, which both readers do: the same meanings under each namespace."""
    return (
        *shared_codes(ns),
        dropped(f"{ns}.duplicate-key", "An object names a key twice: the last value is kept, as JSON parsers "
                "do; at the top level of a JSON file both members are kept."),
        degraded(f"{ns}.non-standard-number", "NaN, Infinity or -Infinity, which JSON does not have: kept as "
                 "written."),
        degraded(f"{ns}.undecodable-bytes", "Bytes that were not valid UTF-8 (or UTF-16 after its byte-order "
                 "mark) were replaced with U+FFFD."),
    )


JSON_CODES = (
    *_value_codes("json"),
    dropped("json.wrapper-stripped", "A wrapper around the JSON (a JSONP call, an anti-hijacking prefix, an "
            "assignment, a comment or CDATA guard) was recognised and left out; nothing in it was run."),
    refused("json.invalid", "The text is not JSON (nor JSON in a known wrapper); the detail says where."),
    refused("json.looks-like-jsonl", "The text is not one JSON value but lines that each are: read it with "
            "--from jsonl."),
    refused("json.too-deep", "Arrays and objects nest deeper than --max-data-depth."),
    refused("json.value-too-large", "One value (a record, a member of the top-level object) is longer than "
            "--max-value-chars."),
)

JSONL_CODES = (
    *_value_codes("jsonl"),
    dropped("jsonl.bad-line", "A line that is not one JSON value (or nests deeper than --max-data-depth) "
            "was left out; the lines after it were read."),
    dropped("jsonl.line-too-long", "A line longer than --max-value-chars was skipped unread."),
)


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id="ai.insan.zenfmt.json", name="json", version=VERSION, reader="zenconv_plugins.json.reader:read",
        extensions=[".json", ".geojson", ".jsonld"],
        media_types=["application/json", "application/ld+json", "application/geo+json", "text/json",
                     "application/problem+json", "application/vnd.api+json", "application/x-json"],
        priority=50, sniff=is_json, codes=JSON_CODES, options=DATA_OPTIONS,
    )
    register.reader(
        id="ai.insan.zenfmt.jsonl", name="jsonl", version=VERSION, reader="zenconv_plugins.json.lines:read",
        extensions=[".jsonl", ".ndjson"],
        media_types=["application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
                     "application/jsonlines"],
        priority=45, sniff=is_json_lines, codes=JSONL_CODES, options=DATA_OPTIONS,
    )
