"""The conservation check end to end: what a DOCX holds against what its conversion wrote and reported.

Each fixture is built here (tests/docx/make_fixtures.py's helpers): a header the reader reports with
its text, a comment dropped under --comments drop, a part off an unknown relationship type the reader
reports, and, with that report switched off, the same part found unaccounted: the proof it catches a
silent loss.
"""

from __future__ import annotations

import json

from zenconv.conservation import check
from zenconv.conservation.__main__ import main

from ..apart import run_apart
from ..docx.conftest import FX

NS = FX.NAMESPACES.format(w=FX.W_NS, r=FX.R_NS)


def _write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def with_header(words: str, body: str = "Body words") -> bytes:
    section = '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>'
    return FX.package(FX.p(body) + section, rels={"rIdH": ("header", "header1.xml", False)},
                      parts={"word/header1.xml": f"<w:hdr {NS}>{FX.p(runs=FX.r(words[:4]) + FX.r(words[4:]))}</w:hdr>"})


def test_a_header_kept_as_furniture_is_accounted_for_by_the_output(tmp_path):
    account = check(_write(tmp_path, "h.docx", with_header("Quarterly figures confidential")))
    assert account.outcome != "unreadable"
    assert account.unaccounted == 0 and account.reported_tokens == 0


def test_a_header_repeated_in_another_section_is_accounted_for_by_the_writers_report(tmp_path):
    section = ('<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr></w:pPr></w:p>'
               '<w:sectPr><w:headerReference w:type="default" r:id="rIdH2"/></w:sectPr>')
    header = f"<w:hdr {NS}>{FX.p('Privileged and confidential')}</w:hdr>"
    data = FX.package(FX.p("One") + section, rels={"rIdH": ("header", "header1.xml", False),
                                                  "rIdH2": ("header", "header2.xml", False)},
                      parts={"word/header1.xml": header, "word/header2.xml": header})
    account = check(_write(tmp_path, "two.docx", data))
    assert account.unaccounted == 0
    assert account.reported_tokens == 3  # the second header's words, taken by to-md.furniture-repeated


def test_a_header_is_accounted_for_by_the_report_that_takes_its_text(tmp_path):
    account = check(_write(tmp_path, "h.docx", with_header("Quarterly figures confidential")), options={"furniture": "drop"})
    assert account.outcome != "unreadable"
    assert account.unaccounted == 0
    assert account.reported_tokens == 3  # quarterly figures confidential: the report took them
    assert [p.name for p in account.parts] == ["word/document.xml", "word/header1.xml"]


def test_a_comment_dropped_under_comments_drop_is_accounted_for(tmp_path):
    data = FX.with_comments(FX.p(runs=FX.commented("0", FX.r("commented words"))),
                            FX.comment("0", FX.p("Reviewer says rewrite"), author="Ann"))
    path = _write(tmp_path, "c.docx", data)
    kept = check(path)
    dropped = check(path, options={"comments": "drop"})
    assert kept.unaccounted == 0 and kept.reported_tokens == 0
    assert dropped.unaccounted == 0 and dropped.reported_tokens == 3


def _aside() -> bytes:
    """A DOCX whose text part hangs off a relationship type no reader knows."""
    aside = f"<w:document {NS}><w:body>{FX.p('Forgotten building block')}</w:body></w:document>"
    return FX.package(FX.p("Body words"), rels={"rIdA": ("http://example.com/relationships/aside", "aside.xml", False)},
                      parts={"word/aside.xml": aside})


def test_a_text_part_off_an_unknown_relationship_is_reported_and_accounted_for(tmp_path):
    import zenconv

    result = zenconv.convert(_aside(), to="markdown", name="g.docx")
    [report] = [r for r in result.manifest["reports"] if r["code"] == "docx.part-not-read"]
    assert report["details"] == ["aside word/aside.xml"] and report["chars"] == len("Forgotten building block")
    assert check(_write(tmp_path, "g.docx", _aside())).unaccounted == 0


def test_text_in_a_part_the_reader_does_not_read_is_found_unaccounted(tmp_path, monkeypatch):
    # the proof the check catches a silent loss: the reader's sweep of unread parts switched off
    monkeypatch.setattr("zenconv_plugins.docx.reader.report_unread_parts", lambda *args: None)
    account = check(_write(tmp_path, "g.docx", _aside()))
    lost = [p for p in account.parts if p.unaccounted]
    assert [p.name for p in lost] == ["word/aside.xml"]
    assert lost[0].first == ["forgotten", "building", "block"]
    assert account.unaccounted == 3


def test_unread_parts_of_a_workbook_are_reported_and_accounted_for(tmp_path):
    from ..xlsx.conftest import FX as XFX
    from ..xlsx.make_fixtures import PKG_RELS

    log = '<revisions xmlns="http://example.com/log"><rcc><nc><is><t>Old value</t></is></nc></rcc></revisions>'
    sheet_rels = '<Relationship Id="rIdX" Type="http://example.com/relationships/private" Target="../private.xml"/>'
    data = XFX.raw_book('<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>', sheet_rels={0: sheet_rels},
                        book_rels='<Relationship Id="rIdR" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                                  'relationships/revisionHeaders" Target="revisions/revisionHeaders.xml"/>',
                        extra={"xl/private.xml": b"<note>Private words</note>",
                               "xl/revisions/revisionHeaders.xml": b"<headers/>",  # no text: nothing to report
                               "xl/revisions/_rels/revisionHeaders.xml.rels": (
                                   f'<Relationships xmlns="{PKG_RELS}"><Relationship Id="rId1" Type="http://schemas.'
                                   'openxmlformats.org/officeDocument/2006/relationships/revisionLog" '
                                   'Target="revisionLog1.xml"/></Relationships>').encode(),
                               "xl/revisions/revisionLog1.xml": log.encode()})
    import zenconv

    reports = {r["code"]: r for r in zenconv.convert(data, to="markdown", name="b.xlsx").manifest["reports"]}
    assert reports["xlsx.part-not-read"]["details"] == ["private xl/private.xml",
                                                       "revisionLog xl/revisions/revisionLog1.xml"]
    assert check(_write(tmp_path, "b.xlsx", data)).unaccounted == 0


def test_unread_parts_of_a_deck_are_reported_and_accounted_for(tmp_path):
    import io
    import re
    import zipfile

    import pptx

    import zenconv

    deck = pptx.Presentation()
    deck.slides.add_slide(deck.slide_layouts[6])
    plain = io.BytesIO()
    deck.save(plain)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(plain.getvalue())) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "ppt/slides/_rels/slide1.xml.rels":  # a tool's own part, off the slide
                data = re.sub(rb"</Relationships>", b'<Relationship Id="rIdZ" Type="http://example.com/rel/addin" '
                              b'Target="../addin/state.xml"/></Relationships>', data)
            target.writestr(info, data)
        target.writestr("ppt/addin/state.xml", "<state><label>Hidden addin words</label></state>")
    data = out.getvalue()
    reports = {r["code"]: r for r in zenconv.convert(data, to="markdown", name="d.pptx").manifest["reports"]}
    assert reports["pptx.part-not-read"]["details"] == ["addin ppt/addin/state.xml"]
    assert check(_write(tmp_path, "d.pptx", data)).unaccounted == 0


def test_field_instructions_and_fallbacks_are_not_counted(tmp_path):
    field = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE \\* MERGEFORMAT </w:instrText></w:r>'
             '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + FX.r("7")
             + '<w:r><w:fldChar w:fldCharType="end"/></w:r>')
    box = ('<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing/></mc:Choice>'
           f'<mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>{FX.p("Fallback copy")}</w:txbxContent>'
           '</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>')
    account = check(_write(tmp_path, "f.docx", FX.package(FX.p(runs=FX.r("Page ") + field + box))))
    assert account.source_tokens == 2  # page 7: neither PAGE, MERGEFORMAT nor the fallback's copy
    assert account.unaccounted == 0


def test_a_word_split_over_runs_is_one_token(tmp_path):
    account = check(_write(tmp_path, "s.docx", FX.package(FX.p(runs=FX.r("Conser") + FX.r("vation", "<w:b/>")))))
    assert account.source_tokens == 1 and account.unaccounted == 0


def test_the_script_prints_the_table_and_fails_on_a_loss(tmp_path, capsys):
    glossary = f"<w:glossaryDocument {NS}>{FX.p('Lost words')}</w:glossaryDocument>"
    _write(tmp_path, "lossy.docx", FX.package(FX.p("Body"), rels={"rIdG": ("glossaryDocument", "g.xml", False)},
                                              parts={"word/g.xml": glossary}))
    _write(tmp_path, "clean.csv", b"a,b\n1,two words\n")
    assert main([str(tmp_path)]) == 1
    table = capsys.readouterr().out
    assert "lossy.docx" in table and "lost words" in table
    assert main([str(tmp_path / "clean.csv"), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["format"] == "csv" and record["unaccounted"] == 0 and record["source_tokens"] == 5


def test_an_unreadable_source_is_a_problem_not_a_crash(tmp_path):
    account = check(_write(tmp_path, "bad.docx", b"PK\x03\x04 not really a zip"))
    assert account.outcome == "unreadable" and account.problems and account.unaccounted == 0


def test_every_rule_has_a_reason(capsys):
    assert main(["--rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 50
    assert any(line.startswith("ooxml") and "w:instrText" in line and "field instruction" in line for line in lines)
    assert all(len(line.split(None, 2)) == 3 for line in lines)


def test_the_script_passes_conversion_options(tmp_path, capsys):
    data = FX.with_comments(FX.p(runs=FX.commented("0", FX.r("words"))), FX.comment("0", FX.p("Dropped remark")))
    path = _write(tmp_path, "c.docx", data)
    assert main([str(path), "--json", "--option", "comments=drop"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["reported_tokens"] == 2 and record["unaccounted"] == 0


def test_a_check_past_its_limits_is_one_failed_line(tmp_path, capsys):
    path = _write(tmp_path, "h.docx", with_header("Some header words"))
    assert main([str(path), "--json", "--timeout", "0.001"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["outcome"] == "check-failed" and "timeout" in record["problems"][0]
    # a cap below what the process already maps: the conversion's first large allocation fails (as
    # a MemoryError, or inside lxml as a parse error), and the document is one line: no account, no crash
    large = _write(tmp_path, "large.docx", FX.package(FX.p("word " * 800_000)))
    main([str(large), "--json", "--max-memory", "1"])
    record = json.loads(capsys.readouterr().out)
    assert record["outcome"] in ("unreadable", "check-failed") and record["source_tokens"] == 0
    assert record["problems"]


def test_a_part_past_the_text_limit_is_counted_up_to_it_and_named(tmp_path, capsys):
    path = _write(tmp_path, "long.docx", FX.package(FX.p("alpha beta") + FX.p("gamma delta") + FX.p("epsilon")))
    assert main([str(path), "--json", "--max-part-chars", "15"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["source_tokens"] == 2  # alpha beta: the next line would pass 15 characters
    assert record["problems"] == ["word/document.xml: text-limit: more than 15 characters; the rest is not counted"]


LONG_TOKEN = """
from zenconv.conservation.check import _rejoin
from collections import Counter
words = ["x" * 200_000, "y" * 200_000]
lost = {0, 1}
_rejoin(words, lost, Counter({"x": 5, "y": 5}))
assert lost == {0, 1}
"""


def test_a_long_unaccounted_token_costs_no_quadratic_search():
    # a split tried at each of 200,000 points, each slicing 200,000 characters, never ends: run apart
    run_apart(LONG_TOKEN, timeout=60)


def test_pieces_a_layout_set_apart_pair_up_in_either_order_only_into_a_word_the_output_holds():
    from collections import Counter

    from zenconv.conservation.check import _pair

    words = ["onsole", "log", "c", "금까지", "지", "lost"]
    lost = {0, 2, 3, 4, 5}
    budget = Counter({"console": 1, "지금까지": 1, "lostx": 1})
    _pair(words, lost, budget)
    assert lost == {5} and budget == Counter({"console": 0, "지금까지": 0, "lostx": 1})


def test_three_right_to_left_pieces_join_only_into_a_word_the_output_holds():
    # right_to_left_02.pdf: pdfminer sets a word's "تخ" and two "و" apart on its line; the reader keeps the word
    from collections import Counter

    from zenconv.conservation.check import _triple
    from zenconv.conservation.tokens import canonical

    words = ["تخ", "ab", "و", "cd", "و", "ef", "ا"]
    lost = set(range(len(words)))
    budget = Counter({canonical("ووخت"): 1, "abcdef": 1})
    _triple(words, lost, budget)
    assert lost == {1, 3, 5, 6} and budget[canonical("ووخت")] == 0  # left-to-right pieces never join so
    assert budget["abcdef"] == 1


def test_a_token_a_cap_cut_is_accounted_for_by_its_kept_start_only_when_long():
    from zenconv.conservation.check import MIN_CUT, _cut

    start = "f" * MIN_CUT
    words = [start + "ffffgone", "fo" + "o" * 10, "bar"]
    lost = {0, 1, 2}
    _cut(words, lost, {start: [start + "ff"], "fo": ["fo"]})
    assert lost == {1, 2}


def test_a_symbol_font_letter_is_read_as_its_greek_letter():
    from lxml import etree

    from zenconv.conservation.ooxml import _symbol
    from zenconv.conservation.rules import W

    def sym(font, char):
        return etree.Element(W + "sym", {W + "font": font, W + "char": char})

    assert _symbol(sym("Symbol", "F061")) == "α" and _symbol(sym("symbol", "0057")) == "Ω"
    assert _symbol(sym("Wingdings", "F0FC")) == "" and _symbol(sym("Symbol", "F0B1")) == ""  # ± is no token
    assert _symbol(sym("Symbol", "zz")) == ""
