"""One ODF table cell as text: typed from ``office:value-type``, never from its displayed text.

A float, percentage or currency cell is its ``office:value`` in the canonical number form the XLSX
reader writes (``0.125`` for 12.5 %, ``15950`` for a currency: the display is not applied); a date
is ISO text; a time (an ISO 8601 duration) is ``09:30:00``; a boolean ``TRUE``/``FALSE``; a string
its paragraphs joined by line breaks, with ``text:a`` links kept (the cell is then a Cell of
inlines). Annotations and frames inside a cell are never part of its text: an annotation is a comment
(:func:`annotation_comment`), its paragraphs read by the same rules.
"""

from __future__ import annotations

from collections import Counter

from zenconv_plugins.xlsx.values import duration_text, float_text, iso_text

from zenconv.ir.nodes import Block, Cell, Code, Link, Paragraph, Text
from zenconv_plugins.comments import Comment

OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
DC = "{http://purl.org/dc/elements/1.1/}"
META = "{urn:oasis:names:tc:opendocument:xmlns:meta:1.0}"
XLINK = "{http://www.w3.org/1999/xlink}"
CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"

VALUE_TYPE = OFFICE + "value-type"
FORMULA = TABLE + "formula"
_NUMERIC = ("float", "percentage", "currency")
_TYPED = frozenset((*_NUMERIC, "date", "time", "boolean"))
_PARAGRAPHS = (TEXT + "p", TEXT + "h")
_IGNORED = (TEXT + "soft-page-break", TEXT + "bookmark", TEXT + "bookmark-start", TEXT + "bookmark-end")


def holds_value(cell) -> bool:
    """Whether a cell has anything to show (a typed value or text), for the survey pass."""
    if cell.get(VALUE_TYPE) is not None:
        return True
    return any(child.tag in _PARAGRAPHS and (child.text or len(child)) for child in cell)


def frame_kind(frame) -> str:
    """What a ``draw:frame`` (or other drawing element) holds, as an ODS report code suffix."""
    if frame.tag != DRAW + "frame":
        return "shapes-dropped"
    for child in frame:
        if child.tag == DRAW + "image":
            return "images-dropped"
        if child.tag == DRAW + "object" or child.tag == DRAW + "object-ole":
            return "charts-dropped"
    return "shapes-dropped"


def annotation_comment(annotation, counts: Counter) -> Comment:
    """An ``office:annotation``: ``dc:creator``, ``meta:creator-initials`` and ``dc:date`` as written,
    its paragraphs (those of a list inside it too) with the inlines a cell's text keeps."""
    blocks: list[Block] = []
    comment = Comment(blocks)
    for child in annotation:
        tag = child.tag
        if tag == DC + "creator":
            comment.author = child.text
        elif tag == DC + "date":
            comment.date = child.text
        elif tag == META + "creator-initials":
            comment.initials = child.text
        elif isinstance(tag, str):
            for paragraph in ((child,) if tag in _PARAGRAPHS else child.iter(*_PARAGRAPHS)):
                inlines: list = []
                _inlines(paragraph, inlines, counts, top=True)
                if inlines:
                    blocks.append(Paragraph(inlines))
    return comment


def shown_value(cell, counts: Counter, shown: bool):
    """The cell's value and, for a typed cell whose displayed text (its ``text:p``, what the number style
    made of the value) is not its stored value, the (raw, shown) pair; the value is the shown text under
    ``--values shown``, the raw one under ``raw``. A typed cell with no displayed text writes its raw value,
    counted ``display-formats-not-applied`` under ``shown``."""
    kind = cell.get(VALUE_TYPE)
    raw = cell_value(cell, counts)
    if kind not in _TYPED or type(raw) is not str:
        return raw, None
    display = _text_value(cell, Counter())
    if type(display) is not str or not display:
        counts["display-formats-not-applied"] += shown and kind != "float" and kind != "boolean"
        return raw, None
    if display == raw:
        return raw, None
    return (display if shown else raw), (raw, display)


def cell_value(cell, counts: Counter):
    """The cell's stored value as text (or a Cell when it holds links); "" when it is empty."""
    kind = cell.get(VALUE_TYPE)
    if kind in _NUMERIC:
        raw = cell.get(OFFICE + "value")
        if raw is None:
            return _text_value(cell, counts)
        try:
            text = float_text(float(raw))
        except ValueError:
            counts["bad-cell-value"] += 1
            return raw
        return text
    if kind == "date":
        raw = cell.get(OFFICE + "date-value")
        return iso_text(raw) if raw else _text_value(cell, counts)
    if kind == "time":
        raw = cell.get(OFFICE + "time-value")
        return duration_text(raw) if raw else _text_value(cell, counts)
    if kind == "boolean":
        raw = (cell.get(OFFICE + "boolean-value") or "").strip().lower()
        if raw in ("true", "1"):
            return "TRUE"
        if raw in ("false", "0"):
            return "FALSE"
        return _text_value(cell, counts)
    if kind == "string":
        stated = cell.get(OFFICE + "string-value")
        return stated if stated else _text_value(cell, counts)
    value = _text_value(cell, counts)
    if not value and cell.get(FORMULA) is not None:
        counts["formula-without-cached-value"] += 1
        return blank_formula(cell.get(FORMULA))
    return value


FORMULA_SHOWN = 256  # characters of a formula shown in its cell, as the XLSX reader shows them


def blank_formula(formula: str) -> Cell:
    """A formula with no cached value, as code (``=[.A2]+[.B2]``, the ``of:`` namespace left out), so the
    blank is visibly a formula's; never evaluated."""
    text = " ".join(formula.split())
    prefix, colon, rest = text.partition(":")
    if colon and prefix.isalpha():
        text = rest
    text = text.lstrip("=")
    if len(text) > FORMULA_SHOWN:
        text = text[:FORMULA_SHOWN - 1] + "…"
    return Cell([Code("=" + (text or "…"))])


def _text_value(cell, counts: Counter):
    inlines: list = []
    first = True
    for child in cell:
        tag = child.tag
        if tag in _PARAGRAPHS:
            if not first:
                _append(inlines, "\n")
            first = False
            _inlines(child, inlines, counts, top=True)
        elif tag == OFFICE + "annotation":
            continue  # counted by the survey; an annotation is never part of the value
        elif tag.startswith(DRAW):
            continue  # frames and shapes: counted by the survey
        elif isinstance(tag, str) and tag not in _IGNORED:
            counts["unhandled-construct"] += 1
            _append(inlines, "".join(child.itertext()))
    if not any(isinstance(i, Link) for i in inlines):
        return "".join(i.text for i in inlines)
    return Cell([i for i in inlines if not isinstance(i, Text) or i.text])


def _append(inlines: list, text: str) -> None:
    if not text:
        return
    if inlines and isinstance(inlines[-1], Text):
        inlines[-1] = Text(inlines[-1].text + text)
    else:
        inlines.append(Text(text))


def _inlines(element, inlines: list, counts: Counter, top: bool = False) -> None:
    _append(inlines, element.text or "")
    for child in element:
        tag = child.tag
        if tag == TEXT + "span":
            counts["rich-text-flattened"] += top
            _inlines(child, inlines, counts)
        elif tag == TEXT + "s":
            _append(inlines, " " * _count(child.get(TEXT + "c")))
        elif tag == TEXT + "tab":
            _append(inlines, "\t")
        elif tag == TEXT + "line-break":
            _append(inlines, "\n")
        elif tag == TEXT + "a":
            label: list = []
            _inlines(child, label, counts)
            text = "".join(i.text for i in label if isinstance(i, Text))
            target = child.get(XLINK + "href")
            if target and text:
                inlines.append(Link([Text(text)], target))
            else:
                _append(inlines, text)
        elif tag == OFFICE + "annotation" or (isinstance(tag, str) and tag.startswith(DRAW)):
            pass  # counted by the survey
        elif isinstance(tag, str) and tag not in _IGNORED:
            counts["unhandled-construct"] += 1
            _inlines(child, inlines, counts)
        _append(inlines, child.tail or "")


def _count(raw: str | None) -> int:
    try:
        return min(max(int(raw), 1), 1000) if raw else 1
    except ValueError:
        return 1
