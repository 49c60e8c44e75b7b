"""The Markdown writer: GitHub-flavoured, escaped so it reads back to the same text."""

from .writer import write

__all__ = ["write"]
