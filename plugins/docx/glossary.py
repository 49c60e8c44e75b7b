"""The glossary document: building blocks and the placeholder text of content controls.

``word/glossary/document.xml`` (reached by a ``glossaryDocument`` relationship of the main part) holds
``w:docPart`` entries, each a name (``w:docPartPr/w:name``) and a body of paragraphs. A content control
names its placeholder there (``w:sdtPr/w:placeholder/w:docPart``); while it shows it
(``w:showingPlcHdr``), Word writes the placeholder's text into the control's content too, and that
text, being what Word displays, is carried like any other. A control showing its placeholder with no
text of its own displays the entry: the entry's content is read in its place. Every other entry (the
building blocks, the placeholders whose text the body already has) is not carried: each is reported
after the body with its text, its name in the detail, so nothing in the part is lost unsaid.
"""

from __future__ import annotations

from dataclasses import field

from zenconv.ir.locator import Locator
from zenconv.reports import Unreadable

from .comments import paragraphs_text
from .namespaces import REL_TYPE_BASE, W
from .package import Package, Relationship, by_type
from zenconv.records import dataclass

REL_GLOSSARY = REL_TYPE_BASE + "glossaryDocument"
MAX_NAME_CHARS = 100
_DOC_PART, _PR, _NAME, _BODY = W + "docPart", W + "docPartPr", W + "name", W + "docPartBody"
_T = W + "t"


@dataclass(slots=True)
class Glossary:
    part: str = ""
    rels: dict[str, Relationship] = field(default_factory=dict)
    bodies: dict[str, object] = field(default_factory=dict)   # entry name -> w:docPartBody, in the part's order
    placeholders: set[str] = field(default_factory=set)      # entries a content control names as its placeholder
    shown: set[str] = field(default_factory=set)             # entries read in place of an empty control
    problem: str | None = None                               # the part did not parse: its code

    @classmethod
    def load(cls, package: Package, main_rels: dict[str, Relationship]) -> Glossary:
        glossary = cls()
        rel = by_type(main_rels, REL_GLOSSARY)
        if rel is None:
            return glossary
        glossary.part = rel.target
        try:
            root = package.parse(rel.target)
            glossary.rels = package.relationships(rel.target)
        except Unreadable as exc:  # the glossary is not the body: a part refused is reported, the body read
            glossary.problem = exc.code
            return glossary
        for index, entry in enumerate(root.iter(_DOC_PART) if root is not None else ()):
            pr = entry.find(_PR)
            name_el = pr.find(_NAME) if pr is not None else None
            name = (name_el.get(W + "val") if name_el is not None else None) or f"entry {index + 1}"
            body = entry.find(_BODY)
            if body is not None:
                glossary.bodies.setdefault(name, body)
        return glossary

    def placeholder(self, sdt_pr, empty: bool) -> object | None:
        """The entry an ``empty`` content control displays (its w:docPartBody), or None: a control with
        text of its own, not showing its placeholder, or naming none the glossary has."""
        if sdt_pr is None:
            return None
        ref = sdt_pr.find(W + "placeholder/" + W + "docPart")
        name = ref.get(W + "val") if ref is not None else None
        if not name:
            return None
        self.placeholders.add(name)
        if not empty or sdt_pr.find(W + "showingPlcHdr") is None:
            return None
        body = self.bodies.get(name)
        if body is not None:
            self.shown.add(name)
        return body

    def read(self, st, body, read):
        """``read(body)`` with the glossary part's relationships (an entry's pictures live there), its
        paragraphs not counted as the body's."""
        saved = st.part, st.rels, st.counting
        st.part, st.rels, st.counting = self.part, self.rels, False
        try:
            return read(body)
        finally:
            st.part, st.rels, st.counting = saved

    def report(self, ctx) -> None:
        """After the body: every entry not read in place of a control, with its text."""
        where = Locator(part=self.part)
        if self.problem is not None:
            ctx.report("docx.glossary-dropped", where, detail=f"the glossary part was refused: {self.problem}")
            return
        for name, body in self.bodies.items():
            if name in self.shown:
                continue
            text = paragraphs_text(body)
            if not text.strip():
                continue
            detail = " ".join(name.split())[:MAX_NAME_CHARS]
            if name in self.placeholders:
                detail += " (a content control's placeholder)"
            ctx.report("docx.glossary-dropped", where, detail=detail, text=text)


def has_text(el) -> bool:
    return any(t.text for t in el.iter(_T))
