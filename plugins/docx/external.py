"""References outside the package that nothing carries: none is opened or fetched, each is reported.

A Word document can point outside itself in many places besides its hyperlinks and linked images:
fields that pull in a file or a picture when updated (``INCLUDEPICTURE``, ``INCLUDETEXT``, ``IMPORT``,
``LINK``, ``DDE``/``DDEAUTO``, ``RD``), the template it is attached to (``settings.xml``
``w:attachedTemplate``), a picture's click and hover links (``a:hlinkClick``, ``a:hlinkHover``), a VML
shape's ``href``, and any ``TargetMode="External"`` relationship (a linked OLE object, a subdocument,
a frame). A reviewer must see each target (a ``DDEAUTO`` field is how a document runs a program), so
each one is reported with it, on one line, bounded and with passwords masked (:mod:`zenconv_plugins.targets`:
``docx.external-fields``, ``docx.external-links``,
``docx.attached-template``, ``docx.external-relationships``: each code keeps its own first details); a
field keeps its cached result text, as every field does.
The relationships the reader does carry (a hyperlink, an external image, reported on its own) are
marked used as they are met, and :func:`report_unused` sweeps the rest once the body is read.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator
from zenconv.reports import Unreadable
from zenconv_plugins.targets import detail

from .namespaces import A, R, REL_TYPE_BASE, V, W
from .package import by_type

_FIELDS = frozenset(("INCLUDEPICTURE", "INCLUDETEXT", "IMPORT", "LINK", "DDE", "DDEAUTO", "RD"))
_PICTURE_LINKS = {A + "hlinkClick": "click link", A + "hlinkHover": "hover link"}
_VML_SHAPES = tuple(V + name for name in ("shape", "rect", "roundrect", "oval", "line", "group", "image", "polyline"))
REL_SETTINGS = REL_TYPE_BASE + "settings"


def field(st, instr: str) -> None:
    """A complete field instruction: reported when it names something outside the document."""
    words = instr.split(None, 1)
    if words and words[0].upper() in _FIELDS:
        st.report("docx.external-fields", detail=detail(f"{words[0].upper()} {words[1] if len(words) > 1 else ''}"))


def drawing(st, el) -> None:
    """A drawing's or VML picture's links: a picture's click and hover links, a shape's href."""
    for link in el.iter(*_PICTURE_LINKS):
        rid = link.get(R + "id")
        rel = st.rels.get(rid) if rid else None
        target = rel.target if rel is not None else ""
        if rel is not None:
            st.used_rels.add((st.part, rid))
        if target:
            st.report("docx.external-links", detail=detail(f"{_PICTURE_LINKS[link.tag]} {target}"))
    for shape in el.iter(*_VML_SHAPES):
        href = shape.get("href")
        if href:
            st.report("docx.external-links", detail=detail(f"VML href {href}"))


def report_unused(st, main: str, rels: dict) -> None:
    """After the body: the main part's external relationships nothing used, then the settings part's:
    the attached template under its own code, any other (a mail merge source) like the main part's."""
    for rid in sorted(rels):
        rel = rels[rid]
        if rel.external and (main, rid) not in st.used_rels:
            st.ctx.report("docx.external-relationships", Locator(part=main),
                          detail=detail(f"{_kind(rel.type)} {rel.target}"))
    settings = by_type(rels, REL_SETTINGS)
    if settings is None:
        return
    try:
        root = st.package.parse(settings.target)
        settings_rels = st.package.relationships(settings.target)
    except Unreadable:
        return  # settings are not content: a part the safe layer refuses costs the sweep, not the document
    template = root.find(W + "attachedTemplate") if root is not None else None
    template_id = template.get(R + "id") if template is not None else None
    for rid in sorted(settings_rels):
        rel = settings_rels[rid]
        where = Locator(part=settings.target)
        if rid == template_id:
            st.ctx.report("docx.attached-template", where, detail=detail(rel.target))
        elif rel.external:
            st.ctx.report("docx.external-relationships", where, detail=detail(f"{_kind(rel.type)} {rel.target}"))


def _kind(rel_type: str) -> str:
    return rel_type.rstrip("/").rsplit("/", 1)[-1] or "relationship"
