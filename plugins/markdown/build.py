"""mistune's tokens to IR blocks, inline parsing guarded paragraph by paragraph, raw HTML through
the HTML reader's allowlist."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from mistune.plugins.footnotes import parse_footnote_item
from mistune.util import unescape
from zenconv_plugins.html.convert import Converter
from zenconv_plugins.html.parse import parse_fragment
from zenconv_plugins.html.tree import html_int

from zenconv.ir import (
    BlockQuote, Cell, Code, CodeBlock, Columns, Emphasis, HardBreak, Heading, List, ListItem, Locator, Note,
    NoteRef, Paragraph, Row, Strikethrough, Strong, Table, Text, ThematicBreak,
)

from .parser import Parsers, Frame
from .render import LINE_ATTR, NOTE_REF_TAG, blocks_html, inlines_html, plain
from zenconv.patterns import pattern

# Tags an HTML block may leave open for Markdown to follow, closed by a later HTML block. Elements
# whose end tag HTML lets a parser infer (p, li, td…) and void elements never hold a group open.
_TAG = pattern(r"<(/?)([A-Za-z][A-Za-z0-9-]*)(?:\s[^>]*)?>")
# What cannot hold a tag: a comment, and the text of script, style, textarea and title. Found opener by
# opener, each end searched for once: a lazy pattern rescanned to the end from every unclosed opener.
_RAW_OPEN = pattern(r"<!--|<(script|style|textarea|title)\b", re.IGNORECASE)
_RAW_CLOSE = {name: pattern(rf"</{name}\s*>", re.IGNORECASE) for name in ("script", "style", "textarea", "title")}
_SELF_CLOSING = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "option", "optgroup", "colgroup",
    "caption", "rb", "rt", "rp", "rtc",
})


# GFM's tag filter: these tags are shown as text, not read as HTML (a textarea or an xmp would swallow
# the rest of the page). Script, style and iframe stay HTML, to be dropped and reported by the allowlist.
_FILTERED = pattern(r"<(?=/?(?:title|textarea|xmp|noembed|noframes|plaintext)(?:[\s/>]|$))", re.IGNORECASE)


def tag_filter(raw: str) -> str:
    return _FILTERED.sub("&lt;", raw)


class Builder:
    def __init__(self, ctx, parsers: Parsers, state) -> None:
        self.ctx = ctx
        self.parsers = parsers
        self.state = state
        self.env = state.env
        self.labels: dict[str, str] = self.env.get("_footnote_labels", {})
        self.conv = Converter(ctx, note_ref_tag=NOTE_REF_TAG, note_ids=self._note_id)
        self.max_rows = ctx.options.get("max_rows", 5_000_000)
        self._group_work = 0  # HTML blocks looked through for the end of an open group, in all
        # each open group rescans the blocks after it: bounded, all groups together
        self._group_limit = ctx.options.get("max_html_group_blocks", 100_000)

    def code(self, what: str) -> str:
        return f"{self.ctx.namespace}.{what}"

    # --- blocks ------------------------------------------------------------------------------------

    def blocks(self, tokens: list) -> Iterator:
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            self.ctx.checkpoint()
            if tok["type"] == "block_html":
                end = self._group_end(tokens, i)
                if end is None:
                    yield from self._html(tok["raw"], tok.get("_line"))
                else:
                    inner = blocks_html(tokens[i + 1:end], self.inline_tokens)
                    yield from self._html(tok["raw"] + inner + tokens[end]["raw"], tok.get("_line"))
                    i = end
            else:
                yield from self._block(tok)
            i += 1

    def _group_end(self, tokens: list, start: int) -> int | None:
        """The index of the HTML block that closes what the block at ``start`` leaves open, if any.

        Each block left open looks through the HTML blocks after it, so blocks that never close make
        the search quadratic: past ``--max-html-group-blocks`` blocks looked at in all, the rest of the document's
        HTML blocks are read one at a time, and that is reported."""
        if self._group_work > self._group_limit:
            return None
        stack = _open_after(tokens[start]["raw"], [])
        if not stack:
            return None
        for j in range(start + 1, len(tokens)):
            if tokens[j]["type"] == "block_html":
                self._group_work += 1
                if self._group_work > self._group_limit:
                    self.ctx.report("markdown.html-group-capped", Locator(line=tokens[start].get("_line")))
                    return None
                self.ctx.tick()
                stack = _open_after(tokens[j]["raw"], stack)
                if not stack:
                    return j
        return None

    def _block(self, tok: dict) -> Iterator:
        kind = tok["type"]
        where = Locator(line=tok.get("_line"))
        if kind in ("paragraph", "block_text"):
            inlines = self.inlines(tok)
            if inlines:
                yield Paragraph(inlines, (), where)
        elif kind == "heading":
            yield Heading(tok["attrs"]["level"], self.inlines(tok), (), where)
        elif kind == "block_code":
            raw = tok["raw"]
            info = unescape((tok.get("attrs") or {}).get("info") or "").split()
            yield CodeBlock(raw.removesuffix("\n"), info[0] if info else None, (), where)
        elif kind == "block_quote":
            yield BlockQuote(list(self.blocks(tok["children"])), (), where)
        elif kind == "list":
            yield self._list(tok, where)
        elif kind == "thematic_break":
            yield ThematicBreak((), where)
        elif kind == "table":
            yield from self._table(tok, where)
        elif kind != "blank_line":
            self.ctx.report(self.code("unhandled-construct"), where, detail=kind)
            if "children" in tok:
                yield from self.blocks(tok["children"])
            elif "text" in tok:
                yield Paragraph(self.inlines(tok), (), where)

    def _list(self, tok: dict, where: Locator) -> List:
        attrs = tok["attrs"]
        items = []
        for item in tok["children"]:
            children = item["children"]
            line = next((c["_line"] for c in children if "_line" in c), where.line)
            checked = item["attrs"]["checked"] if item["type"] == "task_list_item" else None
            items.append(ListItem(list(self.blocks(children)), checked, (), Locator(line=line)))
        return List(items, bool(attrs.get("ordered")), attrs.get("start", 1), (), where)

    def _table(self, tok: dict, where: Locator) -> Iterator:
        head, body = tok["children"]
        if any((c.get("attrs") or {}).get("align") for c in head["children"]):
            self.ctx.report(self.code("table-alignment-dropped"), where)
        tables = self.conv.tables
        tables.count += 1
        ordinal = tables.count
        line = where.line
        rows = [Row([Cell(self.inlines(c), header=True) for c in head["children"]], (),
                    Locator(line=line, table=ordinal, row=0))]
        notes = []
        body_rows = body["children"]
        if len(body_rows) + 1 > self.max_rows:
            cut = len(body_rows) + 1 - self.max_rows
            self.ctx.report(self.code("table-truncated"), where, detail=f"{cut} rows past --max-rows")
            notes.append(f"Table cut at {self.max_rows} rows: {cut} more were not read (--max-rows).")
            body_rows = body_rows[: max(self.max_rows - 1, 0)]
        for i, row in enumerate(body_rows, start=1):
            self.ctx.checkpoint()
            cells = []
            for c in row["children"]:
                content = self.inlines(c)
                cells.append("" if not content else content[0].text if len(content) == 1 and type(content[0]) is Text
                             else Cell(content))
            rows.append(Row(cells, (), Locator(line=None if line is None else line + 1 + i, table=ordinal, row=i)))
        yield Table(rows, Columns(count=len(head["children"])), None, notes, (), Locator(line=line, table=ordinal))

    def _html(self, raw: str, line: int | None) -> Iterator:
        fragment = parse_fragment(tag_filter(raw), self.ctx.namespace)
        if fragment is None:
            return
        self.conv.line_of = _lines_in(line)
        self.conv.prepare(fragment)
        yield from self.conv.blocks(fragment)

    # --- inlines -----------------------------------------------------------------------------------

    def inline_tokens(self, tok: dict) -> list:
        """A block token's inline tokens, parsed once, with the guards of :class:`Parsers`."""
        if "text" not in tok:
            return tok.get("children", [])
        text = tok.pop("text").strip(" \r\n\t\f")
        md, emphasis, links = self.parsers.inline_for(text)
        where = Locator(line=tok.get("_line"))
        if not emphasis:
            self.ctx.report(self.code("emphasis-skipped"), where)
        if not links:
            self.ctx.report(self.code("links-skipped"), where)
        tok["children"] = md.inline(text, self.env)
        return tok["children"]

    def inlines(self, tok: dict) -> list:
        tokens = self.inline_tokens(tok)
        line = tok.get("_line")
        if _has_html(tokens):
            fragment = parse_fragment(tag_filter(inlines_html(tokens)), self.ctx.namespace)
            if fragment is None:
                return []
            self.conv.line_of = _lines_in(line)
            self.conv.prepare(fragment)
            return self.conv.inlines(fragment)
        return _merge(self._inlines(tokens, Locator(line=line)))

    def _inlines(self, tokens: list, where: Locator) -> list:
        out: list = []
        for tok in tokens:
            kind = tok["type"]
            if kind == "text":
                out.append(Text(unescape(tok["raw"])))
            elif kind == "softbreak":
                out.append(Text("\n"))
            elif kind == "linebreak":
                out.append(HardBreak())
            elif kind == "codespan":
                out.append(Code(tok["raw"]))
            elif kind == "emphasis":
                out.append(Emphasis(_merge(self._inlines(tok["children"], where))))
            elif kind == "strong":
                out.append(Strong(_merge(self._inlines(tok["children"], where))))
            elif kind == "strikethrough":
                out.append(Strikethrough(_merge(self._inlines(tok["children"], where))))
            elif kind == "link":
                attrs = tok["attrs"]
                kids = _merge(self._inlines(tok["children"], where))
                title = unescape(attrs["title"]) if attrs.get("title") else None
                out.extend(self.conv.links.link(kids, attrs["url"], title, where, plain(tok["children"])))
            elif kind == "image":
                attrs = tok["attrs"]
                title = unescape(attrs["title"]) if attrs.get("title") else None
                out.extend(self.conv.links.image(attrs["url"], plain(tok["children"]), title, where))
            elif kind == "footnote_ref":
                out.append(NoteRef(self.labels.get(tok["raw"], tok["raw"])))
            else:
                self.ctx.report(self.code("unhandled-construct"), where, detail=kind)
                if "children" in tok:
                    out.extend(self._inlines(tok["children"], where))
                elif "raw" in tok:
                    out.append(Text(tok["raw"]))
        return out

    # --- notes -------------------------------------------------------------------------------------

    def _note_id(self, key: str) -> str | None:
        refs = self.env.get("ref_footnotes") or {}
        return self.labels.get(key, key) if key in refs else None

    def notes(self, md) -> list[Note]:
        """The footnotes: those referenced, in order of first reference, then those never referenced."""
        refs = self.env.get("ref_footnotes") or {}
        lines = self.env.get("_footnote_lines", {})
        done: set[str] = set()
        notes: list[Note] = []
        while True:
            order = [*(self.env.get("footnotes") or []), *refs]
            key = next((k for k in order if k not in done and k in refs), None)
            if key is None:
                return notes
            done.add(key)
            line = lines.get(key)
            self.state.frames.append(Frame(0, line=line))
            try:
                item = parse_footnote_item(md.block, key, len(notes) + 1, self.state)
            finally:
                self.state.frames.pop()
            for child in item["children"]:
                child.setdefault("_line", line)
            notes.append(Note(self.labels.get(key, key), list(self.blocks(item["children"]))))


def _lines_in(line: int | None):
    """Where an element of a fragment is: its line attribute, else the fragment's line plus its own."""
    def line_of(el):
        stated = html_int(el.get(LINE_ATTR))
        if stated is not None:
            return stated
        if line is None:
            return None
        return line + (el.sourceline or 1) - 1
    return line_of


def _has_html(tokens: list) -> bool:
    for tok in tokens:
        if tok["type"] == "inline_html" or ("children" in tok and _has_html(tok["children"])):
            return True
    return False


def _merge(nodes: list) -> list:
    out: list = []
    for node in nodes:
        if type(node) is Text and out and type(out[-1]) is Text:
            out[-1] = Text(out[-1].text + node.text)
        elif type(node) is not Text or node.text:
            out.append(node)
    return out




def _without_raw_text(raw: str) -> str:
    """``raw`` without its comments and raw-text elements; an opener never closed stays, as text."""
    out: list[str] = []
    at = 0
    unclosed: set[str] = set()  # kinds whose end is nowhere ahead: no later opener of them closes either
    while (opener := _RAW_OPEN.search(raw, at)) is not None:
        kind = (opener.group(1) or "--").lower()
        end = -1
        if kind not in unclosed:
            if kind == "--":
                end = raw.find("-->", opener.end())
                end = end + 3 if end >= 0 else -1
            else:
                close = _RAW_CLOSE[kind].search(raw, opener.end())
                end = close.end() if close is not None else -1
        if end < 0:
            unclosed.add(kind)
            out.append(raw[at:opener.start() + 1])
            at = opener.start() + 1
            continue
        out.append(raw[at:opener.start()])
        at = end
    out.append(raw[at:])
    return "".join(out)


def _tags(raw: str) -> list[tuple[str, str]]:
    """The start and end tags of ``raw`` outside its raw text. Every tag ends with ``>``: the text after
    the last one cannot hold a tag, and cutting it keeps an unclosed run from being rescanned."""
    text = _without_raw_text(raw)
    return _TAG.findall(text, 0, text.rfind(">") + 1)


def _open_after(raw: str, stack: list[str]) -> list[str]:
    """The elements still open after ``raw``, given those open before it: an end tag closes the last
    open element of its name and every element opened after it."""
    stack = list(stack)
    open_count = Counter(stack)  # so an end tag with nothing to close costs nothing
    for closing, name in _tags(raw):
        name = name.lower()
        if name in _SELF_CLOSING:
            continue
        if not closing:
            stack.append(name)
            open_count[name] += 1
        elif open_count[name]:
            while True:
                top = stack.pop()
                open_count[top] -= 1
                if top == name:
                    break
    return stack
