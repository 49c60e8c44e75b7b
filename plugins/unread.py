"""Parts no OOXML reader reads: found by walking the package's own relationships, reported with their text.

A reader follows the relationships it knows (a document's headers, a slide's layout, a sheet's comments).
A part hanging off a relationship of any other type (a tool's private part, a shared workbook's
revision log, a chart's user shapes) would be lost with no report. After reading, each reader walks the
package from its root relationships, as the conservation check does, and every internal part reached by
a type outside :data:`READ_TYPES` that holds text is reported under the reader's ``part-not-read`` code,
taking that text (its type and name in the detail). A part that is not XML, or that the safe layer
refuses, holds no text a report could take: it is left as it is (the reader never needed it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from zenconv.ir.locator import Locator
from zenconv.reports import Unreadable
from zenconv_plugins.targets import detail as one_line

# The relationship types (their last segment) some reader reads, or leaves by a rule: formatting, settings,
# metadata carried in the manifest, binaries, a part whose text another part repeats (a SmartArt drawing, a
# thread's note twin, a table's column names), data bound to the document (custom XML).
READ_TYPES = frozenset((
    # the package and its properties
    "officeDocument", "core-properties", "extended-properties", "extendedProperties", "custom-properties",
    "thumbnail", "digital-signature", "origin", "signature",
    # formatting and settings
    "styles", "stylesWithEffects", "theme", "themeOverride", "settings", "webSettings", "fontTable", "font",
    "numbering", "presProps", "viewProps", "tableStyles", "printerSettings", "style-map", "chartStyle",
    "chartColorStyle", "customXml", "customXmlProps", "xmlMaps", "calcChain", "usernames",
    # binaries and links (their own codes when they matter)
    "image", "hyperlink", "oleObject", "package", "audio", "video", "media", "vbaProject", "wordVbaData",
    "control", "ctrlProp", "activeXControlBinary", "attachedTemplate", "subDocument", "frame",
    "mailMergeSource", "mailMergeHeaderSource", "recipientData", "externalLink", "externalLinkPath",
    "connections", "queryTable",
    # Word
    "footnotes", "endnotes", "comments", "commentsExtended", "commentsIds", "commentsExtensible", "people",
    "header", "footer", "glossaryDocument",
    # drawings, charts and SmartArt
    "chart", "chartEx", "drawing", "vmlDrawing", "diagramData", "diagramLayout", "diagramQuickStyle",
    "diagramColors", "diagramDrawing",
    # PowerPoint
    "slide", "slideLayout", "slideMaster", "notesSlide", "notesMaster", "handoutMaster", "commentAuthors",
    "authors", "tags",
    # Excel
    "worksheet", "chartsheet", "dialogsheet", "macrosheet", "xlMacrosheet", "xlIntlMacrosheet", "sharedStrings",
    "threadedComment", "person", "table", "tableSingleCells", "pivotTable", "pivotCacheDefinition", "slicer",
    "slicerCache", "timeline", "timelineCache",
))


def report_unread_parts(rels_of: Callable[[str], Iterable[tuple[str, str | None]]], parse: Callable[[str], object],
                        ctx) -> None:
    """Walk the package from its root (``rels_of("")``: each part's internal (type, target) pairs) and
    report each part reached by a type outside READ_TYPES whose XML (``parse``, the reader's safe parse;
    None when missing) holds text, under ``<reader>.part-not-read`` at the part, taking the text. Each
    part is visited once, its own relationships followed too: a chain of unknown parts is reported part
    by part."""
    seen = {""}
    queue = [""]
    while queue:
        part = queue.pop(0)
        try:
            rels = list(rels_of(part))
        except Unreadable:
            continue  # relationships the reader never needed, refused by the safe layer: nothing to follow
        for kind, target in rels:
            if not target or target in seen:
                continue
            seen.add(target)
            ctx.checkpoint()
            queue.append(target)
            if kind in READ_TYPES or not target.lower().endswith(".xml"):
                continue
            text = _text(parse, target)
            if text:
                ctx.report(ctx.code("part-not-read"), Locator(part=target), detail=one_line(f"{kind} {target}"),
                           text=text)


def _text(parse: Callable[[str], object], part: str) -> str:
    """The part's text nodes, one line each; "" when it has none or does not parse."""
    try:
        root = parse(part)
    except Unreadable:
        return ""
    if root is None:
        return ""
    texts = []
    for el in root.iter():
        if isinstance(el.tag, str) and el.text and el.text.strip():  # an element's, not a comment's
            texts.append(el.text.strip())
        if el is not root and el.tail and el.tail.strip():
            texts.append(el.tail.strip())
    return "\n".join(texts)


def rel_kind(rel_type: str) -> str:
    """A relationship type URI's last segment (``.../relationships/header`` is ``header``)."""
    return rel_type.rstrip("/").rsplit("/", 1)[-1]
