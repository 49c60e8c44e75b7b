"""Where in a document's HTML output a report's locator points: the id a link can take a reader to.

The HTML writer states every block's and row's locator as ``data-`` attributes (``data-row``,
``data-line``, ``data-sheet-name``…, :mod:`zenconv.writers.html.markup`) and gives an id to every element
with a locator (made from it: ``P12``, ``S1-R247``; a heading keeps its slug): so the output itself is the
map, read back with lxml, and the writer needs to know nothing of the audit. A report whose element the
output holds links to that element's own id (``at: element``); an element without one (a repeat of a
locator) falls back as below.

A locator's element is the first one whose ``data-`` locator holds every field the locator has (one that
holds exactly those first); failing that, the same with the locator made coarser, its finest field dropped
each time (a cell, then a line, a row…): a report at cell ``D6`` finds its row, a row the reader never
read finds nothing finer than its sheet; a sheet's cell named alone (``C2``, no row) tries its row
first. A locator with no element, numbered by line, paragraph or page (a script dropped at line 9, a
paragraph inside a table cell, a page with no text), takes the last element at or before its number,
tried in that order. The anchor is that element's own id when the
whole locator matched (``at: element``); else the id that came last before it, of an enclosing element
or of a heading (``at: section``: the reader lands on the section that holds it); with no id before it,
the page itself (``at: page``, ``id`` None: the element is there, its citation shown beside it).

One streaming pass through lxml's parser (a target that sees each start tag, keeping only what the
locators asked for), never a tree: a 26 MB output of 200,000 rows takes about 1.9 s of CPU and 50 MB
for 52 locators (a tree and an index of every element took 6.5 s and 715 MB).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import fields
from pathlib import Path

from .ir.locator import Locator
from .patterns import pattern

FIELDS = tuple(f.name for f in fields(Locator))
_ATTRS = {"data-" + name.replace("_", "-"): name for name in FIELDS}
FINEST_FIRST = ("cell", "line_end", "line", "xpath", "path", "row", "paragraph", "table", "part",
                "rendered_page", "page_label", "page", "slide_title", "slide", "sheet_name", "sheet")
# Fields a document is in the order of: a locator whose element the output lacks (a line dropped, a
# paragraph inside a table cell, a page with no text) takes the last element at or before it, finest first.
ORDERED = ("line", "paragraph", "rendered_page", "page")
_HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
CHUNK = 1 << 20
_CELL = pattern(r"[A-Z]{1,3}([1-9][0-9]{0,6})")


def anchors(path: Path, locators: list[dict]) -> list[dict | None] | None:
    """Each locator's anchor in the HTML output at ``path`` (``{"id", "at"}`` or None); None when the file
    cannot be read. One streaming pass: a large output is never held as a tree."""
    try:
        with path.open("rb") as stream:
            return anchors_in(iter(lambda: stream.read(CHUNK), b""), locators)
    except OSError:
        return None


def anchors_in(chunks, locators: list[dict]) -> list[dict | None] | None:
    """:func:`anchors` over the bytes ``chunks`` yields; None when they are not HTML lxml can read."""
    from lxml import etree

    target = _Target(locators)
    parser = etree.HTMLParser(target=target, huge_tree=True, no_network=True)
    try:
        for chunk in chunks:
            parser.feed(chunk)
            if target.done():
                break
        parser.close()
    except (etree.LxmlError, ValueError):
        return None
    return target.results()


class _Target:
    """lxml's parser target: sees each start tag once, keeps only what the locators asked for."""

    def __init__(self, locators: list[dict]) -> None:
        self._found: list[tuple | None] = [None] * len(locators)  # (level, exactly those fields, anchor)
        self._wanted: dict[tuple[str, str], list[tuple[int, int, frozenset]]] = {}
        for n, locator in enumerate(locators):
            wanted = {name: str(locator[name]) for name in FIELDS if locator.get(name) is not None}
            level = 0
            while wanted:
                pairs = frozenset(wanted.items())
                self._wanted.setdefault(min(pairs), []).append((n, level, pairs))
                level += 1
                row = _row_of_cell(wanted)
                if row is not None:  # a sheet's cell named alone (a comment's, a formula's): its row next
                    pairs = frozenset({**{k: v for k, v in wanted.items() if k != "cell"}, "row": row}.items())
                    self._wanted.setdefault(min(pairs), []).append((n, level, pairs))
                    level += 1
                wanted.pop(next(name for name in FINEST_FIRST if name in wanted))
        # per ordered field: the (value, locator) pairs to fall back for, sorted; bucket -> the last element
        # at the latest value in it
        self._ordered = {name: sorted({(loc[name], n) for n, loc in enumerate(locators)
                                      if isinstance(loc.get(name), int) and not isinstance(loc[name], bool)})
                         for name in ORDERED}
        self._before: dict[str, dict[int, tuple]] = {name: {} for name in ORDERED}
        self._open: list[tuple[int, str] | None] = []  # per open element: the nearest enclosing id, with its order
        self._heading: tuple[int, str] | None = None   # the last heading with an id
        self._order = 0

    def start(self, tag, attrib) -> None:
        self._order += 1
        own = attrib.get("id") or None
        opened = self._open
        enclosing = opened[-1] if opened else None
        opened.append((self._order, own) if own else enclosing)
        heading = self._heading
        if own and tag in _HEADINGS:
            self._heading = (self._order, own)
        pairs = {(_ATTRS[a], v) for a, v in attrib.items() if a in _ATTRS}
        if not pairs:  # most elements (a row's cells): nothing more to do
            return
        if enclosing is None or (heading is not None and heading[0] > enclosing[0]):
            enclosing = heading  # whichever id came last before this element
        place = (own, enclosing[1] if enclosing else None)
        for pair in pairs:
            for n, level, wanted in self._wanted.get(pair, ()):
                if not wanted <= pairs:  # indexed under one of its pairs, so met here once
                    continue
                exact = len(wanted) == len(pairs)
                found = self._found[n]
                if found is None or level < found[0] or (level == found[0] and exact and not found[1]):
                    self._found[n] = (level, exact, _anchor(place, level == 0))
        stated = dict(pairs)
        for name, wanted_values in self._ordered.items():
            value = stated.get(name, "")
            if wanted_values and value.isdigit():
                before = self._before[name]
                bucket = bisect_left(wanted_values, (int(value), -1))
                if bucket < len(wanted_values) and before.get(bucket, (-1,))[0] <= int(value):
                    before[bucket] = (int(value), _anchor(place, False))

    def end(self, tag) -> None:
        if self._open:
            self._open.pop()

    def close(self) -> None:
        return None

    def done(self) -> bool:
        return all(f is not None and f[0] == 0 and f[1] for f in self._found)

    def results(self) -> list[dict | None]:
        results = [f[2] if f is not None else None for f in self._found]
        for name in ORDERED:  # the last element at or before each unfound locator's line, paragraph, page
            best = None
            for bucket, (_, n) in enumerate(self._ordered[name]):
                candidate = self._before[name].get(bucket)
                if candidate is not None and (best is None or candidate[0] >= best[0]):
                    best = candidate
                if results[n] is None and best is not None:
                    results[n] = best[1]
        return results


def _row_of_cell(wanted: dict[str, str]) -> str | None:
    """The 0-based row a cell reference names (``C2`` is row 1), for a sheet's locator naming a cell and no
    row: the rows of a sheet state their row and their first cell, never the others."""
    found = _CELL.fullmatch(wanted.get("cell", ""))
    if found is None or "row" in wanted or ("sheet" not in wanted and "sheet_name" not in wanted):
        return None
    return str(int(found.group(1)) - 1)


def _anchor(place: tuple[str | None, str | None], exact: bool) -> dict:
    own, section = place
    if own:
        return {"id": own, "at": "element" if exact else "section"}
    return {"id": section, "at": "section"} if section else {"id": None, "at": "page"}


def html_output(manifest_path: Path, output) -> Path | None:
    """The manifest's output when it is HTML inside the manifest's folder (a manifest names it relative to
    itself; one naming a file elsewhere is not followed)."""
    if output is None or not output.path or not output.media_type.startswith("text/html"):
        return None
    target = manifest_path.parent / output.path
    try:
        target.resolve().relative_to(manifest_path.parent.resolve())
        return target if target.is_file() else None
    except (ValueError, OSError):  # outside the folder, or a name no file system takes (a NUL)
        return None
