"""Entry-point module of the built-in writers: declarations only, nothing heavy imported."""

from __future__ import annotations

from .. import hookimpl
from .codes import HTML_CODES, HTML_OPTIONS, JSON_CODES, MARKDOWN_CODES, MARKDOWN_OPTIONS, SEGMENTS_CODES, SEGMENTS_OPTIONS

VERSION = "0.1.0"


@hookimpl
def zenconv_writers(register) -> None:
    register.writer(
        id="ai.insan.zenconv.markdown", name="markdown", version=VERSION,
        writer="zenconv.writers.markdown:write", extensions=[".md", ".markdown"],
        media_type="text/markdown; charset=utf-8", codes=MARKDOWN_CODES, options=MARKDOWN_OPTIONS,
    )
    register.writer(
        id="ai.insan.zenconv.html", name="html", version=VERSION,
        writer="zenconv.writers.html:write", extensions=[".html", ".htm"],
        media_type="text/html; charset=utf-8", codes=HTML_CODES, options=HTML_OPTIONS,
    )
    register.writer(
        id="ai.insan.zenconv.json", name="json", version=VERSION,
        writer="zenconv.writers.json:write", extensions=[".json"],
        media_type="application/json", codes=JSON_CODES,
    )
    register.writer(
        id="ai.insan.zenconv.segments", name="segments", version=VERSION,
        writer="zenconv.writers.segments:write", extensions=[".jsonl", ".ndjson"],
        media_type="application/jsonl", codes=SEGMENTS_CODES, options=SEGMENTS_OPTIONS,
    )
