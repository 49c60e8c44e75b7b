"""Cell values as text: numbers typed, dates decided by the number format, ISO text for dates.

Shared with the ODS reader. Display formats are never applied: a percentage is ``0.125`` and a
currency cell ``15950``; only whether a number is a date or time comes from its format. Numbers
are written in one canonical, locale-free form (``13955.625``, ``15950``): as text a locale guess
could read ``13.955,625`` as thirteen thousand or thirteen million.
"""

from __future__ import annotations

import datetime as dt

from openpyxl.styles.numbers import is_date_format, is_timedelta_format
from openpyxl.utils.datetime import MAC_EPOCH, WINDOWS_EPOCH, from_excel

from zenconv_plugins.number_formats import general
from zenconv.patterns import pattern

# Built-in number format ids that are dates or times (ECMA-376 18.8.30 and the East Asian ids that
# openpyxl's BUILTIN_FORMATS leaves out). Id 46 is ``[h]:mm:ss``, elapsed time: a number, like any
# ``[h]`` custom code.
DATE_FORMAT_IDS = frozenset((*range(14, 18), 22, *range(27, 32), 34, 35, 36, *range(50, 55), 57, 58))
TIME_FORMAT_IDS = frozenset((*range(18, 22), 32, 33, 45, 47, 55, 56))
TEMPORAL_FORMAT_IDS = DATE_FORMAT_IDS | TIME_FORMAT_IDS
TEXT_FORMAT_ID = 49

# Serial 2 958 465 is 9999-12-31, the last day Excel can show.
_LAST_SERIAL = 2_958_466
_INT_LIMIT = 1e15  # integral values up to here print as integers; past it Excel shows an exponent


class ValueList(list):
    """A row's values whose cells show text other than their stored value: ``other`` maps a column to
    its (raw, shown) pair, so the grid can carry the one the row does not show."""

    __slots__ = ("other",)


def general_text(value: float) -> str:
    """A number as Excel's General format shows it (``0.333333333`` for 1/3, ``1.23457E+11``)."""
    text = general(abs(value))
    return "-" + text if value < 0 and text != "0" else text


def code_is_temporal(code: str) -> bool:
    """A custom number format code shows a date or a time (not elapsed ``[h]`` time).

    openpyxl reads the first section with quoted text, escapes and ``[…]`` brackets removed, and
    looks for ``d``, ``m``, ``y``, ``h`` or ``s``.
    """
    return is_date_format(code) and not is_timedelta_format(code)


def number_text(raw: str) -> str:
    """The canonical text of a stored number; raises ValueError when ``raw`` is not one."""
    if raw.isdigit() and (len(raw) == 1 or raw[0] != "0"):
        return raw
    value = float(raw)
    return float_text(value)


def float_text(value: float) -> str:
    if value.is_integer() and abs(value) < _INT_LIMIT:
        return str(int(value))
    return repr(value)


def serial_text(serial: float, date1904: bool) -> str | None:
    """A date-formatted serial as ISO text, or None when it is no date Excel can show.

    Under 1 it is a time of day in either system (``12:00:00``); otherwise a date at midnight
    (``2026-06-01``) or a date-time (``2026-06-01T09:30:00``). In the 1900 system serial 60 is
    Lotus 1-2-3's phantom 29 February 1900: it has no real date and reads as ``1900-02-29``, what
    Excel shows, with its time when it has one; openpyxl's ``from_excel`` undoes the phantom day
    for serials 1–59.
    """
    if not 0 <= serial < _LAST_SERIAL:
        return None
    if not date1904 and 60 <= serial < 61:
        rest = from_excel(serial - 60)
        if isinstance(rest, dt.datetime):  # the fraction rounded up to a whole day: 1900-03-01
            return "1900-03-01"
        return "1900-02-29" if rest == dt.time() else "1900-02-29T" + time_text(rest)
    value = from_excel(serial, MAC_EPOCH if date1904 else WINDOWS_EPOCH)
    return temporal_text(value)


def temporal_text(value: dt.datetime | dt.date | dt.time) -> str:
    if isinstance(value, dt.datetime):
        if value.time() == dt.time():
            return value.date().isoformat()
        return value.date().isoformat() + "T" + time_text(value.time())
    if isinstance(value, dt.date):
        return value.isoformat()
    return time_text(value)


def time_text(value: dt.time) -> str:
    return value.isoformat(timespec="milliseconds" if value.microsecond else "seconds")


def iso_text(raw: str) -> str:
    """An ISO 8601 date or date-time as the source states it, put in the canonical shape.

    ``2026-06-01T00:00:00`` becomes ``2026-06-01``; a value Python cannot read stays as it is.
    """
    text = raw.strip()
    try:
        if "T" not in text and ":" in text:
            return time_text(dt.time.fromisoformat(text))
        value = dt.datetime.fromisoformat(text.removesuffix("Z"))
    except ValueError:
        return raw
    if value.tzinfo is not None:
        return raw
    return temporal_text(value)


_DURATION = pattern(r"(-)?P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$")


def duration_text(raw: str) -> str:
    """An ISO 8601 duration (ODF ``office:time-value``, ``PT09H30M00S``) as ``09:30:00``.

    Hours run past 24 rather than wrapping (``PT36H`` is ``36:00:00``): a duration is elapsed time.
    """
    match = _DURATION.match(raw.strip())
    if not match or not any(match.groups()[1:]):
        return raw
    sign, days, hours, minutes, seconds = match.groups()
    total_hours = int(days or 0) * 24 + int(hours or 0)
    secs = float(seconds or 0)
    whole = int(secs)
    text = f"{total_hours:02d}:{int(minutes or 0):02d}:{whole:02d}"
    millis = round((secs - whole) * 1000)
    if millis:
        text += f".{millis:03d}"
    return ("-" if sign else "") + text
