"""SmartArt in a Word document: the text of its data part's nodes, carried as a list (the layout is lost).

A SmartArt drawing (``a:graphicData`` of the diagram URI) names its parts in ``dgm:relIds``: the data part
(``r:dm``, ``word/diagrams/dataN.xml``) holds the text, one ``dgm:pt`` per shape, in ``dgm:t`` as DrawingML
paragraphs; the layout, style and colour parts and the cached drawing hold none of the document's own. Each
``node`` point's text becomes an item of a flat bulleted list after the anchoring paragraph, as PPTX carries
it, reported ``docx.smartart-as-text``: the words are kept, the shape, arrows and hierarchy are not.
Transition and presentation points are the layout's and rarely hold text; one that does is reported
``docx.embedded-objects-dropped`` with its text.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import List, ListItem, Paragraph, Text

from .namespaces import A
from .state import DocxState

DGM_NS = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
DGM = "{%s}" % DGM_NS
RELIDS = DGM + "relIds"


def smartart_list(st: DocxState, rid: str) -> List | None:
    """The list of the diagram data part ``rid`` names, reported; None (reported dropped, as before) when
    the part is missing or holds no text."""
    rel = st.rels.get(rid)
    target = rel.target if rel is not None and not rel.external else None
    root = st.package.parse(target) if target else None
    texts, other = [], []
    for pt in root.iterfind(f"{DGM}ptLst/{DGM}pt") if root is not None else ():
        text = _text(pt)
        if text:
            (texts if pt.get("type", "node") == "node" else other).append(text)
    if other:  # a transition or presentation point with text of its own (rare): not shown as a node, never lost unsaid
        st.report("docx.embedded-objects-dropped", detail=f"diagram {target}: text of {len(other)} points not nodes",
                  text="\n".join(other))
    if not texts:
        st.report("docx.embedded-objects-dropped", detail=f"diagram {target or rid}")
        return None
    st.report("docx.smartart-as-text", detail=target)
    locator = Locator(paragraph=st.paragraph or None, rendered_page=st.page if st.paged else None) \
        if st.in_body else Locator(part=st.part)
    return List([ListItem([Paragraph([Text(text)], locator=locator)], locator=locator) for text in texts],
                ordered=False, locator=locator)


def _text(pt) -> str:
    """A point's words: its paragraphs' runs, a paragraph's end a space (a node is one line of the list)."""
    body = pt.find(DGM + "t")
    if body is None:
        return ""
    lines = ("".join(t.text or "" for t in p.iter(A + "t")) for p in body.iter(A + "p"))
    return " ".join(" ".join(lines).split())
