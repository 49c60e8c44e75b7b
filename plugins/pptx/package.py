"""The Open Packaging Conventions as PowerPoint uses them: parts, relationships, parsed XML.

Every byte comes through the safe layer (``open_package`` bounds the archive, ``parse_xml`` refuses
DOCTYPEs and deep nesting). Part names are matched case-insensitively, as Office does, and a
relationship target is resolved against its source part's folder, never trusted as a path.
"""

from __future__ import annotations

from zenconv.safe.xml import parse_xml
from zenconv.safe.zip import open_package, resolve_target
from zenconv.records import dataclass

NS = {
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "cx": "http://schemas.microsoft.com/office/drawing/2014/chartex",
    "dgm": "http://schemas.openxmlformats.org/drawingml/2006/diagram",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
    "pr": "http://schemas.openxmlformats.org/package/2006/relationships",
    "cp": "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
    "dc": "http://purl.org/dc/elements/1.1/",
    "dcterms": "http://purl.org/dc/terms/",
}

# Strict OOXML names the same vocabulary under other URIs: rewritten to Transitional before parsing,
# so one reader serves both. The relationship-type URIs change too, but rels are matched by their
# last segment, which Strict keeps.
_STRICT = (
    (b"http://purl.oclc.org/ooxml/presentationml/main", NS["p"].encode()),
    (b"http://purl.oclc.org/ooxml/drawingml/main", NS["a"].encode()),
    (b"http://purl.oclc.org/ooxml/drawingml/chart", NS["c"].encode()),
    (b"http://purl.oclc.org/ooxml/drawingml/diagram", NS["dgm"].encode()),
    (b"http://purl.oclc.org/ooxml/officeDocument/relationships", NS["r"].encode()),
)
_STRICT_MARK = b"purl.oclc.org/ooxml/"

R_ID = f"{{{NS['r']}}}id"
R_EMBED = f"{{{NS['r']}}}embed"
R_LINK = f"{{{NS['r']}}}link"
_RELATIONSHIP = f"{{{NS['pr']}}}Relationship"

# Relationship types by their last path segment: transitional, strict and Microsoft's 2018+ URIs all
# end the same way, so one name covers them all.
OFFICE_DOCUMENT = "officeDocument"


def child(el, tag: str):
    """``el.find(tag)``: the first child named ``tag`` (a Clark name), found without lxml's ElementPath,
    which costs more than the walk over a shape's or a run's few children, and it runs for every one."""
    for node in el:
        if node.tag == tag:
            return node
    return None


def descend(el, *tags: str):
    """``el.find("a/b/…")`` for the Clark names ``tags``: the first element reached through them in
    ElementPath's order (the first ``b`` of the first ``a`` that has one)."""
    head, rest = tags[0], tags[1:]
    for node in el:
        if node.tag == head:
            found = descend(node, *rest) if rest else node
            if found is not None:
                return found
    return None


# Not frozen: a frozen dataclass sets each field through object.__setattr__, and every slide's and notes
# page's relationships are read (a few thousand in a long deck). Nobody changes one.
@dataclass(slots=True)
class Rel:
    type: str       # the last segment of the relationship type URI
    target: str     # a part name inside the package, or the external URI as written
    external: bool


class Package:
    """A validated PresentationML package: parts by name, their relationships, their XML."""

    def __init__(self, source, ctx) -> None:
        self.ctx = ctx
        self.zip = open_package(source, ctx)
        self.max_depth = ctx.options["max_xml_depth"]   # read once: every part is parsed with it
        self._folded = {}
        for name in self.zip.names:
            self._folded.setdefault(name.lower(), name)
        self._rels: dict[str, dict[str, Rel]] = {}
        self._xml: dict[str, object] = {}
        # (layout or master part, its master's part) -> its own shapes as placed (slides.SlideReader.backdrop)
        self.template_shapes: dict[tuple[str, str | None], list] = {}
        # (layout placeholder, master placeholder, master, text style) -> the list styles a slide's
        # placeholder inherits through them (slides.SlideReader.styles)
        self.list_styles: dict[tuple, object] = {}

    def name_of(self, part: str) -> str | None:
        """The part's name as stored, matched case-insensitively; None when it is not there."""
        return self._folded.get(part.lstrip("/").lower())

    def read(self, part: str) -> bytes | None:
        name = self.name_of(part)
        return self.zip.read(name) if name is not None else None

    def xml(self, part: str, *, cache: bool = False):
        """The part parsed through the safe layer, or None when the package has no such part."""
        if cache and part in self._xml:
            return self._xml[part]
        data = self.read(part)
        if data is not None and _STRICT_MARK in data:
            for strict, transitional in _STRICT:
                data = data.replace(strict, transitional)
        root = None if data is None else parse_xml(data, self.ctx.namespace, max_depth=self.max_depth)
        if cache:
            self._xml[part] = root
        return root

    def rels(self, part: str) -> dict[str, Rel]:
        """The relationships of ``part`` by id (``""`` for the package's own)."""
        found = self._rels.get(part)
        if found is not None:
            return found
        # Every part name here is one resolve_target made, a constant or "": none has an empty segment,
        # so its folder is what comes before its last slash, as posixpath.split finds it with more work.
        folder, _, base = part.rpartition("/")
        root = self.xml(f"{folder}/_rels/{base}.rels" if folder else f"_rels/{base}.rels")
        found = {}
        if root is not None:
            for rel in root.iter(_RELATIONSHIP):
                rid, target = rel.get("Id"), rel.get("Target")
                if not rid or target is None:
                    continue
                kind = (rel.get("Type") or "").rsplit("/", 1)[-1]
                external = rel.get("TargetMode") == "External"
                found[rid] = Rel(kind, target if external else resolve_target(folder, target), external)
        self._rels[part] = found
        return found

    def related(self, part: str, kind: str) -> list[str]:
        """Internal targets of ``part``'s relationships of one type, in the order the part lists them."""
        return [r.target for r in self.rels(part).values() if r.type == kind and not r.external]

    def target(self, part: str, rid: str | None) -> Rel | None:
        return self.rels(part).get(rid) if rid else None
