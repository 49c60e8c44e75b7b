"""The Python API: ``zenconv.convert(source, to="markdown", **options)``."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .context import Source
from .ir.nodes import Document
from .pipeline import Request, run


@dataclass
class ConversionResult:
    output: bytes | None
    manifest: dict[str, Any]
    document: Document | None
    outcome: str
    reports: dict[str, int]


def convert_api(source, to: str = "markdown", *, name: str | None = None, from_: str | None = None,
                manifest_path: str | os.PathLike | None = None, fail_on: tuple[str, ...] = (),
                third_party: bool | None = None, **options: Any) -> ConversionResult:
    if isinstance(source, (bytes, bytearray)):
        src = Source(name or "input", data=bytes(source))
    elif hasattr(source, "read"):
        src = Source(name or getattr(source, "name", "input"), data=source.read())
    else:
        path = Path(source)
        src = Source(name or path.name, path=path)
    request = Request(source=src, to=to, output=None,
                      manifest=Path(manifest_path) if manifest_path else False, from_=from_, options=options,
                      fail_on=tuple(fail_on), third_party=third_party, keep_document=True)
    result = run(request)
    return ConversionResult(
        output=result.output,
        manifest=result.manifest.body() | {"digest": result.manifest.digest},
        document=result.document,
        outcome=result.manifest.outcome,
        reports={r.code.code: r.count for r in result.reporter.reports} if result.reporter else {},
    )
