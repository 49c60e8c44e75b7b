"""Legacy .xls (written with xlwt) read into the XLSX reader's table model: shown values with the raw ones
beside them, the header under a title, merged group keys, hidden rows and sheets, the same citations."""

from __future__ import annotations

import json

import zenconv
from zenconv.ir.facets import CellValuesFacet
from zenconv.ir.nodes import Paragraph

from .conftest import FX, grid, read_xls, tables

BOOK = FX.book()


def test_detected_from_the_compound_file_and_read_with_xlrd():
    out = zenconv.convert(BOOK, to="markdown", name="exhibit")  # no extension: the OLE streams decide
    assert out.manifest["reader"]["id"] == "ai.insan.zenfmt.xls"
    assert out.manifest["reader"]["library"].startswith("xlrd/")
    assert out.manifest["flags"]["cached_values_only"] is True
    assert out.manifest["outcome"] == "needs_review"  # only for C7's formula, which xlwt stores with no result
    assert read_xls(BOOK).codes() == {"xls.formula-without-cached-value": 1}


def test_shown_values_header_and_title():
    result = read_xls(BOOK)
    blocks = list(result.document.blocks)
    assert [b.children[0].text for b in blocks if isinstance(b, Paragraph)] == ["Incentives, June 2026"]
    table = tables(result)[0]
    rows = list(table.rows)
    assert rows[0].is_header and not rows[1].is_header
    assert grid(type(table)(rows=rows))[:3] == [
        ["Brand", "Model", "Price", "Discount", "From"],
        ["Fiat", "Pandina Cross", "$15,950.00", "12.5%", "1-Jun-26"],
        ["Pandina Icon", "$16,450.00", "10.0%", "1-Jun-26"],  # A5 is under Fiat's merge: left out
    ]
    facet = next(f for f in rows[1].facets if isinstance(f, CellValuesFacet))
    assert facet.pairs()["E4"] == {"shown": "1-Jun-26", "raw": "2026-06-01"}
    assert rows[1].locator.citation() == "Sheet 'Listino', row 4"


def test_raw_values():
    rows = grid(tables(read_xls(BOOK, values="raw"))[0])
    assert rows[1] == ["Fiat", "Pandina Cross", "15950", "0.125", "2026-06-01"]


def test_segments_fill_the_merged_group_key():
    out = zenconv.convert(BOOK, to="segments", name="book.xls")
    rows = [json.loads(line) for line in out.output.splitlines()]
    icon = next(r for r in rows if "Pandina Icon" in r["text"])
    assert icon["text"].startswith("| Fiat | Pandina Icon |")
    assert icon["citation"] == "Sheet 'Listino', row 5"


def test_hidden_content_kept_marked_or_skipped():
    kept = read_xls(BOOK)
    assert [t.facets for t in tables(kept)][1][0].reason == "hidden-sheet"
    skipped = read_xls(BOOK, hidden="skip")
    assert len(tables(skipped)) == 1
    codes = skipped.codes()
    assert codes["xls.hidden-sheet-dropped"] == 1 and codes["xls.hidden-row-dropped"] == 1


def test_caps_are_the_grids():
    result = read_xls(BOOK, max_rows=2, header="none")
    assert len(list(tables(result)[0].rows)) == 2
    assert result.codes()["xls.sheet-truncated"] == 1
    assert result.context.flags["truncated_sheets"] == ["Listino"]


def test_damaged_records_are_refused_by_name():
    data = bytearray(BOOK)
    data[2048:4096] = b"\xff" * 2048
    out = zenconv.convert(bytes(data), to="markdown", name="book.xls")
    assert out.manifest["outcome"] == "unreadable"
    assert out.manifest["reasons"][0] in ("xls.corrupt", "host.legacy-format")


def test_doc_stays_legacy_and_a_workbook_stream_of_garbage_is_corrupt():
    gen = _adversarial()
    doc = gen.compound_file([("WordDocument", bytes(4096))])
    out = zenconv.convert(doc, to="markdown", name="memo.doc")
    assert out.manifest["reasons"][0] == "host.legacy-format"
    junk = gen.compound_file([("Workbook", b"\xff" * 4096)])
    out = zenconv.convert(junk, to="markdown", name="book.xls")
    assert out.manifest["outcome"] == "unreadable"
    assert out.manifest["reasons"][0] == "xls.corrupt"


def _adversarial():
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "adversarial" / "generate.py"
    spec = importlib.util.spec_from_file_location("zenconv_adversarial", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


COMMENTED = FX.commented()


def test_comments_are_carried_as_notes_marked_in_their_cells():
    result = read_xls(COMMENTED)
    notes = result.document.notes
    assert [n.id for n in notes] == ["comment-1-B2", "comment-1-C2"]
    from zenconv.ir.walk import plain_text

    assert plain_text(notes[0].blocks).startswith("Comment by Jane Roe:")
    assert "Checked against the lease" in plain_text(notes[0].blocks)
    assert notes[1].blocks[0].locator.citation() == "Sheet 'Notes', cell C2"
    assert "xls.comments-dropped" not in result.codes()
    md = zenconv.convert(COMMENTED, to="markdown", name="c.xls").output.decode()
    assert "Ask the landlord" in md and "[^" in md


def test_comments_dropped_are_reported_located_with_their_text():
    result = read_xls(COMMENTED, comments="drop")
    assert not result.document.notes
    reports = [r for r in result.reporter.reports if r.code.code == "xls.comments-dropped"]
    assert [loc.cell for r in reports for loc in r.locators] == ["B2", "C2"]
    assert "Ask the landlord" in " ".join(q for r in reports for q in r.quotes)


def test_a_formula_stored_without_a_result_is_located_for_review():
    result = read_xls(COMMENTED)
    reports = [r for r in result.reporter.reports if r.code.code == "xls.formula-without-cached-value"]
    assert [(loc.cell, r.count) for r in reports for loc in r.locators] == [("B3", 1)]
    out = zenconv.convert(COMMENTED, to="markdown", name="c.xls")
    assert out.manifest["outcome"] == "needs_review"
