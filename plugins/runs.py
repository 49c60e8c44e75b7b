"""Runs of text with their formatting, grouped into inlines: the ODF and DrawingML readers share it."""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, groupby
from operator import itemgetter
from typing import Any

from zenconv.ir.nodes import Text

_FORMAT = itemgetter(1)


def group_runs(segments: list[tuple[Any, Any]], wrap: Callable[[list, Any], list]) -> list:
    """``(piece, format)`` segments as inlines: consecutive segments of one format share one wrapper
    (``wrap(children, format)`` builds it), and text pieces next to each other are one Text."""
    out: list = []
    for fmt, run in groupby(segments, key=_FORMAT):
        first = next(run)
        second = next(run, None)
        if second is None:  # a run of one piece, the commonest: no joining to do
            piece = first[0]
            out += wrap([Text(piece) if isinstance(piece, str) else piece], fmt)
            continue
        children: list = []
        texts: list[str] = []
        for piece, _ in chain((first, second), run):
            if isinstance(piece, str):
                if not texts and children and isinstance(children[-1], Text):
                    texts.append(children.pop().text)
                texts.append(piece)
                continue
            if texts:
                children.append(Text("".join(texts)))
                texts = []
            children.append(piece)
        if texts:
            children.append(Text("".join(texts)))
        out += wrap(children, fmt)
    return out
