"""The Markdown writer finds runs of line ends and of spaces with regular expressions, in C where the
deadline's checkpoints do not reach: each must stay linear however long a run is."""

from __future__ import annotations

from zenconv.writers.markdown.escape import finish_block
from zenconv.writers.markdown.inlines import _tagged

from ..apart import run_apart


def test_runs_inside_a_block_are_scanned_once():
    # A run of line ends (or spaces) not at the end of the text was scanned to its end from each of its
    # characters: a paragraph of 40,000 <br> took 4 s to write, a million hours. Run apart, so that a
    # return of it fails here instead of hanging the suite.
    script = ("from zenconv.writers.markdown.escape import finish_block\n"
              "from zenconv.writers.markdown.inlines import _tagged\n"
              "finish_block('a' + '\\n' * 1_000_000 + 'b')\n"
              "finish_block('a' + '\\x00' * 1_000_000 + 'b')\n"
              "_tagged('em', 'a' + ' ' * 1_000_000 + 'b')\n")
    run_apart(script)


def test_edge_runs_are_still_found():
    assert finish_block("a\n\n\nb\n\n") == "a\n&#10;&#10;b&#10;&#10;"
    assert _tagged("em", " \x00a b \n") == " \x00<em>a b</em> \n"
    assert _tagged("em", "   ") == "   "
