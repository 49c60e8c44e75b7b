"""lxml's HTML parser, configured once: no network, nothing fetched, comments kept so they can be
reported, and its resource limits turned into a refusal instead of a silently shortened tree."""

from __future__ import annotations

from lxml import etree

from zenconv.reports import Unreadable

LIBRARY = "lxml/{}; libxml2/{}".format(etree.__version__, ".".join(map(str, etree.LIBXML_VERSION)))


def _parser() -> etree.HTMLParser:
    # A parser per document: its error log is how a hit limit is seen.
    return etree.HTMLParser(encoding="utf-8", no_network=True, remove_comments=False, remove_pis=False,
                            remove_blank_text=False, recover=True, huge_tree=False, default_doctype=False)


def parse_document(text: str, ns: str):
    """The root element of a whole page (None when there is nothing to parse)."""
    parser = _parser()
    root = etree.fromstring(text.encode("utf-8", "surrogatepass"), parser) if text.strip() else None
    _check(parser, ns)
    return root


def parse_fragment(text: str, ns: str):
    """A ``<div>`` holding the elements of an HTML fragment (raw HTML inside Markdown)."""
    parser = _parser()
    root = etree.fromstring(b"<html><body><div>" + text.encode("utf-8", "surrogatepass") + b"</div></body></html>", parser)
    _check(parser, ns)
    body = root.find("body") if root is not None else None
    if body is None or len(body) != 1 or body[0].tail or body.text:
        # The fragment closed the wrapper early (a stray </div>): read the whole body instead.
        return body
    return body[0]


def _check(parser: etree.HTMLParser, ns: str) -> None:
    for entry in parser.error_log:
        if entry.type_name == "ERR_RESOURCE_LIMIT" or "Excessive depth" in entry.message:
            raise Unreadable(f"{ns}.parser-limit", f"the HTML parser stopped: {entry.message.strip()}")
