"""A worksheet's review comments: its notes (legacy comments) and its threaded comments, as notes by cell.

The sheet's relationships name its parts: ``comments`` (``xl/commentsN.xml``: an author list, then
``<comment ref authorId>`` holding rich text like a shared string's) and ``threadedComment``
(``xl/threadedComments/…``: ``<threadedComment ref dT personId id parentId>``, a reply naming its
parent); the workbook's ``person`` part gives a person's ``displayName``. Excel writes each threaded
comment a note twin for older readers ("[Threaded comment] …"): a cell with a thread keeps the thread
and leaves the twin. The parts are small, parsed whole before the sheet's rows.

A line of a comment's text is one paragraph: Excel's comment box has no other paragraph mark. The text
is kept as written, the author's name that Excel puts at the start of a note included: the author is
the one ``authorId`` names.
"""

from __future__ import annotations

from dataclasses import field

from zenconv.ir.locator import Locator, column_letters
from zenconv.ir.nodes import Block, Note, Paragraph, Text
from zenconv.reports import Unreadable
from zenconv_plugins.comments import Comment, comment_note, thread_roots

from .anchors import note_id
from .package import Package, Rel, local
from .scan import parse_ref
from .strings import rich_text
from zenconv.records import dataclass


@dataclass(slots=True)
class SheetComments:
    """The notes of one sheet: those whose cell reference reads, by row and column, then the others."""

    anchored: list[tuple[int, int, Note]] = field(default_factory=list)
    unanchored: list[Note] = field(default_factory=list)


class Persons:
    """The workbook's persons by id, read when a threaded comment first asks."""

    def __init__(self, package: Package, workbook_rels: dict[str, Rel], ctx) -> None:
        self._package = package
        self._rels = workbook_rels
        self._ctx = ctx
        self._names: dict[str, str] | None = None

    def name(self, person_id: str | None) -> str | None:
        if self._names is None:
            self._names = {}
            for rel in self._rels.values():
                if rel.kind == "person":
                    root = _parsed(self._package, rel.target, self._ctx, None, "threaded comments have no authors",
                                   code="xlsx.unhandled-construct")
                    for person in root.iter() if root is not None else ():
                        if local(person.tag) == "person" and person.get("id"):
                            self._names.setdefault(person.get("id"), person.get("displayName") or "")
        return self._names.get(person_id or "") or None


def read_comments(package: Package, rels: dict[str, Rel], ordinal: int, persons: Persons, where: Locator,
                  ctx) -> SheetComments:
    threads: list[tuple[str, list[Comment]]] = []
    notes: list[tuple[str, Comment]] = []
    for rel in rels.values():
        if rel.kind == "threadedComment":
            root = _parsed(package, rel.target, ctx, where, "its threads are not carried")
            if root is not None:
                threads += _threads(root, persons, ctx)
        elif rel.kind == "comments":
            root = _parsed(package, rel.target, ctx, where, "its notes are not carried")
            if root is not None:
                notes += _notes(root, where, ctx)
    cells: list[tuple[int, int, int, list[Comment]]] = []  # row, column, document order, thread
    loose: list[list[Comment]] = []
    threaded: set[tuple[int, int]] = set()
    for ref, thread in threads:
        cell = parse_ref(ref)
        if cell is None:
            loose.append(thread)
        else:
            threaded.add(cell)
            cells.append((*cell, len(cells), thread))
    for ref, note in notes:
        cell = parse_ref(ref)
        if cell is None:
            loose.append([note])
        elif cell not in threaded:  # else it is the note twin Excel writes of the cell's thread
            cells.append((*cell, len(cells), [note]))
    found = SheetComments()
    taken: dict[str, int] = {}
    for row, col, _, thread in sorted(cells, key=lambda item: item[:3]):
        note = comment_note(note_id(ordinal, row, col, taken), thread, ctx)
        located = where.with_(cell=f"{column_letters(col + 1)}{row + 1}")
        for block in note.blocks:  # cited as the cell it is on: "Sheet 'Damages', cell B4"
            block.locator = located
        found.anchored.append((row, col, note))
    for number, thread in enumerate(loose, 1):
        note = comment_note(f"comment-{ordinal}-unanchored-{number}", thread, ctx)
        for block in note.blocks:  # on no cell it can name: cited as its sheet's
            block.locator = where
        found.unanchored.append(note)
    return found


def dropped_comments(package: Package, rels: dict[str, Rel], where: Locator, ctx) -> list[tuple[Locator, str]]:
    """What ``--comments drop`` leaves out, one entry per comment in sheet order: where it is (its cell,
    else its sheet) and its text, for the report to take. Every threaded comment, replies included, and each note of a
    cell without a thread: Excel gives each threaded comment a note twin that says only what its
    thread says."""
    found: dict[str, list] = {"comments": [], "threadedComment": []}
    for rel in rels.values():
        if rel.kind in found:
            root = _parsed(package, rel.target, ctx, where, "nothing of it is carried")
            name = "comment" if rel.kind == "comments" else "threadedComment"
            found[rel.kind] += [el for el in root.iter() if local(el.tag) == name] if root is not None else []
    notes, threaded = found["comments"], found["threadedComment"]
    threaded_cells = {el.get("ref") for el in threaded}
    kept = threaded + [el for el in notes if el.get("ref") not in threaded_cells]
    kept.sort(key=lambda el: parse_ref(el.get("ref") or "") or (1 << 40, 0))  # by row, then column; stable
    return [(_cell_of(where, el.get("ref")), "".join(el.itertext())) for el in kept]


def _cell_of(where: Locator, ref: str | None) -> Locator:
    """The sheet's locator narrowed to the cell ``ref`` names (``B4``); the sheet's when it names none."""
    cell = parse_ref(ref or "")
    return where if cell is None else where.with_(cell=f"{column_letters(cell[1] + 1)}{cell[0] + 1}")


def _parsed(package: Package, part: str | None, ctx, where: Locator | None, lost: str,
            code: str = "xlsx.comments-dropped"):
    """A comments or persons part's root; None when it is missing or does not parse (reported under
    ``code`` and gone on from, as for a chart): a DOCTYPE or a depth bomb still refuses the workbook."""
    if not package.has(part):
        return None
    try:
        return package.xml(part)
    except Unreadable as exc:
        if not exc.code.endswith("xml-malformed"):
            raise
    ctx.report(code, where, detail=f"{part} does not parse: {lost}")
    return None


def _threads(root, persons: Persons, ctx) -> list[tuple[str, list[Comment]]]:
    """Each thread's cell reference and entries, the first comment then its replies in document order."""
    entries = []
    for el in root.iter():
        if local(el.tag) == "threadedComment":
            entries.append(el)
            if len(entries) % 1024 == 0:
                ctx.checkpoint()
    roots = thread_roots({el.get("id"): el.get("parentId") for el in entries if el.get("id")})
    threads: dict[str, tuple[str, list[Comment]]] = {}
    for number, el in enumerate(entries):
        own = el.get("id")
        key = roots[own] if own in roots else roots.get(el.get("parentId") or "", f"#{number}")
        comment = Comment(_paragraphs(_text(el)), persons.name(el.get("personId")), None, el.get("dT"))
        threads.setdefault(key, (el.get("ref") or "", []))[1].append(comment)
    return list(threads.values())


def _text(el) -> str:
    return next(("".join(child.itertext()) for child in el if local(child.tag) == "text"), "")


def _notes(root, where: Locator, ctx) -> list[tuple[str, Comment]]:
    authors: list[str] = []
    notes: list[tuple[str, Comment]] = []
    rich = phonetic = 0
    for part in root:
        name = local(part.tag)
        if name == "authors":
            authors = [author.text or "" for author in part if local(author.tag) == "author"]
        elif name == "commentList":
            for number, comment in enumerate(part, 1):
                if local(comment.tag) != "comment":
                    continue
                body = next((child for child in comment if local(child.tag) == "text"), None)
                text, has_rich, has_phonetic = rich_text(body, body.tag[:-4]) if body is not None else ("", 0, 0)
                rich += has_rich
                phonetic += has_phonetic
                notes.append((comment.get("ref") or "", Comment(_paragraphs(text), _author(authors, comment))))
                if number % 1024 == 0:
                    ctx.checkpoint()
    if rich:
        ctx.report("xlsx.rich-text-flattened", where, count=rich, detail="comments with rich-text runs")
    if phonetic:
        ctx.report("xlsx.phonetic-dropped", where, count=phonetic, detail="in comments")
    return notes


def _author(authors: list[str], comment) -> str | None:
    raw = comment.get("authorId") or ""
    index = int(raw) if raw.isdigit() else len(authors)
    return authors[index] or None if index < len(authors) else None


def _paragraphs(text: str) -> list[Block]:
    return [Paragraph([Text(line)]) for line in text.split("\n") if line.strip()]
