"""What the unpackaged sources hold: PDF pages by pdfminer, CSV fields by :mod:`csv`, HTML text nodes
by lxml, Markdown text by mistune's syntax tree; none through a zenconv reader."""

from __future__ import annotations

import csv
import html
import io

from ..safe.text import decode_text
from . import rules
from .flow import BLOCK, DESCEND, SKIP, lines
from .model import Part
from ..patterns import pattern

_PDF_SKIPPED = pattern("|".join(rules.PDF_SKIPPED))
CSV_ROWS_PER_PART = 1000  # a part names where a loss is: rows 1-1000, 1001-2000, ...
_SNIFF_CHARS = 1 << 16


def pdf_parts(path) -> list[Part]:
    """Each page's text as pdfminer's layout analysis joins its characters into words and lines, vertical
    lines included (a rotated page's, a note up a margin: else each letter is a line of its own), a glyph
    drawn again on itself counted once (``rules.PDF_OVERPRINT``, the rule the reader draws by: within 0.15
    of its size and a fifth of its width, so zero-width marks drawn at one place all count)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTTextContainer

    parts = []
    for number, page in enumerate(extract_pages(path, laparams=LAParams(detect_vertical=True)), 1):
        drawn: dict[tuple[str, int, int], list] = {}
        text = "\n".join(_box_text(box, drawn) for box in page if isinstance(box, LTTextContainer))
        parts.append(Part(f"page {number}", "page", _PDF_SKIPPED.sub(" ", text)))
    return parts


def _box_text(box, drawn: dict) -> str:
    """A text box's text, leaving out each glyph that repeats one already seen on the page."""
    from pdfminer.layout import LTChar, LTTextLine

    out = []
    for line in box:
        if not isinstance(line, LTTextLine):
            out.append(line.get_text())
            continue
        out += [piece.get_text() for piece in line if not (isinstance(piece, LTChar) and _overprinted(piece, drawn))]
    return "".join(out)


def _overprinted(glyph, drawn: dict) -> bool:
    near = max(min(rules.PDF_OVERPRINT * glyph.size, 0.2 * (glyph.x1 - glyph.x0)), 0.05)
    key = (glyph.get_text(), round(glyph.x0), round(glyph.y0))
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for x0, y0, size in drawn.get((key[0], key[1] + dx, key[2] + dy), ()):
                if abs(x0 - glyph.x0) <= near and abs(y0 - glyph.y0) <= near and abs(size - glyph.size) <= near:
                    return True
    drawn.setdefault(key, []).append((glyph.x0, glyph.y0, glyph.size))
    return False


def csv_parts(data: bytes, name: str) -> list[Part]:
    text, _ = decode_text(data)
    if name.lower().endswith((".tsv", ".tab")):
        delimiter = "\t"
    else:
        try:
            delimiter = csv.Sniffer().sniff(text[:_SNIFF_CHARS], delimiters=",;\t|").delimiter
        except csv.Error:
            delimiter = ","
    parts: list[Part] = []
    rows: list[str] = []
    first = 1
    try:
        for number, record in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 1):
            rows.append("\t".join(record))
            if len(rows) == CSV_ROWS_PER_PART:
                parts.append(Part(f"rows {first}-{number}", "rows", "\n".join(rows)))
                rows, first = [], number + 1
    except csv.Error:  # a field past csv's size limit: the rest counted as it stands
        rows.append(text)
    if rows:
        parts.append(Part(f"rows {first}-{first + len(rows) - 1}", "rows", "\n".join(rows)))
    return parts


def _html_classify(el):
    tag = el.tag.lower() if isinstance(el.tag, str) else ""
    if tag in rules.HTML_SKIPPED:
        return SKIP
    return BLOCK if tag in rules.HTML_BLOCKS else DESCEND


def html_text(markup: str | bytes) -> list[str]:
    import lxml.html
    from lxml import etree

    try:
        root = lxml.html.document_fromstring(markup)
    except (etree.ParserError, ValueError):
        return []
    return lines(root, _html_classify, mixed=True)


def html_parts(data: bytes) -> list[Part]:
    return [Part("body", "html", "\n".join(html_text(data)))]


_MD_BLOCKS = frozenset({"paragraph", "heading", "block_code", "list_item", "table_cell", "block_quote",
                        "block_text", "footnote_item", "thematic_break"})
_MD_SPACES = frozenset({"softbreak", "linebreak", "blank_line"})


def markdown_parts(data: bytes) -> list[Part]:
    """The text of mistune's syntax tree (the extensions score.py reads with); raw HTML by its text nodes."""
    import mistune

    text, _ = decode_text(data)
    parse = mistune.create_markdown(renderer=None, plugins=["table", "strikethrough", "footnotes", "task_lists"])
    found: list[str] = []
    stack = [(token, False) for token in reversed(parse(text))]
    line: list[str] = []
    while stack:
        token, closing = stack.pop()
        kind = token.get("type", "")
        if closing or kind in _MD_BLOCKS:
            found.append("".join(line))
            line = []
            if closing:
                continue
        if kind in _MD_SPACES:
            line.append(" ")
        elif kind == "block_html":  # rules.MARKDOWN_HTML
            found.extend(html_text(token.get("raw", "")) if token.get("raw", "").strip() else [])
        elif kind == "text":  # mistune's tree keeps character references as written
            line.append(html.unescape(token.get("raw", "")))
        elif kind != "inline_html" and "raw" in token and not token.get("children"):
            line.append(token["raw"])
        if kind in _MD_BLOCKS:
            stack.append((token, True))
        stack.extend((child, False) for child in reversed(token.get("children") or ()))
    found.append("".join(line))
    return [Part("text", "markdown", "\n".join(t for t in found if t.strip()))]
