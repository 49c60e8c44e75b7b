"""A glyph drawn twice at one spot is kept once; the search for the earlier copy is bounded however large the
glyph (``runs._overprinted``)."""

from __future__ import annotations

import random

from zenconv_plugins.pdf import runs
from zenconv_plugins.pdf.capture import Glyph
from zenconv_plugins.pdf.fonts import FontStyle

PLAIN = FontStyle("Helvetica", False, False, False, -0.2)


def glyph(text, x, y, size=10.0, width=None):
    width = size * 0.5 if width is None else width
    return Glyph(text, x, y, x + width, y + size, size, PLAIN)


def grid_scan(cells, glyphs, g, near):
    """The search as the grid alone answers it: every cell of the square, by column then row."""
    column, row = int(g.x0 // runs._CELL), int(g.y0 // runs._CELL)
    reach = int(near // runs._CELL) + 1
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            for index in cells.get((column + dx, row + dy), ()):
                other = glyphs[index]
                if -near < other.x0 - g.x0 < near and -near < other.y0 - g.y0 < near:
                    return index
    return None


def test_fake_bold_is_kept_once_and_distinct_letters_stay():
    line = [glyph(c, 72 + 6 * i, 700) for i, c in enumerate("bold")]
    again = [glyph(g.text, g.x0 + 0.3, g.y0) for g in line]  # the second pass of fake bold
    kept = runs.without_overprints(line + again)
    assert "".join(g.text for g in kept) == "bold"


def test_the_sparse_search_answers_as_the_grid_does():
    # Wide tolerances over few filled cells take the sparse search; it must find the same earlier glyph.
    rnd = random.Random(15)
    taken = 0
    for _ in range(400):
        glyphs = [glyph(rnd.choice("ab"), rnd.uniform(0, 300), rnd.uniform(0, 300)) for _ in range(rnd.randint(1, 12))]
        cells: dict = {}
        for index, g in enumerate(glyphs):
            cells.setdefault((int(g.x0 // runs._CELL), int(g.y0 // runs._CELL)), []).append(index)
        probe = glyph("a", rnd.uniform(0, 300), rnd.uniform(0, 300))
        near = rnd.choice((0.5, 3.0, 15.0, 40.0, 120.0))
        reach = int(near // runs._CELL) + 1
        taken += reach > 2 and (2 * reach + 1) ** 2 > len(cells)
        assert runs._overprinted(cells, glyphs, probe, near) == grid_scan(cells, glyphs, probe, near)
    assert taken > 200


def test_a_line_of_huge_glyphs_is_searched_in_few_steps(monkeypatch):
    # At size 2,000 a glyph's tolerance spans 103 × 103 cells: the grid alone would look in 3 million
    # cells for these 300 glyphs, the filled cells are a few hundred.
    looked = []

    class Cells(dict):
        def get(self, key, default=None):
            looked.append(1)
            return super().get(key, default)

        def items(self):
            looked.extend([1] * len(self))
            return super().items()

    search = runs._overprinted
    monkeypatch.setattr(runs, "_overprinted", lambda cells, glyphs, g, near: search(Cells(cells), glyphs, g, near))
    line = [glyph("x", 72 + 1000 * i, 700, size=2000) for i in range(300)]
    assert len(runs.without_overprints(line)) == 300  # a glyph apart from the others is no overprint
    assert len(looked) < 100_000
