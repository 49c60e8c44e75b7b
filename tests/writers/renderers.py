"""Five real Markdown renderers, and the allowlist their HTML must keep to: opening what we wrote is safe.

Each renderer is set up as permissively as a site might run it: raw HTML passed through (markdown-it-py's
``html`` option, cmark-gfm's ``CMARK_OPT_UNSAFE``, mistune with ``escape=False``; commonmark.py and
Python-Markdown pass it by default). The check parses the rendered HTML (lxml) and walks every element:
its tag must be on the allowlist, no attribute may be an event handler or a ``style``, and every URL
attribute must be http, https, mailto, a fragment or a relative reference, judged as a browser reads it
(entities decoded by the parser, controls and whitespace removed, case folded) and, stricter than a
browser, percent-decoded too.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import lxml.html

ALLOWED_TAGS = frozenset({
    "html", "head", "body", "title", "meta", "div", "section", "aside", "span", "p", "br", "hr", "a", "img",
    "em", "strong", "b", "i", "u", "s", "del", "ins", "sup", "sub", "code", "pre", "kbd", "blockquote",
    "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "table", "caption", "colgroup", "col", "thead",
    "tbody", "tfoot", "tr", "th", "td", "input", "dl", "dt", "dd", "abbr", "mark", "small", "footer", "header",
    "nav", "article", "figure", "figcaption", "label", "main",
})
# Tags only our own page writes in its body (hidden content, open and collapsible): allowed there alone, so a
# Markdown renderer that let them through from the source would still be caught.
PAGE_BODY = frozenset({"details", "summary"})
# Tags a renderer may write only as our own page's furniture, in its head: checked apart (see check_html);
# a script only if it is the page's own, byte for byte, and the one http-equiv its Content-Security-Policy.
PAGE_ONLY = frozenset({"style", "script"})
URL_ATTRIBUTES = frozenset({
    "href", "src", "srcset", "action", "formaction", "xlink:href", "poster", "background", "cite", "data",
    "codebase", "lowsrc", "dynsrc", "ping", "manifest", "longdesc", "usemap", "profile", "icon", "archive",
    "classid", "{http://www.w3.org/1999/xlink}href",
})
_BROWSER_IGNORES = re.compile(r"[\x00-\x20\x7f-\x9f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]")
_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*):")
EMBEDDED_IMAGE = re.compile(r"data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]*\Z")


def _markdown_it(md: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough").render(md)


def _commonmark(md: str) -> str:
    import commonmark

    return commonmark.commonmark(md)


def _python_markdown(md: str) -> str:
    import markdown

    return markdown.markdown(md, extensions=["tables", "footnotes", "fenced_code"])  # MkDocs: fenced_code, tables


def _cmarkgfm(md: str) -> str:
    import cmarkgfm
    from cmarkgfm.cmark import Options

    return cmarkgfm.github_flavored_markdown_to_html(md, options=Options.CMARK_OPT_UNSAFE)


def _mistune(md: str) -> str:
    import mistune

    return mistune.create_markdown(escape=False, plugins=["table", "strikethrough", "footnotes", "math",
                                                          "task_lists"])(md)


RENDERERS = {"markdown-it-py": _markdown_it, "commonmark": _commonmark, "python-markdown": _python_markdown,
             "cmarkgfm": _cmarkgfm, "mistune": _mistune}


def url_problem(value: str, *, embedded_images: bool = False) -> str | None:
    """Why a URL attribute's value is not allowed, or None."""
    if embedded_images and EMBEDDED_IMAGE.match(value):
        return None
    probe = value
    for _ in range(4):
        decoded = unquote(probe)
        if decoded == probe:
            break
        probe = decoded
    probe = _BROWSER_IGNORES.sub("", probe).lower()
    m = _SCHEME.match(probe)
    if m and m.group(1) not in ("http", "https", "mailto"):
        return f"scheme {m.group(1)}: in {value[:80]!r}"
    return None


def html_problems(page: str, *, embedded_images: bool = False, page_furniture: bool = False) -> list[str]:
    """Everything in rendered HTML outside the allowlist, as readable lines (empty: safe)."""
    if not page.strip():
        return []
    tree = lxml.html.document_fromstring(f"<html><body>{page}</body></html>" if not page_furniture else page)
    problems = []
    for element in tree.iter():
        tag = element.tag
        if not isinstance(tag, str):
            continue  # a comment or processing instruction: inert
        tag = tag.lower()
        in_head = element.getparent() is not None and element.getparent().tag == "head"
        if tag not in ALLOWED_TAGS and not (page_furniture and (tag in PAGE_ONLY and in_head or tag in PAGE_BODY)):
            problems.append(f"element <{tag}>")
        if tag == "script" and element.text != _own_script():
            problems.append("a <script> not the page's own")
        if tag == "input" and (element.get("type") or "").lower() != "checkbox":
            problems.append(f"<input type={element.get('type')!r}>")
        if tag == "meta" and not in_head:
            problems.append("<meta> in the body")
        for name, value in element.attrib.items():
            lname = name.lower()
            if lname.startswith("on"):
                problems.append(f"event attribute {name} on <{tag}>")
            elif lname == "style":
                problems.append(f"style attribute on <{tag}>")
            elif lname in URL_ATTRIBUTES:
                problem = url_problem(value, embedded_images=embedded_images)
                if problem:
                    problems.append(f"<{tag} {name}>: {problem}")
            elif lname == "http-equiv" and not (page_furniture and in_head and value == "Content-Security-Policy"
                                                  and (element.get("content") or "").startswith("default-src 'none';")):
                problems.append(f"<meta http-equiv={value!r}>")
    return problems


def _own_script() -> str:
    from zenconv.writers.html.page import page_script

    return page_script()


def rendered_problems(md: str) -> dict[str, list[str]]:
    """Each renderer's problems with ``md`` (renderers with none left out)."""
    out = {}
    for name, render in RENDERERS.items():
        problems = html_problems(render(md))
        if problems:
            out[name] = problems
    return out
