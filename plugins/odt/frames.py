"""draw: content: images into the resource store, text boxes and shapes as blocks, embedded objects.

A ``draw:frame`` may hold alternatives (a PDF and a PNG of one picture, an object and its
replacement image): the first image a browser can show is the picture, and an object we can read
(a chart, a formula) wins over its replacement image. Text boxes and shapes with text cannot stay
inside a paragraph, so their blocks are carried after the paragraph that anchors them.
"""

from __future__ import annotations

import base64
import binascii
import posixpath

from zenconv.ir import Image, Paragraph, Text

from .names import CHART, DRAW, MATH, OFFICE, SVG, TABLE, TEXT, XLINK
from .embedded import ole_object, sub_document
from .package import part_name
from .state import State

_SHOWN = {"image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/bmp", "image/tiff"}
_EXTENSIONS = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
               ".webp": "image/webp", ".svg": "image/svg+xml", ".bmp": "image/bmp", ".tif": "image/tiff",
               ".tiff": "image/tiff", ".wmf": "image/wmf", ".emf": "image/emf", ".svm": "image/x-svm"}
_SHAPES = {f"{DRAW}{n}" for n in ("custom-shape", "rect", "ellipse", "circle", "line", "polyline", "polygon", "path",
                                   "connector", "regular-polygon", "measure", "caption")}
_MAX_INLINE_IMAGE = 64 << 20


class FrameReader:
    def __init__(self, state: State, blocks) -> None:
        self.s = state
        self.blocks = blocks

    def inline(self, el) -> list:
        """What a draw: element inside a paragraph gives the paragraph (images, formula text); its
        other blocks go to ``state.deferred``, carried after the paragraph."""
        inlines, blocks = self.read(el)
        if blocks:
            self.s.deferred.extend(blocks)
        return inlines

    def as_blocks(self, el) -> list:
        """A draw: element standing alone (anchored to the page, on a slide): everything as blocks."""
        inlines, blocks = self.read(el)
        return ([Paragraph(inlines, locator=self.s.locator())] if inlines else []) + blocks

    def read(self, el) -> tuple[list, list]:
        tag = el.tag
        if tag == f"{DRAW}frame":
            return self.frame(el)
        if tag in (f"{DRAW}a", f"{DRAW}g"):
            inlines, blocks = [], []
            for child in el:
                if isinstance(child.tag, str) and child.tag.startswith(DRAW):
                    more, extra = self.read(child)
                    inlines.extend(more)
                    blocks.extend(extra)
            return inlines, blocks
        if tag in _SHAPES:
            return [], self.shape_text(el)
        if tag == f"{DRAW}control":
            return [], []  # a form control: its value lives in office:forms, which is not content
        self.s.report("unhandled-construct", detail=tag.rsplit("}", 1)[-1])
        return [], []

    def shape_text(self, el) -> list:
        paragraphs = [c for c in el if c.tag in (f"{TEXT}p", f"{TEXT}h", f"{TEXT}list")]
        blocks = self.blocks.children_of(paragraphs) if paragraphs else []
        if blocks:
            self.s.report("text-boxes-degraded")
        else:
            self.s.report("drawings-dropped")
        return blocks

    def frame(self, el) -> tuple[list, list]:
        alt = " ".join((el.findtext(f"{SVG}desc") or el.findtext(f"{SVG}title") or "").split())
        children = [c for c in el if isinstance(c.tag, str)]
        for child in children:
            if child.tag == f"{DRAW}object":
                handled = self.object(child)
                if handled is not None:
                    return handled
        blocks: list = []
        for child in children:
            if child.tag == f"{DRAW}text-box":
                blocks = self.blocks.children(child)
                self.s.report("text-boxes-degraded")
                return [], blocks
            if child.tag == f"{TABLE}table":
                return [], self.blocks.children_of([child])
        images = [c for c in children if c.tag == f"{DRAW}image"]
        if images:
            image = self.image(images, alt)
            return ([image] if image is not None else []), []
        for child in children:
            if child.tag == f"{DRAW}object-ole":
                link = ole_object(self.s, child)
                if link is not None:
                    return [link], []
            if child.tag in (f"{DRAW}object", f"{DRAW}object-ole", f"{DRAW}plugin", f"{DRAW}applet",
                             f"{DRAW}floating-frame"):
                self.s.report("embedded-object-dropped", detail=child.get(f"{XLINK}href"))
                return [], []
        return [], []

    # --- images ----------------------------------------------------------------------------------

    def image(self, candidates: list, alt: str):
        """The first candidate a browser can show, else the first readable one; None when none is."""
        readable = []
        external = []
        missing = False
        for el in candidates:
            href = (el.get(f"{XLINK}href") or "").strip()
            if href and ("://" in href or href.startswith(("/", "file:"))):
                external.append(href)
                continue
            data = self._bytes(el, href)
            if data is None:
                missing = True
                continue
            media = el.get(f"{DRAW}mime-type") or _EXTENSIONS.get(posixpath.splitext(href.lower())[1])
            readable.append((media in _SHOWN, data, href, media))
        if not readable:
            if external:
                # Never fetched: the reference is carried as the source states it, writers decide.
                self.s.report("external-image-not-fetched", detail=external[0][:120])
                return Image(external[0], alt)
            if missing:
                self.s.report("image-missing", detail=alt or None)
            return None
        readable.sort(key=lambda r: not r[0])  # stable: the source's order among equals
        _, data, href, media = readable[0]
        hint = posixpath.basename(href) if href else "image"
        name = self.s.ctx.resources.add(data, hint, media if media in _SHOWN else None, origin=href or None)
        if name is None:
            self.s.report("media-limit", detail=href or None)
            return Text(alt) if alt else None
        return Image(name, alt)

    def _bytes(self, el, href: str) -> bytes | None:
        if href:
            return self.s.pkg.read(part_name(href))
        inline = el.find(f"{OFFICE}binary-data")
        if inline is None or not inline.text or len(inline.text) > _MAX_INLINE_IMAGE:
            return None
        try:
            return base64.b64decode("".join(inline.text.split()), validate=False)
        except (binascii.Error, ValueError):
            return None

    # --- embedded objects ------------------------------------------------------------------------

    def object(self, el) -> tuple[list, list] | None:
        """A chart as its data table, a formula as its text, a text, spreadsheet or presentation as a
        child conversion (``embedded.py``) linked here; None for any other object."""
        href = part_name(el.get(f"{XLINK}href") or "")
        root = self.s.pkg.xml(posixpath.join(href, "content.xml")) if href else None
        if root is None:
            return None
        if root.tag == f"{MATH}math":
            return self.formula(root)
        body = root.find(f"{OFFICE}body")
        chart = body.find(f"{OFFICE}chart/{CHART}chart") if body is not None else None
        if chart is not None:
            return [], self.chart(chart)
        formula = body.find(f"{OFFICE}formula/{MATH}math") if body is not None else None
        if formula is not None:
            return self.formula(formula)
        link = sub_document(self.s, href, root)
        return ([link], []) if link is not None else None

    def formula(self, math) -> tuple[list, list]:
        annotation = next((a for a in math.iter(f"{MATH}annotation") if a.text), None)
        if annotation is not None:
            text = " ".join(annotation.text.split())
        else:
            text = " ".join(" ".join(t for t in math.itertext()).split())
        if not text:
            return [], []
        self.s.report("math-as-text")
        return [Text(text)], []

    def chart(self, chart) -> list:
        table_el = chart.find(f"{TABLE}table")
        if table_el is None:
            self.s.report("embedded-object-dropped", detail="chart without data")
            return []
        title = " ".join("".join(chart.find(f"{CHART}title").itertext()).split()) \
            if chart.find(f"{CHART}title") is not None else ""
        kind = (chart.get(f"{CHART}class") or "chart:chart").split(":")[-1]
        self.s.report("chart-as-table", detail=kind)
        tables = self.blocks.children_of([table_el])
        for table in tables:
            table.caption = [Text(title or f"{kind[:1].upper()}{kind[1:]} chart")]
        return tables
