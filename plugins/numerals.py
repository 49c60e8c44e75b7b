"""List numbers in the formats documents name them by (Word's ``w:numFmt`` values; ODF's ``style:num-format``
maps onto them), the same in every reader: "iv", "bb", "1st", "Twenty-first".

Each format has a bound past which the number is written in digits (a hostile start value must not make a
label millions of characters long); a format not in :data:`FORMATS` is decimal, and the reader reports it.
"""

from __future__ import annotations

import re

from zenconv.plugins import OptionSpec

# A list level's label text is a short pattern (Word's "Article %1.", ODF's "(" and ".)"); a hostile one as
# long as the part must not be copied into every item's label: its first characters are, and it is reported.
MAX_LABEL_CHARS = 100
LABEL_CHARS = OptionSpec(
    "max-label-chars", "int", MAX_LABEL_CHARS, "Most characters of a list level's label text (Word's w:lvlText; "
    "ODF's num-prefix and num-suffix, each) copied into its items' labels; a longer one is cut and reported "
    "(<reader>.list-label-cut).", metavar="N")

_UNORDERED = frozenset(("bullet", "none"))


# DrawingML's a:buAutoNum schemes (ST_TextAutonumberScheme), the common ones: a number format, then how the
# number is set off. Word's letters past z (aa, bb) are PowerPoint's too.
_AUTONUM = r"(alphaLc|alphaUc|arabic|romanLc|romanUc)(ParenBoth|ParenR|Period|Plain)"
_AUTONUM_FORMATS = {"alphaLc": "lowerLetter", "alphaUc": "upperLetter", "arabic": "decimal",
                    "romanLc": "lowerRoman", "romanUc": "upperRoman"}
_AUTONUM_SETTINGS = {"ParenBoth": "({})", "ParenR": "{})", "Period": "{}.", "Plain": "{}"}
_AUTONUM_OTHERS = {
    "arabicDbPlain": ("decimalFullWidth", "{}"), "arabicDbPeriod": ("decimalFullWidth", "{}\uff0e"),
    "circleNumDbPlain": ("decimalEnclosedCircle", "{}"), "circleNumWdWhitePlain": ("decimalEnclosedCircle", "{}"),
}


def autonum_label(scheme: str, n: int) -> str | None:
    """Item ``n``'s label under an ``a:buAutoNum`` scheme (``alphaLcParenR`` 3 is ``c)``); None for a scheme
    this module cannot render (the reader writes the number in decimal and reports it)."""
    found = re.fullmatch(_AUTONUM, scheme)  # compiled on first use (re's cache): this module is read at start-up
    if found is not None:
        fmt, setting = _AUTONUM_FORMATS[found.group(1)], _AUTONUM_SETTINGS[found.group(2)]
    elif scheme in _AUTONUM_OTHERS:
        fmt, setting = _AUTONUM_OTHERS[scheme]
    else:
        return None
    return setting.format(format_number(n, fmt))


def format_number(n: int, fmt: str) -> str:
    """``n`` in a ``w:numFmt`` (ST_NumberFormat); a format not in FORMATS is decimal."""
    if fmt in ("lowerLetter", "upperLetter"):
        text = _letters(n)
        return text if fmt == "lowerLetter" else text.upper()
    if fmt in ("lowerRoman", "upperRoman"):
        text = _roman(n)
        return text if fmt == "upperRoman" else text.lower()
    if fmt == "decimalZero":
        return f"{n:02d}" if 0 <= n < 10 else str(n)
    if fmt == "ordinal":
        return _ordinal(n)
    if fmt in ("cardinalText", "ordinalText"):
        words = _words(n, ordinal=fmt == "ordinalText")
        return words[:1].upper() + words[1:] if words else str(n)
    if fmt == "decimalEnclosedParen":
        return f"({n})"
    if fmt == "decimalEnclosedFullstop":
        return f"{n}."
    if fmt == "decimalEnclosedCircle":
        return _circled(n)
    if fmt == "numberInDash":
        return f"- {n} -"
    if fmt in ("decimalFullWidth", "decimalFullWidth2"):
        return str(n).translate(_FULL_WIDTH)
    if fmt == "chicago":
        return _chicago(n)
    if fmt in _UNORDERED:
        return ""
    return str(n)


# The formats format_number renders; any other is written in decimal and reported by the reader.
FORMATS = frozenset((
    "decimal", "decimalZero", "lowerLetter", "upperLetter", "lowerRoman", "upperRoman", "ordinal", "cardinalText",
    "ordinalText", "decimalEnclosedParen", "decimalEnclosedFullstop", "decimalEnclosedCircle", "numberInDash",
    "decimalFullWidth", "decimalFullWidth2", "decimalHalfWidth", "chicago", "bullet", "none",
))
_FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_NTH = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth", "nine": "ninth",
        "twelve": "twelfth"}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _words(n: int, ordinal: bool) -> str:
    """English words for 0..999999 as Word writes them ("twenty-one", "one hundred five"); else empty."""
    if not 0 <= n < 1_000_000:
        return ""
    parts = []
    thousands, rest = divmod(n, 1000)
    if thousands:
        parts.append(_words(thousands, False) + " thousand")
    hundreds, rest = divmod(rest, 100)
    if hundreds:
        parts.append(_ONES[hundreds] + " hundred")
    if rest or not parts:
        parts.append(_ONES[rest] if rest < 20 else _TENS[rest // 10] + ("-" + _ONES[rest % 10] if rest % 10 else ""))
    text = " ".join(parts)
    if not ordinal:
        return text
    head, sep, last = text.rpartition("-") if "-" in text.rsplit(" ", 1)[-1] else text.rpartition(" ")
    if last in _NTH:
        last = _NTH[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return head + sep + last


def _circled(n: int) -> str:
    # Word draws 1..20 as the enclosed digits U+2460..U+2473 and larger numbers as plain digits
    return chr(0x2460 + n - 1) if 1 <= n <= 20 else str(n)


def _chicago(n: int) -> str:
    # the footnote symbols *, †, ‡, §, doubled, tripled... past four
    if not 0 < n <= 4 * 8:
        return str(n)
    return "*†‡§"[(n - 1) % 4] * ((n - 1) // 4 + 1)


def _letters(n: int) -> str:
    # Word repeats the letter past z: 27 is "aa", 28 "bb"; a hostile start value must not make a
    # label millions of letters long, so past 26 repetitions the number is written in digits
    if not 0 < n <= 26 * 26:
        return str(n)
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def _roman(n: int) -> str:
    if not 0 < n < 4000:
        return str(n)
    out = []
    for value, numeral in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                           (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(numeral)
            n -= value
    return "".join(out)
