"""GFM pipe tables, as the GFM spec reads them (mistune's plugin refuses a whole table whose rows
do not all have the header's cell count; GFM pads short rows and cuts long ones)."""

from __future__ import annotations

from mistune.plugins.table import _process_thead, _split_table_cells

# A line that starts one of these ends a table, as a blank line does.
_BREAKS = ["blank_line", "fenced_code", "atx_heading", "thematic_break", "block_quote", "list", "block_html"]


def _row_text(line: str) -> str:
    """A row's cells as mistune splits them: edges trimmed, one leading and one trailing pipe off."""
    text = line.rstrip("\n").strip(" \t")
    text = text.removeprefix("|")
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return text


def _cell_text(text: str) -> str:
    # GFM: an escaped pipe is a pipe in the cell's content, even inside a code span.
    return text.strip().replace("\\|", "|")


def _has_pipe(line: str) -> bool:
    return any(ch == "|" and (i == 0 or line[i - 1] != "\\") for i, ch in enumerate(line))


def parse_table(block, m, state):
    """The ``table`` and ``nptable`` rules: a header row, a delimiter row, then rows until a break."""
    header_line = m.group(0)
    if not _has_pipe(header_line):
        return None
    pos = m.end()
    align_line = state.get_line(pos)
    if not _has_pipe(align_line) and "-" not in align_line:
        return None
    thead, aligns = _process_thead(_row_text(header_line), _row_text(align_line))
    if not thead:
        return None
    for cell in thead["children"]:
        cell["text"] = _cell_text(cell["text"])
    pos += len(align_line)
    breaks = block.compile_sc(_BREAKS)
    width = len(aligns)
    rows = []
    while pos < state.cursor_max:
        if breaks.match(state.src, pos):
            break
        line = state.get_line(pos)
        cells = _split_table_cells(_row_text(line))
        if len(cells) > width:
            state.env.setdefault("_excess_cells", []).append(state.line_at(pos))
            cells = cells[:width]
        cells += [""] * (width - len(cells))
        rows.append({"type": "table_row", "children": [
            {"type": "table_cell", "text": _cell_text(text), "attrs": {"align": aligns[i], "head": False}}
            for i, text in enumerate(cells)
        ]})
        pos += len(line)
    state.append_token({"type": "table", "children": [thead, {"type": "table_body", "children": rows}]})
    return pos
