"""Text decoding: each branch of the order (BOM, declared, strict UTF-8, stray byte, Windows-1252)."""

from __future__ import annotations

import io
import tracemalloc

import pytest

from zenconv.safe import text
from zenconv.safe.text import EncodingGuess, UnknownEncoding, decode_text, open_text, sniff_encoding

ACCENTS = "Citroën, café, 1.000 €, – done"


@pytest.mark.parametrize(("data", "encoding", "bom"), [
    (b"\xef\xbb\xbf" + ACCENTS.encode(), "utf-8", 3),
    (b"\xff\xfe" + ACCENTS.encode("utf-16-le"), "utf-16le", 2),
    (b"\xfe\xff" + ACCENTS.encode("utf-16-be"), "utf-16be", 2),
])
def test_a_byte_order_mark_wins_and_is_dropped(data, encoding, bom):
    decoded, guess = decode_text(data)
    assert decoded == ACCENTS
    assert guess == EncodingGuess(encoding, bom)


def test_a_byte_order_mark_wins_over_the_declared_encoding():
    decoded, guess = decode_text(b"\xef\xbb\xbf" + ACCENTS.encode(), "windows-1252")
    assert (decoded, guess.encoding) == (ACCENTS, "utf-8")


def test_strict_utf8():
    decoded, guess = decode_text(ACCENTS.encode())
    assert decoded == ACCENTS
    assert guess == EncodingGuess("utf-8")


def test_windows_1252_with_the_euro_sign():
    decoded, guess = decode_text(ACCENTS.encode("cp1252"))
    assert decoded == ACCENTS
    assert guess == EncodingGuess("windows-1252")


def test_windows_1252_never_loses_a_byte():
    # 0x81, 0x8D, 0x8F, 0x90, 0x9D are undefined in Python's cp1252; WHATWG maps them to C1 controls.
    decoded, guess = decode_text(b"a\x81\x8d\x8f\x90\x9d\x80z")
    assert guess.encoding == "windows-1252"
    assert decoded == "a\x81\x8d\x8f\x90\x9d€z"


def test_utf8_with_a_stray_byte_stays_utf8():
    data = "Citroën ".encode() + b"\xe9t\xe9"  # two Latin-1 bytes in a UTF-8 file
    decoded, guess = decode_text(data)
    assert guess == EncodingGuess("utf-8", 0, True, len("Citroën ".encode()))
    assert decoded == "Citroën \ufffdt\ufffd"


def test_stray_bytes_alone_are_windows_1252():
    # Nothing beyond ASCII survives lenient UTF-8 (only U+FFFD): the file is not UTF-8.
    decoded, guess = decode_text(b"caf\xe9 \x80")
    assert (decoded, guess) == ("café €", EncodingGuess("windows-1252"))


def test_a_genuine_replacement_character_does_not_make_it_utf8():
    decoded, guess = decode_text("\ufffd".encode() + b" caf\xe9")
    assert guess.encoding == "windows-1252"


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 7])
def test_the_scan_is_chunked_and_sequences_may_straddle_chunks(monkeypatch, chunk):
    monkeypatch.setattr(text, "SCAN_CHUNK", chunk)
    assert decode_text(ACCENTS.encode())[1] == EncodingGuess("utf-8")
    assert decode_text(ACCENTS.encode("cp1252"))[1] == EncodingGuess("windows-1252")
    stray = "ë".encode() * 4 + b"\xff" + "€".encode()
    assert decode_text(stray)[1] == EncodingGuess("utf-8", 0, True, 8)
    # A sequence cut by the end of the file is a stray byte too.
    assert decode_text("ëë".encode() + b"\xc3")[1] == EncodingGuess("utf-8", 0, True, 4)


def test_a_declared_encoding_is_used_and_checked():
    assert decode_text("Łódź".encode("iso-8859-2"), "iso-8859-2")[0] == "Łódź"
    decoded, guess = decode_text(b"caf\xe9", "utf-8")
    assert (decoded, guess) == ("caf\ufffd", EncodingGuess("utf-8", 0, True, 3))


@pytest.mark.parametrize("label", ["latin1", "ISO-8859-1", "ascii", " us-ascii "])
def test_whatwg_labels_that_mean_windows_1252(label):
    assert decode_text(b"\x80", label) == ("€", EncodingGuess("windows-1252"))


@pytest.mark.parametrize("label", ["nope", "rot13", "base64"])
def test_an_unknown_or_non_text_encoding_is_refused(label):
    with pytest.raises(UnknownEncoding):
        decode_text(b"x", label)


def test_a_bom_marked_utf16_with_an_odd_byte_is_lenient():
    decoded, guess = decode_text(b"\xff\xfe" + "ab".encode("utf-16-le") + b"c")
    assert guess == EncodingGuess("utf-16le", 2, True, 6)
    assert decoded == "ab\ufffd"


def test_sniff_restores_the_position_and_open_text_skips_the_bom_and_keeps_line_ends():
    fh = io.BytesIO(b"\xef\xbb\xbfa\r\nb\rc\n")
    guess = sniff_encoding(fh)
    assert fh.tell() == 0
    stream = open_text(fh, guess)
    assert [stream.readline() for _ in range(4)] == ["a\r\n", "b\r", "c\n", ""]


def test_open_text_decodes_leniently_what_the_scan_found_bad():
    fh = io.BytesIO("é".encode() + b"\xff\r\n")
    stream = open_text(fh, sniff_encoding(fh))
    assert stream.read() == "é\ufffd\r\n"


def test_a_100_mb_file_is_scanned_in_bounded_memory(tmp_path):
    path = tmp_path / "big.txt"
    line = ("x" * 99 + "\n").encode()
    with open(path, "wb") as fh:
        block = line * 10_000
        for _ in range(100):
            fh.write(block)
        fh.write("€".encode("cp1252"))  # decided only by the very last byte
    tracemalloc.start()
    try:
        with open(path, "rb") as fh:
            guess = sniff_encoding(fh)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert guess == EncodingGuess("windows-1252")
    assert peak < 8 << 20, f"the scan peaked at {peak >> 20} MiB"


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 8, 64])
def test_the_guess_does_not_depend_on_where_the_chunks_fall(monkeypatch, chunk):
    """ASCII chunks pass undecoded only with nothing buffered: a character cut by a chunk's end, a stray
    byte, a byte-order mark or a declared codec give the guess they give read in one chunk."""
    import io

    from zenconv.safe import text

    samples = [b"plain ascii only " * 3, "caf\u00e9 then ascii ".encode() * 3, b"ascii \xff stray then more ascii",
               b"abc" + "\u20ac".encode() + b"defghij" * 4, b"\xef\xbb\xbfbom then ascii " * 2,
               b"only ascii then a cut \xe2\x82", b"x" * 10 + b"\xe9" + b"y" * 10]
    wide = {}
    for data in samples:
        for declared in (None, "utf-8"):
            wide[data, declared] = text.sniff_encoding(io.BytesIO(data), declared)
    monkeypatch.setattr(text, "SCAN_CHUNK", chunk)
    for (data, declared), expected in wide.items():
        assert text.sniff_encoding(io.BytesIO(data), declared) == expected, (data, declared)
