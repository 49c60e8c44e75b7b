"""Entry-point module of the PDF reader: declarations only; pdfminer loads when the reader is chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import FURNITURE, HIDDEN, PASSWORD
from zenconv.plugins import OptionSpec
from zenconv.reports import PRESENTATION, degraded, dropped, refused, truncated

ID = "ai.insan.zenfmt.pdf"
VERSION = "0.1.0"

CODES = (
    refused("pdf.encrypted", "The PDF is encrypted and no --password (or a wrong one) was given, or its encryption is unsupported."),
    refused("pdf.malformed", "The PDF's structure (header, cross-reference table, catalog, page tree) cannot be read."),
    refused("pdf.too-many-objects", "The PDF declares more objects or pages than --max-objects."),
    refused("pdf.stream-too-large", "A stream inflates past --max-stream-bytes, or all streams past --max-package-bytes (a flate bomb)."),
    refused("pdf.bad-page-range", "The --pages value is not a list of page ranges such as 1-20,25."),
    dropped("pdf.no-text-layer", "A page has no text layer (a scan): its text is not read; OCR is out of scope.", review=True),
    dropped("pdf.page-unreadable", "A page's content could not be interpreted; it was skipped.", review=True),
    truncated("pdf.page-truncated", "A page ran past its time budget (--page-timeout, drawing or not), its glyph budget or --max-operands; what it drew until then is kept."),
    truncated("pdf.pages-truncated", "Pages past --max-pages were not read; the output says where it stopped."),
    dropped("pdf.pages-not-selected", "Pages outside --pages were not read, as asked.", review=False),
    dropped("pdf.running-headers-dropped", "Lines repeated at the top or bottom of most pages (running headers, footers, page numbers) were left out, under --furniture drop.", review=False),
    degraded("pdf.running-page-numbers", "A running line kept as furniture (at the first page it runs on) shows other numbers on a later page (a page number): that page's text is in the report, not the output.", review=False),
    degraded("pdf.table-not-resolved", "A region that looked like a table did not resolve into columns cleanly; it was kept as text.", review=False, kind=PRESENTATION),
    degraded("pdf.table-structure-uncertain", "A table's structure is a guess (a line as near one row as another, a cell across a column gap, a header over no column, columns from very few rows): a value may stand in the wrong row or column; check it against the page.", review=True),
    degraded("pdf.table-continued", "A table continued on the next page (under the same header, or with no header of its own and the same columns) was joined into one; a repeated header was dropped.", review=False, kind=PRESENTATION),
    degraded("pdf.rotated-text", "Rotated text was read in its own direction and placed after the page's body text.", kind=PRESENTATION),
    degraded("pdf.vertical-text", "Vertical (top-to-bottom) text was read column by column and placed after the page's body text.", kind=PRESENTATION),
    degraded("pdf.font-limit", "A font's map (ToUnicode CMap, /W widths, embedded TrueType cmap or Type 1 header) was over --max-cmap-entries or --max-cmap-codes, or broken, and was not used; the count is the glyphs drawn in that font, whose text may be unmapped or mis-spaced.", review=True),
    degraded("pdf.state-depth-limit", "Graphics states were nested (q inside q) deeper than --max-state-depth; the deeper ones were not saved, so text inside them may be placed as the outer state says.", review=True),
    dropped("pdf.unmapped-glyphs", "Glyphs with no Unicode mapping in their font (or mapped to control characters) were left out."),
    dropped("pdf.offpage-text-dropped", "Text drawn outside the page's media box (never visible) was left out."),
    dropped("pdf.hidden-text-skipped", "Invisible text (render mode 3, as in OCR layers) was skipped under --hidden skip."),
    dropped("pdf.images-not-extracted", "Images were not extracted because no --media-dir (or --embed-media) was given.", review=False),
    dropped("pdf.image-format-unsupported", "An image in a format that cannot be written without a graphics library (CMYK, indexed, masks, CCITT, JBIG2) was left out."),
    truncated("pdf.media-limit", "An image was left out because the media budget (--max-media-bytes) was spent."),
    dropped("pdf.internal-links-dropped", "Links to places inside the document (GoTo actions, destinations) were not carried; their text is kept.", review=False),
    dropped("pdf.annotations-dropped", "Annotations that are not page text (comments, highlights, stamps, media) were left out."),
    dropped("pdf.form-fields-dropped", "Interactive form fields and their values were left out."),
    dropped("pdf.attachments-dropped", "Embedded files (attachments) were left out."),
    dropped("pdf.outline-entries-unmatched", "Bookmarks whose title matched no heading on their page; they confirm nothing and are not carried.", review=False),
)

OPTIONS = (
    PASSWORD,
    OptionSpec("pages", "str", "", "PDF: the pages to read, e.g. 1-20,25.", metavar="RANGES"),
    HIDDEN,
    FURNITURE,
    OptionSpec("max-pages", "int", 10_000, "PDF: most pages read; past it the rest is cut and reported.", metavar="N"),
    OptionSpec("max-objects", "int", 5_000_000, "PDF: most objects (and pages) a file may declare; past it the file is refused.", metavar="N"),
    OptionSpec("max-stream-bytes", "int", 128 << 20, "PDF: most bytes one stream may inflate to; past it the file is refused (a flate bomb).", metavar="SIZE"),
    OptionSpec("page-timeout", "int", 60, "PDF: seconds one page may take to interpret, drawing or not (0: no limit); past it the page is cut and reported.", metavar="SECONDS"),
    OptionSpec("max-cmap-entries", "int", 100_000, "PDF: most entries one font map (ToUnicode CMap, Type 1 header) may hold; past it the map is not used.", metavar="N"),
    OptionSpec("max-cmap-codes", "int", 1 << 18, "PDF: most character codes one font map (CMap ranges, /W widths, TrueType cmap) may cover; past it the map is not used.", metavar="N"),
    OptionSpec("max-state-depth", "int", 1_000, "PDF: deepest nesting of saved graphics states (q) on a page; deeper ones are not saved.", metavar="N"),
    OptionSpec("max-operands", "int", 100_000, "PDF: most objects a page's content may hold open in unclosed arrays; past it the page is cut.", metavar="N"),
)


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name="pdf", version=VERSION, reader="zenconv_plugins.pdf.reader:read",
        extensions=[".pdf"], media_types=["application/pdf"], magic=[b"%PDF-"],
        priority=0, codes=CODES, options=OPTIONS,
    )
