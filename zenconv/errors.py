"""The exceptions the host raises to its caller (the command line, the Python API).

Kept in a module of their own, importing nothing, so ``import zenconv`` can export them for free.
A document's own fault never raises: it ends in the result's outcome (``unreadable``, with a code).
"""

from __future__ import annotations


class UsageError(ValueError):
    """The request itself is wrong: an unknown option or value, a format or writer that is not
    installed, a ``fail_on`` pattern that matches no report code, a source that does not exist.
    The command line exits 2 on it; nothing was read, so there is no manifest."""


class PluginError(RuntimeError):
    """A plugin registered something inconsistent (a duplicate id, clashing option declarations).

    A third-party plugin that does is left out and listed by ``zenconv plugins`` as failed; only a
    built-in one raises this, and that is a bug in zenconv."""
