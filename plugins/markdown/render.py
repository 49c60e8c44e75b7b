"""mistune tokens back to HTML, only so that raw HTML mixed with them is read as one tree.

A Markdown paragraph holding inline HTML (``a <b>bold</b> word``), or Markdown between an HTML block
that opens an element and the block that closes it (``<table><tr><td>`` … ``</td></tr></table>``), is
read the way a browser reads the page: all of it as one HTML tree, through the HTML reader's
allowlist. Everything that came from Markdown is escaped here, so only the raw HTML is markup.
Block elements carry their source line in ``data-zenconv-line``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from mistune.util import safe_entity, unescape

NOTE_REF_TAG = "zenconv-note-ref"
LINE_ATTR = "data-zenconv-line"

Inline = Callable[[dict], list]  # a block token's inline tokens, parsed on demand


def _line(tok: dict) -> str:
    line = tok.get("_line")
    return f' {LINE_ATTR}="{line}"' if line is not None else ""


def blocks_html(tokens: list, inline: Inline) -> str:
    return "".join(block_html(tok, inline) for tok in tokens)


def block_html(tok: dict, inline: Inline) -> str:
    kind = tok["type"]
    if kind in ("paragraph", "block_text"):
        return f"<p{_line(tok)}>{inlines_html(inline(tok))}</p>\n"
    if kind == "heading":
        level = tok["attrs"]["level"]
        return f"<h{level}{_line(tok)}>{inlines_html(inline(tok))}</h{level}>\n"
    if kind == "block_code":
        info = (tok.get("attrs") or {}).get("info") or ""
        language = safe_entity(info.split()[0]) if info.split() else ""
        cls = f' class="language-{escape(language, quote=True)}"' if language else ""
        return f"<pre{_line(tok)}><code{cls}>{escape(tok['raw'], quote=False)}</code></pre>\n"
    if kind == "block_quote":
        return f"<blockquote{_line(tok)}>\n{blocks_html(tok['children'], inline)}</blockquote>\n"
    if kind == "list":
        attrs = tok["attrs"]
        if attrs.get("ordered"):
            start = attrs.get("start", 1)
            opening, closing = (f"<ol{_line(tok)}>" if start == 1 else f'<ol start="{start}"{_line(tok)}>'), "</ol>"
        else:
            opening, closing = f"<ul{_line(tok)}>", "</ul>"
        items = []
        for item in tok["children"]:
            box = ""
            if item["type"] == "task_list_item":
                box = '<input type="checkbox" checked>' if item["attrs"]["checked"] else '<input type="checkbox">'
            items.append(f"<li>{box}{blocks_html(item['children'], inline)}</li>\n")
        return opening + "\n" + "".join(items) + closing + "\n"
    if kind == "thematic_break":
        return f"<hr{_line(tok)}>\n"
    if kind == "table":
        return _table_html(tok, inline)
    if kind == "block_html":
        return tok["raw"]
    if kind == "blank_line":
        return "\n"
    if "children" in tok:
        return blocks_html(tok["children"], inline)
    return f"<p{_line(tok)}>{inlines_html(inline(tok))}</p>\n" if "text" in tok else ""


def _table_html(tok: dict, inline: Inline) -> str:
    out = [f"<table{_line(tok)}>"]
    for part in tok["children"]:
        if part["type"] == "table_head":
            out.append("<thead><tr>" + "".join(f"<th>{inlines_html(inline(c))}</th>" for c in part["children"]) + "</tr></thead>")
        else:
            out.append("<tbody>")
            for row in part["children"]:
                out.append("<tr>" + "".join(f"<td>{inlines_html(inline(c))}</td>" for c in row["children"]) + "</tr>")
            out.append("</tbody>")
    out.append("</table>\n")
    return "".join(out)


def inlines_html(tokens: list) -> str:
    return "".join(inline_html(tok) for tok in tokens)


def inline_html(tok: dict) -> str:
    kind = tok["type"]
    if kind == "text":
        return safe_entity(tok["raw"])
    if kind == "codespan":
        return "<code>" + escape(tok["raw"], quote=False) + "</code>"
    if kind == "emphasis":
        return "<em>" + inlines_html(tok["children"]) + "</em>"
    if kind == "strong":
        return "<strong>" + inlines_html(tok["children"]) + "</strong>"
    if kind == "strikethrough":
        return "<del>" + inlines_html(tok["children"]) + "</del>"
    if kind == "linebreak":
        return "<br>"
    if kind == "softbreak":
        return "\n"
    if kind == "inline_html":
        return tok["raw"]
    if kind in ("link", "image"):
        attrs = tok["attrs"]
        url = escape(attrs["url"], quote=True)
        title = f' title="{safe_entity(attrs["title"])}"' if attrs.get("title") else ""
        if kind == "link":
            return f'<a href="{url}"{title}>{inlines_html(tok["children"])}</a>'
        return f'<img src="{url}" alt="{escape(plain(tok["children"]), quote=True)}"{title}>'
    if kind == "footnote_ref":
        return f'<{NOTE_REF_TAG} key="{escape(tok["raw"], quote=True)}"></{NOTE_REF_TAG}>'
    if "children" in tok:
        return inlines_html(tok["children"])
    return safe_entity(tok.get("raw", ""))


def plain(tokens: list) -> str:
    """The text of inline tokens, markup dropped (an image's alt text)."""
    out = []
    for tok in tokens:
        if "children" in tok:
            out.append(plain(tok["children"]))
        elif tok["type"] in ("text", "codespan"):
            out.append(unescape(tok["raw"]) if tok["type"] == "text" else tok["raw"])
        elif tok["type"] in ("softbreak", "linebreak"):
            out.append(" ")
    return "".join(out)
