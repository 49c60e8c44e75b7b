"""Build the PowerPoint fixtures with python-pptx (and a little hand-written XML where it has no API).

Run as a script to write them into a folder (``python tests/pptx/make_fixtures.py OUT``); the tests
call :func:`build` into a temporary folder, so no binary fixture lives in the repository.
"""

from __future__ import annotations

import datetime as dt
import io
import struct
import sys
import zipfile
import zlib
from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.util import Emu, Inches, Pt

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CX = "http://schemas.microsoft.com/office/drawing/2014/chartex"
NSMAP = {"a": A, "p": P, "r": R}
FIXED = dt.datetime(2024, 1, 2, 3, 4, 5)


def png(width: int = 2, height: int = 2) -> bytes:
    """A tiny valid PNG, built here so no binary is checked in."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _fixed_core(prs: Presentation, title: str) -> None:
    core = prs.core_properties
    core.title, core.author, core.subject, core.keywords = title, "Ada Lovelace", "Fixtures", "alpha, beta"
    core.created = core.modified = FIXED
    core.last_modified_by = "Fixture Script"
    core.revision = 1


def _el(xml: str):
    return etree.fromstring(xml)


def _bullet(paragraph, kind: str, level: int = 0) -> None:
    """Give a paragraph an explicit bullet (``char``), number (``num``) or none."""
    ppr = paragraph._p.get_or_add_pPr()
    ppr.set("lvl", str(level))
    tag = {"char": f'<a:buChar xmlns:a="{A}" char="•"/>', "num": f'<a:buAutoNum xmlns:a="{A}" type="arabicPeriod"/>',
           "none": f'<a:buNone xmlns:a="{A}"/>'}[kind]
    ppr.append(_el(tag))


def basic(path: Path) -> None:
    prs = Presentation()
    _fixed_core(prs, "Basic deck")
    title_body, title_only, blank = prs.slide_layouts[1], prs.slide_layouts[5], prs.slide_layouts[6]

    # 1: title and a body placeholder that inherits its box and bullets; runs with formatting and links
    s1 = prs.slides.add_slide(title_body)
    s1.shapes.title.text = "Quarterly report"
    body = s1.placeholders[1].text_frame
    body.text = "Revenue grew"
    p = body.add_paragraph()
    p.level = 1
    r = p.add_run()
    r.text = "bold part"
    r.font.bold = True
    r = p.add_run()
    r.text = " then italic"
    r.font.italic = True
    p = body.add_paragraph()
    r = p.add_run()
    r.text = "a link"
    r.hyperlink.address = "https://example.com/report"
    r = p.add_run()
    r.text = " and "
    r = p.add_run()
    r.text = "a script"
    r.hyperlink.address = "javascript:alert(1)"
    p = body.add_paragraph()
    r = p.add_run()
    r.text = "underlined"
    r.font.underline = True
    s1.shapes._spTree.append(_el(
        f'<p:sp xmlns:p="{P}" xmlns:a="{A}"><p:nvSpPr><p:cNvPr id="90" name="Slide Number"/><p:cNvSpPr/>'
        '<p:nvPr><p:ph type="sldNum" sz="quarter" idx="12"/></p:nvPr></p:nvSpPr><p:spPr/>'
        '<p:txBody><a:bodyPr/><a:p><a:r><a:t>1</a:t></a:r></a:p></p:txBody></p:sp>'))
    comments = (f'<p:cmLst xmlns:p="{P}"><p:cm authorId="0" idx="1"><p:pos x="10" y="10"/><p:text>Check this</p:text>'
                '</p:cm><p:cm authorId="0" idx="2"><p:pos x="20" y="20"/><p:text>And this</p:text></p:cm></p:cmLst>')
    part = Part(PackURI("/ppt/comments/comment1.xml"),
                "application/vnd.openxmlformats-officedocument.presentationml.comments+xml", prs.part.package,
                comments.encode())
    s1.part.relate_to(part, "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments")

    # 2: hidden
    s2 = prs.slides.add_slide(title_only)
    s2.shapes.title.text = "Hidden slide"
    s2._element.set("show", "0")

    # 3: no title; a text box, a picture with alt text, numbered and plain paragraphs; notes
    s3 = prs.slides.add_slide(blank)
    box = s3.shapes.add_textbox(Inches(1), Inches(3), Inches(4), Inches(2)).text_frame
    box.text = "First step"
    _bullet(box.paragraphs[0], "num")
    p = box.add_paragraph()
    p.text = "Second step"
    _bullet(p, "num")
    p = box.add_paragraph()
    p.text = "A plain closing line"
    pic = s3.shapes.add_picture(io.BytesIO(png()), Inches(1), Inches(1), Inches(1), Inches(1))
    pic._element.nvPicPr.cNvPr.set("descr", "A red square")
    s3.notes_slide.notes_text_frame.text = "Say hello.\nThen say goodbye."

    # 4: a table with merges and a header row
    s4 = prs.slides.add_slide(title_only)
    s4.shapes.title.text = "Merged table"
    table = s4.shapes.add_table(4, 3, Inches(1), Inches(2), Inches(6), Inches(2)).table
    for r_i, row in enumerate([["Region", "Q1", "Q2"], ["North", "1", "2"], ["South", "3", "4"], ["Total", "4", "6"]]):
        for c_i, text in enumerate(row):
            table.cell(r_i, c_i).text = text
    table.cell(0, 1).merge(table.cell(0, 2))      # a header spanning two columns
    table.cell(0, 1).text = "Quarters"
    table.cell(1, 0).merge(table.cell(2, 0))      # a label spanning two rows
    table.cell(1, 0).text = "North and South"

    # 5: a chart from cached values
    s5 = prs.slides.add_slide(title_only)
    s5.shapes.title.text = "Chart slide"
    data = CategoryChartData()
    data.categories = ["2019", "2020", "2021"]
    data.add_series("Ducks", (120, 130, 150))
    data.add_series("Geese", (80, None, 110))
    chart = s5.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2), Inches(6), Inches(4), data).chart
    chart.has_title = True
    chart.chart_title.text_frame.text = "Birds by year"

    # 6: a group scaled by its transform: the lower box in child space lands above the other
    s6 = prs.slides.add_slide(title_only)
    s6.shapes.title.text = "Grouped"
    outside = s6.shapes.add_textbox(Inches(1), Inches(4), Inches(3), Inches(1))
    outside.text_frame.text = "Outside the group, lower"
    group = s6.shapes.add_group_shape()
    inner = group.shapes.add_textbox(Inches(1), Inches(6), Inches(3), Inches(1))
    inner.text_frame.text = "Inside the group, drawn higher"
    xfrm = group._element.grpSpPr.find(f"{{{A}}}xfrm")
    xfrm.find(f"{{{A}}}off").set("y", str(Inches(2)))           # the group's box on the slide
    xfrm.find(f"{{{A}}}ext").set("cy", str(Inches(0.5)))
    xfrm.find(f"{{{A}}}chOff").set("y", str(Inches(6)))         # ... maps child space from y=6in
    xfrm.find(f"{{{A}}}chExt").set("cy", str(Inches(1)))        # ... at half the height

    # 7: what is reported: SmartArt, OLE, media, animations
    s7 = prs.slides.add_slide(title_only)
    s7.shapes.title.text = "Reported things"
    tree = s7.shapes._spTree
    for n, uri in enumerate(("http://schemas.openxmlformats.org/drawingml/2006/diagram",
                             "http://schemas.openxmlformats.org/presentationml/2006/ole"), 100):
        tree.append(_el(
            f'<p:graphicFrame xmlns:p="{P}" xmlns:a="{A}"><p:nvGraphicFramePr><p:cNvPr id="{n}" name="g{n}"/>'
            f'<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="{n * 10000}"/>'
            f'<a:ext cx="10" cy="10"/></p:xfrm><a:graphic><a:graphicData uri="{uri}"/></a:graphic></p:graphicFrame>'))
    video = s7.shapes.add_picture(io.BytesIO(png(3, 3)), Inches(5), Inches(5), Inches(1), Inches(1))
    video._element.nvPicPr.nvPr.append(_el(f'<a:videoFile xmlns:a="{A}" xmlns:r="{R}" r:link="rIdNone"/>'))
    s7._element.append(_el(f'<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1"/></p:par></p:tnLst></p:timing>'))

    prs.save(path)


def chartex(path: Path) -> None:
    """A 2016 waterfall chart (chartEx), which python-pptx cannot make: the part is written by hand."""
    prs = Presentation()
    _fixed_core(prs, "Chart ex")
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Variance"
    xml = (
        f'<cx:chartSpace xmlns:cx="{CX}" xmlns:a="{A}"><cx:chartData><cx:data id="0">'
        '<cx:strDim type="cat"><cx:f>Sheet1!$A$2:$A$4</cx:f><cx:lvl ptCount="3"><cx:pt idx="0">Budget</cx:pt>'
        '<cx:pt idx="1">Pay</cx:pt><cx:pt idx="2">Forecast</cx:pt></cx:lvl></cx:strDim>'
        '<cx:numDim type="val"><cx:f>Sheet1!$B$2:$B$4</cx:f><cx:lvl ptCount="3" formatCode="General">'
        '<cx:pt idx="0">-20</cx:pt><cx:pt idx="1">216</cx:pt><cx:pt idx="2">-262</cx:pt></cx:lvl></cx:numDim>'
        '</cx:data></cx:chartData><cx:chart><cx:title><cx:tx><cx:txData><cx:v>Forecast variance</cx:v></cx:txData>'
        '</cx:tx></cx:title><cx:plotArea><cx:plotAreaRegion><cx:series layoutId="waterfall">'
        '<cx:tx><cx:txData><cx:v>Variance</cx:v></cx:txData></cx:tx><cx:dataId val="0"/></cx:series>'
        '</cx:plotAreaRegion></cx:plotArea></cx:chart></cx:chartSpace>'
    ).encode()
    part = Part(PackURI("/ppt/charts/chartEx1.xml"), "application/vnd.ms-office.chartex+xml", prs.part.package, xml)
    rid = slide.part.relate_to(part, "http://schemas.microsoft.com/office/2014/relationships/chartEx")
    slide.shapes._spTree.append(_el(
        f'<p:graphicFrame xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:nvGraphicFramePr><p:cNvPr id="50" name="cx"/>'
        '<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="914400" y="1828800"/>'
        '<a:ext cx="5486400" cy="3657600"/></p:xfrm><a:graphic>'
        f'<a:graphicData uri="http://schemas.microsoft.com/office/drawing/2014/chartex">'
        f'<cx:chart xmlns:cx="http://schemas.microsoft.com/office/drawing/2014/chartex" r:id="{rid}"/>'
        '</a:graphicData></a:graphic></p:graphicFrame>'))
    prs.save(path)


def shapegrid(path: Path) -> None:
    """A table drawn as a grid of text boxes (3 columns × 4 rows), under a title, above a footnote."""
    prs = Presentation()
    _fixed_core(prs, "Shape grid")
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Prices"
    rows = [["Model", "Price", "Discount"], ["Avenger", "24.950", "8%"], ["Compass", "39.900", "10%"],
            ["Panda", "15.950", "12%"]]
    for r_i, row in enumerate(rows):
        for c_i, text in enumerate(row):
            box = slide.shapes.add_textbox(Inches(1 + 2.5 * c_i), Inches(2 + 0.5 * r_i), Inches(2), Emu(Pt(25)))
            box.text_frame.text = text
    note = slide.shapes.add_textbox(Inches(1), Inches(6.5), Inches(6), Inches(0.4))
    note.text_frame.text = "Prices valid until June."
    prs.save(path)


P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"
P15 = "http://schemas.microsoft.com/office/powerpoint/2012/main"
AC = "http://schemas.microsoft.com/office/drawing/2013/main/command"
PC = "http://schemas.microsoft.com/office/powerpoint/2013/main/command"
LEGACY_COMMENTS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
MODERN_COMMENTS = "http://schemas.microsoft.com/office/2018/10/relationships/comments"


def _part(prs: Presentation, name: str, content_type: str, xml: str) -> Part:
    return Part(PackURI(name), content_type, prs.part.package, xml.encode())


def _legacy_cm(author: int, idx: int, dt_: str, text: str, parent: tuple[int, int] | None = None) -> str:
    threading = (f'<p:extLst><p:ext uri="{{C676402C-5697-4E1C-873F-D02D1690AC5C}}"><p15:threadingInfo xmlns:p15="{P15}">'
                 f'<p15:parentCm authorId="{parent[0]}" idx="{parent[1]}"/></p15:threadingInfo></p:ext></p:extLst>'
                 if parent else "")
    return (f'<p:cm authorId="{author}" dt="{dt_}" idx="{idx}"><p:pos x="10" y="10"/><p:text>{text}</p:text>'
            f'{threading}</p:cm>')


def _modern_cm(cid: str, author: str, created: str, body: str, anchor: str = "", replies: str = "") -> str:
    """``anchor`` is the shape id the comment is on; without one, the comment is on the slide."""
    moniker = (f'<ac:deMkLst xmlns:ac="{AC}" xmlns:pc="{PC}"><pc:docMk/><pc:sldMk cId="1" sldId="256"/>'
               f'<ac:spMk id="{anchor}" creationId="{{00000000-0000-0000-0000-000000000000}}"/></ac:deMkLst>'
               if anchor else f'<pc:sldMkLst xmlns:pc="{PC}"><pc:docMk/><pc:sldMk cId="1" sldId="256"/></pc:sldMkLst>')
    reply_list = f"<p188:replyLst>{replies}</p188:replyLst>" if replies else ""
    return (f'<p188:cm id="{{{cid}}}" authorId="{{{author}}}" created="{created}">{moniker}<p188:pos x="1" y="1"/>'
            f"{reply_list}<p188:txBody><a:bodyPr/><a:lstStyle/>{body}</p188:txBody></p188:cm>")


def _modern_part(prs: Presentation, n: int, comments: str) -> Part:
    return _part(prs, f"/ppt/comments/modernComment_{n}.xml", "application/vnd.ms-powerpoint.comments+xml",
                 f'<p188:cmLst xmlns:a="{A}" xmlns:r="{R}" xmlns:p188="{P188}">{comments}</p188:cmLst>')


def comments(path: Path) -> None:
    """Review comments: legacy (plain text, a reply threaded to its parent) and modern (PowerPoint 365,
    DrawingML text, replies inside the thread, anchored to a shape, a group, the slide or a missing shape)."""
    prs = Presentation()
    _fixed_core(prs, "Comments")
    title_body, title_only, blank = prs.slide_layouts[1], prs.slide_layouts[5], prs.slide_layouts[6]
    prs.part.relate_to(_part(prs, "/ppt/commentAuthors.xml",
                             "application/vnd.openxmlformats-officedocument.presentationml.commentAuthors+xml",
                             f'<p:cmAuthorLst xmlns:p="{P}"><p:cmAuthor id="0" name="John Reviewer" initials="JR" '
                             'lastIdx="1" clrIdx="0"/><p:cmAuthor id="1" name="Jane Smith" initials="JS" lastIdx="2" '
                             'clrIdx="1"/></p:cmAuthorLst>'),
                       "http://schemas.openxmlformats.org/officeDocument/2006/relationships/commentAuthors")
    prs.part.relate_to(_part(prs, "/ppt/authors.xml", "application/vnd.ms-powerpoint.authors+xml",
                             f'<p188:authorLst xmlns:p188="{P188}"><p188:author id="{{A1}}" name="Jane Smith" '
                             'initials="JS" userId="jane" providerId="None"/><p188:author id="{B2}" name="Bob Stone" '
                             'initials="BS" userId="bob" providerId="None"/></p188:authorLst>'),
                       "http://schemas.microsoft.com/office/2018/10/relationships/authors")

    # 1: legacy comments on a titled slide: a thread of two (the reply in two lines), then a comment alone
    s1 = prs.slides.add_slide(title_body)
    s1.shapes.title.text = "Budget"
    s1.placeholders[1].text_frame.text = "Costs rose"
    legacy = (_legacy_cm(0, 1, "2026-01-01T00:00:00.000", "Check the figure")
              + _legacy_cm(1, 1, "2026-06-18T17:35:35.236", "Checked.\nIt holds.", parent=(0, 1))
              + _legacy_cm(1, 2, "2026-06-19T09:00:00.000", "Source?"))
    s1.part.relate_to(_part(prs, "/ppt/comments/comment1.xml",
                            "application/vnd.openxmlformats-officedocument.presentationml.comments+xml",
                            f'<p:cmLst xmlns:p="{P}">{legacy}</p:cmLst>'), LEGACY_COMMENTS)

    # 2: modern comments on a shape (with a reply), on a group, on the slide, and on a shape that is not there
    s2 = prs.slides.add_slide(title_only)
    s2.shapes.title.text = "Plan"
    box = s2.shapes.add_textbox(Inches(1), Inches(2), Inches(4), Inches(1))
    box.text_frame.text = "Phase one"
    box.text_frame.add_paragraph().text = "Phase two"
    group = s2.shapes.add_group_shape()
    group.shapes.add_textbox(Inches(1), Inches(4), Inches(2), Inches(1)).text_frame.text = "Left"
    group.shapes.add_textbox(Inches(4), Inches(4), Inches(2), Inches(1)).text_frame.text = "Right"
    reply = ('<p188:reply id="{R1}" authorId="{A1}" created="2026-06-19T10:00:00.000"><p188:txBody><a:bodyPr/>'
             "<a:p><a:r><a:t>Agreed</a:t></a:r></a:p></p188:txBody></p188:reply>")
    modern = (_modern_cm("C1", "B2", "2026-06-18T17:37:55.253",
                         "<a:p><a:r><a:t>Too </a:t></a:r><a:r><a:rPr b=\"1\"/><a:t>vague</a:t></a:r></a:p>"
                         "<a:p><a:r><a:t>Say when.</a:t></a:r></a:p>", anchor=str(box.shape_id), replies=reply)
              + _modern_cm("C2", "A1", "2026-06-20T08:00:00.000", "<a:p><a:r><a:t>On the group</a:t></a:r></a:p>",
                           anchor=str(group.shape_id))
              + _modern_cm("C3", "A1", "2026-06-21T08:00:00.000", "<a:p><a:r><a:t>Whole slide</a:t></a:r></a:p>")
              + _modern_cm("C4", "B2", "2026-06-22T08:00:00.000", "<a:p><a:r><a:t>Shape gone</a:t></a:r></a:p>",
                           anchor="999"))
    s2.part.relate_to(_modern_part(prs, 2, modern), MODERN_COMMENTS)

    # 3: no title: the comment goes to the first text block
    s3 = prs.slides.add_slide(blank)
    s3.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(1)).text_frame.text = "Loose notes"
    s3.part.relate_to(_modern_part(prs, 3, _modern_cm("C5", "A1", "2026-06-23T08:00:00.000",
                                                      "<a:p><a:r><a:t>Needs a title</a:t></a:r></a:p>")),
                      MODERN_COMMENTS)

    # 4: no text at all: the comment is carried without a reference
    s4 = prs.slides.add_slide(blank)
    s4.part.relate_to(_modern_part(prs, 4, _modern_cm("C6", "B2", "2026-06-24T08:00:00.000",
                                                      "<a:p><a:r><a:t>Empty slide?</a:t></a:r></a:p>")),
                      MODERN_COMMENTS)

    # 5: hidden, with a comment
    s5 = prs.slides.add_slide(title_only)
    s5.shapes.title.text = "Secret"
    s5._element.set("show", "0")
    s5.part.relate_to(_part(prs, "/ppt/comments/comment5.xml",
                            "application/vnd.openxmlformats-officedocument.presentationml.comments+xml",
                            f'<p:cmLst xmlns:p="{P}">{_legacy_cm(0, 3, "2026-07-01T00:00:00.000", "Hidden remark")}'
                            "</p:cmLst>"), LEGACY_COMMENTS)
    prs.save(path)


def _text_box(sid: int, text: str, y: int = 6000000) -> str:
    """A text box (a shape that is no placeholder) as a layout, master or notes page holds one."""
    return (f'<p:sp xmlns:p="{P}" xmlns:a="{A}"><p:nvSpPr><p:cNvPr id="{sid}" name="Text {sid}"/>'
            f'<p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="100000" y="{y}"/>'
            f'<a:ext cx="3000000" cy="300000"/></a:xfrm></p:spPr>'
            f'<p:txBody><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></p:txBody></p:sp>')


def templates(path: Path) -> None:
    """Text on the master, on layouts and around the notes: what shows on which slide, what shows on none.

    The master and the Title Only layout each have a text box; the Blank layout hides the master's
    shapes (showMasterSp="0") and has a text box of its own; the Two Content layout, used by no slide,
    has one too. Slide 1 (Title Only) shows both, slide 2 (Blank) its layout's only, slide 3 (Title
    Only, "hide background graphics") neither. Slide 1's notes page has a WordArt-like text box and a
    table besides its body; the notes master has a header, the handout master a footer.
    """
    prs = Presentation()
    _fixed_core(prs, "Templates deck")
    title_only, blank, unused = prs.slide_layouts[5], prs.slide_layouts[6], prs.slide_layouts[3]
    prs.slide_master.shapes._spTree.append(_el(_text_box(900, "Confidential draft")))
    title_only.shapes._spTree.append(_el(_text_box(901, "Layout banner", 5500000)))
    blank.shapes._spTree.append(_el(_text_box(902, "Blank layout stamp")))
    blank._element.set("showMasterSp", "0")
    unused.shapes._spTree.append(_el(_text_box(903, "Unused layout words")))

    s1 = prs.slides.add_slide(title_only)
    s1.shapes.title.text = "Shows both"
    notes = s1.notes_slide
    notes.notes_text_frame.text = "Speaker words"
    notes.shapes._spTree.append(_el(_text_box(904, "WordArt words", 8000000)))
    cells = "".join("<a:tr h=\"300000\">" + "".join(f"<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>{t}</a:t></a:r></a:p>"
                                                   "</a:txBody></a:tc>" for t in row) + "</a:tr>"
                    for row in (("Notes cell", "Total"), ("alpha", "42")))
    notes.shapes._spTree.append(_el(
        f'<p:graphicFrame xmlns:p="{P}" xmlns:a="{A}"><p:nvGraphicFramePr><p:cNvPr id="905" name="Notes table"/>'
        '<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="100000" y="8500000"/>'
        '<a:ext cx="4000000" cy="600000"/></p:xfrm><a:graphic><a:graphicData '
        'uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid><a:gridCol w="2000000"/>'
        f'<a:gridCol w="2000000"/></a:tblGrid>{cells}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>'))
    s2 = prs.slides.add_slide(blank)
    s2.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(1)).text_frame.text = "Blank slide body"
    s3 = prs.slides.add_slide(title_only)
    s3.shapes.title.text = "Shows neither"
    s3._element.set("showMasterSp", "0")

    header = next(ph for ph in prs.notes_master.placeholders if ph.placeholder_format.idx == 0 or
                  ph.name.startswith("Header"))
    header.text_frame.text = "Notes header words"
    handout = _part(prs, "/ppt/handoutMasters/handoutMaster1.xml",
                    "application/vnd.openxmlformats-officedocument.presentationml.handoutMaster+xml",
                    f'<p:handoutMaster xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:cSld><p:spTree>'
                    '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
                    '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Footer"/><p:cNvSpPr/><p:nvPr><p:ph type="ftr" idx="2"/>'
                    '</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>Handout footer words</a:t>'
                    '</a:r></a:p></p:txBody></p:sp>'
                    '<p:sp><p:nvSpPr><p:cNvPr id="3" name="Body"/><p:cNvSpPr/><p:nvPr><p:ph type="body" idx="1"/>'
                    '</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>Click to edit</a:t>'
                    '</a:r></a:p></p:txBody></p:sp>'
                    '</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" '
                    'accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" '
                    'hlink="hlink" folHlink="folHlink"/></p:handoutMaster>')
    prs.part.relate_to(handout, "http://schemas.openxmlformats.org/officeDocument/2006/relationships/handoutMaster")
    prs.save(path)


def linked(path: Path) -> None:
    """References outside the deck that nothing carries: a hover link on a run (beside its carried click
    link), a click link on a whole shape, a linked OLE object, a linked video on the notes page."""
    rt = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    prs = Presentation()
    _fixed_core(prs, "Linked deck")
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Links"
    run = slide.shapes.add_textbox(Inches(1), Inches(2), Inches(4), Inches(1)).text_frame.paragraphs[0].add_run()
    run.text = "hover me"
    run.hyperlink.address = "https://example.com/click"
    hover = slide.part.relate_to("https://example.com/hover", rt + "hyperlink", is_external=True)
    run._r.get_or_add_rPr().append(_el(f'<a:hlinkHover xmlns:a="{A}" xmlns:r="{R}" r:id="{hover}"/>'))
    box = slide.shapes.add_textbox(Inches(1), Inches(3), Inches(4), Inches(1))
    box.text_frame.text = "whole shape"
    shape_link = slide.part.relate_to("https://example.com/shape", rt + "hyperlink", is_external=True)
    box._element.nvSpPr.cNvPr.append(_el(f'<a:hlinkClick xmlns:a="{A}" xmlns:r="{R}" r:id="{shape_link}"/>'))
    ole = slide.part.relate_to("file:///C:/books/linked.xlsx", rt + "oleObject", is_external=True)
    slide.shapes._spTree.append(_el(
        f'<p:graphicFrame xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:nvGraphicFramePr>'
        '<p:cNvPr id="50" name="Linked workbook"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
        '<p:xfrm><a:off x="0" y="5000000"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic>'
        '<a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">'
        f'<p:oleObj r:id="{ole}" progId="Excel.Sheet.12"><p:link updateAutomatic="1"/></p:oleObj>'
        '</a:graphicData></a:graphic></p:graphicFrame>'))
    notes = slide.notes_slide
    notes.notes_text_frame.text = "See the clip"
    video = notes.part.relate_to("file:///C:/clips/talk.mp4", rt + "video", is_external=True)
    notes.shapes._spTree.append(_el(
        f'<p:pic xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:nvPicPr><p:cNvPr id="60" name="Clip"/>'
        f'<p:cNvPicPr/><p:nvPr><a:videoFile r:link="{video}"/></p:nvPr></p:nvPicPr><p:blipFill/>'
        '<p:spPr/></p:pic>'))
    prs.save(path)


def rewrite(src: Path, dst: Path, part: str, change) -> None:
    """Copy a package, passing one part's bytes through ``change`` (for the hostile variants)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == part:
                data = change(data)
            if data is not None:
                zout.writestr(info.filename, data)


def build(out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for name, maker in (("basic", basic), ("chartex", chartex), ("shapegrid", shapegrid), ("comments", comments),
                         ("templates", templates), ("linked", linked)):
        made[name] = out / f"{name}.pptx"
        maker(made[name])
    slide = "ppt/slides/slide1.xml"
    made["doctype"] = out / "doctype.pptx"
    rewrite(made["basic"], made["doctype"], slide,
            lambda d: d.replace(b"?>", b'?><!DOCTYPE p:sld [<!ENTITY x "boom">]>', 1))
    made["malformed"] = out / "malformed.pptx"
    rewrite(made["basic"], made["malformed"], slide, lambda d: d[: len(d) // 2])
    made["deep"] = out / "deep.pptx"
    rewrite(made["basic"], made["deep"], slide,
            lambda d: d.replace(b"</p:sld>", b"<p:extLst>" + b"<a:x>" * 300 + b"</a:x>" * 300 + b"</p:extLst></p:sld>"))
    made["no-presentation"] = out / "no-presentation.pptx"
    rewrite(made["basic"], made["no-presentation"], "ppt/presentation.xml", lambda d: None)
    made["not-a-zip"] = out / "not-a-zip.pptx"
    made["not-a-zip"].write_bytes(b"this is not a zip archive at all")
    made["dangling"] = out / "dangling.pptx"
    rewrite(made["basic"], made["dangling"], "ppt/slides/slide2.xml", lambda d: None)
    modern = "ppt/comments/modernComment_2.xml"
    made["comments-malformed"] = out / "comments-malformed.pptx"
    rewrite(made["comments"], made["comments-malformed"], modern, lambda d: d[: len(d) // 2])
    made["comments-deep"] = out / "comments-deep.pptx"
    rewrite(made["comments"], made["comments-deep"], modern,
            lambda d: d.replace(b"<a:bodyPr/>", b"<a:bodyPr/>" + b"<a:p>" * 300 + b"</a:p>" * 300, 1))
    return made


if __name__ == "__main__":
    for name, path in build(Path(sys.argv[1] if len(sys.argv) > 1 else "pptx-fixtures")).items():
        print(name, path)
