"""Entry-point module of the legacy Excel (.xls, BIFF5-8) reader: declarations only; xlrd loads when chosen."""

from __future__ import annotations

from zenconv import hookimpl
from zenconv.options import COMMENTS, HEADER, HIDDEN, MAX_CELLS, MAX_COLS, MAX_EXPANSION, MAX_ROWS, PASSWORD, VALUES
from zenconv.plugins import OptionSpec
from zenconv_plugins.declarations import ATTRIBUTION_CHARS
from zenconv.reports import PRESENTATION, degraded, dropped, refused, truncated

ID = "ai.insan.zenfmt.xls"
NAME = "xls"
VERSION = "0.1.0"

CODES = (
    refused("xls.corrupt", "The workbook's BIFF records do not read (xlrd refuses them): nothing is carried."),
    truncated("xls.cell-truncated", "A cell's text past 32,767 characters (Excel's own limit) was cut there."),
    truncated("xls.sheet-truncated", "A sheet went past --max-rows or --max-cols, or the workbook past --max-cells or --max-expansion: read up to the cap, with a visible note."),
    dropped("xls.hidden-sheet-dropped", "A hidden or very hidden sheet skipped under --hidden skip."),
    dropped("xls.hidden-row-dropped", "Hidden rows holding values skipped under --hidden skip."),
    dropped("xls.hidden-column-dropped", "Hidden columns skipped under --hidden skip (counted per column)."),
    dropped("xls.merged-cell-values-dropped", "A value in a cell that a merged range covers (Excel shows only the top-left value)."),
    dropped("xls.comments-dropped", "Cell comments (notes) under --comments drop, or on hidden rows and columns skipped under --hidden skip: the report takes each one's text, located at its cell."),
    degraded("xls.attribution-cut", "A comment's author name longer than --max-attribution-chars (200): the attribution takes its start."),
    dropped("xls.formula-without-cached-value", "A formula whose stored result is the empty string (a formula yielding \"\", or one never calculated, as xlwt writes them): written empty, the formula not decompiled; the first cells are located.", review=True),
    degraded("xls.display-formats-not-applied", "A number whose format code is not understood: the stored value is written.", kind=PRESENTATION),
    degraded("xls.number-colours-dropped", "A number format's colour ([Red] for negatives): the text is shown, the colour is not carried.", kind=PRESENTATION),
    degraded("xls.date-out-of-range", "A date-formatted number that is no date Excel can show: written as the number."),
    dropped("xls.bad-reference", "A row that repeats or goes back: dropped.", review=True),
    dropped("xls.drawings-dropped", "Charts, pictures, shapes and other drawing objects (MSODRAWING records): xlrd does not read them."),
    dropped("xls.macros-dropped", "A VBA project (the _VBA_PROJECT_CUR storage): code, never run or carried."),
    degraded("xls.unhandled-construct", "Anything else met and not carried; the detail names it."),
)

OPTIONS = (
    ATTRIBUTION_CHARS,
    COMMENTS,
    HIDDEN,
    MAX_ROWS,
    MAX_COLS,
    VALUES,
    HEADER,
    PASSWORD,
    MAX_CELLS,
    MAX_EXPANSION,
)


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.xls.reader:read",
        extensions=[".xls", ".xlt"],
        media_types=["application/vnd.ms-excel"],
        ole_streams=["Workbook", "Book"], priority=0, codes=CODES, options=OPTIONS,
    )
