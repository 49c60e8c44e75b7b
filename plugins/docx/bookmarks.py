"""Which dropped bookmarks are worth a report.

A bookmark is a named place; the IR has no anchors, so every one is dropped. A name the author chose
names a place a reader may cite: reported. A name starting with ``_`` is hidden, one Word writes for
itself: ``_GoBack`` (where the last edit was), ``_Toc…``, ``_Ref…``, ``_Hlk…`` (the targets of a table
of contents, a cross-reference field, a pasted link). A REF or PAGEREF field keeps its result text, so
what such a bookmark held is in the output; its loss is only worth a report when a link in the output
points at it, and now points nowhere. Links and bookmarks come in either order (a table of contents
links forward, a "see above" backward), so each side remembers what it has seen of the other.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator

REMEMBERED = 10_000  # names each side keeps: a document of a million bookmarks costs no more


class Bookmarks:
    def __init__(self) -> None:
        self.hidden: dict[str, Locator] = {}  # hidden bookmarks met, not (yet) linked to
        self.anchors: set[str] = set()        # fragments the links met so far point at

    def met(self, st, name: str | None) -> None:
        """A ``w:bookmarkStart`` named ``name``, at the state's place."""
        if not name:
            return
        if not name.startswith("_") or name in self.anchors:
            self._report(st, name, st.here())
        elif len(self.hidden) < REMEMBERED:
            self.hidden.setdefault(name, st.here())

    def linked(self, st, target: str | None) -> None:
        """A link to ``target``: a fragment of this document's (``#name``) makes its bookmark's loss count."""
        if not target or "#" not in target:
            return
        address, _, name = target.partition("#")
        if address or not name:
            return
        where = self.hidden.pop(name, None)
        if where is not None:
            self._report(st, name, where)
        elif len(self.anchors) < REMEMBERED:
            self.anchors.add(name)

    def _report(self, st, name: str, where: Locator) -> None:
        st.ctx.report("docx.bookmarks-dropped", where, detail=name)
