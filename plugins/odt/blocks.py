"""Body elements to blocks: paragraphs, headings, lists, tables, sections, indexes and change marks."""

from __future__ import annotations

from zenconv.ir import Heading, HiddenFacet, List, ListItem, Paragraph

from ..numerals import MAX_LABEL_CHARS
from ..numerals import format_number as word_number
from .annotations import Annotations
from .dropped import text_of
from .frames import FrameReader
from .inlines import InlineReader
from .names import DRAW, OFFICE, TABLE, TEXT
from .state import State
from .tables import read_table

_INDEXES = {f"{TEXT}{n}" for n in ("table-of-content", "illustration-index", "table-index", "object-index",
                                   "user-index", "alphabetical-index", "bibliography")}
DECLARATIONS = {f"{TEXT}{n}" for n in ("sequence-decls", "variable-decls", "user-field-decls", "dde-connection-decls",
                                        "tracked-changes", "alphabetical-index-auto-mark-file", "index-source")} | {
    f"{OFFICE}forms", f"{TABLE}calculation-settings", f"{TABLE}content-validations", f"{TABLE}label-ranges",
    f"{TABLE}named-expressions", f"{TABLE}database-ranges", f"{TABLE}table-column", f"{TABLE}table-columns",
    f"{TABLE}table-column-group", f"{TABLE}table-header-columns", f"{TEXT}page-sequence",
}
_P, _H, _LIST, _TABLE = f"{TEXT}p", f"{TEXT}h", f"{TEXT}list", f"{TABLE}table"
_STYLE_NAME, _OUTLINE_LEVEL = f"{TEXT}style-name", f"{TEXT}outline-level"
_ITEM, _HEADER, _START_VALUE = f"{TEXT}list-item", f"{TEXT}list-header", f"{TEXT}start-value"
_CACHED = 4096  # paragraph styles' answers kept at most
_NO_FLAGS: dict[str, bool] = {}  # a heading's: its style's bold or size is not emphasis (read, never written)


class BlockReader:
    def __init__(self, state: State) -> None:
        self.s = state
        self.frames = FrameReader(state, self)
        self.annotations = Annotations(state, self)
        self.inlines = InlineReader(state, self, self.frames)
        self.list_counters: dict[tuple[str, int], int] = {}
        self.numbers: list[int] = []  # the number of the item open at each list level, outermost first
        self.label_chars = state.ctx.options.get("max_label_chars", MAX_LABEL_CHARS)  # asked at every label
        self._paragraph_styles: dict[str | None, tuple[bool, dict[str, bool], tuple]] = {}  # _paragraph_style's
        self._styles_loads = -1  # the styles' loads its answers are for

    def children(self, el) -> list:
        return self.children_of(el) if el is not None else []

    def children_of(self, elements) -> list:
        out: list = []
        for child in elements:
            out.extend(self.block(child))
        return merge_lists(out)

    def detached(self, elements) -> list:
        """The blocks of a note's or a comment's body, read from inside the paragraph that holds it:
        they are not the body's paragraphs (not counted, not located), and the holding paragraph's
        text boxes and change marks are still its own when they are done."""
        saved = self.s.locating, self.s.deferred, self.s.revision_marks
        self.s.locating, self.s.deferred, self.s.revision_marks = False, [], []
        try:
            return self.children_of(elements)
        finally:
            self.s.locating, self.s.deferred, self.s.revision_marks = saved

    def block(self, el, tag: str | None = None) -> list:
        """The blocks of a body element (``tag``, when the caller has it)."""
        if tag is None:
            tag = el.tag
        if not isinstance(tag, str) or tag in DECLARATIONS:
            return []
        if tag == _P or tag == _H:
            return self.paragraph(el, tag)
        if tag == _LIST:
            return self.list(el, 1, None)
        if tag == f"{TEXT}numbered-paragraph":
            level = _int(el.get(f"{TEXT}level"), 1)
            nested = self.list(el, 1, None, wrap_level=level)
            return nested
        if tag == _TABLE:
            return [read_table(el, self)]
        if tag == f"{TEXT}section":
            return self.section(el)
        if tag in _INDEXES:
            body = el.find(f"{TEXT}index-body")
            return self.children(body)
        if tag in (f"{TEXT}index-body", f"{TEXT}index-title"):
            return self.children(el)
        if tag == f"{TEXT}soft-page-break":
            self.s.page += 1
            return []
        if tag in (f"{TEXT}change-start", f"{TEXT}change-end", f"{TEXT}change"):
            return self.block_change(el)
        if tag.startswith(DRAW):
            return self.frames.as_blocks(el)
        self.s.report("unhandled-construct", detail=tag.rsplit("}", 1)[-1])
        return self.children(el)

    # --- paragraphs --------------------------------------------------------------------------------

    def paragraph(self, el, tag: str | None = None) -> list:
        """A ``text:p`` or ``text:h`` (``tag``, when the caller has it) as its Paragraph or Heading, then the
        text boxes met in it."""
        s = self.s
        style = el.get(_STYLE_NAME)
        found = self._paragraph_styles.get(style) if self._styles_loads == s.styles.loads else None
        title, flags, facets = found or self._paragraph_style(style)
        heading = title or (tag or el.tag) == _H
        # The plain path (InlineReader.plain) first, counted as _read_paragraph counts: it meets no change mark
        # (the marks are cleared, as there) and no text box, so a Paragraph's facets are its style's alone.
        inlines = self.inlines.plain(el, _NO_FLAGS if heading else flags)
        if inlines is not None:
            if s.locating:
                s.paragraph += 1
            s.revision_marks.clear()
            if not inlines:
                return []
            if heading:
                return self._paragraph_blocks(el, style, True, inlines, [])
            return [Paragraph(inlines, facets=facets, locator=s.locator())]
        inlines, boxes = self._read_paragraph(el, style, heading)
        return self._paragraph_blocks(el, style, heading, inlines, boxes) if inlines else boxes

    def cell_content(self, cell) -> list:
        """What a table cell holds: its blocks, or the inlines of the one paragraph or heading that is all of
        them. A cell of one paragraph, the commonest, is read without building the block it would drop."""
        children = cell[:]  # a slice: the children in one C call
        p = children[0] if len(children) == 1 else None
        if p is not None and p.tag == _P:
            s = self.s
            style = p.get(_STYLE_NAME)
            found = self._paragraph_styles.get(style) if self._styles_loads == s.styles.loads else None
            title, flags, _ = found or self._paragraph_style(style)
            if not title:
                inlines = self.inlines.plain(p, flags)  # counted as paragraph() counts it
                if inlines is not None:
                    if s.locating:
                        s.paragraph += 1
                    s.revision_marks.clear()
                    return inlines
                inlines, boxes = self._read_paragraph(p, style, False)
                if not boxes:
                    return inlines
                return _inlines_if_one(merge_lists(
                    self._paragraph_blocks(p, style, False, inlines, boxes) if inlines else boxes))
        return _inlines_if_one(self.children_of(children))

    def _paragraph_style(self, style: str | None) -> tuple[bool, dict[str, bool], tuple]:
        """What a paragraph style decides, found once per style for the styles loaded: whether it makes a
        title (a heading), its flags, and the facets of a Paragraph of it (its StyleFacet, if any)."""
        styles = self.s.styles
        if self._styles_loads != styles.loads or len(self._paragraph_styles) >= _CACHED:
            self._paragraph_styles.clear()
            self._styles_loads = styles.loads
        facet = styles.facet("paragraph", style)
        found = self._paragraph_styles[style] = (styles.is_title(style), styles.flags("paragraph", style),
                                                 () if facet is None else (facet,))
        return found

    def _read_paragraph(self, el, style: str | None, heading: bool) -> tuple[list, list]:
        """A paragraph's inlines and the text boxes met in it, counted as the body's next paragraph."""
        s = self.s
        if s.locating:
            s.paragraph += 1
        s.revision_marks.clear()
        deferred, s.deferred = s.deferred, []
        # A heading style's own bold or size is what makes it a heading, not emphasis in its text.
        inlines = self.inlines.paragraph(el, _NO_FLAGS if heading else s.styles.flags("paragraph", style))
        boxes, s.deferred = s.deferred, deferred
        return inlines, boxes

    def _paragraph_blocks(self, el, style: str | None, heading: bool, inlines: list, boxes: list) -> list:
        """The Paragraph or Heading of a paragraph's inlines (there are some), then its text boxes."""
        s = self.s
        marks = s.revision_marks
        facets: tuple = tuple(dict.fromkeys(c.facet for c in marks)) if marks else ()
        locator = s.locator()
        if heading:
            level = _int(el.get(_OUTLINE_LEVEL), 1) if el.tag == _H else 1
            if level > 6:
                s.report("heading-level-clamped")
                level = 6
            block = Heading(level, inlines, facets=facets, locator=locator)
        else:
            facet = s.styles.facet("paragraph", style)
            if facet is not None:
                facets = (facet, *facets)
            block = Paragraph(inlines, facets=facets, locator=locator)
        return [block, *boxes] if boxes else [block]

    # --- lists -------------------------------------------------------------------------------------

    def list(self, el, level: int, style: str | None, *, wrap_level: int = 1) -> list:
        """A ``text:list`` (or a numbered paragraph nested ``wrap_level`` deep) as a List."""
        style = el.get(f"{TEXT}style-name") or style or self._first_paragraph_list_style(el)
        spec = self.s.styles.list_level(style, level)
        key = (style or "", level)
        start = spec.start
        if el.get(f"{TEXT}continue-numbering") == "true" or el.get(f"{TEXT}continue-list"):
            start = self.list_counters.get(key, start)
        result = List([], ordered=spec.ordered, start=start)
        counted = 0  # items numbered so far: a header item shows no number and takes none
        if el.tag == f"{TEXT}numbered-paragraph":
            counted += self._add_item(result, el, level, style, spec, result.start, only_paragraphs=True)
        else:
            first = True
            for child in el[:]:  # a slice: the children in one C call
                tag = child.tag
                if tag == _ITEM or tag == _HEADER:
                    if first:  # only the first item's start value counts
                        value = child.get(_START_VALUE)
                        if value and value.isdigit():
                            result.start = int(value)
                    first = False
                    header = tag == _HEADER
                    counted += self._add_item(result, child, level, style, spec, result.start + counted, header=header)
                elif tag == f"{TEXT}soft-page-break":
                    self.s.page += 1
        self.list_counters[key] = result.start + counted
        if not result.items:
            return []
        result.locator = result.items[0].locator  # where the list's first item is, not the paragraph before it
        for _ in range(wrap_level - 1):
            result = List([ListItem([result])], ordered=False, locator=result.locator)
        return [result]

    def _add_item(self, result: List, item, level: int, style: str | None, spec, number: int, *,
                  only_paragraphs: bool = False, header: bool = False) -> bool:
        """Read one item into ``result``, numbered ``number`` unless it is a header; whether it took the
        number. The number is known before its sublists are read, which show it (``text:display-levels``)."""
        del self.numbers[level - 1:]
        self.numbers.extend([1] * (level - 1 - len(self.numbers)))  # a level skipped shows its first number
        self.numbers.append(number)
        blocks = self._item_blocks(item, level, style, only_paragraphs=only_paragraphs)
        if not blocks:
            return False
        if not _has_own_content(blocks) and result.items:
            # An item holding only a nested list shows no label of its own: its list hangs
            # under the item before it.
            result.items[-1].blocks.extend(blocks)
            return False
        label = None if header else self._label(style, level, spec, number)
        result.items.append(ListItem(blocks, locator=blocks[0].locator, label=label))
        return not header

    def _label(self, style: str | None, level: int, spec, number: int) -> str | None:
        """The label a numbered level shows: its prefix, the numbers of its last ``display`` levels, its
        suffix ("1.2.", "(a)"); None for a bullet level, or a level that shows nothing at all."""
        if not spec.ordered:
            return None
        numbers = self.numbers[:level - 1][-(spec.display - 1):] if spec.display > 1 else []
        first = level - len(numbers)
        shown = [_number(n, self.s.styles.list_level(style, first + k).fmt, self.s) for k, n in enumerate(numbers)]
        shown.append(_number(number, spec.fmt, self.s))
        label = (self._affix(spec.prefix) + ".".join(shown) + self._affix(spec.suffix)).strip()
        return label or None

    def _affix(self, text: str) -> str:
        """A level's prefix or suffix as its labels take it: a few characters ("(", ".)"); a hostile one is
        cut to --max-label-chars, not copied into every item's label, and reported."""
        if len(text) <= self.label_chars:
            return text
        self.s.report("list-label-cut", detail=f"{text[:40]}…")
        return text[:self.label_chars]

    def _item_blocks(self, item, level: int, style: str | None, *, only_paragraphs: bool = False) -> list:
        blocks: list = []
        for child in item[:]:  # a slice: the children in one C call
            tag = child.tag
            if tag == _LIST:
                if not only_paragraphs:
                    blocks += self.list(child, level + 1, style)
            else:
                blocks += self.block(child, tag)
        return merge_lists(blocks) if len(blocks) > 1 else blocks  # one block is merged as it is

    def _first_paragraph_list_style(self, el) -> str | None:
        for p in el.iter(f"{TEXT}p", f"{TEXT}h"):
            found = self.s.styles.list_style(p.get(f"{TEXT}style-name"))
            if found:
                return found
        return None

    # --- sections and change marks -----------------------------------------------------------------

    def section(self, el) -> list:
        hidden = el.get(f"{TEXT}display") == "none" or el.get(f"{TEXT}is-hidden") == "true"
        if hidden and self.s.skip_hidden:
            self.s.report("hidden-text-skipped", text=text_of(el))
            return []
        blocks = self.children(el)
        if hidden:
            for block in blocks:
                if hasattr(block, "facets"):
                    block.facets = (*block.facets, HiddenFacet("hidden-section"))
        return blocks

    def block_change(self, el) -> list:
        """A change mark between paragraphs: an insertion of whole blocks opens or closes, a deletion
        of whole paragraphs comes back as paragraphs unless the mode drops it."""
        rid = el.get(f"{TEXT}change-id") or ""
        change = self.s.changes.get(rid)
        if change is None:
            return []
        if el.tag == f"{TEXT}change-end":
            if rid in self.s.open_insertions:
                self.s.open_insertions.remove(rid)
            return []
        if el.tag == f"{TEXT}change-start":
            if change.kind == "insertion":
                self.s.open_insertions.append(rid)
                if self.s.revisions == "reject":
                    self.s.report("tracked-insertions-dropped")
            elif change.kind == "format-change":
                self.s.report("format-changes-dropped")
            return []
        if change.kind != "deletion":
            return []
        if self.s.revisions == "accept":
            self.s.report("tracked-deletions-dropped")
            return []
        blocks = self.children(change.content)
        for block in blocks:
            if hasattr(block, "facets"):
                block.facets = (*block.facets, change.facet)
        return blocks


def merge_lists(blocks: list) -> list:
    """A list whose first item has no label of its own (it holds only a nested list) hangs that
    nested list under the last item of the list just before it; its other items stay a list."""
    out: list = []
    for block in blocks:
        if (isinstance(block, List) and out and isinstance(out[-1], List) and block.items
                and not _has_own_content(block.items[0].blocks) and out[-1].items):
            out[-1].items[-1].blocks.extend(block.items[0].blocks)
            if len(block.items) == 1:
                continue
            block.items = block.items[1:]
        out.append(block)
    return out


def _inlines_if_one(blocks: list) -> list:
    return blocks[0].children if len(blocks) == 1 and isinstance(blocks[0], (Paragraph, Heading)) else blocks


def _has_own_content(blocks: list) -> bool:
    for block in blocks:  # a loop, not any() over a generator: asked for every list item
        if not isinstance(block, List):
            return True
    return False


def _int(value: str | None, default: int) -> int:
    return int(value) if value and value.isdigit() and int(value) > 0 else default


_FORMATS = {"1": "decimal", "a": "lowerLetter", "A": "upperLetter", "i": "lowerRoman", "I": "upperRoman"}


def _number(n: int, fmt: str, state: State) -> str:
    """``n`` in a ``style:num-format``: 1, a, A, i, I (as Word's formats: ``aa`` after ``z``), or nothing;
    any other format (a script's own digits, "1st") is decimal, reported."""
    if fmt == "1":
        return str(n)  # the commonest, what word_number makes of "decimal"
    if not fmt:
        return ""
    name = _FORMATS.get(fmt)
    if name is None:
        state.report("list-format-unsupported", detail=fmt)
        name = "decimal"
    return word_number(n, name)
