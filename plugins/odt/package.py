"""The ODF package: parts through the safe layer, the encryption check, the metadata of meta.xml.

An encrypted package still lists its parts in the clear, but their bytes are ciphertext: the
manifest's ``manifest:encryption-data`` says so, and the package is refused by code before any
encrypted part is parsed.

OpenOffice writes DOCTYPEs without an internal subset (the manifest's, an embedded formula's MathML):
they are accepted (``plain_doctype``). A part other than ``content.xml`` that fails the XML rules
anyway (an internal subset, a depth bomb, bad XML) is refused alone (``<ns>.part-refused``) and the
document read without it; ``content.xml`` itself is the document, and refuses it.
"""

from __future__ import annotations


from zenconv.ir import Locator, Metadata
from zenconv.reports import Unreadable
from zenconv.safe.xml import iterparse_xml, parse_xml, part_refusal
from zenconv.safe.zip import clamp_part_name, open_package
from zenconv_plugins.properties import odf_meta

from .names import MANIFEST

BODY_LEVELS = 4
"""How deep content.xml is read as events (``iterparse_xml``'s ``levels``): the root, office:body, office:text and
its paragraphs, lists and tables. What is inside those is read from the tree, never met element by element."""


class OdfPackage:
    def __init__(self, source, ctx) -> None:
        self.ctx = ctx
        self.zip = open_package(source, ctx)
        self.max_depth = ctx.options["max_xml_depth"]
        self._names = {}
        for name in self.zip.names:
            self._names.setdefault(name.lower(), name)
        manifest = self.xml("META-INF/manifest.xml")
        if manifest is not None and next(manifest.iter(f"{MANIFEST}encryption-data"), None) is not None:
            raise Unreadable(ctx.code("encrypted-package"), "the package is encrypted (manifest:encryption-data)")

    def name_of(self, name: str) -> str | None:
        return self._names.get(part_name(name).lower())

    def read(self, name: str) -> bytes | None:
        found = self.name_of(name)
        return self.zip.read(found) if found is not None else None

    def xml(self, name: str):
        """The root of a part other than content.xml; None when there is none, or it was refused."""
        data = self.read(name)
        if data is None:
            return None
        try:
            return parse_xml(data, self.ctx.namespace, max_depth=self.max_depth, plain_doctype=True)
        except Unreadable as exc:
            if not part_refusal(exc):
                raise  # out of memory, say: the conversion's, not the part's
            self.ctx.report(self.ctx.code("part-refused"), Locator(part=self.name_of(name)),
                            detail=f"{self.name_of(name)}: {exc.code}")
            return None

    def events(self, name: str, **options):
        """``(event, element)`` pairs of a part read as a stream (``options`` as ``iterparse_xml`` takes
        them); None when there is no such part."""
        found = self.name_of(name)
        if found is None:
            return None
        return iterparse_xml(self.zip.open(found), self.ctx.namespace, max_depth=self.max_depth, plain_doctype=True,
                             **options)

    def metadata(self, meta: Metadata) -> int | None:
        """Fill ``meta`` from meta.xml (in place: the document already holds it); return the page
        count its statistics state, None when they state none."""
        root = self.xml("meta.xml")
        if root is None:
            return None
        pages = odf_meta(root, meta).get("page-count")
        return int(pages) if pages and pages.isdigit() else None


def part_name(href: str) -> str:
    """A package-relative reference (``./Object 1``, ``Pictures/a.png``) as a part name; ``..`` past
    the root stays at the root, so a reference only ever selects a part."""
    return clamp_part_name(href.replace("\\", "/"))
