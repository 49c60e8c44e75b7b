"""Entry-point module of the Word (WordprocessingML) reader: declarations only; the reader loads when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import COMMENTS, FURNITURE, HIDDEN, REVISIONS
from zenconv.reports import PRESENTATION, degraded, dropped, refused, truncated
from zenconv.safe.codes import xml_codes, zip_codes
from zenconv_plugins.declarations import ATTRIBUTION_CHARS, CHART_VALUES, MAX_COMMENT_RANGES
from zenconv_plugins.numerals import LABEL_CHARS

ID = "ai.insan.zenfmt.docx"
NAME = "docx"
VERSION = "0.1.0"

CODES = (
    *zip_codes(NAME),
    *xml_codes(NAME),
    refused("docx.no-main-part", "The package names no main document part, or the part is missing."),
    degraded("docx.attribution-cut", "A comment's author name, initials or date longer than --max-attribution-chars (200): the attribution takes its start."),
    dropped("docx.comments-dropped", "Comments, with --comments drop (one per comment); a comment mark whose comment the package lacks."),
    degraded("docx.comment-ranges-unmarked", "A comment range opened while --max-comment-ranges others are open: its text is not marked (its note is still referenced)."),
    dropped("docx.tracked-deletions-dropped", "Tracked deletions (w:del, w:moveFrom) dropped under --revisions accept."),
    dropped("docx.tracked-insertions-dropped", "Tracked insertions (w:ins, w:moveTo) dropped under --revisions reject."),
    degraded("docx.tracked-insertions-accepted", "Pending tracked insertions (w:ins) kept as plain text under --revisions accept; the details name their authors."),
    degraded("docx.tracked-moves-accepted", "Pending tracked moves (w:moveTo) kept as plain text at their destination under --revisions accept."),
    degraded("docx.tracked-deletions-restored", "Pending tracked deletions (w:del, w:moveFrom) kept as plain text under --revisions reject."),
    degraded("docx.tracked-changes-shown", "Pending tracked changes carried as marked revisions under --revisions all."),
    dropped("docx.tracked-formatting-changes", "Tracked formatting changes (w:rPrChange, w:pPrChange and kin): the current formatting is read, the earlier one dropped.", kind=PRESENTATION),
    dropped("docx.page-breaks-dropped", "Explicit page and column breaks.", kind=PRESENTATION),
    dropped("docx.bookmarks-dropped", "Bookmarks and cross-reference anchors.", kind=PRESENTATION),
    dropped("docx.section-properties-dropped", "Page size, margins, columns (the first page size travels as a LayoutFacet).", kind=PRESENTATION),
    degraded("docx.text-boxes-degraded", "Text boxes and shapes with text: carried as a block after their anchoring paragraph.", kind=PRESENTATION),
    dropped("docx.embedded-objects-dropped", "OLE objects no reader converts as a child, diagrams and ink: their preview image is kept when there is one."),
    degraded("docx.alt-chunk-read", "An altChunk (HTML, MHT or text Word imports when it opens the file) read in place as body content by the reader for its format.", kind=PRESENTATION),
    degraded("docx.chart-as-table", "A chart carried as a table of the data cached in its part; the drawing is lost.", kind=PRESENTATION),
    truncated("docx.chart-truncated", "A chart caching more series or points than a table carries (hostile caches): the first are kept, with a visible note."),
    dropped("docx.headers-footers-dropped", "Page headers and footers under --furniture drop (or a part no section's properties name where the scan finds them); the detail names the part and its first words."),
    degraded("docx.smartart-as-text", "A SmartArt diagram carried as a bulleted list of its nodes' text (the data part's dgm:t), nested as its connections nest the nodes, after the paragraph that anchors it: the words and hierarchy are kept, the shapes and arrows are not.", kind=PRESENTATION),
    degraded("docx.page-field-cached", "A PAGE, NUMPAGES or SECTIONPAGES field in a header or footer carried as furniture: its cached result, the number Word last showed, is kept; on other pages it reads otherwise."),
    dropped("docx.hidden-text-skipped", "Hidden text (w:vanish) skipped under --hidden skip."),
    dropped("docx.glossary-dropped", "Glossary entries (building blocks, content controls' placeholders) not displayed in the body: each reported with its text, its name in the detail."),
    dropped("docx.external-fields", "A field that pulls in or runs something outside the document (INCLUDEPICTURE, INCLUDETEXT, IMPORT, LINK, DDE, DDEAUTO, RD): never updated, its cached result kept; the detail names its target."),
    dropped("docx.external-links", "A picture's click or hover link (a:hlinkClick, a:hlinkHover) or a VML shape's href: not carried; the detail names the target."),
    dropped("docx.part-not-read", "A part holding text that hangs off a relationship type the reader does not read (a tool's private part, a revision log): not carried; the report takes its text, the detail names the type and part."),
    dropped("docx.external-relationships", "An external relationship nothing else carries (a linked OLE object, a subdocument, a frame, a mail merge source): never opened; the detail names its type and target."),
    dropped("docx.attached-template", "The template the document is attached to (settings.xml w:attachedTemplate): never opened; the detail names it."),
    dropped("docx.external-image-not-fetched", "An image linked outside the package: never fetched; the detail names the target."),
    dropped("docx.media-limit", "An image past --max-media-bytes or missing from the package: not stored."),
    degraded("docx.heading-level-clamped", "A heading deeper than level 6 became level 6.", kind=PRESENTATION),
    degraded("docx.list-format-unsupported", "A list level's number format (w:numFmt) the reader cannot render: its numbers are decimal in the label."),
    degraded("docx.list-label-cut", "A list level's label text (w:lvlText) longer than --max-label-chars (100): the label is its start."),
    degraded("docx.merged-cells-degraded", "Vertically merged cells (w:vMerge) folded into the cell that starts the merge.", kind=PRESENTATION),
    degraded("docx.monospace-as-code", "A run or paragraph in a monospace font became code: a font became a role.", kind=PRESENTATION),
    degraded("docx.math-degraded", "An OMML construct with no LaTeX mapping: its text is kept."),
    dropped("docx.phonetic-dropped", "Phonetic guides (w:ruby's w:rt, furigana) over East Asian text: the base text is kept, the guide reported with its text."),
    degraded("docx.symbol-degraded", "A w:sym glyph from a symbol font: written as its Unicode mapping when known."),
    degraded("docx.unhandled-construct", "Any other WordprocessingML element: its children processed, the element reported."),
)

OPTIONS = (
    ATTRIBUTION_CHARS,
    CHART_VALUES,
    REVISIONS,
    HIDDEN,
    COMMENTS,
    FURNITURE,
    MAX_COMMENT_RANGES,
    LABEL_CHARS,
)

# A .docx is a zip whose parts live under word/; the main part is still found through the relationships.
ZIP_PARTS = ["word/"]


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.docx.reader:read",
        extensions=[".docx", ".docm", ".dotx", ".dotm"],
        media_types=[
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "application/vnd.ms-word.document.macroEnabled.12",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
            "application/vnd.ms-word.template.macroEnabled.12",
        ],
        zip_parts=ZIP_PARTS, priority=0, codes=CODES, options=OPTIONS, preservation=ID,
    )
