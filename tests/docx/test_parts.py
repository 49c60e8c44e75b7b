"""Notes, images, headers and footers, metadata, locators and pages, controls, text boxes, hidden text."""

from __future__ import annotations

from zenconv.ir.facets import HiddenFacet, LayoutFacet
from zenconv.ir.nodes import Container, Image, NoteRef, Paragraph, Span
from zenconv.ir.walk import walk

from .conftest import FX, blocks, body, read_docx, text


def test_notes_are_read_after_the_body_in_reference_order():
    result = read_docx(FX.notes_and_pages())
    first = body(result.document.blocks)[0]
    assert [n.note_id for n in first.children if isinstance(n, NoteRef)] == ["footnote-1", "endnote-2"]
    assert [(n.id, n.kind, text(n.blocks)) for n in result.document.notes] == [
        ("footnote-1", "footnote", "The footnote."), ("endnote-2", "endnote", "The endnote.")]
    assert result.document.notes[0].blocks[0].locator.part == "word/footnotes.xml"


def test_images_are_stored_once_with_alt_text_and_external_ones_never_fetched():
    result = read_docx(FX.notes_and_pages())
    images = [n for n in walk(result.document.blocks) if isinstance(n, Image)]
    assert [(i.source, i.alt) for i in images] == [("pic.png", "A red dot")] * 2
    stored = result.document.resources.get("pic.png")
    assert stored.data == FX.tiny_png() and stored.media_type == "image/png" and len(stored.sha256) == 64
    assert len(result.document.resources) == 1
    report = next(r for r in result.reporter.reports if r.code.code == "docx.external-image-not-fetched")
    assert report.count == 1 and report.details == ["http://tracker.example/p.png"]


def test_media_over_budget_is_reported():
    result = read_docx(FX.notes_and_pages(), max_media_bytes=10)
    assert not [n for n in walk(result.document.blocks) if isinstance(n, Image)]
    assert result.codes()["docx.media-limit"] == 2


def test_headers_are_reported_with_their_text_under_furniture_drop():
    result = read_docx(FX.notes_and_pages(), furniture="drop")
    report = next(r for r in result.reporter.reports if r.code.code == "docx.headers-footers-dropped")
    assert report.details == ["header word/header1.xml: CONFIDENTIAL"]


def test_metadata_from_core_properties():
    meta = read_docx(FX.notes_and_pages()).document.metadata
    assert meta.title == "Fixture" and meta.authors == ["Ann", "Bob"] and meta.keywords == ["a", "b"]
    assert meta.created == "2024-01-01T00:00:00Z" and meta.extra == {"revision": "4"}


def test_rendered_pages_count_rendered_and_explicit_breaks_once():
    found = blocks(FX.notes_and_pages())
    assert [(b.locator.paragraph, b.locator.rendered_page) for b in found] == [
        (1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)]
    assert found[3].locator.citation() == "Page 2 (as last rendered), ¶ 4"


def test_first_block_carries_the_page_size():
    first = blocks(FX.notes_and_pages())[0]
    assert LayoutFacet(layout="page", width_emu=12240 * 635, height_emu=15840 * 635) in first.facets


def test_without_page_breaks_no_rendered_page_is_claimed():
    assert blocks(FX.package(FX.p("one") + FX.p("two")))[1].locator.paragraph == 2
    assert blocks(FX.package(FX.p("one")))[0].locator.rendered_page is None


def test_content_controls_text_boxes_comments_and_bookmarks():
    result = read_docx(FX.controls_and_boxes())
    found = result.document.blocks
    assert isinstance(found[0], Container) and found[0].class_ == "cover<b>" and text(found[0].blocks) == "In a control"
    spans = [n for n in walk([found[1]]) if isinstance(n, Span)]
    assert [(s.class_, text(s.children)) for s in spans] == [("name", "Ada")]
    box = found[3]
    assert isinstance(box, Container) and box.class_ == "text-box" and text(box.blocks) == "Inside the box"
    assert box.locator.paragraph == 3   # the anchoring paragraph; the box's own does not count
    codes = result.codes()
    assert codes["docx.text-boxes-degraded"] == 1   # the mc:Fallback copy is not read again
    assert codes["docx.comments-dropped"] == 1 and codes["docx.bookmarks-dropped"] == 1
    assert found[-1].locator.paragraph == 8


def test_hidden_text_kept_marked_or_skipped():
    found = blocks(FX.controls_and_boxes())
    partly = next(b for b in found if text(b).startswith("visible"))
    span = partly.children[-1]
    assert isinstance(span, Span) and span.class_ == "hidden" and span.facets == (HiddenFacet(reason="vanish"),)
    whole = next(b for b in found if text(b) == "all hidden")
    assert isinstance(whole, Paragraph) and HiddenFacet(reason="vanish") in whole.facets
    skipped = read_docx(FX.controls_and_boxes(), hidden="skip")
    texts = [text(b) for b in skipped.document.blocks]
    assert "visible" in texts and "all hidden" not in texts
    assert skipped.codes()["docx.hidden-text-skipped"] == 2


def test_strict_ooxml_reads_like_transitional():
    found = blocks(FX.strict())
    assert found[0].level == 1 and text(found[0]) == "Strict heading"
    assert text(found[1]) == "Strict bold"


def test_unknown_elements_are_reported_and_their_children_read():
    data = FX.package('<w:p><w:futureThing><w:r><w:t>inside</w:t></w:r></w:futureThing></w:p>')
    result = read_docx(data)
    assert text(result.document.blocks[0]) == "inside"
    assert result.codes()["docx.unhandled-construct"] == 1


def test_missing_main_part_is_refused():
    import pytest

    from zenconv.reports import Unreadable

    data = FX.package(FX.p("x"))
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(buf, "w") as out:
        for item in src.infolist():
            if item.filename != "_rels/.rels":
                out.writestr(item, src.read(item))
    with pytest.raises(Unreadable) as refused:
        read_docx(buf.getvalue())
    assert refused.value.code == "docx.no-main-part"


def test_headers_and_footers_holding_only_a_picture_are_reported_with_the_image_count():
    result = read_docx(FX.breaks_and_guides(), furniture="drop")
    report = next(r for r in result.reporter.reports if r.code.code == "docx.headers-footers-dropped")
    # DrawingML in the header, VML in the footer
    assert report.count == 2
    assert report.details == ["header word/header1.xml: 1 image", "footer word/footer1.xml: 1 image"]
