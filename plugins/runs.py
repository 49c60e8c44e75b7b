"""Runs of text with their formatting, grouped into inlines: the ODF and DrawingML readers share it."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from operator import itemgetter
from typing import Any

from zenconv.ir.nodes import Text


def group_runs(segments: list[tuple[Any, Any]], wrap: Callable[[list, Any], list]) -> list:
    """``(piece, format)`` segments as inlines: consecutive segments of one format share one wrapper
    (``wrap(children, format)`` builds it), and text pieces next to each other are one Text."""
    out: list = []
    for fmt, run in groupby(segments, key=itemgetter(1)):
        children: list = []
        texts: list[str] = []
        for piece, _ in run:
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
        out.extend(wrap(children, fmt))
    return out
