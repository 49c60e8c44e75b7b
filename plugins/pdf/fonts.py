"""What a font's name and descriptor say about its style: bold, italic, monospaced.

PDF has no "bold" attribute: the weight is in the font, so it is read from the PostScript name
(``TimesNewRomanPS-BoldItalicMT``, TeX's ``CMBX10``), the descriptor's flags, its weight and its
italic angle.
"""

from __future__ import annotations


from zenconv.records import dataclass
from zenconv.patterns import pattern

_SUBSET = pattern(r"^[A-Z]{6}\+")
_BOLD = pattern(r"bold|black|heavy|demi|semibold|extrabold|ultra|[-,_]bd\b|[-,](medi|med)(ital)?$|^(cm|lm|sf|ec)\w*bx|^cmb\d")
_ITALIC = pattern(r"italic|oblique|ital$|[-,]it$|[-,](bold)?it\b|slanted|^(cm|sf|ec)(ti|sl|bxti|bxsl)|^cmmi")
_MONO = pattern(r"mono|courier|consol|menlo|^cmtt|^sftt|typewriter|inconsolata|lucidaconsole|code")

FORCE_BOLD = 1 << 18
ITALIC_FLAG = 1 << 6
FIXED_PITCH = 1


@dataclass(slots=True, frozen=True)
class FontStyle:
    name: str
    bold: bool
    italic: bool
    mono: bool
    descent: float  # in text space units per unit of font size (negative below the baseline)


def font_name(font) -> str:
    raw = getattr(font, "fontname", "") or ""
    if isinstance(raw, bytes):
        raw = raw.decode("latin-1", "replace")
    name = getattr(raw, "name", raw)
    if isinstance(name, bytes):
        name = name.decode("latin-1", "replace")
    return _SUBSET.sub("", str(name))


def style_of(font) -> FontStyle:
    name = font_name(font)
    lower = name.lower()
    descriptor = getattr(font, "descriptor", None) or {}
    flags = getattr(font, "flags", 0) or 0
    try:
        weight = float(descriptor.get("FontWeight", 0) or 0)
    except (TypeError, ValueError):
        weight = 0.0
    try:
        angle = float(getattr(font, "italic_angle", 0) or 0)
    except (TypeError, ValueError):
        angle = 0.0
    bold = bool(_BOLD.search(lower)) or bool(flags & FORCE_BOLD) or weight >= 600
    italic = bool(_ITALIC.search(lower)) or bool(flags & ITALIC_FLAG) or abs(angle) >= 5
    mono = bool(_MONO.search(lower)) or bool(flags & FIXED_PITCH and "symbol" not in lower)
    try:
        descent = float(font.get_descent())
    except Exception:  # a broken descriptor must not lose the text: fall back to no descent
        descent = 0.0
    if not -1.0 <= descent <= 0.5:
        descent = -0.2
    return FontStyle(name, bold, italic, mono, descent)
