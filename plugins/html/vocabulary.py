"""The allowlist: which elements the reader knows, and what each becomes or why it is dropped.

Anything not named here is unknown: its children are read and the element is reported under
``<ns>.unhandled-construct``. Nothing is carried because it was not removed; it is carried because it
is listed.
"""

from __future__ import annotations

HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}

# Elements that start a block of their own; read for their children where no mapping says more.
BLOCK = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog",
    "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
    "h5", "h6", "header", "hgroup", "hr", "html", "legend", "li", "listing", "main", "menu", "nav",
    "noframes", "ol", "p", "plaintext", "pre", "search", "section", "summary", "table", "tbody", "td",
    "tfoot", "th", "thead", "tr", "ul", "xmp",
})

# Transparent block containers: their children are read as blocks, the element itself leaves nothing.
CONTAINERS = frozenset({
    "address", "article", "aside", "body", "center", "details", "dialog", "div", "fieldset", "footer",
    "form", "header", "hgroup", "html", "main", "nav", "noframes", "search", "section",
})
# Blocks read as a paragraph of their inlines.
PARAGRAPHS = frozenset({"p", "summary", "legend", "figcaption", "dt", "caption"})
PREFORMATTED = frozenset({"pre", "listing", "xmp", "plaintext"})
LISTS = frozenset({"ul", "ol", "menu", "dir"})

# Inline formatting and what it maps to; "transparent" inlines leave only their children.
STRONG = frozenset({"b", "strong"})
EMPHASIS = frozenset({"i", "em", "cite", "dfn", "var"})
STRIKE = frozenset({"s", "strike", "del"})
UNDERLINE = frozenset({"u", "ins"})
CODE = frozenset({"code", "kbd", "samp", "tt"})
TRANSPARENT_INLINE = frozenset({
    "abbr", "acronym", "bdi", "bdo", "big", "data", "font", "label", "mark", "nobr", "picture", "rb",
    "rp", "rt", "rtc", "ruby", "small", "span", "time",
})
INLINE = frozenset({
    *STRONG, *EMPHASIS, *STRIKE, *UNDERLINE, *CODE, *TRANSPARENT_INLINE,
    "a", "br", "img", "q", "sub", "sup", "wbr", "math",
})

# Dropped with their content, each under its report code (the suffix after the namespace).
DROPPED = {
    "script": "script-dropped",
    "noscript": "noscript-dropped",
    "style": "style-dropped",
    "iframe": "iframe-dropped", "frame": "iframe-dropped", "frameset": "iframe-dropped",
    "object": "object-dropped", "embed": "object-dropped", "applet": "object-dropped",
    "svg": "svg-dropped",
    "audio": "media-dropped", "video": "media-dropped", "canvas": "media-dropped", "map": "media-dropped",
    "area": "media-dropped", "track": "media-dropped",
    "template": "template-dropped",
    "base": "base-dropped",
    "input": "form-dropped", "button": "form-dropped", "select": "form-dropped", "textarea": "form-dropped",
    "option": "form-dropped", "optgroup": "form-dropped", "datalist": "form-dropped", "output": "form-dropped",
    "keygen": "form-dropped", "progress": "form-dropped", "meter": "form-dropped",
}
# Not content, and not worth a report: the document's head is read for metadata apart from the body,
# a picture's alternative sources and an object's parameters are not the picture.
IGNORED = frozenset({"head", "title", "param", "source", "col", "colgroup"})

EVENT_PREFIX = "on"
