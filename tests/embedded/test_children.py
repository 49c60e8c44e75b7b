"""Embedded documents converted as child conversions: one test per container format, and the family rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zenconv.context import Source
from zenconv.family import Lineage
from zenconv.manifest import load, verify
from zenconv.pipeline import Request, run

from . import fixtures as fx


def convert(tmp_path: Path, name: str, data: bytes, out: str | None = None, **options):
    src = tmp_path / name
    src.write_bytes(data)
    output = tmp_path / "out" / (out or f"{name}.md")
    output.parent.mkdir(exist_ok=True)
    fail_on = tuple(options.pop("fail_on", ()))
    result = run(Request(source=Source(name, path=src), output=output, options=options, fail_on=fail_on))
    return result, output


def child_of(result, ordinal: int = 1):
    return next(c for c in result.manifest.children if c.ordinal == ordinal)


def assert_child_converted(result, output: Path, fmt: str, text: str, ordinal: int = 1):
    """The child is listed, its output holds ``text``, the parent links it, and the family verifies."""
    child = child_of(result, ordinal)
    assert child.format == fmt and child.outcome == "converted", child
    base = result.manifest_path.parent
    child_output = base / child.output
    assert text in child_output.read_text()
    assert child_output.parent.name == output.name + ".embedded"
    child_manifest = load(base / child.manifest)
    assert child_manifest.digest == child.manifest_digest
    assert child_manifest.source.sha256 == child.sha256
    link = f"{output.name}.embedded/{child_output.name}"
    assert link in output.read_text()
    assert verify(result.manifest_path) == []
    return child


def test_docx_ole_workbook_and_packager_object_are_children(tmp_path):
    budget = fx.xlsx_bytes((("Item", "Cost"), ("Rent", 1000)))
    data = fx.docx_with(embedded=[("Microsoft_Excel_Worksheet.xlsx", budget),
                                  ("oleObject1.bin", fx.packager_object("damages.xlsx", fx.xlsx_bytes(
                                      (("Claim", "Amount"), ("Lost rent", 4200)), title="Damages")))])
    result, output = convert(tmp_path, "memo.docx", data)
    assert result.outcome == "converted"
    assert_child_converted(result, output, "xlsx", "| Rent | 1000 |", 1)
    second = assert_child_converted(result, output, "xlsx", "| Lost rent | 4200 |", 2)
    assert second.name == "damages.xlsx"  # the Packager's own name for the file, not oleObject1.bin
    assert second.origin == "word/embeddings/oleObject1.bin"
    assert "docx.embedded-objects-dropped" not in result.reporter


def test_docx_alt_chunk_html_and_mht_are_read_in_place(tmp_path):
    html = b"<html><body><h2>Schedule A</h2><p>Imported clause text.</p></body></html>"
    mht = (b"MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\n--b\r\n"
           b"Content-Type: text/html; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
           b"<html><body><p>Archived caf=C3=A9 terms.</p></body></html>\r\n--b--\r\n")
    data = fx.docx_with(chunks=[("afchunk.htm", html), ("afchunk2.mht", mht)])
    result, output = convert(tmp_path, "memo.docx", data)
    text = output.read_text()
    assert text.index("See the attached budget.") < text.index("## Schedule A") < text.index("Imported clause text.")
    assert "Archived café terms." in text
    assert result.reporter.count("docx.alt-chunk-read") == 2
    assert result.manifest.children is None  # in place: no child conversion
    assert "docx.embedded-objects-dropped" not in result.reporter


def test_pptx_ole_object_is_a_child(tmp_path):
    result, output = convert(tmp_path, "deck.pptx", fx.pptx_with(fx.xlsx_bytes()))
    child = assert_child_converted(result, output, "xlsx", "| Rent | 1000 |")
    assert child.citation == "Slide 1"
    assert "pptx.ole-object-dropped" not in result.reporter


def test_xlsx_embedded_document_is_a_child(tmp_path):
    data = fx.xlsx_with(embedded=[("Microsoft_Word_Document.docx", fx.docx_bytes("Inside the workbook."))])
    result, output = convert(tmp_path, "book.xlsx", data)
    child = assert_child_converted(result, output, "docx", "Inside the workbook.")
    assert child.citation == "Sheet 'Summary'"
    assert "xlsx.embedded-objects-dropped" not in result.reporter


def test_pdf_attachments_and_attachment_annotations_are_children(tmp_path):
    data = fx.pdf_with(files=[("budget.xlsx", fx.xlsx_bytes())],
                       annotated=[("letter.docx", fx.docx_bytes("Annotated attachment."))])
    result, output = convert(tmp_path, "brief.pdf", data)
    assert_child_converted(result, output, "xlsx", "| Rent | 1000 |", 1)
    second = assert_child_converted(result, output, "docx", "Annotated attachment.", 2)
    assert second.citation == "Page 1"
    text = output.read_text()
    assert text.index("1-budget.xlsx.md") < text.index("engagement letter") < text.index("2-letter.docx.md")
    assert "pdf.attachments-dropped" not in result.reporter


@pytest.mark.parametrize("kind", ["docx", "pptx", "xlsx", "pdf"])
def test_a_depth_bomb_is_refused_at_the_depth_limit(tmp_path, kind):
    inner = fx.nested_docx(8)
    data = {"docx": lambda: inner, "pptx": lambda: fx.pptx_with(inner, "docx"),
            "xlsx": lambda: fx.xlsx_with(embedded=[("nested.docx", inner)]),
            "pdf": lambda: fx.pdf_with(files=[("nested.docx", inner)])}[kind]()
    result, output = convert(tmp_path, f"bomb.{kind}", data, max_embedding_depth=2)
    assert result.outcome == "needs_review"
    assert "host.embedded-needs-review" in result.reporter
    manifest, base, depth = result.manifest, result.manifest_path.parent, 0
    while manifest.children and manifest.children[0].manifest:  # follow the chain down
        path = base / manifest.children[0].manifest
        manifest, base, depth = load(path), path.parent, depth + 1
    assert depth == 2
    refused = manifest.children[0]
    assert refused.outcome == "not-converted" and refused.reasons == ["host.embedding-too-deep"]
    assert "host.embedding-too-deep" in manifest.reasons
    assert verify(result.manifest_path) == []


def test_the_family_counts_every_levels_embedded_bytes(tmp_path):
    data = fx.nested_docx(3)
    src = tmp_path / "memo.docx"
    src.write_bytes(data)
    lineage = Lineage()
    result = run(Request(source=Source("memo.docx", path=src), output=tmp_path / "memo.docx.md", lineage=lineage))
    sizes, manifest, base = [], result.manifest, tmp_path
    while manifest.children:
        sizes.append(manifest.children[0].size)
        path = base / manifest.children[0].manifest
        manifest, base = load(path), path.parent
    assert len(sizes) == 3 and lineage.spent == [sum(sizes), 3]


def test_a_family_past_the_package_bytes_is_refused(tmp_path):
    # a family that has spent all but 100 bytes of --max-package-bytes on embedded documents above this one
    data = fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes())])
    src = tmp_path / "memo.docx"
    src.write_bytes(data)
    limit = 4 << 20
    result = run(Request(source=Source("memo.docx", path=src), output=tmp_path / "memo.docx.md",
                         options={"max_package_bytes": limit}, lineage=Lineage(1, [limit - 100, 1])))
    assert child_of(result).reasons == ["host.embedded-family-too-large"]
    assert result.outcome == "needs_review" and "host.embedded-family-too-large" in result.manifest.reasons
    assert not (tmp_path / "memo.docx.md.embedded").exists()


def test_an_unhandled_file_is_listed_not_linked_and_extracted_only_when_asked(tmp_path):
    program = b"MZ\x90\x00" + b"\0" * 200
    data = fx.docx_with(embedded=[("oleObject1.bin", fx.packager_object("setup.exe", program))])
    result, output = convert(tmp_path, "memo.docx", data)
    child = child_of(result)
    assert (child.outcome, child.reasons, child.format, child.extracted) == (
        "not-converted", ["host.embedded-unhandled"], None, None)
    assert "docx.embedded-objects-dropped" in result.reporter
    assert not (output.parent / (output.name + ".embedded")).exists()
    assert "setup.exe" not in output.read_text()

    result, output = convert(tmp_path, "memo.docx", data, embedded="extract")
    child = child_of(result)
    extracted = result.manifest_path.parent / child.extracted
    assert extracted.name == "1-setup.exe.bin" and extracted.read_bytes() == program
    assert "host.embedded-extracted" in result.reporter
    assert "1-setup.exe" not in output.read_text()  # never linked
    assert verify(result.manifest_path) == []


def test_embedded_drop_converts_none(tmp_path):
    result, output = convert(tmp_path, "deck.pptx", fx.pptx_with(fx.xlsx_bytes()), embedded="drop")
    assert child_of(result).reasons == ["host.embedded-dropped"]
    assert "pptx.ole-object-dropped" in result.reporter
    assert not (output.parent / (output.name + ".embedded")).exists()


def test_without_an_output_folder_children_are_reported_not_written(tmp_path):
    result = run(Request(source=Source("deck.pptx", data=fx.pptx_with(fx.xlsx_bytes())), output=None))
    assert child_of(result).reasons == ["host.embedded-not-written"]
    assert "host.embedded-not-written" in result.reporter


def test_fail_on_applies_to_the_family(tmp_path):
    data = fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes([("row", n) for n in range(50)]))])
    result, _ = convert(tmp_path, "memo.docx", data, max_rows=10, fail_on=["xlsx.sheet-truncated"])
    assert child_of(result).outcome == "needs_review"
    assert result.policy_matches == ["xlsx.sheet-truncated"] and result.exit_code == 3


def test_a_parent_that_ends_unreadable_leaves_no_children(tmp_path, monkeypatch):
    import zenconv.pipeline as pipeline
    from zenconv.reports import Unreadable

    real = pipeline._write_resources

    def failing(resources, media, manifest_path, reporter, protected=()):
        if manifest_path.name.startswith("memo."):  # the parent's media fail, after its child was written
            raise Unreadable("host.output-unwritable", "ENOSPC")
        return real(resources, media, manifest_path, reporter, protected)

    monkeypatch.setattr(pipeline, "_write_resources", failing)
    data = fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes()), ("deeper.docx", fx.nested_docx(2))])
    result, output = convert(tmp_path, "memo.docx", data)
    assert result.outcome == "unreadable" and result.manifest.children is None
    assert sorted(p.name for p in output.parent.iterdir()) == ["memo.docx.md.manifest.json"]


@pytest.mark.parametrize("to,suffix", [("html", ".html"), ("segments", ".jsonl")])
def test_html_and_segments_reference_the_child(tmp_path, to, suffix):
    result, output = convert(tmp_path, "deck.pptx", fx.pptx_with(fx.xlsx_bytes()), out=f"deck{suffix}")
    child = child_of(result)
    assert child.output.endswith(f"1-Microsoft_Excel_Sheet1.xlsx{suffix}")
    text = output.read_text()
    if to == "html":
        assert f'href="deck{suffix}.embedded/1-Microsoft_Excel_Sheet1.xlsx{suffix}"' in text
    else:
        records = [json.loads(line) for line in text.splitlines()]
        record = next(r for r in records if r["kind"] == "embedded")
        assert record["embedded"] == f"deck{suffix}.embedded/1-Microsoft_Excel_Sheet1.xlsx{suffix}"
        assert record["citation"] == "Slide 1"


def test_a_forged_child_key_in_a_source_is_never_a_link(tmp_path):
    html = b'<p><a href="zenconv-embedded:1">see</a></p>'
    result, output = convert(tmp_path, "page.html", html)
    assert "zenconv-embedded" not in output.read_text()
    assert "to-md.unsafe-url-dropped" in result.reporter


def test_children_are_deterministic(tmp_path):
    data = fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes())])
    first, output = convert(tmp_path, "memo.docx", data)
    again, _ = convert(tmp_path, "memo.docx", data)
    assert first.manifest.to_bytes() == again.manifest.to_bytes()


def test_verify_catches_a_changed_child(tmp_path):
    result, output = convert(tmp_path, "deck.pptx", fx.pptx_with(fx.xlsx_bytes()))
    child = result.manifest_path.parent / child_of(result).output
    child.write_text(child.read_text() + "tampered\n")
    problems = verify(result.manifest_path)
    assert problems and problems[0].startswith("child 1 (Microsoft_Excel_Sheet1.xlsx): output:")


def test_a_family_past_its_count_of_children_is_refused(tmp_path):
    data = fx.docx_with(embedded=[(f"book{n}.xlsx", fx.xlsx_bytes(((f"Book {n}",),))) for n in range(4)])
    result, _ = convert(tmp_path, "memo.docx", data, max_embedded_documents=2)
    assert [c.outcome for c in result.manifest.children] == ["converted", "converted", "not-converted", "not-converted"]
    assert result.manifest.children[2].reasons == ["host.embedded-too-many"]
    assert result.outcome == "needs_review"


def test_a_child_pdf_keeps_its_own_page_budget_under_the_parents_watchdog(tmp_path):
    # the watchdog passes to the child for its span: the child's page budget fires, the parent goes on
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "adversarial"))
    from limits import endless_page_pdf

    data = fx.docx_with(embedded=[("endless.pdf", endless_page_pdf(pairs=3_000_000, pages=1))])
    result, output = convert(tmp_path, "memo.docx", data, page_timeout=1)
    child = child_of(result)
    manifest = load(result.manifest_path.parent / child.manifest)
    assert "pdf.page-truncated" in {r.code for r in manifest.reports}
    assert result.outcome == "needs_review" and "See the attached budget." in output.read_text()


def test_odt_spreadsheet_object_is_a_child(tmp_path):
    result, output = convert(tmp_path, "memo.odt", fx.odt_with_spreadsheet())
    child = assert_child_converted(result, output, "ods", "| Embedded ledger cell |")
    assert child.origin == "Object 1"
    assert "odt.embedded-object-dropped" not in result.reporter
