"""The Markdown writer's fast paths give exactly the bytes (and reports) of its general paths.

Escaping is security: Markdown a renderer turns into a tag or a link. Each fast path is run beside the
general one on the same tricky inputs: escapes, delimiters, ``<``, ``&``, backticks, ``*``/``_`` runs,
line starts (``#``, ``-``, ``1.``, ``>``), ``|``, control characters, line ends.
"""

from __future__ import annotations

import itertools
import random

import pytest

from zenconv.ir.nodes import Emphasis, Strikethrough, Strong, Text
from zenconv.writers.markdown.delimiters import Run, resolve
from zenconv.writers.markdown.escape import HARD, _fix_line, _line_ends, _SPLIT, escape_text, finish_block
from zenconv.writers.markdown.inlines import InlineRenderer
from zenconv.writers.notes import NoteNumbers
from zenconv.writers.urls import UrlPolicy

from .reference_resolve import resolve as reference_resolve

TRICKY = ["", "a", " ", "  ", "\t", "\n", "\r", "\r\n", "\n\n", "*", "**", "_", "__", "~~", "`", "``", "\\", "[", "]",
          "![", "!", "<", ">", "<script>", "&", "&amp;", "&#x41;", "#", "# x", "###### ", "-", "- ", "---", "1.",
          "1) ", "12. x", "> q", "+ ", "===", "|", "a|b", "$", "$x$", "http://e.com", "HTTPS://e", "x://y",
          "\x00", "\x1b[31m", "\x7f", "\x85", "\x9b", "\u00a0", "\u2003", "é", "中", "x_y", "(", ")", ":", "^"]
MODES = ["block", "heading", "cell", None]


def _renderer():
    reports: list = []
    return InlineRenderer(lambda code, detail=None: reports.append((code, detail)), NoteNumbers(),
                          UrlPolicy(None, lambda name: name)), reports


@pytest.mark.parametrize("mode", MODES)
def test_text_alone_composes_as_the_general_path_does(mode):
    cell = mode == "cell"
    fast, fast_reports = _renderer()
    general, general_reports = _renderer()
    for pair in itertools.product(TRICKY, repeat=2):
        for inlines in ([Text(pair[0] + pair[1])], [Text(pair[0]), Text(pair[1])], [Text(pair[0]), Text(""), Text(pair[1])]):
            assert fast.compose(inlines, cell=cell, mode=mode) == \
                general._compose(inlines, cell, False, frozenset(), mode), inlines
            assert fast_reports == general_reports, inlines


def _piece(r: random.Random):
    if r.random() < 0.55:
        return r.choice([t for t in TRICKY if t]).replace("\n", r.choice(["\n", HARD]))
    lead, trail = (r.choice(["", " ", "\n", HARD, " \n", "  "]) for _ in range(2))
    core = "".join(r.choice([t for t in TRICKY if t.strip()]) for _ in range(r.randint(1, 3)))
    return Run(lead, core, trail, r.choice([Strong, Emphasis, Strikethrough]))


@pytest.mark.parametrize("mode", MODES)
def test_resolve_writes_what_the_resolver_before_it_wrote(mode):
    r = random.Random(22)
    for _ in range(4000):
        pieces = [_piece(r) for _ in range(r.randint(0, 8))]
        assert resolve(pieces, mode) == reference_resolve(pieces, mode), pieces


def test_a_one_line_block_is_finished_as_the_general_path_finishes_it():
    def general(text: str) -> str:
        parts = _SPLIT.split(_line_ends(text))
        return "".join(_fix_line(part) if i % 2 == 0 else ("\n" if part == "\n" else "\\\n")
                       for i, part in enumerate(parts))

    for pair in itertools.product(TRICKY, repeat=2):
        text = escape_text(pair[0] + pair[1])
        assert finish_block(text) == general(text), text
