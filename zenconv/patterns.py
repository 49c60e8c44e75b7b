"""Regular expressions compiled when first used, not when their module is imported.

The standard library parses and compiles a pattern in Python: a modest one costs about half a million
instructions. A module-level ``re.compile`` pays that in every process, for every pattern of every
module the command imports, whether the conversion at hand uses it or not: a one-page DOCX converted to
Markdown compiled ~100 patterns at start-up, a tenth of its instructions, most of them for documents of
other kinds (the text formats' sniffers, section and comment scanners a document without them never
reaches).

``pattern(...)`` takes ``re.compile``'s arguments and stands in for its result: the first use of any
attribute compiles it, and from then on the compiled pattern's methods are the object's own attributes,
so a call costs what it costs on the compiled pattern. It is not a ``re.Pattern``: pass it where a
method of it is called (``P.match(s)``, ``P.sub(f, s)``), not to ``re.sub(P, …)``.
"""

from __future__ import annotations

import re

__all__ = ["pattern"]

# What a compiled pattern offers: copied onto the stand-in at its first use.
_ATTRIBUTES = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "scanner",
               "pattern", "flags", "groups", "groupindex")


class LazyPattern:
    """``re.compile(source, flags)``, compiled at the first attribute read (see the module's docstring)."""

    def __init__(self, source: str | bytes, flags: int = 0) -> None:
        self._source = (source, flags)

    def __getattr__(self, name: str):
        # Only reached for what the instance does not hold yet: after the first use, only a name a compiled
        # pattern lacks comes here (and fails on the compiled pattern, as it would have).
        if name.startswith("__") or name == "_source":
            raise AttributeError(name)
        compiled = self.compiled()
        return getattr(compiled, name)

    def compiled(self) -> re.Pattern:
        """The compiled pattern (compiled now, if this is the first use)."""
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = re.compile(*self._source)
            for name in _ATTRIBUTES:
                self.__dict__[name] = getattr(compiled, name)
            self.__dict__["_compiled"] = compiled
        return compiled

    def __repr__(self) -> str:
        return f"pattern({self._source[0]!r}, {self._source[1]!r})"


def pattern(source: str | bytes, flags: int = 0) -> LazyPattern:
    """``re.compile(source, flags)``, compiled when first used."""
    return LazyPattern(source, flags)
