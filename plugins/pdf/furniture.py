"""Running headers and footers: the same line at the same height on pages around this one, or a
line whose number keeps step with the page number.

Pages are compared within a window (the pages before and after), which keeps memory bounded on
a long document and still follows a header that changes from chapter to chapter.

What runs is left out of the page's body, and either dropped and reported (``--furniture drop``) or kept
as page furniture (:class:`RunningFurniture`) on each page it runs on (the writers show a text once), a
header above the page's middle and a footer below it. The same line with other numbers on a later page
(a page number, "Page 3 of 9") is not carried again: it is reported ``pdf.running-page-numbers`` with its
text, the page-dependent part of the furniture.
"""

from __future__ import annotations

import math

from zenconv.ir.facets import FurnitureFacet
from zenconv.ir.nodes import Container, Paragraph, Text

from .grid import Cell
from .page import PageData, edge_key

WINDOW = 4          # pages on each side compared with a page
SAME_HEIGHT = 6.0   # points: two edge lines this close in height are at the same place
SAME_FOLIO = 3.0    # points: ... for two lines whose numbers keep step with their pages
MIN_OTHERS = 2      # a page needs this many neighbours before anything is called running
MIN_HITS = 2        # ... and the line must recur on this many of them
SHARE = 0.25        # ... and on at least this share (books alternate left and right headers)


def running_lines(page: PageData, neighbours: list[PageData]) -> list[tuple[str, list[Cell]]]:
    """The edge lines of ``page`` that recur on most of its neighbours: (text, cells) each."""
    if not neighbours or not page.edges:
        return []
    need = max(MIN_HITS, math.ceil(SHARE * len(neighbours))) if len(neighbours) >= MIN_OTHERS else None
    running = []
    for edge in page.edges:
        hits = folios = 0
        for other in neighbours:
            if any(o.key == edge.key and abs(o.top - edge.top) <= SAME_HEIGHT for o in other.edges):
                hits += 1
            if edge.folios and any(o.folios & edge.folios and abs(o.top - edge.top) <= SAME_FOLIO
                                   for o in other.edges):
                folios += 1
        # A line whose number keeps step with the page number (a chapter title and its page
        # number, changing with the chapter) runs too, even on a page or two.
        running.append((need is not None and hits >= need) or folios >= 1)
    # Lines that run on into each other are a paragraph, however often the same words stand
    # there: a running header is a line on its own.
    for k, edge in enumerate(page.edges):
        if edge.joined:
            running[k] = False
            if edge.inner is not None:
                running[edge.inner] = False
    return [(e.text, e.cells) for e, keep in zip(page.edges, running) if keep]


class RunningFurniture:
    """The running lines kept as furniture; the same line numbered otherwise on a later page, reported."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.seen: dict[tuple[str, str], str] = {}  # (role, the line's identity) -> the text kept

    def page(self, page: PageData, running: list[tuple[str, list[Cell]]], loc) -> list[Container]:
        out = []
        for text, cells in running:
            role = "header" if cells and cells[0].y >= page.height / 2 else "footer"
            key = (role, edge_key(text))
            kept = self.seen.setdefault(key, text)
            if kept == text:  # the same line again: the writers show it once and say so
                facet = FurnitureFacet(role=role, variant="running")
                out.append(Container([Paragraph([Text(text)], locator=loc)], class_="furniture", facets=(facet,),
                                     locator=loc))
            else:
                self.ctx.report("pdf.running-page-numbers", loc, detail=text[:80], text=text)
        return out
