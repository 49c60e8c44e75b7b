"""Write the PDF reader's fixtures with reportlab: known headings, lists, tables and hard cases.

Every text is placed at explicit coordinates, so each fixture states exactly the geometry it
tests (the reference readers' hard cases: centred headers over left-aligned columns, two bands
under one header, values centred against wrapped names, a note row under a table, the tie rule).
Output is deterministic (reportlab's invariant mode). Run ``python make_fixtures.py DIR``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

W, H = A4


def _canvas(path: Path, **kwargs) -> canvas.Canvas:
    c = canvas.Canvas(str(path), pagesize=kwargs.pop("pagesize", A4), invariant=1, **kwargs)
    c.setTitle(path.stem)
    c.setAuthor("zenconv tests")
    return c


def text(c, x, y, s, font="Helvetica", size=10):
    c.setFont(font, size)
    c.drawString(x, y, s)


def centred(c, x0, x1, y, s, font="Helvetica", size=8):
    c.setFont(font, size)
    c.drawString((x0 + x1) / 2 - stringWidth(s, font, size) / 2, y, s)


def mixed(c, x, y, parts, size=10):
    """Draw (text, font) parts on one line, one after the other; returns each part's x span."""
    spans = []
    for s, font in parts:
        c.setFont(font, size)
        c.drawString(x, y, s)
        width = stringWidth(s, font, size)
        spans.append((x, x + width))
        x += width
    return spans


def structure(path: Path) -> None:
    """Headings by size and weight, styled words, a link, lists, dehyphenation, an outline, labels."""
    c = _canvas(path)
    c.addPageLabel(0, style="ROMAN_LOWER")
    c.addPageLabel(1, style="ARABIC", start=1)
    text(c, 60, 780, "Annual Report", "Helvetica-Bold", 24)
    c.bookmarkPage("intro")
    c.addOutlineEntry("1 Introduction", "intro", level=0)
    text(c, 60, 740, "1 Introduction", "Helvetica-Bold", 16)
    y = 715
    lines = [
        "The reader turns a page of positioned glyphs into paragraphs. A computer cannot see",
        "columns, so it infers them from where the text is. This paragraph has three lines",
        "and its last line ends the paragraph with a full stop.",
    ]
    for line in lines:
        text(c, 60, y, line)
        y -= 12
    y -= 10
    spans = mixed(c, 60, y, [("This sentence has ", "Helvetica"), ("bold words", "Helvetica-Bold"),
                             (" and ", "Helvetica"), ("italic words", "Helvetica-Oblique"),
                             (" and a link to ", "Helvetica"), ("example.com", "Helvetica"),
                             (" in it, and a word broken at the compu-", "Helvetica")])
    x0, x1 = spans[5]
    c.linkURL("https://example.com/", (x0, y - 2, x1, y + 9), relative=0)
    y -= 12
    text(c, 60, y, "ter's line end, and a self-locking nut named at the line end as self-")
    y -= 12
    text(c, 60, y, "locking, and the paragraph ends here.")
    y -= 30
    c.bookmarkPage("scope")
    c.addOutlineEntry("1.1 Scope", "scope", level=1)
    text(c, 60, y, "1.1 Scope", "Helvetica-Bold", 13)
    y -= 22
    for marker, x, s in [("•", 70, "First item of the list"), ("•", 70, "Second item, whose text is long enough that it")]:
        text(c, x, y, marker)
        text(c, x + 12, y, s)
        y -= 12
    text(c, 82, y, "wraps onto a second line under its own text")
    y -= 12
    text(c, 90, y, "–")
    text(c, 102, y, "A nested item")
    y -= 12
    text(c, 70, y, "•")
    text(c, 82, y, "Third item")
    y -= 24
    for k, s in enumerate(["Alpha", "Beta", "Gamma"], start=1):
        text(c, 70, y, f"{k}.")
        text(c, 84, y, s)
        y -= 12
    y -= 16
    text(c, 60, y, "A closing paragraph after the lists.")
    c.textAnnotation("A reviewer's comment", Rect=(400, 700, 420, 720), relative=0)
    c.showPage()
    c.bookmarkPage("results")
    c.addOutlineEntry("2 Results", "results", level=0)
    c.bookmarkPage("appendix")
    c.addOutlineEntry("Appendix", "appendix", level=0)
    text(c, 60, 780, "2 Results", "Helvetica-Bold", 16)
    text(c, 60, 755, "The results are on this page, which the outline also points to.")
    for k, line in enumerate(["def answer():", "    return 42", "", "print(answer())"]):
        text(c, 60, 725 - 12 * k, line, "Courier", 9)
    text(c, 60, 665, "The listing above is code.")
    c.showOutline()
    c.showPage()
    c.save()


def _table_a(c, top: float) -> float:
    """Centred headers over left-aligned columns; the extras start nearer the discount header."""
    centred(c, 60, 220, top, "Model", "Helvetica-Bold")
    centred(c, 240, 300, top, "Discount %", "Helvetica-Bold")
    centred(c, 330, 560, top, "Extras", "Helvetica-Bold")
    rows = [("CITY (model 101)", "19,0%", "+3% registration bonus"), ("CITY EV (model 102)", "3,0%", ""),
            ("MINI (model 103)", "0,0%", "1000 euro scrappage bonus"), ("COUPE (model 105)", "11,0%", "")]
    y = top - 14
    for name, discount, extra in rows:
        text(c, 60, y, name, size=8)
        centred(c, 250, 290, y, discount)
        if extra:
            text(c, 330, y, extra, size=8)
        y -= 12
    text(c, 60, y - 4, "NOTE: invoices dated before 01/07/2025 are excluded from every discount in this table.", size=8)
    return y - 40


def _table_b(c, top: float) -> float:
    """One header over two bands: the discounts and their promotion codes."""
    centred(c, 60, 220, top, "Model", "Helvetica-Bold")
    centred(c, 240, 340, top, "(PROMO ONLY AT DEALERS)", "Helvetica-Bold")
    centred(c, 380, 560, top, "Extras", "Helvetica-Bold")
    rows = [("VAN 590", "18,0%", "M1/M2", "Extra 2% on trade-in"), ("VAN 519", "12,0%", "M3", ""),
            ("DOBLO 510", "8,0%", "M1", "Trade-in bonus")]
    y = top - 14
    for name, discount, code, extra in rows:
        text(c, 60, y, name, size=8)
        text(c, 250, y, discount, size=8)
        text(c, 310, y, code, size=8)
        if extra:
            text(c, 380, y, extra, size=8)
        y -= 12
    return y - 30


def _table_c(c, top: float) -> float:
    """Values centred against a name wrapped over lines: a value line without a name."""
    centred(c, 60, 220, top, "Model", "Helvetica-Bold")
    centred(c, 240, 300, top, "Discount %", "Helvetica-Bold")
    centred(c, 330, 560, top, "Extras", "Helvetica-Bold")
    y = top - 14
    text(c, 60, y, "MINI (model 103)", size=8)
    text(c, 250, y, "0,0%", size=8)
    text(c, 330, y, "scrappage bonus", size=8)
    y -= 14
    text(c, 60, y, "WAGON base series 1", size=8)
    text(c, 250, y - 5.5, "12,0%", size=8)
    text(c, 330, y - 5.5, "3% stock bonus", size=8)
    y -= 11
    text(c, 60, y, "(104.E23 without OPT)", size=8)
    y -= 14
    text(c, 60, y, "COUPE (model 105)", size=8)
    text(c, 250, y, "11,0%", size=8)
    return y - 30


def _table_e(c, top: float) -> float:
    """The tie rule: a line as near the row above as the row below goes to the row below."""
    centred(c, 60, 220, top, "Model", "Helvetica-Bold")
    centred(c, 240, 300, top, "Discount %", "Helvetica-Bold")
    centred(c, 330, 560, top, "Excluded versions", "Helvetica-Bold")
    y = top - 14
    text(c, 60, y, "MINI (model 103)", size=8)
    text(c, 250, y, "0,0%", size=8)
    y -= 9
    text(c, 330, y, "Special 100 edition", size=8)
    y -= 9
    text(c, 60, y, "SEDAN (model 104)", size=8)
    text(c, 250, y, "16,0%", size=8)
    text(c, 330, y, "104.8RU-Top", size=8)
    y -= 9
    text(c, 330, y, "Sport 104.LRU", size=8)
    y -= 18
    text(c, 60, y, "COUPE (model 105)", size=8)
    text(c, 250, y, "11,0%", size=8)
    return y - 30


def _table_f(c, top: float) -> float:
    """A ruled table (top rule, a rule under a group header, a rule under the header, bottom rule)."""
    c.setLineWidth(0.6)
    c.line(60, top + 10, 400, top + 10)
    centred(c, 160, 300, top, "TEDs", size=8)
    c.line(160, top - 3, 300, top - 3)
    y = top - 12
    text(c, 60, y + 6, "Model", size=8)
    centred(c, 160, 200, y, "simple", size=8)
    centred(c, 210, 250, y, "complex", size=8)
    centred(c, 260, 300, y, "all", size=8)
    text(c, 330, y + 6, "Time", size=8)
    c.line(60, y - 4, 400, y - 4)
    y -= 16
    for name, a, b, d, t in [("OTSL", "0.965", "0.934", "0.955", "2.73"), ("HTML", "0.969", "0.927", "0.955", "5.39")]:
        text(c, 60, y, name, size=8)
        centred(c, 160, 200, y, a, size=8)
        centred(c, 210, 250, y, b, size=8)
        centred(c, 260, 300, y, d, size=8)
        text(c, 330, y, t, size=8)
        y -= 12
    c.line(60, y + 6, 400, y + 6)
    return y - 30


def tables(path: Path) -> None:
    c = _canvas(path)
    text(c, 60, 800, "Discount tables", "Helvetica-Bold", 14)
    y = _table_a(c, 770)
    y = _table_b(c, y)
    y = _table_c(c, y)
    y = _table_e(c, y)
    _table_f(c, y)
    c.showPage()
    c.save()


def continued(path: Path) -> None:
    """A table continued on the next page under the same header; running headers and footers."""
    c = _canvas(path)
    items = [(f"Item {k:02d}", str(k * 3), f"{k * 1.5:.2f}") for k in range(1, 16)]
    for page in range(1, 4):
        text(c, 60, 810, "ACME Corp - Quarterly Report", size=8)
        centred(c, 0, W, 30, f"Page {page} of 3")
        if page == 1:
            text(c, 60, 770, "Inventory", "Helvetica-Bold", 14)
            text(c, 60, 745, "The inventory below runs onto the next page.")
            body = items[:10]
            y = 340
        elif page == 2:
            body = items[10:]
            y = 780
        else:
            text(c, 60, 780, "A last page with a paragraph and no table at all.")
            c.showPage()
            continue
        for x, s in ((60, "Item"), (200, "Qty"), (300, "Price")):
            text(c, x, y, s, "Helvetica-Bold", 9)
        y -= 14
        for name, qty, price in body:
            text(c, 60, y, name, size=9)
            text(c, 200, y, qty, size=9)
            text(c, 300, y, price, size=9)
            y -= 13
        if page == 2:
            text(c, 60, y - 20, "After the table, the second page goes on with this paragraph.")
        c.showPage()
    c.save()


_LEFT = [f"Left column sentence {k} runs on with words enough to fill the line." for k in range(1, 13)]
_RIGHT = [f"Right column sentence {k} also runs on with words to fill its line." for k in range(1, 13)]


def columns(path: Path) -> None:
    """Two text columns under a full-width title, their lines level with each other."""
    c = _canvas(path)
    text(c, 60, 790, "A Two-Column Article", "Helvetica-Bold", 18)
    text(c, 60, 765, "This introduction spans the whole width of the page, above both of the columns below.")
    y = 730
    for left, right in zip(_LEFT, _RIGHT):
        text(c, 60, y, left, size=8)
        text(c, 320, y, right, size=8)
        y -= 11
    c.showPage()
    c.save()


def _png() -> ImageReader:
    from PIL import Image

    image = Image.new("RGB", (8, 8), (200, 30, 30))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    buffer.seek(0)
    return ImageReader(buffer)


def media(path: Path) -> None:
    """An image, invisible text, a form field, a rotated page, rotated text, a page with no text."""
    c = _canvas(path)
    text(c, 60, 780, "Figures and odd pages", "Helvetica-Bold", 16)
    c.drawImage(_png(), 60, 600, 80, 80)
    text(c, 60, 580, "Figure 1. A red square drawn from an image.")
    t = c.beginText(60, 550)
    t.setTextRenderMode(3)
    t.setFont("Helvetica", 10)
    t.textLine("Invisible words from an OCR layer")
    c.drawText(t)
    c.acroForm.textfield(name="email", x=60, y=480, width=200, height=20)
    c.showPage()
    c.setPageRotation(90)
    text(c, 60, 780, "This page is rotated a quarter turn and still reads normally.")
    c.showPage()
    text(c, 60, 780, "A page with a note written up its margin.")
    c.saveState()
    c.translate(40, 300)
    c.rotate(90)
    text(c, 0, 0, "Margin note written sideways")
    c.restoreState()
    c.showPage()
    c.rect(100, 100, 300, 300, fill=1)
    c.showPage()
    c.save()


def encrypted(path: Path) -> None:
    c = _canvas(path, encrypt="secret")
    text(c, 60, 780, "Only readable with the password.")
    c.showPage()
    c.save()


def scanned(path: Path) -> None:
    c = _canvas(path)
    c.drawImage(_png(), 60, 400, 400, 400)
    c.showPage()
    c.save()


def wide(path: Path) -> None:
    """A landscape page: the media box is wider than high."""
    c = _canvas(path, pagesize=landscape(A4))
    text(c, 60, 500, "A landscape page of text.")
    c.showPage()
    c.save()


def repeated(path: Path) -> None:
    """The same words at the top of every page: a running header, and body text that repeats."""
    c = _canvas(path)
    for page in range(1, 4):
        text(c, 60, 815, f"Sample Agreement - page {page}", size=8)
        text(c, 60, 790, "This clause repeats on every page for the sake of the demonstration and")
        text(c, 60, 778, "it carries no legal weight whatsoever.")
        text(c, 60, 750, f"Clause {page} has its own closing words.")
        c.showPage()
    c.save()


FIXTURES = {
    "structure.pdf": structure, "tables.pdf": tables, "continued.pdf": continued, "columns.pdf": columns,
    "media.pdf": media, "encrypted.pdf": encrypted, "scanned.pdf": scanned, "wide.pdf": wide,
    "repeated.pdf": repeated,
}


def main(out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for name, make in FIXTURES.items():
        make(out / name)
        written[name] = out / name
    return written


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
