"""The writers' report codes and options, declared where the entry point can read them cheaply.

``docs/formats/writers.md`` lists exactly these codes; ``tests/test_docs.py`` compares the two sets.
"""

from __future__ import annotations

from ..options import FILL_MERGED
from ..plugins import OptionSpec
from ..reports import PRESENTATION, degraded, dropped

MARKDOWN_CODES = (
    degraded("to-md.cell-spans-flattened", "A merged cell was written once and its covered cells left empty.", kind=PRESENTATION),
    degraded("to-md.empty-header-row-added", "A table without a header row got an empty one: a GFM table needs it.", kind=PRESENTATION),
    degraded("to-md.table-rows-unpadded",
             "A table's short rows were written without padding cells, as GFM allows: padding them to the widest row "
             "would have multiplied the output.", kind=PRESENTATION),
    degraded("to-md.cell-blocks-flattened",
             "A table cell's line breaks or blocks were flattened to one line, joined with <br>.", kind=PRESENTATION),
    degraded("to-md.underline-dropped", "Underlined text was written as plain text: Markdown has no underline.", kind=PRESENTATION),
    degraded("to-md.small-caps-dropped", "Small capitals were written as plain text: Markdown has none.", kind=PRESENTATION),
    degraded("to-md.nested-link-flattened", "A link inside a link's text was written as its text alone."),
    degraded("to-md.control-characters-replaced",
             "Control characters (C0 but tab and line ends, DEL, C1: a terminal's escapes among them) were "
             "written as U+FFFD."),
    dropped("to-md.unsafe-url-dropped", "A link or image URL outside the allowlist was dropped; its text kept."),
    dropped("to-md.active-media-unlinked",
            "A resource that is not a PNG, JPEG, GIF or WebP image (SVG, HTML, ...) was neither shown nor linked; "
            "its text kept."),
    dropped("to-md.remote-image-dropped",
            "An image from the network was dropped (its alt text kept): opening the page would call its host. "
            "--remote-images keep keeps it."),
    degraded("to-md.code-block-as-code-spans",
             "A code block whose text could be markup, where no renderer-independent code block can stand (first "
             "in a list item, right after a list, in a note), was written as a code span per line.", kind=PRESENTATION),
    degraded("to-md.list-delimiter-changed",
             "A numbered list's labels written with another delimiter than the source's: bare numbers (Word's %1) "
             "given a period, or a period and a parenthesis swapped where the list follows one numbered the same "
             "way (the two would merge); the numbers are the source's.", kind=PRESENTATION),
    degraded("to-md.furniture-repeated",
             "Page furniture (a header, footer or master text) whose role and text were already written: not "
             "written again; the details name where it shows.", review=False, kind=PRESENTATION),
    degraded("to-md.math-written-as-code",
             "Math that is not plain TeX (it holds <, >, $, a backtick, an entity or a link) was written as code.", kind=PRESENTATION),
)
HTML_CODES = (
    dropped("to-html.unsafe-url-dropped", "A link or image URL outside the allowlist was dropped; its text kept."),
    dropped("to-html.active-media-unlinked",
            "A resource that is not a PNG, JPEG, GIF or WebP image (SVG, HTML, ...) was neither shown nor linked; "
            "its text kept."),
    dropped("to-html.remote-image-dropped",
            "An image from the network was dropped (its alt text kept): opening the page would call its host. "
            "--remote-images keep keeps it."),
    degraded("to-html.nested-link-flattened", "A link inside a link's text was written as its text alone."),
    degraded("to-html.control-characters-replaced",
             "Control characters HTML cannot hold (NUL, C0 and C1 controls) were written as U+FFFD."),
    degraded("to-html.furniture-repeated",
             "Page furniture (a header, footer or master text) whose role and text were already written: not "
             "written again; the details name where it shows.", review=False, kind=PRESENTATION),
    degraded("to-html.table-rows-unpadded",
             "A table's short rows were written without padding cells: padding them to the widest row would have "
             "multiplied the output.", kind=PRESENTATION),
)
JSON_CODES = ()
SEGMENTS_CODES = ()

# Declared once, taken by both writers that show images.
IMAGE_OPTIONS = (
    OptionSpec("remote-images", "choice", "drop",
               "Markdown, HTML: keep images from the network (each one a request to its host when the page is "
               "opened) or drop them, keeping their alt text.", choices=("keep", "drop")),
)
MARKDOWN_OPTIONS = (
    OptionSpec("html-tables", "bool", False, "Markdown: write tables a pipe table cannot hold as HTML tables."),
    *IMAGE_OPTIONS,
    FILL_MERGED,
)
SEGMENTS_OPTIONS = (FILL_MERGED,)
HTML_OPTIONS = (
    *IMAGE_OPTIONS,
    OptionSpec("css", "file", None, "HTML: add this stylesheet after the page's own (inlined, allowed by the page's "
               "Content-Security-Policy).", metavar="FILE"),
    OptionSpec("no-style", "bool", False, "HTML: leave the page's own stylesheet out (bring yours with --css)."),
)
