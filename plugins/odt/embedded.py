"""Documents embedded in an OpenDocument file, converted as children (``zenconv.family``).

``draw:object-ole`` points at a binary part: an OLE compound file (a Word or Excel object) unwrapped by
``zenconv.safe.ole``, or a file stored as it is. ``draw:object`` points at a folder of the package
(``Object 1/``) holding a sub-document's own ``content.xml`` and ``styles.xml``: when it is a text,
spreadsheet or presentation (a chart or formula is read in place by ``frames.py``), those parts are packed
again as a package of their own, with its ``mimetype`` first, so the installed reader for that format
converts it like any file.
"""

from __future__ import annotations

import io
import posixpath
import zipfile

from zenconv.family import inline_reference
from zenconv.safe.ole import embedded_file

from .names import OFFICE
from .package import part_name

_KINDS = {"text": "application/vnd.oasis.opendocument.text",
          "spreadsheet": "application/vnd.oasis.opendocument.spreadsheet",
          "presentation": "application/vnd.oasis.opendocument.presentation"}
_EXTENSIONS = {"text": "odt", "spreadsheet": "ods", "presentation": "odp"}
_PARTS = ("content.xml", "styles.xml", "meta.xml")
_MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:'
             'opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" '
             'manifest:media-type="{}"/>{}</manifest:manifest>')
_ENTRY = '<manifest:file-entry manifest:full-path="{}" manifest:media-type="text/xml"/>'


def ole_object(state, el):
    """The link to the child conversion of a ``draw:object-ole``'s part, or None."""
    href = part_name(el.get("{http://www.w3.org/1999/xlink}href") or "")
    data = state.pkg.read(href) if href else None
    if not data:
        return None
    name, inner = embedded_file(href, data, state.ctx.options["max_part_bytes"])
    key = state.ctx.embed(inner, name, state.locator(), origin=href)
    return inline_reference(key, name) if key is not None else None


def sub_document(state, href: str, root):
    """The link to the child conversion of a ``draw:object`` sub-document (its ``content.xml`` is
    ``root``), or None when it is no text, spreadsheet or presentation."""
    body = root.find(f"{OFFICE}body")
    kind = next((child.tag.rsplit("}", 1)[-1] for child in body if isinstance(child.tag, str)), None) \
        if body is not None else None
    if kind not in _KINDS:
        return None
    parts = {}
    for part in _PARTS:
        data = state.pkg.read(posixpath.join(href, part))
        if data is not None:
            parts[part] = data
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("mimetype", (1980, 1, 1, 0, 0, 0)), _KINDS[kind], zipfile.ZIP_STORED)
        manifest = _MANIFEST.format(_KINDS[kind], "".join(_ENTRY.format(p) for p in parts))
        zf.writestr(zipfile.ZipInfo("META-INF/manifest.xml", (1980, 1, 1, 0, 0, 0)), manifest, zipfile.ZIP_DEFLATED)
        for part, data in parts.items():
            zf.writestr(zipfile.ZipInfo(part, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    name = f"{href.strip('/').replace(' ', '_') or 'Object'}.{_EXTENSIONS[kind]}"
    key = state.ctx.embed(out.getvalue(), name, state.locator(), origin=href)
    return inline_reference(key, name) if key is not None else None
