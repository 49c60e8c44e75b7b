"""The writers' report codes and options, declared where the entry point can read them cheaply."""

from __future__ import annotations

from ..plugins import OptionSpec
from ..reports import degraded, dropped

MARKDOWN_CODES = (
    degraded("to-md.cell-spans-flattened", "A merged cell was written once and its covered cells left empty."),
    degraded("to-md.cell-blocks-flattened", "Block content in a table cell was flattened to one line."),
)
HTML_CODES = (
    dropped("to-html.unsafe-url-dropped", "A link or image URL with a scheme outside the allowlist was dropped."),
)
JSON_CODES = ()
SEGMENTS_CODES = ()

WRITER_OPTIONS = (
    OptionSpec("html-tables", "bool", False, "Markdown: write tables a pipe table cannot hold as HTML tables."),
)
