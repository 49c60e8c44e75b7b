"""Options and codes several readers declare, kept apart from the code that acts on them.

A plugin's entry-point module is read at every start-up, whatever is converted: what it declares must come
from here (or :mod:`zenconv.options`, :mod:`zenconv.safe.codes`), never from a module that brings a reader's
machinery with it. The modules that act on these (charts, comments, records) import them from here.
"""

from __future__ import annotations

from zenconv.options import MAX_ROWS
from zenconv.plugins import OptionSpec
from zenconv.reports import degraded, truncated

# --- charts (plugins/charts.py) ----------------------------------------------------------------------
MAX_CELLS = 1 << 20
CHART_VALUES = OptionSpec(
    "max-chart-values", "int", MAX_CELLS, "OOXML charts: most values (categories x series) a chart's table takes "
    "from its cache; past it the rest is cut, with a visible note, and reported (<reader>.chart-truncated).",
    metavar="N")

# --- review comments (plugins/comments.py) -----------------------------------------------------------
MAX_OPEN_RANGES = 64
MAX_COMMENT_RANGES = OptionSpec(
    "max-comment-ranges", "int", MAX_OPEN_RANGES, "Most comment ranges open at once whose text is marked; a range "
    "opened past it is not marked (<reader>.comment-ranges-unmarked), its note still referenced.", metavar="N")
MAX_ATTRIBUTION_CHARS = 200  # an author's name is a name, not a payload
ATTRIBUTION_CHARS = OptionSpec(
    "max-attribution-chars", "int", MAX_ATTRIBUTION_CHARS, "Review comments: most characters of an author's "
    "name, initials or date in a comment's attribution; a longer one is cut and reported (<reader>.attribution-cut).",
    metavar="N")

# --- data formats (plugins/records.py) ---------------------------------------------------------------
MAX_DEPTH = OptionSpec("max-data-depth", "int", 256, "JSON, JSON Lines, YAML: deepest nesting of arrays and objects "
                       "accepted (at most 400); past it the document, or the JSON Lines line, is refused.", metavar="N")
MAX_KEYS = OptionSpec("max-keys", "int", 10_000, "JSON, JSON Lines, YAML: most keys kept in one object, and most "
                      "columns in one table of records; past it the rest is cut and reported.", metavar="N")
MAX_STRING = OptionSpec("max-string-chars", "int", 1 << 20, "JSON, JSON Lines, YAML: longest string kept, in "
                        "characters; past it the string is cut and reported.", metavar="N")
MAX_VALUE = OptionSpec("max-value-chars", "int", 64 << 20, "JSON, JSON Lines: longest single value held whole (one "
                       "record, one line, one member's value not streamed); YAML: longest file. In characters.",
                       metavar="N")
DATA_OPTIONS = (MAX_ROWS, MAX_DEPTH, MAX_KEYS, MAX_STRING, MAX_VALUE)


def shared_codes(ns: str) -> tuple:
    """The codes every data reader declares under its own namespace: the mapping's own losses."""
    return (
        truncated(f"{ns}.rows-truncated", "Records past --max-rows were not read; a note after the table says so."),
        truncated(f"{ns}.keys-truncated", "Keys past --max-keys in one object, or columns past it in one table "
                  "of records, were not read."),
        truncated(f"{ns}.string-truncated", "A string longer than --max-string-chars was cut; the text shows where."),
        degraded(f"{ns}.lone-surrogate", "A string held a lone UTF-16 surrogate escape (\\ud800): it became U+FFFD."),
    )
