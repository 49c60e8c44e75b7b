"""Flat run segments to the nested inline tree, sharing the common prefix of consecutive runs.

A paragraph is read into segments ``(keys, leaf)``: ``keys`` are the wrappers around the leaf,
outermost first (a content control, a link, a kept revision, hidden text, then the formatting bits
in canonical order); ``leaf`` is a string or an inline node. Building walks the segments once with a
stack of open wrappers: a run that shares a prefix with the one before it extends the same nodes,
so ``**a** **b**`` never happens and toggles that clear close exactly what they should.
"""

from __future__ import annotations

from itertools import chain

from zenconv.ir.facets import HiddenFacet, RevisionFacet
from zenconv.ir.nodes import (
    Code, Emphasis, Link, SmallCaps, Span, Strikethrough, Strong, Subscript, Superscript, Text, Underline,
)
from zenconv_plugins.comments import comment_range

from .formatting import EMPHASIS, SMALLCAPS, STRIKE, STRONG, SUB, SUPER, UNDERLINE, WRAPPER_BITS

_BY_BIT = {
    STRONG: Strong, EMPHASIS: Emphasis, STRIKE: Strikethrough, SUPER: Superscript, SUB: Subscript,
    SMALLCAPS: SmallCaps, UNDERLINE: Underline,
}

HIDDEN_KEY = ("hidden",)
_HIDDEN_FACETS = (HiddenFacet(reason="vanish"),)

_bits_cache: dict[int, tuple[int, ...]] = {}


def format_keys(mask: int) -> tuple[int, ...]:
    """The formatting wrappers of a mask, in canonical order."""
    keys = _bits_cache.get(mask)
    if keys is None:
        keys = _bits_cache[mask] = tuple(bit for bit in WRAPPER_BITS if mask & bit)
    return keys


def link_key(target: str, serial: int) -> tuple:
    return ("link", target, serial)


def span_key(class_: str, serial: int) -> tuple:
    return ("span", class_, serial)


def comment_range_key(note_id: str, serial: int) -> tuple:
    """The wrapper of text a comment's range covers: a ``comment-range`` Span naming its note."""
    return ("comment", note_id, serial)


def revision_key(change: str, author: str | None, date: str | None) -> tuple:
    return ("rev", change, author, date)


def _open(key):
    if type(key) is int:
        node = _BY_BIT[key]([])
    else:
        kind = key[0]
        if kind == "link":
            node = Link([], key[1])
        elif kind == "span":
            node = Span([], key[1])
        elif kind == "comment":  # the writers mark it (HTML and Markdown <mark>); segments say what it covers
            node = comment_range([], key[1])
        elif kind == "rev":
            node = Span([], key[1], (RevisionFacet(change=key[1], author=key[2], date=key[3]),))
        else:
            node = Span([], "hidden", _HIDDEN_FACETS)
    return node, node.children


def build(segments: list) -> list:
    """The inline tree of a paragraph's segments."""
    if len(segments) == 1:
        keys, leaf = segments[0]
        if not keys and type(leaf) is str:   # one run of plain text (a table cell's, mostly): what the loop makes
            return [Text(leaf)]
    root: list = []
    rest = iter(segments)
    current, pieces, stop = _flat(rest, root)
    if stop is None:
        return root
    return _stacked(root, current, pieces, stop, rest)


def _flat(segments, root: list) -> tuple:
    """Text whose wrappers share none with those of the text before it (most paragraphs: plain runs, a bold or
    an italic one, a bold italic one, a link around plain text) needs no stack: consecutive segments under equal
    wrappers share one chain of nodes, so the tree is a Text, or a chain of wrappers holding one, per group of
    them, appended to ``root``. Read from ``segments`` up to the first that holds anything else (a node, or
    wrappers opening with the group's first): then (the wrappers of the group gathered, or None before the first;
    its text pieces; that segment), for :func:`_stacked` to go on from there with the group still open; at the
    end, (None, None, None), every group made."""
    current = None
    pieces: list[str] = []
    for segment in segments:
        keys, leaf = segment
        if keys is not current and keys != current:
            if type(leaf) is not str or keys and current and keys[0] == current[0]:
                return current, pieces, segment
            if current is not None:
                _group(root, current, pieces)
            current = keys
            pieces = [leaf]
        elif type(leaf) is str:
            pieces.append(leaf)
        else:
            return current, pieces, segment
    if current is not None:
        _group(root, current, pieces)
    return None, None, None


def _group(root: list, keys: tuple, pieces: list[str]) -> None:
    if not keys:
        root.append(Text("".join(pieces)))
        return
    node, children = _open(keys[0])
    root.append(node)
    for key in keys[1:]:
        inner, grandchildren = _open(key)
        children.append(inner)
        children = grandchildren
    children.append(Text("".join(pieces)))


def _stacked(root: list, current: tuple | None, gathered: list[str], segment: tuple, rest) -> list:
    """The tree of ``segment`` and the ``rest``, built with a stack of open wrappers, after what :func:`_flat`
    made of the segments before them (in ``root``) and the group it was gathering (``current``, ``gathered``),
    opened here as the stack would have left it."""
    open_keys: list = []
    lists: list[list] = [root]
    target = root
    # adjacent text is gathered and joined once, into the one node made when something else comes (a
    # paragraph of a million one-letter runs must not cost a million string copies): nothing is appended to
    # ``target`` while text is pending, so the node lands where its first piece would have
    pending: list[str] | None = None   # the text pieces of the Text still to make at the end of target
    code = None                        # or the Code node at the end of target, with the pieces it gathers
    pieces: list[str] = []
    if current is None:
        current = ()
    else:
        pending = gathered
        for key in current:
            node, children = _open(key)
            target.append(node)
            open_keys.append(key)
            lists.append(children)
            target = children
    for keys, leaf in chain((segment,), rest):
        kind = type(leaf)
        # a run's leaves share one keys tuple, and so do the plain runs around them: mostly, nothing changes
        reopen = False
        if keys is not current:
            depth = len(open_keys)
            shared = 0
            limit = min(depth, len(keys))
            while shared < limit and open_keys[shared] == keys[shared]:
                shared += 1
            reopen = shared < depth or shared < len(keys)
        if reopen or (kind is not str and kind is not Code):  # the text gathered so far ends here
            if pending is not None:
                target.append(Text("".join(pending)))
                pending = None
            elif code is not None:
                code.text = "".join(pieces)
                code = None
        if keys is not current:
            if reopen:
                if shared < depth:
                    del open_keys[shared:]
                    del lists[shared + 1:]
                target = lists[-1]
                for key in keys[shared:]:
                    node, children = _open(key)
                    target.append(node)
                    open_keys.append(key)
                    lists.append(children)
                    target = children
            current = keys
        if kind is str:
            if pending is not None:
                pending.append(leaf)
                continue
            if code is not None:
                code.text = "".join(pieces)
                code = None
            pending = [leaf]
        elif kind is Code:
            if code is not None:
                pieces.append(leaf.text)
                continue
            if pending is not None:
                target.append(Text("".join(pending)))
                pending = None
            target.append(leaf)
            code, pieces = leaf, [leaf.text]
        else:  # the text before it was ended above
            target.append(leaf)
    if pending is not None:
        target.append(Text("".join(pending)))
    elif code is not None:
        code.text = "".join(pieces)
    return root


def strip_key(segments: list, key) -> list:
    """The segments without one wrapper (hidden text that turned out to be the whole paragraph)."""
    return [(tuple(k for k in keys if k != key), leaf) for keys, leaf in segments]
