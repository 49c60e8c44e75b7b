"""What the source hides, marked where a reader of the Markdown sees it.

Hidden content is kept by default (``--hidden keep``), and a reviewer must be able to tell a hidden row,
sheet, slide or run from a visible one. HTML marks it with a class and ``data-hidden``, segments with a
field; Markdown has neither, and an HTML comment is not shown, so the mark is text: a bracketed label
(``[hidden sheet]``, ``[hidden row]``, ``[hidden: the words]``), escaped like any text so that every
renderer shows the brackets and none reads a link. Plain words survive every renderer, a table cell and
a heading, and read back as text, never as markup.

- a hidden heading ends with its label, and so does the title of a hidden slide (``# Plans [hidden
  slide]``); a hidden paragraph starts with it;
- any other hidden block (a table, a list, a quote, a code block), and a hidden slide without a title,
  is preceded by a paragraph holding the label alone (not a hidden sheet's table right under its
  labelled heading);
- a hidden row's first cell starts with ``[hidden row]``; a hidden column's header cell holds (or starts
  with) ``[hidden column]``;
- a hidden run is ``[hidden: …]`` around its text.
"""

from __future__ import annotations

from ...ir.facets import HiddenFacet

# The reasons readers give for Word's vanish, ODF's hidden text and HTML's hidden attribute all read
# "hidden"; any other reason is shown as it is named ("hidden-sheet" as "hidden sheet").
_PLAIN = frozenset({"hidden", "vanish", "hidden-text", "html-hidden"})
LABEL_CHARS = 40  # a reason is a reader's (a third party's) string: a label, not a paragraph


def hidden_reason(facets) -> str | None:
    for facet in facets:
        if isinstance(facet, HiddenFacet):
            return facet.reason or "hidden"
    return None


def label_of(reason: str) -> str:
    """The words of a label, brackets not included: ``hidden sheet``, ``hidden``, ``hidden (collapsed)``."""
    if reason in _PLAIN:
        return "hidden"
    words = " ".join(reason.replace("-", " ").split())[:LABEL_CHARS]
    return words if "hidden" in words or "invisible" in words else f"hidden ({words})"


def block_label(facets, what: str | None = None) -> str | None:
    """``[hidden …]`` for a node's facets, or None when it is not hidden; ``what`` (``row``, ``column``)
    names the node where the reason does not (HTML's hidden attribute on a row reads ``[hidden row]``)."""
    reason = hidden_reason(facets)
    if reason is None:
        return None
    words = label_of(reason)
    return f"[hidden {what}]" if what and words == "hidden" else f"[{words}]"
