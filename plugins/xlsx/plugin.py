"""Entry-point module of the XLSX (SpreadsheetML) reader: declarations only; the reader loads when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import COMMENTS, FURNITURE, HEADER, HIDDEN, MAX_CELLS, MAX_COLS, MAX_EXPANSION, MAX_ROWS, PASSWORD, VALUES
from zenconv.plugins import OptionSpec
from zenconv.reports import PRESENTATION, degraded, dropped, refused, truncated
from zenconv.safe.codes import xml_codes, zip_codes
from zenconv_plugins.declarations import ATTRIBUTION_CHARS, CHART_VALUES

ID = "ai.insan.zenfmt.xlsx"
NAME = "xlsx"
VERSION = "0.1.0"

CODES = (
    *zip_codes(NAME),
    *xml_codes(NAME),
    refused("xlsx.missing-workbook", "The package has no workbook part (xl/workbook.xml or the officeDocument target)."),
    dropped("xlsx.sheet-part-missing", "A sheet the workbook lists has no part in the package: its name is kept, its cells are missing.", review=True),
    truncated("xlsx.cell-truncated", "A cell's text past 32,767 characters (Excel's own limit) was cut there."),
    truncated("xlsx.sheet-truncated", "A sheet went past --max-rows or --max-cols, or the workbook past --max-cells or --max-expansion: read up to the cap, with a visible note."),
    dropped("xlsx.formula-without-cached-value", "A formula cell with no cached value: its formula is shown as code, =A2+B2 (formulas are never evaluated); the first cells are located.", review=True),
    dropped("xlsx.hidden-sheet-dropped", "A hidden or very hidden sheet skipped under --hidden skip."),
    dropped("xlsx.hidden-row-dropped", "Hidden rows holding values skipped under --hidden skip."),
    dropped("xlsx.hidden-column-dropped", "Hidden columns skipped under --hidden skip (counted per column)."),
    dropped("xlsx.dialog-sheet-dropped", "An Excel 5 dialog sheet."),
    dropped("xlsx.macro-sheet-dropped", "An Excel 4 macro sheet (XLM): its formulas are code, not data."),
    degraded("xlsx.chart-as-table", "A chart on a worksheet or a chart sheet carried as a table of the values its part caches; the drawing is lost.", kind=PRESENTATION),
    dropped("xlsx.chart-unreadable", "A chart whose part is missing or caches no values (or a chart sheet without a chart): nothing of it is carried."),
    truncated("xlsx.chart-truncated", "A chart caching more series or points than a table carries, or past the workbook's caps: the first rows are kept, with a visible note."),
    dropped("xlsx.images-dropped", "Pictures on a worksheet, its background picture, and header or footer pictures."),
    dropped("xlsx.shapes-dropped", "Shapes, text boxes, groups and other drawing objects on a worksheet."),
    degraded("xlsx.attribution-cut", "A comment's author name, initials or date longer than --max-attribution-chars (200): the attribution takes its start."),
    dropped("xlsx.comments-dropped", "Cell comments (notes) and threaded comments with --comments drop; with keep, those on rows or columns skipped under --hidden skip, and a comments part that does not parse."),
    dropped("xlsx.data-validation-dropped", "Data validation rules (drop-down lists, input limits)."),
    dropped("xlsx.conditional-formatting-dropped", "Conditional formatting rules.", kind=PRESENTATION),
    dropped("xlsx.headers-footers-dropped", "Page header and footer text, under --furniture drop."),
    degraded("xlsx.header-codes-shown", "A header or footer code Excel fills in when printing (&P page, &N pages, &D date, &T time, &Z path, &F file, &G picture): written as what it stands for, in brackets ([Page])."),
    dropped("xlsx.embedded-objects-dropped", "OLE objects and form or ActiveX controls on a worksheet."),
    dropped("xlsx.data-connection-dropped", "A data connection (a database through ODBC or OLE DB, a web query, a text import): never opened; its cells keep the values last fetched; the target in the details, passwords masked."),
    dropped("xlsx.external-link-dropped", "A link to another workbook or an OLE link (xl/externalLinks): never followed; the cells keep their cached values; the target in the details."),
    dropped("xlsx.dde-link-dropped", "A DDE link: a command another program runs when the link updates (ddeService=\"cmd\" starts a shell); never run; the service, topic and items in the details.", review=True),
    dropped("xlsx.query-table-dropped", "A query table's definition: its cells hold the rows its connection last returned; the name and connection in the details."),
    dropped("xlsx.part-not-read", "A part holding text that hangs off a relationship type the reader does not read (a tool's private part, a revision log): not carried; the report takes its text, the detail names the type and part."),
    dropped("xlsx.external-reference-dropped", "A relationship to a target outside the package that is not carried (a linked OLE object or picture, an attached template); never fetched; the target in the details."),
    dropped("xlsx.macros-dropped", "A VBA project (vbaProject.bin): code, never run or carried."),
    degraded("xlsx.sheet-features-dropped", "Sheet features whose data stays in the cells: tables, auto-filters, sort state, scenarios, sparklines, slicers; the detail names them.", kind=PRESENTATION),
    dropped("xlsx.merged-cell-values-dropped", "A value in a cell that a merged range covers (Excel shows only the top-left value)."),
    degraded("xlsx.display-formats-not-applied", "A number whose format code is not understood (an era, a [DBNum] tag, an East Asian built-in date) or cannot show it: the stored value is written, e.g. 0.125 for 12.5%.", kind=PRESENTATION),
    degraded("xlsx.number-colours-dropped", "A number format's colour ([Red] for negatives): the text is shown, the colour is not carried.", kind=PRESENTATION),
    degraded("xlsx.date-out-of-range", "A date-formatted number that is no date Excel can show (negative, past 9999): written as the number."),
    degraded("xlsx.rich-text-flattened", "Rich text (runs with their own fonts) written as plain text.", kind=PRESENTATION),
    dropped("xlsx.phonetic-dropped", "Phonetic guides (furigana) over East Asian text."),
    dropped("xlsx.bad-cell-value", "A cell value that does not read as its type says (a shared-string index out of range, an unknown type): written as found or left empty.", review=True),
    dropped("xlsx.bad-reference", "A row or cell reference that cannot be read, repeats or goes back: a cell is placed after the previous one, a row that goes back is dropped.", review=True),
    degraded("xlsx.unhandled-construct", "Anything else met and not carried; the detail names it."),
)

OPTIONS = (
    ATTRIBUTION_CHARS,
    CHART_VALUES,
    COMMENTS,
    HIDDEN,
    FURNITURE,
    MAX_ROWS,
    MAX_COLS,
    VALUES,
    HEADER,
    PASSWORD,
    MAX_CELLS,
    MAX_EXPANSION,
)

ZIP_PARTS = ["xl/"]


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.xlsx.reader:read",
        extensions=[".xlsx", ".xlsm", ".xltx", ".xltm"],
        media_types=[
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "application/vnd.ms-excel.sheet.macroEnabled.12",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
            "application/vnd.ms-excel.template.macroEnabled.12",
        ],
        zip_parts=ZIP_PARTS, priority=0, codes=CODES, options=OPTIONS,
    )
