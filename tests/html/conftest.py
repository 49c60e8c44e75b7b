"""Reading HTML with our reader, outside the pipeline."""

from __future__ import annotations

from zenconv.testing import ReadResult, read

READER = "ai.insan.zenfmt.html"


def read_html(text: str | bytes, **options) -> ReadResult:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return read(data, READER, name="input.html", **options)
