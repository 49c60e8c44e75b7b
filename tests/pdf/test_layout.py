"""Reading order, turned and rotated text, images, invisible text, pages without text, options."""

from __future__ import annotations

import pytest

from zenconv.ir.facets import HiddenFacet
from zenconv.ir.nodes import Image, Paragraph
from zenconv.ir.walk import plain_text, walk
from zenconv.reports import Unreadable
from zenconv.testing import read

from .conftest import READER, PdfRead, text_of


def test_two_columns_are_read_one_after_the_other(read_pdf, fixtures):
    doc = read_pdf(fixtures["columns.pdf"])
    assert doc.headings == [(1, "A Two-Column Article")]
    intro, left, right = doc.paragraphs
    assert intro.startswith("This introduction spans")
    assert left.startswith("Left column sentence 1 ") and left.endswith("sentence 12 runs on with words enough to fill the line.")
    assert right.startswith("Right column sentence 1 ") and "Left" not in right


def test_a_turned_page_reads_in_its_own_frame(read_pdf, fixtures):
    doc = read_pdf(fixtures["media.pdf"])
    assert "This page is rotated a quarter turn and still reads normally." in doc.paragraphs
    page2 = [b for b in doc.blocks if b.locator and b.locator.page == 2]
    assert [text_of(b) for b in page2] == ["This page is rotated a quarter turn and still reads normally."]


def test_rotated_text_follows_the_page_and_is_reported(read_pdf, fixtures):
    doc = read_pdf(fixtures["media.pdf"])
    page3 = [text_of(b) for b in doc.blocks if b.locator and b.locator.page == 3]
    assert page3 == ["A page with a note written up its margin.", "Margin note written sideways"]
    assert doc.codes["pdf.rotated-text"] == 1


def test_invisible_text_is_kept_and_marked_or_skipped(read_pdf, fixtures):
    doc = read_pdf(fixtures["media.pdf"])
    hidden = [b for b in doc.of(Paragraph) if HiddenFacet(reason="invisible text") in b.facets]
    assert [text_of(b) for b in hidden] == ["Invisible words from an OCR layer"]
    skipped = read_pdf(fixtures["media.pdf"], hidden="skip")
    assert "Invisible words from an OCR layer" not in skipped.paragraphs
    assert skipped.codes["pdf.hidden-text-skipped"] == 1


def test_a_page_without_text_is_reported_and_the_rest_read(read_pdf, fixtures):
    doc = read_pdf(fixtures["media.pdf"])
    assert doc.codes["pdf.no-text-layer"] == 1
    assert doc.result.reporter.matching("pdf.no-text-layer")[0].locators[0].page == 4


def test_form_fields_are_reported(read_pdf, fixtures):
    assert read_pdf(fixtures["media.pdf"]).codes["pdf.form-fields-dropped"] == 1


def test_images_are_reported_without_a_media_folder_and_stored_with_one(read_pdf, fixtures, tmp_path):
    doc = read_pdf(fixtures["media.pdf"])
    assert doc.codes["pdf.images-not-extracted"] == 1
    doc = read_pdf(fixtures["media.pdf"], media_dir=str(tmp_path))
    (image,) = [n for b in doc.blocks for n in walk(b) if isinstance(n, Image)]
    resource = doc.result.document.resources.get(image.source)
    assert resource.media_type == "image/png" and resource.data.startswith(b"\x89PNG")
    # The picture stands above its caption, so it comes before it.
    order = [text_of(b) or "IMAGE" for b in doc.blocks if b.locator and b.locator.page == 1]
    assert order.index("IMAGE") < order.index("Figure 1. A red square drawn from an image.")


def test_a_file_with_no_text_layer_at_all_is_unreadable(fixtures):
    with pytest.raises(Unreadable) as caught:
        read(fixtures["scanned.pdf"], READER)
    assert caught.value.code == "pdf.no-text-layer"


def test_an_encrypted_file_needs_its_password(fixtures):
    with pytest.raises(Unreadable) as caught:
        read(fixtures["encrypted.pdf"], READER)
    assert caught.value.code == "pdf.encrypted"
    with pytest.raises(Unreadable):
        read(fixtures["encrypted.pdf"], READER, password="wrong")
    doc = PdfRead(read(fixtures["encrypted.pdf"], READER, password="secret"))
    assert doc.paragraphs == ["Only readable with the password."]
    assert doc.result.context.flags["encrypted"] is True


def test_pages_selects_pages_and_reports_the_rest(read_pdf, fixtures):
    doc = read_pdf(fixtures["continued.pdf"], pages="3")
    # One page has no neighbours to show what runs on every page: its header stays.
    assert doc.paragraphs == ["ACME Corp - Quarterly Report", "A last page with a paragraph and no table at all.",
                              "Page 3 of 3"]
    assert {b.locator.page for b in doc.blocks} == {3}
    assert doc.codes["pdf.pages-not-selected"] == 2


def test_a_bad_page_range_is_refused(fixtures):
    with pytest.raises(Unreadable) as caught:
        read(fixtures["continued.pdf"], READER, pages="3-1")
    assert caught.value.code == "pdf.bad-page-range"


def test_max_pages_cuts_visibly(read_pdf, fixtures):
    doc = read_pdf(fixtures["continued.pdf"], max_pages=1)
    assert doc.codes["pdf.pages-truncated"] == 2
    assert doc.paragraphs[-1].startswith("[Stopped after page 1: 2 more pages were not read")
    assert doc.result.context.flags == {"truncated": True, "pages": 3, "pages_read": 1}
    assert all(b.locator is None or b.locator.page == 1 for b in doc.blocks)


def test_a_landscape_page_reads(read_pdf, fixtures):
    assert read_pdf(fixtures["wide.pdf"]).paragraphs == ["A landscape page of text."]


def test_body_text_repeated_at_the_top_of_every_page_is_kept(read_pdf, fixtures):
    doc = read_pdf(fixtures["repeated.pdf"], furniture="drop")
    repeated = "This clause repeats on every page for the sake of the demonstration and it carries no legal weight whatsoever."
    assert doc.paragraphs.count(repeated) == 3
    assert not any(t.startswith("Sample Agreement") for t in doc.paragraphs)
    assert doc.codes["pdf.running-headers-dropped"] == 3
    kept = read_pdf(fixtures["repeated.pdf"])  # the running header is furniture, once; the clause body, thrice
    assert kept.paragraphs.count(repeated) == 3
    (header,) = [b for b in kept.blocks if getattr(b, "class_", None) == "furniture"]
    assert plain_text(header.blocks).startswith("Sample Agreement") and header.locator.page == 1
    assert "pdf.running-headers-dropped" not in kept.codes
