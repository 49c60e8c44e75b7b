"""Review comments as notes (zenconv_plugins.comments): the attribution, threads, and how they are written."""

from __future__ import annotations

from zenconv.ir import Document, NoteRef, Paragraph, Table, Text
from zenconv.ir.nodes import Cell, Row
from zenconv_plugins.comments import Comment, attribution, comment_note, thread_roots

from .apart import run_apart
from .writers.conftest import write_with


def test_the_attribution_states_what_the_source_states():
    assert attribution(Comment(author="John Reviewer", initials="JR", date="2026-06-18T17:35:35.236")) == \
        "Comment by John Reviewer (JR), 2026-06-18T17:35:35:"
    assert attribution(Comment(author="Jane", initials="Jane"), reply=True) == "Reply by Jane:"
    assert attribution(Comment(initials="JS")) == "Comment by JS:"
    assert attribution(Comment(date="2026-01-01")) == "Comment, 2026-01-01:"
    assert attribution(Comment(author="  A\n  long\tname ")) == "Comment by A long name:"


def test_a_thread_is_one_note_written_as_a_footnote_where_it_is_anchored():
    note = comment_note("c0", [Comment([Paragraph([Text("Why Python?")])], "John Reviewer", "JR", "2026-01-01T00:00:00"),
                               Comment([], "Jane Smith", None, None)])
    assert note.kind == "comment" and len(note.blocks) == 2
    doc = Document([Paragraph([Text("Python is great"), NoteRef("c0")])], notes=[note])
    assert write_with("markdown", doc).text == (
        "Python is great[^1]\n\n"
        "[^1]: *Comment by John Reviewer (JR), 2026-01-01T00:00:00:* Why Python?\n\n"
        "    *Reply by Jane Smith:*\n")


def test_a_comment_on_a_cell_is_referenced_in_the_cell():
    note = comment_note("A1", [Comment([Paragraph([Text("check")])], "Ann")])
    table = Table(rows=[Row([Cell([Text("1000"), NoteRef("A1")], header=True)])])
    md = write_with("markdown", Document([table], notes=[note])).text
    assert md.splitlines()[0] == "| 1000[^1] |"
    assert md.endswith("[^1]: *Comment by Ann:* check\n")


class _Context:
    """What comment_note asks of a reader's context: its options and its reports."""

    def __init__(self, **options) -> None:
        self.options, self.reports = options, []

    def code(self, what: str) -> str:
        return f"zz.{what}"

    def report(self, code: str, *args, detail=None, **_) -> None:
        self.reports.append((code, detail))


def test_a_long_attribution_is_cut_at_its_bound_and_reported():
    long_name = "N" * 250
    thread = [Comment([Paragraph([Text("Hm.")])], long_name, None, "2026-01-01"), Comment([], "Bo", None, None)]
    ctx = _Context()
    lead = comment_note("c1", thread, ctx).blocks[0].children[0].children[0].text
    assert lead == f"Comment by {'N' * 200}, 2026-01-01:" and ctx.reports == [("zz.attribution-cut", "c1")]
    ctx = _Context(max_attribution_chars=10)
    assert comment_note("c1", thread, ctx).blocks[0].children[0].children[0].text == "Comment by NNNNNNNNNN, 2026-01-01:"
    ctx = _Context(max_attribution_chars=300)
    comment_note("c1", thread, ctx)
    assert ctx.reports == []  # within the bound: nothing cut, nothing reported


def test_a_reader_reports_the_cut_and_records_the_bound():
    import zenconv

    from .docx.conftest import FX

    body = FX.p(runs=FX.r("Text") + '<w:r><w:commentReference w:id="1"/></w:r>')
    data = FX.with_comments(body, FX.comment("1", FX.p("Why?"), author="A" * 300))
    result = zenconv.convert(data, to="markdown", name="c.docx", max_attribution_chars=50)
    assert result.reports["docx.attribution-cut"] == 1 and f"*Comment by {'A' * 50}:*" in result.output.decode()
    assert result.manifest["limits"]["max-attribution-chars"] == 50


def test_threads_follow_parents_to_the_first_comment():
    parent_of = {"a": None, "b": "a", "c": "b", "d": "gone", "x": "y", "y": "x", "t": "x"}
    assert thread_roots(parent_of) == {"a": "a", "b": "a", "c": "a",  # a chain of replies
                                       "d": "d",                      # a missing parent: a thread of its own
                                       "x": "x", "y": "y", "t": "x"}  # each on a loop alone; its reply joins it


def test_a_long_chain_of_replies_is_followed_once():
    # Run apart: following each comment's parents from scratch was quadratic (hours for this chain).
    script = ("from zenconv_plugins.comments import thread_roots\n"
              "n = 200_000\n"
              "roots = thread_roots({str(i): str(i - 1) if i else None for i in range(n)})\n"
              "assert set(roots.values()) == {'0'}\n")
    run_apart(script, timeout=60)
