"""What each cell style (``s``) says about a number: plain, a date or time, or a display format, and the
compiled number format that shows it.

Only ``cellXfs`` and ``numFmts`` of ``styles.xml`` matter here: the number format decides whether a
number is a date and what it shows; fonts, fills and borders are presentation and are not read.
"""

from __future__ import annotations

from zenconv_plugins.number_formats import NumberFormat, builtin_code, compile_format

from .values import TEMPORAL_FORMAT_IDS, TEXT_FORMAT_ID, code_is_temporal

PLAIN = 0      # General: the number as it is
TEMPORAL = 1   # a date or time format: the serial becomes ISO text
FORMATTED = 2  # a display format (%, currency, decimals) that is not applied


def _local(tag) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def _format_kind(fmt_id: int, custom: dict[int, str]) -> int:
    code = custom.get(fmt_id)
    if code is not None:
        if code_is_temporal(code):
            return TEMPORAL
        return PLAIN if code.strip().lower() in ("general", "@") else FORMATTED
    if fmt_id in TEMPORAL_FORMAT_IDS:
        return TEMPORAL
    return PLAIN if fmt_id in (0, TEXT_FORMAT_ID) else FORMATTED


def style_kinds(root) -> list[int]:
    """The kind of every ``cellXfs/xf`` in order, from the parsed ``styles.xml`` root (or None)."""
    return [kind for kind, _ in style_formats(root)]


def style_formats(root) -> list[tuple[int, NumberFormat | None]]:
    """The kind and the compiled number format of every ``cellXfs/xf`` in order (None for General);
    a built-in id with no fixed code (the East Asian locale dates) compiles to a format not understood."""
    if root is None:
        return []
    custom = _custom_codes(root)
    found = []
    for xf in _children(root, "cellXfs", "xf"):
        fmt_id = _int(xf.get("numFmtId")) or 0
        found.append((_format_kind(fmt_id, custom), format_of(fmt_id, custom)))
    return found


def format_of(fmt_id: int, custom: dict[int, str]) -> NumberFormat | None:
    code = custom.get(fmt_id)
    if code is None:
        code = builtin_code(fmt_id)
        if code is None:
            return None if fmt_id not in TEMPORAL_FORMAT_IDS else NumberFormat(f"built-in {fmt_id}", False, False, True)
    if code.strip().lower() == "general":
        return None
    return compile_format(code)


def _custom_codes(root) -> dict[int, str]:
    custom: dict[int, str] = {}
    for fmt in _children(root, "numFmts", "numFmt"):
        fmt_id = _int(fmt.get("numFmtId"))
        if fmt_id is not None:
            custom[fmt_id] = fmt.get("formatCode") or ""
    return custom


def _children(root, parent: str, name: str):
    for child in root:
        if _local(child.tag) == parent:
            yield from (el for el in child if _local(el.tag) == name)


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None
