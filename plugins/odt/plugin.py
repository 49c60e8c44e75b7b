"""Entry-point module of the OpenDocument text and presentation readers: declarations only."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import COMMENTS, FURNITURE, HIDDEN, REVISIONS
from zenconv.plugins import OptionSpec
from zenconv.reports import PRESENTATION, degraded, dropped, refused, truncated
from zenconv.safe.codes import xml_codes, zip_codes
from zenconv_plugins.declarations import ATTRIBUTION_CHARS, MAX_COMMENT_RANGES
from zenconv_plugins.numerals import LABEL_CHARS

VERSION = "0.1.0"
ODT_ID, ODP_ID = "ai.insan.zenfmt.odt", "ai.insan.zenfmt.odp"
ODT_MIME = "application/vnd.oasis.opendocument.text"
ODP_MIME = "application/vnd.oasis.opendocument.presentation"

# A text document's table is held whole (its rows are a list, unlike a sheet's stream): its caps are its own,
# lower than the spreadsheets' --max-rows and --max-cols.
TABLE_ROWS = OptionSpec("max-table-rows", "int", 100_000, "ODF text and presentation: most rows read from one "
                        "table, repeats expanded; past it the rest is cut and reported (<reader>.table-truncated).",
                        metavar="N")
TABLE_COLS = OptionSpec("max-table-cols", "int", 1_024, "ODF text and presentation: most columns read from one "
                        "table; past it the rest is cut and reported (<reader>.table-truncated).", metavar="N")


def _shared(ns: str) -> tuple:
    """What both readers meet: the package, its text, its drawings and its objects."""
    return (
        *zip_codes(ns),
        *xml_codes(ns),
        refused(f"{ns}.encrypted-package", "The package is encrypted (manifest:encryption-data): decrypt it first."),
        refused(f"{ns}.part-refused", "A part other than content.xml (the manifest, styles, meta, an embedded object) broke "
                                      "the XML rules (a DOCTYPE's internal subset, depth, syntax): read without it."),
        refused(f"{ns}.wrong-document-type", "The package's body is not of this reader's kind, or it has no content.xml."),
        degraded(f"{ns}.chart-as-table", "A chart object carried as the table of its cached data; its drawing is lost.", kind=PRESENTATION),
        dropped(f"{ns}.embedded-object-dropped", "An embedded object (OLE, a spreadsheet, audio or video) other than a chart or formula."),
        degraded(f"{ns}.math-as-text", "A formula object carried as its plain text."),
        dropped(f"{ns}.image-missing", "An image whose part is missing from the package or unreadable: nothing of it is carried."),
        dropped(f"{ns}.media-limit", "An image past --max-media-bytes was not stored."),
        dropped(f"{ns}.external-image-not-fetched", "An image linked outside the package: never fetched; the reference is kept as the image source."),
        degraded(f"{ns}.attribution-cut", "A comment's author name, initials or date longer than "
                                            "--max-attribution-chars (200): the attribution takes its start."),
        dropped(f"{ns}.annotations-dropped", "Comments (office:annotation) under --comments drop."),
        degraded(f"{ns}.comment-ranges-unmarked", "A comment range opened while --max-comment-ranges others are open: "
                                                  "its text is not marked (its note is still referenced)."),
        dropped(f"{ns}.drawings-dropped", "Drawing shapes without text (lines, rectangles, custom shapes).", kind=PRESENTATION),
        degraded(f"{ns}.heading-level-clamped", "A heading deeper than level 6 became level 6.", kind=PRESENTATION),
        degraded(f"{ns}.list-label-cut", "A list level's num-prefix or num-suffix longer than --max-label-chars (100): "
                                         "the label takes its start."),
        degraded(f"{ns}.list-format-unsupported", "A list level's number format (style:num-format) the reader cannot render: its numbers are decimal in the label."),
        truncated(f"{ns}.table-truncated", "Rows or columns a table repeats past the table caps were cut."),
        dropped(f"{ns}.hidden-text-skipped", "Hidden text, paragraphs or sections skipped under --hidden skip."),
        dropped(f"{ns}.bookmarks-dropped", "Bookmarks and reference marks.", kind=PRESENTATION),
        degraded(f"{ns}.text-boxes-degraded", "Text boxes and shapes with text inside a paragraph: carried as blocks after it.", kind=PRESENTATION),
        dropped(f"{ns}.unhandled-construct", "Any other element: its children read, the element reported."),
    )


ODT_CODES = (
    *_shared("odt"),
    dropped("odt.tracked-deletions-dropped", "Tracked deletions dropped under --revisions accept."),
    dropped("odt.tracked-insertions-dropped", "Tracked insertions dropped under --revisions reject."),
    dropped("odt.format-changes-dropped", "The history of tracked formatting changes (the text is kept).", kind=PRESENTATION),
    dropped("odt.headers-footers-dropped", "Page headers and footers of the master pages under --furniture drop, those a page style switches off (style:display=\"false\"), and those of a master page that starts no page."),
    degraded("odt.page-field-cached", "A page number, page count or sheet name field in a header or footer carried as furniture: the text last written into it is kept; each printed page shows its own."),
)

ODP_CODES = (
    *_shared("odp"),
    dropped("odp.hidden-slide-skipped", "A hidden slide was left out under --hidden skip."),
    dropped("odp.animations-dropped", "Slide animations (anim: and presentation: effects).", kind=PRESENTATION),
    dropped("odp.master-text-dropped", "Text a master page shows on its slides (text boxes, footer, header and date-time "
                                       "declarations) under --furniture drop; notes and handout masters' text, and text "
                                       "no slide shows: not carried, taken by the report."),
)


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ODT_ID, name="odt", version=VERSION, reader="zenconv_plugins.odt.reader:read",
        extensions=[".odt", ".ott"], media_types=[ODT_MIME, "application/vnd.oasis.opendocument.text-template"],
        odf_mimetypes=[ODT_MIME, "application/vnd.oasis.opendocument.text-template"],
        codes=ODT_CODES, options=(REVISIONS, HIDDEN, COMMENTS, FURNITURE, ATTRIBUTION_CHARS, MAX_COMMENT_RANGES, LABEL_CHARS, TABLE_ROWS,
                 TABLE_COLS),
    )
    register.reader(
        id=ODP_ID, name="odp", version=VERSION, reader="zenconv_plugins.odt.presentation:read",
        extensions=[".odp", ".otp"], media_types=[ODP_MIME, "application/vnd.oasis.opendocument.presentation-template"],
        odf_mimetypes=[ODP_MIME, "application/vnd.oasis.opendocument.presentation-template"],
        codes=ODP_CODES, options=(HIDDEN, COMMENTS, FURNITURE, ATTRIBUTION_CHARS, MAX_COMMENT_RANGES, LABEL_CHARS, TABLE_ROWS, TABLE_COLS),
    )
