"""SmartArt in a Word document: the text of its data part's nodes, carried as a list nested as the diagram's
hierarchy (``zenconv_plugins.smartart``); the layout is lost.

A SmartArt drawing (``a:graphicData`` of the diagram URI) names its parts in ``dgm:relIds``: the data part
(``r:dm``, ``word/diagrams/dataN.xml``) holds the text and the points' parent-child connections; the
layout, style and colour parts and the cached drawing hold none of the document's own. The nodes become a
bulleted list after the anchoring paragraph, as PPTX carries it, reported ``docx.smartart-as-text``: the
words and their hierarchy are kept, the shapes and arrows are not. Transition and presentation points are
the layout's and rarely hold text; one that does is reported ``docx.embedded-objects-dropped`` with its
text.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import List

from ..smartart import DGM, diagram_list, read_diagram
from .state import DocxState

RELIDS = DGM + "relIds"   # media.py spells it out, not to import this module for every drawing


def smartart_list(st: DocxState, rid: str) -> List | None:
    """The list of the diagram data part ``rid`` names, reported; None (reported dropped, as before) when
    the part is missing or holds no text."""
    rel = st.rels.get(rid)
    target = rel.target if rel is not None and not rel.external else None
    diagram = read_diagram(st.package.parse(target) if target else None)
    if diagram.other:  # a transition or presentation point with text of its own (rare): never lost unsaid
        st.report("docx.embedded-objects-dropped",
                  detail=f"diagram {target}: text of {len(diagram.other)} points not nodes", text="\n".join(diagram.other))
    locator = Locator(paragraph=st.paragraph or None, rendered_page=st.page if st.paged else None) \
        if st.in_body else Locator(part=st.part)
    found = diagram_list(diagram, locator)
    if found is None:
        st.report("docx.embedded-objects-dropped", detail=f"diagram {target or rid}")
        return None
    st.report("docx.smartart-as-text", detail=target)
    return found
