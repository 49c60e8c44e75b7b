"""End to end through the pipeline: what the DOCX reader puts in the manifest, and escaping of source names."""

from __future__ import annotations

import hashlib

import zenconv

from .conftest import FX


def test_manifest_carries_metadata_resources_preservation_and_reports():
    result = zenconv.convert(FX.notes_and_pages(), to="markdown", name="fixture.docx")
    manifest = result.manifest
    assert manifest["reader"]["id"] == "ai.insan.zenfmt.docx" and manifest["reader"]["library"].startswith("lxml/")
    assert manifest["metadata"]["title"] == "Fixture" and manifest["metadata"]["extra"] == {"revision": "4"}
    (resource,) = manifest["resources"]
    assert resource["sha256"] == hashlib.sha256(FX.tiny_png()).hexdigest()
    assert manifest["preservation"]["ai.insan.zenfmt.docx"]["version"] == 1
    assert manifest["facets"]["counts"]["layout"] == 1
    assert manifest["facets"]["counts"]["furniture"] == 1  # the header, carried
    codes = {r["code"] for r in manifest["reports"]}
    assert "docx.external-image-not-fetched" in codes and "docx.headers-footers-dropped" not in codes
    assert b"tracker.example" not in result.output


def test_markup_from_the_source_is_escaped_in_html():
    styles = '<w:style w:type="paragraph" w:styleId="&lt;script&gt;x"><w:name w:val="&lt;b&gt;"/></w:style>'
    data = FX.package(FX.p("styled", style="&lt;script&gt;x"), styles=styles)
    html = zenconv.convert(data, to="html", name="x.docx").output.decode()
    from zenconv.writers.html.page import page_script

    html = html.replace(f"<script>{page_script()}</script>", "", 1)  # the page's own, which copies citations
    assert "&lt;script&gt;x" in html and "<script" not in html.lower()


def test_revisions_all_mode_reaches_the_writers():
    html = zenconv.convert(FX.revisions(), to="html", name="r.docx", revisions="all").output.decode()
    assert "inserted" in html and "deleted" in html
