"""Build the OpenDocument fixtures with odfpy (and a little hand-written XML where it has no API).

Run as a script to write them into a folder (``python tests/odt/make_fixtures.py OUT``); the tests
call :func:`build` into a temporary folder, so no binary fixture lives in the repository.
"""

from __future__ import annotations

import struct
import sys
import zipfile
import zlib
from pathlib import Path

from odf import chart, dc, draw, meta, office, presentation, style, svg, table, text
from odf.namespaces import TEXTNS
from odf.opendocument import OpenDocumentChart, OpenDocumentPresentation, OpenDocumentSpreadsheet, OpenDocumentText

FIXED = "2024-01-02T03:04:05"


def png(width: int = 2, height: int = 2) -> bytes:
    """A tiny valid PNG, built here so no binary is checked in."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _meta(doc, title: str) -> None:
    doc.meta.addElement(dc.Title(text=title))
    doc.meta.addElement(meta.InitialCreator(text="Ada Lovelace"))
    doc.meta.addElement(dc.Creator(text="Fixture Script"))
    doc.meta.addElement(meta.Keyword(text="alpha"))
    doc.meta.addElement(meta.Keyword(text="beta"))
    doc.meta.addElement(meta.CreationDate(text=FIXED))
    doc.meta.addElement(dc.Date(text=FIXED))
    doc.meta.addElement(meta.DocumentStatistic(pagecount="2"))


def _text_style(doc, name: str, **props) -> style.Style:
    st = style.Style(name=name, family="text")
    st.addElement(style.TextProperties(**props))
    doc.automaticstyles.addElement(st)
    return st


def _page_layout(doc, width: str, height: str, header: str | None = None) -> None:
    layout = style.PageLayout(name="pm1")
    layout.addElement(style.PageLayoutProperties(pagewidth=width, pageheight=height))
    doc.automaticstyles.addElement(layout)
    master = style.MasterPage(name="Standard", pagelayoutname=layout)
    if header:
        h = style.Header()
        h.addElement(text.P(text=header))
        master.addElement(h)
    doc.masterstyles.addElement(master)


def text_document(path: Path) -> None:
    doc = OpenDocumentText()
    _meta(doc, "Text fixture")
    _page_layout(doc, "8.5in", "11in", header="Confidential")
    title = style.Style(name="Title", family="paragraph", displayname="Title")
    title.addElement(style.TextProperties(fontweight="bold"))
    doc.styles.addElement(title)
    body = style.Style(name="Text_20_body", family="paragraph", displayname="Text body")
    doc.styles.addElement(body)
    p_body = style.Style(name="P1", family="paragraph", parentstylename=body)
    doc.automaticstyles.addElement(p_body)
    bold = _text_style(doc, "T1", fontweight="bold")
    italic = _text_style(doc, "T2", fontstyle="italic")
    sup = _text_style(doc, "T3", textposition="super 58%")
    hidden = _text_style(doc, "T4", display="none")
    numbered = text.ListStyle(name="L1")
    numbered.addElement(text.ListLevelStyleNumber(level=1, numformat="1", numsuffix="."))
    numbered.addElement(text.ListLevelStyleBullet(level=2, bulletchar="•"))
    doc.automaticstyles.addElement(numbered)

    # tracked changes: an insertion and a deletion, both by one author
    changes = text.TrackedChanges()
    for cid, kind, deleted in (("ct1", text.Insertion, None), ("ct2", text.Deletion, "removed words")):
        region = text.ChangedRegion(qattributes={("http://www.w3.org/XML/1998/namespace", "id"): cid})
        region.setAttrNS(TEXTNS, "id", cid)  # ODF 1.1 readers look for text:id
        change = kind()
        info = office.ChangeInfo()
        info.addElement(dc.Creator(text="Reviewer"))
        info.addElement(dc.Date(text=FIXED))
        change.addElement(info)
        if deleted:
            change.addElement(text.P(text=deleted))
        region.addElement(change)
        changes.addElement(region)
    doc.text.addElement(changes)

    doc.text.addElement(text.P(stylename=title, text="Fixture title"))
    doc.text.addElement(text.H(outlinelevel=1, text="Introduction"))
    p = text.P(stylename=p_body)
    p.addText("Plain, ")
    p.addElement(text.Span(stylename=bold, text="bold"))
    p.addText(" and ")
    p.addElement(text.Span(stylename=italic, text="italic"))
    p.addText(" with E=mc")
    p.addElement(text.Span(stylename=sup, text="2"))
    p.addText(". A ")
    p.addElement(text.A(href="https://example.com/", text="safe link"))
    p.addText(", an ")
    p.addElement(text.A(href="javascript:alert(1)", text="unsafe one"))
    p.addText(" and a note")
    note = text.Note(id="ftn1", noteclass="footnote")
    note.addElement(text.NoteCitation(text="1"))
    note_body = text.NoteBody()
    note_body.addElement(text.P(text="The footnote text."))
    note.addElement(note_body)
    p.addElement(note)
    p.addText(".")
    p.addElement(text.Span(stylename=hidden, text=" Secret."))
    doc.text.addElement(p)

    lst = text.List(stylename=numbered)
    for label, children in (("First item", ["Nested bullet"]), ("Second item", [])):
        item = text.ListItem()
        item.addElement(text.P(text=label))
        if children:
            inner = text.List()
            for child in children:
                sub = text.ListItem()
                sub.addElement(text.P(text=child))
                inner.addElement(sub)
            item.addElement(inner)
        lst.addElement(item)
    doc.text.addElement(lst)

    doc.text.addElement(text.SoftPageBreak())
    doc.text.addElement(text.H(outlinelevel=2, text="Data"))
    t = table.Table(name="Figures")
    t.addElement(table.TableColumn(numbercolumnsrepeated=3))
    head = table.TableHeaderRows()
    row = table.TableRow()
    for label in ("Region", "Q1", "Q2"):
        cell = table.TableCell()
        cell.addElement(text.P(text=label))
        row.addElement(cell)
    head.addElement(row)
    t.addElement(head)
    rows = [[("North and South", 1, 2), ("1", 1, 1), ("2", 1, 1)], [None, ("3", 1, 1), ("4", 1, 1)],
            [("Total", 1, 1), ("10", 2, 1), None]]
    for spec in rows:
        row = table.TableRow()
        for item in spec:
            if item is None:
                row.addElement(table.CoveredTableCell())
                continue
            label, cols, rws = item
            attrs = {}
            if cols > 1:
                attrs["numbercolumnsspanned"] = cols
            if rws > 1:
                attrs["numberrowsspanned"] = rws
            cell = table.TableCell(**attrs)
            cell.addElement(text.P(text=label))
            row.addElement(cell)
        t.addElement(row)
    doc.text.addElement(t)

    # an image with a description, and a text box, both anchored in one paragraph
    picture = doc.addPicture("Pictures/red.png", "image/png", png())
    p = text.P(text="Figure paragraph")
    frame = draw.Frame(width="1in", height="1in", anchortype="as-char")
    frame.addElement(draw.Image(href=picture))
    frame.addElement(svg.Desc(text="A red square"))
    p.addElement(frame)
    box_frame = draw.Frame(width="2in", height="1in", anchortype="paragraph")
    box = draw.TextBox()
    box.addElement(text.P(text="Boxed text"))
    box_frame.addElement(box)
    p.addElement(box_frame)
    doc.text.addElement(p)

    # revisions: text inserted inside a paragraph, words deleted from another
    p = text.P(text="Kept ")
    p.addElement(text.ChangeStart(changeid="ct1"))
    p.addText("inserted")
    p.addElement(text.ChangeEnd(changeid="ct1"))
    p.addText(" text.")
    doc.text.addElement(p)
    p = text.P(text="Before ")
    p.addElement(text.Change(changeid="ct2"))
    p.addText(" after.")
    doc.text.addElement(p)

    # a comment, a bookmark, a deep heading, a hidden section, an endnote
    p = text.P(text="Commented")
    ann = office.Annotation()
    ann.addElement(text.P(text="A reviewer's remark"))
    p.addElement(ann)
    p.addElement(text.Bookmark(name="here"))
    doc.text.addElement(p)
    doc.text.addElement(text.H(outlinelevel=8, text="Deep heading"))
    section = text.Section(name="Hidden", display="none")
    section.addElement(text.P(text="Hidden section text"))
    doc.text.addElement(section)
    p = text.P(text="End")
    note = text.Note(id="edn1", noteclass="endnote")
    note.addElement(text.NoteCitation(text="i"))
    note_body = text.NoteBody()
    note_body.addElement(text.P(text="The endnote text."))
    note.addElement(note_body)
    p.addElement(note)
    doc.text.addElement(p)
    doc.save(str(path))


def chart_document(path: Path) -> None:
    """A text document holding a bar chart object whose data table is cached inside it."""
    doc = OpenDocumentText()
    _meta(doc, "Chart fixture")
    ch = OpenDocumentChart()
    c = chart.Chart(attributes={"class": "chart:bar"}, width="10cm", height="6cm")
    title = chart.Title()
    title.addElement(text.P(text="Birds by year"))
    c.addElement(title)
    c.addElement(chart.PlotArea())
    t = table.Table(name="local-table")
    head = table.TableHeaderRows()
    row = table.TableRow()
    for label in ("", "Ducks", "Geese"):
        cell = table.TableCell()
        cell.addElement(text.P(text=label))
        row.addElement(cell)
    head.addElement(row)
    t.addElement(head)
    body = table.TableRows()
    for year, a, b in (("2019", "120", "80"), ("2020", "130", "95")):
        row = table.TableRow()
        for value in (year, a, b):
            cell = table.TableCell()
            cell.addElement(text.P(text=value))
            row.addElement(cell)
        body.addElement(row)
    t.addElement(body)
    c.addElement(t)
    ch.chart.addElement(c)
    href = doc.addObject(ch)
    p = text.P(text="Chart below")
    frame = draw.Frame(width="10cm", height="6cm", anchortype="paragraph")
    frame.addElement(draw.Object(href=href))
    p.addElement(frame)
    doc.text.addElement(p)
    doc.save(str(path))


def presentation_document(path: Path) -> None:
    doc = OpenDocumentPresentation()
    _meta(doc, "Slides fixture")
    layout = style.PageLayout(name="PM1")
    layout.addElement(style.PageLayoutProperties(pagewidth="28cm", pageheight="15.75cm"))
    doc.automaticstyles.addElement(layout)
    master = style.MasterPage(name="Default", pagelayoutname=layout)
    doc.masterstyles.addElement(master)
    hidden = style.Style(name="dp2", family="drawing-page")
    hidden.addElement(style.DrawingPageProperties(visibility="hidden"))
    doc.automaticstyles.addElement(hidden)
    bullets = text.ListStyle(name="L1")
    bullets.addElement(text.ListLevelStyleBullet(level=1, bulletchar="•"))
    doc.automaticstyles.addElement(bullets)

    def frame(page, klass, y, paragraphs=None, x="2cm"):
        f = draw.Frame(width="20cm", height="2cm", x=x, y=y, attributes={"class": klass} if klass else {})
        box = draw.TextBox()
        for p in paragraphs or []:
            box.addElement(p)
        f.addElement(box)
        page.addElement(f)
        return f

    page = draw.Page(name="page1", masterpagename=master)
    lst = text.List(stylename=bullets)
    for label in ("One point", "Another point"):
        item = text.ListItem()
        item.addElement(text.P(text=label))
        lst.addElement(item)
    frame(page, "outline", "6cm", [lst])                      # written first, read second
    frame(page, "title", "1cm", [text.P(text="Opening")])
    picture = doc.addPicture("Pictures/red.png", "image/png", png())
    image_frame = draw.Frame(width="2cm", height="2cm", x="20cm", y="10cm")
    image_frame.addElement(draw.Image(href=picture))
    page.addElement(image_frame)
    notes = presentation.Notes()
    notes_frame = draw.Frame(width="10cm", height="5cm", x="1cm", y="1cm", attributes={"class": "notes"})
    notes_box = draw.TextBox()
    notes_box.addElement(text.P(text="Speaker notes here."))
    notes_frame.addElement(notes_box)
    notes.addElement(notes_frame)
    page.addElement(notes)
    doc.presentation.addElement(page)

    page = draw.Page(name="page2", masterpagename=master, stylename=hidden)
    frame(page, "title", "1cm", [text.P(text="Hidden one")])
    doc.presentation.addElement(page)

    page = draw.Page(name="page3", masterpagename=master)
    frame(page, None, "3cm", [text.P(text="No title on this slide")])
    doc.presentation.addElement(page)
    doc.save(str(path))


def masters_document(path: Path) -> None:
    """Slides showing their master page: a text box, a footer and a fixed date from the slides'
    declarations, a page number; a placeholder's prompt, a notes master's text, an unused footer."""
    doc = OpenDocumentPresentation()
    _meta(doc, "Masters fixture")
    layout = style.PageLayout(name="PM1")
    layout.addElement(style.PageLayoutProperties(pagewidth="28cm", pageheight="15.75cm"))
    doc.automaticstyles.addElement(layout)
    no_footer = style.Style(name="dp2", family="drawing-page")
    no_footer.addElement(style.DrawingPageProperties(displayfooter="false", backgroundobjectsvisible="false"))
    doc.automaticstyles.addElement(no_footer)
    master = style.MasterPage(name="Corporate", pagelayoutname=layout)

    def box(parent, klass, *content, placeholder=False, y="14cm"):
        attributes = {"class": klass} if klass else {}
        if placeholder:
            attributes["placeholder"] = "true"
        f = draw.Frame(width="8cm", height="1cm", x="1cm", y=y, attributes=attributes)
        tb = draw.TextBox()
        p = text.P()
        for item in content:
            p.addElement(item) if not isinstance(item, str) else p.addText(item)
        tb.addElement(p)
        f.addElement(tb)
        parent.addElement(f)

    box(master, "title", "Click to add Title", placeholder=True, y="1cm")
    box(master, None, "Acme Confidential", y="13cm")
    box(master, "footer", presentation.Footer())
    box(master, "date-time", presentation.DateTime())
    box(master, "page-number", text.PageNumber(selectpage="current", text="<number>"))
    notes = presentation.Notes()
    box(notes, None, "Notes master legend")
    master.addElement(notes)
    doc.masterstyles.addElement(master)
    doc.presentation.addElement(presentation.FooterDecl(name="ftr1", text="Quarterly review"))
    doc.presentation.addElement(presentation.FooterDecl(name="ftr2", text="Draft footer"))
    doc.presentation.addElement(presentation.DateTimeDecl(name="dtd1", source="fixed", text="2024-01-02"))
    for number, page_style in ((1, None), (2, no_footer)):
        page = draw.Page(name=f"page{number}", masterpagename=master, usefootername="ftr1",
                         usedatetimename="dtd1", **({"stylename": page_style} if page_style else {}))
        f = draw.Frame(width="20cm", height="2cm", x="2cm", y="1cm", attributes={"class": "title"})
        tb = draw.TextBox()
        tb.addElement(text.P(text=f"Slide body {number}"))
        f.addElement(tb)
        page.addElement(f)
        doc.presentation.addElement(page)
    doc.save(str(path))


def spreadsheet(path: Path) -> None:
    doc = OpenDocumentSpreadsheet()
    t = table.Table(name="Sheet1")
    row = table.TableRow()
    cell = table.TableCell()
    cell.addElement(text.P(text="a cell"))
    row.addElement(cell)
    t.addElement(row)
    doc.spreadsheet.addElement(t)
    doc.save(str(path))


def rewrite(src: Path, dst: Path, part: str, change) -> None:
    """Copy a package, passing one part's bytes through ``change`` (for the hostile variants)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == part:
                data = change(data)
            if data is not None:
                zout.writestr(info.filename, data, zipfile.ZIP_STORED if info.filename == "mimetype" else None)


def build(out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for name, maker, ext in (("text", text_document, "odt"), ("chart", chart_document, "odt"),
                             ("slides", presentation_document, "odp"), ("masters", masters_document, "odp"),
                             ("sheet", spreadsheet, "ods")):
        made[name] = out / f"{name}.{ext}"
        maker(made[name])
    made["encrypted"] = out / "encrypted.odt"
    rewrite(made["text"], made["encrypted"], "META-INF/manifest.xml", lambda d: d.replace(
        b'manifest:full-path="content.xml" manifest:media-type="text/xml"/>',
        b'manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1" '
        b'manifest:checksum="AAAA"><manifest:algorithm manifest:algorithm-name="Blowfish CFB" '
        b'manifest:initialisation-vector="AAAA"/></manifest:encryption-data></manifest:file-entry>', 1))
    made["doctype"] = out / "doctype.odt"
    rewrite(made["text"], made["doctype"], "content.xml",
            lambda d: d.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY a "aaaa">]>', 1))
    made["no-content"] = out / "no-content.odt"
    rewrite(made["text"], made["no-content"], "content.xml", lambda d: None)
    # OpenOffice's own DOCTYPEs, with no internal subset: a manifest's and an embedded formula's (read)
    made["formula"] = out / "formula.odt"
    unmarked = out / "formula-unmarked.odt"
    rewrite(made["chart"], unmarked, "Object 1/content.xml", lambda d: MATHML.encode())
    rewrite(unmarked, made["formula"], "content.xml", lambda d: d.replace(b">Chart below<", b">The formula <", 1))
    rewrite(made["formula"], unmarked, "META-INF/manifest.xml", lambda d: d.replace(b"?>", MANIFEST_DOCTYPE, 1))
    unmarked.replace(made["formula"])
    # An internal subset in a part that is not the body: that part alone is refused
    made["object-subset"] = out / "object-subset.odt"
    rewrite(made["formula"], made["object-subset"], "Object 1/content.xml",
            lambda d: d.replace(b'"math.dtd">', b'"math.dtd" [<!ENTITY e "boom">]>', 1))
    made["styles-subset"] = out / "styles-subset.odt"
    rewrite(made["text"], made["styles-subset"], "styles.xml",
            lambda d: d.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY a "aaaa">]>', 1))
    return made


MANIFEST_DOCTYPE = b'?>\n<!DOCTYPE manifest:manifest PUBLIC "-//OpenOffice.org//DTD Manifest 1.0//EN" "Manifest.dtd">'
MATHML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<!DOCTYPE math:math PUBLIC "-//OpenOffice.org//DTD Modified W3C MathML 1.01//EN" "math.dtd">\n'
    '<math:math xmlns:math="http://www.w3.org/1998/Math/MathML"><math:semantics><math:mrow><math:mi>E</math:mi>'
    '<math:mo>=</math:mo><math:mi>m</math:mi><math:msup><math:mi>c</math:mi><math:mn>2</math:mn></math:msup>'
    '</math:mrow><math:annotation math:encoding="StarMath 5.0">E = m c^2</math:annotation></math:semantics>'
    '</math:math>'
)


if __name__ == "__main__":
    for name, path in build(Path(sys.argv[1] if len(sys.argv) > 1 else "odt-fixtures")).items():
        print(name, path)
