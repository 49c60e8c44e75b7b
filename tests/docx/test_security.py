"""Every hostile package of adversarial/ is refused by the DOCX reader with the code expected.json names;
the reader's own hazards (script links, names out of the package, markup in style ids) stay harmless."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from zenconv.ir.walk import walk
from zenconv.reports import Unreadable
from zenconv_plugins.docx.reader import first_page_layout

from ..apart import run_apart
from .conftest import FX, read_docx

ADVERSARIAL = Path(__file__).resolve().parents[2] / "adversarial"
EXPECTED = json.loads((ADVERSARIAL / "expected.json").read_text())
# the OLE files are refused by detection before any reader runs (host.* codes), not by this reader
READER_CASES = sorted(name for name, code in EXPECTED.items() if code.startswith("docx.") and "/" not in name)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("zenconv_adversarial_generate_docx", ADVERSARIAL / "generate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    out = tmp_path_factory.mktemp("adversarial-docx")
    module.generate(out)
    return out


@pytest.mark.parametrize("name", READER_CASES)
def test_hostile_package_is_refused_with_its_code(hostile, name):
    with pytest.raises(Unreadable) as refused:
        read_docx((hostile / name).read_bytes())
    assert refused.value.code == EXPECTED[name]


def test_a_relationship_out_of_the_package_gives_no_image():
    rels = {"rIdX": ("image", "../../../etc/passwd", False)}
    body = ('<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="x"/><a:graphic><a:graphicData uri="x">'
            '<pic:pic><pic:blipFill><a:blip r:embed="rIdX"/></pic:blipFill></pic:pic></a:graphicData></a:graphic>'
            '</wp:inline></w:drawing></w:r></w:p>')
    result = read_docx(FX.package(body, rels=rels))
    assert len(result.document.resources) == 0
    assert result.codes()["docx.media-limit"] == 1


def test_media_names_are_sanitised():
    rels = {"rIdI": ("image", "media/..%2f..%2fevil name$.png", False)}
    body = ('<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="x"/><a:graphic><a:graphicData uri="x">'
            '<pic:pic><pic:blipFill><a:blip r:embed="rIdI"/></pic:blipFill></pic:pic></a:graphicData></a:graphic>'
            '</wp:inline></w:drawing></w:r></w:p>')
    data = FX.package(body, rels=rels, parts={"word/media/..%2f..%2fevil name$.png": FX.tiny_png()})
    names = [r.name for r in read_docx(data).document.resources]
    assert len(names) == 1 and "/" not in names[0] and " " not in names[0] and not names[0].startswith(".")


def test_markup_in_a_style_id_is_carried_as_plain_text():
    styles = '<w:style w:type="paragraph" w:styleId="&lt;script&gt;x"><w:name w:val="&lt;b&gt;"/></w:style>'
    result = read_docx(FX.package(FX.p("styled", style="&lt;script&gt;x"), styles=styles))
    facet = result.document.blocks[0].facets[0]
    assert facet.style_id == "<script>x" and facet.name == "<b>"
    assert result.context.preservation["ai.insan.zenfmt.docx"]["paragraph_style_ids"] == ["<script>x"]


def test_no_written_link_ever_targets_a_script():
    # The reader carries targets as stated; the writers' URL policy keeps script URLs out of every output.
    from zenconv.api import convert_api

    for to in ("markdown", "html"):
        written = convert_api(FX.links(), to=to, name="links.docx").output.decode()
        assert "https://example.com/a?b=1" in written and "script:" not in written.lower()


def test_a_style_chain_cycle_and_deep_field_nesting_end():
    styles = "".join(f'<w:style w:type="paragraph" w:styleId="S{i}"><w:name w:val="s{i}"/>'
                     f'<w:basedOn w:val="S{(i + 1) % 50}"/></w:style>' for i in range(50))
    begins = '<w:r><w:fldChar w:fldCharType="begin"/></w:r>' * 500
    result = read_docx(FX.package(FX.p("cycle", style="S0") + f"<w:p>{begins}</w:p>" + FX.p("after"), styles=styles))
    # an instruction never closed ends with its paragraph instead of swallowing the rest of the document
    assert [b.children[0].text for b in result.document.blocks] == ["cycle", "after"]
    assert result.codes()["docx.unhandled-construct"] == 1


def test_the_page_size_scan_is_linear_on_malformed_bytes():
    # The first section's page size is read from the bytes before the parser sees them; an unbounded
    # match made 60,000 unclosed "<w:sectPr " take 10 s (and 600,000 the better part of an hour). Run apart,
    # so that a return of it fails here instead of hanging the suite.
    script = ("from zenconv_plugins.docx.reader import first_page_layout\n"
              "assert first_page_layout(b'<w:body>' + b'<w:sectPr ' * 600_000) is None\n"
              "assert first_page_layout(b'<w:sectPr>' + b'<w:pgSz ' * 600_000) is None\n")
    run_apart(script)


def test_the_page_size_is_still_read():
    layout = first_page_layout(b'<w:body><w:p/><w:sectPr w:rsidR="1"><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>')
    assert (layout.width_emu, layout.height_emu) == (12240 * 635, 15840 * 635)
