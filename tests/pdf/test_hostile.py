"""Hostile PDFs end cleanly, with a code, in bounded time and memory (one test per hazard)."""

from __future__ import annotations


import pytest

import zenconv
from zenconv.context import current_rss

from ..cputime import cpu_seconds
from . import make_hostile
from .conftest import text_of

BOMB = 32 << 20        # inflates to 32 MiB here; the real file in adversarial/ to 1 GiB
LIMIT = "4M"           # --max-stream-bytes for these tests, so the bombs cost little to build


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    return make_hostile.main(tmp_path_factory.mktemp("pdf-hostile"), bomb_size=BOMB)


def convert(path, **options):
    start = cpu_seconds()
    result = zenconv.convert(path, to="markdown", timeout=600, **options)  # a backstop: the bound is CPU time
    assert cpu_seconds() - start < 30
    return result


def test_a_page_tree_that_lists_itself_reads_its_one_page(hostile):
    result = convert(hostile["circular-kids.pdf"])
    assert result.outcome == "converted" and b"Hostile but harmless" in result.output


def test_a_page_tree_nested_thousands_deep_is_refused(hostile):
    result = convert(hostile["deep-kids.pdf"])
    assert result.outcome == "unreadable" and result.manifest["reasons"] == ["pdf.malformed"]


def test_an_xref_offset_past_the_end_falls_back_to_scanning(hostile):
    result = convert(hostile["xref-past-eof.pdf"])
    assert result.outcome == "converted" and b"Hostile but harmless" in result.output


def test_a_form_that_draws_itself_is_drawn_once(hostile):
    result = convert(hostile["self-calling-xobject.pdf"])
    assert result.outcome == "converted" and result.output.count(b"Hostile but harmless") == 1


@pytest.mark.parametrize("name", ["flate-bomb.pdf", "objstm-bomb.pdf"])
def test_a_flate_bomb_is_refused_before_it_inflates(hostile, name):
    before = current_rss()
    result = convert(hostile[name], max_stream_bytes=LIMIT)
    assert result.outcome == "unreadable" and result.manifest["reasons"] == ["pdf.stream-too-large"]
    assert current_rss() - before < 64 << 20


def test_all_streams_together_have_a_budget_too(hostile):
    result = convert(hostile["flate-bomb.pdf"], max_package_bytes="1M")
    assert result.outcome == "unreadable" and result.manifest["reasons"] == ["pdf.stream-too-large"]


def test_arrays_nested_a_hundred_thousand_deep_end_cleanly(hostile):
    result = convert(hostile["deep-arrays.pdf"])
    assert result.outcome in ("converted", "needs_review", "unreadable")


def test_text_at_an_absurd_size_converts_in_bounded_time(hostile):
    # Each glyph at size 10^30 is wider than any page: the search for a glyph drawn twice at one spot once
    # visited every cell its tolerance covered (billions) and ran past the conversion's time limit.
    result = convert(hostile["huge-glyphs.pdf"])
    assert result.outcome == "converted" and b"Hostile but harmless" in result.output
    assert result.reports["pdf.offpage-text-dropped"] > 0  # what ran off the page is accounted for


def test_a_slow_page_is_cut_at_its_time_budget(fixtures, monkeypatch):
    from types import SimpleNamespace

    from zenconv_plugins.pdf import capture

    clock = iter(range(1_000_000))  # the page's clock moves a tenth of a second per look
    monkeypatch.setattr(capture, "time", SimpleNamespace(monotonic=lambda: next(clock) / 10))
    monkeypatch.setattr(capture, "_TICK", 16)
    result = zenconv.convert(fixtures["columns.pdf"], to="markdown", page_timeout=1)
    assert result.reports["pdf.page-truncated"] == 1 and result.outcome == "needs_review"
    assert b"A Two-Column Article" in result.output  # what was drawn before the cut is kept


def test_garbage_with_a_pdf_header_is_malformed():
    result = zenconv.convert(b"%PDF-1.7\n" + bytes(range(256)) * 40, to="markdown", name="junk.pdf")
    assert result.outcome == "unreadable" and result.manifest["reasons"][0].startswith("pdf.")


def test_the_outline_walk_ends_on_a_circular_outline(tmp_path):
    data = make_hostile.build([
        b"<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length 51 >>\nstream\nBT /F1 12 Tf 72 720 Td (Hostile but harmless) Tj ET\nendstream",
        b"<< /Type /Outlines /First 7 0 R /Last 7 0 R >>",
        b"<< /Title (Loop) /Parent 6 0 R /Next 7 0 R /First 7 0 R /Last 7 0 R /Dest [3 0 R /Fit] >>",
    ])
    result = convert(data, name="loop.pdf")
    assert result.outcome == "converted"
    assert text_of(result.document.blocks[0]) == "Hostile but harmless"
