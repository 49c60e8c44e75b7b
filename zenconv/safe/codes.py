"""The refusals of the safe zip and XML layers, as every package reader declares them under its own name.

Apart from :mod:`.zip` and :mod:`.xml` so that a plugin's entry-point module (read at every start-up)
declares them without importing either layer.
"""

from __future__ import annotations

from ..reports import Code, refused

ZIP_REFUSALS = {
    "not-a-zip": "The file is not a zip package.",
    "zip-corrupt": "The zip directory is truncated or inconsistent, or a part's data is damaged (CRC).",
    "zip-too-many-entries": "The package lists more entries than --max-zip-entries.",
    "zip-part-too-large": "A part inflates past --max-part-bytes.",
    "zip-package-too-large": "The parts read inflate past --max-package-bytes together.",
    "zip-size-mismatch": "A part inflates to a size other than the one its directory entry declares.",
    "zip-overlapping-entries": "Two entries, or an entry and the directory, share bytes (an overlap zip bomb).",
    "zip-duplicate-name": "Two entries have the same name once case is folded and \\ is read as /.",
    "zip-unsafe-name": "An entry name is absolute, has a .. segment, a NUL byte or undecodable bytes.",
    "zip-encrypted-entry": "An entry is encrypted.",
    "zip-unsupported-compression": "An entry uses a compression method other than stored or deflate.",
}

XML_REFUSALS = {
    "doctype-refused": "An XML part has a DOCTYPE: DTDs are refused, so entities never expand (billion laughs, XXE).",
    "xml-too-deep": "An XML part nests elements deeper than --max-xml-depth.",
    "xml-malformed": "An XML part is not well-formed XML.",
}


def zip_codes(ns: str) -> tuple[Code, ...]:
    """The zip refusals, declared under ``ns`` (a reader's name), for the reader's CODES."""
    return tuple(refused(f"{ns}.{what}", meaning) for what, meaning in ZIP_REFUSALS.items())


def xml_codes(ns: str) -> tuple[Code, ...]:
    """The XML refusals, declared under ``ns`` (a reader's name), for the reader's CODES."""
    return tuple(refused(f"{ns}.{what}", meaning) for what, meaning in XML_REFUSALS.items())
