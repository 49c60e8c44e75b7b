"""Link targets: HYPERLINK field instructions.

Targets are carried as the document states them, whatever their scheme: which become links is the
writers' URL policy (``zenconv/writers/urls.py``), the same for every reader.
"""

from __future__ import annotations


def field_target(instr: str) -> str | None:
    """The target of a ``HYPERLINK "url" \\l "anchor"`` field instruction, or None for any other field."""
    text = instr.strip()
    if not text[:9].upper().startswith("HYPERLINK"):
        return None
    import shlex   # at the first HYPERLINK field: most documents hold none

    try:
        words = shlex.split(text[9:].replace("\\", "\\\\"), posix=True)
    except ValueError:
        words = text[9:].split()
    url = ""
    anchor = ""
    i = 0
    while i < len(words):
        word = words[i].replace("\\\\", "\\")
        if word.lower() == "\\l" and i + 1 < len(words):
            anchor = words[i + 1]
            i += 2
            continue
        if word.startswith("\\"):
            # other switches (\o tooltip, \t target frame, \m, \n) take an argument or none
            i += 2 if word.lower() in ("\\o", "\\t") else 1
            continue
        if not url:
            url = word
        i += 1
    if anchor:
        url += "#" + anchor
    return url or None
