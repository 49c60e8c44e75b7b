"""Paragraph content to segments: runs, hyperlinks, fields, revisions, controls, math, notes, media.

This is the hot path of the reader: one pass over a paragraph's children, a tag compared against
the common cases first, formatting kept as an int. Everything met and not carried is reported here,
at the paragraph's locator.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from zenconv.ir.facets import RevisionFacet
from zenconv.ir.nodes import Code, HardBreak, Math, NoteRef

from . import external, links
from .formatting import CODE, HIDDEN, UNDERLINE, rpr_masks
from .glossary import has_text
from .inlines import HIDDEN_KEY, format_keys, link_key, revision_key, span_key
from .media import Drawings
from .namespaces import M, MC, R, W, W14
from .revisions import INSERTED, formatting_changes, kept
from .state import DocxState, Field
from .symbols import symbol_text

_R, _T, _RPR, _PPR = W + "r", W + "t", W + "rPr", W + "pPr"
_TAB, _PTAB, _BR, _CR = W + "tab", W + "ptab", W + "br", W + "cr"
_LRPB = W + "lastRenderedPageBreak"
_HYPERLINK, _RID, _ANCHOR = W + "hyperlink", R + "id", W + "anchor"
_INS, _DEL, _MOVE_TO, _MOVE_FROM = W + "ins", W + "del", W + "moveTo", W + "moveFrom"
_DRAWING, _PICT, _OBJECT = W + "drawing", W + "pict", W + "object"
_FLDCHAR, _INSTR, _FLDSIMPLE = W + "fldChar", W + "instrText", W + "fldSimple"
_DELTEXT = W + "delText"
_SDT, _SDTPR, _SDTCONTENT = W + "sdt", W + "sdtPr", W + "sdtContent"
_OMATH, _OMATHPARA = M + "oMath", M + "oMathPara"
_ALT, _CHOICE = MC + "AlternateContent", MC + "Choice"
_VAL = W + "val"
_COMMENT_START, _COMMENT_END = W + "commentRangeStart", W + "commentRangeEnd"

# Markers that carry no content of their own: nothing to carry, nothing to report.
_SILENT = frozenset((
    _RPR, _PPR, W + "proofErr", W + "permStart", W + "permEnd", W + "bookmarkEnd",
    W + "footnoteRef", W + "endnoteRef", W + "separator", W + "continuationSeparator", W + "annotationRef",
    W + "delInstrText", W + "customXmlInsRangeStart", W + "customXmlInsRangeEnd", W + "customXmlDelRangeStart",
    W + "customXmlDelRangeEnd", W + "customXmlMoveFromRangeStart", W + "customXmlMoveFromRangeEnd",
    W + "customXmlMoveToRangeStart", W + "customXmlMoveToRangeEnd", W + "moveFromRangeStart", W + "moveFromRangeEnd",
    W + "moveToRangeStart", W + "moveToRangeEnd", W + "lastRenderedPageBreak", W + "noProof", W + "pgNum",
))
_CHANGES = {_INS: "insertion", _MOVE_TO: "move-to", _DEL: "deletion", _MOVE_FROM: "move-from"}
_TRANSPARENT = (W + "smartTag", W + "customXml", W + "dir", W + "bdo")   # read through to what they hold
_BOOKMARK_START = W + "bookmarkStart"
_NO_REVISIONS: Mapping = MappingProxyType({})


class Content:
    """What a paragraph's content came to: its segments, and what the paragraph needs to know of it."""

    # one a paragraph, so built by hand: a dataclass's __init__ with five default factories costs more
    __slots__ = ("segments", "display_math", "text", "hidden", "visible", "all_code", "code", "revisions", "boxes",
                 "charts", "diagrams", "first_page", "checkbox")

    def __init__(self) -> None:
        # what few paragraphs have (display math, tracked changes, drawings holding boxes, charts or diagrams)
        # starts as a shared empty tuple, or mapping, and is made anew when the first comes
        self.segments: list = []
        self.display_math: tuple[str, ...] = ()
        self.text = False               # content other than display math
        self.hidden = False             # some kept content is hidden text
        self.visible = False            # some content is not hidden
        self.all_code = True            # every text leaf is in a monospace font
        self.code = False               # some text leaf is in a monospace font
        self.revisions: Mapping[str, RevisionFacet] = _NO_REVISIONS
        self.boxes: tuple = ()
        self.charts: tuple[str, ...] = ()     # chart relationship ids, read after the paragraph
        self.diagrams: tuple[str, ...] = ()   # SmartArt data relationship ids, read after it too
        self.first_page: int | None = None
        self.checkbox: bool | None = None   # a checkbox control opens the paragraph: checked or not


class RunReader:
    def __init__(self, st: DocxState) -> None:
        self.st = st
        self._math = None
        self.drawings = Drawings(st)
        self.keys: tuple = ()
        self.out = Content()
        self.deleted = 0      # depth inside kept deleted content (delText is text there)
        self.in_link = 0      # inside a hyperlink: its underline is the link's look, not emphasis

    def read(self, p) -> Content:
        """The segments of a paragraph-like element (w:p, or the content of a run-level container)."""
        self.out = Content()
        # inside a block-level revision shown under --revisions all, the paragraph's content is marked as
        # a run-level revision's is
        self.keys = tuple(revision_key(f.change, f.author, f.date) for f in self.st.block_revisions
                          if self.st.revisions == "all") if self.st.block_revisions else ()
        self.children(p)
        fields = self.st.fields
        if fields and not fields[-1].result:
            # a field instruction does not cross a paragraph mark; one left open would hide the rest
            # of the document, so it ends here (results, such as a table of contents, may go on)
            while fields and not fields[-1].result:
                fields.pop()
            self.st.report("docx.unhandled-construct", detail="unterminated field instruction")
        out = self.out
        if out.first_page is None:
            out.first_page = self.st.page
        return out

    @property
    def math(self):
        """The OMML converter, made (and its module imported) at the first equation: most documents hold none."""
        if self._math is None:
            from .math import MathConverter

            self._math = MathConverter()
        return self._math

    # --- emitting ------------------------------------------------------------------------------

    def _leaf(self, keys: tuple, leaf, mask: int, text: bool = True) -> None:
        out = self.out
        st = self.st
        if out.first_page is None:
            out.first_page = st.page
        if st.break_pending:
            st.break_pending = False
        if mask & HIDDEN:
            out.hidden = True
        else:
            out.visible = True
        if text and (type(leaf) is not str or leaf.strip()):
            out.text = True
        out.segments.append((keys, leaf))

    # --- containers ----------------------------------------------------------------------------

    def children(self, el) -> None:
        for child in el:
            tag = child.tag
            if tag == _R:
                self.run(child)
            elif tag in _SILENT:
                continue
            elif tag == _HYPERLINK:
                self.hyperlink(child)
            elif tag in _CHANGES:
                self.revision(child, _CHANGES[tag])
            elif tag == _OMATH:
                self._leaf(self.keys, Math(self.math.convert(child)), 0)
                self._math_report()
            elif tag == _OMATHPARA:
                for latex in self.math.paragraph(child):
                    self.out.display_math += (latex,)
                    self._leaf(self.keys, Math(latex), 0, text=False)
                self._math_report()
            elif tag == _SDT:
                self.control(child)
            elif tag == _FLDSIMPLE:
                self.simple_field(child)
            elif tag in _TRANSPARENT:
                self.children(child)
            elif tag == _BOOKMARK_START:
                self.st.bookmarks.met(self.st, child.get(W + "name"))
            elif tag == _COMMENT_START or tag == _COMMENT_END:
                self._comment(child)
            elif tag == _ALT:
                choice = child.find(_CHOICE)
                if choice is not None:
                    self.children(choice)
            elif not isinstance(tag, str):
                continue  # comments and processing instructions in the XML
            else:
                self.st.report("docx.unhandled-construct", detail=_local(tag))
                self.children(child)

    def hyperlink(self, el) -> None:
        st = self.st
        target = rid = anchor = None
        # its attributes listed once rather than asked for by name twice: each get parses its namespaced key
        for key, value in el.items():
            if key == _RID:
                rid = value
            elif key == _ANCHOR:
                anchor = value
        if rid:
            rel = st.rels.get(rid)
            if rel is not None:
                target = rel.target
                st.used_rels.add((st.part, rid))
        if anchor:
            target = (target or "") + "#" + anchor
        if not target:
            self.children(el)
            return
        st.bookmarks.linked(st, target)
        saved = self.keys
        self.keys = saved + (link_key(target, st.next_serial()),)
        self.in_link += 1
        self.children(el)
        self.in_link -= 1
        self.keys = saved

    def revision(self, el, change: str) -> None:
        st = self.st
        facet = RevisionFacet(change=change, author=el.get(W + "author"), date=el.get(W + "date"))
        if change not in self.out.revisions:
            self.out.revisions = {**self.out.revisions, change: facet}
        inserted = change in INSERTED
        if not kept(st, change, facet.author, el):
            return
        if st.revisions == "all":
            saved = self.keys
            self.keys = saved + (revision_key(change, facet.author, facet.date),)
            self._kept(el, inserted)
            self.keys = saved
        else:
            self._kept(el, inserted)

    def _kept(self, el, inserted: bool) -> None:
        if inserted:
            self.children(el)
            return
        self.deleted += 1
        self.children(el)
        self.deleted -= 1

    def control(self, sdt) -> None:
        content = sdt.find(_SDTCONTENT)
        st = self.st
        shown = st.glossary.placeholder(sdt.find(_SDTPR), content is None or not has_text(content))
        if shown is not None:
            # showing a placeholder with no text of its own: Word displays the glossary entry
            saved = self.keys
            tag = control_tag(sdt)
            if tag is not None:
                self.keys = saved + (span_key(tag, st.next_serial()),)
            st.glossary.read(st, shown, self._placeholder)
            self.keys = saved
            return
        if content is None:
            return
        checked = _checkbox(sdt)
        if checked is not None and not self.out.segments and self.out.checkbox is None:
            # a checkbox opening its paragraph makes it a task item; its glyph (☒/☐) is the state
            self.out.checkbox = checked
            return
        tag = control_tag(sdt)
        if tag is None:
            self.children(content)
            return
        saved = self.keys
        self.keys = saved + (span_key(tag, self.st.next_serial()),)
        self.children(content)
        self.keys = saved

    def _placeholder(self, body) -> None:
        """A glossary entry's paragraphs inline, a line each."""
        for index, p in enumerate(body.iter(W + "p")):
            if index:
                self._leaf(self.keys, HardBreak(), 0, text=False)
            self.children(p)

    def simple_field(self, el) -> None:
        instr = el.get(W + "instr") or ""
        external.field(self.st, instr)
        target = links.field_target(instr)
        if not target:
            self.children(el)
            return
        self.st.bookmarks.linked(self.st, target)
        saved = self.keys
        self.keys = saved + (link_key(target, self.st.next_serial()),)
        self.in_link += 1
        self.children(el)
        self.in_link -= 1
        self.keys = saved

    # --- runs ----------------------------------------------------------------------------------

    def run(self, r) -> None:
        st = self.st
        keys = None   # what wraps the run's content: settled at its first child, before any content
        for child in r:
            tag = child.tag
            if keys is None:
                # the run's properties, when it has any, are its first child: read here, in the one pass over
                # the children, so that no child's tag is asked for twice (a run is the commonest element)
                if tag == _RPR:
                    # its own formatting over its character style's
                    mask, off, rstyle, changed = rpr_masks(child)
                    if changed:
                        formatting_changes(st, child)
                    if rstyle is not None:
                        mask |= st.styles.run_bits(rstyle)[0] & ~off
                else:
                    mask = 0
                if self.in_link and mask & UNDERLINE:
                    mask &= ~UNDERLINE
                hidden = mask & HIDDEN
                if hidden and st.hidden == "skip":
                    self._skip_hidden(r)
                    return
                fields = st.fields
                if fields or st.comments.open_keys or hidden:
                    keys, suppressed = self._run_keys(mask)
                elif mask:   # formatted text outside fields and comment ranges: _run_keys's result, without the call
                    keys, suppressed = self.keys + format_keys(mask), False
                else:   # plain text outside fields and comment ranges, most runs: only the paragraph's wrappers
                    keys, suppressed = self.keys, False
                code = mask & CODE
                out = self.out
                if tag == _RPR:
                    continue
            if tag == _T:
                if suppressed:
                    continue
                text = child.text
                if text:
                    if code:
                        out.code = True
                        self._leaf(keys, Code(text), mask)
                    else:
                        # _leaf, inlined: the text of a run is most of what a document is made of
                        out.all_code = False
                        if out.first_page is None:
                            out.first_page = st.page
                        if st.break_pending:
                            st.break_pending = False
                        if hidden:
                            out.hidden = True
                        else:
                            out.visible = True
                        if not out.text and text.strip():
                            out.text = True
                        out.segments.append((keys, text))
            elif tag == _RPR:
                continue
            elif tag == _INSTR:
                for fld in reversed(fields):
                    if not fld.result:
                        fld.instr.append(child.text or "")
                        break
            elif tag == _FLDCHAR:
                self._field_char(child)
                # a field boundary changes what wraps the rest of the run
                keys, suppressed = self._run_keys(mask)
            elif suppressed:
                continue
            elif tag == _TAB or tag == _PTAB:
                self._leaf(keys, " ", mask)
            elif tag == _BR:
                kind = child.get(W + "type")
                if kind == "page" or kind == "column":
                    if kind == "page":
                        st.explicit_break()
                    st.report("docx.page-breaks-dropped", detail=None if kind == "page" else "column break")
                    # the break still separates the words on either side: a line break (trimmed when it
                    # ends the paragraph, as it usually does), appended as is, so that a rendered break
                    # right after it still confirms it rather than counting a page of its own
                    self.out.segments.append((keys, HardBreak()))
                else:
                    self._leaf(keys, HardBreak(), mask, text=False)
            elif tag == _CR:
                self._leaf(keys, HardBreak(), mask, text=False)
            elif tag == _LRPB:
                st.rendered_break()
            elif tag == _DELTEXT:
                if self.deleted and child.text:
                    self._leaf(keys, child.text, mask)
            elif tag == _DRAWING or tag == _PICT:
                self._drawing(child, keys, mask)
            elif tag == _OBJECT:
                self._drawing(child, keys, mask)
                link = ole_object(st, child)
                if link is None:
                    st.report("docx.embedded-objects-dropped", detail="OLE object")
                else:
                    self._leaf(keys, link, mask, text=False)
            elif tag == W + "footnoteReference" or tag == W + "endnoteReference":
                kind = "footnote" if tag == W + "footnoteReference" else "endnote"
                nid = child.get(W + "id") or ""
                st.note_refs.append((kind, nid))
                # the mark's superscript is how Word draws a reference, not formatting of the text
                self._leaf(self._run_keys(0)[0], NoteRef(f"{kind}-{nid}"), 0, text=False)
            elif tag == W + "commentReference":
                self._comment(child)
            elif tag == W + "noBreakHyphen":
                self._leaf(keys, "-", mask)
            elif tag == W + "softHyphen":
                self._leaf(keys, "\u00ad", mask)
            elif tag == W + "sym":
                text, known = symbol_text(child.get(W + "font"), child.get(W + "char"))
                if not known:
                    st.report("docx.symbol-degraded", detail=f"{child.get(W + 'font')} {child.get(W + 'char')}")
                if text:
                    self._leaf(keys, text, mask)
            elif tag == _ALT:
                choice = child.find(_CHOICE)
                if choice is not None:
                    self.run_children(choice, keys, mask)
            elif tag == W + "ruby":
                self._ruby(child)
            elif tag == W + "contentPart":
                st.report("docx.embedded-objects-dropped", detail="ink")
            elif tag in _SILENT or not isinstance(tag, str):
                continue
            else:
                st.report("docx.unhandled-construct", detail=_local(tag))

    def _skip_hidden(self, r) -> None:
        """A hidden run under --hidden skip: reported with its text, and what it holds of comments."""
        text = "".join(c.text for c in r if c.tag in (_T, _DELTEXT) and c.text)
        if text:
            self.st.report("docx.hidden-text-skipped", text=text)
        self.st.comments.hidden_run(r)

    def _ruby(self, ruby) -> None:
        """A phonetic guide (furigana over kanji): the base text is the text; the guide is reported with
        its words, as the spreadsheet readers report theirs (``xlsx.phonetic-dropped``)."""
        base = ruby.find(W + "rubyBase")
        if base is not None:
            self.children(base)
        guide = ruby.find(W + "rt")
        if guide is not None:
            text = "".join(t.text or "" for t in guide.iter(_T))
            self.st.report("docx.phonetic-dropped", text=text or None)

    def _run_keys(self, mask: int) -> tuple[tuple, bool]:
        """The wrappers of a run's content, and whether a field instruction hides it."""
        # the text inside open comment ranges is wrapped in a span per range: what each comment covers
        keys = self.keys
        st = self.st
        if st.comments.open_keys:
            keys = keys + st.comments.open_keys
        suppressed = False
        if st.fields:
            for fld in st.fields:
                if not fld.result:
                    suppressed = True
                elif fld.key is not None:
                    keys = keys + (fld.key,)
                    mask &= ~UNDERLINE
        if mask & HIDDEN:
            keys = keys + (HIDDEN_KEY,)
        if mask:
            keys = keys + format_keys(mask)
        return keys, suppressed

    def run_children(self, el, keys: tuple, mask: int) -> None:
        for child in el:
            if child.tag == _DRAWING or child.tag == _PICT:
                self._drawing(child, keys, mask)

    def _field_char(self, el) -> None:
        fields = self.st.fields
        kind = el.get(W + "fldCharType")
        if kind == "begin":
            if len(fields) < 32:   # fields nest; a hostile run of begins must not grow without end
                fields.append(Field())
        elif kind == "separate":
            for fld in reversed(fields):
                if not fld.result:
                    fld.result = True
                    instr = "".join(fld.instr)
                    external.field(self.st, instr)
                    target = links.field_target(instr)
                    if target:
                        self.st.bookmarks.linked(self.st, target)
                        fld.key = link_key(target, self.st.next_serial())
                    break
        elif kind == "end" and fields:
            fld = fields.pop()
            if not fld.result:   # a field with no result: its instruction ends here
                external.field(self.st, "".join(fld.instr))

    def _drawing(self, el, keys: tuple, mask: int) -> None:
        images, boxes, charts, diagrams = self.drawings.drawing(el)
        for image in images:
            self._leaf(keys, image, mask, text=False)
        if boxes:
            self.out.boxes += tuple(boxes)
        if charts:
            self.out.charts += tuple(charts)
        if diagrams:
            self.out.diagrams += tuple(diagrams)

    def _math_report(self) -> None:
        if self.math.unmapped:
            self.st.report("docx.math-degraded", count=self.math.unmapped)
            self.math.unmapped = 0

    def _comment(self, mark) -> None:
        note_id = self.st.comments.mark(self.st, mark)
        if note_id is not None:
            # like a note mark, the reference is not formatting of the text around it
            self._leaf(self._run_keys(0)[0], NoteRef(note_id), 0, text=False)


def ole_object(st, el):
    """``embedded.ole_object``, its module imported at the first OLE object: most documents hold none."""
    from .embedded import ole_object as read

    return read(st, el)


def _checkbox(sdt) -> bool | None:
    pr = sdt.find(_SDTPR)
    box = pr.find(W14 + "checkbox") if pr is not None else None
    if box is None:
        return None
    state = box.find(W14 + "checked")
    return state is not None and (state.get(W14 + "val") or "1").lower() in ("1", "true", "on")


def control_tag(sdt) -> str | None:
    pr = sdt.find(_SDTPR)
    if pr is None:
        return None
    for name in ("tag", "alias"):
        found = pr.find(W + name)
        if found is not None and found.get(_VAL):
            return found.get(_VAL)
    return None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]
