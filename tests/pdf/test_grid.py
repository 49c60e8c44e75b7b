"""The geometry-only grid: the reference readers' constants and worked examples, pinned."""

from __future__ import annotations

from zenconv_plugins.pdf.grid import (
    Cell,
    Row,
    Run,
    body_columns,
    build_table,
    find_tables,
    group_lines,
    join_cells,
    rows_of_cells,
)
from zenconv_plugins.pdf.grid.detect import Rule
from zenconv_plugins.pdf.grid.lattice import find_lattices
from zenconv_plugins.pdf.grid.regroup import Line
from zenconv_plugins.pdf.grid.table import pieces_text


def run(x, y, text, width=None, size=7.0):
    return Run(x, y, width if width is not None else len(text) * size * 0.5, size, text)


def cell(x, y, text, width=None, size=7.0):
    return Cell(x, y, width if width is not None else len(text) * size * 0.5, size, [(text, None)])


def test_runs_two_points_apart_at_seven_points_join_with_a_space():
    # 2 ≤ 0.35 × 7 = 2.45 joins them; 2 > 0.1 × 7 = 0.7 puts a space between.
    cells = join_cells([run(85, 759, "PANDA", 20), run(107, 759, "(model 319)", 36)])
    assert [c.text for c in cells] == ["PANDA (model 319)"]


def test_runs_further_apart_than_the_join_gap_are_two_cells():
    cells = join_cells([run(85, 759, "PANDA", 20), run(108, 759, "(model 319)", 36)])
    assert [c.text for c in cells] == ["PANDA", "(model 319)"]


def test_whitespace_runs_never_bridge_columns():
    cells = join_cells([run(85, 759, "A", 5), run(90, 759, "      ", 200), run(300, 759, "B", 5)])
    assert [c.text for c in cells] == ["A", "B"]


def test_a_value_three_points_above_its_label_shares_its_row_by_overlap():
    # MINI on baseline 759, its 0,0% on 762: 4 pt of overlap against the 2.8 pt required.
    rows = rows_of_cells([cell(85, 759, "MINI (model 103)"), cell(380, 762, "0,0%")])
    assert [[c.text for c in r.cells] for r in rows] == [["MINI (model 103)", "0,0%"]]


def test_a_cell_overlapping_less_than_forty_percent_starts_a_row():
    rows = rows_of_cells([cell(85, 769.9, "620 - Giulia", size=10), cell(572, 776.3, "5% LOYALTY", size=10)])
    assert len(rows) == 2


def test_columns_are_the_stretches_the_body_covers_not_its_left_edges():
    # Right-aligned numbers start at different x but cover one stretch; a label crossing the
    # gutter in one row of ten leaves the gutter a gutter.
    cells = [cell(60, y, "Region", 50) for y in range(10)]
    cells += [cell(200 - w, y, "9" * w, w) for y, w in enumerate((10, 20, 15, 30, 10, 25, 12, 18, 20, 30))]
    cells.append(cell(60, 0, "A label too long for its column", 120))
    columns = body_columns(cells, rows=10, min_width=2.5)
    assert [(round(b.start), round(b.end)) for b in columns] == [(60, 170), (170, 200)]


def test_a_column_few_rows_fill_is_still_a_column():
    cells = [cell(60, y, "Name", 40) for y in range(10)] + [cell(300, 0, "note", 20)]
    assert len(body_columns(cells, rows=10, min_width=2.5)) == 2


def test_cells_of_no_width_are_columns_at_their_point():
    # A font without glyph widths gives every cell no width (a fuzzed PDF): each x is still a column,
    # where the columns used to come out empty and the table's build raised.
    cells = [cell(x, y, "7", 0) for y in range(10) for x in (60, 200, 300)]
    assert [(b.start, b.end) for b in body_columns(cells, rows=10, min_width=2.25)] == [(60, 60), (200, 200), (300, 300)]


def test_a_cell_of_no_width_inside_a_column_neither_splits_nor_widens_it():
    # Touching cells stay one column; a point inside it, or where two touch, changes nothing.
    cells = [cell(60, y, "Region", 50) for y in range(10)] + [cell(110, y, "North", 40) for y in range(10)]
    plain = [(b.start, b.end) for b in body_columns(cells, rows=10, min_width=2.5)]
    assert plain == [(60, 150)]
    for x in (80, 110):
        assert [(b.start, b.end) for b in body_columns(cells + [cell(x, 3, "", 0)], rows=10, min_width=2.5)] == plain


def test_a_ruled_grid_is_a_lattice_and_a_missing_rule_a_span():
    xs, ys = (50, 150, 250, 350), (300, 280, 260)
    rules = [Rule(50, y, 350, y) for y in ys]
    rules += [Rule(x, 260, x, 300) for x in (50, 350)] + [Rule(x, 260, x, 280) for x in (150, 250)]
    (lattice,) = find_lattices(rules)
    assert [round(x) for x in lattice.xs] == list(xs) and [round(y) for y in lattice.ys] == list(ys)
    spans = [(g.row, g.column, g.row_span, g.col_span) for g in lattice.regions()]
    assert spans == [(0, 0, 1, 3), (1, 0, 1, 1), (1, 1, 1, 1), (1, 2, 1, 1)]


def test_the_tie_goes_to_the_anchor_below():
    lines = [
        Line(10.0, 3.0, [[("MINI", None)], [("0,0%", None)], []]),
        Line(1.0, -6.0, [[], [], [("Special 100 edition", None)]]),   # 2 pt from each anchor
        Line(-8.0, -15.0, [[("SEDAN", None)], [("16,0%", None)], []]),
    ]
    assert group_lines(lines).groups == [[0], [1, 2]]


def test_centred_tables_share_wrapped_names_evenly():
    named = lambda t: [[(t, None)], [], []]
    lines = [
        Line(100, 93, [[("SEDAN", None)], [("16,0%", None)], []]),
        Line(90, 83, named("WAGON base series 1")),
        Line(85, 78, [[], [("12,0%", None)], [("3% stock", None)]]),   # a value line with no name
        Line(80, 73, named("OPT JFS-JFR)")),
        Line(70, 63, named("COUPE")),
        Line(60, 53, [[], [("11,0%", None)], []]),
    ]
    # SEDAN took no name above, so none below: WAGON goes to the nameless anchor; that anchor
    # took one line above, so it takes one below (OPT JFS-JFR)); the last anchor gets the rest.
    assert group_lines(lines).groups == [[0], [1, 2, 3], [4, 5]]


def _row(cells):
    return Row(max(c.top for c in cells), min(c.y for c in cells), sorted(cells, key=lambda c: c.x))


def test_a_table_is_found_by_its_channels_and_prose_is_not():
    table = [_row([cell(60, y, "Name", 40), cell(200, y, "12", 10), cell(300, y, "x", 10)]) for y in (100, 90, 80, 70)]
    prose = [_row([cell(60, y, "a line of prose that fills the column from left to right", 300)]) for y in (60, 50, 40)]
    spans = find_tables(table + prose)
    assert [(s.start, s.end) for s in spans] == [(0, 4)]


def test_a_rule_under_the_first_row_marks_the_header():
    rows = [_row([cell(60, y, "Item", 30), cell(200, y, "Qty", 20)]) for y in (100, 88, 76)]
    rules = [Rule(55, 97, 260, 97), Rule(55, 110, 260, 110), Rule(55, 70, 260, 70)]
    (span,) = find_tables(rows, rules)
    assert span.header == 1 and span.ruled


def test_a_group_header_spans_the_columns_its_rule_reaches():
    header = [_row([cell(60, 120, "Model", 20), cell(220, 126, "TEDs", 18), cell(330, 120, "Time", 18)]),
              _row([cell(160, 114, "simple", 24), cell(215, 114, "complex", 28), cell(270, 114, "all", 10)])]
    body = [_row([cell(60, y, "OTSL", 20), cell(165, y, "0.9", 12), cell(220, y, "0.8", 12), cell(272, y, "0.7", 12),
                  cell(330, y, "2.7", 12)]) for y in (100, 88)]
    grid = build_table(header, body, rules=[Rule(160, 122, 300, 122)])
    top = [(h.column, h.col_span, h.row_span, pieces_text(h.pieces)) for h in grid.header[0]]
    assert top == [(0, 1, 2, "Model"), (1, 3, 1, "TEDs"), (4, 1, 2, "Time")]
    assert [pieces_text(h.pieces) for h in grid.header[1]] == ["simple", "complex", "all"]
    assert [[pieces_text(v) for v in r.values] for r in grid.rows][0] == ["OTSL", "0.9", "0.8", "0.7", "2.7"]
