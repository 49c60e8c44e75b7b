"""A sheet's cell comments (BIFF NOTE records, their text in the TXO records xlrd joins to them), as notes
by cell, the way the XLSX reader carries its legacy notes.

xlrd gives ``sheet.cell_note_map``: ``(row, col) -> Note`` with the author the NOTE record names and the
text of its comment box. A line of the text is one paragraph (Excel's comment box has no other paragraph
mark); the text is kept as written, the author's name that Excel puts at its start included. Each note
is cited as the cell it is on (``Sheet 'Rent', cell B2``) and marked in that cell by the shared
:class:`~zenconv_plugins.xlsx.anchors.CellNotes`; under ``--comments drop`` each is reported, located,
with its text.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator, column_letters
from zenconv.ir.nodes import Note, Paragraph, Text
from zenconv_plugins.comments import Comment, comment_note
from zenconv_plugins.xlsx.anchors import note_id


def sheet_notes(sheet, ordinal: int, where: Locator, ctx) -> list[tuple[int, int, Note]]:
    """The sheet's comments as notes, by row then column, each block located at its cell."""
    found = []
    taken: dict[str, int] = {}
    for (row, col), note in sorted((getattr(sheet, "cell_note_map", None) or {}).items()):
        paragraphs = [Paragraph([Text(line)]) for line in (note.text or "").split("\n") if line.strip()]
        carried = comment_note(note_id(ordinal, row, col, taken), [Comment(paragraphs, note.author or None)], ctx)
        located = _cell(where, row, col)
        for block in carried.blocks:
            block.locator = located
        found.append((row, col, carried))
    return found


def dropped_notes(sheet, where: Locator) -> list[tuple[Locator, str]]:
    """What ``--comments drop`` leaves out: each comment's cell and text, in sheet order."""
    notes = getattr(sheet, "cell_note_map", None) or {}
    return [(_cell(where, row, col), note.text or "") for (row, col), note in sorted(notes.items())]


def _cell(where: Locator, row: int, col: int) -> Locator:
    return where.with_(cell=f"{column_letters(col + 1)}{row + 1}")
