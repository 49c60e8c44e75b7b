"""Whether bytes given to a text reader (CSV, plain text) are text at all, judged on the first
:data:`SAMPLE_BYTES`.

A picture, an archive or random data named ``.csv`` or ``.txt`` would otherwise become a table or pages
of garbage and a ``converted`` outcome; and the plain-text reader, the fallback for text no reader
claims, must not claim it at all. Two signs, either enough:

- the bytes begin as a binary format does (:data:`SIGNATURES`: no delimited text starts so);
- decoded as the reader will decode them (the encoding :mod:`zenconv.safe.text` chose), more than
  :data:`MAX_BAD_SHARE` of the sample's characters, and at least :data:`MIN_BAD` of them, are
  control characters other than tab, line feed, carriage return and form feed, or U+FFFD (bytes that
  are nothing in that encoding). Text has next to none; random bytes read as Windows-1252 give about
  13 % controls, read as UTF-8 with stray bytes far more U+FFFD.

UTF-16 text without a byte-order mark (its NULs all on even or all on odd offsets, the readers remove
them and report it) is judged by its other bytes. A few NULs or escapes in real text (a NUL-padded
field, colour codes in a log) stay under both bounds and are read as ever.
"""

from __future__ import annotations

from zenconv.safe.text import EncodingGuess

SAMPLE_BYTES = 8192
MAX_BAD_SHARE = 0.10
MIN_BAD = 16
SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"PK\x03\x04", "a zip archive"),
    (b"PK\x05\x06", "a zip archive"),
    (b"%PDF-", "a PDF"),
    (b"\x1f\x8b", "gzip data"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an OLE compound file (a legacy Office document)"),
    (b"\x7fELF", "an executable"),
)
_ALLOWED = frozenset("\t\n\r\f")
_BAD = frozenset(chr(c) for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in _ALLOWED) | {"\ufffd"}


def binary_reason(head: bytes, guess: EncodingGuess, min_bad: int = MIN_BAD) -> str | None:
    """Why ``head`` (the file's first bytes) is not text, or None when it may be. ``min_bad``: the
    fewest bad characters that can make it binary (a sniffer, which must not claim binary, says 1)."""
    sample = head[:SAMPLE_BYTES]
    for signature, what in SIGNATURES:
        if sample.startswith(signature):
            return f"the bytes begin as {what} does"
    body = sample[guess.bom_length:]
    if guess.bom_length == 0 and len(body) >= 4:
        evens, odds = body[0::2], body[1::2]
        if _nul_share(evens) >= 0.9 and _nul_share(odds) <= 0.1:
            body = odds
        elif _nul_share(odds) >= 0.9 and _nul_share(evens) <= 0.1:
            body = evens
    text = body.decode(guess.codec, "replace")
    if text and text[-1] == "\ufffd" and len(body) == SAMPLE_BYTES:
        text = text[:-1]  # a character the sample's end cut in two
    bad = sum(1 for char in text if char in _BAD)
    if bad >= min_bad and bad > MAX_BAD_SHARE * len(text):
        return f"{bad} of the first {len(text):,} characters are control characters or undecodable bytes"
    return None


def _nul_share(half: bytes) -> float:
    return half.count(0) / len(half)


def head_text(head: bytes) -> str | None:
    """The first bytes of a source decoded as the text readers would decode them (§3.1, judged on these
    bytes alone), or None when they are not text: for the content sniffers, which see only the head
    and must not claim binary data, so a short head is judged by its share of bad characters alone."""
    import io

    from zenconv.safe.text import sniff_encoding

    guess = sniff_encoding(io.BytesIO(head))
    if binary_reason(head, guess, min_bad=1) is not None:
        return None
    text = head[guess.bom_length:].decode(guess.codec, guess.errors if guess.errors != "strict" else "replace")
    return text.replace("\x00", "")
