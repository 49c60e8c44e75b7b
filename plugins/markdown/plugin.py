"""Entry-point module of the Markdown reader: declarations only; mistune and lxml load when chosen."""

from __future__ import annotations

import re

from zenconv_plugins.html.codes import allowlist_codes
from zenconv_plugins.html.plugin import OPTIONS as HTML_OPTIONS
from zenconv_plugins.markers import under_front_matter

from zenconv import hookimpl
from zenconv.plugins import OptionSpec
from zenconv.reports import PRESENTATION, degraded, dropped, refused
from zenconv.patterns import pattern

ID = "ai.insan.zenfmt.markdown"
NAME = "markdown"
VERSION = "0.1.0"

CODES = (
    *allowlist_codes(NAME),
    refused("markdown.unknown-encoding", "--encoding names no text encoding Python knows."),
    degraded("markdown.undecodable-bytes", "Bytes that were not valid in the detected encoding were replaced with U+FFFD."),
    degraded("markdown.front-matter-partial",
             "Front matter lines that are not simple key: value pairs or lists: kept as raw text in the metadata."),
    degraded("markdown.emphasis-skipped",
             "A paragraph with more emphasis delimiter runs than the parser can match in bounded time: its * and _ "
             "are kept as literal text."),
    degraded("markdown.links-skipped",
             "A paragraph with more brackets than the parser can match in bounded time: its link syntax is kept "
             "as literal text."),
    degraded("markdown.block-nesting-capped",
             "Block quotes or lists nested deeper than the parser's limit: the deeper markers are read as text."),
    degraded("markdown.html-group-capped",
             "HTML blocks left open past the work budget (100,000 blocks looked through): later HTML blocks are "
             "read one at a time, not grouped with the Markdown between them and their closing block."),
    degraded("markdown.nul-replaced", "NUL characters, which CommonMark reads as U+FFFD, were replaced with it."),
    dropped("markdown.table-excess-cells-dropped",
            "Cells past the header's count in a pipe-table row: GFM ignores them, so do we, and says so."),
    dropped("markdown.table-alignment-dropped", "A pipe table's column alignment: the IR has no alignment.", kind=PRESENTATION),
)

# The raw HTML inside Markdown is read by the HTML reader's converter, with the same options.
OPTIONS = (
    *HTML_OPTIONS,
    OptionSpec("max-html-group-blocks", "int", 100_000, "Markdown: most HTML blocks looked through, in all, for "
               "the blocks that close what earlier ones leave open; past it HTML blocks are read one at a time "
               "and it is reported.", metavar="N"),
)


# What only Markdown writes, each a construct a sniffer can see in a line or two.
_CONSTRUCTS = (
    ("an ATX heading", pattern(r"^#{1,6}[ \t]+\S", re.MULTILINE)),
    ("a fenced code block", pattern(r"^[ ]{0,3}(?:```|~~~)", re.MULTILINE)),
    ("an inline link", pattern(r"\[[^\]\n]+\]\([^)\s]+(?:[ \t]+\"[^\"\n]*\")?\)")),
    ("a pipe-table delimiter row", pattern(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|", re.MULTILINE)),
    ("strong emphasis", pattern(r"(?<![\w*])\*\*[^*\s][^*\n]*\*\*(?![\w*])")),
    ("a setext heading", pattern(r"^\S[^\n]*\n(?:=+|-{3,})[ \t]*$", re.MULTILINE)),
    ("a bullet list", pattern(r"^[ ]{0,3}[-*+][ \t]+\S[^\n]*\n[ ]{0,3}[-*+][ \t]+\S", re.MULTILINE)),
)
_LEADING_HEADING = pattern(r"\A\s*#{1,6}[ \t]+\S")
_WINDOW = 64 << 10  # the host's sniff window: a head this long may stop mid-line


def sniff(head: bytes, name: str | None) -> str | None:
    """Why the head is Markdown: it opens with front matter followed by what YAML does not write, or
    with an ATX heading, holds a pipe table's delimiter row, or holds two different constructs of
    :data:`_CONSTRUCTS`; any other one alone (a stray ``**``, a dash list) is as likely plain text."""
    from zenconv_plugins.binary import head_text

    text = head_text(head)
    if text is None:
        return None
    if under_front_matter(text, cut=len(head) >= _WINDOW):  # the YAML sniffer, first, left it: not a YAML stream
        return "the text opens with front matter and Markdown after it"
    found = [what for what, pattern in _CONSTRUCTS if pattern.search(text)]
    if _LEADING_HEADING.match(text):
        return "the text opens with an ATX heading" + (f" and holds {', '.join(found[1:])}" if found[1:] else "")
    if len(found) >= 2 or found == ["a pipe-table delimiter row"]:  # no other text has that row
        return "the text holds " + " and ".join(found)
    return None


@hookimpl
def zenconv_readers(register) -> None:
    register.reader(
        id=ID, name=NAME, version=VERSION, reader="zenconv_plugins.markdown.reader:read",
        extensions=[".md", ".markdown", ".mdown"],
        media_types=["text/markdown", "text/x-markdown"],
        priority=5, sniff=sniff, codes=CODES, options=OPTIONS,
    )
