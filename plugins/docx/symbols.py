"""w:sym: a glyph picked from a font by code, mapped to Unicode where the font is a known symbol font.

Word stores symbol-font glyphs as private-use codes (U+F0xx) whose meaning depends on the font: the
Symbol font's 0x61 is α, Wingdings' 0xFC is ✓. A code outside the private-use block is already
Unicode and kept as it is.
"""

from __future__ import annotations

_SYMBOL_LETTERS = dict(zip(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖαβχδεφγηιϕκλμνοπθρστυϖωξψζ", strict=True,
))
_SYMBOL = {
    **{ord(k): v for k, v in _SYMBOL_LETTERS.items()},
    0x22: "∀", 0x24: "∃", 0x27: "∋", 0x2D: "−", 0x40: "≅", 0x5E: "⊥", 0xA3: "≤", 0xA5: "∞", 0xAB: "↔",
    0xAC: "←", 0xAD: "↑", 0xAE: "→", 0xAF: "↓", 0xB0: "°", 0xB1: "±", 0xB2: "″", 0xB3: "≥", 0xB4: "×",
    0xB5: "∝", 0xB6: "∂", 0xB7: "•", 0xB8: "÷", 0xB9: "≠", 0xBA: "≡", 0xBB: "≈", 0xBC: "…", 0xC4: "⊗",
    0xC5: "⊕", 0xC6: "∅", 0xC7: "∩", 0xC8: "∪", 0xCC: "⊂", 0xCD: "⊆", 0xCE: "∈", 0xCF: "∉", 0xD1: "∇",
    0xD6: "√", 0xD7: "⋅", 0xD9: "∧", 0xDA: "∨", 0xDB: "⇔", 0xDE: "⇒", 0xE5: "∑", 0xF2: "∫", 0xA2: "′",
}
_WINGDINGS = {
    0x6C: "●", 0x6E: "■", 0x6F: "□", 0x71: "❑", 0x75: "◆", 0x76: "❖", 0x9F: "•", 0xA7: "▪", 0xA8: "☐",
    0xD8: "➢", 0xE0: "→", 0xE8: "➔", 0xF0: "⇨", 0xFB: "✗", 0xFC: "✓", 0xFD: "☒", 0xFE: "☑",
}
_FONTS = {"symbol": _SYMBOL, "wingdings": _WINGDINGS}


def symbol_text(font: str | None, char: str | None) -> tuple[str, bool]:
    """(text, known): the glyph's Unicode text and whether the mapping is known rather than guessed."""
    try:
        code = int(char or "", 16)
    except ValueError:
        return "", False
    if not 0xF000 <= code <= 0xF0FF and 0x20 <= code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
        return chr(code), True
    table = _FONTS.get((font or "").strip().lower())
    mapped = table.get(code & 0xFF) if table is not None else None
    if mapped is not None:
        return mapped, True
    return "", False
