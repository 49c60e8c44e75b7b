"""Every reader's locators name where their text really is in the source.

Each fixture is built here so that its text says where it is: the words of paragraph 3 are ``P3``, of
line 7 ``L7``, of slide 2 ``S2``, of page 4 ``G4``, and a sheet's cell holds its own name (``C5``). The
test reads the fixture, walks every located node (blocks, list items, rows) and checks that each marker
in a node's text agrees with the node's locator; then it converts to Markdown and checks the same of the
reports that quote the text they took, and of a writer's report about one cell. A locator one off, or a
row that names its first cell where a report is about another, fails here.
"""

from __future__ import annotations

import io
import re

import pytest

import zenconv
from zenconv.ir.locator import Locator, column_letters, column_number
from zenconv.ir.nodes import Row
from zenconv.ir.walk import cell_text, children, walk
from zenconv.testing import read

MARK = re.compile(r"\b([PLSGR])(\d+)\b")



def _odf_bytes(doc) -> bytes:
    """An odfpy document as the bytes of its package."""
    buf = io.BytesIO()
    doc.write(buf)
    return buf.getvalue()

def located(blocks) -> list[tuple[Locator, str]]:
    """(locator, text) for every piece of text under ``blocks``, with the locator of the innermost
    located node that holds it (a cell's text goes with its row, an item's with the item)."""
    found: list[tuple[Locator, str]] = []

    def visit(node, where: Locator | None) -> None:
        if isinstance(node, str):  # a bare-string cell
            if where is not None:
                found.append((where, node))
            return
        where = getattr(node, "locator", None) or where
        text = getattr(node, "text", None)
        if isinstance(text, str) and where is not None:
            found.append((where, text))
        for child in children(node):
            visit(child, where)

    for block in blocks:
        visit(block, None)
    return found


def check_markers(blocks, field: str, letter: str, base: int = 0) -> int:
    """Each ``<letter><n>`` in the source's text is at ``locator.<field> + base == n``; returns how many."""
    checked = 0
    for locator, text in located(blocks):
        for kind, number in MARK.findall(text):
            if kind == letter:
                value = getattr(locator, field)
                assert value is not None and value + base == int(number), f"{text!r} located at {locator.to_json()}"
                checked += 1
    return checked


def reports(result) -> dict[str, dict]:
    return {r["code"]: r for r in result.manifest["reports"]}


def _quoted_markers_agree(report: dict, field: str, letter: str) -> None:
    """A report that took text quotes it: each quote's markers name the locator at the same index."""
    for quote, locator in zip(report["quotes"], report["first_locators"]):
        marks = [int(n) for kind, n in MARK.findall(quote) if kind == letter]
        assert marks and all(locator.get(field) == n for n in marks), (quote, locator)


# --- word processing -------------------------------------------------------------------------------

def _docx() -> bytes:
    import docx

    doc = docx.Document()
    doc.add_paragraph("P1 opening words")
    doc.add_heading("P2 a heading", level=1)
    table = doc.add_table(rows=4, cols=1)     # cell paragraphs count among the body's paragraphs
    for i, row in enumerate(table.rows):
        row.cells[0].text = f"P{3 + i} R{i + 1} cell"
    doc.add_paragraph("P7 a list item", style="List Bullet")
    doc.add_paragraph("P8 closing words")
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def test_docx_paragraph_locators():
    result = read(_docx(), "ai.insan.zenfmt.docx", name="in.docx")
    assert check_markers(result.document.blocks, "paragraph", "P") == 8
    assert check_markers(result.document.blocks, "row", "R", base=1) == 4


def test_docx_a_dropped_comment_is_located_at_its_paragraph():
    from .docx.conftest import FX

    body = (FX.p("P1 plain") + FX.p("P2 plain")
            + FX.p(runs='<w:commentRangeStart w:id="7"/>' + FX.r("P3 commented")
                   + '<w:commentRangeEnd w:id="7"/><w:r><w:commentReference w:id="7"/></w:r>'))
    comments = (f'<w:comments {FX.NAMESPACES.format(w=FX.W_NS, r=FX.R_NS)}><w:comment w:id="7" w:author="A">'
                f'{FX.p("P3 the comment")}</w:comment></w:comments>')
    data = FX.package(body, rels={"rIdC": ("comments", "comments.xml", False)}, parts={"word/comments.xml": comments})
    result = zenconv.convert(data, name="in.docx", comments="drop")
    _quoted_markers_agree(reports(result)["docx.comments-dropped"], "paragraph", "P")


def _odt() -> bytes:
    from odf import table, text
    from odf.opendocument import OpenDocumentText

    doc = OpenDocumentText()
    doc.text.addElement(text.P(text="P1 opening words"))
    doc.text.addElement(text.H(outlinelevel=1, text="P2 a heading"))
    grid = table.Table(name="T")
    grid.addElement(table.TableColumn(numbercolumnsrepeated=2))
    for r in range(2):
        row = table.TableRow()
        for c in range(2):
            cell = table.TableCell()
            cell.addElement(text.P(text=f"R{r + 1} cell"))  # a row cites by table and row; its paragraphs count
            row.addElement(cell)
        grid.addElement(row)
    doc.text.addElement(grid)
    items = text.List()
    item = text.ListItem()
    item.addElement(text.P(text="P7 a list item"))
    items.addElement(item)
    doc.text.addElement(items)
    doc.text.addElement(text.P(text="P8 closing words"))
    return _odf_bytes(doc)


def test_odt_paragraph_locators():
    result = read(_odt(), "ai.insan.zenfmt.odt", name="in.odt")
    assert check_markers(result.document.blocks, "paragraph", "P") == 4  # P7: the four cell paragraphs counted
    assert check_markers(result.document.blocks, "row", "R", base=1) == 4


# --- slides ----------------------------------------------------------------------------------------

def _pptx() -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    for n in (1, 2, 3):
        slide = deck.slides.add_slide(deck.slide_layouts[5])
        slide.shapes.title.text = f"S{n} title"
        box = slide.shapes.add_textbox(Inches(1), Inches(2), Inches(4), Inches(1))
        box.text_frame.text = f"S{n} body words"
        if n == 2:
            shape = slide.shapes.add_table(2, 2, Inches(1), Inches(3), Inches(4), Inches(1))
            for cell in (c for row in shape.table.rows for c in row.cells):
                cell.text = "S2 cell"
        slide.notes_slide.notes_text_frame.text = f"S{n} notes"
    buf = io.BytesIO()
    deck.save(buf)
    return buf.getvalue()


def test_pptx_slide_locators():
    result = read(_pptx(), "ai.insan.zenfmt.pptx", name="in.pptx")
    assert check_markers(result.document.blocks, "slide", "S") >= 9


def _odp() -> bytes:
    from odf import draw, style, text
    from odf.opendocument import OpenDocumentPresentation

    doc = OpenDocumentPresentation()
    layout = style.PageLayout(name="PL")
    layout.addElement(style.PageLayoutProperties(pagewidth="28cm", pageheight="21cm"))
    doc.automaticstyles.addElement(layout)
    master = style.MasterPage(name="M", pagelayoutname=layout)
    doc.masterstyles.addElement(master)
    for n in (1, 2, 3):
        page = draw.Page(name=f"page{n}", masterpagename=master)
        frame = draw.Frame(width="20cm", height="3cm", x="1cm", y="1cm")
        box = draw.TextBox()
        box.addElement(text.P(text=f"S{n} body words"))
        frame.addElement(box)
        page.addElement(frame)
        doc.presentation.addElement(page)
    return _odf_bytes(doc)


def test_odp_slide_locators():
    result = read(_odp(), "ai.insan.zenfmt.odp", name="in.odp")
    assert check_markers(result.document.blocks, "slide", "S") == 3


# --- pages -----------------------------------------------------------------------------------------

def _pdf() -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    pdf = canvas.Canvas(buf, pagesize=A4, invariant=1)
    words = ("alpha beta", "gamma delta", "epsilon zeta", "eta theta")  # no line repeats: none is a running header
    for n in (1, 2, 3, 4):
        pdf.setFont("Helvetica", 12)
        pdf.drawString(72, 760, f"G{n} {words[n - 1]} opens the page")
        pdf.drawString(72, 700, f"G{n} and {words[n - 1]} again further down")
        pdf.showPage()
    pdf.save()
    return buf.getvalue()


def test_pdf_page_locators():
    result = read(_pdf(), "ai.insan.zenfmt.pdf", name="in.pdf")
    assert check_markers(result.document.blocks, "page", "G") == 8


# --- lines -----------------------------------------------------------------------------------------

HTML = """<!doctype html>
<html><body>
<h1>L3 heading</h1>
<p>L4 a paragraph</p>
<ul>
<li>L6 an item</li>
</ul>
<table>
<tr><td>L9 cell</td></tr>
<tr><td>L10 cell</td></tr>
</table>
<p>L12 last</p>
</body></html>
"""


def test_html_line_locators():
    result = read(HTML.encode(), "ai.insan.zenfmt.html", name="in.html")
    assert check_markers(result.document.blocks, "line", "L") == 6


def test_html_a_dropped_construct_is_located_at_its_line():
    source = HTML.replace("<p>L12 last</p>", "<p>L12 last</p>\n<template>L13 inert words</template>")
    _quoted_markers_agree(reports(zenconv.convert(source.encode(), name="in.html"))["html.template-dropped"],
                          "line", "L")


MARKDOWN = """# L1 heading

L3 a paragraph

- L5 an item
- L6 an item

| L8 head |
| --- |
| L10 cell |
| L11 cell |

L13 last
"""


def test_markdown_line_locators():
    result = read(MARKDOWN.encode(), "ai.insan.zenfmt.markdown", name="in.md")
    assert check_markers(result.document.blocks, "line", "L") == 8


CSV = 'L1 head,second\nL2 a,b\n"L3 spans\ntwo lines",c\nL5 after,d\n'


def test_csv_line_locators_and_the_cell_a_writer_report_names():
    result = read(CSV.encode(), "ai.insan.zenfmt.csv", name="in.csv")
    assert check_markers(result.document.blocks, "line", "L") == 4
    rows = [node for node in walk(list(result.document.blocks)) if isinstance(node, Row)]
    assert [r.locator.cell for r in rows] == ["A1", "A2", "A3", "A4"]  # the record's index, not its line


def test_the_readme_sample_reports_the_flattened_cell_itself():
    from pathlib import Path

    sample = Path(__file__).resolve().parent.parent / "docs" / "samples" / "damages.csv"
    result = zenconv.convert(sample.read_bytes(), name="damages.csv")
    (where,) = reports(result)["to-md.cell-blocks-flattened"]["first_locators"]
    assert where["cell"] == "D4" and where["line"] == 4
    lines = sample.read_text().splitlines()
    assert lines[where["line"] - 1].split(",")[0] == "Repairs"  # the record that holds the broken cell


# --- sheets ----------------------------------------------------------------------------------------

def _xlsx(hidden_column: str | None = None) -> bytes:
    import xlsxwriter

    buf = io.BytesIO()
    book = xlsxwriter.Workbook(buf, {"in_memory": True})
    book.add_worksheet("First").write("A1", "A1")
    sheet = book.add_worksheet("Second")
    for row in range(2, 7):          # a table that starts at C3, each cell holding its own name
        for col in range(2, 6):
            name = f"{column_letters(col + 1)}{row + 1}"
            sheet.write(row, col, f"{name}\nbroken" if name == "E5" else name)
    if hidden_column:
        sheet.set_column(f"{hidden_column}:{hidden_column}", None, None, {"hidden": True})
    book.close()
    return buf.getvalue()


def _check_sheet_rows(blocks) -> int:
    checked = 0
    for node in walk(list(blocks)):
        if isinstance(node, Row) and node.locator is not None:
            first = node.cells[0] if isinstance(node.cells[0], str) else cell_text(node.cells[0])
            assert node.locator.cell == first.split()[0], (first, node.locator.to_json())
            assert node.locator.row + 1 == int(re.sub(r"^[A-Z]+", "", node.locator.cell))
            checked += 1
    return checked


@pytest.mark.parametrize("hidden", ["keep", "skip"])
def test_xlsx_row_locators_and_the_cell_a_writer_report_names(hidden):
    data = _xlsx(hidden_column="D")
    result = read(data, "ai.insan.zenfmt.xlsx", name="in.xlsx", hidden=hidden)
    assert _check_sheet_rows(result.document.blocks) == 6
    converted = zenconv.convert(data, name="in.xlsx", hidden=hidden)
    (where,) = reports(converted)["to-md.cell-blocks-flattened"]["first_locators"]
    # E5 is the fourth cell of its row with D kept, the second with D skipped: either way it is E5
    assert (where["sheet_name"], where["cell"], where["row"]) == ("Second", "E5", 4)


def test_xlsx_a_cut_cell_and_a_dropped_comment_are_located_at_their_cells():
    from .xlsx.conftest import FX

    body = ('<cols><col min="2" max="2" hidden="1"/></cols><sheetData><row r="3">'
            '<c r="B3"><v>1</v></c><c r="C3" t="inlineStr"><is><t>short</t></is></c>'
            f'<c r="D3" t="inlineStr"><is><t>D3 {"x" * 40_000}</t></is></c></row>'
            '<row r="4" hidden="1"><c r="B4"><v>2</v></c></row></sheetData>')
    notes = "".join(f'<comment ref="{ref}" authorId="0"><text><t>{ref} note</t></text></comment>'
                    for ref in ("C3", "B4"))
    data = FX.raw_book(body, **FX.comment_parts(0, notes, authors=("Ann",)))
    for hidden in ("keep", "skip"):  # D3 is the third cell of its row with B kept, the second with B skipped
        (cut,) = reports(zenconv.convert(data, name="in.xlsx", hidden=hidden))["xlsx.cell-truncated"]["first_locators"]
        assert (cut["cell"], cut["row"]) == ("D3", 2)
    dropped = reports(zenconv.convert(data, name="in.xlsx", comments="drop"))["xlsx.comments-dropped"]
    assert dropped["count"] == 2 and [where["cell"] for where in dropped["first_locators"]] == ["C3", "B4"]
    assert [quote.split()[0] for quote in dropped["quotes"]] == ["C3", "B4"]  # each quote is its cell's comment
    skipped = reports(zenconv.convert(data, name="in.xlsx", hidden="skip"))["xlsx.comments-dropped"]
    assert [where["cell"] for where in skipped["first_locators"]] == ["B4"]  # on a hidden row (and column)


def _ods() -> bytes:
    from odf import table, text
    from odf.opendocument import OpenDocumentSpreadsheet

    doc = OpenDocumentSpreadsheet()
    sheet = table.Table(name="Only")
    sheet.addElement(table.TableColumn(numbercolumnsrepeated=4))
    for row in range(4):
        tr = table.TableRow()
        for col in range(4):
            name = f"{column_letters(col + 1)}{row + 1}"
            cell = table.TableCell(valuetype="string")
            for piece in ([name, "broken"] if name == "C3" else [name]):
                cell.addElement(text.P(text=piece))
            tr.addElement(cell)
        sheet.addElement(tr)
    doc.spreadsheet.addElement(sheet)
    return _odf_bytes(doc)


def test_ods_row_locators_and_the_cell_a_writer_report_names():
    data = _ods()
    assert _check_sheet_rows(read(data, "ai.insan.zenfmt.ods", name="in.ods").document.blocks) == 4
    (where,) = reports(zenconv.convert(data, name="in.ods"))["to-md.cell-blocks-flattened"]["first_locators"]
    assert where["cell"] == "C3" and where["row"] == 2


@pytest.mark.parametrize(("letters", "number"), [("A", 1), ("Z", 26), ("AA", 27), ("XFD", 16384), ("AAAA", 18279)])
def test_column_letters_round_trip(letters, number):
    assert column_number(letters) == number and column_letters(number) == letters


def test_a_row_locator_narrowed_to_a_cell():
    row = Locator(sheet=1, row=3, cell="C4")
    assert row.in_column(2).cell == "E4"
    assert row.in_column(0, Locator(cell="F")).cell == "F4"
    assert row.in_column(1, Locator(cell="Z")).cell == "AA4"
    assert Locator(row=3).in_column(5) == Locator(row=3)


def test_odt_a_dropped_annotation_is_located_at_its_paragraph():
    from odf import dc, office, text
    from odf.opendocument import OpenDocumentText

    doc = OpenDocumentText()
    for n in (1, 2, 3):
        paragraph = text.P(text=f"P{n} words")
        if n == 3:
            note = office.Annotation()
            note.addElement(dc.Creator(text="A"))
            note.addElement(text.P(text="P3 the note"))
            paragraph.addElement(note)
        doc.text.addElement(paragraph)
    buf = io.BytesIO()
    doc.write(buf)
    found = reports(zenconv.convert(buf.getvalue(), name="in.odt", comments="drop"))["odt.annotations-dropped"]
    assert [where["paragraph"] for where in found["first_locators"]] == [3]


def test_markdown_a_dropped_comment_is_located_at_its_line():
    source = MARKDOWN.replace("L13 last", "L13 last\n\n<!-- L15 a comment -->")
    found = reports(zenconv.convert(source.encode(), name="in.md"))["markdown.comment-dropped"]
    assert [where["line"] for where in found["first_locators"]] == [15]


def test_csv_a_record_report_is_located_at_its_record():
    source = CSV.replace("L5 after", "L5 af\x00ter")  # the fourth record, on line 5 (a field before spans two)
    found = reports(zenconv.convert(source.encode(), name="in.csv"))["csv.nul-removed"]
    assert [(where["row"], where["line"]) for where in found["first_locators"]] == [(3, 5)]
