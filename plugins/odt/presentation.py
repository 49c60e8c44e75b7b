"""The ODP reader: each ``draw:page`` a slide Container, streamed as content.xml is read.

A slide's heading is its title frame (``presentation:class="title"``), ``Slide N`` when it has
none; its frames follow in reading order (rows by top, then left, as in the PowerPoint reader),
then its speaker notes. ODF positions are absolute even inside a group, so no transform applies.
A slide is hidden by its drawing-page style (``presentation:visibility="hidden"``). A slide's
comments (``office:annotation`` children of the page) are pinned to a point of the slide, not to
text: their references go at the end of its title, else of its first text block.
"""

from __future__ import annotations

from collections.abc import Iterator

import lxml.etree

from zenconv.context import ReadContext, Source
from zenconv.ir import Container, Heading, HiddenFacet, LayoutFacet, Locator, NoteRef, Paragraph, Text, walk
from zenconv.reports import Unreadable

from .blocks import BlockReader
from .dropped import comment_text, text_of
from .masters import MasterText, is_declaration
from .names import ANIM, DRAW, OFFICE, PRESENTATION, STYLE, SVG, TEXT
from .package import OdfPackage
from .state import State
from .styles import Styles, length_emu, page_layout

_EMU_PER_POINT = 12_700
_TEXT_SHAPES = {f"{DRAW}{n}" for n in ("custom-shape", "rect", "ellipse", "circle", "polygon", "path", "regular-polygon",
                                        "caption")}


def read(source: Source, ctx: ReadContext) -> Iterator:
    ctx.library = f"lxml/{lxml.etree.__version__}"
    pkg = OdfPackage(source, ctx)
    pkg.metadata(ctx.metadata)
    styles = Styles()
    styles_root = pkg.xml("styles.xml")
    if styles_root is not None:
        styles.load(styles_root.find(f"{OFFICE}styles"), automatic=False)
        styles.load(styles_root.find(f"{OFFICE}automatic-styles"), automatic=True)
    width, height, _ = page_layout(styles_root)
    masters = MasterText(styles_root, ctx)
    size = LayoutFacet("slide", width, height) if width or height else None
    events = pkg.events("content.xml")
    if events is None:
        raise Unreadable("odp.wrong-document-type", "the package has no content.xml")
    state = State(ctx, pkg, styles)
    reader = BlockReader(state)
    hidden_styles: set[str] = set()
    depth, number, seen = 0, 0, False
    for event, el in events:
        if event == "start":
            depth += 1
            if depth == 3 and el.getparent() is not None and el.getparent().tag == f"{OFFICE}body":
                if el.tag != f"{OFFICE}presentation":
                    raise Unreadable("odp.wrong-document-type", f"the body is {el.tag.rsplit('}', 1)[-1]}, not a presentation")
                seen = True
            continue
        ended, depth = depth, depth - 1
        if ended == 2 and el.tag == f"{OFFICE}automatic-styles":
            styles.load(el, automatic=True)
            hidden_styles = _hidden_page_styles(el)
            masters.styles(el)
            continue
        if ended == 4 and is_declaration(el):
            masters.declare(el)
            continue
        if ended != 4 or el.tag != f"{DRAW}page":
            continue
        ctx.checkpoint()
        number += 1
        hidden = el.get(f"{DRAW}style-name") in hidden_styles
        if hidden and ctx.options["hidden"] == "skip":
            ctx.report("odp.hidden-slide-skipped", Locator(slide=number), text=text_of(el))
        else:
            yield _slide(el, number, hidden, size, reader, masters.slide(el, number))
        el.clear(keep_tail=True)
        while el.getprevious() is not None:
            del el.getparent()[0]
    if not seen:
        raise Unreadable("odp.wrong-document-type", "content.xml has no office:presentation body")
    masters.finish()
    reader.annotations.finish()


def _slide(page, number: int, hidden: bool, size, reader: BlockReader, furniture: list) -> Container:
    state = reader.s
    shapes = _flatten(page)
    title_el = next((s for s in shapes if s.get(f"{PRESENTATION}class") == "title" and "".join(s.itertext()).strip()),
                    None)
    title = " ".join("".join(title_el.itertext()).split()) if title_el is not None else None
    state.base = Locator(slide=number, slide_title=title)
    blocks: list = [Heading(1, [Text(title or f"Slide {number}")], locator=state.base)]
    for shape in _reading_order(shapes):
        if shape is not title_el:
            blocks.extend(_shape_blocks(shape, reader))
    refs = _comment_refs(page, reader)
    if refs:
        anchor = blocks[0] if title_el is not None else next(
            (b for b in walk(blocks[1:]) if isinstance(b, (Paragraph, Heading))), None)
        if anchor is not None:  # else the notes are carried unreferenced
            anchor.children.extend(refs)
    blocks.extend(furniture)  # the master's text and declarations: drawn behind the slide's shapes
    if next(page.iter(f"{ANIM}par", f"{ANIM}seq", f"{ANIM}animate"), None) is not None:
        state.ctx.report("odp.animations-dropped", state.base)
    notes = page.find(f"{PRESENTATION}notes")
    if notes is not None:
        note_blocks = []
        for frame in notes.iterfind(f"{DRAW}frame"):
            if frame.get(f"{PRESENTATION}class") == "notes":
                note_blocks.extend(reader.children(frame.find(f"{DRAW}text-box")))
        if note_blocks:
            blocks.append(Container(note_blocks, class_="notes", locator=state.base))
    facets = tuple(f for f in (size, HiddenFacet("hidden-slide") if hidden else None) if f is not None)
    return Container(blocks, class_="slide", facets=facets, locator=state.base)


def _comment_refs(page, reader: BlockReader) -> list:
    """A reference for each of the slide's comment threads (a reply joins its parent's thread)."""
    annotations, refs = reader.annotations, []
    for el in page.iterfind(f"{OFFICE}annotation"):
        if not annotations.keep:
            reader.s.report("annotations-dropped", text=comment_text(el))
            continue
        note_id = annotations.read(el, ranged=False)
        if note_id is not None:
            refs.append(NoteRef(note_id))
    return refs


def _shape_blocks(shape, reader: BlockReader) -> list:
    """A slide's text frames and shapes are its content, not boxes inside a paragraph: their text is
    read as blocks, and everything else (images, tables, charts) as the frame reader reads it."""
    box = shape.find(f"{DRAW}text-box") if shape.tag == f"{DRAW}frame" else None
    if box is not None:
        return reader.children(box)
    if shape.tag in _TEXT_SHAPES and shape.find(f"{TEXT}p") is not None:
        return reader.children_of([c for c in shape if c.tag in (f"{TEXT}p", f"{TEXT}h", f"{TEXT}list")])
    return reader.frames.as_blocks(shape)


def _flatten(page) -> list:
    """The page's shapes in document order, groups opened; notes and animations are not shapes."""
    out = []
    for child in page:
        if not isinstance(child.tag, str) or not child.tag.startswith(DRAW):
            continue
        if child.tag == f"{DRAW}g":
            out.extend(_flatten(child))
        else:
            out.append(child)
    return out


def _reading_order(shapes: list) -> list:
    keyed = []
    for order, shape in enumerate(shapes):
        x, y = length_emu(shape.get(f"{SVG}x")), length_emu(shape.get(f"{SVG}y"))
        key = (float(round(y / _EMU_PER_POINT)), x / _EMU_PER_POINT if x is not None else 0.0, order) \
            if y is not None else (-1.0, -1.0, order)
        keyed.append((key, shape))
    keyed.sort(key=lambda k: k[0])
    return [shape for _, shape in keyed]


def _hidden_page_styles(automatic) -> set[str]:
    hidden = set()
    for style in automatic.iterfind(f"{STYLE}style"):
        if style.get(f"{STYLE}family") != "drawing-page":
            continue
        props = style.find(f"{STYLE}drawing-page-properties")
        if props is not None and props.get(f"{PRESENTATION}visibility") == "hidden":
            hidden.add(style.get(f"{STYLE}name"))
    return hidden
