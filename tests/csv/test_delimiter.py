"""Delimiter detection (reference readers §3.2): sample, scoring, ties, and the listino example."""

from __future__ import annotations

import pytest

from zenconv_plugins.csv.delimiter import SAMPLE_CHARS, detect_delimiter, score_delimiter
from zenconv_plugins.csv.tokenizer import Caps

CAPS = Caps(max_cols=16_384, max_field_chars=1 << 20, max_line_chars=16 << 20)

# Windows-1252, CRLF, a title line and a blank line above the header, ';' with decimal commas, a
# literal quote in mid-field, and a quoted field holding ';' and a line break.
LISTINO = (
    "Listino prezzi autoveicoli – settembre 2026\r\n"
    "\r\n"
    "Marca;Modello;Versione;Prezzo (€);Consumo l/100 km\r\n"
    'Fiat;Panda;1.0 Hybrid "Cross";15.900,00;5,1\r\n'
    'Peugeot;208;"Allure; automatica\r\nEAT8";27.600,00;5,4\r\n'
    "Renault;Clio;TCe 90;18.700,00;5\r\n"
    "Volkswagen;Polo;Life;21.300,00;5\r\n"
    "Citroën;C3;Plus;19.450,00;5\r\n"
).encode("cp1252")


def scores(text: str, cut: bool = False) -> dict[str, float]:
    return {d: round(score_delimiter(text, cut, d, CAPS), 1) for d in (",", ";", "\t", "|")}


def test_listino_scores():
    text = LISTINO.decode("cp1252")
    assert scores(text) == {",": 377.0, ";": 862.1, "\t": 0.0, "|": 0.0}
    assert detect_delimiter(text, False, CAPS) == ";"


def test_listino_reads_as_the_reference_does(read_csv):
    got = read_csv(LISTINO, name="listino.csv")
    assert got.flags == {"encoding": "windows-1252", "delimiter": ";"}
    assert got.grid == [
        ["Listino prezzi autoveicoli – settembre 2026"],
        [""],
        ["Marca", "Modello", "Versione", "Prezzo (€)", "Consumo l/100 km"],
        ["Fiat", "Panda", '1.0 Hybrid "Cross"', "15.900,00", "5,1"],
        ["Peugeot", "208", "Allure; automatica\r\nEAT8", "27.600,00", "5,4"],
        ["Renault", "Clio", "TCe 90", "18.700,00", "5"],
        ["Volkswagen", "Polo", "Life", "21.300,00", "5"],
        ["Citroën", "C3", "Plus", "19.450,00", "5"],
    ]
    assert [row.locator.citation() for row in got.rows][4:6] == ["Row 5", "Row 6 (line 7)"]


@pytest.mark.parametrize(("text", "expected"), [
    ("a,b,c\n1,2,3\n", ","),
    ("a;b;c\n1;2;3\n", ";"),
    ("a\tb\tc\n1\t2\t3\n", "\t"),
    ("a|b|c\n1|2|3\n", "|"),
    ("a;b\n1,5;2,5\n3,5;4,5\n", ";"),  # decimal commas outvoted: ';' agrees on every row
    ("just\none\ncolumn\n", ","),       # nothing above 0: ','
    ("", ","),
    ("a,b;c\n", ","),                   # equal scores: the earlier candidate
    ("a;b|c|d\n", "|"),                 # the larger width wins
])
def test_detection(text, expected):
    assert detect_delimiter(text, False, CAPS) == expected


def test_the_most_common_width_above_one_and_the_larger_on_a_tie():
    assert scores("a,b\nc,d\ne,f,g\n")[","] == round(2 / 3 * 1000 + 2, 1)
    assert scores("a,b\ne,f,g\n")[","] == round(1 / 2 * 1000 + 3, 1)


def test_blank_rows_are_not_scored():
    assert scores("a,b\n\n\n\nc,d\n")[","] == 1002.0


def test_only_the_first_100_rows_are_scored():
    text = "a,b\n" * 100 + "a;b;c\n" * 500
    assert detect_delimiter(text, False, CAPS) == ","


def test_the_last_row_is_dropped_when_the_sample_cuts_the_file():
    text = "a;b\n" * 3 + "x,y,z,w,v"
    assert scores(text, cut=False)[";"] == round(3 / 4 * 1000 + 2, 1)
    assert scores(text, cut=True)[";"] == 1002.0


def test_the_sample_is_64_ki_characters(read_csv):
    # A first line that fills the sample: the ';' rows after it are never seen.
    head = "x" * (SAMPLE_CHARS - 1) + "\n"
    assert read_csv((head + "a;b\n" * 50).encode()).flags["delimiter"] == ","
    head = "x" * (SAMPLE_CHARS - 9) + "\n"
    assert read_csv((head + "a;b\n" * 50).encode()).flags["delimiter"] == ";"


def test_a_tsv_file_is_detected_like_any_other(read_csv):
    got = read_csv(b"name\tnote\nA\tx, y; z\nB\tp, q\n", name="data.tsv")
    assert got.flags["delimiter"] == "\t"
    assert got.grid == [["name", "note"], ["A", "x, y; z"], ["B", "p, q"]]


@pytest.mark.parametrize(("option", "delimiter"), [(",", ","), (";", ";"), ("tab", "\t"), ("|", "|")])
def test_the_delimiter_option_overrides_detection(read_csv, option, delimiter):
    got = read_csv(LISTINO, delimiter=option)
    assert got.flags["delimiter"] == delimiter
    if option == ",":
        assert len(got.grid) == 9  # the quote is literal there: the quoted line break ends the record


def test_a_quoted_field_the_sample_cuts_is_not_taken_as_stray():
    # The sample ends inside a quoted field that may close later: its lines are not records.
    sample = "a;b;c\n" * 20 + '1;2;"open\n' + "x,y,z,w\n" * 30
    assert scores(sample, cut=True)[";"] == 1003.0  # 20 records of 3, the open one dropped as cut
    # The same text as a whole file: the quote never closes, and the 30 lines after it are records.
    assert scores(sample)[";"] == round(21 / 51 * 1000 + 3, 1)
