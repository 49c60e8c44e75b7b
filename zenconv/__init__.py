"""zenconv: documents to Markdown or sectioned HTML, with a digest-bound manifest of every loss.

The public API: :func:`convert`, the IR (:mod:`zenconv.ir`), and ``hookimpl`` for plugin authors.
"""

from __future__ import annotations

import pluggy

from .ir import *  # noqa: F401,F403  (the IR is part of the public API)
from .ir import __all__ as _ir_all
from .reports import Code, Kind, Severity, Unreadable, degraded, dropped, refused, truncated

__version__ = "0.1.0"

hookimpl = pluggy.HookimplMarker("zenconv")


def convert(source, to: str = "markdown", **options):
    """Convert ``source`` (a path, bytes, or a binary file) and return a :class:`ConversionResult`.

    ``result.output`` is the output bytes, ``result.manifest`` the manifest as a dict and
    ``result.document`` the IR, materialised. Options are the CLI's, by key: ``max_rows=100``,
    ``revisions="all"``, ``from_="csv"``, ``name="report.csv"`` (the name used for detection and the
    manifest when ``source`` is bytes).
    """
    from .api import convert_api

    return convert_api(source, to=to, **options)


__all__ = [
    "Code", "Kind", "Severity", "Unreadable", "__version__", "convert", "degraded", "dropped", "hookimpl", "refused",
    "truncated", *_ir_all,
]
