"""The number-format language against the examples Excel documents ("Review guidelines for customizing a
number format", "Number format codes") and ECMA-376 Part 1, 18.8.30-31, one row per example."""

from __future__ import annotations

import pytest

from zenconv_plugins.number_formats import BUILTIN_FORMATS, compile_format, general

# (code, value, shown) as Excel shows them; a date serial is the number Excel stores.
EXAMPLES = [
    # digit placeholders
    ("####.#", 1234.59, "1234.6"),
    ("#.000", 8.9, "8.900"),
    ("0.#", 0.631, "0.6"),
    ("#.0#", 12, "12.0"),
    ("#.0#", 1234.568, "1234.57"),
    ("???.???", 44.398, " 44.398"),
    ("???.???", 102.65, "102.65 "),
    ("???.???", 2.8, "  2.8  "),
    ("0", 2.5, "3"),
    ("0.00", 2.675, "2.68"),
    ("00000", 123, "00123"),
    ("#", 0, ""),
    ("0.00", 0, "0.00"),
    ("#.00", 0.5, ".50"),
    ("000-00-0000", 123456789, "123-45-6789"),
    ("(###) ###-####", 5551234567, "(555) 123-4567"),
    # thousands and scaling
    ("#,###", 12000, "12,000"),
    ("#,", 12000, "12"),
    ("0.0,,", 12200000, "12.2"),
    ("#,##0", 1234567.891, "1,234,568"),
    ("#,##0.00", 1599.99, "1,599.99"),
    ("#,##0.00", 0.5, "0.50"),
    ("#,##0", -1200, "-1,200"),
    ('#,##0,"K"', 12345, "12K"),
    # sections
    ("#,##0.00;(#,##0.00)", -1200, "(1,200.00)"),
    ("#,##0.00;(#,##0.00)", 1200, "1,200.00"),
    ("#,##0.00_);[Red](#,##0.00)", -1200, "(1,200.00)"),
    ("#,##0.00_);[Red](#,##0.00)", 1200, "1,200.00 "),
    ('0.00;-0.00;"zero"', 0, "zero"),
    ('0.00;-0.00;"zero"', -3, "-3.00"),
    ("0;-0;;@", 0, ""),
    ('[Red][<=100];[Blue][>100]', 50, "50"),
    ('[Red][<=100];[Blue][>100]', 150, "150"),
    ('[<1000]0" g";0.0,," kg"', 500, "500 g"),
    ('[<1000]0" g";0.0,," kg"', 2500000, "2.5 kg"),
    ('[>=1000000]0.0,,"M";[>=1000]0.0,"K";0', 1234567, "1.2M"),
    ('[>=1000000]0.0,,"M";[>=1000]0.0,"K";0', 12345, "12.3K"),
    ('[>=1000000]0.0,,"M";[>=1000]0.0,"K";0', 123, "123"),
    # percent, currency, literals
    ("0%", 0.08, "8%"),
    ("0.00%", 0.025, "2.50%"),
    ("0.0%", 0.125, "12.5%"),
    ('"$"#,##0.00', 1599.99, "$1,599.99"),
    ("$#,##0.00", 1599.99, "$1,599.99"),
    ("[$€-407]#,##0.00", 1234.5, "€1,234.50"),
    ("#,##0.00 [$€-407]", 1234.5, "1,234.50 €"),
    ('"Sales "0.00', 12.3, "Sales 12.30"),
    ('0.00" units"', 5, "5.00 units"),
    ("\\$0.00", 3, "$3.00"),
    ('_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)', 1234.5, " $1,234.50 "),
    ('_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)', -1234.5, " $(1,234.50)"),
    ('_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)', 0, " $-   "),
    # scientific
    ("0.00E+00", 12200000, "1.22E+07"),
    ("0.00E+00", 0.00012, "1.20E-04"),
    ("##0.0E+0", 12200000, "12.2E+6"),
    ("0.0E+00", 9.99, "1.0E+01"),
    ("0E+0", 1500, "2E+3"),
    ("0.00E-00", 12200000, "1.22E07"),
    # fractions
    ("# ?/?", 5.25, "5 1/4"),
    ("# ?/?", 1.5, "1 1/2"),
    ("# ??/??", 5.3, "5  3/10"),
    ("# ???/???", 5.25, "5   1/4  "),
    ("# ???/???", 3.14159265, "3  16/113"),
    ("?/?", 1.5, "3/2"),
    ("# ?/8", 0.625, " 5/8"),
    ("# ?/?", 5, "5    "),
    ("# ?/?", 0, "0"),
    ("0/100", 0.25, "25/100"),
    # General
    ("General", 1234.5, "1234.5"),
    ("General", 1 / 3, "0.333333333"),
    ("General", 2 / 3, "0.666666667"),
    ("General", 123456789012, "1.23457E+11"),
    ("General", 12345678901, "12345678901"),
    ("General", 0.0001234, "0.0001234"),
    ("General", 0.00001234, "1.234E-05"),
    ("General", 0.1 + 0.2, "0.3"),
    ("General", -42, "-42"),
    ("@", 12.5, "12.5"),
    # dates (serial 39219 is 17 May 2007, a Thursday) and times (0.6917 is 16:36:03.75)
    ("d-mmm-yy", 39219, "17-May-07"),
    ("m/d/yy", 39219, "5/17/07"),
    ("mm-dd-yy", 39219, "05-17-07"),
    ("mmm", 39219, "May"),
    ("mmmm", 39219, "May"),
    ("mmmmm", 39219, "M"),
    ("mmmm d, yyyy", 39448, "January 1, 2008"),
    ("ddd", 39219, "Thu"),
    ("dddd", 39219, "Thursday"),
    ("dd/mm/yyyy", 45444, "01/06/2024"),
    ("yyyy-mm-dd", 45444, "2024-06-01"),
    ("[$-F800]dddd, mmmm dd, yyyy", 39219, "Thursday, May 17, 2007"),
    ("d-mmm", 39219, "17-May"),
    ("mmm-yy", 39219, "May-07"),
    ("h", 0.69170138888, "16"),
    ("h AM/PM", 0.69170138888, "4 PM"),
    ("h:mm AM/PM", 0.69170138888, "4:36 PM"),
    ("h:mm:ss A/P", 0.69170138888, "4:36:03 P"),
    ("h:mm:ss.00", 0.6917100694444, "16:36:03.75"),
    ("hh:mm:ss", 0.5, "12:00:00"),
    ("h:mm AM/PM", 0, "12:00 AM"),
    ("[h]:mm", 1.04305555, "25:02"),
    ("[mm]:ss", 0.04428240740, "63:46"),
    ("[ss].00", 0.04323842592, "3735.80"),
    ("[h]:mm:ss", 2.5, "60:00:00"),
    ("mm:ss", 0.04428240740, "03:46"),
    ("m/d/yy h:mm", 39219.75, "5/17/07 18:00"),
    ("h:mm", 0.99999999, "0:00"),
    ("m/d/yyyy", 60, "2/29/1900"),
    ("m/d/yyyy", 61, "3/1/1900"),
    ("m/d/yyyy", 1, "1/1/1900"),
    ("dddd", 61, "Thursday"),
]


@pytest.mark.parametrize(("code", "value", "shown"), EXAMPLES, ids=[f"{c}|{v}" for c, v, _ in EXAMPLES])
def test_excel_documented_examples(code, value, shown):
    fmt = compile_format(code)
    assert fmt.understood, code
    assert fmt.number(value) == shown


def test_1904_date_system():
    assert compile_format("yyyy-mm-dd").number(0, date1904=True) == "1904-01-01"
    assert compile_format("d-mmm-yy").number(37757, date1904=True) == "17-May-07"
    assert compile_format("h:mm").number(0.5, date1904=True) == "12:00"


@pytest.mark.parametrize("value", [-1, 2_958_466, float("nan"), float("inf")])
def test_dates_excel_cannot_show(value):
    assert compile_format("yyyy-mm-dd").number(value) is None


@pytest.mark.parametrize("code", ["[DBNum1]0", "ggge", "b2yyyy", '"open', "0;0;0;0;0", "x" * 300, "[Unknown]0"])
def test_codes_not_understood(code):
    fmt = compile_format(code)
    assert not fmt.understood
    assert fmt.number(1.5) is None


def test_colours_are_noted():
    assert compile_format("0.00;[Red]-0.00").colour
    assert compile_format("[Color10]0").colour
    assert not compile_format("0.00").colour


def test_text_section():
    assert compile_format('0;-0;0;"Note: "@').text("late") == "Note: late"
    assert compile_format("@").text("00123") == "00123"
    assert compile_format('@" units"').text("5") == "5 units"
    assert compile_format("0.00").text("abc") == "abc"


def test_temporal_kind():
    assert compile_format("d-mmm-yy").temporal
    assert not compile_format("[h]:mm:ss").temporal
    assert not compile_format("#,##0.00").temporal


def test_builtin_ids():
    assert compile_format(BUILTIN_FORMATS[4]).number(1599.99) == "1,599.99"
    assert compile_format(BUILTIN_FORMATS[10]).number(0.025) == "2.50%"
    assert compile_format(BUILTIN_FORMATS[15]).number(39219) == "17-May-07"
    assert compile_format(BUILTIN_FORMATS[39]).number(-1200) == "(1,200.00)"
    assert compile_format(BUILTIN_FORMATS[46]).number(1.5) == "36:00:00"
    for code in BUILTIN_FORMATS.values():
        assert compile_format(code).understood, code


def test_general_never_longer_than_eleven_characters():
    for value in (1 / 7, 123456.789012345, 98765432109.87, 1e-3 / 7, 2 ** 40):
        assert len(general(value)) <= 11, value
