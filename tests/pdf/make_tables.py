"""Write the table hard cases of issue 15 with reportlab, one PDF each, with the grid each must give.

Each case draws one table the way real government and financial reports do (stacked headings,
group headers, an empty stub header, ruled grids, booktabs rules, row groups parted by blank
lines, Courier, cells wrapped in several columns, a table beside prose, bold row labels drawn
after their numbers, dot leaders, short rows under a full one, group labels, values glued across
a gap, headings set sideways, row labels outside the rules, a totals row boxed apart, headings glued into one run, a label wrapped before its leaders, a grid open at its sides, a wide gutter, rules between rows,
a caption line) and states its expected grid in ``EXPECTED``: every row, every
cell, a spanning cell's text at its top-left and "" in the cells it covers (as the benchmark's
scorer expands spans). ``CHART`` is a bar chart, which must give no table; ``LISTING`` a Courier
code listing, which must stay code with its spacing. Output is deterministic (invariant mode).
Run ``python -m tests.pdf.make_tables DIR``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth

from .make_fixtures import _canvas

SIZE = 9
PITCH = 12


def _text(c, x, y, s, font="Helvetica", align="l"):
    c.setFont(font, SIZE)
    if align == "r":
        c.drawRightString(x, y, s)
    elif align == "c":
        c.drawCentredString(x, y, s)
    else:
        c.drawString(x, y, s)


def _prose(c, y, lines=3):
    """A paragraph above the table: the page's body text, as in a report."""
    for k in range(lines):
        _text(c, 60, y - k * PITCH, "The figures below are those published in the annual statistical report of the office.")
    return y - lines * PITCH - 14


def _body(c, y, rows, xs, aligns, font="Helvetica"):
    for row in rows:
        for x, align, value in zip(xs, aligns, row):
            if value:
                _text(c, x, y, value, font, align)
        y -= PITCH
    return y


def stacked(c):
    """Bottom-aligned column headings three lines deep over a numeric body; an empty stub header."""
    y = _prose(c, 780) - 2 * PITCH
    centres = [210, 290, 370, 440]
    heading = [["Total", "resident", "population"], ["Urban", "share (%)"], ["Share of", "national", "income (%)"],
               ["Rank"]]
    for x, lines in zip(centres, heading):
        for k, line in enumerate(reversed(lines)):
            _text(c, x, y + k * PITCH, line, align="c")
    rows = [("North", "1,204,511", "62.1", "18.4", "3"), ("South", "987,002", "48.9", "12.0", "5"),
            ("East", "2,311,870", "71.5", "29.3", "1"), ("West", "1,650,300", "55.0", "22.7", "2"),
            ("Islands", "210,404", "33.8", "4.1", "7")]
    _body(c, y - 16, rows, [60, 235, 305, 385, 450], "lrrrr")


def spanning(c):
    """Two group headers over three columns each (a rule under each, as far as its columns reach),
    the stub's heading beside the column headings."""
    y = _prose(c, 780)
    _text(c, 215, y, "Frequency of use", align="c")
    _text(c, 425, y, "Period ending", align="c")
    c.setLineWidth(0.4)
    c.line(150, y - 3, 292, y - 3)
    c.line(330, y - 3, 502, y - 3)
    names = ["Never", "Monthly", "Weekly", "12/31/2010", "6/30/2011", "12/31/2011"]
    rights = [190, 240, 290, 380, 440, 500]
    _text(c, 60, y - PITCH, "Region")
    for x, name in zip(rights, names):
        _text(c, x, y - PITCH, name, align="r")
    rows = [("Alpine", "41.2", "30.1", "28.7", "1,020", "1,044", "1,061"),
            ("Coastal", "38.0", "33.5", "28.5", "2,310", "2,298", "2,335"),
            ("Central", "45.9", "29.8", "24.3", "3,400", "3,452", "3,511"),
            ("Southern", "36.4", "35.0", "28.6", "1,870", "1,902", "1,930")]
    _body(c, y - PITCH - 16, rows, [60] + rights, "lrrrrrr")


def boxed_groups(c):
    """Group headers narrower than their three columns each, boxed by vertical rules in the header
    only (none beside the last group), rules over and under the header lines; a body parted by
    space: the header's box is no grid of the table's columns (a statistical abstract's style)."""
    y = _prose(c, 780)
    c.setLineWidth(0.4)
    walls = [150, 290, 430]
    c.line(60, y + 11, 570, y + 11)
    c.line(150, y - 3, 570, y - 3)
    c.line(60, y - 2 * PITCH - 3, 570, y - 2 * PITCH - 3)
    for x in walls:
        c.line(x, y + 11, x, y - 2 * PITCH - 3)
    for x, name in zip((220, 360, 500), ("Total", "Male", "Female")):
        _text(c, x, y, name, align="c")
    rights = [190, 240, 285, 330, 380, 425, 470, 520, 565]
    _text(c, 60, y - PITCH, "Offense")
    for x, name in zip(rights, ["All", "Under 18", "Over 18"] * 3):
        _text(c, x, y - PITCH, name, align="r")
    rows = [("Robbery", "102.1", "25.5", "76.6", "90.0", "22.9", "67.1", "12.1", "2.5", "9.5"),
            ("Burglary", "240.9", "60.3", "180.6", "205.0", "53.4", "151.7", "35.9", "6.9", "29.0"),
            ("Arson", "9.8", "4.3", "5.5", "8.1", "3.7", "4.4", "1.7", "0.6", "1.1"),
            ("Fraud", "173.7", "5.1", "168.5", "98.4", "3.3", "95.0", "75.3", "1.8", "73.5")]
    _body(c, y - 2 * PITCH - 16, rows, [60] + rights, "l" + "r" * 9)


def empty_stub(c):
    """The stub column's header cell is empty; its labels are long, its values have dashes."""
    y = _prose(c, 780)
    rights = [300, 380, 450]
    for x, name in zip(rights, ["Emissions", "Change", "Share"]):
        _text(c, x, y, name, align="r")
    rows = [("Carbon dioxide (CO2)", "100 million", "-", "-"), ("Methane (CH4)", "12 million", "+2.1", "14.0"),
            ("Nitrous oxide (N2O)", "3 million", "-0.4", "5.2"), ("Fluorinated gases", "1 million", "+0.9", "1.1")]
    _body(c, y - 16, rows, [60] + rights, "lrrr")


def ruled(c):
    """A fully ruled grid: a header cell spanning two columns (no rule between them in the header
    row), cells wrapped in the first and the last column, top-aligned."""
    y = _prose(c, 780)
    xs = [60, 200, 280, 360, 520]
    top = y + 10
    heights = [PITCH + 6, PITCH + 6, 2 * PITCH + 6, PITCH + 6, 2 * PITCH + 6]
    lines_y = [top]
    for h in heights:
        lines_y.append(lines_y[-1] - h)
    c.setLineWidth(0.5)
    for ly in lines_y:
        c.line(xs[0], ly, xs[-1], ly)
    for k, x in enumerate(xs):
        # The rule between the two year columns stops under the spanning header cell.
        c.line(x, lines_y[-1], x, lines_y[1] if k == 2 else lines_y[0])
    # The header's second line names each year column.
    cells = [
        [["Programme"], ["Spending (EUR m)"], [], ["Note"]],
        [[], ["2022"], ["2023"], []],
        [["Rural roads and", "bridges"], ["120.5"], ["131.0"], ["Includes EU", "co-financing"]],
        [["Schools"], ["88.0"], ["90.2"], ["Revised"]],
        [["Water supply", "networks"], ["45.3"], ["47.9"], ["Two regions", "not reported"]],
    ]
    for r, row in enumerate(cells):
        for k, lines in enumerate(row):
            for n, line in enumerate(lines):
                _text(c, xs[k] + 4, lines_y[r] - 12 - n * PITCH, line)


def booktabs(c):
    """Horizontal rules only (top, under the header, bottom); the first and last columns wrap."""
    y = _prose(c, 780)
    c.setLineWidth(0.8)
    c.line(60, y + 12, 520, y + 12)
    _text(c, 60, y, "Indicator")
    _text(c, 300, y, "Value", align="r")
    _text(c, 340, y, "Source")
    c.setLineWidth(0.4)
    c.line(60, y - 4, 520, y - 4)
    rows = [("Gross domestic product at", "1,204", "National accounts,"), ("market prices", "", "second estimate"),
            ("Household consumption", "702", "Household survey"),
            ("Government consumption", "311", "Treasury outturn,"), ("expenditure", "", "provisional")]
    end = _body(c, y - 18, rows, [60, 300, 340], "lrl")
    c.setLineWidth(0.8)
    c.line(60, end + 6, 520, end + 6)


def blank_groups(c):
    """Row groups parted by blank lines: one table, not one per group."""
    y = _prose(c, 780)
    rights = [260, 340, 420]
    _text(c, 60, y, "Age group")
    for x, name in zip(rights, ["Men", "Women", "Total"]):
        _text(c, x, y, name, align="r")
    y -= 16
    groups = [[("0-14", "512", "498", "1,010"), ("15-24", "301", "295", "596"), ("25-44", "688", "701", "1,389")],
              [("45-64", "640", "655", "1,295"), ("65-79", "290", "330", "620"), ("80+", "88", "140", "228")],
              [("All ages", "2,519", "2,619", "5,138"), ("Median age", "41.2", "43.9", "42.5"),
               ("Dependency", "0.52", "0.55", "0.53")]]
    for group in groups:
        y = _body(c, y, group, [60] + rights, "lrrr") - 2 * PITCH


def courier(c):
    """A report set wholly in Courier: its table's columns are its gutters."""
    font = "Courier"
    y = 780
    for k in range(3):
        _text(c, 60, y - k * PITCH, "This report is typed in a fixed-pitch font, as many agency reports are.", font)
    y -= 3 * PITCH + 14
    lines = ["District      Cases   Rate   Change",
             "Northfield      412    3.1     +0.4",
             "Lakeside        208    2.2     -0.1",
             "Hillcrest       977    5.8     +1.2",
             "Riverton         64    0.9      0.0"]
    for k, line in enumerate(lines):
        _text(c, 60, y - k * PITCH, line, font)


def beside_prose(c):
    """A small ruled table beside a column of prose."""
    y = 780
    for k in range(16):
        _text(c, 60, y - k * PITCH, "Prose in the left column of the page" if k % 2 else "runs on beside the table, line")
    xs = [320, 430, 520]
    rows = [("Item", "Amount"), ("Salaries", "1,250"), ("Equipment", "310"), ("Travel", "95")]
    top = y + 10
    c.setLineWidth(0.5)
    for r in range(len(rows) + 1):
        c.line(xs[0], top - r * 18, xs[-1], top - r * 18)
    for x in xs:
        c.line(x, top, x, top - len(rows) * 18)
    for r, row in enumerate(rows):
        for k, value in enumerate(row):
            _text(c, xs[k] + 4, top - r * 18 - 13, value)


def bold_leaders(c):
    """Bold row labels drawn after their numbers, and dot leaders up to the values (kept: they are
    text as drawn, but no longer hide the gap to the values)."""
    y = _prose(c, 780)
    _text(c, 60, y, "Account")
    _text(c, 330, y, "2023", align="r")
    _text(c, 400, y, "2024", align="r")
    rows = [("Revenue", "800", "0.99"), ("Expenses", "612", "1.05"), ("Net result", "188", "0.74")]
    y -= 16
    for name, a, b in rows:
        _text(c, 330, y, a, align="r")
        _text(c, 400, y, b, align="r")
        _text(c, 60, y, name, "Helvetica-Bold")
        _text(c, 64 + stringWidth(name, "Helvetica-Bold", SIZE), y, _leader(name))
        y -= PITCH


def _leader(name: str) -> str:
    """The dots from a label to the value column."""
    return ". " * int((250 - stringWidth(name, "Helvetica-Bold", SIZE)) / stringWidth(". ", "Helvetica", SIZE))


def _words(c, y, rows, step):
    """A table of words (no value column) whose first and last columns wrap; rows ``step`` apart."""
    _text(c, 60, y, "Measure")
    _text(c, 230, y, "Lead body")
    _text(c, 360, y, "Status")
    y -= 16
    for row in rows:
        for x, lines in zip((60, 230, 360), row):
            for k, line in enumerate(lines):
                _text(c, x, y - k * PITCH, line)
        y -= max(len(lines) for lines in row) * PITCH + step


WORD_ROWS = [
    (["Flood defences on", "the eastern coast"], ["Environment Agency"], ["Under way, second", "phase tendered"]),
    (["Rail electrification"], ["Network Rail"], ["Complete"]),
    (["Broadband for rural", "schools"], ["Education Department"], ["Delayed by", "procurement"]),
]


def wrapped_spaced(c):
    """Wrapped cells in the first and last columns of a table of words, rows set apart by space."""
    _words(c, _prose(c, 780), WORD_ROWS, 8)


def wrapped_tight(c):
    """The same table with no space between rows: which row a wrapped line is in is a guess."""
    _words(c, _prose(c, 780), WORD_ROWS, 0)


def chart(c):
    """A bar chart: two axes with their ticks level with each other, bars, category labels, value
    labels and a legend. Not a table, though its tick labels line up in rows and columns."""
    y = _prose(c, 780)
    base = y - 160
    c.setLineWidth(0.5)
    c.line(90, base, 460, base)
    c.line(90, base, 90, base + 140)
    c.line(460, base, 460, base + 140)
    for k, tick in enumerate(["0", "150", "300", "450"]):
        _text(c, 84, base + k * 45 - 3, tick, align="r")
        _text(c, 466, base + k * 45 - 3, tick)   # the same scale on the right axis
    values = [450, 300, 450, 150]
    for k, (name, value) in enumerate(zip(["Greece", "Spain", "Italy", "France"], values)):
        x = 120 + k * 85
        c.rect(x, base, 40, value * 0.3, stroke=0, fill=1)
        _text(c, x + 20, base + value * 0.3 + 4, str(value), align="c")
        _text(c, x + 20, base - 12, name, align="c")
    c.rect(480, base + 100, 8, 8, stroke=0, fill=1)
    _text(c, 492, base + 100, "Exports")


def run_on(c):
    """A table that runs on to the next page without repeating its header."""
    rights = [260, 340, 420]
    y = 780
    _text(c, 60, y, "Station")
    for x, name in zip(rights, ["Rain (mm)", "Days", "Max (C)"]):
        _text(c, x, y, name, align="r")
    _body(c, y - 16, [(f"Station {k}", f"{100 + k}.5", f"{10 + k}", f"2{k}.0") for k in range(1, 4)],
          [60] + rights, "lrrr")
    c.showPage()
    _body(c, 780, [(f"Station {k}", f"{100 + k}.5", f"{10 + k}", f"2{k}.0") for k in range(4, 7)],
          [60] + rights, "lrrr")


def hatching(c):
    """A drawing of 151 × 151 crossing lines (22,500 grid cells, past the 20,000 a table may have)
    with words in it: read as text, not searched cell by cell."""
    y = _prose(c, 780)
    c.setLineWidth(0.1)
    for k in range(151):
        c.line(60, y - k * 3, 510, y - k * 3)
        c.line(60 + k * 3, y, 60 + k * 3, y - 450)
    _text(c, 70, y - 100, "Hatched area")
    _text(c, 300, y - 100, "Legend")


def listing(c):
    """A Courier code listing whose comments line up: code, spacing kept."""
    font = "Courier"
    y = 780
    _text(c, 60, y, "The procedure below computes the running total.")
    lines = ["x = compute(a, b)      # first pass",
             "total = x + offset     # running sum",
             "print(total)           # report it"]
    for k, line in enumerate(lines):
        _text(c, 60, y - 20 - k * PITCH, line, font)


def short_rows(c):
    """A table of words whose first row fills every column and the rows under it only some, in
    short codes: no value column, gaps all alike. Each line is a row: "C2" would have fitted
    after "C1", so it is no wrapped part of it."""
    y = _prose(c, 780)
    xs = [60, 140, 220, 300, 380, 460]
    _body(c, y, [("Outer 1", "Outer 2", "Long 1", "Long 2", "Inner", "Long 3")], xs, "llllll")
    rows = [("A1", "B1", "C1", "D1", "E1", "F1")] + [("", "", f"C{k}", f"D{k}", "", f"F{k}") for k in range(2, 5)]
    _body(c, y - 16, rows, xs, "llllll")


def group_labels(c):
    """Row groups headed by a label alone on its line ("Caste/tribe"), over rows of values, all
    lines at one pitch: the label is a row of its own, not the first line of the row under it."""
    y = _prose(c, 780)
    rights = [300, 370, 440]
    _text(c, 60, y, "Background characteristic")
    for x, name in zip(rights, ["Any method", "Pill", "Number"]):
        _text(c, x, y, name, align="r")
    rows = [("Caste/tribe", "", "", ""), ("Scheduled caste", "74.8", "9.7", "1,363"), ("Scheduled tribe", "59.3", "6.4", "256"),
            ("Wealth index", "", "", ""), ("Lowest", "64.5", "10.5", "1,258"), ("Highest", "78.3", "9.7", "733")]
    _body(c, y - 16, rows, [60] + rights, "lrrr")


GLUED_ROWS = [("Assam", "14,874,821", "161,600", "15,036,421"), ("Bihar", "21,016,708", "5,329,000", "26,345,708"),
              ("Delhi", "28,084,780", "4,550,000", "32,634,780"), ("Goa", "4,055,567", "330,053", "4,385,620"),
              ("Haryana", "15,156,681", "40,100", "15,196,781"), ("Kerala", "27,923,965", "929,503", "28,853,468"),
              ("Manipur", "2,494,600", "897,400", "3,392,000"), ("Odisha", "14,317,179", "1,107,250", "15,424,429")]


def glued_values(c):
    """Two values of neighbouring columns drawn as one string, its one space stretched to the
    narrow gap between the columns (as some producers write a row): the joiner takes them as one
    cell, which is two cells again, each in its column."""
    y = _prose(c, 780)
    rights = [260, 305, 380]
    _text(c, 60, y, "State")
    for x, name in zip(rights, ["Revenue", "Capital", "Total"]):
        _text(c, x, y, name, align="r")
    y -= 16
    for name, a, b, total in GLUED_ROWS:
        _text(c, 60, y, name)
        _text(c, rights[2], y, total, align="r")
        if name == "Bihar":
            text = c.beginText(rights[0] - stringWidth(a, "Helvetica", SIZE), y)
            text.setFont("Helvetica", SIZE)
            text.setWordSpace(rights[1] - stringWidth(b, "Helvetica", SIZE) - rights[0] - stringWidth(" ", "Helvetica", SIZE))
            text.textOut(a + " " + b)
            c.drawText(text)
        else:
            _text(c, rights[0], y, a, align="r")
            _text(c, rights[1], y, b, align="r")
        y -= PITCH


def _grid(c, xs, ys):
    c.setLineWidth(0.5)
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        c.line(x, ys[0], x, ys[-1])


def sideways_headings(c):
    """A ruled grid whose column headings are set sideways, reading upwards, in a tall header row."""
    y = _prose(c, 780)
    xs = [60, 180, 220, 260, 300]
    ys = [y, y - 80, y - 98, y - 116, y - 134]
    _grid(c, xs, ys)
    _text(c, 64, ys[1] + 6, "Township")
    for x, name in zip(xs[1:], ["Registered", "Turnout", "Brian Calley"]):
        c.saveState()
        c.translate(x + 24, ys[1] + 6)
        c.rotate(90)
        _text(c, 0, 0, name)
        c.restoreState()
    for r, row in enumerate([("Alcona", "963", "439", "55"), ("Curtis", "1026", "349", "30"), ("Gustin", "611", "180", "22")]):
        for k, value in enumerate(row):
            _text(c, xs[k] + 4, ys[r + 1] - 13, value)


def open_stub(c):
    """A ruled grid drawn round the figures only: the row labels stand left of its rules."""
    y = _prose(c, 780)
    xs = [200, 260, 320, 380]
    ys = [y, y - 18, y - 36, y - 54, y - 72]
    _grid(c, xs, ys)
    rows = [("", "Yes", "No", "Blank"), ("Alcona", "321", "84", "7"), ("Caledonia", "257", "118", "3"),
            ("Curtis", "228", "105", "0")]
    for r, row in enumerate(rows):
        if row[0]:
            _text(c, 60, ys[r] - 13, row[0])
        for k, value in enumerate(row[1:]):
            _text(c, xs[k] + 4, ys[r] - 13, value)


def totals_strip(c):
    """A ruled grid, its totals row boxed on its own a little under it with thick filled bars
    (2.8 pt, as an election return draws them), its row labels outside the rules: one table."""
    y = _prose(c, 780)
    xs = [200, 260, 320, 380]
    ys = [y, y - 18, y - 36, y - 54]
    _grid(c, xs, ys)
    rows = [("", "Yes", "No", "Blank"), ("Alcona", "321", "84", "7"), ("Caledonia", "257", "118", "3")]
    for r, row in enumerate(rows):
        if row[0]:
            _text(c, 60, ys[r] - 13, row[0])
        for k, value in enumerate(row[1:]):
            _text(c, xs[k] + 4, ys[r] - 13, value)
    top = ys[-1] - 12
    for x in xs:
        c.rect(x - 1.4, top - 18, 2.8, 18, stroke=0, fill=1)
    c.rect(xs[0], top - 1.4, xs[-1] - xs[0], 2.8, stroke=0, fill=1)
    c.rect(xs[0], top - 19.4, xs[-1] - xs[0], 2.8, stroke=0, fill=1)
    _text(c, 60, top - 13, "Totals")
    for k, value in enumerate(("578", "202", "10")):
        _text(c, xs[k] + 4, top - 13, value)


def glued_headings(c):
    """Column headings of two neighbouring columns drawn as one string (its space stretched to the
    next column, as a PDF padding with space glyphs gives one run), under a group header."""
    y = _prose(c, 780)
    rights = [250, 298, 370]
    _text(c, 255, y, "Period ending", align="c")
    c.setLineWidth(0.4)
    c.line(205, y - 3, 300, y - 3)
    _text(c, 60, y - PITCH, "Fund")
    first, second = "12/31/2010", "6/30/2011"
    text = c.beginText(rights[0] - stringWidth(first, "Helvetica", SIZE), y - PITCH)
    text.setFont("Helvetica", SIZE)
    text.setWordSpace(rights[1] - stringWidth(second, "Helvetica", SIZE) - rights[0] - stringWidth(" ", "Helvetica", SIZE))
    text.textOut(first + " " + second)
    c.drawText(text)
    _text(c, rights[2], y - PITCH, "Change", align="r")
    rows = [("Equity", "1,020", "1,044", "+2.4"), ("Bonds", "2,310", "2,298", "-0.5"), ("Cash", "400", "452", "+13.0")]
    _body(c, y - PITCH - 16, rows, [60] + rights, "lrrr")


LEADER_ROWS = [("Violent crime", "467.9", "69.1"), ("Murder and nonnegligent", None, None),
               ("manslaughter", "10.0", "0.9"), ("Prostitution and commercialized vice", "56.9", "1.1"),
               ("Robbery", "102.1", "25.5")]


def _dots(label: str) -> str:
    """The leader from a label (drawn at x 60) to x 290."""
    start = 64 + stringWidth(label, "Helvetica", SIZE)
    return ". " * int((290 - start) / stringWidth(". ", "Helvetica", SIZE))


def leader_labels(c):
    """Row labels led by dot leaders to their values, one wrapped onto a second line that carries
    the values (bottom-aligned), under a heading wider than both its lines: the wrapped label is one
    cell, though its second line would have fitted on its first."""
    y = _prose(c, 780)
    rights = [330, 400]
    _text(c, 60, y, "Offense charged, all persons arrested in 2011")
    for x, name in zip(rights, ["Total", "Under 18"]):
        _text(c, x, y, name, align="r")
    y -= 16
    for label, a, b in LEADER_ROWS:
        _text(c, 60, y, label)
        if a is not None:
            _text(c, 64 + stringWidth(label, "Helvetica", SIZE), y, _dots(label))
            _text(c, rights[0], y, a, align="r")
            _text(c, rights[1], y, b, align="r")
        y -= PITCH


def open_sides(c):
    """A grid whose horizontal rules run the table's full width and whose vertical rules part only
    its inner columns (no rule at the outer edges, as booktabs-like grids draw): the first and
    last columns are the grid's."""
    y = _prose(c, 780)
    xs = [60, 160, 220, 280, 380]
    ys = [y, y - 18, y - 36, y - 54, y - 72]
    c.setLineWidth(0.5)
    for ly in ys:
        c.line(xs[0], ly, xs[-1], ly)
    for x in xs[1:-1]:
        c.line(x, ys[0], x, ys[-1])
    rows = [("# layers", "TED", "mAP", "Time (secs)"), ("6", "0.955", "0.88", "2.73"), ("4", "0.927", "0.853", "1.97"),
            ("2", "0.942", "0.857", "1.22")]
    for r, row in enumerate(rows):
        for k, value in enumerate(row):
            _text(c, xs[k] + 4, ys[r] - 13, value)


def wide_gutter(c):
    """A table whose two column groups are set far apart (a gutter five times a column's): one
    table, not two side by side."""
    y = _prose(c, 780)
    rights = [200, 250, 430, 480]
    _text(c, 60, y, "Region")
    for x, name in zip(rights, ["2022", "2023", "Share", "Rank"]):
        _text(c, x, y, name, align="r")
    rows = [("North", "1,204", "1,250", "31.2", "2"), ("South", "987", "1,002", "25.1", "3"),
            ("East", "1,311", "1,370", "34.3", "1"), ("West", "350", "371", "9.4", "4")]
    _body(c, y - 16, rows, [60] + rights, "lrrrr")


def ruled_rows(c):
    """Horizontal rules between the rows only (none between columns), cells top-aligned, the first
    and last columns wrapped: each continuation belongs to the row its rules enclose."""
    y = _prose(c, 780)
    c.setLineWidth(0.5)
    c.line(60, y + 12, 520, y + 12)
    _text(c, 60, y, "Programme")
    _text(c, 300, y, "Budget", align="r")
    _text(c, 340, y, "Status")
    rows = [(["Rural roads and", "bridges"], "120.5", ["Under way,", "second phase"]),
            (["Schools"], "88.0", ["Complete"]),
            (["Water supply", "networks"], "45.3", ["Delayed by", "procurement"])]
    y -= 4
    c.line(60, y, 520, y)
    for label, value, status in rows:
        top = y - 12
        for k, line in enumerate(label):
            _text(c, 60, top - k * PITCH, line)
        _text(c, 300, top, value, align="r")
        for k, line in enumerate(status):
            _text(c, 340, top - k * PITCH, line)
        y = top - max(len(label), len(status)) * PITCH + 6
        c.line(60, y, 520, y)


def caption_label(c):
    """A table whose first line is its label, its title beside it and its unit at the right."""
    y = _prose(c, 780)
    _text(c, 60, y, "Table: 5")
    _text(c, 180, y, "Public health outlay 2012-13")
    _text(c, 420, y, "(Rs. in 000)", align="r")
    y -= 2 * PITCH
    rights = [260, 340, 420]
    _text(c, 60, y, "State")
    for x, name in zip(rights, ["Revenue", "Capital", "Total"]):
        _text(c, x, y, name, align="r")
    rows = [("Assam", "14,874", "161", "15,035"), ("Bihar", "21,016", "5,329", "26,345"), ("Goa", "4,055", "330", "4,385")]
    _body(c, y - 16, rows, [60] + rights, "lrrr")


CASES = {
    "stacked": stacked, "spanning": spanning, "boxed_groups": boxed_groups, "empty_stub": empty_stub, "ruled": ruled, "booktabs": booktabs,
    "blank_groups": blank_groups, "courier": courier, "beside_prose": beside_prose, "bold_leaders": bold_leaders,
    "wrapped_spaced": wrapped_spaced, "wrapped_tight": wrapped_tight, "chart": chart, "listing": listing,
    "hatching": hatching, "run_on": run_on, "short_rows": short_rows, "group_labels": group_labels,
    "glued_values": glued_values, "sideways_headings": sideways_headings, "open_stub": open_stub,
    "totals_strip": totals_strip, "glued_headings": glued_headings,
    "leader_labels": leader_labels, "open_sides": open_sides,
    "wide_gutter": wide_gutter, "ruled_rows": ruled_rows, "caption_label": caption_label,
}

EXPECTED = {
    "stacked": [
        ["", "Total resident population", "Urban share (%)", "Share of national income (%)", "Rank"],
        ["North", "1,204,511", "62.1", "18.4", "3"], ["South", "987,002", "48.9", "12.0", "5"],
        ["East", "2,311,870", "71.5", "29.3", "1"], ["West", "1,650,300", "55.0", "22.7", "2"],
        ["Islands", "210,404", "33.8", "4.1", "7"],
    ],
    "spanning": [
        ["Region", "Frequency of use", "", "", "Period ending", "", ""],
        ["", "Never", "Monthly", "Weekly", "12/31/2010", "6/30/2011", "12/31/2011"],
        ["Alpine", "41.2", "30.1", "28.7", "1,020", "1,044", "1,061"],
        ["Coastal", "38.0", "33.5", "28.5", "2,310", "2,298", "2,335"],
        ["Central", "45.9", "29.8", "24.3", "3,400", "3,452", "3,511"],
        ["Southern", "36.4", "35.0", "28.6", "1,870", "1,902", "1,930"],
    ],
    "boxed_groups": [
        ["Offense", "Total", "", "", "Male", "", "", "Female", "", ""],
        ["", "All", "Under 18", "Over 18", "All", "Under 18", "Over 18", "All", "Under 18", "Over 18"],
        ["Robbery", "102.1", "25.5", "76.6", "90.0", "22.9", "67.1", "12.1", "2.5", "9.5"],
        ["Burglary", "240.9", "60.3", "180.6", "205.0", "53.4", "151.7", "35.9", "6.9", "29.0"],
        ["Arson", "9.8", "4.3", "5.5", "8.1", "3.7", "4.4", "1.7", "0.6", "1.1"],
        ["Fraud", "173.7", "5.1", "168.5", "98.4", "3.3", "95.0", "75.3", "1.8", "73.5"],
    ],
    "empty_stub": [
        ["", "Emissions", "Change", "Share"], ["Carbon dioxide (CO2)", "100 million", "-", "-"],
        ["Methane (CH4)", "12 million", "+2.1", "14.0"], ["Nitrous oxide (N2O)", "3 million", "-0.4", "5.2"],
        ["Fluorinated gases", "1 million", "+0.9", "1.1"],
    ],
    "ruled": [
        ["Programme", "Spending (EUR m)", "", "Note"], ["", "2022", "2023", ""],
        ["Rural roads and bridges", "120.5", "131.0", "Includes EU co-financing"],
        ["Schools", "88.0", "90.2", "Revised"],
        ["Water supply networks", "45.3", "47.9", "Two regions not reported"],
    ],
    "booktabs": [
        ["Indicator", "Value", "Source"],
        ["Gross domestic product at market prices", "1,204", "National accounts, second estimate"],
        ["Household consumption", "702", "Household survey"],
        ["Government consumption expenditure", "311", "Treasury outturn, provisional"],
    ],
    "blank_groups": [
        ["Age group", "Men", "Women", "Total"], ["0-14", "512", "498", "1,010"], ["15-24", "301", "295", "596"],
        ["25-44", "688", "701", "1,389"], ["45-64", "640", "655", "1,295"], ["65-79", "290", "330", "620"],
        ["80+", "88", "140", "228"], ["All ages", "2,519", "2,619", "5,138"], ["Median age", "41.2", "43.9", "42.5"],
        ["Dependency", "0.52", "0.55", "0.53"],
    ],
    "courier": [
        ["District", "Cases", "Rate", "Change"], ["Northfield", "412", "3.1", "+0.4"], ["Lakeside", "208", "2.2", "-0.1"],
        ["Hillcrest", "977", "5.8", "+1.2"], ["Riverton", "64", "0.9", "0.0"],
    ],
    "beside_prose": [["Item", "Amount"], ["Salaries", "1,250"], ["Equipment", "310"], ["Travel", "95"]],
    "bold_leaders": [
        ["Account", "2023", "2024"], [f"Revenue {_leader('Revenue').strip()}", "800", "0.99"],
        [f"Expenses {_leader('Expenses').strip()}", "612", "1.05"],
        [f"Net result {_leader('Net result').strip()}", "188", "0.74"],
    ],
    "wrapped_spaced": [
        ["Measure", "Lead body", "Status"],
        ["Flood defences on the eastern coast", "Environment Agency", "Under way, second phase tendered"],
        ["Rail electrification", "Network Rail", "Complete"],
        ["Broadband for rural schools", "Education Department", "Delayed by procurement"],
    ],
    "run_on": [["Station", "Rain (mm)", "Days", "Max (C)"]]
    + [[f"Station {k}", f"{100 + k}.5", f"{10 + k}", f"2{k}.0"] for k in range(1, 7)],
    "short_rows": [["Outer 1", "Outer 2", "Long 1", "Long 2", "Inner", "Long 3"], ["A1", "B1", "C1", "D1", "E1", "F1"]]
    + [["", "", f"C{k}", f"D{k}", "", f"F{k}"] for k in range(2, 5)],
    "group_labels": [
        ["Background characteristic", "Any method", "Pill", "Number"], ["Caste/tribe", "", "", ""],
        ["Scheduled caste", "74.8", "9.7", "1,363"], ["Scheduled tribe", "59.3", "6.4", "256"],
        ["Wealth index", "", "", ""], ["Lowest", "64.5", "10.5", "1,258"], ["Highest", "78.3", "9.7", "733"],
    ],
    "glued_values": [["State", "Revenue", "Capital", "Total"]] + [list(row) for row in GLUED_ROWS],
    "sideways_headings": [
        ["Township", "Registered", "Turnout", "Brian Calley"], ["Alcona", "963", "439", "55"],
        ["Curtis", "1026", "349", "30"], ["Gustin", "611", "180", "22"],
    ],
    "open_stub": [
        ["", "Yes", "No", "Blank"], ["Alcona", "321", "84", "7"], ["Caledonia", "257", "118", "3"],
        ["Curtis", "228", "105", "0"],
    ],
    "totals_strip": [
        ["", "Yes", "No", "Blank"], ["Alcona", "321", "84", "7"], ["Caledonia", "257", "118", "3"],
        ["Totals", "578", "202", "10"],
    ],
    "glued_headings": [
        ["Fund", "Period ending", "", "Change"], ["", "12/31/2010", "6/30/2011", ""],
        ["Equity", "1,020", "1,044", "+2.4"], ["Bonds", "2,310", "2,298", "-0.5"], ["Cash", "400", "452", "+13.0"],
    ],
    "leader_labels": [
        ["Offense charged, all persons arrested in 2011", "Total", "Under 18"], ["Violent crime " + _dots("Violent crime").strip(), "467.9", "69.1"],
        ["Murder and nonnegligent manslaughter " + _dots("manslaughter").strip(), "10.0", "0.9"],
        ["Prostitution and commercialized vice " + _dots("Prostitution and commercialized vice").strip(), "56.9", "1.1"],
        ["Robbery " + _dots("Robbery").strip(), "102.1", "25.5"],
    ],
    "open_sides": [
        ["# layers", "TED", "mAP", "Time (secs)"], ["6", "0.955", "0.88", "2.73"], ["4", "0.927", "0.853", "1.97"],
        ["2", "0.942", "0.857", "1.22"],
    ],
    "wide_gutter": [
        ["Region", "2022", "2023", "Share", "Rank"], ["North", "1,204", "1,250", "31.2", "2"],
        ["South", "987", "1,002", "25.1", "3"], ["East", "1,311", "1,370", "34.3", "1"], ["West", "350", "371", "9.4", "4"],
    ],
    "ruled_rows": [
        ["Programme", "Budget", "Status"], ["Rural roads and bridges", "120.5", "Under way, second phase"],
        ["Schools", "88.0", "Complete"], ["Water supply networks", "45.3", "Delayed by procurement"],
    ],
    "caption_label": [
        ["State", "Revenue", "Capital", "Total"], ["Assam", "14,874", "161", "15,035"],
        ["Bihar", "21,016", "5,329", "26,345"], ["Goa", "4,055", "330", "4,385"],
    ],
}
UNCERTAIN = "wrapped_tight"   # must say its structure is a guess, whatever grid it gives
CHART = "chart"
HATCHING = "hatching"
LISTING = "listing"


def main(out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for name, draw in CASES.items():
        path = out / f"{name}.pdf"
        c = _canvas(path)
        draw(c)
        c.showPage()
        c.save()
        written[name] = path
    return written


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
