"""The workbook package: parts through the safe layer, relationships, the sheet list, properties.

The main part comes from the package relationships (else ``xl/workbook.xml``); shared strings and
styles come through the workbook's relationships. Relationship types are matched by the last
segment of their URI, which the transitional and strict (ISO 29500) namespaces share.
"""

from __future__ import annotations

import posixpath
from dataclasses import field

from zenconv.ir.nodes import Metadata
from zenconv.reports import Unreadable
from zenconv.safe.xml import parse_xml
from zenconv.safe.zip import open_package, resolve_target
from zenconv_plugins.properties import ooxml_app, ooxml_core
from zenconv.records import dataclass



@dataclass(frozen=True, slots=True)
class Rel:
    kind: str            # the last segment of the relationship type: "worksheet", "image", ...
    target: str | None   # a part name inside the package, or None when it points outside or nowhere
    external: str | None = None  # the target as written, for an external relationship


@dataclass(slots=True)
class SheetEntry:
    ordinal: int
    name: str
    state: str  # visible, hidden, veryHidden
    kind: str   # worksheet, chartsheet, dialogsheet, macrosheet, or "" when the relationship is missing
    part: str | None


@dataclass(slots=True)
class Workbook:
    part: str
    sheets: list[SheetEntry] = field(default_factory=list)
    date1904: bool = False
    strings_part: str | None = None
    styles_part: str | None = None
    rels: dict[str, Rel] = field(default_factory=dict)


def local(tag) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def rels_part(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


class Package:
    """The validated zip and the XML of its small parts."""

    def __init__(self, source, ctx) -> None:
        self.ctx = ctx
        self.zip = open_package(source, ctx)
        self.max_depth = ctx.options["max_xml_depth"]

    def close(self) -> None:
        self.zip.close()

    def has(self, part: str | None) -> bool:
        return part is not None and self.zip.has(part)

    def xml(self, part: str | None):
        """The parsed root of a part, or None when the package has no such part."""
        if not self.has(part):
            return None
        return parse_xml(self.zip.read(part), self.ctx.namespace, max_depth=self.max_depth)

    def rels(self, part: str) -> dict[str, Rel]:
        """The relationships of ``part`` ("" for the package's own) by id."""
        root = self.xml(rels_part(part) if part else "_rels/.rels")
        found: dict[str, Rel] = {}
        if root is None:
            return found
        for rel in root:
            rel_id, target = rel.get("Id"), rel.get("Target") or ""
            if local(rel.tag) != "Relationship" or not rel_id:
                continue
            kind = (rel.get("Type") or "").rstrip("/").rpartition("/")[2]
            if (rel.get("TargetMode") or "").lower() == "external":
                found[rel_id] = Rel(kind, None, target)
            else:
                found[rel_id] = Rel(kind, resolve_target(posixpath.dirname(part), target) or None)
        return found

    def workbook(self) -> Workbook:
        root_rels = self.rels("")
        main = next((r.target for r in root_rels.values() if r.kind == "officeDocument" and self.has(r.target)), None)
        if main is None:
            main = "xl/workbook.xml" if self.zip.has("xl/workbook.xml") else None
        if main is None:
            raise Unreadable(self.ctx.code("missing-workbook"), "the package has no workbook part")
        root = self.xml(main)
        if local(root.tag) != "workbook":
            raise Unreadable(self.ctx.code("missing-workbook"), f"{main} is not a workbook (<{local(root.tag)}>)")
        book = Workbook(main, rels=self.rels(main))
        for child in root:
            name = local(child.tag)
            if name == "workbookPr":
                book.date1904 = (child.get("date1904") or "").lower() in ("1", "true")
            elif name == "sheets":
                for sheet in child:
                    if local(sheet.tag) == "sheet":
                        book.sheets.append(self._sheet(book, sheet, len(book.sheets) + 1))
        for rel in book.rels.values():
            if rel.kind == "sharedStrings" and self.has(rel.target):
                book.strings_part = rel.target
            elif rel.kind == "styles" and self.has(rel.target):
                book.styles_part = rel.target
        return book

    def _sheet(self, book: Workbook, element, ordinal: int) -> SheetEntry:
        rel_id = next((v for k, v in element.attrib.items() if local(k) == "id" and k.startswith("{")), None)
        rel = book.rels.get(rel_id) if rel_id else None
        kind = rel.kind if rel is not None else ""
        if kind == "xlMacrosheet" or kind == "xlIntlMacrosheet":
            kind = "macrosheet"
        name = element.get("name") or f"Sheet{ordinal}"
        state = element.get("state") or "visible"
        return SheetEntry(ordinal, name, state, kind, rel.target if rel is not None else None)

    def metadata(self, meta: Metadata) -> None:
        """Fill ``meta`` from docProps/core.xml and app.xml, as the package states them."""
        for kinds, default, fill in ((("core-properties", "metadata"), "docProps/core.xml", ooxml_core),
                                     (("extended-properties",), "docProps/app.xml", ooxml_app)):
            part = next((r.target for r in self.rels("").values() if r.kind in kinds and self.has(r.target)), default)
            root = self.xml(part)
            if root is not None:
                fill(root, meta)
