"""Files attached to a PDF: the document's ``EmbeddedFiles`` name tree and ``FileAttachment`` annotations.

Each attached file is a file specification whose ``/EF`` holds the bytes as a stream (decoded by pdfminer
under the reader's stream budget). The reader hands each to the host as a child conversion
(``zenconv.family``): the document's attachments are linked before its first page, an annotation's after
the blocks of its page. What is not converted stays reported as ``pdf.attachments-dropped``.
"""

from __future__ import annotations

from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.utils import decode_text

from .limits import StreamTooLarge

MAX_FILES = 1_000      # attachments taken from one name tree: a hostile tree of millions stops here
_TREE_NODES = 10_000   # nodes of the name tree visited at most (as the counting walk does)


def name_tree_files(document) -> list[tuple[str, dict]]:
    """The (name, file specification) pairs of the catalog's ``EmbeddedFiles`` tree, in tree order."""
    try:
        names = resolve1((document.catalog or {}).get("Names"))
        tree = resolve1(names.get("EmbeddedFiles")) if isinstance(names, dict) else None
    except Exception:  # a broken catalog has no attachments we could take
        return []
    found: list[tuple[str, dict]] = []
    stack, seen, budget = [tree], set(), _TREE_NODES
    while stack and budget > 0 and len(found) < MAX_FILES:
        budget -= 1
        try:
            node = resolve1(stack.pop())
        except Exception:
            continue
        if not isinstance(node, dict) or id(node) in seen:
            continue
        seen.add(id(node))
        pairs = resolve1(node.get("Names"))
        if isinstance(pairs, list):
            for i in range(0, len(pairs) - 1, 2):
                spec = _resolved(pairs[i + 1])
                if isinstance(spec, dict):
                    found.append((_text(pairs[i]), spec))
        kids = resolve1(node.get("Kids"))
        if isinstance(kids, list):
            stack.extend(reversed(kids))  # left to right, as the tree orders its names
    return found[:MAX_FILES]


def file_of(spec: dict, fallback: str = "attachment") -> tuple[str, bytes] | None:
    """The name and decoded bytes of a file specification; None when it holds no embedded stream."""
    try:
        name = _text(spec.get("UF")) or _text(spec.get("F")) or fallback
        embedded = resolve1(spec.get("EF"))
        if not isinstance(embedded, dict):
            return None
        stream = resolve1(embedded.get("UF") or embedded.get("F"))
        if not isinstance(stream, PDFStream):
            return None
        return name, stream.get_data()
    except (MemoryError, RecursionError, StreamTooLarge):  # the budget's refusal is the caller's to name
        raise
    except Exception:
        return None  # a broken filter or object: not converted, still reported


def _resolved(value):
    try:
        return resolve1(value)
    except Exception:
        return None


def _text(value) -> str:
    value = _resolved(value)
    if isinstance(value, bytes):
        try:
            return decode_text(value).strip("\0")
        except Exception:
            return ""
    return value if isinstance(value, str) else ""
