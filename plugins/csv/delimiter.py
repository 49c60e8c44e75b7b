"""Which of ``,`` ``;`` tab ``|`` separates the fields: the one that gives the most rows of one width.

The sample (the first 64 Ki characters) is parsed with each candidate; the non-blank records among
the first 100 are scored (the last one dropped when the sample cuts the file, as it may be cut short):
the most common width above 1 (the larger on a tie) gives
``agreeing records / records × 1000 + width``. The highest score wins, the earlier candidate on equal
scores; with none above 0, ``,``. A title line or a decimal comma is outvoted by the rows that agree.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from itertools import islice

from .tokenizer import Caps, Tokenizer
from zenconv.patterns import pattern

CANDIDATES = (",", ";", "\t", "|")
SAMPLE_CHARS = 64 * 1024
SAMPLE_ROWS = 100
CLEAR_ROWS = 3
CLEAR_SHARE = 0.95
_PIPE_DELIMITER_ROW = pattern(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$", re.MULTILINE)


def detect_delimiter(sample: str, cut: bool, caps: Caps) -> str:
    """The delimiter for a text whose first characters are ``sample`` (``cut``: there is more)."""
    best, best_score = ",", 0.0
    for candidate in CANDIDATES:
        score = score_delimiter(sample, cut, candidate, caps)
        if score > best_score:
            best, best_score = candidate, score
    return best


def score_delimiter(sample: str, cut: bool, delimiter: str, caps: Caps) -> float:
    agreeing, rows, width = _agreement(sample, cut, delimiter, caps)
    if not agreeing:
        return 0.0
    return agreeing / rows * 1000 + width


def clear_delimiter(sample: str, cut: bool, caps: Caps) -> tuple[str, str] | None:
    """The delimiter and why, when the text is clearly delimited: at least :data:`CLEAR_ROWS` non-blank
    records, :data:`CLEAR_SHARE` of them of one width above 1; a Markdown pipe table's delimiter row
    (``|---|:-:|``) says the text is Markdown, not CSV. For content sniffing, where prose with a few
    commas must not become a table."""
    if _PIPE_DELIMITER_ROW.search(sample):
        return None
    best = None
    for candidate in CANDIDATES:
        agreeing, rows, width = _agreement(sample, cut, candidate, caps)
        if rows >= CLEAR_ROWS and agreeing >= CLEAR_SHARE * rows and (best is None or agreeing / rows * 1000 + width > best[0]):
            name = "tab" if candidate == "\t" else repr(candidate)
            best = (agreeing / rows * 1000 + width, candidate,
                    f"{agreeing} of the first {rows} records have {width} fields split by {name}")
    return None if best is None else best[1:]


def _agreement(sample: str, cut: bool, delimiter: str, caps: Caps) -> tuple[int, int, int]:
    """(records of the most common width above 1, non-blank records scored, that width)."""
    records = Tokenizer(io.StringIO(sample, newline=""), delimiter, caps, text_ends=not cut)
    rows = [fields for fields, _line, _cuts in islice(records, SAMPLE_ROWS + 1)]
    if cut and 0 < len(rows) <= SAMPLE_ROWS:
        rows.pop()
    rows = [fields for fields in rows[:SAMPLE_ROWS] if fields != [""]]
    widths = Counter(len(fields) for fields in rows)
    agreeing, width = max(((count, width) for width, count in widths.items() if width > 1), default=(0, 0))
    return agreeing, len(rows), width
