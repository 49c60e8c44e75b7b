"""``zenconv audit --format html``: one inert page (no script, nothing fetched, a strict CSP), its chart
drawn to the counts, its links landing on ids the documents' HTML outputs hold, every name escaped, the
same bytes for the same audit; JSON and CSV carry the anchors the page links."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html
import pytest

from zenconv.audit import audit, run_audit
from zenconv.audit_anchors import anchors_in
from zenconv.audit_html import BAR_SPACE
from zenconv.batch import INDEX_NAME, run_batch
from zenconv.plugins import build_plugins

from .conftest import ROOT, run_cli

HOSTILE = '<script>alert(1)<script> &amp; "\'\x1b[2J\u202eevil'
MARKDOWN = ('# Intro <span onclick="x">t</span>\n\nText <span onmouseover="y">z</span>.\n\n'
            "## Two\n\n<script>alert(1)</script>\n")


@pytest.fixture(scope="module")
def batch(tmp_path_factory) -> Path:
    """HTML outputs: a Markdown document whose losses sit at a heading, under it and past its last
    element; a CSV cut short; a hostile-named one; an empty one (unreadable)."""
    root = tmp_path_factory.mktemp("audit-html")
    inbox = root / "in"
    inbox.mkdir()
    (inbox / "notes.md").write_text(MARKDOWN)
    (inbox / (HOSTILE + ".md")).write_text(MARKDOWN)
    (inbox / "damages.csv").write_bytes((ROOT / "docs" / "samples" / "damages.csv").read_bytes())
    (inbox / "empty.csv").write_bytes(b"")
    out = root / "out"
    run_batch([str(inbox)], out, build_plugins(third_party=False), options={"max-rows": 2}, quiet=True,
              to="html")
    return out


def page(batch: Path, target: Path) -> lxml.html.HtmlElement:
    assert run_audit([batch], fmt="html", output=target) == 0
    return lxml.html.fromstring(target.read_bytes())


def test_the_page_is_inert_and_self_contained(batch, tmp_path):
    target = tmp_path / "audit.html"
    root = page(batch, target)
    text = target.read_text(encoding="utf-8")
    assert root.xpath("//script") == [] and "<script" not in text.replace("&lt;script", "")
    assert root.xpath("//@src | //iframe | //object | //embed | //link | //img") == []
    assert [a for a in root.xpath("//@*") if a.attrname.startswith("on")] == []
    for href in root.xpath("//a/@href"):
        parts = urlsplit(href)
        assert not parts.scheme and not parts.netloc, href  # relative, never a scheme a name could make
    style = root.xpath("//style")
    assert len(style) == 1 and "url(" not in style[0].text and "@import" not in style[0].text
    policy = root.xpath("//meta[@http-equiv='Content-Security-Policy']/@content")[0]
    digest = base64.b64encode(hashlib.sha256(style[0].text.encode()).digest()).decode()
    assert policy == f"default-src 'none'; style-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    assert root.xpath("//*[@style]") == []  # an inline style attribute would need 'unsafe-inline'


def test_the_glance_counts_what_the_audit_counts(batch, tmp_path):
    data = audit([batch]).to_json()
    root = page(batch, tmp_path / "audit.html")
    shown = {dd.get("data-outcome"): int(dd.text) for dd in root.xpath("//dd[@data-outcome]")}
    assert shown == data["outcomes"] == {"converted": 2, "needs_review": 1, "unreadable": 1}
    assert root.xpath("//dd[@data-digests='verified']")[0].text == "4"
    assert root.xpath("//dd[@data-signatures]") == []  # signed only when signatures are checked
    assert "verdict pass" in lxml.html.tostring(root).decode()


def test_what_fails_the_audit_is_said_first(batch, tmp_path):
    import shutil

    out = tmp_path / "out"
    shutil.copytree(batch, out)
    (out / "notes.md.html").write_text("edited")
    (out / "left-over.txt").write_text("?")
    target = tmp_path / "audit.html"
    assert run_audit([out], fmt="html", output=target) == 1
    root = lxml.html.fromstring(target.read_bytes())
    assert root.xpath("//p[contains(@class, 'verdict')]")[0].text_content() == (
        "Needs attention: 1 document whose digests fail, 1 stray file.")
    assert [li.text_content() for li in root.xpath("//ul[@data-list='stray']/li")] == ["left-over.txt"]
    edited = root.xpath("//article[.//bdi[text()='notes.md']]")[0]
    assert "do not verify" in edited.text_content()
    sha = json.loads((out / "notes.md.html.manifest.json").read_text())["source"]["sha256"]
    assert f"source SHA-256 {sha};" in edited.text_content()


def test_the_bars_are_drawn_to_the_counts(batch, tmp_path):
    data = audit([batch]).to_json()
    root = page(batch, tmp_path / "audit.html")
    by_code = {r.get("data-label"): r for r in root.xpath("//svg[@id='chart-codes']//rect")}
    assert {code: int(r.get("data-count")) for code, r in by_code.items()} == {
        code: entry["count"] for code, entry in data["codes"].items()}
    top = max(entry["count"] for entry in data["codes"].values())
    for code, rect in by_code.items():
        assert float(rect.get("width")) == pytest.approx(BAR_SPACE * data["codes"][code]["count"] / top, abs=0.05)
        assert data["codes"][code]["kind"] in rect.get("class").split()
    kinds = {r.get("data-label"): int(r.get("data-count")) for r in root.xpath("//svg[@id='chart-kinds']//rect")}
    assert kinds == data["kinds"]
    rows = root.xpath("//section[@id='codes']//tbody/tr")
    assert [r.get("data-code") for r in rows] == sorted(data["codes"])  # all content here: sorted by code
    row = next(r for r in rows if r.get("data-code") == "csv.rows-truncated")
    cells = [c.text_content() for c in row.xpath("td")]
    assert cells[:6] == ["csv.rows-truncated", "content", "truncated", "1", "1",
                         data["codes"]["csv.rows-truncated"]["meaning"]]


def test_links_land_on_ids_the_outputs_hold(batch, tmp_path):
    target = tmp_path / "sub" / "audit.html"
    target.parent.mkdir()
    root = page(batch, target)
    links = root.xpath("//article//a[@data-at]")
    assert len(links) == 7  # two Markdown documents, three located reports each; the CSV's one
    for link in links:
        path, _, fragment = link.get("href").partition("#")
        output = (target.parent / unquote(path)).resolve()
        assert output.is_relative_to(batch.resolve()) and output.is_file()
        ids = lxml.html.fromstring(output.read_bytes()).xpath("//@id")
        assert unquote(fragment) in ids if link.get("data-at") != "page" else fragment == ""
    notes = root.xpath("//article[.//bdi[text()='notes.md']]//a[@data-at]")
    assert [(a.text, a.get("href").rpartition("#")[2], a.get("data-at")) for a in notes] == [
        ("Line 1", "intro-t", "element"),   # the heading itself: it has an id
        ("Line 3", "L3", "element"),        # a paragraph: the id the writer made from its locator
        ("Line 7", "two", "section"),       # a script with no element left: the last one before it
    ]
    # the row was never read: the last one kept (line 2, its id made from its locator) is where the output stops
    truncated = root.xpath("//article//tr[@data-code='csv.rows-truncated']//li")
    assert [li.text_content() for li in truncated] == ["Row 3 (its section)"]
    path, _, fragment = truncated[0].xpath(".//a/@href")[0].partition("#")
    assert fragment == "R2" and (target.parent / unquote(path)).resolve() == (batch / "damages.csv.html").resolve()


def test_a_hostile_name_is_text(batch, tmp_path):
    target = tmp_path / "audit.html"
    root = page(batch, target)
    raw = target.read_text(encoding="utf-8")
    assert "<script>alert" not in raw and "\x1b" not in raw
    names = [b.text for b in root.xpath("//article/h3/bdi")]
    assert HOSTILE.replace("\x1b", "\ufffd") + ".md" in names
    hostile = root.xpath("//article[h3/bdi[starts-with(text(), '<script>')]]//a[@data-at]")
    assert len(hostile) == 3
    for link in hostile:  # the name reaches the href only percent-encoded
        assert re.fullmatch(r"[A-Za-z0-9%._~/-]+#[A-Za-z0-9%._~-]+", link.get("href")), link.get("href")


def test_the_same_audit_gives_the_same_bytes(batch, tmp_path):
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    page(batch, first)
    page(batch, second)
    assert first.read_bytes() == second.read_bytes()


def test_json_and_csv_carry_the_anchors(batch, capsys):
    run_audit([batch], fmt="json")
    data = json.loads(capsys.readouterr().out)
    notes = next(d for d in data["per_document"] if d["source"] == "notes.md")
    assert notes["html_output"] == str(batch / "notes.md.html")
    assert [(r["code"], r["citation"], r["anchor"]) for r in notes["located"]] == [
        ("markdown.event-attribute-dropped", "Line 1", {"id": "intro-t", "at": "element"}),
        ("markdown.event-attribute-dropped", "Line 3", {"id": "L3", "at": "element"}),
        ("markdown.script-dropped", "Line 7", {"id": "two", "at": "section"})]
    assert {"code": "markdown.script-dropped", "detail": "script"} in notes["details"]
    run_audit([batch], fmt="csv")
    rows = [r for r in csv.DictReader(io.StringIO(capsys.readouterr().out)) if r["source"] == "notes.md"]
    script = next(r for r in rows if r["code"] == "markdown.script-dropped")
    assert script["html_output"] == str(batch / "notes.md.html")
    assert json.loads(script["locators"]) == [{"citation": "Line 7", "anchor": {"id": "two", "at": "section"}}]


def test_output_refuses_the_files_it_reads_and_a_bad_combination(batch, tmp_path):
    index = batch / INDEX_NAME
    before = index.read_bytes()
    for target in (index, batch / "notes.md.html", batch / "notes.md.html.manifest.json", batch):
        done = run_cli("audit", str(batch), "--format", "html", "-o", str(target))
        assert done.returncode == 2, target
        assert b"refusing to write over it" in done.stderr
    assert index.read_bytes() == before
    done = run_cli("audit", str(batch), "-o", str(tmp_path / "t.txt"))
    assert done.returncode == 2 and not (tmp_path / "t.txt").exists()
    done = run_cli("audit", str(batch), "--format", "html", "-o", "-")
    assert done.returncode == 0 and done.stdout.startswith(b"<!doctype html>")
    done = run_cli("audit", str(batch), "--format", "json", "-o", str(tmp_path / "a.json"))
    assert done.returncode == 0 and done.stdout == b""
    assert json.loads((tmp_path / "a.json").read_text())["documents"] == 4


def test_signatures_are_shown_when_checked(tmp_path):
    from zenconv.signing import generate, load_private, load_public

    private, public = generate(tmp_path / "signer")
    key = load_private(private)
    inbox = tmp_path / "in"
    inbox.mkdir()
    (inbox / "notes.md").write_text(MARKDOWN)
    out = tmp_path / "out"
    run_batch([str(inbox)], out, build_plugins(third_party=False), quiet=True, to="html", sign_key=key)
    target = tmp_path / "audit.html"
    assert run_audit([out], fmt="html", output=target, key=load_public(public)) == 0
    root = lxml.html.fromstring(target.read_bytes())
    assert root.xpath("//dd[@data-signatures='verified']")[0].text == "1"
    assert "signature verified" in root.xpath("//article//p[@class='facts']")[0].text_content()


def test_anchors_from_the_outputs_own_attributes():
    page = (b'<html><body><main id="main"><section id="s1"><h2 id="h">Sheet</h2>'
            b'<table><tr data-sheet="1" data-row="4" data-cell="A5" id="r5"><td>x</td></tr>'
            b'<tr data-sheet="1" data-row="5" data-cell="A6"><td>y</td></tr></table></section>'
            b'<h2 id="p9">Page 9</h2><p data-page="9" data-line="40">no id: the heading before it, '
            b'nearer than main</p></main></body></html>')
    asked = [{"sheet": 1, "row": 4, "cell": "A5"}, {"sheet": 1, "row": 4, "cell": "D5"},
             {"sheet": 1, "row": 5, "cell": "A6"}, {"page": 9}, {"slide": 3}, {"citation": "Row 3"},
             {"line": 45}, {"line": 39}, {"page": 9, "line": 40, "citation": "Page 9"}]
    assert anchors_in([b"<p data-line='3'>no id anywhere</p>"], [{"line": 3}]) == [{"id": None, "at": "page"}]
    assert anchors_in([page[:50], page[50:]], asked) == [
        {"id": "r5", "at": "element"},
        {"id": "r5", "at": "section"},  # a cell of a row: its row
        {"id": "h", "at": "section"},   # a row without an id: its section's heading, nearer than s1
        {"id": "p9", "at": "section"},
        None, None,
        {"id": "p9", "at": "section"},  # no element at line 45: the last one before it
        None,                           # nothing at or before line 39 states a line
        {"id": "p9", "at": "section"}]  # the whole locator, on an element without an id


@pytest.mark.parametrize("path", ["../outside.html", "/etc/hostname", "nul\x00.html", "notes.md.html/.."])
def test_an_output_outside_the_manifests_folder_is_not_read(batch, tmp_path, path):
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "outside.html").write_text('<h1 id="leak" data-line="1">secret</h1>')
    manifest = json.loads((batch / "notes.md.html.manifest.json").read_text())
    manifest["output"]["path"] = path
    (out / "notes.md.html.manifest.json").write_text(json.dumps(manifest))
    data = audit([out]).to_json()
    doc = data["per_document"][0]
    assert doc["html_output"] is None and [r["anchor"] for r in doc["located"]] == [None, None, None]
    assert doc["verified"] is False


def test_an_output_that_cannot_be_written_is_said_without_a_traceback(batch, tmp_path):
    done = run_cli("audit", str(batch), "--format", "html", "-o", str(tmp_path / "no" / "such" / "a.html"),
                   strict=True)
    assert done.returncode == 2 and b"cannot write it" in done.stderr and b"Traceback" not in done.stderr


def test_hostile_codes_details_and_citations_are_text_in_the_table_and_the_chart(batch, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    manifest = json.loads((batch / "notes.md.html.manifest.json").read_text())
    evil = '"><svg onload=alert(1)></svg><script>x</script>\x07'
    report = manifest["reports"][0]
    report.update(code=evil, meaning=evil, details=[evil], first_locators=[{"citation": evil, "line": 1}])
    (out / "notes.md.html.manifest.json").write_text(json.dumps(manifest))
    target = tmp_path / "audit.html"
    run_audit([out], fmt="html", output=target, verify_digests=False)
    root = lxml.html.fromstring(target.read_bytes())
    assert root.xpath("//script") == [] and [a for a in root.xpath("//@*") if a.attrname.startswith("on")] == []
    assert len(root.xpath("//svg")) == 2 and root.xpath("//svg//svg") == []
    shown = evil.replace("\x07", "\ufffd")
    assert [r.get("data-label") for r in root.xpath("//svg[@id='chart-codes']//rect")][0] == shown
    assert root.xpath("//section[@id='codes']//tbody/tr/td[1]")[0].text == shown
    assert shown in [li.text_content() for li in root.xpath("//article//li")]


def test_the_table_reads_no_html_output(batch, monkeypatch, capsys):
    import zenconv.audit_anchors

    def unread(path, locators):
        raise AssertionError(f"{path} read for the table")

    monkeypatch.setattr(zenconv.audit_anchors, "anchors", unread)
    assert run_audit([batch]) == 0 and "csv.rows-truncated" in capsys.readouterr().out
    assert all(r["anchor"] is None for d in audit([batch], anchors=False).to_json()["per_document"]
               for r in d["located"])


@pytest.fixture(scope="module")
def office_batch(tmp_path_factory) -> Path:
    """A DOCX with tracked changes (reports at paragraphs), a workbook with an over-long cell (a report at
    its row) and a PDF with rotated text (a report at its page), converted to HTML."""
    from tests.grids import load_script
    from tests.pdf import make_fixtures as pdf_fixtures

    root = tmp_path_factory.mktemp("audit-office")
    inbox = root / "in"
    inbox.mkdir()
    docx = load_script("zenconv_docx_fixtures_audit", ROOT / "tests" / "docx" / "make_fixtures.py")
    xlsx = load_script("zenconv_xlsx_fixtures_audit", ROOT / "tests" / "xlsx" / "make_fixtures.py")
    (inbox / "revisions.docx").write_bytes(docx.revisions())
    long_cell = ('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>head</t></is></c></row>'
                 f'<row r="2"><c r="A2" t="inlineStr"><is><t>{"x" * 40_000}</t></is></c></row>'
                 '<row r="3"><c r="A3" t="inlineStr"><is><t>after</t></is></c></row></sheetData>')
    (inbox / "long.xlsx").write_bytes(xlsx.raw_book(long_cell))
    pdfs = pdf_fixtures.main(root / "pdf")
    (inbox / "media.pdf").write_bytes(pdfs["media.pdf"].read_bytes())
    out = root / "out"
    run_batch([str(inbox)], out, build_plugins(third_party=False), options={}, quiet=True, to="html")
    return out


def test_located_reports_link_to_the_cited_element(office_batch):
    """Every report whose element the output holds links to that element's own id (made by the writer from
    its locator), which exists in the output and carries the report's citation."""
    data = audit([office_batch]).to_json()
    seen = {}
    for doc in data["per_document"]:
        assert doc["html_output"], doc["source"]
        root = lxml.html.fromstring(Path(doc["html_output"]).read_bytes())
        ids = root.xpath("//@id")
        assert len(ids) == len(set(ids))  # unique in the page
        for report in doc["located"]:
            anchor = report["anchor"]
            seen[(doc["source"], report["code"], report["citation"])] = anchor
            if anchor is None or anchor["at"] != "element":
                continue
            element = root.xpath(f"//*[@id='{anchor['id']}']")
            assert len(element) == 1 and element[0].get("data-citation") == report["citation"], report
    assert seen[("revisions.docx", "docx.tracked-deletions-dropped", "¶ 1")] == {"id": "P1", "at": "element"}
    assert seen[("revisions.docx", "docx.tracked-moves-accepted", "¶ 2")] == {"id": "P2", "at": "element"}
    assert seen[("long.xlsx", "xlsx.cell-truncated", "Sheet 'Sheet1', row 2")] == {"id": "S1-R2", "at": "element"}
    assert seen[("media.pdf", "pdf.rotated-text", "Page 3")] == {"id": "PG3", "at": "element"}


def test_a_cell_named_alone_finds_its_row():
    page = (b'<h2 id="costs" data-sheet="1" data-sheet-name="Costs">Costs</h2><table>'
            b'<tr id="S1-R1" data-sheet="1" data-sheet-name="Costs" data-row="0" data-cell="A1"><td>a</td></tr>'
            b'<tr id="S1-R2" data-sheet="1" data-sheet-name="Costs" data-row="1" data-cell="A2"><td>b</td></tr>'
            b'</table>')
    asked = [{"sheet": 1, "sheet_name": "Costs", "cell": "C2"}, {"sheet": 1, "sheet_name": "Costs", "cell": "C9"},
             {"cell": "C2"}]
    assert anchors_in([page], asked) == [
        {"id": "S1-R2", "at": "section"},  # the row holding the cell
        {"id": "costs", "at": "section"},  # no such row: the sheet
        None]                              # a cell of no sheet: no row to look for


def test_a_paragraph_or_page_the_output_has_no_element_for_takes_the_last_element_before_it():
    """A paragraph inside a table cell (the page states the table's rows, not its cells' paragraphs) and
    a page with no text land on the last element at or before them, as a dropped line does."""
    from zenconv.audit_anchors import anchors_in

    page = (b'<html><body><main><p id="P1" data-paragraph="1">a</p><table data-paragraph="2">'
            b'<tr id="P2-T1-R1" data-paragraph="2" data-table="1" data-row="1"><td>x</td></tr></table>'
            b'<p id="P12" data-paragraph="12">b</p>'
            b'<p id="PG1" data-page="1">one</p><p id="PG3" data-page="3">three</p></main></body></html>')
    found = anchors_in([page], [{"paragraph": 9}, {"page": 4}, {"page": 2}, {"paragraph": 12}, {"page": 0}])
    assert found == [{"id": "P2-T1-R1", "at": "section"}, {"id": "PG3", "at": "section"},
                     {"id": "PG1", "at": "section"}, {"id": "P12", "at": "element"}, None]
