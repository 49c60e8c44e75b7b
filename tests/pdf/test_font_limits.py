"""Font maps are measured before pdfminer builds them: one over a limit is not used, the rest reads.

The hostile fonts come from ``adversarial/pdf.py`` (the bytes the lead's adversarial test runs).
Each one once asked pdfminer for billions of dictionary entries, so each runs apart, in a fresh
interpreter under a timeout: a return of the hazard fails the test instead of hanging the suite.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
from pathlib import Path

import pytest

import zenconv
from zenconv_plugins.pdf.fontscan import cmap_cost, truetype_cost, type1_header_cost, widths_cost

from ..apart import run_apart

ADVERSARIAL = Path(__file__).resolve().parents[2] / "adversarial" / "pdf.py"
PRELUDE = f"""
import importlib.util
import zenconv
spec = importlib.util.spec_from_file_location("adversarial_pdf", {str(ADVERSARIAL)!r})
hostile = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hostile)
"""
BIG = 1 << 40


def adversarial():
    spec = importlib.util.spec_from_file_location("adversarial_pdf", ADVERSARIAL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _font_limit_apart(make: str, what: str, text: str) -> None:
    """Convert ``hostile.<make>`` apart: a font-limit report naming ``what``, and ``text`` kept."""
    run_apart(PRELUDE + f"""
result = zenconv.convert(hostile.{make}, to="markdown", name="hostile.pdf")
report = next(r for r in result.manifest["reports"] if r["code"] == "pdf.font-limit")
assert report["count"] == 2, report                      # the two glyphs drawn in the font
assert report["first_locators"][0]["page"] == 1, report
assert "font Hostile (page 1)" in report["details"][0] and {what!r} in report["details"][0], report
assert result.outcome in ("converted", "needs_review"), result.outcome
for kept in ({text!r}, "Helvetica still reads", "The second page is kept"):
    assert kept.encode() in result.output, (kept, result.output)
""", timeout=60)


@pytest.mark.parametrize("make, what, text", [
    ("wide_bfranges()", "ToUnicode CMap has more than 262144 codes", ""),
    ("full_range()", "ToUnicode CMap has more than 262144 codes", ""),
    ("cmap_font_pdf(b'1 begincidrange <00000000> <FFFFFFFF> 65 endcidrange')", "ToUnicode CMap", ""),
    ("huge_widths()", "/W array gives widths to more than 262144 codes", "AB"),
    ("huge_widths().replace(b'/Identity-H', b'/Identity-V').replace(b'/W [0 4294967295 500]', b'/W2 [0 4294967295 1000 500 880]')",
     "/W2 array gives widths to more than 262144 codes", "A"),
    ("huge_truetype_cmap()", "TrueType cmap maps more than 262144 codes", ""),
    ("huge_type1_header()", "Type 1 header has more than 100000 entries", "AB"),
])
def test_a_font_map_over_its_limit_is_not_used_and_the_rest_reads(make, what, text):
    _font_limit_apart(make, what, text)


def test_many_narrow_entries_are_over_the_entry_limit_however_few_codes_they_cover():
    run_apart(PRELUDE + """
body = b"100 beginbfchar\\n" + b"<0041> <0041>\\n" * 100 + b"endbfchar\\n"
result = zenconv.convert(hostile.cmap_font_pdf(body * 2_000), to="markdown", name="hostile.pdf")
assert "more than 100000 entries (--max-cmap-entries)" in str(result.manifest["reports"]), result.manifest
""", timeout=60)


def test_the_limits_are_options(tmp_path):
    small = adversarial().cmap_font_pdf(b"2 beginbfrange <0041> <0050> <0061> <0060> <0070> <0041> endbfrange")
    assert "pdf.font-limit" not in zenconv.convert(small, to="markdown", name="a.pdf").reports
    assert zenconv.convert(small, to="markdown", name="a.pdf", max_cmap_codes=20).reports["pdf.font-limit"] == 2
    assert zenconv.convert(small, to="markdown", name="a.pdf", max_cmap_entries=1).reports["pdf.font-limit"] == 2


def test_a_cjk_sized_tounicode_is_within_the_limits_and_maps_its_text():
    """The largest CID-to-Unicode table pdfminer ships (Adobe-GB1, about 30,000 CIDs), written as a
    font's ToUnicode CMap: the limits must never refuse a real CJK font's map."""
    import pdfminer.cmapdb

    path = Path(pdfminer.cmapdb.__file__).parent / "cmap" / "to-unicode-Adobe-GB1.json.gz"
    table = {int(k): v for k, v in json.load(gzip.open(path, "rt", encoding="utf-8"))["CID2UNICHR_H"].items()}
    assert len(table) > 29_000
    entries = [b"<%04X> <%s>" % (cid, text.encode("utf-16-be").hex().upper().encode())
               for cid, text in sorted(table.items()) if cid <= 0xFFFF]
    sections = [b"%d beginbfchar\n" % len(entries[i:i + 100]) + b"\n".join(entries[i:i + 100]) + b"\nendbfchar\n"
                for i in range(0, len(entries), 100)]
    body = b"".join(sections)
    cost = cmap_cost(body, BIG, BIG)
    assert cost.entries == len(entries) + len(sections)  # and each section's count, a stray object
    assert cost.entries < 100_000 and cost.codes < 1 << 18
    data = adversarial().cmap_font_pdf(body)
    result = zenconv.convert(data, to="markdown", name="cjk.pdf")
    assert "pdf.font-limit" not in result.reports
    assert (table[0x41] + table[0x42]).encode() in result.output  # the page draws CIDs 0x41 and 0x42


def test_a_full_two_byte_identity_range_is_within_the_limits():
    data = adversarial().cmap_font_pdf(b"1 beginbfrange <0000> <FFFF> <0000> endbfrange")
    result = zenconv.convert(data, to="markdown", name="identity.pdf")
    assert "pdf.font-limit" not in result.reports and b"AB" in result.output


def test_a_truetype_cmap_pdfminer_cannot_read_no_longer_loses_its_page():
    """An unknown cmap subtable format made pdfminer raise, and the page was given up."""
    module = adversarial()
    ttf = bytearray(module.truetype_cmap([(0x41, 0x42, 1)]))
    ttf[12 + 16 + 12: 12 + 16 + 14] = (99).to_bytes(2, "big")  # the subtable's format
    font, extra = module._type0(None, module._cid_font())
    data = module.two_pages(module._FONT_PAGE, font, extra_objects=(
        *extra, b"null", module._descriptor(b" /FontFile2 12 0 R"), module.stream(bytes(ttf), b" /Length1 %d" % len(ttf))))
    result = zenconv.convert(data, to="markdown", name="broken.pdf")
    assert "pdf.page-unreadable" not in result.reports
    assert "TrueType cmap table is broken" in str(result.manifest["reports"])
    assert b"Helvetica still reads" in result.output


def test_a_tounicode_whose_filter_fails_is_not_used_and_its_page_reads():
    """pdfminer raised on the filter, and both pages (whose resources list the font) were lost."""
    module = adversarial()
    font, extra = module._type0(module.stream(b"\xff not ascii85", b" /Filter /ASCII85Decode"), module._cid_font())
    data = module.two_pages(module._FONT_PAGE, font, extra_objects=(*extra, module._descriptor()))
    result = zenconv.convert(data, to="markdown", name="filter.pdf")
    assert "pdf.page-unreadable" not in result.reports
    assert "ToUnicode CMap cannot be decoded" in str(result.manifest["reports"])
    assert b"Helvetica still reads" in result.output and b"The second page is kept" in result.output


def test_a_font_pdfminer_cannot_build_is_built_once_more_without_its_maps():
    """A bfrange whose destination is a number failed an assertion in pdfminer's CMap parser, and
    every page listing the font was lost; the font is built again without its ToUnicode."""
    result = zenconv.convert(adversarial().cmap_font_pdf(b"1 beginbfrange <0041> <0042> 65 endbfrange"),
                             to="markdown", name="assert.pdf")
    assert "pdf.page-unreadable" not in result.reports
    assert "could not be built with its maps (AssertionError)" in str(result.manifest["reports"])
    assert b"Helvetica still reads" in result.output and b"The second page is kept" in result.output


def test_a_limited_font_is_reported_on_each_page_that_draws_with_it():
    module = adversarial()
    font, extra = module._type0(module.stream(module._cmap(b"1 beginbfrange <00000000> <FFFFFFFF> <0041> endbfrange")),
                                module._cid_font())
    resources = b"<< /Font << /F1 4 0 R /F2 7 0 R >> >>"
    data = module.build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents 5 0 R >>" % resources,
        font, module._FONT_PAGE,
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents 8 0 R >>" % resources,
        module.HELVETICA,
        module.stream(b"BT /F1 12 Tf 72 720 Td <004100420043> Tj ET"),
        *extra, module._descriptor(),
    ])
    result = zenconv.convert(data, to="markdown", name="two.pdf")
    report = next(r for r in result.manifest["reports"] if r["code"] == "pdf.font-limit")
    assert report["count"] == 5 and [loc["page"] for loc in report["first_locators"]] == [1, 2]


# --- the scans themselves --------------------------------------------------------------------

def test_cmap_cost_counts_what_pdfminer_would_loop_over():
    body = (b"2 beginbfchar <01> <0041> <02> <0042> endbfchar\n"
            b"2 beginbfrange <0010> <001F> <0041> <0020> <0022> [<0041> <0042>] endbfrange\n"
            b"1 begincidrange <0000> <00FF> 1 endcidrange\n"
            b"1 begincidrange <0100000000> <0200000010> 1 endcidrange\n"  # prefixes differ: pdfminer skips it
            b"% a comment with beginbfrange in it\n")
    cost = cmap_cost(body, BIG, BIG)
    assert cost.codes == 2 + 16 + 2 + 256
    assert cost.entries == 6 + 2 + 4   # mappings, array elements, and stray objects (the sections' counts)


def test_cmap_cost_stops_at_the_limit():
    body = b"1 beginbfrange <00000000> <FFFFFFFF> <0041> endbfrange " * 1000
    cost = cmap_cost(body, BIG, 1000)
    assert cost.codes == 1 << 32 and cost.over(BIG, 1000)


def test_widths_cost_counts_ranges_and_lists():
    assert widths_cost([1, [500, 600, 700], 10, 19, 250], 3, BIG).codes == 3 + 10
    assert widths_cost([0, 4294967295, 500], 3, BIG).codes == 1 << 32
    assert widths_cost([1, [1000, 500, 880, 1000, 500, 880], 10, 11, 1000, 500, 880], 5, BIG).codes == 2 + 2


def test_truetype_cost_reads_the_cmap_table_bounded():
    module = adversarial()
    assert truetype_cost(module.truetype_cmap([(0x41, 0x5A, 1), (0x61, 0x7A, 27)]), BIG).codes == 52
    assert truetype_cost(module.truetype_cmap([(0, 0xFFFFFFFF, 1)]), 1000).codes > 1000
    assert truetype_cost(module.truetype_cmap([(0x41, 0x5A, 1)])[:-4], BIG) is None  # cut short: broken


@pytest.mark.parametrize("name", ["DejaVuSans.ttf", "Vera.ttf"])
def test_real_truetype_fonts_are_far_below_the_code_limit(name):
    found = [Path(d) / f for d, _, files in os.walk("/usr/share/fonts") for f in files if f == name]
    found += list(Path(importlib.util.find_spec("reportlab").origin).parent.glob(f"fonts/{name}"))
    if not found:
        pytest.skip(f"{name} is not installed")
    cost = truetype_cost(found[0].read_bytes(), BIG)
    assert cost is not None and 100 < cost.codes < 1 << 18


def test_type1_header_cost_counts_tokens():
    assert type1_header_cost(b"/Encoding 256 array\ndup 65 /A put\nreadonly def", BIG).entries == 3 + 4 + 2


@pytest.mark.parametrize("padding", [b"%\n", b"[", b"beginbfchar endbfchar ", b"(", b"<"])
def test_padding_counts_so_the_scan_stops_at_the_limit(padding):
    """Comments, brackets, empty sections, unclosed strings: each is read, so each counts, and the
    scan ends after a bounded number of objects however long the stream."""
    cost = cmap_cost(b"1 beginbfrange " + padding * 100_000, 100, BIG)
    assert cost.over(100, BIG) and cost.tokens <= 4 * 100 + 1
