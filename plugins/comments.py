"""Review comments as notes, the same in every reader: who said it, when, then what they said.

A comment (a Word comment, an Excel note or threaded comment, a PowerPoint comment, an ODF annotation)
becomes a :class:`~zenconv.ir.nodes.Note` of kind ``comment``, referenced by a ``NoteRef`` where the
source anchors it (the end of the commented text, the cell, the slide). A thread (a comment and its
replies) is one note, each entry opening with its attribution in emphasis:

    [^1]: *Comment by John Reviewer (JR), 2026-01-01T00:00:00:* This is a sample reviewer comment

          *Reply by Jane Smith (JS), 2026-06-18T17:35:35:* This is a sample response

The attribution states what the source states (an author without initials, no date, an anonymous
comment) and nothing else; the date is kept as the source writes it, cut to the second.
"""

from __future__ import annotations

from dataclasses import field

from zenconv.ir.facets import CommentRangeFacet
from zenconv.ir.nodes import Block, Emphasis, Inline, Note, Paragraph, Span, Text
from zenconv_plugins.declarations import (  # noqa: F401 (for importers)
    ATTRIBUTION_CHARS, MAX_ATTRIBUTION_CHARS, MAX_COMMENT_RANGES, MAX_OPEN_RANGES,
)
from zenconv.records import dataclass
from zenconv.patterns import pattern

# The class of the Span around the text a comment covers: the writers mark it (HTML and Markdown <mark>),
# the segments writer says what each comment covers.
COMMENT_RANGE = "comment-range"
# Ranges open at once whose text is marked, by default: a hostile run of starts must not make every run wear
# them all. The readers that mark ranges (DOCX, ODT) report one opened past it, <reader>.comment-ranges-unmarked.
_FRACTION = pattern(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d+")


@dataclass
class Comment:
    """One entry of a thread: its author's name and initials and its date as the source gives them."""

    blocks: list[Block] = field(default_factory=list)
    author: str | None = None
    initials: str | None = None
    date: str | None = None


def _fields(comment: Comment) -> tuple[str, str, str]:
    """The author, initials and date as the attribution states them, before any cut."""
    return (" ".join((comment.author or "").split()), " ".join((comment.initials or "").split()),
            (comment.date or "").strip())


def attribution(comment: Comment, reply: bool = False, limit: int = MAX_ATTRIBUTION_CHARS) -> str:
    """``Comment by John Reviewer (JR), 2026-01-01T00:00:00:``; ``Reply`` for a later entry of a thread.
    Each field is cut at ``limit`` characters (``--max-attribution-chars``)."""
    author, initials, date = (field[:limit] for field in _fields(comment))
    text = "Reply" if reply else "Comment"
    if author:
        text += f" by {author}"
        if initials and initials != author:
            text += f" ({initials})"
    elif initials:
        text += f" by {initials}"
    if date:
        text += ", " + _FRACTION.sub(r"\1", date)
    return text + ":"


def comment_range(children: list[Inline], note_id: str) -> Span:
    """The Span marking ``children`` as text the comment ``note_id`` covers (one piece of its range)."""
    return Span(children, COMMENT_RANGE, (CommentRangeFacet(note_id),))


def comment_note(note_id: str, thread: list[Comment], ctx=None) -> Note:
    """The note for a thread: each entry's attribution opens its first paragraph (or stands alone). With
    the reader's ``ctx``, its fields are cut at ``--max-attribution-chars`` and a cut reported
    (``<reader>.attribution-cut``, once per entry, the note named)."""
    limit = ctx.options.get(ATTRIBUTION_CHARS.key, MAX_ATTRIBUTION_CHARS) if ctx is not None else MAX_ATTRIBUTION_CHARS
    blocks: list[Block] = []
    for index, comment in enumerate(thread):
        if ctx is not None and any(len(field) > limit for field in _fields(comment)):
            ctx.report(ctx.code("attribution-cut"), detail=note_id[:40])
        lead: list[Inline] = [Emphasis([Text(attribution(comment, index > 0, limit))])]
        body = list(comment.blocks)
        if body and type(body[0]) is Paragraph:
            first = body[0]
            children = [Text(" "), *first.children] if first.children else []
            body[0] = Paragraph([*lead, *children], facets=first.facets, locator=first.locator)
        else:
            body.insert(0, Paragraph(lead))
        blocks.extend(body)
    return Note(id=note_id, blocks=blocks, kind="comment")


def thread_roots(parent_of: dict[str, str | None]) -> dict[str, str]:
    """Each comment's thread, named by its first comment: a reply's is its parent's. A comment whose
    parent is missing starts a thread, and so does each comment on a loop of parents. Each comment's
    parents are followed once, so a chain of a hundred thousand replies costs a hundred thousand steps."""
    root_of: dict[str, str] = {}
    for start in parent_of:
        path: list[str] = []
        on_path: set[str] = set()
        node = start
        while node not in root_of:
            path.append(node)
            on_path.add(node)
            parent = parent_of[node]
            if not parent or parent not in parent_of:
                root_of[node] = node
                break
            if parent in on_path:
                for looped in path[path.index(parent):]:
                    root_of[looped] = looped
                break
            node = parent
        for comment in reversed(path):  # each takes its parent's thread, resolved before it
            if comment not in root_of:
                root_of[comment] = root_of[parent_of[comment]]
    return root_of
