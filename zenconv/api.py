"""The Python API: ``zenconv.convert(source, to="markdown", **options)``."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .context import Source
from .detect import UsageError, check_media_type
from .ir.nodes import Document
from .pipeline import Request, check_request, run
from .plugins import build_plugins


@dataclass
class ConversionResult:
    output: bytes | None
    manifest: dict[str, Any]
    document: Document | None
    outcome: str
    reports: dict[str, int]


def convert_api(source, to: str = "markdown", *, name: str | None = None, from_: str | None = None,
                media_type: str | None = None, manifest_path: str | os.PathLike | None = None, fail_on: tuple[str, ...] = (),
                third_party: bool | None = None, isolate: bool = True, **options: Any) -> ConversionResult:
    """Convert one source; a document's fault never raises, it ends in the result's outcome.

    ``isolate`` (the default): the conversion runs in a forked child under the same hard limits as the
    command line (``timeout``, ``max_memory``, the output cap), the result coming back through a pipe.
    ``isolate=False`` runs it in this process, for a caller that sandboxes itself: then only the
    cooperative checks hold (a reader stuck in C can outlive the deadline, memory is sampled).
    ``media_type`` says what an HTTP response's Content-Type was (reference readers §1.1); a malformed
    one is a UsageError. A bad request (an unknown option, a writer that is not installed) raises
    UsageError either way.
    """
    media_type = check_media_type(media_type) if media_type is not None else None
    if isinstance(source, (bytes, bytearray)):
        src = Source(name or "input", data=bytes(source), media_type=media_type)
    elif hasattr(source, "read"):  # read by the conversion itself, under --max-input-bytes and the deadline
        src = Source(name or str(getattr(source, "name", "input")), stream=source, media_type=media_type)
    else:
        path = Path(source)
        if not path.is_file():  # the caller's mistake, not the document's: as the command line says it
            raise UsageError(f"{source}: no such file")
        src = Source(name or path.name, path=path, media_type=media_type)
    request = Request(source=src, to=to, output=None,
                      manifest=Path(manifest_path) if manifest_path else False, from_=from_, options=options,
                      fail_on=tuple(fail_on), third_party=third_party, keep_document=True)
    plugins = build_plugins(third_party=third_party)
    if isolate:
        from .isolation import run_isolated

        options_ = check_request(request, plugins)
        result = run_isolated(request, plugins, options_["timeout"], options_["max_memory"], keep=True)
    else:
        result = run(request, plugins)
    return ConversionResult(
        output=result.output,
        manifest=result.manifest.body() | {"digest": result.manifest.digest},
        document=result.document,
        outcome=result.manifest.outcome,
        reports={r.code.code: r.count for r in result.reports},
    )
