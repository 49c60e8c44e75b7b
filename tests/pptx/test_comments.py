"""Review comments: each thread one note, its reference at the shape or the slide it is anchored to."""

from __future__ import annotations

import json

import pytest

import zenconv
from zenconv.ir import Note, NoteRef, walk
from zenconv.ir.serialize import document_to_data
from zenconv.reports import Unreadable
from zenconv_plugins.pptx.comments import Commentary

from .conftest import read_deck


def markdown(path, **options) -> tuple[str, dict[str, int]]:
    result = zenconv.convert(path, **options)
    return result.output.decode(), {r["code"]: r["count"] for r in result.manifest["reports"]}


def section(md: str, heading: str) -> list[str]:
    """The lines of the slide under ``heading`` up to the next slide or the notes."""
    lines = md.splitlines()
    start = lines.index(heading)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(("# ", "[^")))
    return lines[start:end]


def note(md: str, number: int) -> list[str]:
    """The lines of footnote ``number``, up to the next one."""
    lines = md.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"[^{number}]: "))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[^")), len(lines))
    return lines[start:end]


def test_a_legacy_thread_is_one_note_referenced_on_the_title(decks):
    md, codes = markdown(decks["comments"])
    assert section(md, "# Budget[^1][^2]") == ["# Budget[^1][^2]", "", "-   Costs rose", ""]
    assert note(md, 1) == [
        "[^1]: *Comment by John Reviewer (JR), 2026-01-01T00:00:00:* Check the figure",
        "",
        "    *Reply by Jane Smith (JS), 2026-06-18T17:35:35:* Checked.",
        "",
        "    It holds.",
        "",
    ]
    assert note(md, 2) == ["[^2]: *Comment by Jane Smith (JS), 2026-06-19T09:00:00:* Source?", ""]
    assert "pptx.comments-dropped" not in codes


def test_modern_comments_at_their_shape_group_or_slide(decks):
    md, _ = markdown(decks["comments"])
    # On the slide, and on a shape that is not on it: the title. On a shape: after its last paragraph.
    # On a group: after the group's last shape in reading order.
    assert section(md, "# Plan[^3][^4]") == [
        "# Plan[^3][^4]", "", "Phase one", "", "Phase two[^5]", "", "Left", "", "Right[^6]", ""]
    assert note(md, 3) == ["[^3]: *Comment by Jane Smith (JS), 2026-06-21T08:00:00:* Whole slide", ""]
    assert note(md, 4) == ["[^4]: *Comment by Bob Stone (BS), 2026-06-22T08:00:00:* Shape gone", ""]
    assert note(md, 5) == [  # the thread's reply is part of its note, the text keeps its bold run
        "[^5]: *Comment by Bob Stone (BS), 2026-06-18T17:37:55:* Too **vague**",
        "",
        "    Say when.",
        "",
        "    *Reply by Jane Smith (JS), 2026-06-19T10:00:00:* Agreed",
        "",
    ]
    assert note(md, 6) == ["[^6]: *Comment by Jane Smith (JS), 2026-06-20T08:00:00:* On the group", ""]


def test_without_a_title_the_first_text_block_without_text_no_reference(decks):
    md, _ = markdown(decks["comments"])
    assert section(md, "# Slide 3") == ["# Slide 3", "", "Loose notes[^7]", ""]
    assert section(md, "# Slide 4") == ["# Slide 4", ""]
    assert md.endswith("[^9]: *Comment by Bob Stone (BS), 2026-06-24T08:00:00:* Empty slide?\n")
    assert "[^9]" not in md[:md.index("[^1]: ")]


def test_the_notes_in_the_ir(decks):
    result = read_deck(decks["comments"])
    refs = [n.note_id for n in walk(list(result.document.blocks)) if isinstance(n, NoteRef)]
    notes = result.document.notes
    assert all(isinstance(n, Note) and n.kind == "comment" for n in notes)
    assert [n.id for n in notes] == ["comment-0-1", "comment-1-2", "comment-C1", "comment-C2", "comment-C3",
                                     "comment-C4", "comment-C5", "comment-C6", "comment-0-3"]
    assert sorted(refs) == sorted(set(n.id for n in notes) - {"comment-C6"})


def test_comments_drop_reports_each_comment_and_carries_none(decks):
    md, codes = markdown(decks["comments"], comments="drop")
    assert codes["pptx.comments-dropped"] == 10  # legacy replies are comments of their own in the part
    assert "[^" not in md
    assert "# Budget" in md.splitlines() and "Phase two" in md.splitlines()
    assert not read_deck(decks["comments"], comments="drop").document.notes


def test_a_skipped_hidden_slide_takes_its_comments_with_it(decks):
    md, codes = markdown(decks["comments"], hidden="skip")
    assert "Hidden remark" not in md and "# Secret" not in md
    assert codes["pptx.hidden-slide-skipped"] == 1
    assert "pptx.comments-dropped" not in codes
    assert md.endswith("[^8]: *Comment by Bob Stone (BS), 2026-06-24T08:00:00:* Empty slide?\n")


def test_byte_identical_twice(decks):
    first, second = (zenconv.convert(decks["comments"]) for _ in range(2))
    assert first.output == second.output
    assert json.dumps(document_to_data(read_deck(decks["comments"]).document), sort_keys=True) == \
        json.dumps(document_to_data(read_deck(decks["comments"]).document), sort_keys=True)


def test_a_repeated_source_id_still_gives_unique_note_ids():
    ids = Commentary(None, None, "").note_id
    assert [ids("{C1}"), ids("{C1}"), ids("C1-2"), ids("<x>" * 100)] == \
        ["comment-C1", "comment-C1-2", "comment-C1-2-2", "comment-" + "x" * 64]


@pytest.mark.parametrize("name, code", [("comments-malformed", "pptx.xml-malformed"),
                                        ("comments-deep", "pptx.xml-too-deep")])
def test_a_hostile_comments_part_is_refused_as_any_part(decks, name, code):
    for comments in ("keep", "drop"):
        with pytest.raises(Unreadable) as caught:
            read_deck(decks[name], comments=comments)
        assert caught.value.code == code
