"""One slide to one Container: its title as the heading, its shapes in reading order, then its notes."""

from __future__ import annotations

import posixpath

from zenconv.family import reference
from zenconv.ir import Container, FurnitureFacet, HiddenFacet, Heading, Image, LayoutFacet, List, ListItem, Locator, Paragraph, Text
from zenconv_plugins.charts import CHART_URIS, CHART_VALUES, MAX_CELLS, chart_table, read_chart
from zenconv_plugins.smartart import diagram_list, read_diagram
from zenconv.safe.ole import embedded_file
from zenconv_plugins.targets import detail

from . import geometry as geo
from .comments import place
from .package import NS, R_EMBED, R_ID, R_LINK, child, descend
from .tables import read_table
from .text import ListStyles, TextReader, blocks_of
from zenconv.records import dataclass

_P = f"{{{NS['p']}}}"
_A = f"{{{NS['a']}}}"
_MC = f"{{{NS['mc']}}}"
_DGM = f"{{{NS['dgm']}}}"

_TABLE_URI = "http://schemas.openxmlformats.org/drawingml/2006/table"
_DIAGRAM_URI = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
_OLE_URI = "http://schemas.openxmlformats.org/presentationml/2006/ole"
_SHAPES = {f"{_P}{n}" for n in ("sp", "pic", "graphicFrame", "grpSp", "cxnSp", "contentPart")}
_MEDIA = {f"{_A}{n}" for n in ("videoFile", "audioFile", "quickTimeFile", "wavAudioFile", "audioCd")}
_P14_MEDIA = "{http://schemas.microsoft.com/office/powerpoint/2010/main}media"
# What of a layout's or master's own shapes a slide shows as text; its pictures (a logo, a backdrop)
# are decoration, its placeholders shown only through the slide's.
_TEMPLATE_SHAPES = (f"{_P}sp", f"{_P}graphicFrame")
_FURNITURE_ROLES = {"sldNum": "slide-number", "dt": "date", "ftr": "footer", "hdr": "header"}
_CSLD, _SPTREE, _TXBODY, _LSTSTYLE, _TXSTYLES = f"{_P}cSld", f"{_P}spTree", f"{_P}txBody", f"{_A}lstStyle", f"{_P}txStyles"
_SP, _PIC, _FRAME, _GRPSP, _CXNSP = f"{_P}sp", f"{_P}pic", f"{_P}graphicFrame", f"{_P}grpSp", f"{_P}cxnSp"
_ALTERNATE, _GRPSPPR, _CNVPR = f"{_MC}AlternateContent", f"{_P}grpSpPr", f"{_P}cNvPr"
_NOT_SHAPES = (f"{_P}nvGrpSpPr", f"{_P}grpSpPr", f"{_P}extLst")
_AP, _T, _BR = f"{_A}p", f"{_A}t", f"{_A}br"


@dataclass(slots=True)
class Placed:
    """A shape flattened out of its groups, with the box it has on the slide and what it inherits."""

    el: object
    box: geo.Box | None
    ph: tuple[str, str | None] | None
    layout_sp: object = None
    master_sp: object = None
    owners: tuple[str, ...] = ()  # the cNvPr ids of the groups it sits in, outermost first


class SlideReader:
    def __init__(self, pkg, ctx, *, number: int, part: str, root, layout: geo.Template, master: geo.Template,
                 size: LayoutFacet | None, commentary=None) -> None:
        self.pkg, self.ctx = pkg, ctx
        self.number, self.part, self.root = number, part, root
        self.layout, self.master, self.size = layout, master, size
        self.commentary = commentary  # None under --comments drop
        self.tables = 0
        self.anchored: list[tuple[Placed, object]] = []  # each shape read into blocks, with its last block

    # --- the slide -----------------------------------------------------------------------------

    def read(self, hidden: bool, grid=None, shown: set[str] | None = None) -> Container:
        tree = descend(self.root, _CSLD, _SPTREE)
        placed = self.collect(tree, ()) if tree is not None else []
        title_shape = title = None
        for shape in placed:   # the first title placeholder with words: the slide's title
            if shape.ph is not None and shape.ph[0] in geo.TITLE_TYPES:
                title = _text_of(shape.el) or None
                if title is not None:
                    title_shape = shape
                    break
        self.locator = Locator(slide=self.number, slide_title=title)
        blocks: list = [Heading(1, [Text(title or f"Slide {self.number}")], locator=self.locator)]
        if title_shape is not None:
            self._anchor(title_shape, blocks)
        ordered = _reading_order(placed)
        if grid is not None:
            blocks.extend(grid(self, ordered, title_shape))
        else:
            text = self.text_reader()
            for shape in ordered:
                if shape is not title_shape:
                    blocks.extend(self.shape_blocks(shape, text))
        blocks.extend(self.backdrop(shown))
        self._report_extras()
        self.external(self.part, self.root)
        self.comments(blocks, title is not None)
        notes = self.notes()
        if notes:
            blocks.append(Container(notes, class_="notes", locator=self.locator))
        facets = tuple(f for f in (self.size, HiddenFacet("hidden-slide") if hidden else None) if f is not None)
        return Container(blocks, class_="slide", facets=facets, locator=self.locator)

    def text_reader(self) -> TextReader:
        return TextReader(self.ctx, self.pkg.rels(self.part), self.locator)

    def _part_reader(self, part: str, root, layout: geo.Template, master: geo.Template) -> SlideReader:
        """A reader of another part's shapes (a layout, a master, the notes page) into this slide: its
        pictures, links and charts resolve through that part's relationships, its blocks carry this
        slide's locator, its tables number on from this slide's (take them back with ``self.tables``)."""
        other = SlideReader(self.pkg, self.ctx, number=self.number, part=part, root=root, layout=layout,
                            master=master, size=None)
        other.locator = self.locator
        other.tables = self.tables
        return other

    def collect(self, tree, groups: tuple, owners: tuple = (), *, placed: bool = True) -> list[Placed]:
        """Every shape under ``tree`` in document order, groups flattened, boxes in slide space; not
        ``placed``, with its placeholder only (a notes page, read in its order, inherits nothing)."""
        out: list[Placed] = []
        for el in tree:
            tag = el.tag
            if tag == _ALTERNATE:
                out.extend(self.collect(_alternative(el), groups, owners, placed=placed))
            elif tag == _GRPSP:
                inner = geo.group_map(child(el, _GRPSPPR))
                out.extend(self.collect(el, groups + (inner,) if inner is not None else groups,
                                        owners + (_shape_id(el),), placed=placed))
            elif tag in _SHAPES:
                out.append(self._place(el, groups, owners) if placed else
                           Placed(el, None, geo.placeholder_of(el), owners=owners))
            elif isinstance(tag, str) and tag not in _NOT_SHAPES:
                out.append(Placed(el, None, None))
        return out

    def _place(self, el, groups: tuple, owners: tuple) -> Placed:
        box = geo.sp_box(el)
        ph = geo.placeholder_of(el)
        layout_sp = master_sp = None
        if ph is not None:
            layout_sp, master_sp = geo.inherited(ph, self.layout, self.master)
            if box is None and layout_sp is not None:
                box = self.layout.box(layout_sp)
            if box is None and master_sp is not None:
                box = self.master.box(master_sp)
        if box is not None:
            box = geo.through_groups(box, groups)
        return Placed(el, box, ph, layout_sp, master_sp, owners)

    # --- shapes --------------------------------------------------------------------------------

    def shape_blocks(self, shape: Placed, text: TextReader) -> list:
        blocks = self._blocks(shape, text)
        self._anchor(shape, blocks)
        return blocks

    def _anchor(self, shape: Placed, blocks: list) -> None:
        if blocks:
            self.anchored.append((shape, blocks[-1]))

    def anchors(self) -> dict[str, object]:
        """A shape's (or its groups') cNvPr id → where a comment on it is referenced: after the shape's
        last block. Shapes are read in reading order, so a group's last shape with blocks is the group's
        anchor. Worked out only for a slide with comments."""
        found: dict[str, object] = {}
        for shape, block in self.anchored:
            for key in (_shape_id(shape.el), *shape.owners):
                found[key] = block
        return found

    def _blocks(self, shape: Placed, text: TextReader) -> list:
        el, tag = shape.el, shape.el.tag
        if tag == _SP:
            if shape.ph is not None and shape.ph[0] in geo.FOOTER_TYPES:
                return self.footer(shape, text)
            tx_body = child(el, _TXBODY)
            return blocks_of(text.paragraphs(tx_body, self.styles(shape, tx_body)), self.locator)
        if tag == _PIC:
            return self.picture(el)
        if tag == _FRAME:
            return self.frame(el, text)
        if tag == _CXNSP:
            return []  # a connector line: no text, nothing to carry
        self.ctx.report("pptx.unhandled-construct", self.locator, detail=_local(tag))
        words = _text_of(el)
        return [Paragraph([Text(words)], locator=self.locator)] if words else []

    def footer(self, shape: Placed, text: TextReader) -> list:
        """A footer, date, slide-number or header placeholder: page furniture (or, under --furniture
        drop, reported). A field in it (the slide number, the date) keeps the text PowerPoint last
        showed, and is reported: PowerPoint shows the current value."""
        el = shape.el
        words = _text_of(el)
        if not words:
            return []
        if self.ctx.options.get("furniture", "keep") != "keep":
            self.ctx.report("pptx.footer-placeholders-dropped", self.locator, text=words)
            return []
        fields = sum(1 for fld in el.iter(f"{_A}fld") if fld.findtext(f"{_A}t"))
        if fields:
            self.ctx.report("pptx.field-cached", self.locator, count=fields,
                            detail=", ".join(sorted({fld.get("type") or "field" for fld in el.iter(f"{_A}fld")}))[:80])
        tx_body = child(el, _TXBODY)
        blocks = blocks_of(text.paragraphs(tx_body, self.styles(shape, tx_body, "otherStyle")), self.locator)
        if not blocks:
            return []
        facet = FurnitureFacet(role=_FURNITURE_ROLES.get(shape.ph[0], "footer"))
        return [Container(blocks, class_="furniture", facets=(facet,), locator=self.locator)]

    def styles(self, shape: Placed, tx_body, role: str | None = None) -> ListStyles:
        """The list styles a shape's paragraphs inherit from, nearest first; ``tx_body`` is the shape's
        (first) text body, ``role`` names the master's text style when it is not the shape's own (a footer
        placeholder's is the master's other style, not the body's bullets)."""
        if role is None:
            role = "otherStyle"
            if shape.ph is not None:
                role = "titleStyle" if shape.ph[0] in geo.TITLE_TYPES else "bodyStyle"
        master = self.master.root
        key = (shape.layout_sp, shape.master_sp, master, role)
        inherited = self.pkg.list_styles.get(key)
        if inherited is None:
            chain = [descend(sp, _TXBODY, _LSTSTYLE) if sp is not None else None
                     for sp in (shape.layout_sp, shape.master_sp)]
            chain.append(descend(master, _TXSTYLES, f"{_P}{role}") if master is not None else None)
            inherited = self.pkg.list_styles[key] = ListStyles(tuple(chain))
        # descend(shape.el, _TXBODY, _LSTSTYLE), its first step already taken: a later text body is looked
        # in only when the first has no list style
        own = child(tx_body, _LSTSTYLE) if tx_body is not None else None
        if own is None and tx_body is not None:
            own = descend(shape.el, _TXBODY, _LSTSTYLE)
        # Most shapes' own list style is empty (<a:lstStyle/>) or missing: it states no level, the tail decides
        return ListStyles((own,), inherited) if own is not None and len(own) else inherited

    def picture(self, el) -> list:
        nv = el.find(f"{_P}nvPicPr")
        props = nv.find(f"{_P}cNvPr") if nv is not None else None
        alt = " ".join((props.get("descr") or "").split()) if props is not None else ""
        title = (props.get("title") or None) if props is not None else None
        nvpr = nv.find(f"{_P}nvPr") if nv is not None else None
        if nvpr is not None and (any(c.tag in _MEDIA for c in nvpr) or next(nvpr.iter(_P14_MEDIA), None) is not None):
            self.ctx.report("pptx.media-dropped", self.locator)
        blip = el.find(f"{_P}blipFill/{_A}blip")
        rel = None
        if blip is not None:
            rel = self.pkg.target(self.part, blip.get(R_EMBED)) or self.pkg.target(self.part, blip.get(R_LINK))
        if rel is not None and rel.external:
            # Never fetched: the reference is carried as the source states it, writers decide.
            self.ctx.report("pptx.external-image-not-fetched", self.locator, detail=rel.target[:120])
            return [Paragraph([Image(rel.target, alt, title)], locator=self.locator)]
        data = self.pkg.read(rel.target) if rel is not None else None
        if data is None:
            self.ctx.report("pptx.image-missing", self.locator, detail=rel.target if rel is not None else None)
            return []
        name = self.ctx.resources.add(data, posixpath.basename(rel.target), origin=rel.target)
        if name is None:
            self.ctx.report("pptx.media-limit", self.locator, detail=rel.target)
            return [Paragraph([Text(alt)], locator=self.locator)] if alt else []
        return [Paragraph([Image(name, alt, title)], locator=self.locator)]

    def frame(self, el, text: TextReader) -> list:
        data = el.find(f"{_A}graphic/{_A}graphicData")
        uri = data.get("uri") if data is not None else None
        if uri == _TABLE_URI and data.find(f"{_A}tbl") is not None:
            self.tables += 1
            locator = self.locator.with_(table=self.tables)
            other = self.master.root.find(f"{_P}txStyles/{_P}otherStyle") if self.master.root is not None else None
            return [read_table(data.find(f"{_A}tbl"), TextReader(self.ctx, text.rels, locator), locator, other)]
        if uri in CHART_URIS:
            return self.chart(data)
        if uri == _DIAGRAM_URI:
            return self.smartart(data)
        if uri == _OLE_URI:
            return self.ole_object(data)
        self.ctx.report("pptx.unhandled-construct", self.locator, detail=uri or "graphicFrame")
        return []

    def ole_object(self, data) -> list:
        """An embedded workbook or document: converted as a child conversion (``zenconv.family``) and
        linked where it sits; what cannot be is reported, as it always was."""
        ole = next(data.iter(f"{_P}oleObj"), None)
        rel = self.pkg.target(self.part, ole.get(R_ID)) if ole is not None else None
        raw = self.pkg.read(rel.target) if rel is not None and not rel.external else None
        if raw is None:
            self.ctx.report("pptx.ole-object-dropped", self.locator, detail=rel.target[:120] if rel else None)
            return []
        name, inner = embedded_file(rel.target, raw, self.ctx.options["max_part_bytes"])
        key = self.ctx.embed(inner, name, self.locator, origin=rel.target)
        if key is None:
            self.ctx.report("pptx.ole-object-dropped", self.locator, detail=rel.target)
            return []
        return [reference(key, name, self.locator)]

    def chart(self, data) -> list:
        """A classic or chartEx chart as the table of its cached values (``zenconv_plugins.charts``)."""
        ref = next((c for c in data if c.get(R_ID)), None)
        rel = self.pkg.target(self.part, ref.get(R_ID)) if ref is not None else None
        root = self.pkg.xml(rel.target) if rel is not None and not rel.external else None
        chart = read_chart(root, self.ctx.options.get(CHART_VALUES.key, MAX_CELLS)) if root is not None else None
        if chart is None:
            self.ctx.report("pptx.chart-unreadable", self.locator, detail=rel.target if rel is not None else None)
            return []
        self.ctx.report("pptx.chart-as-table", self.locator, detail=chart.type or None, text=chart.untold or None)
        if chart.cut:
            self.ctx.report("pptx.chart-truncated", self.locator, count=chart.cut)
        self.tables += 1
        return [chart_table(chart, self.locator.with_(table=self.tables))]

    def smartart(self, data) -> list:
        """SmartArt keeps its text in the data part's nodes: carried as a list nested as the diagram's
        hierarchy (``zenconv_plugins.smartart``), the layout lost; words of points that are not nodes
        reported with their text."""
        self.ctx.report("pptx.smartart-as-text", self.locator)
        ids = data.find(f"{_DGM}relIds")
        rel = self.pkg.target(self.part, ids.get(f"{{{NS['r']}}}dm")) if ids is not None else None
        diagram = read_diagram(self.pkg.xml(rel.target) if rel is not None and not rel.external else None)
        if diagram.other:
            self.ctx.report("pptx.smartart-text-dropped", self.locator, count=len(diagram.other),
                            detail=rel.target, text="\n".join(diagram.other))
        found = diagram_list(diagram, self.locator)
        return [found] if found is not None else []

    # --- what the layout and the master show ---------------------------------------------------

    def backdrop(self, shown: set[str] | None = None) -> list:
        """The text of the layout's and the master's own shapes, as they show on this slide: behind the
        slide's shapes, so after them, each part's in a furniture Container (role master, variant layout for
        a layout's), or under --furniture drop as before in a ``Container(class_="layout")`` or ``"master"``.
        Their placeholders are not theirs to show (a slide's placeholder inherits from them and shows
        its own text). A slide with ``showMasterSp="0"`` shows neither part's shapes; a layout with it,
        not the master's. The parts shown are added to ``shown``."""
        if _hides_master_shapes(self.root):
            return []
        out = []
        for template, class_ in ((self.layout, "layout"), (self.master, "master")):
            if template.root is None or template.part is None:
                continue
            if class_ == "master" and _hides_master_shapes(self.layout.root):
                break
            if shown is not None:
                shown.add(template.part)
            blocks = self._template_blocks(template)
            if blocks and self.ctx.options.get("furniture", "keep") == "keep":
                # what a layout or master shows on every slide is furniture: written once, apart from the slide's own
                facet = FurnitureFacet(role="master", variant=class_ if class_ == "layout" else None)
                out.append(Container(blocks, class_="furniture", facets=(facet,), locator=self.locator))
            elif blocks:
                out.append(Container(blocks, class_=class_, locator=self.locator))
        return out

    def _template_blocks(self, template: geo.Template) -> list:
        # Every slide on a layout shows the same shapes of it and of its master: placed (boxes, groups
        # flattened, in reading order) once per deck, read into blocks for each slide (its locator).
        key = (template.part, self.master.part)
        shapes = self.pkg.template_shapes.get(key)
        if shapes is not None and not shapes:
            return []   # a template with no shapes of its own to show, known from an earlier slide
        tree = descend(template.root, _CSLD, _SPTREE)
        if tree is None:
            return []
        reader = self._part_reader(template.part, template.root, geo.Template(None), self.master)
        text = reader.text_reader()
        blocks: list = []
        if shapes is None:
            shapes = self.pkg.template_shapes[key] = [
                shape for shape in _reading_order(reader.collect(tree, ()))
                if shape.ph is None and shape.el.tag in _TEMPLATE_SHAPES]
        for shape in shapes:
            blocks.extend(reader._blocks(shape, text))
        self.tables = reader.tables
        return blocks

    # --- around the shapes ---------------------------------------------------------------------

    def _report_extras(self) -> None:
        timing = child(self.root, f"{_P}timing")
        if timing is not None and next(timing.iter(f"{_P}par"), None) is not None:
            self.ctx.report("pptx.animations-dropped", self.locator)

    def external(self, part: str, root) -> None:
        """The relationships of ``part`` leaving the package that nothing carries, each reported with its
        target (never fetched): a linked OLE object or media file, a hover link, a shape's click link. A
        run's click link is carried as a link (or reported ``pptx.link-dropped``), a linked picture as
        its source (``pptx.external-image-not-fetched``)."""
        leaving = [(rid, rel) for rid, rel in self.pkg.rels(part).items() if rel.external]
        if not leaving:
            return   # most parts: nothing to look for in the tree
        carried = {el.get(R_ID) for el in root.iter(f"{_A}hlinkClick") if el.getparent().tag == f"{_A}rPr"}
        carried |= {blip.get(R_LINK) for pic in root.iter(f"{_P}pic") for blip in pic.iter(f"{_A}blip")}
        for rid, rel in leaving:
            if rid not in carried:
                self.ctx.report("pptx.external-reference-dropped", self.locator,
                                detail=detail(f"{rel.type}: {rel.target}"))

    def comments(self, blocks: list, titled: bool) -> None:
        """Review comments as notes referenced at their anchors, or, under --comments drop, counted."""
        if self.commentary is not None:
            threads = self.commentary.threads(self.part, self.locator)
            place(threads, self.ctx.notes, self.anchors() if threads else {}, blocks, titled)
            return
        for target in self.pkg.related(self.part, "comments"):
            root = self.pkg.xml(target)
            cms = [c for c in (root if root is not None else ()) if isinstance(c.tag, str) and c.tag.endswith("}cm")]
            if cms:
                self.ctx.report("pptx.comments-dropped", self.locator, count=len(cms),
                                text="\n".join("".join(c.itertext()) for c in cms))

    def notes(self) -> list:
        """The notes page as blocks, in its order: the body placeholder(s), and the shapes, tables and
        pictures put on the page besides (WordArt, a text box). The slide image is the slide itself; the
        page's header, footer, date and number placeholders are reported as the slide's are. The notes
        page's placeholders inherit nothing: their paragraphs are plain unless bulleted themselves."""
        targets = self.pkg.related(self.part, "notesSlide")
        root = self.pkg.xml(targets[0]) if targets else None
        tree = descend(root, _CSLD, _SPTREE) if root is not None else None
        if tree is None:
            return []
        reader = self._part_reader(targets[0], root, geo.Template(None), geo.Template(None))
        text = reader.text_reader()
        blocks: list = []
        for shape in reader.collect(tree, (), placed=False):
            if shape.ph is not None and shape.ph[0] == "sldImg":
                continue
            blocks.extend(reader._blocks(shape, text))
        self.tables = reader.tables
        self.external(targets[0], root)
        return blocks


def _hides_master_shapes(root) -> bool:
    """``showMasterSp="0"`` on a slide (or a layout): "hide background graphics"."""
    return root is not None and root.get("showMasterSp") in ("0", "false")


def _alternative(el):
    """The branch of ``mc:AlternateContent`` to read: the first Choice holding shapes we know, else the Fallback."""
    for choice in el.iterfind(f"{_MC}Choice"):
        if any(child.tag in _SHAPES for child in choice):
            return choice
    fallback = el.find(f"{_MC}Fallback")
    return fallback if fallback is not None else ()


def _reading_order(placed: list[Placed]) -> list[Placed]:
    """Rows by top, then left. A shape with no box anywhere keeps its place after the shape before it."""
    keyed = []
    previous = (-1.0, -1.0)
    for order, shape in enumerate(placed):
        if shape.box is not None:
            key = geo.reading_key(shape.box, order)
            previous = key[:2]
        else:
            key = (*previous, order)
        keyed.append((key, shape))
    keyed.sort(key=lambda k: k[0])
    return [shape for _, shape in keyed]


def _text_of(el) -> str:
    """The plain text of a shape: its paragraphs joined by spaces, white space collapsed."""
    if el is None:
        return ""
    texts = (" ".join("".join([" " if n.tag == _BR else n.text or "" for n in p.iter(_T, _BR)]).split())
             for p in el.iter(_AP))
    return " ".join([t for t in texts if t])


def _shape_id(el) -> str | None:
    for nv in el:   # el.find("*/p:cNvPr"), without ElementPath
        if isinstance(nv.tag, str):
            props = child(nv, _CNVPR)
            if props is not None:
                return props.get("id")
    return None


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else "node"
