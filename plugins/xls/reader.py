"""The legacy Excel reader (.xls, BIFF5-8, Excel 95-2003) through xlrd, into the XLSX reader's table model.

Each sheet in workbook order is a level-2 heading and one table built by the XLSX reader's
:class:`~zenconv_plugins.xlsx.grid.Grid` (the same citations ``Sheet 'Damages', row 247``, caps, spans
and hidden content), its header found by :mod:`zenconv_plugins.xlsx.header`, its numbers shown by the
number-format module the XLSX reader uses (the cell's XF record names its format code).

xlrd's limits and record: a pure-Python parser of the compound file and its BIFF records, maintained
for .xls only since 2.0 (xlsx support was dropped after its XML handling was found unsafe); it reads the
whole file into memory and has no size limit of its own. So: the file is under ``--max-input-bytes``
before xlrd sees it, rows are kept ragged (a cell at IV65536 does not pad every row to 256 columns), the
host's memory ceiling and deadline bound the parse, and any exception xlrd raises on damaged records is
refused ``xls.corrupt``, never a traceback. BIFF formulas always store their last result: every value is
a cached one (``cached_values_only``), a formula is never evaluated.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator

from zenconv.ir.facets import HiddenFacet
from zenconv.ir.locator import Locator, column_letters
from zenconv.ir.nodes import Block, Heading, Table, Text
from zenconv.reports import Unreadable
from zenconv.safe.decrypt import decrypt
from zenconv.safe.ole import directory_names
from zenconv_plugins.number_formats import BUILTIN_FORMATS, NumberFormat, compile_format
from zenconv_plugins.xlsx.anchors import CellNotes
from zenconv_plugins.xlsx.grid import Budget, Grid, SheetPlan
from zenconv_plugins.xlsx.header import split_header
from zenconv_plugins.xlsx.sheet import BLANK_FORMULAS_LOCATED
from zenconv_plugins.xlsx.values import ValueList, general_text, number_text, serial_text

from .comments import dropped_notes, sheet_notes

HEADING_LEVEL = 2
_CHECK_EVERY = 4096  # rows between deadline checks


def read(source, ctx) -> Iterator[Block]:
    import xlrd

    ctx.library = f"xlrd/{xlrd.__version__}"
    data = source.read_bytes()
    book = _open(xlrd, data, ctx)
    ctx.flags["cached_values_only"] = True
    names = {n.casefold() for n in directory_names(data) or ()}
    if "_vba_project_cur" in names:
        ctx.report("xls.macros-dropped", Locator(part="_VBA_PROJECT_CUR"))
    drawn = _drawing_objects(data)
    if drawn:
        ctx.report("xls.drawings-dropped", count=drawn)
    budget = Budget.for_source(source, ctx.options)
    formats = _formats(book)
    shown = ctx.options["values"] != "raw"
    try:
        for ordinal in range(1, book.nsheets + 1):
            yield from _sheet(book, ordinal, formats, shown, budget, ctx)
    finally:
        book.release_resources()


_OBJ = 0x005D  # BIFF8 OBJ: a drawing object; its ftCmo subrecord says which kind
_COMMENT_OBJECT = 0x19  # the box of a cell comment, reported with the comments


def _drawing_objects(data: bytes) -> int:
    """How many charts, pictures, shapes and controls the workbook's BIFF records hold (OBJ records that
    are not comment boxes): xlrd reads none of them. A walk over the record headers, bounded by the
    stream; 0 when the stream cannot be found (a damaged file is xlrd's to refuse)."""
    import struct

    try:
        import olefile

        with olefile.OleFileIO(data) as ole:
            name = "Workbook" if ole.exists("Workbook") else "Book"
            stream = ole.openstream(name).read()
    except Exception:
        return 0
    found, pos, end = 0, 0, len(stream)
    while pos + 4 <= end:
        kind, length = struct.unpack_from("<HH", stream, pos)
        if kind == _OBJ and length >= 6:
            ft, _, object_type = struct.unpack_from("<HHH", stream, pos + 4)
            found += ft == 0x15 and object_type != _COMMENT_OBJECT
        pos += 4 + length
    return found


def _open(xlrd, data: bytes, ctx):
    """The workbook, decrypted first when it is RC4-encrypted (Excel's default password, then --password)."""
    try:
        return xlrd.open_workbook(file_contents=data, formatting_info=True, on_demand=True, ragged_rows=True,
                                  logfile=io.StringIO())
    except xlrd.XLRDError as exc:
        if "encrypted" not in str(exc).lower():
            raise Unreadable("xls.corrupt", f"xlrd: {exc}"[:500]) from None
    except Exception as exc:  # xlrd raises what its record parsers meet on damaged bytes
        raise Unreadable("xls.corrupt", f"{type(exc).__name__}: {exc}"[:500]) from None
    plain, how = decrypt(data, ctx.options["password"] or None, max_bytes=ctx.options["max_input_bytes"])
    ctx.flags["decrypted"] = how
    try:
        return xlrd.open_workbook(file_contents=plain, formatting_info=True, on_demand=True, ragged_rows=True,
                                  logfile=io.StringIO())
    except Exception as exc:
        raise Unreadable("xls.corrupt", f"after decryption, {type(exc).__name__}: {exc}"[:500]) from None


def _formats(book) -> list[tuple[NumberFormat | None, bool]]:
    """Per XF record: its compiled number format (None for General) and whether it shows a date."""
    found = []
    for xf in book.xf_list:
        fmt = book.format_map.get(xf.format_key)
        code = fmt.format_str if fmt is not None else BUILTIN_FORMATS.get(xf.format_key)
        if not code or code.strip().lower() == "general":
            found.append((None, False))
            continue
        compiled = compile_format(code)
        found.append((compiled, compiled.temporal if compiled.understood else bool(fmt and fmt.type == 1)))
    return found


def _sheet(book, ordinal: int, formats, shown: bool, budget: Budget, ctx) -> Iterator[Block]:
    try:  # on demand: a sheet's records are parsed here
        sheet = book.sheet_by_index(ordinal - 1)
    except Exception as exc:
        raise Unreadable("xls.corrupt", f"sheet {ordinal}: {type(exc).__name__}: {exc}"[:500]) from None
    where = Locator(sheet=ordinal, sheet_name=sheet.name)
    hidden = sheet.visibility in (1, 2)
    skip = ctx.options["hidden"] == "skip"
    counts: Counter = Counter()
    if hidden and skip:
        texts = [str(v) for row in range(sheet.nrows) for v in sheet.row_values(row) if str(v)]
        texts += [text for _, text in dropped_notes(sheet, where) if text]
        ctx.report("xls.hidden-sheet-dropped", where, text="\n".join(texts)[:budget.text_limit] or None)
        book.unload_sheet(ordinal - 1)
        return
    facets = (HiddenFacet("very-hidden-sheet" if sheet.visibility == 2 else "hidden-sheet"),) if hidden else ()
    hidden_cols = _hidden_columns(sheet)
    firsts = [c for c in map(lambda r: _first_col(sheet, r), range(sheet.nrows)) if c is not None]
    first_col = min(firsts, default=0)
    last_col = max((sheet.row_len(r) - 1 for r in range(sheet.nrows)), default=-1)
    merges = [(r1, c1, r2 - 1, c2 - 1) for r1, r2, c1, c2 in sheet.merged_cells if r2 - r1 > 0 and c2 - c1 > 0
              and (r2 - r1, c2 - c1) != (1, 1)]
    plan = SheetPlan(ordinal, sheet.name, first_col=first_col, skip_hidden=skip, hidden_cols=hidden_cols,
                     last_col=last_col, merges=merges)
    table = Table(rows=(), facets=facets, locator=where)
    grid = Grid(plan, ctx, table, max_rows=ctx.options["max_rows"], max_cols=ctx.options["max_cols"], budget=budget)
    table.columns = grid.columns()
    blanks: list[tuple[int, int]] = []
    rows = _rows(sheet, book.datemode, formats, shown, counts, blanks, ctx)
    if ctx.options["comments"] == "keep":
        anchored = sheet_notes(sheet, ordinal, where, ctx)
        if anchored:
            notes = CellNotes(grid, ctx, "xls.comments-dropped", lambda: last_col)
            notes.carry(anchored)
            rows = notes.rows(rows)
    else:
        for located, text in dropped_notes(sheet, where):
            ctx.report("xls.comments-dropped", located, text=text or None)
    titles, table.rows = split_header(_reported(grid.rows(rows), counts, blanks, where, grid, plan, ctx),
                                      ctx.options["header"] or "auto")
    yield Heading(HEADING_LEVEL, [Text(sheet.name)], facets, where)
    yield from titles
    yield table


def _first_col(sheet, row: int) -> int | None:
    for col, kind in enumerate(sheet.row_types(row)):
        if kind not in (0, 6):  # empty, blank
            return col
    return None


def _hidden_columns(sheet) -> list[tuple[int, int]]:
    return [(col, col) for col, info in sorted(sheet.colinfo_map.items()) if info.hidden]


def _rows(sheet, datemode: int, formats, shown_mode: bool, counts: Counter, blanks: list, ctx):
    """``(row index, hidden, columns, values)`` for the rows holding a value or hidden, as the grid takes them.

    An empty text cell is a FORMULA record whose result is the empty string (xlrd gives an empty cell
    the types EMPTY or BLANK, never TEXT; Excel writes no empty LABEL): a formula that yields "", or one
    never calculated (writers with no calculation engine, xlwt among them, store that result for every
    formula). The two cannot be told apart and the formula itself is not decompiled, so it is counted
    and its first cells located (``xls.formula-without-cached-value``, for review)."""
    cache: dict = {}
    for index in range(sheet.nrows):
        if index % _CHECK_EVERY == 0:
            ctx.checkpoint()
        info = sheet.rowinfo_map.get(index)
        hidden = bool(info is not None and info.hidden)
        cols: list[int] = []
        vals: list = []
        other: dict | None = None
        for col, (kind, value, xf) in enumerate(zip(sheet.row_types(index), sheet.row_values(index),
                                                     _xf_indexes(sheet, index))):
            if kind in (0, 6):
                continue
            if kind == 1:  # text
                text = value
                if not text:
                    counts["formula-without-cached-value"] += 1
                    if len(blanks) < BLANK_FORMULAS_LOCATED:
                        blanks.append((index, col))
            elif kind in (2, 3):  # a number, or one xlrd saw a date format on
                key = (xf, value)
                found = cache.get(key)
                if found is None:
                    fmt, temporal = formats[xf] if 0 <= xf < len(formats) else (None, False)
                    found = _number(value, fmt, temporal, datemode, shown_mode)
                    if len(cache) < 1 << 16:
                        cache[key] = found
                raw, shown, count = found
                if count:
                    counts[count] += 1
                text = shown if shown_mode else raw
                if raw != shown:
                    if other is None:
                        other = {}
                    other[col] = (raw, shown)
            elif kind == 4:
                text = "TRUE" if value else "FALSE"
            elif kind == 5:
                from xlrd.biffh import error_text_from_code

                text = error_text_from_code.get(value, f"#ERR{value}")
            else:
                counts["unhandled-construct"] += 1
                text = str(value)
            if text:
                cols.append(col)
                vals.append(text)
        if other is not None:
            vals = ValueList(vals)
            vals.other = other
        if vals or hidden:
            yield index, hidden, cols, vals


def _xf_indexes(sheet, row: int):
    for col in range(sheet.row_len(row)):
        yield sheet.cell_xf_index(row, col)


def _number(value: float, fmt: NumberFormat | None, temporal: bool, datemode: int, shown_mode: bool):
    """The stored value (canonical, ISO for a date), the shown text, and the report to count (as XLSX)."""
    raw = number_text(repr(float(value)))
    if temporal:
        iso = serial_text(float(value), bool(datemode))
        if iso is None:
            return raw, raw, "date-out-of-range"
        raw = iso
    if fmt is None:
        return raw, general_text(float(value)), None
    shown = fmt.number(float(value), bool(datemode)) if fmt.understood else None
    if shown is None:
        return raw, raw, "display-formats-not-applied" if shown_mode else None
    return raw, shown, "number-colours-dropped" if fmt.colour and shown_mode else None


def _reported(rows, counts: Counter, blanks: list, where: Locator, grid: Grid, plan: SheetPlan, ctx):
    """The grid's rows, then the value reports and the hidden columns skipped (known once every row is read)."""
    yield from rows
    for number, (row, col) in enumerate(blanks):  # each of the first cells named, the count on the first
        ctx.report("xls.formula-without-cached-value", where.with_(cell=f"{column_letters(col + 1)}{row + 1}"),
                   count=counts["formula-without-cached-value"] - len(blanks) + 1 if number == 0 else 1)
    for what in ("display-formats-not-applied", "number-colours-dropped", "date-out-of-range",
                 "unhandled-construct"):
        if counts[what]:
            ctx.report(f"xls.{what}", where, count=counts[what])
    if plan.skip_hidden and plan.hidden_cols:
        ctx.report("xls.hidden-column-dropped", where, count=len(plan.hidden_cols),
                   text="\n".join(grid.skipped["hidden-column-dropped"]) or None)
