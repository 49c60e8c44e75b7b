"""SmartArt on a slide: its nodes as a list nested as the diagram nests them, the layout's words reported."""

from __future__ import annotations

import io
import zipfile

from pptx import Presentation
from pptx.util import Inches

from zenconv.ir import List
from zenconv.ir.walk import plain_text

from .conftest import read_deck, slides

DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData"


def _point(model: str, text: str | None, kind: str | None = None) -> str:
    body = f"<dgm:t><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></dgm:t>" if text else ""
    return f'<dgm:pt modelId="{model}"' + (f' type="{kind}"' if kind else "") + f">{body}</dgm:pt>"


def smartart_deck(path) -> None:
    """A one-slide deck (python-pptx) whose slide gains a SmartArt frame naming a data part."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Process"
    slide.shapes.add_textbox(Inches(1), Inches(6), Inches(3), Inches(1)).text_frame.text = "Below"
    buffer = io.BytesIO()
    prs.save(buffer)
    points = [_point("0", None, "doc"), _point("1", "Collect"), _point("2", "Tag"), _point("3", "Review"),
              _point("9", "Drawn arrow label", "sibTrans")]
    cxns = ('<dgm:cxn modelId="a" srcId="0" destId="1" srcOrd="0" destOrd="0"/>'
            '<dgm:cxn modelId="b" srcId="1" destId="2" srcOrd="0" destOrd="0"/>'
            '<dgm:cxn modelId="c" srcId="0" destId="3" srcOrd="1" destOrd="0"/>')
    data = (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>{"".join(points)}</dgm:ptLst>'
            f"<dgm:cxnLst>{cxns}</dgm:cxnLst></dgm:dataModel>")
    frame = ('<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="90" name="Diagram 1"/><p:cNvGraphicFramePr/><p:nvPr/>'
             '</p:nvGraphicFramePr><p:xfrm><a:off x="914400" y="1828800"/><a:ext cx="4572000" cy="2743200"/></p:xfrm>'
             f'<a:graphic><a:graphicData uri="{DGM}"><dgm:relIds xmlns:dgm="{DGM}" '
             'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:dm="rIdDm" r:lo="rIdDm" '
             'r:qs="rIdDm" r:cs="rIdDm"/></a:graphicData></a:graphic></p:graphicFrame>')
    with zipfile.ZipFile(buffer) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            raw = zin.read(info.filename)
            if info.filename == "ppt/slides/slide1.xml":
                raw = raw.replace(b"</p:spTree>", frame.encode() + b"</p:spTree>", 1)
            elif info.filename == "ppt/slides/_rels/slide1.xml.rels":
                raw = raw.replace(b"</Relationships>", f'<Relationship Id="rIdDm" Type="{_REL}" '
                                  'Target="../diagrams/data1.xml"/></Relationships>'.encode(), 1)
            elif info.filename == "[Content_Types].xml":
                raw = raw.replace(b"</Types>", b'<Override PartName="/ppt/diagrams/data1.xml" ContentType='
                                  b'"application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml"/></Types>', 1)
            zout.writestr(info, raw)
        zout.writestr("ppt/diagrams/data1.xml", data)


def test_smartart_on_a_slide_is_a_nested_list_and_the_layouts_words_are_reported(tmp_path):
    path = tmp_path / "smartart.pptx"
    smartart_deck(path)
    result = read_deck(path)
    (slide,) = slides(result)
    (found,) = [b for b in slide.blocks if isinstance(b, List)]
    assert [plain_text(item.blocks[:1]) for item in found.items] == ["Collect", "Review"]
    (nested,) = found.items[0].blocks[1:]
    assert [plain_text(item.blocks) for item in nested.items] == ["Tag"]
    assert result.codes()["pptx.smartart-as-text"] == 1
    (dropped,) = result.reporter.matching("pptx.smartart-text-dropped")
    assert dropped.quotes == ["Drawn arrow label"] and dropped.locators[0].slide == 1
