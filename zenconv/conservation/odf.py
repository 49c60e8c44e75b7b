"""What an ODF package (ODT, ODS) holds: the streams ``META-INF/manifest.xml`` lists, read by the rules.

Of each ``content.xml`` (the document's and each embedded object's, a chart say) the body counts,
of each ``styles.xml`` the master pages (page headers and footers, a presentation's masters); every
text node inside counts but those :data:`~.rules.ODF_SKIPPED` names and placeholders'
(:data:`~.rules.ODF_PLACEHOLDER`). OpenOffice's DOCTYPEs without an internal subset are read.
"""

from __future__ import annotations

from ..reports import Unreadable
from ..safe.xml import parse_xml
from ..safe.zip import SafeZip, clamp_part_name
from . import rules
from .flow import BLOCK, DESCEND, MAX_PART_CHARS, SKIP, SPACE, TextLimit, lines
from .model import Part

NS = "conservation"
_MANIFEST = "{urn:oasis:names:tc:opendocument:xmlns:manifest:1.0}"


def streams(package: SafeZip) -> list[str]:
    """The content and styles streams the manifest lists, in its order (the root's when it lists none)."""
    listed: list[str] = []
    if package.has("META-INF/manifest.xml"):
        try:
            root = parse_xml(package.read("META-INF/manifest.xml"), NS, plain_doctype=True)
        except Unreadable:  # a manifest the readers refuse too: the root streams are looked for instead
            root = None
        for entry in root.iter(_MANIFEST + "file-entry") if root is not None else ():
            path = clamp_part_name(entry.get(_MANIFEST + "full-path") or "")
            if path.rsplit("/", 1)[-1] in rules.ODF_ROOTS and package.has(path) and path not in listed:
                listed.append(path)
    return listed or [name for name in rules.ODF_ROOTS if package.has(name)]


def classify(el):
    tag = el.tag
    if tag in rules.ODF_SKIPPED or el.get(rules.ODF_PLACEHOLDER[0]) == rules.ODF_PLACEHOLDER[1]:
        return SKIP
    if tag in rules.ODF_SPACES:
        return SPACE
    if tag in rules.ODF_BLOCKS:
        return BLOCK
    return DESCEND


def extract(package: SafeZip, limit: int = MAX_PART_CHARS) -> tuple[list[Part], list[str]]:
    parts: list[Part] = []
    problems: list[str] = []
    for stream in streams(package):
        try:
            root = parse_xml(package.read(stream), NS, plain_doctype=True)
        except Unreadable as exc:
            problems.append(f"{stream}: {exc.code}")
            continue
        found: list[str] = []
        try:
            for top in root.iter(*rules.ODF_ROOTS[stream.rsplit("/", 1)[-1]]):
                found += lines(top, classify, mixed=True, limit=limit - sum(map(len, found)))
        except TextLimit as exc:
            found += exc.found
            problems.append(f"{stream}: {exc}")
        if found:
            parts.append(Part(stream, stream.rsplit("/", 1)[-1], "\n".join(found)))
    return parts, problems
