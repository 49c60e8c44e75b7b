"""Review comments on a slide: each thread one note, referenced where the comment is anchored.

A slide reaches its comments through relationships whose type ends in ``comments``, in one of two
vocabularies. Legacy parts (``p:cmLst``) hold plain-text comments with a position only; a reply
names its parent by author and index (``p15:parentCm``) and joins the parent's thread. Their authors
are in the part the presentation relates as ``commentAuthors``. Modern parts (``p188:cmLst``,
PowerPoint 365) hold one thread per ``p188:cm`` with its replies inside, DrawingML text bodies, and a
moniker naming what the comment is anchored to: the slide, or a shape by its ``cNvPr`` id. Their
authors are in the part related as ``authors``, keyed by GUID.
"""

from __future__ import annotations


from zenconv.ir import Heading, Image, List, Note, NoteRef, Paragraph, Text
from zenconv_plugins.comments import Comment, comment_note

from .package import NS
from .text import ListStyles, TextReader, blocks_of
from zenconv.records import dataclass
from zenconv.patterns import pattern

_P = f"{{{NS['p']}}}"
_P15 = "{http://schemas.microsoft.com/office/powerpoint/2012/main}"
_P188 = "{http://schemas.microsoft.com/office/powerpoint/2018/8/main}"
# The drawing command monikers (spMk, grpSpMk, picMk, ...) name a shape by its cNvPr id.
_AC = "{http://schemas.microsoft.com/office/drawing/2013/main/command}"
_NOT_ANCHOR = {f"{_P188}{n}" for n in ("replyLst", "txBody", "pos", "extLst")}
_ID_CHARS = pattern(r"[^\w.-]")
MAX_ID_CHARS = 64  # a GUID is 38; a longer id is a payload, not a name


@dataclass(slots=True)
class Thread:
    note: Note
    shape_id: str | None  # the cNvPr id of the shape the thread is anchored to; None for the slide


class Commentary:
    """The document's comment authors (read once, when a first comment needs them) and the note ids in use."""

    def __init__(self, pkg, ctx, main: str) -> None:
        self.pkg, self.ctx, self.main = pkg, ctx, main
        self._authors: dict[str, dict[str, tuple[str | None, str | None]]] = {}
        self._ids: set[str] = set()
        self._next: dict[str, int] = {}  # id base → the first counter not yet tried, so repeats stay linear

    def threads(self, slide_part: str, locator) -> list[Thread]:
        """The comment threads of one slide, in the order its relationships and parts list them."""
        threads: list[Thread] = []
        for target in self.pkg.related(slide_part, "comments"):
            root = self.pkg.xml(target)
            if root is None:
                continue
            if root.tag == f"{_P}cmLst":
                threads.extend(self._legacy(root, locator))
            elif root.tag == f"{_P188}cmLst":
                threads.extend(self._modern(root, TextReader(self.ctx, self.pkg.rels(target), locator), locator))
        return threads

    def _legacy(self, root, locator) -> list[Thread]:
        authors = self.authors("commentAuthors", f"{_P}cmAuthor")
        entries: list[tuple[str, list[Comment]]] = []
        thread_of: dict[tuple, list[Comment]] = {}  # (authorId, idx) → the thread the comment is in
        for cm in root.iterfind(f"{_P}cm"):
            self.ctx.checkpoint()
            name, initials = authors.get(cm.get("authorId"), (None, None))
            comment = Comment(_lines(cm.findtext(f"{_P}text"), locator), name, initials, cm.get("dt"))
            parent = cm.find(f"{_P}extLst/{_P}ext/{_P15}threadingInfo/{_P15}parentCm")
            thread = thread_of.get((parent.get("authorId"), parent.get("idx"))) if parent is not None else None
            if thread is None:
                thread = []
                entries.append((self.note_id(f"{cm.get('authorId')}-{cm.get('idx')}"), thread))
            thread.append(comment)
            thread_of.setdefault((cm.get("authorId"), cm.get("idx")), thread)
        return [Thread(comment_note(note_id, thread, self.ctx), None) for note_id, thread in entries]

    def _modern(self, root, text: TextReader, locator) -> list[Thread]:
        authors = self.authors("authors", f"{_P188}author")
        threads = []
        for cm in root.iterfind(f"{_P188}cm"):
            self.ctx.checkpoint()
            thread = [_entry(cm, authors, text, locator)]
            for reply in cm.iterfind(f"{_P188}replyLst/{_P188}reply"):
                self.ctx.checkpoint()
                thread.append(_entry(reply, authors, text, locator))
            threads.append(Thread(comment_note(self.note_id(cm.get("id") or ""), thread, self.ctx), _anchor(cm)))
        return threads

    def authors(self, kind: str, tag: str) -> dict[str, tuple[str | None, str | None]]:
        """Author id → (name, initials) from the part the presentation relates as ``kind``."""
        if kind not in self._authors:
            part = next(iter(self.pkg.related(self.main, kind)), None)
            root = self.pkg.xml(part) if part is not None else None
            found: dict[str, tuple[str | None, str | None]] = {}
            for author in root.iterfind(tag) if root is not None else ():
                self.ctx.checkpoint()
                found.setdefault(author.get("id"), (author.get("name"), author.get("initials")))
            self._authors[kind] = found
        return self._authors[kind]

    def note_id(self, source: str) -> str:
        """``comment-<source id>``, made unique in the document by a counter when a source repeats one."""
        base = "comment-" + _ID_CHARS.sub("", source)[:MAX_ID_CHARS]
        n = self._next.get(base, 1)
        note_id = base if n == 1 else f"{base}-{n}"
        while note_id in self._ids:
            n += 1
            note_id = f"{base}-{n}"
        self._next[base] = n + 1
        self._ids.add(note_id)
        return note_id


def place(threads: list[Thread], notes: list, anchors: dict, blocks: list, titled: bool) -> None:
    """Append each thread's note to ``notes`` and its reference at its anchor: the end of the shape's
    last block, else the slide's title (``blocks[0]``, when the slide has one), else its first text block.
    With none of these the note is carried unreferenced."""
    fallback = None
    if threads:
        fallback = blocks[0] if titled else next((b for b in blocks[1:] if _is_text(b)), None)
    for thread in threads:
        notes.append(thread.note)
        ref = NoteRef(thread.note.id)
        shape = anchors.get(thread.shape_id) if thread.shape_id is not None else None
        if shape is not None and _append(shape, ref):
            continue
        if fallback is not None:
            _append(fallback, ref)


def _append(block, ref: NoteRef) -> bool:
    """Put ``ref`` at the end of ``block``'s text; False for a block without inline text at its end (a table)."""
    while isinstance(block, List):
        if not block.items or not block.items[-1].blocks:
            return False
        block = block.items[-1].blocks[-1]
    if isinstance(block, (Paragraph, Heading)):
        block.children.append(ref)
        return True
    return False


def _is_text(block) -> bool:
    return isinstance(block, List) or (isinstance(block, Paragraph)
                                       and any(not isinstance(c, Image) for c in block.children))


def _entry(el, authors: dict, text: TextReader, locator) -> Comment:
    name, initials = authors.get(el.get("authorId"), (None, None))
    blocks = blocks_of(text.paragraphs(el.find(f"{_P188}txBody"), ListStyles()), locator)
    return Comment(blocks, name, initials, el.get("created"))


def _anchor(cm) -> str | None:
    """The shape a modern comment is anchored to: the innermost drawing moniker (a shape in a group
    is named after its group), or None for a comment on the slide itself."""
    shape = None
    for moniker in cm:
        if moniker.tag in _NOT_ANCHOR:
            continue
        for el in moniker.iter(f"{_AC}*"):
            if el.get("id") is not None:
                shape = el.get("id")
    return shape


def _lines(text: str | None, locator) -> list:
    """A legacy comment is plain text: each non-blank line one paragraph."""
    lines = (" ".join(line.split()) for line in (text or "").splitlines())
    return [Paragraph([Text(line)], locator=locator) for line in lines if line]
