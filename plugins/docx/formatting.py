"""Run formatting as bits: what a w:rPr sets and what it clears.

A run's formatting is a small int so the hot path compares and combines it without objects. Word's
toggle properties (bold, italic, ...) are on when present without a value or with a true one, and
off with ``w:val`` of 0/false/off/none; a run's own properties override its character style's.
"""

from __future__ import annotations

from .namespaces import W

STRONG = 1
EMPHASIS = 2
STRIKE = 4
SUPER = 8
SUB = 16
SMALLCAPS = 32
UNDERLINE = 64
CODE = 128     # a monospace font: carried as the code role
HIDDEN = 256   # w:vanish

# The canonical nesting order, outermost first (ZDS 0003: strong, emphasis, strikethrough,
# superscript, subscript, small caps, underline). CODE and HIDDEN are handled apart.
WRAPPER_BITS = (STRONG, EMPHASIS, STRIKE, SUPER, SUB, SMALLCAPS, UNDERLINE)

_OFF = frozenset(("0", "false", "off", "none"))
_VAL = W + "val"
_TOGGLES = {
    W + "b": STRONG,
    W + "i": EMPHASIS,
    W + "strike": STRIKE,
    W + "dstrike": STRIKE,
    W + "smallCaps": SMALLCAPS,
    W + "vanish": HIDDEN,
}
_U = W + "u"
_VERT = W + "vertAlign"
_FONTS, _ASCII, _HANSI = W + "rFonts", W + "ascii", W + "hAnsi"
_STYLE = W + "rStyle"
_CHANGE = W + "rPrChange"

_MONO_WORDS = ("mono", "courier", "consolas", "menlo", "monaco", "lucida console", "lucida sans typewriter",
               "inconsolata", "fixedsys", "terminal", "source code", "fira code", "cascadia code", "ocr a")


# family -> whether it is monospace: a document names a few fonts on thousands of runs. Bounded, as a hostile
# document may name a million.
_MONO_FAMILIES: dict[str, bool] = {}
_MONO_FAMILIES_KEPT = 512


def is_monospace(family: str | None) -> bool:
    if not family:
        return False
    found = _MONO_FAMILIES.get(family)
    if found is None:
        lowered = family.lower()
        found = any(word in lowered for word in _MONO_WORDS)
        if len(_MONO_FAMILIES) < _MONO_FAMILIES_KEPT:
            _MONO_FAMILIES[family] = found
    return found


def rpr_masks(rpr) -> tuple[int, int, str | None, bool]:
    """(bits set, bits cleared, character style id, whether it records a change of formatting) of a
    w:rPr element (None gives nothing)."""
    on = off = 0
    style = None
    changed = False
    if rpr is None:
        return 0, 0, None, False
    for child in rpr:
        tag = child.tag
        bit = _TOGGLES.get(tag)
        if bit is not None:
            # Word writes a toggle switched on bare (<w:b/>): its value is asked for only when it has attributes,
            # as lxml's get parses its namespaced key every time (~3,000 instructions, listing none costs 800)
            if child.items() and (child.get(_VAL) or "true").lower() in _OFF:
                off |= bit
            else:
                on |= bit
        elif tag == _U:
            if (child.get(_VAL) or "single").lower() == "none":
                off |= UNDERLINE
            else:
                on |= UNDERLINE
        elif tag == _VERT:
            val = child.get(_VAL)
            if val == "superscript":
                on |= SUPER
                off |= SUB
            elif val == "subscript":
                on |= SUB
                off |= SUPER
            else:
                off |= SUPER | SUB
        elif tag == _FONTS:
            family = child.get(_ASCII) or child.get(_HANSI)
            if family is not None:
                if is_monospace(family):
                    on |= CODE
                else:
                    off |= CODE
        elif tag == _STYLE:
            style = child.get(_VAL)
        elif tag == _CHANGE:
            changed = True
    return on, off, style, changed
