"""The HTML writer: one sectioned page, everything escaped, URLs allowlisted."""

from .page import write

__all__ = ["write"]
