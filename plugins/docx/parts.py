"""The parts read after the body: footnotes and endnotes as notes, headers and footers reported.

Notes are read in the order the body referred to them, and only those it referred to (the
separator "notes" Word keeps in the same part are furniture). A note may refer to another note;
the queue grows while reading and each note is read once. Headers and footers are not carried:
each one that holds text is reported with its part name and first words, so the manifest says
what was left out and a reviewer can see it.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Note

from .body import BlockReader
from .namespaces import REL_ENDNOTES, REL_FOOTNOTES, W
from .package import by_type

_KINDS = {"footnote": (REL_FOOTNOTES, W + "footnote"), "endnote": (REL_ENDNOTES, W + "endnote")}
_FURNITURE = ("separator", "continuationSeparator", "continuationNotice")


def read_notes(reader: BlockReader, main_rels) -> list[Note]:
    st = reader.st
    parts: dict[str, tuple[str, dict, dict]] = {}   # kind -> (part name, rels, id -> element)
    notes: list[Note] = []
    seen: set[tuple[str, str]] = set()
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
    by_id = {}
    for el in root.iter(tag):
        nid = el.get(W + "id")
        if nid is not None and el.get(W + "type") not in _FURNITURE:
            by_id.setdefault(nid, el)
    return rel.target, package.relationships(rel.target), by_id


def report_headers(reader: BlockReader) -> None:
    st = reader.st
    for name, kind in st.header_parts.items():
        root = st.package.parse(name)
        if root is None:
            continue
        text = " ".join(" ".join(t.text or "" for t in root.iter(W + "t")).split())
        images = sum(1 for _ in root.iter("{http://schemas.openxmlformats.org/drawingml/2006/main}blip"))
        if not text and not images:
            continue
        detail = f"{kind} {name}: {text[:120]}" + ("…" if len(text) > 120 else "")
        if images:
            detail += f" ({images} image{'s' if images > 1 else ''})"
        st.ctx.report("docx.headers-footers-dropped", Locator(part=name), detail=detail)
