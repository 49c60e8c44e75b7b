"""Review comments: the comments part indexed before the body, each comment mark decided as it is met.

Word keeps a comment's text in the comments part and marks its place in a story with
``w:commentRangeStart``/``w:commentRangeEnd`` around the commented words and a ``w:commentReference``
run, usually right after the range end. The body is streamed and its blocks leave as they are read,
so what a mark becomes must be known when it is met: the part is indexed first (ids, threads, which
comments have a reference at all). A thread's own text is read the moment the text first references it
(``on_place``, ``parts.read_thread_now``), so its note is in the document's notes before the block that
references it leaves (the HTML page writes it beside that block); the threads never referenced, or only in
hidden text skipped, are read after the body and the notes (``parts.read_comments``).

A thread (a comment and its replies) is one note, ``comment-<id of its first comment>``, referenced
once: at the first reference of any of its comments, or at a range end when the comment has no
reference. Replies are recorded by Word 2013 and later in commentsExtended.xml: a ``w15:commentEx``
names a comment by the ``w14:paraId`` of its last paragraph, and its parent by ``w15:paraIdParent``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from zenconv.ir.locator import Locator
from zenconv_plugins.comments import MAX_OPEN_RANGES, thread_roots

from .inlines import comment_range_key
from .namespaces import REL_COMMENTS, W, W14
from .package import Package, Relationship, by_type
from zenconv.records import dataclass
from zenconv.patterns import pattern

W15 = "{http://schemas.microsoft.com/office/word/2012/wordml}"
REL_COMMENTS_EXTENDED = "http://schemas.microsoft.com/office/2011/relationships/commentsExtended"

_START, _END, _REFERENCE = W + "commentRangeStart", W + "commentRangeEnd", W + "commentReference"
# The ids a story refers to, found in its bytes before it is streamed. A reference tag is short
# (``<w:commentReference w:id="3"/>``): its attributes are matched up to a bound and split by hand, so the
# scan stays linear whatever the text holds (an unbounded lazy match was quadratic on a run of the word).
_REFERENCE_TAG = pattern(rb"<(?:[A-Za-z_][\w.-]*:)?commentReference\b([^<>]{0,256})>")
_EQUALS = pattern(rb"\s*=\s*")


def paragraphs_text(el) -> str:
    """A story's words (a comment, a header) as a report takes them: each paragraph's text, one line each
    (a text box's paragraph is a line of its own, not part of the paragraph that anchors it)."""
    lines: dict = {}
    for t in el.iter(W + "t"):
        lines.setdefault(next(t.iterancestors(W + "p"), None), []).append(t.text or "")
    return "\n".join("".join(words) for words in lines.values())


def reference_ids(data: bytes) -> list[bytes]:
    """The ``id`` of every comment reference tag in ``data``."""
    found = []
    for attributes in _REFERENCE_TAG.findall(data):
        for token in _EQUALS.sub(b"=", attributes).split():
            name, _, value = token.partition(b"=")
            if name.rsplit(b":", 1)[-1] == b"id" and value:
                found.append(value.rstrip(b"/").strip(b"\"'"))
                break
    return found


@dataclass(slots=True)
class Thread:
    note_id: str
    ids: list[str]      # the first comment, then its replies in the part's order


@dataclass(slots=True)
class Comments:
    """The comments of one document and what has become of them so far.

    With ``--comments drop`` only ``elements`` (for the text a report takes) and ``reported`` are used:
    one report per comment id, as the reader always did. ``index`` reads the part before the body.
    """

    keep: bool
    part: str = ""                                           # the comments part (links in comments resolve there)
    rels: dict[str, Relationship] = field(default_factory=dict)
    elements: dict = field(default_factory=dict)             # id -> w:comment, in the part's order
    threads: dict[str, Thread] = field(default_factory=dict)  # id of any comment of a thread -> the thread
    referenced: set[str] = field(default_factory=set)       # ids with a reference: their range end anchors nothing
    placed: set[str] = field(default_factory=set)           # note ids referenced in the text
    hidden: set[str] = field(default_factory=set)           # note ids referenced in hidden text skipped
    reported: set[str] = field(default_factory=set)         # ids reported under docx.comments-dropped
    closed: bool = False                                     # the comments' own text is read: its marks anchor nothing
    ranges: dict[str, tuple[str, tuple]] = field(default_factory=dict)  # note id -> (the id that opened it, span key)
    open_keys: tuple = ()                                    # the open ranges' keys: the wrappers of text they cover
    on_place: Callable[[Thread], None] | None = None         # reads a thread when its first reference is placed
    read: set[str] = field(default_factory=set)             # note ids whose thread is read (its note carried)

    def index(self, package: Package, main_rels: dict[str, Relationship], main_data: bytes, ctx) -> None:
        """The comments part, the threads of commentsExtended, and the references of the main part."""
        self.saw_references(reference_ids(main_data) if b"commentReference" in main_data else ())
        rel = by_type(main_rels, REL_COMMENTS)
        root = package.parse(rel.target) if rel is not None else None
        if root is None:
            return
        self.part, self.rels = rel.target, package.relationships(rel.target)
        for el in root.iterchildren(W + "comment"):
            cid = el.get(W + "id") or ""
            if cid in self.elements:
                ctx.report("docx.comments-dropped", Locator(part=self.part), detail=f"a second comment {cid[:40]}")
            else:
                self.elements[cid] = el
            ctx.checkpoint()
        parents = self._parents(package, main_rels)
        roots = thread_roots({cid: parents.get(cid) for cid in self.elements})
        for cid, root_id in roots.items():
            if root_id == cid:
                self.threads[cid] = Thread(f"comment-{cid}", [cid])
        for cid, root_id in roots.items():
            if root_id != cid:
                thread = self.threads[root_id]
                thread.ids.append(cid)
                self.threads[cid] = thread

    def _parents(self, package: Package, main_rels: dict[str, Relationship]) -> dict[str, str]:
        """Reply id -> parent id, from commentsExtended (empty without it)."""
        rel = by_type(main_rels, REL_COMMENTS_EXTENDED)
        root = package.parse(rel.target) if rel is not None else None
        if root is None:
            return {}
        by_para: dict[str, str] = {}
        for cid, el in self.elements.items():
            last = None
            for last in el.iter(W + "p"):
                pass
            para = last.get(W14 + "paraId") if last is not None else None
            if para:
                by_para.setdefault(para.upper(), cid)
        parents: dict[str, str] = {}
        for ex in root.iter(W15 + "commentEx"):
            child = by_para.get((ex.get(W15 + "paraId") or "").upper())
            parent = by_para.get((ex.get(W15 + "paraIdParent") or "").upper())
            if child is not None and parent is not None and child != parent:
                parents.setdefault(child, parent)
        return parents

    def saw_references(self, ids) -> None:
        """The comment ids a story refers to (byte strings from a scan, or a parsed part's marks)."""
        for cid in ids:
            self.referenced.add(cid.decode("utf-8", "replace") if isinstance(cid, bytes) else cid)

    def mark(self, st, el) -> str | None:
        """A comment mark met in a story: the note id to reference here, if any. With ``--comments drop``
        a range start or reference is reported, once per comment, and nothing is referenced."""
        cid = el.get(W + "id") or ""
        tag = el.tag
        if not self.keep:
            if tag != _END and cid not in self.reported:
                self.reported.add(cid)
                el = self.elements.get(cid)
                st.report("docx.comments-dropped", text=paragraphs_text(el) if el is not None else None)
            return None
        if not self.closed and cid in self.threads:
            self._range(st, tag, cid)
        if self.closed or tag == _START or (tag == _END and cid in self.referenced):
            return None
        thread = self.threads.get(cid)
        if thread is None:
            if cid not in self.reported:
                self.reported.add(cid)
                st.report("docx.comments-dropped", detail=f"comment {cid[:40]} is not in the package")
            return None
        if thread.note_id in self.placed:
            return None
        self.placed.add(thread.note_id)
        if self.on_place is not None:
            self.on_place(thread)
        return thread.note_id

    def _range(self, st, tag: str, cid: str) -> None:
        """A range start opens the span that marks the text a thread covers; its end closes it. A reply's
        range usually repeats its thread's: one span per thread, closed by the comment that opened it."""
        thread = self.threads.get(cid)
        if thread is None:
            return
        note_id = thread.note_id
        if tag == _START and note_id not in self.ranges:
            if len(self.ranges) >= st.ctx.options.get("max_comment_ranges", MAX_OPEN_RANGES):
                st.report("docx.comment-ranges-unmarked", detail=f"comment {cid[:40]}")
                return
            self.ranges[note_id] = (cid, comment_range_key(note_id, st.next_serial()))
        elif tag == _END and self.ranges.get(note_id, ("",))[0] == cid:
            del self.ranges[note_id]
        else:
            return
        self.open_keys = tuple(key for _, key in self.ranges.values())

    def close(self, el) -> None:
        """A range end where no reference can be placed: the range's span closes, nothing else."""
        if self.keep and not self.closed:
            self._range(None, _END, el.get(W + "id") or "")

    def report_unmarked(self, ctx) -> None:
        """Under ``--comments drop``, after every story: the comments no mark reported (anchored nowhere,
        or only in text skipped as hidden), each with its text."""
        for cid, el in self.elements.items():
            if cid not in self.reported:
                self.reported.add(cid)
                ctx.report("docx.comments-dropped", Locator(part=self.part), detail=f"comment {cid[:40]} has no mark",
                           text=paragraphs_text(el))

    def hidden_run(self, run) -> None:
        """A run skipped as hidden text: a comment referenced only there is skipped with it."""
        if not self.keep:
            return
        for child in run:
            if child.tag == _REFERENCE:
                thread = self.threads.get(child.get(W + "id") or "")
                if thread is not None:
                    self.hidden.add(thread.note_id)

    def ordered(self) -> list[Thread]:
        """Every thread, by its first comment's place in the part."""
        return [self.threads[cid] for cid in self.elements if self.threads[cid].ids[0] == cid]
