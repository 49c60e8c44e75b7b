"""Review comments (office:annotation) as notes, in ODT and ODP: anchors, threads, drop, dangling, hostile."""

from __future__ import annotations

import io
import zipfile

import pytest

import zenconv
from zenconv.reports import Unreadable

from .conftest import read_odp, read_odt

_NS = " ".join(f'xmlns:{prefix}="{uri}"' for prefix, uri in (
    ("office", "urn:oasis:names:tc:opendocument:xmlns:office:1.0"),
    ("text", "urn:oasis:names:tc:opendocument:xmlns:text:1.0"),
    ("style", "urn:oasis:names:tc:opendocument:xmlns:style:1.0"),
    ("fo", "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"),
    ("draw", "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"),
    ("presentation", "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"),
    ("svg", "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"),
    ("dc", "http://purl.org/dc/elements/1.1/"),
    ("meta", "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"),
    ("loext", "urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0"),
))
_BOLD = ('<style:style style:name="T1" style:family="text">'
         '<style:text-properties fo:font-weight="bold"/></style:style>')


def package(body: str, kind: str = "text", styles: str = _BOLD) -> bytes:
    """An ODF package of one content.xml, as LibreOffice lays it out (mimetype first, stored)."""
    mimetype = f"application/vnd.oasis.opendocument.{'text' if kind == 'text' else 'presentation'}"
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_NS} office:version="1.3">'
               f"<office:automatic-styles>{styles}</office:automatic-styles>"
               f"<office:body><office:{kind}>{body}</office:{kind}></office:body></office:document-content>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("mimetype", mimetype, zipfile.ZIP_STORED)
        zf.writestr("content.xml", content)
    return out.getvalue()


def annotation(text: str, author: str | None = None, *, name: str | None = None, parent: str | None = None,
               date: str | None = None, initials: str = "") -> str:
    attributes = (f' office:name="{name}"' if name else "") + (f' loext:parent-name="{parent}"' if parent else "")
    return (f"<office:annotation{attributes}>" + (f"<dc:creator>{author}</dc:creator>" if author else "")
            + (f"<dc:date>{date}</dc:date>" if date else "") + initials
            + f"<text:p>{text}</text:p></office:annotation>")


def markdown(data: bytes, ext: str = "odt", **options) -> str:
    return zenconv.convert(data, to="markdown", name=f"comments.{ext}", **options).output.decode()


RANGES = package(
    "<text:p>The " + annotation('Why <text:span text:style-name="T1">this</text:span>?', "John Reviewer",
                                name="__Annotation__1", date="2026-01-01T10:00:00.123456789",
                                initials="<meta:creator-initials>JR</meta:creator-initials>")
    + 'contract term<office:annotation-end office:name="__Annotation__1"/> applies.</text:p>'
    + "<text:p>A point" + annotation("Here.", "Ann Lee", name="__Annotation__2",
                                     initials="<loext:sender-initials>AL</loext:sender-initials>")
    + " comment.</text:p>"
    + "<text:p>Across " + annotation("Both paragraphs.", "Cy", name="__Annotation__3") + "two</text:p>"
    + '<text:p>paragraphs<office:annotation-end office:name="__Annotation__3"/>.</text:p>')


def test_a_comment_is_a_note_referenced_where_its_range_ends_or_where_it_stands():
    assert markdown(RANGES) == (
        "The <mark>contract term</mark>[^1] applies.\n\n"  # the text a comment covers is marked
        "A point[^2] comment.\n\n"
        "Across <mark>two</mark>\n\n"
        "<mark>paragraphs</mark>[^3].\n\n"
        "[^1]: *Comment by John Reviewer (JR), 2026-01-01T10:00:00:* Why **this**?\n\n"
        "[^2]: *Comment by Ann Lee (AL):* Here.\n\n"
        "[^3]: *Comment by Cy:* Both paragraphs.\n")
    result = read_odt(RANGES)
    assert [(n.id, n.kind) for n in result.document.notes] == [
        ("comment-1", "comment"), ("comment-2", "comment"), ("comment-3", "comment")]
    assert result.codes() == {}
    assert [b.locator.paragraph for b in result.document.blocks] == [1, 2, 3, 4]  # comments are not body paragraphs


THREAD = package(
    "<text:p>Python" + annotation("Why Python?", "John Reviewer", name="c1", date="2026-01-01T00:00:00")
    + annotation("Because.", "Jane Smith", name="c2", parent="c1", date="2026-06-18T17:35:35",
                 initials="<meta:creator-initials>JS</meta:creator-initials>")
    + annotation("Agreed.", "Bo", parent="c2") + " is great.</text:p>")  # a reply to the reply


def test_a_thread_with_its_replies_is_one_note():
    assert markdown(THREAD) == (
        "Python[^1] is great.\n\n"
        "[^1]: *Comment by John Reviewer, 2026-01-01T00:00:00:* Why Python?\n\n"
        "    *Reply by Jane Smith (JS), 2026-06-18T17:35:35:* Because.\n\n"
        "    *Reply by Bo:* Agreed.\n")
    assert len(read_odt(THREAD).document.notes) == 1


def test_comments_drop_reports_each_comment_and_carries_none():
    result = read_odt(THREAD, comments="drop")
    assert result.document.notes == [] and result.codes() == {"odt.annotations-dropped": 3}
    assert result.reporter.matching("odt.annotations-dropped")[0].quotes == [
        "John Reviewer Why Python?", "Jane Smith JS Because.", "Bo Agreed."]  # the text, not the dates
    assert markdown(THREAD, comments="drop") == "Python is great.\n"
    assert read_odt(RANGES, comments="drop").codes() == {"odt.annotations-dropped": 3}


DELETED_END = package(
    '<text:tracked-changes><text:changed-region xml:id="ct1" text:id="ct1"><text:deletion>'
    "<office:change-info><dc:creator>Ed</dc:creator><dc:date>2026-01-01T00:00:00</dc:date></office:change-info>"
    '<text:p>gone<office:annotation-end office:name="c9"/></text:p></text:deletion></text:changed-region>'
    "</text:tracked-changes>"
    "<text:p>Kept" + annotation("On deleted words.", "Dee", name="c9")
    + ' text <text:change text:change-id="ct1"/>here.</text:p>')


def test_a_comment_whose_range_ends_in_skipped_text_is_kept_without_a_reference():
    note = "[^1]: *Comment by Dee:* On deleted words.\n"
    assert markdown(DELETED_END) == "Kept text here.\n\n" + note  # an end never read marks no range
    # With the deletion put back, the end of the range is read, and the reference is there.
    assert markdown(DELETED_END, revisions="reject") == "Kept <mark>text gone</mark>[^1]here.\n\n" + note


def test_a_comment_on_hidden_text_goes_with_it_under_hidden_skip():
    hidden = ('<style:style style:name="H" style:family="text"><style:text-properties text:display="none"/>'
              "</style:style>")
    data = package("<text:p>Shown " + '<text:span text:style-name="H">secret' + annotation("On the secret.", "Eve")
                   + "</text:span> text.</text:p>", styles=hidden)
    assert [n.id for n in read_odt(data).document.notes] == ["comment-1"]
    skipped = read_odt(data, hidden="skip")
    assert skipped.document.notes == [] and skipped.codes() == {"odt.hidden-text-skipped": 2}  # the text, the comment
    assert skipped.reporter.matching("odt.hidden-text-skipped")[0].quotes == ["secret", "Eve On the secret."]


def test_the_same_document_converts_to_the_same_bytes():
    assert markdown(RANGES) == markdown(RANGES)
    first = zenconv.convert(THREAD, to="json", name="t.odt").output
    assert first == zenconv.convert(THREAD, to="json", name="t.odt").output


@pytest.mark.parametrize("tail, code", [
    ("<text:p>" + "<text:span>" * 300 + "deep" + "</text:span>" * 300 + "</text:p>", "odt.xml-too-deep"),
    ("<text:p>unclosed", "odt.xml-malformed"),
])
def test_a_hostile_body_after_a_comment_is_refused_by_code(tail, code):
    data = package("<text:p>A" + annotation("note", "Al", name="c1") + "</text:p>" + tail)
    with pytest.raises(Unreadable) as caught:
        read_odt(data)
    assert caught.value.code == code


# --- ODP ---------------------------------------------------------------------------------------


def frame(klass: str | None, text: str, y: str = "1cm") -> str:
    attribute = f' presentation:class="{klass}"' if klass else ""
    return (f'<draw:frame{attribute} svg:x="1cm" svg:y="{y}" svg:width="20cm" svg:height="2cm">'
            f"<draw:text-box><text:p>{text}</text:p></draw:text-box></draw:frame>")


SLIDES = package(
    '<draw:page draw:name="p1">' + frame("title", "Budget") + frame(None, "Body text.", "5cm")
    + annotation("Check the total.", "Ann Lee", name="a1", date="2026-02-03T04:05:06",
                 initials="<meta:creator-initials>AL</meta:creator-initials>")
    + annotation("Done.", "Bo", parent="a1") + "</draw:page>"
    + '<draw:page draw:name="p2">' + frame(None, "No title here.") + annotation("Untitled.", "Cy") + "</draw:page>"
    + '<draw:page draw:name="p3">' + annotation("Nothing to pin to.", "Di") + "</draw:page>",
    kind="presentation")


def test_slide_comments_are_referenced_at_the_title_else_the_first_text_else_nowhere():
    assert markdown(SLIDES, "odp") == (
        "# Budget[^1]\n\n"
        "Body text.\n\n"
        "# Slide 2\n\n"
        "No title here.[^2]\n\n"
        "# Slide 3\n\n"
        "[^1]: *Comment by Ann Lee (AL), 2026-02-03T04:05:06:* Check the total.\n\n"
        "    *Reply by Bo:* Done.\n\n"
        "[^2]: *Comment by Cy:* Untitled.\n\n"
        "[^3]: *Comment by Di:* Nothing to pin to.\n")
    result = read_odp(SLIDES)
    assert result.codes() == {} and len(result.document.notes) == 3


def test_slide_comments_dropped_under_comments_drop():
    result = read_odp(SLIDES, comments="drop")
    assert result.document.notes == [] and result.codes() == {"odp.annotations-dropped": 4}
    assert result.reporter.matching("odp.annotations-dropped")[0].quotes[0] == "Ann Lee AL Check the total."
    assert "[^" not in markdown(SLIDES, "odp", comments="drop")


def test_ranges_past_the_open_bound_are_reported_not_marked():
    starts = "".join(annotation("c", "A", name=f"r{i}") for i in range(5))
    ends = "".join(f'<office:annotation-end office:name="r{i}"/>' for i in range(5))
    data = package(f"<text:p>{starts}deep{ends}</text:p>")
    assert read_odt(data).codes() == {}
    assert markdown(data).startswith("<mark><mark><mark><mark><mark>deep</mark></mark></mark></mark></mark>")
    result = read_odt(data, max_comment_ranges=2)
    assert result.codes() == {"odt.comment-ranges-unmarked": 3}  # each note still referenced at its end
    assert markdown(data, max_comment_ranges=2).startswith("<mark><mark>deep</mark></mark>[^1][^2][^3][^4][^5]")
