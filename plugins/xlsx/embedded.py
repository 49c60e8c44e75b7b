"""Documents embedded in a worksheet (OLE objects, packages): converted as children, linked after the sheet.

A sheet's ``oleObject`` elements name their parts through the sheet's relationships, of type ``oleObject``
(a compound file under ``xl/embeddings/``, unwrapped by ``zenconv.safe.ole``) or ``package`` (an ``.docx``
or ``.xlsx`` stored as it is). Each becomes a child conversion (``zenconv.family``); the sheet's table is
followed by one linking block per child, located on the sheet.
"""

from __future__ import annotations

from zenconv.family import reference
from zenconv.ir.locator import Locator
from zenconv.safe.ole import embedded_file

from .package import Package, Rel

_KINDS = ("oleObject", "package")


def embedded_children(package: Package, rels: dict[str, Rel], where: Locator, ctx) -> list:
    """The linking blocks of the sheet's embedded documents converted as children (the rest the host and
    the scan's ``xlsx.embedded-objects-dropped`` report)."""
    blocks = []
    for rel in rels.values():
        if rel.kind not in _KINDS or not package.has(rel.target):
            continue
        name, data = embedded_file(rel.target, package.zip.read(rel.target), ctx.options["max_part_bytes"])
        key = ctx.embed(data, name, where, origin=rel.target)
        if key is not None:
            blocks.append(reference(key, name, where))
    return blocks
