"""Element names as a person reads them, and the exact XPath of each element as the stream passes it.

A name is written with the prefix the document used (``content:encoded``, ``gpx:trkpt``); an
element in a default namespace is written with its local name alone, as XPath's
``ignoreNamespaces`` reads it (reference readers §9), so an Atom entry is ``/feed/entry[2]``.
"""

from __future__ import annotations

from dataclasses import field

from zenconv.ir import Locator
from zenconv.records import dataclass


def local_name(tag: str) -> str:
    """``{ns}entry`` → ``entry``."""
    return tag.rsplit("}", 1)[-1]


def namespace_of(tag: str) -> str:
    return tag[1:].split("}", 1)[0] if tag.startswith("{") else ""


def element_name(el) -> str:
    """The element's name with the prefix it was written with, if any."""
    prefix = el.prefix
    return f"{prefix}:{local_name(el.tag)}" if prefix else local_name(el.tag)


def attribute_name(el, name: str) -> str:
    """An attribute's name with the prefix its namespace has on this element (``xml:lang``)."""
    if not name.startswith("{"):
        return name
    namespace, local = namespace_of(name), local_name(name)
    if namespace == "http://www.w3.org/XML/1998/namespace":
        return f"xml:{local}"
    for prefix, uri in el.nsmap.items():
        if uri == namespace and prefix:
            return f"{prefix}:{local}"
    return local


def attributes_text(el, skip: tuple[str, ...] = ()) -> str:
    """``name="value"`` pairs in document order (but those named in ``skip``), or "" when there are none."""
    return ", ".join(f'{attribute_name(el, name)}="{value}"' for name, value in el.attrib.items() if name not in skip)


@dataclass(slots=True)
class _Step:
    path: str
    seen: dict[str, int] = field(default_factory=dict)  # name -> children of that name so far


class PathTracker:
    """The XPath of the element being read: call :meth:`enter` at each start event, :meth:`leave` at
    each end. Every step below the root carries its position among same-named siblings."""

    def __init__(self) -> None:
        self._steps: list[_Step] = []

    @property
    def depth(self) -> int:
        return len(self._steps)

    @property
    def path(self) -> str:
        return self._steps[-1].path if self._steps else "/"

    def enter(self, el) -> str:
        name = element_name(el)
        if not self._steps:
            path = f"/{name}"
        else:
            parent = self._steps[-1]
            position = parent.seen[name] = parent.seen.get(name, 0) + 1
            path = f"{parent.path}/{name}[{position}]"
        self._steps.append(_Step(path))
        return path

    def leave(self) -> None:
        self._steps.pop()

    def ends(self, events):
        """(element, its XPath) at each end event of an iterparse stream, the path kept as it goes."""
        for event, el in events:
            if event == "start":
                self.enter(el)
            elif event == "end":
                path = self.path
                self.leave()
                yield el, path

    def locator(self, el, path: str | None = None, **extra) -> Locator:
        return Locator(line=el.sourceline, xpath=path or self.path, **extra)


def release(el) -> None:
    """Free an element the reader is done with, and the siblings before it (its tail is kept)."""
    el.clear(keep_tail=True)
    parent = el.getparent()
    if parent is not None:
        while el.getprevious() is not None:
            del parent[0]
