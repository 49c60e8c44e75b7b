"""What the accounting counts as a document's text, and every exclusion, each with its reason.

One place: the extractors read these tables and nothing else decides what is content. A rule
names the XML element, part or relationship it covers; its value says why.
"""

from __future__ import annotations

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
M = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
X = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
TC = "{http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments}"
PC = "{http://schemas.microsoft.com/office/powerpoint/2018/8/main}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
DC = "{http://purl.org/dc/elements/1.1/}"

# --- OOXML ---------------------------------------------------------------------------------------

OOXML_TEXT = {
    W + "t": "a run's text (body, headers, footers, notes, comments, text boxes, glossary)",
    A + "t": "DrawingML text: slides, layouts, masters, notes, shapes, SmartArt data, chart titles",
    M + "t": "an equation's text, compared symbol by symbol (the output writes it as LaTeX)",
    X + "t": "spreadsheet text: shared and inline strings, legacy comments, rich text runs",
    C + "v": "a chart's cached values: series names, categories and numbers",
    P + "text": "a legacy PowerPoint comment's text",
    TC + "text": "an Excel threaded comment's text",
}
"""Elements whose text is the document's text."""

OOXML_SPACES = frozenset({W + "tab", W + "br", W + "cr", A + "br", W + "noBreakHyphen"})
"""Elements that stand for a space or a line break between words."""

OOXML_BLOCKS = frozenset({W + "p", A + "p", X + "si", X + "c", C + "pt", P + "cm", TC + "threadedComment",
                          W + "tc", A + "tc"})
"""Elements whose text is one line: words never join across two of them."""

OOXML_SKIPPED = {
    MC + "Fallback": "markup compatibility: the fallback repeats its Choice for older consumers",
    W + "instrText": "a field instruction (PAGE, HYPERLINK \"...\", TOC \\o): code, not text",
    W + "delText": "a tracked deletion: not in the accepted text, --revisions accept (the default)",
    X + "rPh": "a phonetic reading guide (furigana) over a string, not the string",
    X + "f": "a cell's formula: code; its cached value is the cell's text",
    X + "definedNames": "defined names are formulas",
}
"""Subtrees whose text is not the document's text."""

OOXML_TEMPLATE_PLACEHOLDER = (f"{P}nvSpPr/{P}nvPr/{P}ph",
                              "a layout's or master's placeholder holds prompt text that each slide replaces")
"""In slide layouts and masters, notes and handout masters: a shape (``p:sp``) with a placeholder is skipped."""

OOXML_PRINTED_PLACEHOLDERS = (frozenset({"notesMaster", "handoutMaster"}), frozenset({"hdr", "ftr", "dt", "sldNum"}),
                              "a notes or handout master's header, footer, date and page number print on every "
                              "notes page or handout: their text counts")
"""The exception to :data:`OOXML_TEMPLATE_PLACEHOLDER`: in these parts, placeholders of these types are read."""

OOXML_CHART_NUMBERS = {
    tag: "a chart's cached numbers (values, and categories that are numbers or dates): their display depends "
         "on a format code, as a cell's does"
    for tag in (C + "numCache", C + "numLit")
}
OOXML_CHART_AXES = {
    tag: "each series repeats its chart's categories: they are one axis, counted once (the first of each)"
    for tag in (C + "cat", C + "xVal")
}

OOXML_CELLS_NOT_TEXT = {
    "n": "a number: its display depends on the cell's number format",
    "d": "a date: its display depends on the cell's number format",
    "b": "a boolean: the reader shows TRUE or FALSE for 1 or 0",
}
"""Cell types (``t``) whose value is not text; a shared string (s), a formula's string (str), an error
(e) and an inline string count."""

OOXML_ESCAPE = (r"_x([0-9A-Fa-f]{4})_",
                "spreadsheet strings escape characters as _xHHHH_ (ST_Xstring): decoded before counting")

OOXML_HEADER_FOOTER_CODES = (r'&(?:"[^"]{0,200}"|K(?:[0-9A-Fa-f]{6}|\d\d[+-]\d{3})|\d+|[A-Za-z]|&)',
                             "a sheet's print header or footer is text; its &-codes (&L, &\"Arial,Bold\", &12, "
                             "&KFF0000, &P) are formatting and fields, removed")

OOXML_SKIPPED_COMMENTS = ("an Excel note on a cell that also has a threaded comment is the thread's fallback "
                          "copy for older Excel ([Threaded comment] Your version of Excel...)")
"""A legacy ``x:comment`` whose ``ref`` has a ``threadedComment`` in the same sheet is skipped."""

OOXML_TEMPLATE_PARTS = frozenset({"slideLayout", "slideMaster", "notesMaster", "handoutMaster"})

OOXML_SKIPPED_PARTS = {
    "styles": "style definitions: names and formatting",
    "stylesWithEffects": "style definitions: names and formatting",
    "theme": "theme colours and font names",
    "themeOverride": "theme colours and font names",
    "settings": "application settings",
    "webSettings": "application settings",
    "fontTable": "font names",
    "numbering": "list definitions: level text is a template of generated numbers",
    "customXml": "data bound to the document, not its text",
    "customXmlProps": "data bound to the document, not its text",
    "core-properties": "document properties: metadata, carried in the manifest",
    "extended-properties": "application properties: metadata",
    "custom-properties": "custom properties: metadata",
    "presProps": "presentation settings",
    "viewProps": "view settings",
    "tableStyles": "table style definitions",
    "calcChain": "the recalculation order of formulas",
    "sharedStrings": "read through the cells that use them (an unused string is not shown)",
    "commentAuthors": "the authors' names, shown with each comment",
    "people": "the authors' names, shown with each comment",
    "person": "the authors' names, shown with each comment",
    "vmlDrawing": "legacy VML: draws the note boxes whose text the comments part holds",
    "diagramDrawing": "SmartArt's cached drawing repeats the text of its data part",
    "diagramLayout": "SmartArt layout definition: its sample text is not the document's",
    "diagramQuickStyle": "SmartArt style definition",
    "diagramColors": "SmartArt colour definition",
    "chartStyle": "chart style definition",
    "chartColorStyle": "chart colour definition",
    "pivotCacheDefinition": "a pivot table's data cache, not shown as such",
    "pivotCacheRecords": "a pivot table's data cache, not shown as such",
    "externalLink": "a cache of another workbook's cells",
    "volatileDependencies": "calculation cache",
    "connections": "data connection definitions",
    "queryTable": "data query definitions",
    "printerSettings": "binary printer settings",
    "tags": "programmatic tags",
    "slideUpdateInfo": "update bookkeeping",
    "ctrlProp": "form control properties",
    "revisionHeaders": "a shared workbook's revision history: past values, not the workbook's content",
    "revisionLog": "a shared workbook's revision history: past values, not the workbook's content",
    "usernames": "the users of a shared workbook",
}
"""Parts, by the last segment of the relationship type that reaches them, whose text is not content.
Any part reached that is not XML (images, embedded packages, fonts) is not walked either."""

# --- ODF -------------------------------------------------------------------------------------------

ODF_ROOTS = {
    "content.xml": (OFFICE + "body",),
    "styles.xml": (OFFICE + "master-styles",),  # page headers and footers
}
"""Per stream, the subtrees that hold content (the rest of the stream is declarations and styles)."""

ODF_PLACEHOLDER = ("{urn:oasis:names:tc:opendocument:xmlns:presentation:1.0}placeholder", "true")
ODF_PLACEHOLDER_WHY = ("a placeholder frame (a master's title, outline, notes): its prompt text shows only while "
                       "editing, and a slide's own frame replaces it")
"""An element with this attribute and value is skipped, with its text."""

ODF_SPACES = frozenset({TEXT + "s", TEXT + "tab", TEXT + "line-break"})
ODF_BLOCKS = frozenset({TEXT + "p", TEXT + "h", "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}table-cell"})

ODF_SKIPPED = {
    TEXT + "tracked-changes": "tracked changes: deletions are not in the accepted text",
    TEXT + "note-citation": "a note's number: a label the writer generates",
    TEXT + "page-number": "a page or slide number: a field the application computes (a master page's says <number>)",
    TEXT + "page-count": "the page count: a field the application computes",
    TEXT + "table-of-content-source": "an index's templates; the index body holds its entries",
    TEXT + "alphabetical-index-source": "an index's templates; the index body holds its entries",
    TEXT + "illustration-index-source": "an index's templates; the index body holds its entries",
    TEXT + "table-index-source": "an index's templates; the index body holds its entries",
    TEXT + "object-index-source": "an index's templates; the index body holds its entries",
    TEXT + "user-index-source": "an index's templates; the index body holds its entries",
    TEXT + "bibliography-source": "an index's templates; the index body holds its entries",
    TEXT + "sequence-decls": "declarations of numbering sequences",
    TEXT + "variable-decls": "declarations of variables",
    TEXT + "user-field-decls": "declarations of user fields",
    DC + "date": "a comment's date: metadata, shown cut to the second",
    OFFICE + "forms": "form definitions",
    OFFICE + "scripts": "scripts: code",
    OFFICE + "event-listeners": "event bindings: code",
}

OOXML_SYMBOL = (W + "sym", "a glyph of the Symbol font by its code (w:sym, U+F0xx): its letters are the Greek "
                 "alphabet in the font's standard encoding (a = alpha), read as that letter; other symbols are no token")
# Adobe's Symbol encoding, letters only: the Latin letter a code names, and the Greek letter the font draws.
SYMBOL_LETTERS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                          "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖαβχδεφγηιϕκλμνοπθρστυϖωξψζ", strict=True))

# --- PDF -------------------------------------------------------------------------------------------

PDF_SKIPPED = {
    r"\(cid:\d+\)": "pdfminer's notation for a glyph its font maps to no character: not text it read",
}
"""Patterns removed from pdfminer's page text."""

PDF_OVERPRINT = 0.15
PDF_OVERPRINT_WHY = ("a glyph drawn again on itself (the same character, size and place within 0.15 of its size and a fifth of its width: "
                     "fake bold, a shadow, a second pass over part of a line) is one glyph on the page, not new text")

# --- HTML ------------------------------------------------------------------------------------------

HTML_SKIPPED = {
    "script": "code, not text",
    "style": "a style sheet, not text",
    "template": "an inert fragment: not rendered",
    "noscript": "fallback for browsers without scripts; the reader sees a scripting browser's page",
    "head": "the document's head: its title is metadata, carried in the manifest",
}
"""Elements whose text is not content. Comments and processing instructions are never text."""

HTML_BLOCKS = frozenset(
    "address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer "
    "form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol option p pre section summary table tbody td tfoot "
    "th thead tr ul".split())

# --- Markdown --------------------------------------------------------------------------------------

MARKDOWN_HTML = "raw HTML (a block): its text nodes count, as HTML's do; an inline tag is markup"


def catalogue() -> list[tuple[str, str, str]]:
    """Every rule as (family, what it covers, why), for ``python -m zenconv.conservation --rules``."""
    prefixes = {W: "w", A: "a", M: "m", X: "x", P: "p", C: "c", MC: "mc", TC: "tc", PC: "p188", TEXT: "text",
                OFFICE: "office", STYLE: "style", DC: "dc"}

    def name(tag: str) -> str:
        space, _, local = tag.rpartition("}")
        return f"{prefixes.get(space + '}', '?')}:{local}"

    found = [("ooxml", f"text of {name(t)}", why) for t, why in OOXML_TEXT.items()]
    found += [("ooxml", f"skipped {name(t)}", why) for t, why in OOXML_SKIPPED.items()]
    found += [("ooxml", f"part {kind}", why) for kind, why in OOXML_SKIPPED_PARTS.items()]
    found += [("ooxml", f"cell type {t}", why) for t, why in OOXML_CELLS_NOT_TEXT.items()]
    found += [("ooxml", f"chart {name(t)}", why) for t, why in {**OOXML_CHART_NUMBERS, **OOXML_CHART_AXES}.items()]
    found += [("ooxml", "placeholder in " + ", ".join(sorted(OOXML_TEMPLATE_PARTS)), OOXML_TEMPLATE_PLACEHOLDER[1]),
              ("ooxml", "counted: " + ", ".join(sorted(OOXML_PRINTED_PLACEHOLDERS[1])) + " placeholders in "
               + ", ".join(sorted(OOXML_PRINTED_PLACEHOLDERS[0])), OOXML_PRINTED_PLACEHOLDERS[2]),
              ("ooxml", "_xHHHH_", OOXML_ESCAPE[1]), ("ooxml", "header/footer &-codes", OOXML_HEADER_FOOTER_CODES[1]),
              ("ooxml", "legacy note twin of a thread", OOXML_SKIPPED_COMMENTS),
              ("ooxml", "w:sym", OOXML_SYMBOL[1])]
    found += [("odf", f"skipped {name(t)}", why) for t, why in ODF_SKIPPED.items()]
    found.append(("odf", 'skipped presentation:placeholder="true"', ODF_PLACEHOLDER_WHY))
    found += [("pdf", pattern, why) for pattern, why in PDF_SKIPPED.items()]
    found.append(("pdf", "overprinted glyphs", PDF_OVERPRINT_WHY))
    found += [("html", f"skipped {tag}", why) for tag, why in HTML_SKIPPED.items()]
    found.append(("markdown", "block_html", MARKDOWN_HTML))
    return found
