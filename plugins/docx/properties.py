"""docProps/core.xml and app.xml into the document metadata, as the package states them."""

from __future__ import annotations

from zenconv.ir.nodes import Metadata
from zenconv_plugins.properties import ooxml_app, ooxml_core

from .namespaces import REL_CORE, REL_EXTENDED
from .package import Package, by_type


def read_metadata(package: Package, metadata: Metadata) -> None:
    """Fill ``metadata`` in place (the document already holds it) from the core and app properties."""
    rels = package.relationships("")
    core = by_type(rels, REL_CORE)
    root = package.parse(core.target if core is not None else "docProps/core.xml")
    if root is not None:
        ooxml_core(root, metadata)
    app = by_type(rels, REL_EXTENDED)
    root = package.parse(app.target if app is not None else "docProps/app.xml")
    if root is not None:
        ooxml_app(root, metadata)
