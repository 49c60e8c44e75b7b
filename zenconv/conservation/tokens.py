"""Text as a multiset of tokens, the unit the conservation check counts.

A token is a run of letters and digits after NFKC and case folding; punctuation, spaces and ``_``
separate tokens and are not counted, so a quote mark the writer curls or a dash it escapes is no
loss. Format characters (soft hyphens, zero-width spaces and joiners, the BOM) are removed before
splitting: they join a word, they do not split it.

The converted Markdown is read back to text first (:func:`markdown_text`): backslash escapes and
character references decoded, emphasis and strike delimiters removed (``**bo**ld`` is ``bold``), and
raw HTML tags removed, an inline tag joining the words around it, any other tag separating them.

An equation is compared symbol by symbol: the source's math text (OMML ``m:t``) and the output's
``$...$`` and ``$$...$$`` spans are both split into single letters and digits, and in the output
a LaTeX command that names a Greek letter (``\\pi``) is that letter, any other command (``\\frac``)
markup. Then ``πr2`` in the source and ``\\pi r^{2}`` in the output are the same three tokens.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter
from ..patterns import pattern

_TOKEN = pattern(r"[^\W_]+")
_FORMAT_CHARS = pattern("[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]")
_INLINE_TAGS = frozenset(
    "a abbr b bdi bdo cite code del dfn em i ins kbd mark q s samp small span strong sub sup u var".split())
_MARKUP = pattern(
    r"(?P<fence>^(?P<mark>`{3,}|~{3,})[^\n]{0,200}\n(?P<code>(?s:.){0,1000000}?)^(?P=mark)[`~]*[ \t]*$)"
    r"|(?P<span>(?P<ticks>`+)(?P<spanned>(?s:.){1,20000}?)(?P=ticks))"  # code: taken as it stands
    r"|\\(?P<escaped>[!-/:-@\[-`{-~])"          # a backslash escape: the character itself
    r"|(?P<math>\$\$(?P<display>(?s:.){1,20000}?)\$\$|\$(?P<inline>[^$\n]{1,2000}?)\$)"
    r"|(?P<entity>&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)"
    r"|(?P<tag></?(?P<name>[A-Za-z][A-Za-z0-9-]{0,30})\b[^<>]{0,2000}>)"
    r"|(?P<joining>[*~`]+)"                    # emphasis, strike and code delimiters join their words
    r"|(?P<separating>_+)",                    # an underscore separates, as it does in the source
    re.MULTILINE,
)


def normalise(text: str) -> str:
    return _FORMAT_CHARS.sub("", unicodedata.normalize("NFKC", text)).casefold()


def canonical(token: str) -> str:
    """A right-to-left word as its letters in code point order: a PDF draws it in visual order, a
    reader puts it back in logical order, and a ligature (lam-alef) decomposes the same way in both,
    so only the letters can be compared, not their order."""
    return "".join(sorted(token)) if right_to_left(token) else token


def right_to_left(token: str) -> bool:
    """Whether the token holds a right-to-left letter (Hebrew, Arabic...)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in token)


def tokens(text: str) -> list[str]:
    """The tokens of ``text``, in order."""
    return [canonical(t) for t in _TOKEN.findall(normalise(text))]


def count(text: str) -> Counter:
    return Counter(tokens(text))


_COMMAND = pattern(r"\\([A-Za-z]+)")


def _symbol(match: re.Match) -> str:
    """A Greek letter's command as the letter; any other command as its letters (``\\cos`` is c o s: a
    function's name is text, and the letters of ``\\frac`` are only extra tokens, never a loss)."""
    name = match.group(1)
    for case in ("SMALL", "CAPITAL"):
        try:
            letter = unicodedata.lookup(f"GREEK {case} LETTER {name.upper()}")
        except KeyError:
            continue
        return letter if (case == "SMALL") == name[:1].islower() else letter.swapcase()
    return f" {name} "


def math_symbols(text: str) -> str:
    """An equation's letters and digits, each a token of its own."""
    return " ".join(normalise(_COMMAND.sub(_symbol, text)))


def _unmark(match: re.Match) -> str:
    if match.group("fence") is not None:
        return "\n" + match.group("code") + "\n"
    if match.group("span") is not None:
        return match.group("spanned")
    kind = match.lastgroup
    if kind in ("math", "display", "inline"):
        return " " + math_symbols(match.group("display") or match.group("inline") or "") + " "
    if kind == "escaped":
        return match.group("escaped")
    if kind == "entity":
        return html.unescape(match.group("entity"))
    if kind == "name" or kind == "tag":
        return "" if match.group("name").lower() in _INLINE_TAGS else " "
    if kind == "joining":
        return ""
    return " "


def markdown_text(markdown: str) -> str:
    """The converted Markdown as the text a reader sees, for counting tokens."""
    return _MARKUP.sub(_unmark, markdown)
