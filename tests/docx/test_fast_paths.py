"""The reader's hot paths against the code they replaced, kept here as the reference: a run's content
(``RunReader.run`` with ``_leaf`` inlined and its wrappers worked out with fewer tuples) must give the
same document, reports and all, on every fixture and on many generated paragraphs."""

from __future__ import annotations

import random

import pytest

from zenconv_plugins.docx import body, numbering, runs
from zenconv_plugins.docx.formatting import CODE, HIDDEN, UNDERLINE, rpr_masks
from zenconv_plugins.docx.inlines import HIDDEN_KEY, format_keys
from zenconv_plugins.docx.namespaces import W
from zenconv_plugins.docx.revisions import formatting_changes
from zenconv_plugins.docx.runs import (
    _ALT, _BR, _CHOICE, _CR, _DELTEXT, _DRAWING, _FLDCHAR, _INSTR, _LRPB, _OBJECT, _PICT, _PTAB, _RPR, _SILENT, _T,
    _TAB, Code, HardBreak, NoteRef, _local, ole_object, symbol_text,
)

from .conftest import FX, read_docx, read_whole
from zenconv_plugins.docx.body import (  # what the reference paragraph below reads
    _AUTHOR, _DATE, _ILVL, _NUMID, _NUMPR, _OFF, _OUTLINE, _PAGE_BREAK_BEFORE, _PPR, _PSTYLE, _SECTPR, _VAL,
    CHANGES, FORMAT_CHANGES, TASK_ITEM, Heading, HiddenFacet, Joined, ListItem, MathBlock, Paragraph, RevisionFacet,
    StyleFacet, Text, _code_text, _has_text, _int, _trim, build, formatting_change, kept, report_label, strip_key,
)

_RPR_CHANGE = W + "rPrChange"


class ReferenceRuns(runs.RunReader):
    """RunReader with the run code as it was before the fast path."""

    def run(self, r) -> None:
        st = self.st
        fields = st.fields
        rpr = r[0] if len(r) and r[0].tag == _RPR else None
        if rpr is not None and rpr.find(_RPR_CHANGE) is not None:
            formatting_changes(st, rpr)
        on, off, rstyle, _ = rpr_masks(rpr)
        if rstyle is not None:
            son, soff = st.styles.run_bits(rstyle)
            mask = (son & ~off) | on
        else:
            mask = on
        if self.in_link and mask & UNDERLINE:
            mask &= ~UNDERLINE
        hidden = mask & HIDDEN
        if hidden and st.hidden == "skip":
            text = "".join(c.text for c in r if c.tag in (_T, _DELTEXT) and c.text)
            if text:
                st.report("docx.hidden-text-skipped", text=text)
            st.comments.hidden_run(r)
            return
        keys, suppressed = self._run_keys(mask)
        code = mask & CODE
        for child in r:
            tag = child.tag
            if tag == _T:
                if suppressed:
                    continue
                text = child.text
                if text:
                    if code:
                        self.out.code = True
                        self._leaf(keys, Code(text), mask)
                    else:
                        self.out.all_code = False
                        self._leaf(keys, text, mask)
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

    def _run_keys(self, mask: int) -> tuple[tuple, bool]:
        """The wrappers of a run's content, and whether a field instruction hides it."""
        # the text inside open comment ranges is wrapped in a span per range: what each comment covers
        keys = self.keys + self.st.comments.open_keys
        suppressed = False
        for fld in self.st.fields:
            if not fld.result:
                suppressed = True
            elif fld.key is not None:
                keys = keys + (fld.key,)
                mask &= ~UNDERLINE
        if mask & HIDDEN:
            keys = keys + (HIDDEN_KEY,)
        return keys + format_keys(mask), suppressed





def _both(monkeypatch, data: bytes, **options) -> None:
    fast = read_whole(data, **options)
    with monkeypatch.context() as patch:
        patch.setattr(body, "RunReader", ReferenceRuns)
        reference = read_whole(data, **options)
    assert fast == reference


_PROPS = ['<w:b/>', '<w:b w:val="0"/>', '<w:i/>', '<w:u w:val="single"/>', '<w:u w:val="none"/>', '<w:strike/>',
          '<w:vanish/>', '<w:vertAlign w:val="superscript"/>', '<w:rFonts w:ascii="Courier New"/>', '<w:smallCaps/>',
          '<w:rStyle w:val="Strong"/>', '<w:rStyle w:val="Code"/>', '<w:rStyle w:val="Missing"/>',
          '<w:rPrChange w:id="1" w:author="A"><w:rPr/></w:rPrChange>']
_CONTENT = ['<w:t xml:space="preserve">{w} </w:t>', '<w:t>{w}</w:t>', '<w:t/>', '<w:t xml:space="preserve">  </w:t>',
            '<w:tab/>', '<w:br/>', '<w:br w:type="page"/>', '<w:lastRenderedPageBreak/>', '<w:delText>{w}</w:delText>',
            '<w:noBreakHyphen/>', '<w:softHyphen/>', '<w:sym w:font="Symbol" w:char="F0B7"/>', '<w:cr/>',
            '<w:fldChar w:fldCharType="begin"/>', '<w:instrText> HYPERLINK "https://example.com/{w}" </w:instrText>',
            '<w:fldChar w:fldCharType="separate"/>', '<w:fldChar w:fldCharType="end"/>', '<!-- note -->',
            '<w:footnoteReference w:id="1"/>']
_STYLES = ('<w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>'
           '<w:style w:type="character" w:styleId="Code"><w:name w:val="Code Char"/>'
           '<w:rPr><w:rFonts w:ascii="Consolas"/><w:vanish/></w:rPr></w:style>')


def _run(rng: random.Random, n: int) -> str:
    props = "".join(rng.sample(_PROPS, rng.randint(0, 3)))
    content = "".join(rng.choice(_CONTENT).format(w=f"w{n}{i}") for i in range(rng.randint(1, 4)))
    return f'<w:r>{f"<w:rPr>{props}</w:rPr>" if props else ""}{content}</w:r>'


def _paragraphs(seed: int) -> bytes:
    rng = random.Random(seed)
    out = []
    for k in range(40):
        runs_ = "".join(_run(rng, k * 10 + i) for i in range(rng.randint(0, 6)))
        if rng.random() < 0.2:   # display math: a paragraph of nothing else becomes a math block
            runs_ += "<m:oMathPara><m:oMath><m:r><m:t>x</m:t></m:r></m:oMath></m:oMathPara>"
        wrap = rng.random()
        if wrap < 0.15:
            runs_ = f'<w:hyperlink w:anchor="a{k}">{runs_}</w:hyperlink>'
        elif wrap < 0.25:
            runs_ = f'<w:ins w:id="{k}" w:author="B">{runs_}</w:ins>'
        elif wrap < 0.35:
            runs_ = f'<w:del w:id="{k}" w:author="C">{runs_}</w:del>'
        out.append(FX.p(runs=runs_, style=rng.choice([None, "Heading1", "Quote"])))
    return FX.package("".join(out), styles=_STYLES)


@pytest.mark.parametrize("name", sorted(FX.FIXTURES))
def test_fixtures_read_as_with_the_reference(monkeypatch, name):
    _both(monkeypatch, FX.FIXTURES[name]())


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("options", [{}, {"hidden": "skip", "revisions": "all"}, {"revisions": "reject"}])
def test_generated_runs_read_as_with_the_reference(monkeypatch, seed, options):
    _both(monkeypatch, _paragraphs(seed), **options)


def _reference_layout(data: bytes):
    """first_page_layout as it was: the regular expression over the whole part."""
    from zenconv_plugins.docx.reader import _ATTR, _PGSZ, _SECT, _SECT_END, EMU_PER_TWIP, LayoutFacet

    found = _SECT.search(data)
    if found is None:
        return None
    end = _SECT_END.search(data, found.start())
    section = data[found.start(): end.end() if end is not None else found.start() + 4096]
    size = _PGSZ.search(section)
    if size is None:
        return None
    attrs = size.group(1)
    width, height = _ATTR[b"w"].search(attrs), _ATTR[b"h"].search(attrs)
    if width is None or height is None:
        return None
    return LayoutFacet(layout="page", width_emu=int(width.group(1)) * EMU_PER_TWIP,
                       height_emu=int(height.group(1)) * EMU_PER_TWIP)


@pytest.mark.parametrize("seed", range(8))
def test_first_page_layout_as_with_the_whole_part_searched(seed):
    from zenconv_plugins.docx.reader import first_page_layout

    rng = random.Random(seed)
    pieces = [b"<", b"w:", b"x:", b"sectPr", b"sectP", b" ", b">", b"/>", b"a", b"x.y-", b":", b"\n", b"</w:sectPr>",
              b'<w:pgSz w:w="12240" w:h="15840"/>', b'<pgSz w="1" h="2">', b"<w:sectPr>", b"<sectPr/>"]
    for _ in range(5000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 16)))
        assert first_page_layout(data) == _reference_layout(data)


def _reference_styles(root) -> dict:
    """Styles._load as it was: a find() per property."""
    from zenconv_plugins.docx.styles import Style, _int

    val = W + "val"
    found = {}
    for el in root.iter(W + "style"):
        sid = el.get(W + "styleId")
        if sid is None or sid in found:
            continue
        name_el = el.find(W + "name")
        style = Style(sid, (name_el.get(val) if name_el is not None else None) or sid, el.get(W + "type") or "paragraph")
        based = el.find(W + "basedOn")
        if based is not None:
            style.based_on = based.get(val)
        ppr = el.find(W + "pPr")
        if ppr is not None:
            outline = ppr.find(W + "outlineLvl")
            if outline is not None:
                style.outline = _int(outline.get(val))
            numpr = ppr.find(W + "numPr")
            if numpr is not None:
                num = numpr.find(W + "numId")
                lvl = numpr.find(W + "ilvl")
                style.num_id = num.get(val) if num is not None else None
                style.ilvl = _int(lvl.get(val)) if lvl is not None else None
        style.run_on, style.run_off, _, _ = rpr_masks(el.find(W + "rPr"))
        found[sid] = style
    return found


def _styles_parts() -> list[bytes]:
    import io
    import zipfile

    parts = []
    for build in FX.FIXTURES.values():
        with zipfile.ZipFile(io.BytesIO(build())) as zf:
            parts += [zf.read(name) for name in zf.namelist() if name.endswith("styles.xml")]
    ns = FX.NAMESPACES.format(w=FX.W_NS, r=FX.R_NS)
    rng = random.Random(3)
    props = ['<w:name w:val="A"/>', '<w:name w:val="B"/>', '<w:basedOn w:val="S1"/>', '<!-- c -->', '<w:rPr><w:b/></w:rPr>',
             '<w:rPr><w:i/></w:rPr>', '<w:pPr><w:outlineLvl w:val="1"/><w:outlineLvl w:val="2"/></w:pPr>',
             '<w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="4"/><w:numId w:val="5"/></w:numPr></w:pPr>', '<w:pPr/>']
    for _ in range(40):
        styles = "".join(f'<w:style w:type="paragraph" w:styleId="S{i}">{"".join(rng.choices(props, k=rng.randint(0, 5)))}'
                         "</w:style>" for i in range(8))
        parts.append(f"<w:styles {ns}>{styles}</w:styles>".encode())
    return parts


def test_styles_load_as_with_find():
    from lxml import etree

    from zenconv_plugins.docx.styles import Styles

    for part in _styles_parts():
        root = etree.fromstring(part)
        assert Styles(root).by_id == _reference_styles(root)


def test_by_type_is_the_first_by_sorted_id():
    from zenconv_plugins.docx.package import Relationship, by_type

    rng = random.Random(5)
    for _ in range(500):
        rels = {}
        for _ in range(rng.randint(0, 12)):
            rid = f"rId{rng.randint(1, 40)}"
            rels[rid] = Relationship(rid, rng.choice(["a", "b", "c"]), "t", rng.random() < 0.3)
        for kind in ("a", "b", "c", "d"):
            expected = next((rels[rid] for rid in sorted(rels) if rels[rid].type == kind and not rels[rid].external), None)
            assert by_type(rels, kind) is expected


class ReferenceNumbering(numbering.Numbering):
    """Numbering.advance as it was before its plan was cached: every lookup made for every paragraph, the deeper
    levels restarted one by one, the label's formats checked each time."""

    def advance(self, num_id: str, ilvl: int) -> numbering.Item:
        ilvl = min(max(ilvl, 0), 8)
        inst = self.instances.get(num_id)
        level = self.level(num_id, ilvl) if inst is not None else None
        if inst is None or level is None:
            return numbering.Item("dangling:" + num_id, ilvl, False, 1, None)
        aid = self._abstract_of(inst)
        counters = self._counters.setdefault(aid, [None] * 9)
        if ilvl in inst.start_overrides and (num_id, ilvl) not in self._started:
            self._started.add((num_id, ilvl))
            counters[ilvl] = None
            start = inst.start_overrides[ilvl]
        else:
            start = level.start
        counters[ilvl] = start if counters[ilvl] is None else counters[ilvl] + 1
        for deeper in self._restarted(num_id, ilvl):
            counters[deeper] = None
        label = unsupported = None
        if level.fmt != "bullet" and level.text:
            parts = []
            for piece in self._template(num_id, ilvl, level):
                if type(piece) is str:
                    parts.append(piece)
                    continue
                at, fmt, start = piece
                if fmt not in numbering.FORMATS and unsupported is None:
                    unsupported = fmt
                parts.append(numbering.format_number(counters[at] if counters[at] is not None else start, fmt))
            label = "".join(parts).strip() or None
        pattern = level.text or ""
        return numbering.Item(aid, ilvl, level.ordered, counters[ilvl], label, unsupported,
                              len(pattern) > self.max_label_chars)


_FORMATS = ["decimal", "decimal", "bullet", "lowerLetter", "upperRoman", "none", "hebrew1", "decimalZero", "ordinal"]
_TEXTS = ["%1.", "%1.%2.", "(%3)", "", "•", "Article %1 of %2", "%2.%1.%3", "X" * 30, "%4-%5-%6-%7-%8-%9"]


def _numbering_part(rng: random.Random) -> str:
    """Definitions of every kind advance meets: restarts after any level, only some or none (lvlRestart), legal
    numbering, start overrides, whole-level overrides, a dangling abstract id."""
    parts = []
    for aid in range(3):
        levels = []
        for i in range(9):
            extra = ""
            if rng.random() < 0.3:
                extra += f'<w:lvlRestart w:val="{rng.choice([0, 1, 2, 5, 9])}"/>'
            if rng.random() < 0.15:
                extra += "<w:isLgl/>"
            levels.append(FX.lvl(i, rng.choice(_FORMATS), rng.choice(_TEXTS), rng.randint(0, 3), extra))
        parts.append(FX.abstract_of(str(aid), *levels))
    for nid in range(1, 6):
        overrides = "".join(
            f'<w:lvlOverride w:ilvl="{i}"><w:startOverride w:val="{rng.randint(0, 9)}"/>'
            f'{FX.lvl(i, rng.choice(_FORMATS), rng.choice(_TEXTS)) if rng.random() < 0.3 else ""}</w:lvlOverride>'
            for i in rng.sample(range(9), rng.randint(0, 3)))
        parts.append(f'<w:num w:numId="{nid}"><w:abstractNumId w:val="{rng.choice("0127")}"/>{overrides}</w:num>')
    return f'<w:numbering xmlns:w="{FX.W_NS}">{"".join(parts)}</w:numbering>'


@pytest.mark.parametrize("seed", range(40))
def test_numbering_advances_as_with_every_lookup_made(seed):
    from lxml import etree

    rng = random.Random(seed)
    root = etree.fromstring(_numbering_part(rng))
    max_chars = rng.choice([100, 12])
    fast, reference = numbering.Numbering(root, None, max_chars), ReferenceNumbering(root, None, max_chars)
    for _ in range(300):
        num_id, ilvl = rng.choice("0123456"), rng.choice([0, 0, 1, 1, 2, 3, 5, 8, 9, -1])
        assert fast.advance(num_id, ilvl) == reference.advance(num_id, ilvl)
    # the usual restart (every deeper level) is the slice, the others the loop; both were taken
    resets = set()
    for (num_id, _), plan in fast._plans.items():
        if plan[0] is not None:
            everything = fast._restarted(num_id, plan[1]) == tuple(range(plan[1] + 1, 9))
            assert (plan[5] == plan[1] + 1) if everything else (plan[5] == fast._restarted(num_id, plan[1]))
            resets.add(type(plan[5]))
    assert resets == {int, tuple}


class ReferenceBlocks(body.BlockReader):
    """BlockReader with the paragraph code as it was before a style's reading was kept: its heading level and
    numbering looked up for every paragraph, a StyleFacet made for each."""

    def paragraph(self, p, out) -> None:
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
        locator = self._locator(content.first_page)
        facets = list(content.revisions.values())
        segments = content.segments
        joined, st.joined = st.joined, None
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

        if outline is not None:
            level = outline + 1 if 0 <= outline <= 8 else None
        else:
            level = st.styles.heading_level(style) if style is not None else None
        if style is not None and level is None:
            st.style_ids.add(style)
        # a paragraph with neither a style nor numbering of its own, most body text, is numbered by nothing
        numbered = self._numbering(style, num_id, ilvl) if style is not None or num_id is not None else None

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
            item = st.numbering.advance(*numbered)
            inlines = build(segments)
            if content.text or _has_text(inlines):
                report_label(st, item)
                node = ListItem([Paragraph(_trim(inlines))], checked=content.checkbox, facets=tuple(facets),
                                locator=locator, label=item.label)
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
                    facets.insert(0, StyleFacet(style_id=style, name=st.styles.name(style)))
                out.block(Paragraph(_trim(inlines), facets=tuple(facets), locator=locator))
        self._anchored(content, out, locator)


_PARAGRAPH_STYLES = (
    '<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>'
    '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>'
    '<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style>'
    '<w:style w:type="paragraph" w:styleId="Outlined"><w:name w:val="Outlined"/><w:pPr><w:outlineLvl w:val="3"/></w:pPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/>'
    '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="ListNumber2"><w:name w:val="List Number 2"/><w:basedOn w:val="ListBullet"/>'
    '<w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="2"/></w:numPr></w:pPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Unlisted"><w:name w:val="Unlisted"/>'
    '<w:pPr><w:numPr><w:numId w:val="0"/></w:numPr></w:pPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Code"><w:name w:val="Source Code"/></w:style>')


def _styled_paragraphs(seed: int) -> bytes:
    """Paragraphs with a style alone (defined, undefined, a heading, a title, numbered, numbered off), or with
    an outline level, a numId or an ilvl of their own beside it, or none."""
    rng = random.Random(seed)
    styles = [None, "Heading2", "Title", "Quote", "Outlined", "ListBullet", "ListNumber2", "Unlisted", "Code",
              "Missing", "heading3"]
    out = []
    for k in range(60):
        props = []
        style = rng.choice(styles)
        if style is not None:
            props.append(f'<w:pStyle w:val="{style}"/>')
        if rng.random() < 0.35:
            numpr = rng.choice(['<w:numId w:val="2"/>', '<w:ilvl w:val="1"/>', '<w:numId w:val="0"/>',
                                '<w:ilvl w:val="2"/><w:numId w:val="1"/>'])
            props.append(f"<w:numPr>{numpr}</w:numPr>")
        if rng.random() < 0.1:
            props.append(f'<w:outlineLvl w:val="{rng.choice([0, 2, 9])}"/>')
        ppr = f"<w:pPr>{''.join(props)}</w:pPr>" if props else ""
        words = rng.choice(["", "word", "x = (1);", f"text {k}"])
        out.append(f"<w:p>{ppr}<w:r><w:t>{words}</w:t></w:r></w:p>")
    numbering = FX.abstract("0", [("bullet", "•", 1)] * 3) + FX.abstract("1", [("decimal", "%1.", 1), ("lowerLetter", "%2)", 1)] * 2)
    return FX.package("".join(out), styles=_PARAGRAPH_STYLES,
                      numbering=numbering + FX.num("1", "0") + FX.num("2", "1"))


@pytest.mark.parametrize("seed", range(16))
def test_styled_paragraphs_read_as_with_the_reference(monkeypatch, seed):
    from zenconv_plugins.docx import parts, reader

    data = _styled_paragraphs(seed)
    made: list = []

    class Kept(body.BlockReader):
        def __init__(self, st) -> None:
            super().__init__(st)
            made.append(self)

    with monkeypatch.context() as patch:
        patch.setattr(reader, "BlockReader", Kept)
        fast = read_whole(data)
    with monkeypatch.context() as patch:
        for module in (reader, parts):
            patch.setattr(module, "BlockReader", ReferenceBlocks)
        reference = read_whole(data)
    assert fast == reference
    # the reading of a style alone was kept (None's too, for paragraphs with no style) and used again
    assert len(made[0]._styled) > 3 and None in made[0]._styled


def test_monospace_families_are_known_again_as_at_first(monkeypatch):
    from zenconv_plugins.docx import formatting

    def reference(family):
        return bool(family) and any(word in family.lower() for word in formatting._MONO_WORDS)

    monkeypatch.setattr(formatting, "_MONO_FAMILIES", {})
    rng = random.Random(7)
    parts = ["Courier", "New", "consolas", "Arial", "Times", "Source Code", "Pro", "MONO", "Menlo", "x", ""]
    names = [" ".join(rng.sample(parts, rng.randint(0, 3))) for _ in range(400)] + [f"Font {i}" for i in range(900)]
    for name in names + names[::-1] + [None]:
        assert formatting.is_monospace(name) is reference(name)
    # the first families met are kept, and so known again; no more than the bound, however many a document names
    assert all(name in formatting._MONO_FAMILIES for name in names[:50] if name)
    assert len(formatting._MONO_FAMILIES) == formatting._MONO_FAMILIES_KEPT
