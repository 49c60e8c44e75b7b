"""Entry-point module of the XML reader (feeds, sitemaps, KML, GPX, any XML; gzipped or not):
declarations only, and the content sniffer; lxml loads when the reader is chosen."""

from __future__ import annotations

import re

from zenconv_plugins.html.codes import allowlist_codes
from zenconv_plugins.html.plugin import OPTIONS as HTML_OPTIONS

from zenconv import hookimpl
from zenconv.plugins import OptionSpec
from zenconv.reports import degraded, dropped, refused, truncated
from zenconv.safe.codes import xml_codes

ID = "ai.insan.zenfmt.xml"
NAME = "xml"
VERSION = "0.1.0"

CODES = (
    *xml_codes(NAME),
    # The HTML content of feed entries goes through the HTML reader's allowlist, under xml.
    *allowlist_codes(NAME),
    refused("xml.gzip-too-large", "The gzip stream inflates past --max-part-bytes (a gzip bomb): nothing was read."),
    refused("xml.gzip-corrupt", "The bytes start as gzip does but do not inflate (truncated or damaged)."),
    refused("xml.looks-like-html", "The document is HTML (its root is <html>), not XML: read it with --from html."),
    truncated("xml.elements-truncated", "Elements past --max-xml-elements were not read; the output says where it stopped."),
    truncated("xml.items-truncated", "Feed items or sitemap URLs past --max-rows were not read; the output says so."),
    degraded("xml.mixed-content-flattened",
             "Text between the child elements of an element (mixed content) in the outline: kept as a paragraph of "
             "its parent, its place among the children not kept exactly."),
    dropped("xml.sitemap-extension-dropped", "An extension element inside a sitemap entry (image:image, xhtml:link, "
            "news:news, video:video): the table has no column for it; its text is counted."),
)

OPTIONS = (
    *(option for option in HTML_OPTIONS if option.name != "encoding"),  # XML declares its own encoding
    OptionSpec("max-xml-elements", "int", 1_000_000, "XML outline: most elements read; past it the rest is not "
               "read and it is reported.", metavar="N"),
)

EXTENSIONS = (".xml", ".rss", ".atom", ".kml", ".gpx", ".xml.gz")

# Reference readers §1.1: +xml types are XML unless they are HTML's (the HTML reader takes xhtml+xml).
MEDIA_TYPES = ("application/xml", "text/xml", "application/rss+xml", "application/atom+xml",
               "application/vnd.google-earth.kml+xml", "application/gpx+xml", "application/xml-dtd",
               "application/rdf+xml", "application/sitemap+xml")

_SNIFF = rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[\s?]|(?:<!--.*?-->\s*)*<([A-Za-z_][\w.:-]*)[\s/>])"


def sniff(head: bytes, name: str | None) -> str | None:
    """Why ``head`` is XML (an XML declaration, or a root start tag after comments), or None.

    The HTML sniffer runs first (its priority is higher), so a page with an XML declaration is not
    claimed here; a root named ``html`` is left to it too.
    """
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head[2:].decode("utf-16-le" if head[0] == 0xFF else "utf-16-be", "ignore").encode("utf-8", "ignore")
    found = re.match(_SNIFF, head, re.DOTALL)  # compiled on the first sniff (re caches it), not at start-up
    if found is None:
        return None
    if found.group(1) is None:
        return "an XML declaration (<?xml …?>) opens the text"
    if found.group(1).lower() == b"html" or (b"</" not in head and b"/>" not in head):
        return None  # HTML's; or text that opens with <word> and closes no element (<name@host> wrote:)
    return f"the text opens with an element (<{found.group(1).decode('ascii', 'replace')}>)"


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.xml.reader:read",
        extensions=EXTENSIONS, media_types=MEDIA_TYPES,
        priority=30, sniff=sniff, codes=CODES, options=OPTIONS,
    )
