"""Reports that take text: characters added up, the first words quoted (bounded, sanitised), the whole
text kept only with accounting on; a manifest without such reports is as it was, and deterministic."""

from __future__ import annotations

import json

import zenconv
from zenconv.context import Source
from zenconv.pipeline import Request, run
from zenconv.reports import QUOTE_CHARS, Reporter, dropped, quote

from ..docx.conftest import FX

NS = FX.NAMESPACES.format(w=FX.W_NS, r=FX.R_NS)


def reporter(accounting: bool = False) -> Reporter:
    return Reporter({"x.gone": dropped("x.gone", "Gone.")}.copy(), accounting=accounting)


def test_a_report_adds_up_characters_and_quotes_the_first_few():
    rep = reporter()
    for text in ("first words", "second", "first words", "third", "fourth", "fifth", "sixth"):
        rep.report("x.gone", text=text)
    rep.report("x.gone")  # a report without text still counts
    (entry,) = rep.reports
    data = entry.to_json()
    assert data["count"] == 8
    assert data["chars"] == sum(map(len, ("first words", "second", "first words", "third", "fourth", "fifth", "sixth")))
    assert data["quotes"] == ["first words", "second", "third", "fourth", "fifth"]
    assert rep.taken == []  # accounting off: nothing kept


def test_accounting_keeps_the_whole_text():
    rep = reporter(accounting=True)
    long = "word " * 1000
    rep.report("x.gone", text=long)
    assert rep.taken == [("x.gone", long)]
    assert len(rep.reports[0].quotes[0]) <= QUOTE_CHARS


def test_a_quote_is_one_bounded_line_cut_at_a_word():
    assert quote("a\x00b\u202ec\u200bd\n\te") == "a b c d e"
    cut = quote("alpha " * 100)
    assert len(cut) <= QUOTE_CHARS and cut.endswith("…") and cut[:-1].split() == ["alpha"] * len(cut[:-1].split())
    assert quote("x" * 500).endswith("…") and len(quote("x" * 500)) == QUOTE_CHARS
    assert quote(" \n ") == ""


def test_a_report_without_text_has_no_new_fields_in_the_manifest():
    rep = reporter()
    rep.report("x.gone", detail="why")
    assert set(rep.reports[0].to_json()) == {"code", "severity", "kind", "meaning", "count", "details"}


def _header_docx() -> bytes:
    section = '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>'
    return FX.package(FX.p("Body") + section, rels={"rIdH": ("header", "header1.xml", False)},
                      parts={"word/header1.xml": f"<w:hdr {NS}>{FX.p('Header words here')}</w:hdr>"})


def test_the_manifest_carries_chars_and_quotes_and_is_the_same_with_accounting_on():
    data = _header_docx()
    manifests = [run(Request(source=Source("h.docx", data=data), to="markdown", manifest=False, accounting=accounting,
                             options={"furniture": "drop"})).manifest.to_bytes() for accounting in (False, True, False)]
    assert manifests[0] == manifests[1] == manifests[2]
    (report,) = [r for r in json.loads(manifests[0])["reports"] if r["code"] == "docx.headers-footers-dropped"]
    assert report["chars"] == len("Header words here") and report["quotes"] == ["Header words here"]


def test_the_manifest_schema_names_the_new_fields():
    from zenconv.manifest import Manifest

    fields = Manifest.model_json_schema()["$defs"]["ReportInfo"]["properties"]
    assert {"chars", "quotes"} <= set(fields)
    result = zenconv.convert(_header_docx(), name="h.docx")
    Manifest.model_validate(result.manifest)  # the API's manifest validates with the new fields
