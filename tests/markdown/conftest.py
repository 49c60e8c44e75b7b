"""Reading Markdown with our reader, and writing IR with our Markdown writer, outside the pipeline."""

from __future__ import annotations

import io

from zenconv.context import Guard, WriteContext
from zenconv.ir import Document, ResourceStore
from zenconv.options import resolve_options
from zenconv.plugins import build_plugins
from zenconv.reports import HOST_CODES, Reporter
from zenconv.testing import ReadResult, read

READER = "ai.insan.zenfmt.markdown"
PLUGINS = build_plugins(third_party=False)


def read_md(text: str | bytes, **options) -> ReadResult:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return read(data, READER, name="input.md", **options)


def write_md(doc: Document, **options) -> tuple[str, Reporter]:
    spec = PLUGINS.registry.writer_named("markdown")
    opts = resolve_options(PLUGINS.registry, options)
    reporter = Reporter()
    reporter.declare(HOST_CODES)
    reporter.declare(spec.codes)
    ctx = WriteContext(options=opts, reporter=reporter, guard=Guard(), resources=doc.resources or ResourceStore(),
                       resource_prefix="media/")
    out = io.BytesIO()
    spec.load()(doc, out, ctx)
    return out.getvalue().decode("utf-8"), reporter
