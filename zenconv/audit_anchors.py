"""Where in a document's HTML output a report's locator points: the id a link can take a reader to.

The HTML writer states every block's and row's locator as ``data-`` attributes (``data-row``,
``data-line``, ``data-sheet-name``…, :mod:`zenconv.writers.html.markup`) and gives ids to headings (and to
whatever else it chooses to): so the output itself is the map, read back with lxml, and the writer needs
to know nothing of the audit.

A locator's element is the first one whose ``data-`` locator holds every field the locator has (one that
holds exactly those first); failing that, the same with the locator made coarser, its finest field dropped
each time (a cell, then a line, a row…): a report at cell ``D6`` finds its row, a row the reader never
read finds nothing finer than its sheet. A line-numbered locator with no element (a script dropped at
line 9) takes the last element at or before its line. The anchor is that element's own id when the
whole locator matched (``at: element``); else the id of the nearest enclosing element that has one, or
of the nearest heading before it (``at: section``: the reader lands on the section that holds it).
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from .ir.locator import Locator

FIELDS = tuple(f.name for f in fields(Locator))
_ATTRS = {"data-" + name.replace("_", "-"): name for name in FIELDS}
FINEST_FIRST = ("cell", "line_end", "line", "xpath", "path", "row", "paragraph", "table", "part",
                "rendered_page", "page_label", "page", "slide_title", "slide", "sheet_name", "sheet")
_HEADINGS = "preceding::*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6][@id][1]"


class HtmlAnchors:
    """An index over one HTML output's located elements."""

    def __init__(self, root) -> None:
        self._elements = []                               # (element, its locator's fields as text)
        self._by_field: dict[tuple[str, str], list[int]] = {}
        for element in root.iter():
            if not isinstance(element.tag, str):          # comments, processing instructions
                continue
            found = {_ATTRS[a]: v for a, v in element.attrib.items() if a in _ATTRS}
            if not found:
                continue
            index = len(self._elements)
            self._elements.append((element, found))
            for pair in found.items():
                self._by_field.setdefault(pair, []).append(index)

    @classmethod
    def read(cls, path: Path) -> HtmlAnchors | None:
        """The output at ``path`` indexed; None when it cannot be read (gone, not HTML)."""
        from lxml import etree, html

        parser = html.HTMLParser(huge_tree=True, no_network=True, remove_comments=True)
        try:
            root = etree.parse(str(path), parser).getroot()
        except (OSError, etree.LxmlError, ValueError):
            return None
        return None if root is None else cls(root)

    def anchor(self, locator: dict) -> dict | None:
        """``{"id": …, "at": "element" | "section"}`` for a report's locator, or None when nothing holds it."""
        wanted = {name: _text(locator[name]) for name in FIELDS if locator.get(name) is not None}
        exact = True
        while wanted:
            element = self._match(wanted)
            if element is not None:
                return _anchor_of(element, exact)
            wanted.pop(next(name for name in FINEST_FIRST if name in wanted))
            exact = False
        line = locator.get("line")
        if isinstance(line, int) and not isinstance(line, bool):
            before = [(int(found["line"]), n) for n, (_, found) in enumerate(self._elements)
                      if found.get("line", "").isdigit() and int(found["line"]) <= line]
            if before:
                return _anchor_of(self._elements[max(before)[1]][0], False)
        return None

    def _match(self, wanted: dict[str, str]):
        lists = [self._by_field.get(pair, []) for pair in wanted.items()]
        shortest = min(lists, key=len)
        holding = [n for n in shortest if all(self._elements[n][1].get(k) == v for k, v in wanted.items())]
        for n in holding:
            if len(self._elements[n][1]) == len(wanted):
                return self._elements[n][0]
        return self._elements[holding[0]][0] if holding else None


def _text(value) -> str:
    return str(value)  # as the writer states it: str() of the field, escaping undone by the parser


def _anchor_of(element, exact: bool) -> dict | None:
    if element.get("id"):
        return {"id": element.get("id"), "at": "element" if exact else "section"}
    for parent in element.iterancestors():
        if parent.get("id"):
            return {"id": parent.get("id"), "at": "section"}
    headings = element.xpath(_HEADINGS)
    return {"id": headings[0].get("id"), "at": "section"} if headings else None


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
