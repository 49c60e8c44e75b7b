"""The parts read after the body: footnotes, endnotes and comments as notes; headers and footers not carried
as furniture (:mod:`.furniture`) reported.

Notes are read in the order the body referred to them, and only those it referred to (the
separator "notes" Word keeps in the same part are furniture). A note may refer to another note;
the queue grows while reading and each note is read once. Headers and footers left out (under
--furniture drop) are reported when they hold text or a picture, with its part name and first words, so the manifest says
what was left out and a reviewer can see it.

A comment thread is read when the text first references it (:func:`read_thread_now`, through a
reader state of its own, so the body's counters, page, lists and revisions are as they were); the
threads left, never referenced, come last, when the body and the notes (where a comment may be
anchored) have been read: each is still carried, as a note nothing refers to.
"""

from __future__ import annotations

from dataclasses import replace

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Note
from zenconv_plugins.comments import Comment, comment_note

from .body import BlockReader
from .comments import Thread, paragraphs_text
from .namespaces import REL_ENDNOTES, REL_FOOTNOTES, W
from .package import by_type

_KINDS = {"footnote": (REL_FOOTNOTES, W + "footnote"), "endnote": (REL_ENDNOTES, W + "endnote")}
_FURNITURE = ("separator", "continuationSeparator", "continuationNotice")
_BLIP = "{http://schemas.openxmlformats.org/drawingml/2006/main}blip"
_IMAGEDATA = "{urn:schemas-microsoft-com:vml}imagedata"


def read_notes(reader: BlockReader, main_rels, seen: set[tuple[str, str]] | None = None) -> list[Note]:
    """The footnotes and endnotes referenced so far and not in ``seen`` (the notes an earlier call read:
    called again after the comments nothing references, for the notes only they refer to)."""
    st = reader.st
    parts: dict[str, tuple[str, dict, dict]] = {}   # kind -> (part name, rels, id -> element)
    notes: list[Note] = []
    seen = set() if seen is None else seen
    i = 0
    while i < len(st.note_refs):
        kind, nid = st.note_refs[i]
        i += 1
        if (kind, nid) in seen:
            continue
        seen.add((kind, nid))
        if kind not in parts:
            parts[kind] = _load(reader, main_rels, kind)
        name, rels, by_id = parts[kind]
        el = by_id.get(nid)
        if el is None:
            continue
        st.part, st.rels = name, rels
        notes.append(Note(id=f"{kind}-{nid}", blocks=reader.blocks_of(el), kind=kind))
        st.ctx.checkpoint()
    return notes


def _load(reader: BlockReader, main_rels, kind: str) -> tuple[str, dict, dict]:
    rel_type, tag = _KINDS[kind]
    rel = by_type(main_rels, rel_type)
    if rel is None:
        return "", {}, {}
    package = reader.st.package
    root = package.parse(rel.target)
    if root is None:
        return rel.target, {}, {}
    reader.st.comments.saw_references(el.get(W + "id") or "" for el in root.iter(W + "commentReference"))
    by_id = {}
    for el in root.iter(tag):
        nid = el.get(W + "id")
        if nid is not None and el.get(W + "type") not in _FURNITURE:
            by_id.setdefault(nid, el)
    return rel.target, package.relationships(rel.target), by_id


def read_thread_now(body: BlockReader, thread: Thread) -> None:
    """A thread the text has just referenced for the first time, read now and its note added to the
    document's, so a writer has it by the time the block that references it is written.

    The body may be in the middle of a paragraph, a table or a list: the thread is read through a state
    and a reader of its own, copied from the body's (the package, styles, options and what is collected
    for the whole document are shared; counters, list numbering, fields, the joining paragraph and the
    block revisions are its own and are dropped after), in the comments part. Its locators name that
    part and the paragraph of the reference. Marks in the comment's own text anchor nothing, and the
    ranges open in the body do not wrap it.
    """
    st = body.st
    comments = st.comments
    own = replace(st, part=comments.part, rels=comments.rels, numbering=st.numbering.fork(), in_body=False,
                  counting=False, fields=[], joined=None, block_revisions=(), section_ends=[])
    saved = comments.closed, comments.open_keys
    comments.closed, comments.open_keys = True, ()
    try:
        note = _thread_note(BlockReader(own), thread)
    finally:
        comments.closed, comments.open_keys = saved
    st.ctx.notes.append(note)


def read_comments(reader: BlockReader) -> list[Note]:
    """One note per thread not read yet, in the comments part's order; a thread anchored only in hidden
    text skipped under --hidden skip is skipped too, and reported with it."""
    st = reader.st
    comments = st.comments
    comments.closed = True
    st.part, st.rels = comments.part, comments.rels
    notes: list[Note] = []
    for thread in comments.ordered():
        if thread.note_id in comments.read:
            continue
        if thread.note_id in comments.hidden and thread.note_id not in comments.placed:
            st.ctx.report("docx.hidden-text-skipped", Locator(part=comments.part), count=len(thread.ids),
                          detail=f"comment {thread.ids[0][:40]}",
                          text="\n".join(paragraphs_text(comments.elements[cid]) for cid in thread.ids))
            continue
        notes.append(_thread_note(reader, thread))
    return notes


def _thread_note(reader: BlockReader, thread: Thread) -> Note:
    """A thread's note: its first comment, then the replies, each with its attribution."""
    st = reader.st
    comments = st.comments
    comments.read.add(thread.note_id)
    entries = []
    for cid in thread.ids:
        el = comments.elements[cid]
        entries.append(Comment(reader.blocks_of(el), author=el.get(W + "author"),
                               initials=el.get(W + "initials"), date=el.get(W + "date")))
        st.ctx.checkpoint()
    return comment_note(thread.note_id, entries, st.ctx)


def report_headers(reader: BlockReader, carried=(), unshown=None) -> None:
    """The header and footer parts the sections name and the furniture did not carry (all of them under
    --furniture drop; under keep a variant no section shows, ``unshown`` saying why), each reported with
    its text."""
    st = reader.st
    for name, kind in st.header_parts.items():
        if name in carried:
            continue
        root = st.package.parse(name)
        if root is None:
            continue
        text = " ".join(" ".join(t.text or "" for t in root.iter(W + "t")).split())
        # a picture is a DrawingML blip or a VML image (a letterhead logo is often either, and alone)
        images = sum(1 for _ in root.iter(_BLIP, _IMAGEDATA))
        if not text and not images:
            continue
        detail = f"{kind} {name}"
        if unshown and name in unshown:
            detail += f" (never printed: {unshown[name]})"
        if text:
            detail += f": {text[:120]}" + ("…" if len(text) > 120 else "")
        if images:
            detail += f"{',' if text else ':'} {images} image{'s' if images > 1 else ''}"
        st.ctx.report("docx.headers-footers-dropped", Locator(part=name), detail=detail, text=paragraphs_text(root))
