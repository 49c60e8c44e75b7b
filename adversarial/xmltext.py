"""Hostile inputs for the XML and plain-text readers: entity expansion, external entities, deep nesting,
a gzip bomb, a feed whose item links to ``javascript:``, and a text file of NULs and one endless line.

Each ends with its code under the default options. Standard library only. ``python
adversarial/xmltext.py DIR`` writes them into DIR.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

_LAUGHS = "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10))


def billion_laughs() -> bytes:
    """Nine levels of ten entity references each: 10^9 'lol's if anything expanded them."""
    return (f'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol0 "lol">{_LAUGHS}]>\n'
            "<lolz>&lol9;</lolz>\n").encode()


def external_entity() -> bytes:
    """XXE: an entity whose value is a local file, and one fetched from the network."""
    return ('<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY file SYSTEM "file:///etc/passwd">'
            '<!ENTITY net SYSTEM "http://127.0.0.1:9/x">]>\n<r>&file;&net;</r>\n').encode()


def deep_nesting(depth: int = 100_000) -> bytes:
    return b"<a>" * depth + b"</a>" * depth


def gzip_bomb(members: int = 17, member_bytes: int = 64 << 20) -> bytes:
    """``members`` gzip members of ``member_bytes`` zeros each, one after another (one stream to any
    reader of gzip): ~1.1 MB that inflates to 1.06 GiB, past the default --max-part-bytes of 1 GiB."""
    member = gzip.compress(bytes(member_bytes), compresslevel=9, mtime=0)
    return member * members


def javascript_link_feed() -> bytes:
    """An RSS item whose link, enclosure and HTML description all point at script."""
    return b"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Feed</title><link>https://example.com/</link>
<item><title>Click me</title><link>javascript:alert(document.cookie)</link>
<enclosure url="JaVaScRiPt:alert(2)" type="audio/mpeg" length="1"/>
<description>&lt;a href="javascript:alert(3)"&gt;more&lt;/a&gt; &lt;img src=x onerror=alert(4)&gt;</description>
</item></channel></rss>
"""


def nul_and_long_line_text(line_chars: int = 17 << 20) -> bytes:
    """Lines holding NULs, then one line of 17 Mi characters with no line break, past --max-line-chars."""
    return b"head\x00er line\n\x00\x00\x00\nsecond\x00 paragraph\n\n" + b"x" * line_chars


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    return {
        "billion-laughs.xml": (billion_laughs(), "xml.doctype-refused",
                               "nine levels of ten entity references in an internal DTD subset"),
        "external-entity.xml": (external_entity(), "xml.doctype-refused",
                                "entities naming file:///etc/passwd and a URL (XXE)"),
        "deep-nesting.xml": (deep_nesting(), "xml.xml-too-deep", "100,000 nested elements"),
        "gzip-bomb.xml.gz": (gzip_bomb(), "xml.gzip-too-large",
                             "17 gzip members of 64 MiB of zeros (~1.1 MB) inflating past --max-part-bytes"),
        "javascript-link.rss": (javascript_link_feed(), "to-md.unsafe-url-dropped",
                                "an RSS item linking to javascript: (link, enclosure and its HTML description)"),
        "nul-long-line.txt": (nul_and_long_line_text(), "text.line-truncated",
                              "NULs in short lines, then one 17 Mi-character line without a line break"),
    }


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "adversarial/files/xmltext")
    out.mkdir(parents=True, exist_ok=True)
    for name, (data, code, what) in hostile_files().items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes, {code}: {what}")
