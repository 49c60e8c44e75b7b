"""Review comments (``office:annotation``) as notes: one note per thread, built when the body is read.

A comment names its author (``dc:creator``), its date (``dc:date``) and, since ODF 1.3, its
initials (``meta:creator-initials``; LibreOffice wrote ``loext:sender-initials`` before). A reply
is an annotation of its own whose ``loext:parent-name`` names its parent's ``office:name``: it joins
the parent's thread and is referenced nowhere. An annotation with an ``office:name`` may open a range
that a later ``office:annotation-end`` closes; its reference goes there, at the end of the commented
text, as Word places it, and the text between is marked as the text the comment covers (a
``comment-range`` Span, as the DOCX reader marks Word's ranges). LibreOffice names point comments too, so
whether a name has an end is looked up: first in the part of the body the parser has reached, where a
range nearly always ends, then, for a name not found there, in all of content.xml, read again once. An end that
lies in tracked-deleted text is never read when changes are accepted: its range is not marked (it would
run to the end of the document), and its reference stays unplaced as before.
"""

from __future__ import annotations

from lxml.etree import XPath
from zenconv_plugins.comments import MAX_OPEN_RANGES, Comment, comment_note

from .names import DC, LOEXT, META, OFFICE, TEXT
from .package import BODY_LEVELS

_ATTRIBUTION = {f"{DC}creator", f"{DC}date", f"{META}creator-initials", f"{LOEXT}sender-initials",
                f"{META}date-string"}
_TRACKED, _END = f"{TEXT}tracked-changes", f"{OFFICE}annotation-end"
# The first annotation end of a name after an element, outside deleted text, in the tree parsed so far.
_READ_END_AFTER = XPath("boolean(following::office:annotation-end[@office:name = $name]"
                        "[not(ancestor::text:tracked-changes)][1])",
                        namespaces={"office": OFFICE[1:-1], "text": TEXT[1:-1]})


class Annotations:
    def __init__(self, state, blocks) -> None:
        self.s = state
        self.blocks = blocks  # the block reader, for the comments' paragraphs
        self._threads: list[tuple[str, list[Comment]]] = []
        self._named: dict[str, list[Comment]] = {}  # threads by the office:name of any of their comments
        self._open: dict[str, str] = {}  # note ids of ranges whose end is still ahead, by office:name
        self.covering: tuple[str, ...] = ()  # the note ids of the open ranges whose text is marked
        self._ends: set[str] | None = None
        self._read_ends: set[str] = set()  # the ends the body reading will meet (not in deleted text)

    @property
    def keep(self) -> bool:
        return self.s.ctx.options.get("comments") != "drop"

    def read(self, el, *, ranged: bool) -> str | None:
        """Take in one annotation; return the id of the note to reference where it stands, or None
        (a reply, or a range whose reference waits for its end)."""
        author, date = el.findtext(f"{DC}creator"), el.findtext(f"{DC}date")
        initials = el.findtext(f"{META}creator-initials") or el.findtext(f"{LOEXT}sender-initials")
        body = self.blocks.detached([c for c in el if c.tag not in _ATTRIBUTION])
        comment = Comment(body, author, initials, date)
        name = el.get(f"{OFFICE}name")
        thread = self._named.get(el.get(f"{LOEXT}parent-name") or "")
        if thread is not None:
            thread.append(comment)
            if name:
                self._named[name] = thread  # a reply to this reply is still of this thread
            return None
        note_id = f"comment-{len(self._threads) + 1}"
        thread = [comment]
        self._threads.append((note_id, thread))
        if name:
            self._named[name] = thread
            if ranged:
                has_end, end_read = self._ends_of(name, el)
                if has_end:
                    self._open[name] = note_id
                    if end_read or self.s.revisions != "accept":
                        self._cover(note_id)
                    return None
        return note_id

    def _cover(self, note_id: str) -> None:
        """Mark the range's text from here, unless --max-comment-ranges others are open (reported)."""
        if len(self.covering) >= self.s.ctx.options.get("max_comment_ranges", MAX_OPEN_RANGES):
            self.s.report("comment-ranges-unmarked", detail=note_id)
        else:
            self.covering += (note_id,)

    def end(self, name: str | None) -> str | None:
        """The id of the note whose range an ``office:annotation-end`` closes, None when none is open."""
        note_id = self._open.pop(name or "", None)
        if note_id in self.covering:
            self.covering = tuple(n for n in self.covering if n != note_id)
        return note_id

    def finish(self) -> None:
        """Every thread as one note, replies and all; a range whose end never came is carried unreferenced."""
        self.s.ctx.notes.extend(comment_note(note_id, thread, self.s.ctx) for note_id, thread in self._threads)

    def _ends_of(self, name: str, el) -> tuple[bool, bool]:
        """Whether content.xml has an ``office:annotation-end`` of this name, and one the body reading meets
        (not in deleted text). A range nearly always ends soon after it starts, in the part of the body the
        parser has already put in the tree: that is searched first (in C), and only a name not found there
        has the whole part read again, once, for every name."""
        root = self.s.root
        if self._ends is None and root is not None and el.getroottree().getroot() is root:
            if _READ_END_AFTER(el, name=name):
                return True, True
        ends = self._range_ends()
        return name in ends, name in self._read_ends

    def _range_ends(self) -> set[str]:
        if self._ends is None:
            self._ends = set()
            depth = 0
            # Events for the body's levels only: what is below them is searched whole, in C, at their end.
            for event, el in self.s.pkg.events("content.xml", clear=True, levels=BODY_LEVELS):
                self.s.ctx.tick()
                if event == "start":
                    depth += 1
                    continue
                ends = el.iter(_END) if depth == BODY_LEVELS else (el,) if el.tag == _END else ()
                depth -= 1
                for end in ends:
                    if name := end.get(f"{OFFICE}name"):
                        self._ends.add(name)
                        if next(end.iterancestors(_TRACKED), None) is None:  # not in deleted text
                            self._read_ends.add(name)
        return self._ends
