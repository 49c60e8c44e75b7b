"""Big XML parts (sheets, shared strings) streamed at lxml's own speed, as safely as the safe layer.

The safe layer's :func:`~zenconv.safe.xml.iterparse_xml` counts depth on every element in Python,
which doubles the cost of a million-row sheet. libxml2 already refuses nesting past 256 without
``huge_tree``, so at the default ``--max-xml-depth`` a part goes to lxml's ``iterparse`` directly,
with the safe layer's parser options (no DTD loading, no entity resolution, no network), only the
wanted tags reported from C, and a DOCTYPE refused at the first event. A lower
``--max-xml-depth`` takes the safe layer's path.
"""

from __future__ import annotations

import re

from lxml import etree

from zenconv.reports import Unreadable
from zenconv.safe.xml import PARSER_OPTIONS, Rejoined, iterparse_xml
from zenconv.patterns import pattern

_LIBXML2_DEPTH = 256
_PEEK = 1 << 16
_DOCTYPE = pattern(rb"<!DOCTYPE", re.IGNORECASE)


def element_events(stream, ctx, tags: tuple[str, ...], events: tuple[str, ...] = ("end",)):
    """``(event, element)`` for each element named in ``tags`` (Clark names); the caller frees them."""
    ns, depth = ctx.namespace, ctx.options["max_xml_depth"]
    if depth < _LIBXML2_DEPTH:
        yield from iterparse_xml(stream, ns, events=events, tag=tags, max_depth=depth)
        return
    head = stream.read(_PEEK)
    if _DOCTYPE.search(head):
        raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
    checked = False
    try:
        for event, element in etree.iterparse(Rejoined(head, stream), events=events, tag=tags, **PARSER_OPTIONS):
            if not checked:
                checked = True
                docinfo = element.getroottree().docinfo
                if docinfo.doctype or docinfo.internalDTD is not None:
                    raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
            yield event, element
    except etree.XMLSyntaxError as exc:
        what = "xml-too-deep" if "Excessive depth" in str(exc) else "xml-malformed"
        raise Unreadable(f"{ns}.{what}", str(exc)) from None
