"""Notes numbered in the order they are first referenced, the way a reader meets them.

A note's id comes from the source ("2", "footnote-7", anything); the output numbers notes 1, 2, 3 by
first reference instead, which is always a safe label and fragment. Notes never referenced are
numbered after the referenced ones, in document order, so none is lost.
"""

from __future__ import annotations

from ..ir.nodes import Note


class NoteNumbers:
    def __init__(self) -> None:
        self._numbers: dict[str, int] = {}
        self._refs: dict[str, int] = {}

    def number(self, note_id: str) -> int:
        found = self._numbers.get(note_id)
        if found is None:
            found = self._numbers[note_id] = len(self._numbers) + 1
        return found

    def reference(self, note_id: str) -> tuple[int, int]:
        """The note's number and how many times it has now been referenced (1 for the first)."""
        number = self.number(note_id)
        self._refs[note_id] = self._refs.get(note_id, 0) + 1
        return number, self._refs[note_id]

    def references(self, note_id: str) -> int:
        return self._refs.get(note_id, 0)

    def ordered(self, notes: list[Note]) -> list[tuple[int, Note]]:
        """Every note with its number, by number. A second note with a taken id gets a number of its own."""
        seen: dict[str, int] = {}
        numbered = []
        for note in notes:
            copies = seen[note.id] = seen.get(note.id, 0) + 1
            key = note.id if copies == 1 else f"{note.id}\0{copies}"
            numbered.append((self.number(key), note))
        numbered.sort(key=lambda pair: pair[0])
        return numbered
