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
from zenconv.writers.markdown.delimiters import DELIMITERS, resolve
from zenconv.writers.markdown.escape import HARD, _fix_line, _line_ends, _SPLIT, escape_text, finish_block
from zenconv.writers.markdown.inlines import InlineRenderer
from zenconv.writers.notes import NoteNumbers
from zenconv.writers.urls import UrlPolicy

from .reference_resolve import Run, resolve as reference_resolve

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
        # resolve's runs: each (index, lead, core, trail, markup), its piece holding its Markdown form.
        runs = [(i, p.lead, p.core, p.trail, DELIMITERS[p.kind]) for i, p in enumerate(pieces) if type(p) is Run]
        composed = [p if type(p) is str else p.lead + DELIMITERS[p.kind][0] + p.core + DELIMITERS[p.kind][0] + p.trail
                    for p in pieces]
        links = [i for i, piece in enumerate(pieces) if type(piece) is str and piece[0] == "["]
        expected = reference_resolve(pieces, mode)
        assert resolve(composed, runs, links, mode) == expected, pieces


def test_a_one_line_block_is_finished_as_the_general_path_finishes_it():
    def general(text: str) -> str:
        parts = _SPLIT.split(_line_ends(text))
        return "".join(_fix_line(part) if i % 2 == 0 else ("\n" if part == "\n" else "\\\n")
                       for i, part in enumerate(parts))

    for pair in itertools.product(TRICKY, repeat=2):
        text = escape_text(pair[0] + pair[1])
        assert finish_block(text) == general(text), text


# --- whole inline sequences against the composition before its fast paths ------------------------------

from zenconv.ir.facets import HiddenFacet, RevisionFacet, StyleFacet  # noqa: E402
from zenconv.ir.nodes import (  # noqa: E402
    Code, HardBreak, Image, Link, Math, NoteRef, SmallCaps, Span, Subscript, Superscript, Underline,
)

from .reference_compose import renderer_pair  # noqa: E402

_WRAPPERS = (Strong, Emphasis, Strikethrough, Superscript, Subscript, SmallCaps, Underline)
_URLS = ("https://example.com/a", "http://x/<>\"'|", "javascript:alert(1)", "#frag", "mailto:a@b", "a.png", "b.svg",
         "http://e.com/a&amp;b", "http://x/\x1b", "", "//evil", "http://[::1", "media/../x.png")
_FACETS = ((), (), (HiddenFacet(),), (HiddenFacet("vanish"),), (HiddenFacet("hidden-row"),), (RevisionFacet(),),
           (RevisionFacet("deletion", "a"),), (RevisionFacet("move-to"),), (StyleFacet("x"),))


def _text(r: random.Random) -> str:
    if r.random() < 0.5:
        return r.choice(["plain words", "words", " lead", "trail ", " both ", "x", "(a)", "a.", "中文", "ü"])
    return "".join(r.choice(TRICKY + ["word", " ", "a"]) for _ in range(r.randint(0, 3)))


def _inlines(r: random.Random, depth: int) -> list:
    out = []
    for _ in range(r.randint(0, 5)):
        roll = r.random() if depth > 0 else r.random() * 0.45
        if roll < 0.35:
            out.append(Text(_text(r)))
        elif roll < 0.45:
            out.append(r.choice([HardBreak(), Code(_text(r)), Math(_text(r)), NoteRef(r.choice("12x")),
                                 Image(r.choice(_URLS), _text(r), r.choice([None, _text(r)]))]))
        elif roll < 0.75:
            kind = r.choice((Strong, Emphasis, Strikethrough) * 3 + _WRAPPERS)
            children = _inlines(r, depth - 1)
            if kind is Emphasis and r.random() < 0.2:
                children = [Strong(_inlines(r, depth - 1))]
            out.append(kind(children))
        elif roll < 0.88:
            out.append(Link(_inlines(r, depth - 1), r.choice(_URLS), r.choice([None, None, _text(r)])))
        else:
            out.append(Span(_inlines(r, depth - 1), r.choice([None, "x", "comment-range"]), r.choice(_FACETS)))
    return out


def test_inline_sequences_compose_as_before_the_fast_paths():
    r = random.Random(2207)
    (fast, fast_reports), (reference, reference_reports) = renderer_pair()
    for _ in range(5000):
        inlines = _inlines(r, r.randint(0, 3))
        for finish in ("paragraph", "heading", "cell"):
            assert getattr(fast, finish)(inlines) == getattr(reference, finish)(inlines), (finish, inlines)
        within = frozenset(r.sample([Strong, Emphasis, Strikethrough], r.randint(0, 2)))
        in_link = r.random() < 0.2
        assert fast.compose(inlines, in_link=in_link, within=within) == \
            reference.compose(inlines, in_link=in_link, within=within), inlines
        assert fast_reports == reference_reports, inlines
        fast_reports.clear()
        reference_reports.clear()


def test_inlines_said_normal_are_what_normalising_gives_back():
    from zenconv.writers.markdown.inlines import _normal

    r = random.Random(2208)
    renderer, reports = renderer_pair()[0]
    said = 0
    for _ in range(20000):
        inlines = _inlines(r, r.randint(0, 2))
        if r.random() < 0.5:  # the shapes readers give most: text between runs of text and links
            inlines = [node for node in inlines if type(node) is Text and node.text or type(node) is not Text]
        within = frozenset(r.sample([Strong, Emphasis, Strikethrough], r.randint(0, 1)))
        in_link = r.random() < 0.2
        if _normal(inlines, within, in_link):
            said += 1
            normalised = renderer._normalize(inlines, within, in_link)
            assert len(normalised) == len(inlines) and all(a is b for a, b in zip(normalised, inlines)), inlines
            assert not reports, inlines  # normalising them reports nothing either
    assert said > 2000


_CLEAN = ["plain words", "words", " lead", "trail ", " both ", "x", "(a)", "a.", "中文", "ü", " ", "  ", "\n", "!", "^",
          "http:", "//x", "a:b", ":", "(", ")", ".", "-", "1.", "#", "+", "=", "'", '"', "é", "\u00a0", "\u2003"]


def _clean_inlines(r: random.Random) -> list:
    """Sequences of the shapes the one-pass composition takes (and some it declines), of text needing
    no escaping but for the odd join (a "http:" before a "//")."""
    out = []
    for _ in range(r.randint(1, 7)):
        roll = r.random()
        text = "".join(r.choice(_CLEAN) for _ in range(r.randint(0 if roll < 0.05 else 1, 3)))
        if roll < 0.4:
            out.append(Text(text))
        elif roll < 0.7:
            out.append(r.choice([Strong, Emphasis, Strikethrough])([Text(text)]))
        elif roll < 0.82:
            out.append(Link([Text(text)], r.choice(_URLS), r.choice([None, None, text])))
        elif roll < 0.92:
            out.append(Code(text))
        elif roll < 0.95:
            out.append(r.choice([HardBreak(), NoteRef(r.choice("123"))]))
        else:
            out.append(r.choice([Image("a.png", text), Underline([Text(text)])]))
    return out


def test_the_one_pass_composition_is_the_general_one():
    r = random.Random(2209)
    (fast, fast_reports), (reference, reference_reports) = renderer_pair()
    taken = 0
    for _ in range(20000):
        inlines = _clean_inlines(r)
        for cell, mode in ((False, "block"), (False, "heading"), (True, "cell"), (False, None)):
            plain = fast._plain(inlines, cell, False, frozenset(), mode)
            assert not fast_reports, inlines  # nothing reported, whether it composes them or not
            if plain is not None:
                taken += 1
                assert plain == reference.compose(inlines, cell=cell, mode=mode), (mode, inlines)
                reference_reports.clear()
        assert fast.paragraph(inlines) == reference.paragraph(inlines), inlines
        assert fast_reports == reference_reports, inlines
        fast_reports.clear()
        reference_reports.clear()
    assert taken > 20000


def test_texts_needing_no_escape_together_need_none_apart():
    # The composing loop tests a normal sequence's texts joined, once, and escapes none of them when
    # that finds nothing: so nothing that one text alone needs may be missed in the join.
    from zenconv.writers.markdown.escape import needs_escape

    pieces = TRICKY + ["http:", "//", "https:/", "/x", "word", " ", "\u00a0", "\x85", "\ud800"]
    for a, b in itertools.product(pieces, repeat=2):
        for cell in (False, True):
            if not needs_escape(a + b, cell):
                assert not needs_escape(a, cell) and not needs_escape(b, cell), (a, b)


# --- the block paths: join(), list() and the label pass against the plumbing before its fast paths ------

import importlib.util  # noqa: E402
import io  # noqa: E402
from pathlib import Path  # noqa: E402

from zenconv.context import Guard, WriteContext  # noqa: E402
from zenconv.options import resolve_options  # noqa: E402
from zenconv.reports import HOST_CODES, Reporter  # noqa: E402
from zenconv.writers.markdown import writer as markdown_writer  # noqa: E402

from . import reference_blocks  # noqa: E402
from .conftest import PLUGINS  # noqa: E402

_spec = importlib.util.spec_from_file_location("mutate_ir", Path(__file__).parents[2] / "bench" / "mutate_ir.py")
mutate_ir = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutate_ir)


def _written(write, seed: int):
    doc = mutate_ir.document(random.Random(seed))
    spec = PLUGINS.registry.writer_named("markdown")
    reporter = Reporter()
    reporter.declare(HOST_CODES)
    reporter.declare(spec.codes)
    ctx = WriteContext(options=resolve_options(PLUGINS.registry, {}), reporter=reporter, guard=Guard(),
                       resources=doc.resources, resource_prefix="media/")
    chunks: list[bytes] = []

    class Out(io.RawIOBase):  # the sink's chunks as flushed: the output cap sees the size between them
        def write(self, data):
            chunks.append(bytes(data))
            return len(data)

    write(doc, Out(), ctx)
    return chunks, [r.to_json() for r in reporter.reports]


def test_documents_are_written_as_the_plumbing_before_the_fast_paths_wrote_them():
    for seed in range(50):  # many run past the sink's 64 KiB chunk: it must flush at the same lines
        assert _written(markdown_writer.write, seed) == _written(reference_blocks.write, seed), seed


def test_code_spans_and_destinations_are_written_as_before():
    from zenconv.writers.markdown.inlines import code_span, destination

    from . import reference_compose as before

    extra = ["`x`", "a``b", " ` ", "a\rb", "a\r\nb", "http://x/a b", "http://x/?a=1&b=2", "http://x/&amp;", "x|y"]
    for pair in itertools.product(TRICKY + extra, repeat=2):
        text = pair[0] + pair[1]
        for cell in (False, True):
            assert code_span(text, cell) == before.code_span(text, cell), text
            assert destination(text, cell) == before.destination(text, cell), text
