"""The plain-text reader: paragraphs and line ranges, its caps, NULs, decoding, and what it refuses."""

from __future__ import annotations

from pathlib import Path

import zenconv
from zenconv.ir import HardBreak, Paragraph
from zenconv.ir.walk import plain_text

FILES = Path(__file__).resolve().parent / "files"


def convert(source, **options):
    return zenconv.convert(source, isolate=False, **options)


def paragraphs(result) -> list[Paragraph]:
    return list(result.document.blocks)


def test_a_log_is_paragraphs_by_blank_lines_with_its_line_breaks_and_line_ranges():
    result = convert(FILES / "app.log")
    assert result.outcome == "converted" and result.manifest["source"]["detection"] == "extension"
    first, second = paragraphs(result)
    assert first.locator.citation() == "Lines 1–6" and second.locator.citation() == "Line 8"
    assert sum(isinstance(n, HardBreak) for n in first.children) == 5
    assert plain_text(first.children[-1:]) == "ValueError: example"
    assert "  File \"x.py\", line 1, in <module>" in [n.text for n in first.children if hasattr(n, "text")]
    md = result.output.decode()
    assert md.count("\\\n") == 5 and result.manifest["flags"]["encoding"] == "utf-8"


def test_a_long_line_is_cut_at_the_cap_with_a_note_and_its_characters_counted():
    result = convert(b"short\n" + b"y" * 200 + b"\nafter\n", name="long.txt", max_line_chars=50)
    assert result.outcome == "needs_review"
    report = next(r for r in result.manifest["reports"] if r["code"] == "text.line-truncated")
    assert report["count"] == 1 and report["chars"] == 150
    assert report["first_locators"][0]["line"] == 2
    text = "\n".join(plain_text(p.children) for p in paragraphs(result))
    assert "y" * 50 + " ⚠ Truncated: the line was longer than 50 characters (--max-line-chars 50)" in text
    assert "y" * 51 not in text and text.endswith("after")


def test_a_line_longer_than_a_piece_is_read_whole_under_the_default_cap():
    line = "z" * (200 << 10)
    assert plain_text(paragraphs(convert(line.encode(), name="one.txt"))[0].children) == line


def test_nul_bytes_are_removed_and_counted_and_undecodable_bytes_reported():
    result = convert(b"a\x00b\n\x00\x00\n", name="nul.txt")
    assert result.reports["text.nul-removed"] == 3
    assert plain_text(paragraphs(result)[0].children) == "ab"
    stray = convert("café ".encode() + b"\xff\n", name="stray.txt")
    assert stray.reports["text.undecodable-bytes"] == 1 and stray.manifest["flags"]["encoding"] == "utf-8"
    latin = convert("caf\xe9\n".encode("cp1252"), name="latin.txt")
    assert plain_text(paragraphs(latin)[0].children) == "café" and latin.manifest["flags"]["encoding"] == "windows-1252"


def test_a_paragraph_past_the_line_limit_is_split_without_loss():
    result = convert(b"".join(b"l%d\n" % i for i in range(7)), name="p.txt", max_paragraph_lines=3)
    found = paragraphs(result)
    assert [p.locator.citation() for p in found] == ["Lines 1–3", "Lines 4–6", "Line 7"]
    assert result.reports["text.paragraph-split"] == 2


def test_binary_named_txt_is_refused_and_an_unknown_encoding_too():
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
    assert convert(png, name="x.txt").manifest["reasons"] == ["text.binary-content"]
    assert convert(b"hello", name="x.txt", encoding="nope").manifest["reasons"] == ["text.unknown-encoding"]


def test_an_empty_text_has_no_block():
    assert paragraphs(convert(b"\xef\xbb\xbf", name="e.txt")) == []


def test_a_crlf_cut_by_the_end_of_a_piece_is_one_line_break():
    data = b"a" * 65535 + b"\r\nsecond\r\n" + b"b" * (2 * 65536 - 1) + b"\r\nthird\rfourth\n"
    found = paragraphs(convert(data, name="crlf.txt"))
    assert [p.locator.citation() for p in found] == ["Lines 1–5"]
    assert [plain_text([n]) for n in found[0].children[2::2]] == ["second", "b" * (2 * 65536 - 1), "third", "fourth"]
