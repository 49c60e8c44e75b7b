"""The independent accounting, family by family, on sources built here: what counts as text, what a
rule leaves out, and a hostile package refused by the safe layer rather than crashing the check."""

from __future__ import annotations

import io
import zipfile

import zenconv
from zenconv.conservation import check
from zenconv.conservation.extract import source_parts
from zenconv.conservation.tokens import tokens


def _text(parts) -> list[str]:
    return [t for part in parts for t in tokens(part.text)]


def test_xlsx_cells_through_shared_strings_numbers_left_out(tmp_path):
    import xlsxwriter

    path = tmp_path / "book.xlsx"
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Data")
    sheet.write("A1", "Region name")
    sheet.write("A2", "Region name")
    sheet.write("B1", 1234.5)
    sheet.write_formula("C1", "=B1*2", None, 2469)
    sheet.write("D1", "_x0041_ escaped")
    sheet.set_header("&LPrinted &P header")
    book.close()
    parts, problems = source_parts(path, "xlsx")
    assert problems == []
    # row by row; the literal "_x0041_" is written escaped (_x005F_x0041_) and decoded once
    assert _text(parts) == ["region", "name", "x0041", "escaped", "region", "name", "printed", "header"]
    # the print header is furniture ("Printed [Page] header"); dropped, its report takes its words, &-codes removed
    assert check(path).unaccounted == 0
    assert check(path, options={"furniture": "drop"}).unaccounted == 0
    (report,) = [r for r in zenconv.convert(path, furniture="drop").manifest["reports"]
                 if r["code"] == "xlsx.headers-footers-dropped"]
    assert report["quotes"] == ["Printed header"]


def test_pptx_slide_and_notes_counted_layout_prompts_not(tmp_path):
    from pptx import Presentation

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Launch plan"
    slide.placeholders[1].text = "Ship in spring"
    slide.notes_slide.notes_text_frame.text = "Speaker reminder"
    path = tmp_path / "deck.pptx"
    prs.save(str(path))
    parts, problems = source_parts(path, "pptx")
    words = _text(parts)
    assert "click" not in words  # "Click to edit Master title style": a placeholder's prompt
    assert {"launch", "plan", "ship", "spring", "speaker", "reminder"} <= set(words)
    assert check(path).unaccounted == 0


def test_odt_body_and_page_header(tmp_path):
    from odf.opendocument import OpenDocumentText
    from odf.style import Header, MasterPage, PageLayout
    from odf.text import P, Span

    doc = OpenDocumentText()
    layout = PageLayout(name="pm1")
    doc.automaticstyles.addElement(layout)
    master = MasterPage(name="Standard", pagelayoutname=layout)
    header = Header()
    header.addElement(P(text="Running head"))
    master.addElement(header)
    doc.masterstyles.addElement(master)
    para = P(text="Body ")
    para.addElement(Span(text="split"))
    para.addText("ting words")
    doc.text.addElement(para)
    path = tmp_path / "doc.odt"
    doc.save(str(path))
    parts, _ = source_parts(path, "odt")
    assert {p.name: tokens(p.text) for p in parts} == {
        "content.xml": ["body", "splitting", "words"], "styles.xml": ["running", "head"]}


def test_pdf_pages_by_pdfminer(tmp_path):
    from reportlab.pdfgen import canvas

    path = tmp_path / "doc.pdf"
    c = canvas.Canvas(str(path))
    c.drawString(72, 720, "First page words")
    c.showPage()
    c.drawString(72, 720, "Second page words")
    c.save()
    parts, _ = source_parts(path, "pdf")
    assert [(p.name, tokens(p.text)) for p in parts] == [
        ("page 1", ["first", "page", "words"]), ("page 2", ["second", "page", "words"])]
    assert check(path).unaccounted == 0


def test_csv_fields_and_html_without_script(tmp_path):
    csv_path = tmp_path / "t.csv"
    csv_path.write_bytes(b'name;note\n"Smith, J";"said ""hi"""\n')
    assert _text(source_parts(csv_path, "csv")[0]) == ["name", "note", "smith", "j", "said", "hi"]
    html_path = tmp_path / "p.html"
    html_path.write_bytes(b"<html><head><title>T</title><script>var secret=1</script></head>"
                          b"<body><p>Vis<b>ible</b></p><style>p{}</style><!-- note -->after</body></html>")
    assert _text(source_parts(html_path, "html")[0]) == ["visible", "after"]
    assert check(html_path).unaccounted == 0


def test_markdown_text_with_entities_and_code(tmp_path):
    path = tmp_path / "m.md"
    path.write_bytes(b"# Title &amp; more\n\nSome *emph*asis and `&amp;` code.\n\n<div>Raw words</div>\n")
    assert _text(source_parts(path, "markdown")[0]) == [
        "title", "more", "some", "emphasis", "and", "amp", "code", "raw", "words"]
    assert check(path).unaccounted == 0


def test_a_hostile_package_is_refused_by_the_safe_layer(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("_rels/.rels", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')
    path = tmp_path / "bomb.docx"
    path.write_bytes(buf.getvalue())
    parts, problems = source_parts(path, "docx")
    assert parts == [] and problems == ["refused by the safe layer: conservation.doctype-refused"]


def test_relationships_never_leave_the_package(tmp_path):
    # a target climbing out of the package is clamped to a part name: it selects nothing outside
    rels = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="r1" Type="x/officeDocument" Target="../../../../etc/passwd"/>'
            '<Relationship Id="r2" Type="x/officeDocument" Target="word/document.xml"/></Relationships>')
    doc = ('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r>'
           '<w:t>inside</w:t></w:r></w:p></w:body></w:document>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("_rels/.rels", rels)
        zf.writestr("word/document.xml", doc)
    path = tmp_path / "climb.docx"
    path.write_bytes(buf.getvalue())
    parts, problems = source_parts(path, "docx")
    assert [p.name for p in parts] == ["word/document.xml"] and problems == []


def test_a_charts_axis_titles_are_taken_by_its_report(tmp_path):
    import xlsxwriter

    path = tmp_path / "chart.xlsx"
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet()
    sheet.write_column("A1", ["Year", 2020, 2021])
    sheet.write_column("B1", ["Ducks", 5, 7])
    chart = book.add_chart({"type": "line"})
    chart.add_series({"name": "=Sheet1!$B$1", "categories": "=Sheet1!$A$2:$A$3", "values": "=Sheet1!$B$2:$B$3"})
    chart.set_x_axis({"name": "Calendar year"})
    chart.set_y_axis({"name": "Birds counted"})
    sheet.insert_chart("D2", chart)
    book.close()
    (report,) = [r for r in zenconv.convert(path).manifest["reports"] if r["code"] == "xlsx.chart-as-table"]
    assert report["quotes"] == ["Calendar year Birds counted"]
    assert check(path).unaccounted == 0


def test_an_ods_print_footer_is_reported_with_its_words(tmp_path):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.style import Footer, MasterPage, PageLayout
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    layout = PageLayout(name="pm1")
    doc.automaticstyles.addElement(layout)
    master = MasterPage(name="Default", pagelayoutname=layout)
    footer = Footer()
    footer.addElement(P(text="Internal use only"))
    master.addElement(footer)
    doc.masterstyles.addElement(master)
    table = Table(name="Sheet1")
    row = TableRow()
    cell = TableCell(valuetype="string")
    cell.addElement(P(text="value"))
    row.addElement(cell)
    table.addElement(row)
    doc.spreadsheet.addElement(table)
    path = tmp_path / "book.ods"
    doc.save(str(path))
    (report,) = [r for r in zenconv.convert(path, furniture="drop").manifest["reports"]
                 if r["code"] == "ods.headers-footers-dropped"]
    assert report["count"] == 1 and report["quotes"] == ["Internal use only"]
    assert check(path, options={"furniture": "drop"}).unaccounted == 0
    assert check(path).unaccounted == 0  # kept as furniture: in the output
