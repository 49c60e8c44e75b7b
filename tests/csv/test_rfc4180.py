"""Tolerant RFC 4180: each rule on its own, then the tokenizer against a character-by-character
statement of the rules on random text, with pieces small enough to cut every construct."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zenconv_plugins.csv import tokenizer
from zenconv_plugins.csv.tokenizer import Caps, Tokenizer

WIDE = Caps(max_cols=1 << 20, max_field_chars=1 << 30, max_line_chars=1 << 30)


def records(text: str, delimiter: str = ",", caps: Caps = WIDE) -> list[tuple[list[str], int]]:
    return [(fields, line) for fields, line, _cuts in Tokenizer(io.StringIO(text, newline=""), delimiter, caps)]


def parse(text: str, delimiter: str = ",") -> list[list[str]]:
    return [fields for fields, _line in records(text, delimiter)]


def stated(text: str, d: str = ",") -> list[tuple[list[str], int]]:
    """The rules, one character at a time: (fields, line where the record starts) per record. A quote
    still open at the end is stray: the text is read again from it, that quote a literal character."""
    literal: set[int] = set()  # positions of the stray quotes
    while True:
        out, row, field = [], [], []
        quoted, at_start, line, start_line, i = False, True, 1, 1, 0
        opened = None  # (position, row, line, start_line, records) where the open quoted field began
        while i < len(text):
            c = text[i]
            if quoted:
                if c == '"' and text[i + 1:i + 2] == '"':
                    field.append('"')
                    i += 2
                    continue
                if c == '"':
                    quoted = False
                else:
                    field.append(c)
                    if c == "\n" or (c == "\r" and text[i + 1:i + 2] != "\n"):
                        line += 1
                i += 1
            elif c == '"' and at_start and i not in literal:
                quoted, at_start = True, False
                opened = i
                i += 1
            elif c == d:
                row.append("".join(field))
                field, at_start = [], True
                i += 1
            elif c in "\r\n":
                row.append("".join(field))
                out.append((row, start_line))
                row, field, at_start = [], [], True
                i += 2 if text[i:i + 2] == "\r\n" else 1
                line += 1
                start_line = line
            else:
                field.append(c)
                at_start = False
                i += 1
        if quoted:  # never closed: read it all again with this quote taken literally
            literal.add(opened)
            continue
        if row or field or not at_start:  # text after the last line break is a record
            row.append("".join(field))
            out.append((row, start_line))
        return out


@pytest.mark.parametrize(("text", "expected"), [
    ("a,b\n1,2\n", [["a", "b"], ["1", "2"]]),
    ('"a,b",c\n', [["a,b", "c"]]),                        # the delimiter is literal in quotes
    ('"x\r\ny",z\n', [["x\r\ny", "z"]]),                   # so is a line break, kept as it is
    ('"ha ""ha"" ha"\n', [['ha "ha" ha']]),               # "" is a quote
    ('"abc', [['"abc']]),                                  # a quote never closed is a character
    ('"abc\ndef,g\n', [['"abc'], ["def", "g"]]),           # ... and the lines after it are records
    ('a,"b\n"c,"d\n', [["a", "b\nc", '"d']]),              # the one left open is the stray one
    ('1.0 Hybrid "Cross",x\n', [['1.0 Hybrid "Cross"', "x"]]),  # a quote elsewhere is literal
    (' "a,b",c\n', [[' "a', 'b"', "c"]]),                 # ... even after a space: nothing is trimmed
    ('"ab"cd,e\n', [["abcd", "e"]]),                      # text after the closing quote joins the field
    ('"a"b"c",d\n', [['ab"c"', "d"]]),
    ("a\r\nb\rc\nd", [["a"], ["b"], ["c"], ["d"]]),       # CRLF, lone CR, LF all end a record
    ("a\n\nb\n", [["a"], [""], ["b"]]),                   # a blank line is ['']
    ("a\r\n\r\n", [["a"], [""]]),
    ("a,b\n", [["a", "b"]]),                              # a trailing line break adds no row
    ("", []),
    ("\n", [[""]]),
    ("a,,\n", [["a", "", ""]]),
    (" a , b \n", [[" a ", " b "]]),
    ("a\n1,2,3\n4\n", [["a"], ["1", "2", "3"], ["4"]]),  # ragged stays ragged
    ('"",""\n', [["", ""]]),
    ('"a",\n', [["a", ""]]),
])
def test_rules(text, expected):
    assert parse(text) == expected
    assert [fields for fields, _ in stated(text)] == expected


def test_python_csv_disagrees_where_the_tokenizer_does_not_use_it():
    # Why csv is not the whole parser: a blank line, and its process-wide field size limit.
    assert list(csv.reader(io.StringIO("a\n\nb\n", newline=""))) == [["a"], [], ["b"]]
    with pytest.raises(csv.Error):
        list(csv.reader(io.StringIO('"' + "x" * (csv.field_size_limit() + 1) + '"\n', newline="")))


def test_a_field_over_the_csv_modules_own_limit_is_no_crash():
    big = "y" * 200_000
    assert parse(f'a,"{big}",b\nc\n') == [["a", big, "b"], ["c"]]


def test_a_lowered_csv_field_limit_in_the_process_changes_nothing():
    old = csv.field_size_limit(8)
    try:
        assert parse('a,"a longer quoted field",b\n') == [["a", "a longer quoted field", "b"]]
    finally:
        csv.field_size_limit(old)


def test_other_delimiters_and_quotes_around_them():
    assert parse('a;"b;c";d\r\n', ";") == [["a", "b;c", "d"]]
    assert parse('a\t"b\tc"\n', "\t") == [["a", "b\tc"]]
    assert parse("a|b,c\n", "|") == [["a", "b,c"]]


def test_line_numbers_follow_quoted_line_breaks():
    text = 'h1,h2\r\n"multi\r\nline\rfield",x\r\nnext,row\r\n'
    assert records(text) == [(["h1", "h2"], 1), (["multi\r\nline\rfield", "x"], 2), (["next", "row"], 5)]


@pytest.mark.parametrize(("text", "expected"), [
    ("a\x00b,c\n", [(["ab", "c"], 1)]),
    ("a\r\x00\nb\n", [(["a"], 1), (["b"], 2)]),           # a CRLF split by a NUL is one line break
    ("\r\x00\n\n", [([""], 1), ([""], 2)]),
    ('"x\r\x00\ny",z\n', [(["x\r\ny", "z"], 1)]),
    ("a\n\x00\x00", [(["a"], 1)]),                        # NULs after the last line break add no row
    ("\x00\n", [([""], 1)]),                                # a line of NULs is a blank line
])
def test_nuls_are_removed_before_parsing(text, expected):
    assert records(text) == expected


def test_a_crlf_cut_by_the_piece_size_is_one_line_break(monkeypatch):
    monkeypatch.setattr(tokenizer, "SEGMENT", 4)
    assert records("abc\r\nd\r\ne") == [(["abc"], 1), (["d"], 2), (["e"], 3)]


@settings(max_examples=800, deadline=None)
@given(text=st.text(alphabet='ab,;"\r\né\0', max_size=40), segment=st.sampled_from([1, 2, 3, 5, 1 << 16]),
       batch=st.sampled_from([1, 2, 3, 512]))
def test_the_tokenizer_follows_the_rules(text, segment, batch):
    # NULs are removed from the text before it is parsed, even between the CR and LF of a CRLF; the
    # batch size decides which lines go to csv together and where a batch is put back.
    saved = tokenizer.SEGMENT, tokenizer.BATCH
    tokenizer.SEGMENT, tokenizer.BATCH = segment, batch
    try:
        assert records(text) == stated(text.replace("\0", ""))
    finally:
        tokenizer.SEGMENT, tokenizer.BATCH = saved


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.text(alphabet='ab,"é', max_size=12), max_size=30),
       ending=st.sampled_from(["\n", "\r\n", "\r"]), batch=st.sampled_from([1, 4, 512]))
def test_batches_of_whole_lines_follow_the_rules(lines, ending, batch):
    # Mostly clean batches (quotes that close on their line), some with a quoted field running on.
    text = ending.join(lines)
    saved = tokenizer.BATCH
    tokenizer.BATCH = batch
    try:
        assert records(text) == stated(text)
    finally:
        tokenizer.BATCH = saved


def test_a_clean_batch_is_parsed_whole_and_a_run_on_quote_puts_it_back(monkeypatch):
    calls = []

    def spy(lines, *args):
        found = _clean(lines, *args)
        calls.append((len(lines), found is not None))
        return found

    monkeypatch.setattr(tokenizer, "_clean_batch", spy)
    monkeypatch.setattr(tokenizer, "BATCH", 3)
    text = 'a,b\n"c",d\ne\n"f\ng",h\ni\n'
    assert records(text) == [(["a", "b"], 1), (["c", "d"], 2), (["e"], 3), (["f\ng", "h"], 4), (["i"], 6)]
    # Two batches of three lines: the first parsed whole; the second put back, as its record runs on.
    assert calls == [(3, True), (3, False)]


_clean = tokenizer._clean_batch


def test_long_lines_come_in_smaller_batches():
    # A batch aims at BATCH_CHARS characters: 512 lines of 60 characters, but 16 pieces of 64 Ki.
    assert tokenizer.batch_count(512, 512 * 60) == tokenizer.BATCH
    assert tokenizer.batch_count(64, 64 * tokenizer.SEGMENT) == tokenizer.BATCH_CHARS // tokenizer.SEGMENT
    assert tokenizer.batch_count(16, 16 * 50 * tokenizer.BATCH_CHARS) == 1
    assert tokenizer.batch_count(3, 0) == tokenizer.BATCH  # three empty pieces (never: a line has its break)


def test_a_file_of_long_lines_reads_the_same_in_small_batches(monkeypatch):
    seen = []
    real = tokenizer._clean_batch
    monkeypatch.setattr(tokenizer, "_clean_batch", lambda lines, *a: seen.append(len(lines)) or real(lines, *a))
    monkeypatch.setattr(tokenizer, "BATCH_CHARS", 100)
    text = "".join(f"{i},{'x' * 40}\n" for i in range(200))
    assert records(text) == [([str(i), "x" * 40], i + 1) for i in range(200)]
    # The first batch is FIRST_BATCH lines; each later one about 100 characters: two lines of 44 or so.
    assert seen[0] == tokenizer.FIRST_BATCH and set(seen[1:]) == {2}
