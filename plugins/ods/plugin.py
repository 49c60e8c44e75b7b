"""Entry-point module of the ODS (OpenDocument spreadsheet) reader: declarations only; the reader loads when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import COMMENTS, FURNITURE, HEADER, HIDDEN, MAX_CELLS, MAX_COLS, MAX_EXPANSION, MAX_ROWS, VALUES
from zenconv.plugins import OptionSpec
from zenconv.reports import PRESENTATION, degraded, dropped, refused, truncated
from zenconv.safe.codes import xml_codes, zip_codes
from zenconv_plugins.declarations import ATTRIBUTION_CHARS

ID = "ai.insan.zenfmt.ods"
NAME = "ods"
VERSION = "0.1.0"

CODES = (
    *zip_codes(NAME),
    *xml_codes(NAME),
    refused("ods.encrypted-package", "An encrypted package (manifest:encryption-data): refused, never decrypted."),
    refused("ods.part-refused", "A part other than content.xml (the manifest, styles, meta) broke the XML rules "
                                "(a DOCTYPE's internal subset, depth, syntax): read without it."),
    refused("ods.missing-content", "The package has no content.xml."),
    refused("ods.not-a-spreadsheet", "The package is another OpenDocument type, or content.xml holds no spreadsheet."),
    truncated("ods.cell-truncated", "A cell's text past 32,767 characters (Excel's own limit) was cut there."),
    truncated("ods.sheet-truncated", "A sheet went past --max-rows or --max-cols, or the workbook past --max-cells or --max-expansion: read up to the cap, with a visible note."),
    dropped("ods.formula-without-cached-value", "A formula cell with no cached value: its formula is shown as code, =[.A2]+[.B2] (formulas are never evaluated); the first cells are located.", review=True),
    dropped("ods.hidden-sheet-dropped", "A hidden table (table:display=\"false\") skipped under --hidden skip."),
    dropped("ods.hidden-row-dropped", "Hidden (collapsed or filtered) rows holding values skipped under --hidden skip."),
    dropped("ods.hidden-column-dropped", "Hidden columns skipped under --hidden skip (counted per column)."),
    degraded("ods.attribution-cut", "A comment's author name, initials or date longer than --max-attribution-chars (200): the attribution takes its start."),
    dropped("ods.annotations-dropped", "Cell annotations (comments) with --comments drop; with keep, those on rows or columns skipped under --hidden skip."),
    dropped("ods.charts-dropped", "Charts and other embedded objects drawn on a sheet."),
    dropped("ods.images-dropped", "Pictures on a sheet or in a cell."),
    dropped("ods.shapes-dropped", "Shapes, text boxes and other drawing objects."),
    dropped("ods.data-validation-dropped", "Content validation rules."),
    dropped("ods.conditional-formatting-dropped", "Conditional formatting rules.", kind=PRESENTATION),
    dropped("ods.macros-dropped", "Basic or script macros in the package: never run or carried."),
    dropped("ods.headers-footers-dropped", "The master pages' print headers and footers (one per header or footer with text), under --furniture drop, those a page style switches off (style:display=\"false\"), and those of a master page no sheet prints with."),
    degraded("ods.page-field-cached", "A page number or page count field in a print header or footer carried as furniture: the text last written into it is kept; each printed page shows its own. (A sheet name field shows its sheet's name.)"),
    dropped("ods.merged-cell-values-dropped", "A value in a covered cell of a merged range (only the top-left value shows)."),
    degraded("ods.display-formats-not-applied", "A typed cell (a percentage, a currency, a date) with no displayed text (text:p) under --values shown: the stored value is written, e.g. 0.125 for 12.5%.", kind=PRESENTATION),
    degraded("ods.rich-text-flattened", "Text spans with their own formatting written as plain text.", kind=PRESENTATION),
    dropped("ods.bad-cell-value", "A value that does not read as its type says: written as found.", review=True),
    degraded("ods.unhandled-construct", "Anything else met in a cell and not carried; its text is kept; the detail names it."),
)

OPTIONS = (
    ATTRIBUTION_CHARS,
    COMMENTS,
    HIDDEN,
    FURNITURE,
    MAX_ROWS,
    MAX_COLS,
    VALUES,
    HEADER,
    MAX_CELLS,
    MAX_EXPANSION,
)

ODF_MIMETYPES = ["application/vnd.oasis.opendocument.spreadsheet",
                 "application/vnd.oasis.opendocument.spreadsheet-template"]


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.ods.reader:read",
        extensions=[".ods", ".ots"],
        media_types=ODF_MIMETYPES, odf_mimetypes=ODF_MIMETYPES, priority=0, codes=CODES, options=OPTIONS,
    )
