"""Tracked changes: what each ``--revisions`` mode keeps, and the report that says so, in one place.

A revision is met in four shapes: a run-level wrapper (``w:ins``, ``w:del``, ``w:moveTo``,
``w:moveFrom`` around runs), the same wrappers around whole paragraphs and tables at block level, a
table row's ``w:trPr/w:ins``/``w:del``, and a paragraph mark's (``w:pPr/w:rPr/w:ins``/``w:del``: the
paragraph was split there, or joined). Every one is decided by :func:`kept` and reported, whatever
the mode: a pending revision resolved by the reader (accepted, rejected or shown) is something a
reviewer must be able to gate on (``--fail-on 'docx.tracked-*'``), not only a facet in the tree.
Formatting changes (``w:rPrChange`` and its kin) are never applied or undone: the formatting shown is
the current one, and the earlier one is reported.
"""

from __future__ import annotations

from .namespaces import W

CHANGES = {W + "ins": "insertion", W + "moveTo": "move-to", W + "del": "deletion", W + "moveFrom": "move-from"}
INSERTED = frozenset(("insertion", "move-to"))
FORMAT_CHANGES = frozenset(W + name for name in (
    "rPrChange", "pPrChange", "sectPrChange", "tblPrChange", "tblPrExChange", "tblGridChange", "trPrChange",
    "tcPrChange", "numberingChange"))
MAX_AUTHOR_CHARS = 100  # a name in a detail, not a payload


def by(author: str | None) -> str:
    name = " ".join((author or "").split())[:MAX_AUTHOR_CHARS]
    return f"by {name}" if name else "by an unnamed author"


def kept(st, change: str, author: str | None, el=None) -> bool:
    """Whether a revision's content stays under the reader's mode; reported either way. ``el`` is the
    revision's element: the text of what is dropped is taken by the report."""
    inserted = change in INSERTED
    mode = st.revisions
    if mode == "all":
        st.report("docx.tracked-changes-shown", detail=by(author))
        return True
    if (mode == "accept") == inserted:
        if not inserted:
            code = "docx.tracked-deletions-restored"
        elif change == "move-to":
            code = "docx.tracked-moves-accepted"
        else:
            code = "docx.tracked-insertions-accepted"
        st.report(code, detail=by(author))
        return True
    st.report("docx.tracked-insertions-dropped" if inserted else "docx.tracked-deletions-dropped",
              detail=by(author), text=_text(el, inserted) if el is not None else None)
    return False


def _text(el, inserted: bool) -> str | None:
    """The words of dropped content, a paragraph a line (inserted text is in w:t, deleted in w:delText)."""
    tag = W + "t" if inserted else W + "delText"
    lines: dict = {}
    for t in el.iter(tag):
        lines.setdefault(next(t.iterancestors(W + "p"), None), []).append(t.text or "")
    return "\n".join("".join(words) for words in lines.values()) or None


def formatting_changes(st, props) -> None:
    """A properties element (w:rPr, w:pPr, w:tblPr, w:trPr, w:tcPr, w:sectPr): its tracked earlier formatting."""
    for child in props:
        if child.tag in FORMAT_CHANGES:
            formatting_change(st, child)


def formatting_change(st, change) -> None:
    st.report("docx.tracked-formatting-changes",
              detail=f"{change.tag.rsplit('}', 1)[-1]} {by(change.get(W + 'author'))}")
