"""Helpers for tests, ours and plugin authors': read a source with a reader and get the IR back."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .context import Guard, ReadContext, Source
from .ir.nodes import Document
from .ir.resources import ResourceStore
from .options import resolve_options, time_budget
from .plugins import build_plugins
from .reports import HOST_CODES, Reporter
from .records import dataclass


@dataclass
class ReadResult:
    document: Document
    reporter: Reporter
    context: ReadContext

    def codes(self) -> dict[str, int]:
        return {r.code.code: r.count for r in self.reporter.reports}


def source_of(source: str | os.PathLike | bytes, name: str | None = None) -> Source:
    if isinstance(source, bytes):
        return Source(name or "input", data=source)
    path = Path(source)
    return Source(name or path.name, path=path)


def read(source: str | os.PathLike | bytes, reader_id: str, *, name: str | None = None, materialize: bool = True,
         **options: Any) -> ReadResult:
    """Read ``source`` with the reader registered as ``reader_id``; the document is materialised.

    Reports go to a strict reporter that knows only the host's and this reader's codes.
    """
    plugins = build_plugins()
    spec = plugins.registry.readers[reader_id]
    opts = resolve_options(plugins.registry, options)
    reporter = Reporter()
    reporter.declare(HOST_CODES)
    reporter.declare(spec.codes)
    src = source_of(source, name)
    ctx = ReadContext(
        source_name=name or (Path(source).name if not isinstance(source, bytes) else "input"),
        options=opts, reporter=reporter, guard=Guard(time_budget(opts, src.size), opts["max_memory"]),
        resources=ResourceStore(opts["max_media_bytes"]), namespace=spec.name,
    )
    blocks = spec.load()(src, ctx)
    doc = Document(blocks=blocks, metadata=ctx.metadata, notes=ctx.notes, resources=ctx.resources)
    if materialize:
        doc.materialize()
    return ReadResult(doc, reporter, ctx)
