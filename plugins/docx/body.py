"""Block-level WordprocessingML: paragraphs to headings, list items, code, math and paragraphs;
content controls to containers; text boxes; section properties.

The same reader serves the body, table cells, text boxes and notes: :meth:`BlockReader.blocks_of`
reads any block container into a list of blocks, and the streaming body loop feeds body-level
elements one by one through :meth:`BlockReader.block`.
"""

from __future__ import annotations


from zenconv.ir.facets import HiddenFacet, RevisionFacet, StyleFacet
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Container, Heading, HardBreak, ListItem, MathBlock, Paragraph, Text

from .glossary import has_text
from .inlines import HIDDEN_KEY, build, strip_key
from .lists import ListAssembler
from .numbering import Item, report_label
from .namespaces import M, MC, R, W
from .revisions import CHANGES, FORMAT_CHANGES, INSERTED, formatting_change, formatting_changes, kept
from .runs import RunReader, control_tag
from .state import DocxState, Joined
from zenconv.patterns import pattern

_P, _PPR, _TBL, _SDT = W + "p", W + "pPr", W + "tbl", W + "sdt"
_R, _T = W + "r", W + "t"
_VAL = W + "val"
_PSTYLE, _NUMPR, _NUMID, _ILVL, _OUTLINE = W + "pStyle", W + "numPr", W + "numId", W + "ilvl", W + "outlineLvl"
_SECTPR, _RPR, _PAGE_BREAK_BEFORE = W + "sectPr", W + "rPr", W + "pageBreakBefore"
_AUTHOR, _DATE = W + "author", W + "date"
# what ends a paragraph's wait to join the next: any block that is not a paragraph (markers are not blocks)
_JOIN_ENDS = frozenset((_TBL, _SDT, W + "altChunk", M + "oMathPara"))
_OFF = ("0", "false", "off", "none")
# what makes an all-monospace paragraph read as code rather than prose set in a typewriter face
_CODE_SIGNS = pattern(r"[(){}\[\];=<>#*/\\|$]|^\s")
_SILENT_BLOCKS = frozenset((
    W + "bookmarkEnd", W + "proofErr", W + "permStart", W + "permEnd", W + "tcPr",
    W + "sdtEndPr", W + "customXmlPr", W + "moveFromRangeStart", W + "moveFromRangeEnd", W + "moveToRangeStart",
    W + "moveToRangeEnd", W + "customXmlInsRangeStart", W + "customXmlInsRangeEnd", W + "customXmlDelRangeStart",
    W + "customXmlDelRangeEnd",
))


# a paragraph opened by a checkbox and not otherwise numbered: an item of a task list
TASK_ITEM = Item("task", 0, False, 1, "", False)


class BlockReader:
    def __init__(self, st: DocxState) -> None:
        self.st = st
        self.runs = RunReader(st)
        # style id (or None) -> (heading level, numbering) of a paragraph with that style and nothing of its own
        self._styled: dict[str, tuple] = {}
        self._style_facets: dict[str, StyleFacet] = {}   # style id -> its facet: one per style, shared
        from .tables import TableReader   # tables read cells through this reader

        self.tables = TableReader(self)

    # --- containers ----------------------------------------------------------------------------

    def blocks_of(self, el) -> list:
        st = self.st
        saved, st.joined = st.joined, None   # a paragraph joins the next of its own container only
        lists = ListAssembler()
        for child in el:
            self.block(child, lists)
        self.flush_joined(lists)
        st.joined = saved
        return lists.finish()

    def plain_cell(self, p) -> str | None:
        """The text of a table cell whose only block is ``p``, when that is a paragraph of one run of plain
        text, or empty (most cells are one or the other): trimmed, "" for none, read as paragraph() reads it
        but without its walk and the objects it makes on the way (``cell_blocks`` makes the blocks, when a
        merged cell needs them). None for any other block, or while a field, a comment range or a
        block-level revision is open around it: blocks_of reads those."""
        st = self.st
        if p.tag != _P or st.fields or st.block_revisions or st.comments.open_keys:
            return None
        count = len(p)
        text = None
        if count:
            if count != 1:
                return None
            r = p[0]
            if r.tag != _R or len(r) != 1:
                return None
            t = r[0]
            if t.tag != _T:
                return None
            text = t.text
        # what paragraph() and RunReader.read would have done with it
        if st.counting:
            st.paragraph += 1
        self.runs.keys = ()
        if not text:
            return ""
        if st.break_pending:   # the text confirms nothing: an explicit break is no longer waiting
            st.break_pending = False
        return text.strip()   # _trim, of the one Text

    def cell_blocks(self, text: str) -> list:
        """The blocks blocks_of gives for a cell plain_cell has just read: its paragraph, if it has text."""
        return [Paragraph([Text(text)], facets=(), locator=self._locator(self.st.page))] if text else []

    def block(self, el, out: ListAssembler) -> None:
        tag = el.tag
        st = self.st
        if tag == _P:
            self.paragraph(el, out)
            return
        if st.joined is not None and tag in _JOIN_ENDS:
            self.flush_joined(out)
        if tag == _TBL:
            for block in self.tables.read_blocks(el):
                out.block(block)
        elif tag == _SDT:
            self.control(el, out)
        elif tag in _SILENT_BLOCKS or not isinstance(tag, str):
            return
        elif tag == W + "sectPr":
            self.section(el)
        elif tag == W + "bookmarkStart":
            st.bookmarks.met(st, el.get(W + "name"))
        elif tag == W + "commentRangeStart":
            # only reported with --comments drop: a block-level mark cannot hold a reference
            st.comments.mark(st, el)
        elif tag == W + "commentRangeEnd":
            st.comments.close(el)   # the range ends between paragraphs: a reference cannot sit here
        elif tag in (W + "customXml", W + "smartTag"):
            for child in el:
                self.block(child, out)
        elif tag in (W + "ins", W + "moveTo", W + "del", W + "moveFrom"):
            self._block_revision(el, out)
        elif tag == M + "oMathPara":
            for latex in self.runs.math.paragraph(el):
                out.block(MathBlock(latex, locator=st.here()))
            self.runs._math_report()
        elif tag == MC + "AlternateContent":
            choice = el.find(MC + "Choice")
            for child in choice if choice is not None else ():
                self.block(child, out)
        elif tag == W + "altChunk":
            from .embedded import alt_chunk   # imported at the first: most documents hold none

            blocks = alt_chunk(st, el)
            if blocks is None:
                st.report("docx.embedded-objects-dropped", detail="altChunk " + (el.get(R + "id") or ""))
            else:
                st.report("docx.alt-chunk-read", detail=el.get(R + "id") or None)
                for block in blocks:
                    out.block(block)
        else:
            st.report("docx.unhandled-construct", detail=tag.rsplit("}", 1)[-1])
            for child in el:
                self.block(child, out)

    def _block_revision(self, el, out: ListAssembler) -> None:
        """Paragraphs and tables wrapped whole in a revision: kept or dropped like a run-level one; kept,
        each paragraph carries the revision's facet (and its content the revision's span under ``all``)."""
        st = self.st
        change = CHANGES[el.tag]
        facet = RevisionFacet(change=change, author=el.get(W + "author"), date=el.get(W + "date"))
        if not kept(st, change, facet.author, el):
            return
        deleted = change not in INSERTED
        saved = st.block_revisions
        st.block_revisions = (*saved, facet)
        self.runs.deleted += deleted   # deleted text (w:delText) is text inside kept deleted content
        for child in el:
            self.block(child, out)
        self.runs.deleted -= deleted
        st.block_revisions = saved

    def flush_joined(self, out: ListAssembler) -> None:
        """A paragraph waiting to join the next, when no paragraph follows in its container: it stands alone."""
        joined, self.st.joined = self.st.joined, None
        if joined is not None:
            inlines = build(joined.segments)
            if _has_text(inlines):
                out.block(Paragraph(_trim(inlines), facets=tuple(joined.facets), locator=joined.locator))

    def control(self, sdt, out: ListAssembler) -> None:
        st = self.st
        content = sdt.find(W + "sdtContent")
        shown = st.glossary.placeholder(sdt.find(W + "sdtPr"), content is None or not has_text(content))
        if shown is None and content is None:
            return
        locator = Locator(paragraph=st.paragraph + 1 if st.counting else None,
                          rendered_page=st.page if st.paged else None)
        # showing a placeholder with no text of its own: Word displays the glossary entry
        blocks = self.blocks_of(content) if shown is None else st.glossary.read(st, shown, self.blocks_of)
        if blocks:
            out.block(Container(blocks, class_=control_tag(sdt), locator=locator))

    def section(self, sect) -> None:
        """A w:sectPr: counted as dropped; the header and footer parts it names are remembered (what is not
        carried as furniture is reported dropped)."""
        st = self.st
        st.report("docx.section-properties-dropped")
        if st.in_body and st.counting:
            st.section_ends.append(st.paragraph)  # the paragraph holding it is its section's last
        formatting_changes(st, sect)
        for ref in sect:
            kind = ref.tag
            if kind in (W + "headerReference", W + "footerReference"):
                rel = st.rels.get(ref.get(R + "id") or "")
                if rel is not None and not rel.external and rel.target:
                    st.header_parts.setdefault(rel.target, "header" if kind == W + "headerReference" else "footer")

    # --- paragraphs ----------------------------------------------------------------------------

    def paragraph(self, p, out: ListAssembler) -> None:
        st = self.st
        if st.counting:
            st.paragraph += 1
        style = num_id = ilvl = outline = None
        mark_facets: list = []
        joins = False   # the mark is removed under the mode: the paragraph opens the next one
        # the paragraph's properties, when it has any, are its first child: p[0] rather than a loop's first
        # step, which would make the second child's proxy too, only to drop it before the runs are read
        first = p[0] if len(p) else None
        if first is not None and first.tag == _PPR:
            for child in first:
                tag = child.tag
                if tag == _PSTYLE:
                    style = child.get(_VAL)
                elif tag == _NUMPR:
                    for part in child:
                        if part.tag == _NUMID:
                            num_id = part.get(_VAL)
                        elif part.tag == _ILVL:
                            ilvl = _int(part.get(_VAL))
                elif tag == _OUTLINE:
                    outline = _int(child.get(_VAL))
                elif tag == _SECTPR:
                    self.section(child)
                elif tag == _RPR:
                    # the paragraph mark itself inserted or deleted: the paragraph was split or joined
                    for mark in child:
                        change = CHANGES.get(mark.tag)
                        if change is not None:
                            author = mark.get(_AUTHOR)
                            mark_facets.append(RevisionFacet(change=change, author=author, date=mark.get(_DATE)))
                            if not kept(st, change, author):
                                joins = True
                        elif mark.tag in FORMAT_CHANGES:
                            formatting_change(st, mark)
                elif tag in FORMAT_CHANGES:
                    formatting_change(st, child)
                elif tag == _PAGE_BREAK_BEFORE and (child.get(_VAL) or "on").lower() not in _OFF:
                    st.explicit_break()
                    st.report("docx.page-breaks-dropped")
        content = self.runs.read(p)
        # _locator, inlined: a paragraph makes one
        locator = (Locator(None, None, content.first_page if st.paged else None, st.paragraph if st.counting else None)
                   if st.in_body else Locator(part=st.part))
        facets = list(content.revisions.values()) if content.revisions else []
        segments = content.segments
        joined = st.joined
        if joined is not None:
            st.joined = None
        if content.hidden and not content.visible and joined is None and not joins:
            # hidden whole: the paragraph is marked, not each run (a joined one keeps its runs' marks)
            segments = strip_key(segments, HIDDEN_KEY)
            facets.append(HiddenFacet(reason="vanish"))
        if st.block_revisions or mark_facets:
            changes = set(content.revisions)   # one facet a kind of change: the content's own come first
            for facet in (*st.block_revisions, *mark_facets):
                if facet.change not in changes:
                    changes.add(facet.change)
                    facets.append(facet)
        if joined is not None:
            # the paragraph before lost its mark: its content opens this one (Word keeps this one's
            # properties); a space keeps the last word of one from gluing to the first of the other
            last = joined.segments[-1][1] if joined.segments else " "
            first_leaf = segments[0][1] if segments else " "
            gap = [((), " ")] if not (type(last) is str and last[-1:].isspace()
                                      or type(first_leaf) is str and first_leaf[:1].isspace()) else []
            segments = [*joined.segments, *gap, *segments]
            facets = [*joined.facets, *(f for f in facets if f not in joined.facets)]
            locator = joined.locator
        if joins:
            st.joined = Joined(segments, facets, locator)
            self._anchored(content, out, locator)
            return

        if content.display_math and not content.text:
            for latex in content.display_math:
                out.block(MathBlock(latex, facets=tuple(facets), locator=locator))
            self._anchored(content, out, locator)
            return

        if outline is None and num_id is None and ilvl is None:
            # what the style alone makes of the paragraph (nothing, without one), most paragraphs: found once a style
            styled = self._styled.get(style)
            if styled is None:
                styled = self._styled[style] = self._reading(style, None, None, None)
            level, numbered = styled
        else:
            level, numbered = self._reading(style, outline, num_id, ilvl)
        if style is not None and level is None:
            st.style_ids.add(style)

        if level is not None:
            if outline is None and st.styles.is_title(style):
                st.title_seen = True
            elif st.title_seen:
                level += 1
            inlines = build(segments)
            if numbered is not None:
                item = st.numbering.advance(*numbered)
                report_label(st, item)
                if item.label:
                    # "2.1" rather than Word's "2.1.": a heading's text that starts "1. " reads as a list
                    # item wherever the heading markup is gone (segments, plain text, Markdown re-read)
                    inlines.insert(0, Text(item.label.rstrip(".") + " "))
            if content.text or _has_text(inlines):
                if level > 6:
                    st.report("docx.heading-level-clamped", detail=f"level {level}")
                    level = 6
                out.block(Heading(level, _trim(inlines), facets=tuple(facets), locator=locator))
        elif content.checkbox is not None and numbered is None:
            inlines = _trim(build(segments))
            node = ListItem([Paragraph(inlines)] if inlines else [], checked=content.checkbox,
                            facets=tuple(facets), locator=locator)
            out.item(TASK_ITEM, node)
        elif numbered is not None:
            item = st.numbering.advance(numbered[0], numbered[1])   # not *numbered: a call with a star costs twice
            inlines = build(segments)
            if content.text or _has_text(inlines):
                if item.unsupported is not None or item.cut:   # report_label's test, without its call
                    report_label(st, item)
                # positional, in the order of the fields: keywords cost a node's __init__ more, and lists are long
                node = ListItem([Paragraph(_trim(inlines))], content.checkbox, tuple(facets), locator, item.label)
                out.item(item, node)
        elif segments and (style is not None or content.code) and self._is_code(style, content):
            st.report("docx.monospace-as-code")
            out.code(_code_text(segments), facets=tuple(facets), locator=locator)
        else:
            inlines = build(segments)
            if content.code:
                st.report("docx.monospace-as-code")
            # text of its own says so at once; an image, an equation or a note mark alone is found by the walk
            if content.text or _has_text(inlines):
                if style is not None:
                    facet = self._style_facets.get(style)
                    if facet is None:
                        facet = self._style_facets[style] = StyleFacet(style_id=style, name=st.styles.name(style))
                    facets.insert(0, facet)
                out.block(Paragraph(_trim(inlines), facets=tuple(facets), locator=locator))
        if content.charts or content.diagrams or content.boxes:   # _anchored's test, without its call
            self._anchored(content, out, locator)

    def _reading(self, style, outline, num_id, ilvl) -> tuple[int | None, tuple[str, int] | None]:
        """(heading level, (numId, level) of its numbering) of a paragraph with this style, outline level and
        numbering of its own (each None where it has none)."""
        if outline is not None:
            level = outline + 1 if 0 <= outline <= 8 else None
        else:
            level = self.st.styles.heading_level(style) if style is not None else None
        # a paragraph with neither a style nor numbering of its own, most body text, is numbered by nothing
        numbered = self._numbering(style, num_id, ilvl) if style is not None or num_id is not None else None
        return level, numbered

    def _numbering(self, style, num_id, ilvl) -> tuple[str, int] | None:
        if num_id is None:
            from_style = self.st.styles.numbering(style)
            if from_style is None:
                return None
            num_id = from_style[0]
            if ilvl is None:
                ilvl = from_style[1]
        if num_id == "0" or not num_id:
            return None
        return num_id, ilvl or 0

    def _is_code(self, style, content) -> bool:
        if self.st.styles.is_code(style):
            return True
        if not (content.code and content.all_code):
            return False
        text = "".join(leaf.text for _, leaf in content.segments if hasattr(leaf, "text"))
        return bool(_CODE_SIGNS.search(text))

    def _anchored(self, content, out: ListAssembler, locator: Locator) -> None:
        """What a paragraph anchors: text boxes as containers, charts as tables of their data, SmartArt as
        the list of its nodes' text."""
        if not (content.charts or content.diagrams or content.boxes):
            return
        st = self.st
        if content.charts:
            from .charts import chart_table   # imported at the first chart: most documents hold none
        for rid in content.charts:
            table = chart_table(st, rid)
            if table is not None:
                out.block(table)
        if content.diagrams:
            from .smartart import smartart_list   # and at the first SmartArt diagram
        for rid in content.diagrams:
            found = smartart_list(st, rid)
            if found is not None:
                out.block(found)
        boxes = content.boxes
        for box in boxes:
            saved = st.counting, st.fields
            st.counting, st.fields = False, []
            blocks = self.blocks_of(box)
            st.counting, st.fields = saved
            st.report("docx.text-boxes-degraded")
            if blocks:
                out.block(Container(blocks, class_="text-box", locator=locator))

    def _locator(self, page: int | None) -> Locator:
        st = self.st
        if not st.in_body:
            return Locator(part=st.part)
        # positional, in the order of Locator's fields (page, page_label, rendered_page, paragraph): a locator a
        # paragraph, and keywords cost its __init__ a third more
        return Locator(None, None, page if st.paged else None, st.paragraph if st.counting else None)


def _code_text(segments) -> str:
    parts = []
    for _, leaf in segments:
        if type(leaf) is str:
            parts.append(leaf)
        elif isinstance(leaf, HardBreak):
            parts.append("\n")
        elif hasattr(leaf, "text"):
            parts.append(leaf.text)
    return "".join(parts)


def _has_text(inlines) -> bool:
    """Anything but whitespace and line breaks: text, an image, an equation, a note mark."""
    for node in inlines:
        if isinstance(node, Text):
            if node.text.strip():
                return True
        elif isinstance(node, HardBreak):
            continue
        elif not hasattr(node, "children") or _has_text(node.children):
            return True
    return False


def _trim(inlines: list) -> list:
    """Leading and trailing whitespace and line breaks of a block are layout, not content."""
    while inlines and isinstance(inlines[0], HardBreak):
        del inlines[0]
    while inlines and isinstance(inlines[-1], HardBreak):
        del inlines[-1]
    if inlines:
        first = inlines[0]
        if isinstance(first, Text):
            first.text = first.text.lstrip()
            if not first.text:
                del inlines[0]
    if inlines:
        last = inlines[-1]
        if isinstance(last, Text):
            last.text = last.text.rstrip()
            if not last.text:
                del inlines[-1]
    return inlines


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
