"""The report codes of the HTML allowlist, under a namespace: ``html.`` for HTML sources, ``markdown.``
for the raw HTML inside Markdown, which goes through the same allowlist. Light: no lxml here."""

from __future__ import annotations

from functools import partial

from zenconv.reports import PRESENTATION, Code, degraded, dropped, refused, truncated

# Losses of how the text looked or sat, never of the text itself (the summary lists them after the rest).
_styling_dropped = partial(dropped, kind=PRESENTATION)
_styling_degraded = partial(degraded, kind=PRESENTATION)

# (suffix, factory, meaning): one list, so the two plugins can never declare different sets.
_ALLOWLIST = (
    ("script-dropped", dropped, "A script element and its content."),
    ("noscript-dropped", dropped, "A noscript element and its content (what a browser without scripts shows)."),
    ("style-dropped", _styling_dropped, "A style element or a stylesheet link; style attributes are presentation and are not reported."),
    ("iframe-dropped", dropped, "An iframe, frame or frameset: another document, never fetched."),
    ("object-dropped", dropped, "An object, embed or applet and its fallback content."),
    ("form-dropped", dropped, "A form control (input, button, select, textarea…) or a form wrapper; a form's other content is kept."),
    ("svg-dropped", dropped, "Inline SVG (its drawing and any text in it)."),
    ("math-dropped", dropped, "MathML without a TeX annotation to carry it as math."),
    ("media-dropped", dropped, "Audio, video, canvas or an image map area, with their fallback content."),
    ("template-dropped", dropped, "A template element: inert content a browser never shows."),
    ("base-dropped", dropped, "A base element: relative URLs are kept as written, never resolved."),
    ("meta-refresh-dropped", dropped, "A meta refresh (a redirect or reload)."),
    ("event-attribute-dropped", dropped, "An event-handler attribute (onclick, onerror…)."),
    ("comment-dropped", dropped, "A comment, processing instruction or CDATA section."),
    ("hidden-skipped", dropped, "Content hidden by the hidden attribute or display:none, skipped under --hidden skip."),
    ("image-over-budget", dropped, "A data: image past the --max-media-bytes budget: not stored, its alt text kept."),
    ("image-data-invalid", dropped,
     "A data: image that does not decode, or whose bytes are not the image type it names: its alt text kept."),
    ("definition-list-degraded", _styling_degraded, "A definition list carried as a bullet list: each term in bold, its definitions after it."),
    ("table-span-capped", _styling_degraded, "A rowspan or colspan over 1000, past the last row, or overlapping another cell: shortened."),
    ("table-truncated", truncated, "Table rows past --max-rows or columns past --max-cols were cut; the table says so."),
    ("nesting-capped", _styling_degraded, "Elements nested deeper than 96 levels: the deeper content is kept as plain text."),
    ("parser-limit", refused,
     ("The HTML parser's own safety limits were hit (elements nested deeper than 256 levels): the document "
      "is refused rather than read in part.")),
    ("unhandled-construct", degraded, "An element outside the allowlist's vocabulary: its children processed, the element reported."),
)


def allowlist_codes(ns: str) -> tuple[Code, ...]:
    return tuple(factory(f"{ns}.{suffix}", meaning) for suffix, factory, meaning in _ALLOWLIST)
