"""The package: parts through the safe zip layer, relationships, and the main part found through them.

Every part is read bounded by the safe layer, its Strict namespaces rewritten, and parsed with DTDs
refused and the depth limited. Part names are compared case-insensitively (the safe layer's
``has``), and relationship targets are resolved against the source part's folder, never guessed.
"""

from __future__ import annotations

import posixpath

from zenconv.reports import Unreadable
from zenconv.safe.xml import parse_xml
from zenconv.safe.zip import open_package, resolve_target

from .namespaces import PKG_REL_NS, REL_OFFICE_DOCUMENT, transitional
from zenconv.records import dataclass

_REL = "{%s}Relationship" % PKG_REL_NS


# Not frozen: a frozen dataclass sets each field through object.__setattr__, and a long document has a
# relationship per link (thousands, each made when its part's relationships are read). Nobody changes one.
@dataclass(slots=True)
class Relationship:
    id: str
    type: str
    target: str          # the resolved part name, or the raw target when external
    external: bool


class Package:
    def __init__(self, source, ctx) -> None:
        self.ctx = ctx
        self.zip = open_package(source, ctx)
        self.max_depth = ctx.options.get("max_xml_depth", 256) or 256
        self._names = {name.lower(): name for name in self.zip.names}
        # a part's relationships are asked for again (the main part's by the walk over unread parts, a
        # thousand links long in a long document): parsed once; nobody changes the dict returned
        self._rels: dict[str, dict[str, Relationship]] = {}

    def has(self, name: str) -> bool:
        return name.lower() in self._names

    def read_raw(self, name: str) -> bytes:
        """A part's bytes as stored (media)."""
        return self.zip.read(self._names.get(name.lower(), name))

    def read(self, name: str) -> bytes:
        """An XML part's bytes, Strict namespaces read as Transitional."""
        return transitional(self.read_raw(name))

    def parse(self, name: str):
        """The part as an lxml element, or None when the package has no such part."""
        if not self.has(name):
            return None
        return parse_xml(self.read(name), self.ctx.namespace, max_depth=self.max_depth)

    def relationships(self, part: str) -> dict[str, Relationship]:
        """The relationships of ``part`` by id ({} when it has none)."""
        found = self._rels.get(part)
        if found is None:
            found = self._rels[part] = self._relationships(part)
        return found

    def _relationships(self, part: str) -> dict[str, Relationship]:
        folder, base = posixpath.split(part)
        rels_name = posixpath.join(folder, "_rels", base + ".rels")
        root = self.parse(rels_name)
        found: dict[str, Relationship] = {}
        if root is None:
            return found
        for rel in root.iter(_REL):
            rid = rel.get("Id")
            target = rel.get("Target") or ""
            if not rid:
                continue
            external = (rel.get("TargetMode") or "").lower() == "external"
            found[rid] = Relationship(rid, rel.get("Type") or "", target if external else resolve_target(folder, target), external)
        return found

    def main_part(self) -> str:
        """The main document part named by the package relationships."""
        for rel in self.relationships("").values():
            if rel.type == REL_OFFICE_DOCUMENT and not rel.external and self.has(rel.target):
                return rel.target
        raise Unreadable("docx.no-main-part", "the package relationships name no main document part that exists")


def by_type(rels: dict[str, Relationship], rel_type: str) -> Relationship | None:
    """The first (by id, so deterministically) internal relationship of a type."""
    # the least id among those of the type: what the first in sorted order would be, without sorting
    # a thousand hyperlinks' ids for every type asked for
    first = min((rid for rid, rel in rels.items() if rel.type == rel_type and not rel.external), default=None)
    return rels[first] if first is not None else None
