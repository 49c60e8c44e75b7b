"""DrawingML text: runs to inlines, paragraphs with their bullet levels to paragraphs and nested lists.

Whether a paragraph is a bullet, a numbered item or plain text is decided by the first statement
found along the inheritance chain PowerPoint itself follows: the paragraph's own ``pPr``, the
shape's list style, the layout placeholder's, the master placeholder's, then the master's text
style for the shape's role (title, body, other).
"""

from __future__ import annotations


from zenconv.ir import (
    Emphasis, HardBreak, Link, List, ListItem, Paragraph, Strikethrough, Strong, Subscript, Superscript, Text, Underline,
)
from zenconv_plugins.numerals import autonum_label
from zenconv_plugins.runs import group_runs

from .package import NS, child
from zenconv.records import dataclass

_A = f"{{{NS['a']}}}"
_P = f"{{{NS['p']}}}"
_MC = f"{{{NS['mc']}}}"
_R_ID = f"{{{NS['r']}}}id"
_A14_M = "{http://schemas.microsoft.com/office/drawing/2010/main}m"
_M_T = "{http://schemas.openxmlformats.org/officeDocument/2006/math}t"

LINK_SCHEMES = ("http://", "https://", "mailto:")
_BULLETS = (f"{_A}buNone", f"{_A}buAutoNum", f"{_A}buChar", f"{_A}buBlip")
_BU_NONE, _BU_AUTONUM = _BULLETS[:2]
_AP, _PPR, _RPR, _T, _BR, _HLINK = f"{_A}p", f"{_A}pPr", f"{_A}rPr", f"{_A}t", f"{_A}br", f"{_A}hlinkClick"
_RUNS = (f"{_A}r", f"{_A}fld")
_ALTERNATE, _CHOICE, _FALLBACK = f"{_MC}AlternateContent", f"{_MC}Choice", f"{_MC}Fallback"
_LEVELS = tuple(f"{_A}lvl{n}pPr" for n in range(1, 10))


class ListStyles:
    """The list styles (``lstStyle``-like elements, nearest first) a text body's paragraphs inherit from
    where their own ``pPr`` states no bullet, then the chain ``then`` names; the bullet the first one
    stating it gives at a level (None: no bullet) is looked up once. A shape's chain is its own list
    style, then its layout placeholder's, its master placeholder's and the master's text style for its
    role: that tail is the same on every slide on the layout, so it is made once per deck
    (``SlideReader.styles``), its lookups with it."""

    __slots__ = ("styles", "then", "_at")

    def __init__(self, styles: tuple = (), then: ListStyles | None = None) -> None:
        self.styles = styles
        self.then = then
        self._at: dict[int, tuple | None] = {}

    def bullet(self, level: int) -> tuple | None:
        found = self._at.get(level, _UNSTATED)
        if found is not _UNSTATED:
            return found
        for style in self.styles:
            props = _level_props(style, level)
            if props is not None:
                found = _stated(props)
                if found is not _UNSTATED:
                    break
        if found is _UNSTATED:
            found = self.then.bullet(level) if self.then is not None else None
        self._at[level] = found
        return found


@dataclass(slots=True)
class Para:
    level: int
    bullet: tuple | None  # None, ("bullet",) or ("ordered", start, a:buAutoNum scheme)
    inlines: list


class TextReader:
    """Reads the text bodies of one part (a slide, a notes page), resolving links through its rels."""

    def __init__(self, ctx, rels: dict, locator) -> None:
        self.ctx = ctx
        self.rels = rels
        self.locator = locator

    # --- paragraphs ----------------------------------------------------------------------------

    def paragraphs(self, tx_body, styles: ListStyles) -> list[Para]:
        """The paragraphs of a ``txBody`` with their levels and bullets; ``styles`` is what they inherit
        where their own ``pPr`` states no bullet."""
        out: list[Para] = []
        if tx_body is None:
            return out
        segment = self._segment
        for p in tx_body:
            if p.tag != _AP:
                continue
            # The paragraph's children in one walk: its first pPr, and its runs, breaks and math as segments
            # (a pPr is none of these: the segments are those of every child)
            ppr = None
            segments: list[tuple[object, tuple]] = []
            for node in p:
                if node.tag == _PPR:
                    if ppr is None:
                        ppr = node
                else:
                    segment(node, segments)
            if ppr is None:
                level, bullet = 0, styles.bullet(0)
            else:
                level = _int(ppr.get("lvl"), 0, 0, 8)
                bullet = _stated(ppr)
                if bullet is _UNSTATED:
                    bullet = styles.bullet(level)
            inlines = _inlines(segments)
            if inlines:
                if bullet is not None and bullet[0] == "ordered" and autonum_label(bullet[2], 1) is None:
                    self.ctx.report("pptx.list-format-unsupported", self.locator, detail=bullet[2][:40])
                out.append(Para(level, bullet, inlines))
        return out

    def _segment(self, node, segments: list) -> None:
        tag = node.tag
        if tag in _RUNS:
            # node.findtext("a:t") and node.find("a:rPr") in one walk over the run's children
            t = rpr = None
            for part in node:
                if part.tag == _T:
                    if t is None:
                        t = part
                        if rpr is not None:
                            break
                elif part.tag == _RPR and rpr is None:
                    rpr = part
                    if t is not None:
                        break
            text = (t.text or "") if t is not None else ""
            if text:
                segments.append((text, self._format(rpr)))
        elif tag == _BR:
            segments.append((HardBreak(), ()))
        elif tag == _ALTERNATE:
            choice = child(node, _CHOICE)
            math = child(choice, _A14_M) if choice is not None else None
            if math is not None:
                text = "".join(t.text or "" for t in math.iter(_M_T))
                if text:
                    segments.append((text, ()))
                    self.ctx.report("pptx.math-as-text", self.locator)
                return
            fallback = child(node, _FALLBACK)
            for sub in fallback if fallback is not None else ():
                self._segment(sub, segments)
        elif tag == _A14_M:
            text = "".join(t.text or "" for t in node.iter(_M_T))
            if text:
                segments.append((text, ()))
                self.ctx.report("pptx.math-as-text", self.locator)

    def _format(self, rpr) -> tuple:
        if rpr is None:
            return ()
        flags = []
        if _on(rpr.get("b")):
            flags.append("b")
        if _on(rpr.get("i")):
            flags.append("i")
        if rpr.get("u") not in (None, "none"):
            flags.append("u")
        if rpr.get("strike") not in (None, "noStrike"):
            flags.append("s")
        baseline = _int(rpr.get("baseline"), 0, -1_000_000, 1_000_000)
        if baseline > 0:
            flags.append("sup")
        elif baseline < 0:
            flags.append("sub")
        click = child(rpr, _HLINK)
        if click is not None:
            rel = self.rels.get(click.get(_R_ID) or "")
            if rel is not None and rel.external and rel.target.lower().startswith(LINK_SCHEMES):
                flags.append(("link", rel.target))
            else:
                self.ctx.report("pptx.link-dropped", self.locator,
                                detail=(rel.target if rel is not None else click.get("action")) or None)
        return tuple(flags)


def blocks_of(paras: list[Para], locator) -> list:
    """Plain paragraphs stay paragraphs; runs of bulleted ones become lists nested by level."""
    blocks: list = []
    stack: list[tuple[int, List, tuple]] = []  # level, its list, its kind and scheme
    for para in paras:
        if para.bullet is None:
            stack.clear()
            blocks.append(Paragraph(para.inlines, locator=locator))
            continue
        ordered = para.bullet[0] == "ordered"
        while stack and stack[-1][0] > para.level:
            stack.pop()
        if stack and stack[-1][0] == para.level and stack[-1][2] != _numbering(para.bullet):
            stack.pop()  # the kind or the numbering scheme changed at this level: a new list begins
        if stack and stack[-1][0] == para.level:
            current = stack[-1][1]
        else:
            current = List([], ordered=ordered, start=para.bullet[1] if ordered else 1, locator=locator)
            if stack:
                stack[-1][1].items[-1].blocks.append(current)
            else:
                blocks.append(current)
            stack.append((para.level, current, _numbering(para.bullet)))
        label = None
        if ordered:  # the number as the slide shows it ("c)", "(iv)"); an unknown scheme's in decimal
            number = current.start + len(current.items)
            label = autonum_label(para.bullet[2], number) or f"{number}."
        current.items.append(ListItem([Paragraph(para.inlines, locator=locator)], locator=locator, label=label))
    return blocks


# --- helpers -----------------------------------------------------------------------------------


def _on(value: str | None) -> bool:
    return value in ("1", "true", "on")


def _int(value: str | None, default: int, low: int, high: int) -> int:
    try:
        return max(low, min(high, int(value))) if value is not None else default
    except ValueError:
        return default


def _level_props(style, level: int):
    return child(style, _LEVELS[level]) if style is not None else None


def _numbering(bullet: tuple) -> tuple:
    """What makes two items at one level one list: bullets, or numbers in one scheme."""
    return bullet[0], bullet[2] if bullet[0] == "ordered" else None


_UNSTATED = object()   # a pPr that says nothing of bullets: the next in the chain decides


def _stated(ppr):
    """The bullet a ``pPr``-like element states: None for ``buNone``, or :data:`_UNSTATED`."""
    for node in ppr:
        tag = node.tag
        if tag not in _BULLETS:
            continue
        if tag == _BU_NONE:
            return None
        if tag == _BU_AUTONUM:
            return ("ordered", _int(node.get("startAt"), 1, 0, 1 << 30), node.get("type") or "arabicPeriod")
        return ("bullet",)
    return _UNSTATED


def _inlines(segments: list) -> list:
    """A paragraph's segments as inlines, trimmed (:func:`_trim_runs`) and grouped by format."""
    if len(segments) == 1:
        piece, fmt = segments[0]
        if isinstance(piece, str):
            # Most paragraphs are one run: the trim only strips its white space, and it is its own group.
            piece = piece.strip()
            return _wrap([Text(piece)], fmt) if piece else []
    return group_runs(_trim_runs(segments), _wrap)


def _trim_runs(segments: list) -> list:
    """Leading and trailing breaks go; a blank run between two runs of one format takes that format,
    so ``bold`` + `` `` + ``bold`` stays one bold span."""
    while segments and isinstance(segments[0][0], HardBreak):
        segments.pop(0)
    while segments and isinstance(segments[-1][0], HardBreak):
        segments.pop()
    if not any(isinstance(s, str) and s.strip() for s, _ in segments):
        return []
    # A paragraph's leading and trailing white space is layout, not text.
    if isinstance(segments[0][0], str):
        segments[0] = (segments[0][0].lstrip(), segments[0][1])
    if isinstance(segments[-1][0], str):
        segments[-1] = (segments[-1][0].rstrip(), segments[-1][1])
    segments = [(s, f) for s, f in segments if not isinstance(s, str) or s]
    out = []
    for i, (seg, fmt) in enumerate(segments):
        if isinstance(seg, str) and not seg.strip():
            before = segments[i - 1][1] if i else ()
            after = segments[i + 1][1] if i + 1 < len(segments) else ()
            fmt = before if before == after else tuple(f for f in fmt if isinstance(f, tuple) and f in before and f in after)
        out.append((seg, fmt))
    return out


_WRAPPERS = {"b": Strong, "i": Emphasis, "u": Underline, "s": Strikethrough, "sup": Superscript, "sub": Subscript}


def _wrap(children: list, fmt: tuple) -> list:
    if not fmt:
        return children  # plain text, most runs
    for flag in reversed(("b", "i", "u", "s", "sup", "sub")):
        if flag in fmt:
            children = [_WRAPPERS[flag](children)]
    for flag in fmt:
        if isinstance(flag, tuple):
            children = [Link(children, flag[1])]
    return children
