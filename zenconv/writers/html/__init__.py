"""The HTML writer: one sectioned page, everything escaped, URLs allowlisted."""

from __future__ import annotations

__all__ = ["write"]


def __getattr__(name: str):
    # The page (its template loading, markupsafe) is imported when the HTML writer is chosen, not when the
    # Markdown writer borrows the renderer beside it for raw HTML.
    if name == "write":
        from .page import write

        return write
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
