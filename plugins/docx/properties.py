"""docProps/core.xml and app.xml into the document metadata, as the package states them."""

from __future__ import annotations

from zenconv.ir.nodes import Metadata

from .namespaces import CP_NS, DC_NS, DCTERMS_NS, EP_NS, REL_CORE, REL_EXTENDED
from .package import Package, by_type

_CORE = {
    f"{{{DC_NS}}}title": "title", f"{{{DC_NS}}}subject": "subject", f"{{{DC_NS}}}creator": "creator",
    f"{{{CP_NS}}}keywords": "keywords", f"{{{DCTERMS_NS}}}created": "created",
    f"{{{DCTERMS_NS}}}modified": "modified", f"{{{CP_NS}}}lastModifiedBy": "last_modified_by",
    f"{{{CP_NS}}}revision": "revision", f"{{{CP_NS}}}category": "category",
    f"{{{DC_NS}}}description": "description", f"{{{CP_NS}}}lastPrinted": "last_printed",
}
_APP = {"Application": "application", "AppVersion": "app_version", "Company": "company", "Pages": "pages",
        "Words": "words", "Template": "template", "Manager": "manager"}
_MAX = 1000   # a property is a line of text, not a payload


def read_metadata(package: Package, metadata: Metadata) -> None:
    """Fill ``metadata`` in place (the document already holds it) from the core and app properties."""
    rels = package.relationships("")
    core = by_type(rels, REL_CORE)
    root = package.parse(core.target if core is not None else "docProps/core.xml")
    if root is not None:
        for el in root:
            name = _CORE.get(el.tag)
            value = (el.text or "").strip()[:_MAX]
            if name is None or not value:
                continue
            if name == "title":
                metadata.title = value
            elif name == "subject":
                metadata.subject = value
            elif name == "creator":
                metadata.authors = [a.strip() for a in value.split(";") if a.strip()]
            elif name == "keywords":
                metadata.keywords = [k.strip() for k in value.replace(";", ",").split(",") if k.strip()]
            elif name == "created":
                metadata.created = value
            elif name == "modified":
                metadata.modified = value
            else:
                metadata.extra[name] = value
    app = by_type(rels, REL_EXTENDED)
    root = package.parse(app.target if app is not None else "docProps/app.xml")
    if root is not None:
        for el in root:
            local = el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) and el.tag.startswith(f"{{{EP_NS}}}") else None
            name = _APP.get(local or "")
            value = (el.text or "").strip()[:_MAX]
            if name is not None and value:
                metadata.extra[name] = value
