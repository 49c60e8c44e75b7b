"""The ECMA-376 number-format language (Part 1, 18.8.31): the text a spreadsheet application shows for
a number under a format code, ``#,##0.00`` over 1599.99 showing ``1,599.99``.

Shared by the XLSX and XLS readers (both store a format code per cell style). No library on PyPI that
is kept up does this: openpyxl only tells a date code from another, and the ports of SheetJS's SSF are
unmaintained. What is implemented: up to four sections (positive; negative; zero; text) and the
``[>100]`` conditions that replace them; colours (ignored, the caller reports them); ``[$€-407]``
currency and locale tags (the symbol is kept, the locale is not applied); literal and escaped text,
``_x`` spacing and ``*x`` fills (a fill is dropped: there is no column width to fill); digit
placeholders ``0 # ?``, thousands separators and ``,`` scaling, ``%``, scientific ``E+``, fractions
``# ?/?`` and fixed denominators; text ``@``; ``General`` as Excel shows it in a standard column (at
most 11 characters, scientific past them); date and time codes with English month and day names
(the codes are locale-independent, their display is the en-US one), ``AM/PM``, fractional seconds
and the ``[h]`` ``[m]`` ``[s]`` elapsed codes, in the 1900 (with Lotus's phantom 29 February) and
1904 date systems.

A code that uses anything else (an era ``g``, a Buddhist year ``b``, a ``[DBNum]`` tag, a malformed
section) compiles to a format whose ``understood`` is False: the caller writes the canonical number
and reports it. Formatting never raises.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import field
from fractions import Fraction
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation

from zenconv.records import dataclass
from zenconv.patterns import pattern

# ECMA-376 18.8.30: the built-in formats every application knows by id. 5-8 and 41-44 are the
# en-US currency and accounting formats Excel writes for them; 27-36 and 50-58 are East Asian
# locale-dependent dates with no fixed code: they have none here (the caller reports them).
BUILTIN_FORMATS: dict[int, str] = {
    0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00",
    5: '"$"#,##0_);("$"#,##0)', 6: '"$"#,##0_);[Red]("$"#,##0)',
    7: '"$"#,##0.00_);("$"#,##0.00)', 8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
    9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
    14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM", 19: "h:mm:ss AM/PM",
    20: "h:mm", 21: "h:mm:ss", 22: "m/d/yy h:mm",
    37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)", 39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)",
    41: '_(* #,##0_);_(* \\(#,##0\\);_(* "-"_);_(@_)',
    42: '_("$"* #,##0_);_("$"* \\(#,##0\\);_("$"* "-"_);_(@_)',
    43: '_(* #,##0.00_);_(* \\(#,##0.00\\);_(* "-"??_);_(@_)',
    44: '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
    45: "mm:ss", 46: "[h]:mm:ss", 47: "mmss.0", 48: "##0.0E+0", 49: "@",
}

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
DAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
LAST_SERIAL = 2_958_466  # 9999-12-31 is serial 2 958 465, the last day Excel shows
MAX_CODE_CHARS = 255  # Excel's own limit on a format code: a longer one is not compiled
_COLOURS = frozenset(("black", "blue", "cyan", "green", "magenta", "red", "white", "yellow"))
_CONDITION = pattern(r"\[(<=|>=|<>|<|>|=)\s*(-?[0-9.]+(?:[eE][-+]?\d+)?)\]")
_SIG15 = Context(prec=15, rounding=ROUND_HALF_UP)
_WIDE = Context(prec=400, rounding=ROUND_HALF_UP)
_EPOCH_1900 = dt.date(1899, 12, 30)
_EPOCH_1904 = dt.date(1904, 1, 1)


class _NotUnderstood(Exception):
    pass


@dataclass(slots=True)
class _Section:
    kind: str = "literal"  # number, date, text, general, literal
    tokens: list = field(default_factory=list)  # (type, value) pairs
    condition: tuple[str, float] | None = None
    colour: bool = False
    # number sections
    percent: int = 0
    scale: int = 0  # trailing commas: each divides by 1000
    grouped: bool = False
    # date sections
    ampm: bool = False
    elapsed: bool = False


@dataclass(slots=True, eq=False)
class NumberFormat:
    """A compiled format code; :meth:`number` and :meth:`text` give what the application shows."""

    code: str
    understood: bool = True
    colour: bool = False  # a section names a colour, which text cannot show
    temporal: bool = False  # its number sections show a date or a time (not elapsed time alone)
    sections: list[_Section] = field(default_factory=list)

    def number(self, value: float, date1904: bool = False) -> str | None:
        """The displayed text of ``value``, or None when the format cannot show it: a date or time
        section over a negative number or one past 9999-12-31 (Excel fills the cell with ``#``), or a
        number no section takes."""
        if not self.understood or not math.isfinite(value):
            return None
        chosen = self._section(value)
        if chosen is None:
            return None
        section, signed = chosen
        shown = value if signed else abs(value)
        try:
            if section.kind == "general" or section.kind == "text":
                body = general(abs(shown))
                text = _literal_around(section, body)
            elif section.kind == "number":
                text = _number(section, abs(shown))
            elif section.kind == "date":
                text = _date(section, shown, date1904)
                if text is None:
                    return None
            else:
                text = "".join(v for t, v in section.tokens if t == "lit")
        except (_NotUnderstood, InvalidOperation, OverflowError, ValueError):
            return None
        if signed and value < 0 and section.kind in ("number", "general", "text") and _nonzero(text):
            text = "-" + text
        return text

    def text(self, value: str) -> str:
        """A string under the format: its text section (the fourth, or a lone ``@`` section) puts it
        among its literals; any other code shows the string as it is."""
        section = self._text_section()
        if section is None:
            return value
        return "".join(value if t == "@" else v for t, v in section.tokens if t in ("lit", "@"))

    def _text_section(self) -> _Section | None:
        if len(self.sections) >= 4:
            return self.sections[3]
        if len(self.sections) == 1 and self.sections[0].kind == "text":
            return self.sections[0]
        return None

    def _section(self, value: float) -> tuple[_Section, bool] | None:
        """The section that shows ``value`` and whether it shows the sign itself (False: the section
        is the negative one and shows the magnitude; its literals say it is negative)."""
        numeric = [s for s in self.sections[:3] if s.kind != "text" or len(self.sections) == 1]
        if not numeric:
            return None
        if any(s.condition for s in numeric):
            for i, s in enumerate(numeric):
                if s.condition is None:
                    # the section after the conditions takes the rest, signed
                    return s, True
                if _holds(s.condition, value):
                    # a condition that only negatives meet makes its section a negative one
                    op, bound = s.condition
                    negative_only = (op in ("<", "<=") and bound <= 0) or (op == "=" and bound < 0)
                    return s, not negative_only
            return None
        if len(numeric) == 1:
            return numeric[0], True
        if value < 0:
            return numeric[1], False
        if value == 0 and len(numeric) >= 3:
            return numeric[2], True
        return numeric[0], True


def _holds(condition: tuple[str, float], value: float) -> bool:
    op, bound = condition
    return {"<": value < bound, "<=": value <= bound, ">": value > bound, ">=": value >= bound,
            "=": value == bound, "<>": value != bound}[op]


def _nonzero(text: str) -> bool:
    return any(ch in "123456789" for ch in text)


_CACHE: dict[str, NumberFormat] = {}
_CACHE_SIZE = 4096  # distinct codes kept compiled; a workbook rarely has more than a few hundred


def compile_format(code: str) -> NumberFormat:
    """The compiled format of a code, cached: a workbook's cells share a few styles."""
    found = _CACHE.get(code)
    if found is None:
        found = _compile(code)
        if len(_CACHE) < _CACHE_SIZE:
            _CACHE[code] = found
    return found


def builtin_code(fmt_id: int) -> str | None:
    return BUILTIN_FORMATS.get(fmt_id)


def _compile(code: str) -> NumberFormat:
    fmt = NumberFormat(code)
    if len(code) > MAX_CODE_CHARS:
        fmt.understood = False
        return fmt
    try:
        parts = _split_sections(code)
        if len(parts) > 4:
            raise _NotUnderstood(code)
        fmt.sections = [_parse_section(p) for p in parts]
    except _NotUnderstood:
        fmt.understood = False
        fmt.sections = []
        return fmt
    fmt.colour = any(s.colour for s in fmt.sections)
    numeric = fmt.sections[:3]
    fmt.temporal = any(s.kind == "date" and not s.elapsed for s in numeric)
    return fmt


def _split_sections(code: str) -> list[str]:
    parts, start, i, n = [], 0, 0, len(code)
    while i < n:
        ch = code[i]
        if ch == '"':
            end = code.find('"', i + 1)
            if end < 0:
                raise _NotUnderstood(code)
            i = end + 1
            continue
        if ch in "\\_*":
            i += 2
            continue
        if ch == "[":
            end = code.find("]", i + 1)
            if end < 0:
                raise _NotUnderstood(code)
            i = end + 1
            continue
        if ch == ";":
            parts.append(code[start:i])
            start = i + 1
        i += 1
    parts.append(code[start:])
    return parts


_DATE_CHARS = frozenset("yYmMdDhHsSeE")
_LITERAL_CHARS = frozenset("$-+/():!^&'~{}<>= ")


def _parse_section(text: str) -> _Section:
    section = _Section()
    tokens: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            end = text.index('"', i + 1)
            tokens.append(("lit", text[i + 1:end]))
            i = end + 1
        elif ch == "\\":
            tokens.append(("lit", text[i + 1:i + 2]))
            i += 2
        elif ch == "_":
            tokens.append(("lit", " "))  # a space as wide as the next character
            i += 2
        elif ch == "*":
            i += 2  # a fill repeats its character across the column: no width here
        elif ch == "[":
            end = text.index("]", i + 1)
            _bracket(section, tokens, text[i:end + 1])
            i = end + 1
        elif text[i:i + 7].lower() == "general":
            tokens.append(("general", ""))
            i += 7
        elif ch in "0#?":
            tokens.append(("digit", ch))
            i += 1
        elif ch == ".":
            tokens.append(("point", "."))
            i += 1
        elif ch == ",":
            tokens.append(("comma", ","))
            i += 1
        elif ch == "%":
            tokens.append(("percent", "%"))
            i += 1
        elif ch in "eE" and i + 1 < n and text[i + 1] in "+-":
            tokens.append(("exp", text[i + 1]))
            i += 2
        elif ch == "@":
            tokens.append(("@", "@"))
            i += 1
        elif text[i:i + 5].upper() == "AM/PM":
            tokens.append(("ampm", text[i:i + 5]))
            section.ampm = True
            i += 5
        elif text[i:i + 3].upper() == "A/P":
            tokens.append(("ampm", text[i:i + 3]))
            section.ampm = True
            i += 3
        elif ch in _DATE_CHARS:
            j = i
            while j < n and text[j].lower() == ch.lower():
                j += 1
            tokens.append(("date", text[i:j].lower()))
            i = j
        elif ch in "gGbB":
            raise _NotUnderstood(text)  # eras and the Buddhist calendar
        elif ch in _LITERAL_CHARS or ch.isalpha() or ord(ch) > 127:
            tokens.append(("lit", ch))
            i += 1
        else:
            tokens.append(("lit", ch))
            i += 1
    section.tokens = tokens
    kinds = {t for t, _ in tokens}
    if "date" in kinds or "elapsed" in kinds:
        if kinds & {"digit", "exp", "percent", "@", "general"} - {"digit"} or \
                any(t == "digit" and v != "0" for t, v in tokens):
            raise _NotUnderstood(text)
        section.kind = "date"
        _fix_date(section)
    elif "general" in kinds:
        section.kind = "general"
    elif "digit" in kinds:
        section.kind = "number"
        _fix_number(section)
    elif "@" in kinds:
        section.kind = "text"
    elif not tokens and (section.colour or section.condition):
        section.kind = "general"  # [Red][<=100]: a colour or a condition alone shows the number
        tokens.append(("general", ""))
    return section


def _bracket(section: _Section, tokens: list, text: str) -> None:
    inner = text[1:-1]
    lower = inner.lower()
    if lower in _COLOURS or re.fullmatch(r"color\s*\d{1,2}", lower):
        section.colour = True
    elif _CONDITION.fullmatch(text):
        op, bound = _CONDITION.fullmatch(text).groups()
        section.condition = (op, float(bound))
    elif inner.startswith("$"):
        symbol = inner[1:].partition("-")[0]
        if symbol:
            tokens.append(("lit", symbol))
    elif re.fullmatch(r"h+|m+|s+", lower):
        tokens.append(("elapsed", lower))
        section.elapsed = True
    else:
        raise _NotUnderstood(text)  # [DBNum1], [natnum], a calendar tag


# --- numbers -------------------------------------------------------------------------------------

def general(value: float) -> str:
    """A non-negative number as Excel's General shows it in a standard column: at most 11
    characters, 10 significant digits, scientific under 1E-04 or from 1E+11 on."""
    if value == 0:
        return "0"
    shortest = repr(value)
    whole, dot, fraction = shortest.partition(".")
    if dot and "e" not in fraction and whole != "inf":
        # The common number needs no rounding: its shortest form already fits the digits General shows
        # (10 significant, 9 decimals at most), so it is that form, trailing zeros dropped.
        if whole != "0":
            fits = len(whole) <= 11 and len(fraction) <= max(0, 9 - (len(whole) - 1))
        else:
            zeros = len(fraction) - len(fraction.lstrip("0"))
            fits = zeros < 4 and len(fraction) <= 9
        if fits:
            fraction = fraction.rstrip("0")
            return f"{whole}.{fraction}" if fraction else whole
    d = _SIG15.create_decimal(shortest)
    exponent = d.adjusted()
    if -5 < exponent < 11:
        decimals = max(0, 9 - max(exponent, 0)) if exponent >= 0 else 9
        q = d.quantize(Decimal(1).scaleb(-decimals), context=_WIDE)
        if q.adjusted() > exponent and q.adjusted() >= 11:
            return _scientific_general(q)
        text = f"{q:f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return text
    return _scientific_general(d)


def _scientific_general(d: Decimal) -> str:
    exponent = d.adjusted()
    mantissa = d.scaleb(-exponent).quantize(Decimal("0.00001"), context=_WIDE)
    if mantissa >= 10:
        exponent += 1
        mantissa = d.scaleb(-exponent).quantize(Decimal("0.00001"), context=_WIDE)
    text = f"{mantissa:f}".rstrip("0").rstrip(".")
    return f"{text}E{'-' if exponent < 0 else '+'}{abs(exponent):02d}"


def _literal_around(section: _Section, body: str) -> str:
    out = []
    for t, v in section.tokens:
        if t in ("general", "@"):
            out.append(body)
        elif t == "lit":
            out.append(v)
    return "".join(out)


def _fix_number(section: _Section) -> None:
    """Tell thousands separators from scaling commas, and count the percent signs."""
    tokens = section.tokens
    digit_at = [i for i, (t, _) in enumerate(tokens) if t == "digit"]
    point = next((i for i, (t, _) in enumerate(tokens) if t == "point"), None)
    exp = next((i for i, (t, _) in enumerate(tokens) if t == "exp"), None)
    int_end = min(x for x in (point, exp, len(tokens)) if x is not None)
    last_int_digit = max((i for i in digit_at if i < int_end), default=-1)
    last_digit = digit_at[-1]
    kept = []
    for i, (t, v) in enumerate(tokens):
        if t == "comma":
            if digit_at[0] < i < last_int_digit:
                section.grouped = True
                continue
            if i > last_digit or (i > last_int_digit and (point is None or i < point) and i < (exp or len(tokens))):
                section.scale += 1
                continue
            kept.append(("lit", ","))
            continue
        if t == "percent":
            section.percent += 1
            kept.append(("lit", "%"))
            continue
        kept.append((t, v))
    section.tokens = kept


def _scaled(section: _Section, value: float) -> Decimal:
    d = _SIG15.create_decimal(repr(value))
    if section.percent:
        d = d.scaleb(2 * section.percent)
    if section.scale:
        d = d.scaleb(-3 * section.scale)
    return d


def _number(section: _Section, value: float) -> str:
    tokens = section.tokens
    if any(t == "lit" and v == "/" for t, v in tokens) and _fraction_shape(tokens):
        return _fraction(section, value)
    exp = next((i for i, (t, _) in enumerate(tokens) if t == "exp"), None)
    if exp is not None:
        return _scientific(section, value, exp)
    point = next((i for i, (t, _) in enumerate(tokens) if t == "point"), None)
    int_tokens = tokens if point is None else tokens[:point]
    dec_tokens = [] if point is None else tokens[point + 1:]
    decimals = sum(1 for t, _ in dec_tokens if t == "digit")
    d = _scaled(section, value).quantize(Decimal(1).scaleb(-decimals), context=_WIDE)
    whole, _, frac = f"{d:f}".partition(".")
    whole = whole.lstrip("0")
    out = _integer_part(int_tokens, whole, section.grouped)
    if point is not None:
        out += "." + _decimal_part(dec_tokens, frac.ljust(decimals, "0"))
    return out


def _integer_part(tokens: list, digits: str, grouped: bool) -> str:
    places = [v for t, v in tokens if t == "digit"]
    if not places:
        prefix = "".join(v for t, v in tokens if t == "lit")
        return prefix + digits
    if grouped:
        first = next(i for i, (t, _) in enumerate(tokens) if t == "digit")
        last = max(i for i, (t, _) in enumerate(tokens) if t == "digit")
        prefix = "".join(v for t, v in tokens[:first] if t == "lit")
        suffix = "".join(v for t, v in tokens[last + 1:] if t == "lit")
        zeros = len(places) - next((i for i, p in enumerate(places) if p == "0"), len(places))
        spaces = len(places) - next((i for i, p in enumerate(places) if p == "?"), len(places))
        body = digits.rjust(zeros, "0")
        body = f"{int(body):,}" if body else ""
        if len(body) < spaces:
            body = body.rjust(spaces)
        return prefix + body + suffix
    out: list[str] = []
    remaining = digits
    first_digit = next(i for i, (t, _) in enumerate(tokens) if t == "digit")
    for i in range(len(tokens) - 1, -1, -1):
        t, v = tokens[i]
        if t != "digit":
            out.append(v if t == "lit" else "")
            continue
        if i == first_digit:
            out.append(remaining or ("0" if v == "0" else " " if v == "?" else ""))
            remaining = ""
        elif remaining:
            out.append(remaining[-1])
            remaining = remaining[:-1]
        else:
            out.append("0" if v == "0" else " " if v == "?" else "")
    return "".join(reversed(out))


def _decimal_part(tokens: list, digits: str) -> str:
    places = [v for t, v in tokens if t == "digit"]
    shown = list(digits[:len(places)])
    for k in range(len(places) - 1, -1, -1):
        if shown[k] != "0" or places[k] == "0":
            break
        shown[k] = " " if places[k] == "?" else ""
    out, k = [], 0
    for t, v in tokens:
        if t == "digit":
            out.append(shown[k])
            k += 1
        elif t == "lit":
            out.append(v)
    return "".join(out)


def _scientific(section: _Section, value: float, exp: int) -> str:
    tokens = section.tokens
    mantissa_tokens, exp_tokens = tokens[:exp], tokens[exp + 1:]
    point = next((i for i, (t, _) in enumerate(mantissa_tokens) if t == "point"), None)
    int_tokens = mantissa_tokens if point is None else mantissa_tokens[:point]
    dec_tokens = [] if point is None else mantissa_tokens[point + 1:]
    int_places = max(1, sum(1 for t, _ in int_tokens if t == "digit"))
    decimals = sum(1 for t, _ in dec_tokens if t == "digit")
    d = _scaled(section, value)
    exponent = 0
    if d != 0:
        exponent = d.adjusted()
        if int_places > 1:  # engineering: the exponent a multiple of the integer places
            exponent = (exponent // int_places) * int_places
        m = d.scaleb(-exponent).quantize(Decimal(1).scaleb(-decimals), context=_WIDE)
        if m.adjusted() - 0 >= int_places:  # rounding carried into a new digit
            exponent += int_places if int_places > 1 else 1
            m = d.scaleb(-exponent).quantize(Decimal(1).scaleb(-decimals), context=_WIDE)
    else:
        m = Decimal(0).quantize(Decimal(1).scaleb(-decimals))
    whole, _, frac = f"{m:f}".partition(".")
    out = _integer_part(int_tokens, whole.lstrip("0"), False)
    if point is not None:
        out += "." + _decimal_part(dec_tokens, frac.ljust(decimals, "0"))
    sign = tokens[exp][1]
    exp_places = [v for t, v in exp_tokens if t == "digit"]
    exp_digits = str(abs(exponent)).rjust(sum(1 for p in exp_places if p == "0"), "0")
    out += "E" + ("-" if exponent < 0 else "+" if sign == "+" else "") + exp_digits
    out += "".join(v for t, v in exp_tokens if t == "lit")
    return out


def _fraction_shape(tokens: list) -> bool:
    slash = next(i for i, (t, v) in enumerate(tokens) if t == "lit" and v == "/")
    before = any(t == "digit" for t, _ in tokens[:slash])
    after = any(t == "digit" or (t == "lit" and v.isdigit()) for t, v in tokens[slash + 1:])
    return before and after


def _fraction(section: _Section, value: float) -> str:
    tokens = section.tokens
    slash = next(i for i, (t, v) in enumerate(tokens) if t == "lit" and v == "/")
    # the numerator: the digit placeholders right before the slash
    j = slash - 1
    while j >= 0 and tokens[j][0] == "digit":
        j -= 1
    num_places = [v for _, v in tokens[j + 1:slash]]
    head = tokens[:j + 1]
    den_tokens = tokens[slash + 1:]
    den_places = [v for t, v in den_tokens if t == "digit"]
    den_fixed = ""
    if any(t == "lit" and v.isdigit() for t, v in den_tokens):  # a fixed denominator: /8, /100
        den_fixed = "".join(v for t, v in den_tokens if t == "digit" or v.isdigit())
        den_places = []
    tail = "".join(v for t, v in den_tokens if t == "lit" and not v.isdigit())
    head_digits = [i for i, (t, _) in enumerate(head) if t == "digit"]
    x = float(_scaled(section, value))
    if head_digits:
        whole = int(x)
        rest = x - whole
    else:
        whole, rest = 0, x
    if den_fixed and not den_places:
        den = int(den_fixed)
        if den == 0:
            raise _NotUnderstood("a zero denominator")
        num = int(Decimal(repr(rest * den)).quantize(Decimal(1), context=_WIDE))
    else:
        limited = Fraction(repr(rest)).limit_denominator(10 ** max(len(den_places), 1) - 1)
        num, den = limited.numerator, limited.denominator
    if head_digits and num and num == den:
        whole, num = whole + 1, 0
    num_width, den_width = len(num_places), len(den_places) or len(den_fixed)
    den_text = str(den).ljust(den_width) if "?" in den_places else str(den)
    if "0" in num_places:
        num_text = str(num).rjust(num_width, "0")
    elif "?" in num_places:
        num_text = str(num).rjust(num_width)
    else:
        num_text = str(num)
    if not head_digits:
        prefix = "".join(v for t, v in head if t == "lit")
        return f"{prefix}{num_text}/{den_text}{tail}"
    first, last = head_digits[0], head_digits[-1]
    prefix = "".join(v for t, v in head[:first] if t == "lit")
    gap = "".join(v for t, v in head[last + 1:] if t == "lit")
    int_text = _integer_part(head[first:last + 1], str(whole) if whole else "", False)
    if num == 0:
        if not whole:
            return prefix + "0" + tail
        # no fraction to show: its places are blank under ``?``, gone under ``#``
        blank = " " * (len(gap) + num_width + 1 + den_width) if "?" in num_places else ""
        return prefix + int_text + blank + tail
    return prefix + int_text + gap + num_text + "/" + den_text + tail


# --- dates and times ------------------------------------------------------------------------------

def _fix_date(section: _Section) -> None:
    """Tell minutes from months: ``m`` right after an hour or right before a second is minutes."""
    tokens = section.tokens
    codes = [i for i, (t, _) in enumerate(tokens) if t in ("date", "elapsed")]
    for k, i in enumerate(codes):
        t, v = tokens[i]
        if t != "date" or v[0] != "m" or len(v) > 2:
            continue
        prev = tokens[codes[k - 1]][1] if k > 0 else ""
        nxt = tokens[codes[k + 1]][1] if k + 1 < len(codes) else ""
        if prev[:1] == "h" or nxt[:1] == "s":
            tokens[i] = ("minute", v)
    # fractional seconds: a point then zeros right after seconds
    fixed, i = [], 0
    while i < len(tokens):
        t, v = tokens[i]
        if t == "point" and fixed and fixed[-1][0] in ("date", "elapsed") and fixed[-1][1].startswith("s"):
            j = i + 1
            while j < len(tokens) and tokens[j] == ("digit", "0"):
                j += 1
            fixed.append(("subsec", str(j - i - 1)))
            i = j
            continue
        if t == "point":
            fixed.append(("lit", "."))
        elif t == "digit" or t == "comma":
            fixed.append(("lit", v))
        else:
            fixed.append((t, v))
        i += 1
    section.tokens = fixed


def _date(section: _Section, serial: float, date1904: bool) -> str | None:
    if serial < 0 or serial >= LAST_SERIAL:
        return None
    subsec = max((int(v) for t, v in section.tokens if t == "subsec"), default=0)
    # the time shown is rounded to the precision the code shows, carrying into the day
    unit = 10 ** subsec
    ticks = int(Decimal(repr(serial * 86400 * unit)).quantize(Decimal(1), context=_WIDE))
    days, ticks_of_day = divmod(ticks, 86400 * unit)
    seconds_of_day, fraction = divmod(ticks_of_day, unit)
    hour, rest = divmod(seconds_of_day, 3600)
    minute, second = divmod(rest, 60)
    total_seconds = ticks // unit
    year, month, day, weekday = _calendar(days, date1904)
    out = []
    for t, v in section.tokens:
        if t == "lit":
            out.append(v)
        elif t == "date":
            c = v[0]
            if c in "ye":
                out.append(f"{year % 100:02d}" if len(v) <= 2 and c == "y" else str(year))
            elif c == "m":
                out.append(str(month) if len(v) == 1 else f"{month:02d}" if len(v) == 2 else
                           MONTHS[month - 1][:3] if len(v) == 3 else MONTHS[month - 1] if len(v) == 4 else
                           MONTHS[month - 1][0])
            elif c == "d":
                out.append(str(day) if len(v) == 1 else f"{day:02d}" if len(v) == 2 else
                           DAYS[weekday][:3] if len(v) == 3 else DAYS[weekday])
            elif c == "h":
                h = hour
                if section.ampm:
                    h = h % 12 or 12
                out.append(str(h) if len(v) == 1 else f"{h:02d}")
            elif c == "s":
                out.append(str(second) if len(v) == 1 else f"{second:02d}")
        elif t == "minute":
            out.append(str(minute) if len(v) == 1 else f"{minute:02d}")
        elif t == "subsec":
            if int(v):
                out.append("." + str(fraction).rjust(int(v), "0"))
        elif t == "elapsed":
            c, width = v[0], len(v)
            amount = {"h": total_seconds // 3600, "m": total_seconds // 60, "s": total_seconds}[c]
            out.append(str(amount).rjust(width, "0"))
        elif t == "ampm":
            pm = hour >= 12
            if len(v) == 5:
                out.append("PM" if pm else "AM")
            else:
                letter = v[2] if pm else v[0]
                out.append(letter)
    return "".join(out)


def _calendar(days: int, date1904: bool) -> tuple[int, int, int, int]:
    """Year, month, day and weekday (0 Sunday) of a serial's day number, as Excel shows it: in the
    1900 system day 0 is "1900-01-00", day 60 Lotus's 29 February 1900, and the days before it fall
    one weekday early."""
    if date1904:
        date = _EPOCH_1904 + dt.timedelta(days=days)
        return date.year, date.month, date.day, (date.weekday() + 1) % 7
    if days == 0:
        return 1900, 1, 0, 6
    if days == 60:
        return 1900, 2, 29, 3
    date = _EPOCH_1900 + dt.timedelta(days=days + (1 if days < 60 else 0))
    weekday = (date.weekday() + 1) % 7
    if days < 60:
        weekday = (weekday + 6) % 7
    return date.year, date.month, date.day, weekday
