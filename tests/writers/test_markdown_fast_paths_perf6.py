"""The Markdown writer's shortcuts of perf6 give what the paths they skip give, and are taken.

A run of one run of one text (a word processor's bold italic: ``Strong([Emphasis([Text])])``, or emphasis
around strong, which is normalised to strong outside) is composed in the one pass, its inside resolved on its
own as the general path resolves it; resolve reads the characters around a run with one space at an edge (a
word processor's run ends with one) at once; a run's edge whitespace is stripped, not searched for
(_edges). Each is run beside the reference composition (or the patterns it replaced) on random sequences,
escaping-heavy and hostile text included; a second test of each shows the shortcut is the one taken.
"""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenconv.ir.nodes import Code, Emphasis, HardBreak, Link, NoteRef, Strikethrough, Strong, Text, Underline
from zenconv.writers.markdown.delimiters import DELIMITERS, resolve
from zenconv.writers.markdown.escape import HARD
from zenconv.writers.markdown.inlines import _SPACE_OR_HARD, InlineRenderer, _edges

from .reference_compose import renderer_pair

# Characters that matter to the escaping, the line starts, the flanking rules and the URL policy.
ALPHABET = list("*_[]()<>!#&\\`|~=-+.:;$^%\"' \t\n\r\x00\x1b\x7f\x85\u00a0\u2003aZ9é中") + [
    "http://", "&amp;", "&#x41;", "# ", "- ", "1. ", "> ", "javascript:", "://", "~~", "**", "***"]
hostile = st.lists(st.sampled_from(ALPHABET), max_size=6).map("".join)
# Text as readers give it most: words, a space at a run's end, punctuation after it.
calm = st.lists(st.sampled_from(["lorem", "ipsum", " ", ".", ",", "(a)", "é", "x-y", "1.5", "!", "?"]),
                min_size=1, max_size=5).map("".join)
texts = st.one_of(calm, calm, hostile)
KINDS = [Strong, Emphasis, Strikethrough]
SETTINGS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

nested_run = st.tuples(st.sampled_from(KINDS), st.sampled_from(KINDS + [Underline]), texts).map(
    lambda t: t[0]([t[1]([Text(t[2])])]))
node = st.one_of(
    texts.map(Text), texts.map(Text), nested_run, nested_run,
    st.tuples(st.sampled_from(KINDS), texts).map(lambda t: t[0]([Text(t[1])])),
    st.tuples(calm, st.sampled_from(["https://example.com/a", "javascript:x", "#f"])).map(
        lambda t: Link([Text(t[0])], t[1])),
    calm.map(Code), st.just(HardBreak()), st.sampled_from([NoteRef("1"), NoteRef("2")]),
    # a nested run around two texts, or around a run of two: declined, for the general path
    st.tuples(st.sampled_from(KINDS), st.sampled_from(KINDS), texts, texts).map(
        lambda t: t[0]([t[1]([Text(t[2]), Text(t[3])])])),
    st.tuples(st.sampled_from(KINDS), st.sampled_from(KINDS), texts).map(lambda t: t[0]([t[1]([t[0]([Text(t[2])])])])))


@SETTINGS
@given(st.lists(node, max_size=7), st.sets(st.sampled_from(KINDS), max_size=2), st.booleans())
def test_sequences_with_nested_runs_are_written_as_the_reference_writes_them(inlines, within, in_link):
    (fast, fast_reports), (reference, reference_reports) = renderer_pair()
    for finish in ("paragraph", "heading", "cell"):
        assert getattr(fast, finish)(inlines) == getattr(reference, finish)(inlines), finish
    within = frozenset(within)
    assert fast.compose(inlines, in_link=in_link, within=within) == \
        reference.compose(inlines, in_link=in_link, within=within)
    assert fast_reports == reference_reports


def one_pass_is_the_reference(inlines, how):
    """The one pass's composition of ``inlines`` (``how``: in a cell, the mode) against the reference's, where
    it composes them; it reports nothing either way. The two renderers, for more checks."""
    (fast, fast_reports), (reference, _) = renderer_pair()
    cell, mode = how
    plain = fast._plain(inlines, cell, False, frozenset(), mode)
    assert not fast_reports
    if plain is not None:
        assert plain == reference.compose(inlines, cell=cell, mode=mode)
    return fast, reference


@SETTINGS
@given(st.lists(st.one_of(calm.map(Text), nested_run, nested_run), min_size=1, max_size=7),
       st.sampled_from([(False, "block"), (False, "heading"), (True, "cell"), (False, None)]))
def test_the_one_pass_composition_of_nested_runs_is_the_general_one(inlines, how):
    # Whatever the one pass composes is what the reference composes; it reports nothing, composing or not.
    one_pass_is_the_reference(inlines, how)


def test_bold_italic_is_composed_in_one_pass(monkeypatch):
    fast, _ = renderer_pair()[0]

    def refuse(*args):
        raise AssertionError("composed the general way")

    monkeypatch.setattr(InlineRenderer, "_compose", refuse)
    inlines = [Text("a "), Strong([Emphasis([Text("bold italic ")])]), Text("then "),
               Emphasis([Strong([Text("italic bold")])]), Text(" and "), Strikethrough([Strong([Text("gone")])]),
               Text(".")]
    # (A run whose inside ends with a delimiter, before punctuation, may close either way: HTML.)
    assert fast.paragraph(inlines) == "a ***bold italic*** then ***italic bold*** and <s>**gone**</s>."
    assert fast.paragraph([Text("in"), Strong([Emphasis([Text("word")])]), Text("s")]) == \
        "in<strong>*word*</strong>s"
    with pytest.raises(AssertionError):  # a text needing escapes goes the general way
        fast.paragraph([Strong([Emphasis([Text("a*b")])])])
    with pytest.raises(AssertionError):  # so does a run after a run of its kind, which normalising merges
        fast.paragraph([Strong([Text("a")]), Emphasis([Strong([Text("b")])])])


def test_a_run_with_one_space_at_an_edge_reads_its_neighbours():
    strong = DELIMITERS[Strong]
    pieces = ["some", " **word** ", "more"]
    assert resolve(pieces, [(1, " ", "word", " ", strong)], [], "block") == "some **word** more"
    pieces = ["some ", "**word** "]  # the last piece: the character after its space is the block's end
    assert resolve(pieces, [(1, "", "word", " ", strong)], [], "block") == "some **word** "
    pieces = [" **word**", "."]
    assert resolve(pieces, [(0, " ", "word", "", strong)], [], None) == " **word**."


# --- a run's edges, stripped -----------------------------------------------------------------------

def test_the_edge_characters_are_what_the_patterns_took():
    # _edges strips _SPACE_OR_HARD where the composition matched [\s\x00]* at the start and searched
    # (?<![\s\x00])[\s\x00]*$ from it: the set is every character \s and str.isspace take, and HARD.
    space = re.compile(r"\s")
    chars = "".join(chr(c) for c in range(sys.maxunicode + 1) if space.match(chr(c)) or chr(c) == HARD)
    assert sorted(_SPACE_OR_HARD) == sorted(chars)
    assert all(ch.isspace() for ch in chars if ch != HARD)


LEADING = re.compile(r"[\s\x00]*")
TRAILING = re.compile(r"(?<![\s\x00])[\s\x00]*$")


@SETTINGS
@given(st.lists(st.sampled_from(ALPHABET + ["\x00", "\u3000", "\x1c", "\u200b", "a b"]), max_size=8).map("".join))
def test_edges_are_what_the_patterns_found(text):
    lead = LEADING.match(text).group()
    trail = TRAILING.search(text).group() if len(lead) < len(text) else ""
    assert _edges(text) == (lead, text[len(lead): len(text) - len(trail)], trail)


# --- a list's marker -------------------------------------------------------------------------------

ODD_LABELS = [None, "1.", "2)", "1", "10.", "0.", "a.", "(ii)", "1.2.", "", ".", "12)", "999999999.", "1000000000."]


@st.composite
def list_labels(draw):
    """A list's start and labels: most often its plain sequence with one delimiter, the odd one changed."""
    start = draw(st.sampled_from([0, 1, 2, 3, 9, 10, -1, 999999998, 999999999]))
    delimiter = draw(st.sampled_from([".", ")", "", ":", None]))
    count = draw(st.integers(0, 4))
    labels = [None if delimiter is None else f"{start + i}{delimiter}" for i in range(count)]
    if labels and draw(st.booleans()):
        labels[draw(st.integers(0, count - 1))] = draw(st.sampled_from(ODD_LABELS))
    return start, labels


@SETTINGS
@given(list_labels(), st.booleans(), st.sampled_from([None, (True, "."), (True, ")"), (False, "-"), (False, "*")]))
def test_a_lists_marker_is_what_it_was(start_labels, ordered, previous):
    from zenconv.ir.nodes import List, ListItem, Paragraph
    from zenconv.writers.markdown.writer import _list_marker

    from .reference_blocks import list_marker

    start, item_labels = start_labels
    block = List([ListItem([Paragraph([Text("x")])], label=label) for label in item_labels], ordered, start)
    assert _list_marker(block, previous) == list_marker(block, previous)


# --- a code span ---------------------------------------------------------------------------------

@SETTINGS
@given(st.lists(st.one_of(calm.map(Text), hostile.map(Code), calm.map(Code), st.just(Code(" x ")), st.just(Code("  "))),
                min_size=1, max_size=4), st.sampled_from([(False, "block"), (True, "cell"), (False, None)]))
def test_code_spans_in_one_pass_are_what_code_span_writes(inlines, how):
    fast, reference = one_pass_is_the_reference(inlines, how)
    assert fast.paragraph(inlines) == reference.paragraph(inlines)
    assert fast.cell(inlines) == reference.cell(inlines)


def test_a_plain_code_span_skips_code_span(monkeypatch):
    from zenconv.writers.markdown import inlines as module

    fast, _ = renderer_pair()[0]

    def refuse(*args):
        raise AssertionError("code_span called")

    monkeypatch.setattr(module, "code_span", refuse)
    assert fast.paragraph([Text("call "), Code("f(x)"), Text(" now")]) == "call `f(x)` now"
    with pytest.raises(AssertionError):  # a backtick inside needs a longer fence
        fast.paragraph([Text("call "), Code("a`b"), Text(" now")])
