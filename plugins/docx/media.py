"""Drawings, VML pictures and embedded objects: images into the resource store, text boxes found.

An image's bytes come from the part its relationship names, registered (and digested) once however
often it is shown. A link outside the package (``r:link``, ``TargetMode="External"``) is never
opened or fetched: it is reported with its target, and no image node points at it, so no writer can
make a reader's browser fetch it either.
"""

from __future__ import annotations

import posixpath

from zenconv.ir.nodes import Image
from zenconv.ir.resources import MEDIA_TYPES

from . import external
from .namespaces import A, MC, O, PIC, R, V, W, WP
from .state import DocxState

# SmartArt's data relationship (dgm:relIds): named here, as the SmartArt modules load at the first diagram
RELIDS = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}relIds"

_BLIP = A + "blip"
_TXBX = W + "txbxContent"
_IMAGEDATA = V + "imagedata"
_DOCPR = WP + "docPr"
_CNVPR = PIC + "cNvPr"
_GRAPHIC_DATA = A + "graphicData"
_FALLBACK = MC + "Fallback"
_CHARTS = ("{http://schemas.openxmlformats.org/drawingml/2006/chart}chart",
           "{http://schemas.microsoft.com/office/drawing/2014/chartex}chart")   # classic and chartEx

# graphicData kinds whose content lives in other parts: reported when none of it could be read (a chart or
# SmartArt without its part, ink)
_OBJECT_URIS = ("chart", "diagram", "ink", "chartex")


class Drawings:
    def __init__(self, st: DocxState) -> None:
        self.st = st

    def drawing(self, el) -> tuple[list[Image], list, list[str], list[str]]:
        """The images, the w:txbxContent elements, the chart relationship ids and the SmartArt data
        relationship ids of a w:drawing (or a w:pict, w:object)."""
        images: list[Image] = []
        charts = [c.get(R + "id") for c in el.iter(*_CHARTS) if c.get(R + "id") and not _under_fallback(c, el)]
        diagrams = [d.get(R + "dm") for d in el.iter(RELIDS) if d.get(R + "dm") and not _under_fallback(d, el)]
        boxes = [box for box in el.iter(_TXBX) if not _under_fallback(box, el)]
        alt = _alt(el)
        external.drawing(self.st, el)
        for blip in el.iter(_BLIP):
            if _under_fallback(blip, el):
                continue
            rid = blip.get(R + "embed")
            link = blip.get(R + "link")
            image = self._image(rid, link, _own_alt(blip) or alt)
            if image is not None:
                images.append(image)
        for data in el.iter(_IMAGEDATA):
            if _under_fallback(data, el):
                continue
            rid = data.get(R + "id") or data.get(O + "relid")
            image = self._image(rid, data.get(R + "href"), data.get(O + "title") or alt)
            if image is not None:
                images.append(image)
        if not images and not boxes and not charts and not diagrams:
            graphic = next(el.iter(_GRAPHIC_DATA), None)
            uri = (graphic.get("uri") or "") if graphic is not None else ""
            if any(uri.rstrip("/").endswith(kind) for kind in _OBJECT_URIS):
                self.st.report("docx.embedded-objects-dropped", detail=uri.rsplit("/", 1)[-1])
        return images, boxes, charts, diagrams

    def _image(self, rid: str | None, link: str | None, alt: str) -> Image | None:
        st = self.st
        rel = st.rels.get(rid) if rid else None
        if rel is None and link:
            rel = st.rels.get(link)
            rid = link
        if rel is not None:
            st.used_rels.add((st.part, rid))
        if rel is None:
            if rid or link:
                st.report("docx.media-limit", detail=f"no relationship {rid or link}")
            return None
        if rel.external:
            st.report("docx.external-image-not-fetched", detail=rel.target[:200])
            return None
        if rel.target in st.media:
            name = st.media[rel.target]
        else:
            name = None
            if rel.target and st.package.has(rel.target):
                data = st.package.read_raw(rel.target)
                ext = posixpath.splitext(rel.target)[1].lower()
                name = st.ctx.resources.add(data, posixpath.basename(rel.target), MEDIA_TYPES.get(ext),
                                            origin=rel.target)
            st.media[rel.target] = name
        if name is None:
            st.report("docx.media-limit", detail=rel.target)
            return None
        return Image(source=name, alt=alt)


def _alt(el) -> str:
    for pr in el.iter(_DOCPR):
        return (pr.get("descr") or pr.get("title") or "").strip()
    for shape in el.iter(V + "shape", V + "rect", V + "roundrect", V + "oval"):
        text = shape.get("alt")
        if text:
            return text.strip()
    return ""


def _own_alt(blip) -> str:
    """A picture's own description in a group (pic:nvPicPr/pic:cNvPr), else nothing."""
    pic = blip.getparent()
    while pic is not None and pic.tag != PIC + "pic":
        pic = pic.getparent()
    if pic is None:
        return ""
    pr = next(pic.iter(_CNVPR), None)
    return ((pr.get("descr") or pr.get("title") or "") if pr is not None else "").strip()


def _under_fallback(node, top) -> bool:
    """Inside an mc:Fallback: the same content again for older readers, read once through the Choice."""
    parent = node.getparent()
    while parent is not None and parent is not top:
        if parent.tag == _FALLBACK:
            return True
        parent = parent.getparent()
    return False
