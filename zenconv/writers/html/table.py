"""Tables as HTML, streamed row by row: ``<th>`` for header cells, spans as ``colspan``/``rowspan``.

Leading header rows go in ``<thead>``, the rest in ``<tbody>``; every ``<tr>`` carries its locator as
``data-`` attributes and its citation, so a reviewer can cite any row. The table's notes (a truncation
warning) follow it visibly. The Markdown writer's ``--html-tables`` reuses :func:`row_html`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...ir.nodes import Row, Table
from ..grid import MAX_SPAN
from .markup import attributes, node_attributes


# A row of bare strings joined with NUL is written as it is when none of these match: nothing to escape,
# no line break to write as <br>, no control character (a NUL in a cell shows in the separator count).
_PLAIN_UNSAFE = re.compile(r"[&<>\"'\r\n\x01-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def row_html(r, row: Row) -> str:
    cells = row.cells
    try:
        joined = "\x00".join(cells)
    except TypeError:  # a Cell among the strings
        joined = None
    if joined is not None and joined.count("\x00") == len(cells) - 1 and not _PLAIN_UNSAFE.search(joined):
        body = "<td>" + joined.replace("\x00", "</td><td>") + "</td>" if cells else ""
        return f"<tr{node_attributes(row)}>{body}</tr>"
    parts = [f"<tr{node_attributes(row)}>"]
    text = r.text
    for cell in cells:
        if type(cell) is str:
            parts.append(f"<td>{text(cell, cell=True)}</td>")
            continue
        tag = "th" if cell.header else "td"
        cols = min(max(cell.col_span, 1), MAX_SPAN)
        rows = min(max(cell.row_span, 1), MAX_SPAN)
        spans = attributes([("colspan", cols if cols > 1 else None), ("rowspan", rows if rows > 1 else None)])
        parts.append(f"<{tag}{spans}>{r.cell(cell.content)}</{tag}>")
    parts.append("</tr>")
    return "".join(parts)


def colgroup_html(table: Table) -> str:
    specs = table.columns.specs
    if not any(spec.facets or spec.locator for spec in specs):
        return ""
    return "<colgroup>" + "".join(f"<col{node_attributes(spec)}>" for spec in specs) + "</colgroup>"


def table_note_html(r, note: str) -> str:
    return f'<p class="table-note" role="note">{r.text(note)}</p>\n'


def table_chunks(r, table: Table) -> Iterator[str]:
    yield f"<table{node_attributes(table)}>\n"
    if table.caption:
        yield f"<caption>{r.inlines(table.caption)}</caption>\n"
    colgroup = colgroup_html(table)
    if colgroup:
        yield colgroup + "\n"
    section = None
    checkpoint = r.checkpoint
    for row in table.rows:
        checkpoint()
        wanted = "thead" if section in (None, "thead") and row.is_header else "tbody"
        if wanted != section:
            if section:
                yield f"</{section}>\n"
            yield f"<{wanted}>\n"
            section = wanted
        yield row_html(r, row) + "\n"
    if section:
        yield f"</{section}>\n"
    yield "</table>\n"
    for note in table.notes:
        yield table_note_html(r, note)
