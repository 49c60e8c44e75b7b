"""The Markdown writer's shortcuts of perf5 give what the paths they skip give, and are taken.

Each shortcut is run beside the path it spares on random inputs (hypothesis), escaping-heavy ones
included: a paragraph, heading or cell of one text (compose() skipped), a one-line block finished without
_fix_line, a plain link's URL taken as its destination (UrlPolicy.plain_link), resolve's common run and
its one-character neighbour. A second test of each shows the shortcut is the one taken (but for the last:
since perf6 resolve reads every neighbour at once, with no peek left to spare).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenconv.ir.nodes import Code, Emphasis, HardBreak, Link, NoteRef, Strikethrough, Strong, Text
from zenconv.ir.resources import ResourceStore
from zenconv.writers.markdown import escape
from zenconv.writers.markdown.delimiters import DELIMITERS, resolve
from zenconv.writers.markdown.escape import HARD, _fix_line, finish_block, finish_cell, finish_heading
from zenconv.writers.markdown.inlines import InlineRenderer, destination
from zenconv.writers.urls import UrlPolicy

from .reference_compose import renderer_pair
from .reference_resolve import Run, resolve as reference_resolve

# Characters that matter to the escaping, the line starts, the flanking rules and the URL policy.
ALPHABET = list("*_[]()<>!#&\\`|~=-+.:;$^%\"' \t\n\r\x00\x1b\x7f\x85\u00a0\u2003aZ9é中") + [
    "http://", "https://e.com/", "&amp;", "&#x41;", "# ", "- ", "1. ", "> ", "javascript:", "://", "~~", "**"]
texts = st.lists(st.sampled_from(ALPHABET), max_size=8).map("".join)
SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- a block of one text --------------------------------------------------------------------------

@SETTINGS
@given(texts)
def test_one_text_is_finished_as_compose_finishes_it(text):
    (fast, fast_reports), (reference, reference_reports) = renderer_pair()
    inlines = [Text(text)]
    assert fast.paragraph(inlines) == finish_block(reference.compose(inlines, mode="block"))
    assert fast.heading(inlines) == finish_heading(reference.compose(inlines, mode="heading"))
    assert fast.cell(inlines) == finish_cell(reference.compose(inlines, cell=True, mode="cell"))
    assert fast_reports == reference_reports


def test_one_plain_text_skips_compose(monkeypatch):
    fast, _ = renderer_pair()[0]

    def refuse(*args):
        raise AssertionError("composed")

    monkeypatch.setattr(InlineRenderer, "_inlines", refuse)
    assert fast.paragraph([Text("plain words.")]) == "plain words."
    assert fast.heading([Text("A title")]) == "A title"
    assert fast.cell([Text("a cell")]) == "a cell"
    with pytest.raises(AssertionError):
        fast.paragraph([Text("needs *escaping*")])


# --- a one-line block ----------------------------------------------------------------------------

@SETTINGS
@given(texts)
def test_a_one_line_block_is_finished_as_fix_line_finishes_it(text):
    line = text.replace("\n", "").replace(HARD, "")
    assert finish_block(line) == _fix_line(line)


def test_a_plain_line_skips_fix_line(monkeypatch):
    def refuse(line):
        raise AssertionError("fixed")

    monkeypatch.setattr(escape, "_fix_line", refuse)
    assert finish_block("plain words, (a) b.") == "plain words, (a) b."
    with pytest.raises(AssertionError):
        finish_block("# a heading's look")


# --- a plain link --------------------------------------------------------------------------------

SCHEMES = ["http", "https", "HTTPS", "mailto", "javascript", "data", "", "ht tp", "jav\tascript", "&#104;ttps"]
urls = st.tuples(st.sampled_from(SCHEMES), st.sampled_from([":", "://", "&#58;", "%3a", ""]),
                 st.lists(st.sampled_from(list("abcXYZ019-._~:/?#[]@!$()*+,;=%&<>\"'\\`| \t\x00\x85é{}^")
                                          + ["&amp;", "%41", "a.png", "\u200b"]), max_size=10).map("".join)
                 ).map("".join)


NAMED = ["a.png", "https://example.com/a", "mailto:a@b.c", "#frag", "child", "https://example.com/child",
         "https://example.com/res", "https://example.com/svg"]


@SETTINGS
@given(st.one_of(urls, st.sampled_from(NAMED)))
def test_a_plain_link_is_its_verdict_and_its_destination(url):
    class Children:
        def url(self, key):
            return "child.md" if key.endswith("child") else None

    store = ResourceStore()
    png = store.get(store.add(b"\x89PNG\r\n\x1a\n" + b"0" * 16, "a.png", "image/png"))
    svg = store.get(store.add(b"<svg/>", "b.svg", "image/svg+xml"))

    class Resources:  # names a store could not give (":" is replaced), to hold plain_link to link's order
        def get(self, name):
            return {"a.png": png, "https://example.com/res": png, "https://example.com/svg": svg}.get(name)

    policy = UrlPolicy(Resources(), lambda name: "media/" + name, children=Children())
    plain = policy.plain_link(url)
    if plain is not None:
        assert plain == policy.link(url).url
        for cell in (False, True):
            assert "<" + plain + ">" == destination(plain, cell)


def test_a_plain_link_needs_no_verdict(monkeypatch):
    fast, _ = renderer_pair()[0]

    def refuse(self, target):
        raise AssertionError("judged")

    monkeypatch.setattr(UrlPolicy, "link", refuse)
    assert UrlPolicy(None, str).plain_link("https://example.com/a?b=(1)") == "https://example.com/a?b=(1)"
    assert fast.paragraph([Text("see "), Link([Text("a link")], "https://example.com/0/0"), Text(".")]) == \
        "see [a link](<https://example.com/0/0>)."
    with pytest.raises(AssertionError):
        fast.paragraph([Text("see "), Link([Text("a link")], "https://example.com/a b"), Text(".")])


# --- whole sequences of the one-pass composition's shapes ------------------------------------------

node = st.one_of(
    texts.map(Text),
    st.tuples(st.sampled_from([Strong, Emphasis, Strikethrough]), texts).map(lambda kt: kt[0]([Text(kt[1])])),
    st.tuples(texts, st.one_of(urls, st.sampled_from(["https://example.com/0/1", "a.png", "#x"])),
              st.sampled_from([None, "t", 'a "t"'])).map(lambda t: Link([Text(t[0])], t[1], t[2])),
    texts.map(Code), st.just(HardBreak()), st.sampled_from([NoteRef("1"), NoteRef("2")]))
# Text as readers give it most: words, spaces and full stops around runs of words and links.
calm = st.lists(st.sampled_from(["lorem", " ", ".", ",", "(a)", "é", "x-y", "1.5"]), min_size=1, max_size=5).map("".join)
calm_node = st.one_of(
    calm.map(Text),
    st.tuples(st.sampled_from([Strong, Emphasis, Strikethrough]), calm).map(lambda kt: kt[0]([Text(kt[1])])),
    calm.map(lambda t: Link([Text(t)], "https://example.com/" + t.replace(" ", ""))), st.just(Code("x_0")))


@SETTINGS
@given(st.lists(st.one_of(node, calm_node, calm_node), max_size=9))
def test_inline_sequences_are_written_as_the_reference_writes_them(inlines):
    (fast, fast_reports), (reference, reference_reports) = renderer_pair()
    for finish in ("paragraph", "heading", "cell"):
        assert getattr(fast, finish)(inlines) == getattr(reference, finish)(inlines), finish
    assert fast.compose(inlines, in_link=True) == reference.compose(inlines, in_link=True)
    assert fast_reports == reference_reports


# --- resolve ------------------------------------------------------------------------------------

run_or_text = st.one_of(
    st.sampled_from(["a", " ", ".", "*", "~", "(", ")", "\n", HARD, "ab", " a", "a ", "é", "[", "!", "中"]),
    texts.filter(bool),
    st.tuples(st.sampled_from(["", " ", "\n", HARD]), texts.filter(lambda t: t.strip(" \n\x00")),
              st.sampled_from(["", " ", "\n", HARD, "  "]), st.sampled_from([Strong, Emphasis, Strikethrough])
              ).map(lambda t: Run(t[0], t[1].strip(" \n\x00"), t[2], t[3])))


@SETTINGS
@given(st.lists(run_or_text, max_size=8), st.sampled_from(["block", "heading", "cell", None]))
def test_resolve_writes_what_the_reference_resolver_writes(pieces, mode):
    runs = [(i, p.lead, p.core, p.trail, DELIMITERS[p.kind]) for i, p in enumerate(pieces) if type(p) is Run]
    composed = [p if type(p) is str else p.lead + DELIMITERS[p.kind][0] + p.core + DELIMITERS[p.kind][0] + p.trail
                for p in pieces]
    links = [i for i, piece in enumerate(pieces) if type(piece) is str and piece[0] == "["]
    assert resolve(composed, runs, links, mode) == reference_resolve(pieces, mode)


def test_a_run_before_a_one_character_piece_reads_the_piece_after_it():
    # (resolve peeked past such a piece before perf6, which reads every neighbour at once: no _peek left)
    markup = DELIMITERS[Emphasis]
    pieces = ["some ", "*word*", ".", " more"]
    assert resolve(pieces, [(1, "", "word", "", markup)], [], "block") == "some *word*. more"
    pieces = ["some ", "*word*", " "]  # the last piece: the character after it is the block's end
    assert resolve(pieces, [(1, "", "word", "", markup)], [], "block") == "some *word* "
