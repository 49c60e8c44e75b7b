"""Headers and footers carried as page furniture: per section, default, first-page and even-page variants,
at the start of the section that shows them; --furniture drop reports them as before."""

from __future__ import annotations

import io

import docx
from docx.enum.section import WD_SECTION
from docx.oxml import parse_xml

import zenconv
from zenconv.ir.facets import FurnitureFacet
from zenconv.ir.walk import plain_text

from zenconv_plugins.docx.furniture import section_references

from ..cputime import cpu_seconds
from .conftest import read_docx

_PAGE_FIELD = ('<w:fldSimple xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
               'w:instr=" PAGE \\* MERGEFORMAT "><w:r><w:t>1</w:t></w:r></w:fldSimple>')


def _memo() -> bytes:
    """Two sections: the first with a default, a first-page and an even-page header and a footer holding a
    Bates number and a PAGE field; the second with its own header (its footer inherited)."""
    document = docx.Document()
    document.settings.odd_and_even_pages_header_footer = True
    first = document.sections[0]
    first.different_first_page_header_footer = True
    first.header.paragraphs[0].text = "CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER"
    first.first_page_header.paragraphs[0].text = "PRIVILEGED & CONFIDENTIAL"
    first.even_page_header.paragraphs[0].text = "Even page legend"
    footer = first.footer.paragraphs[0]
    footer.text = "ACME-000123 page "
    footer._p.append(parse_xml(_PAGE_FIELD))
    document.add_paragraph("Section one body.")
    second = document.add_section(WD_SECTION.NEW_PAGE)
    second.header.is_linked_to_previous = False
    second.header.paragraphs[0].text = "Exhibit B"
    document.add_paragraph("Section two body.")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def test_each_section_s_headers_and_footers_open_the_section():
    result = read_docx(_memo())
    found = list(result.document.blocks)
    shown = []
    for block in found:
        facet = next((f for f in getattr(block, "facets", ()) if isinstance(f, FurnitureFacet)), None)
        shown.append((facet.role, facet.variant, facet.section) if facet else "body")
        if facet:
            assert block.class_ == "furniture" and block.locator.part.startswith("word/")
    texts = [plain_text([b]) for b in found]
    assert list(zip(shown, texts)) == [
        (("header", None, 1), "CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER"),
        (("header", "first", 1), "PRIVILEGED & CONFIDENTIAL"),
        (("header", "even", 1), "Even page legend"),
        (("footer", None, 1), "ACME-000123 page 1"),
        ("body", "Section one body."),
        (("header", None, 2), "Exhibit B"),
        ("body", "Section two body."),
    ]
    codes = result.codes()
    assert "docx.headers-footers-dropped" not in codes
    assert codes["docx.page-field-cached"] == 1  # the footer's PAGE field: its cached "1" carried


def test_markdown_marks_the_furniture_and_writes_each_text_once():
    md = zenconv.convert(_memo(), to="markdown", name="memo.docx").output.decode()
    assert md.startswith("> *Header (section 1)*\n>\n> CONFIDENTIAL — SUBJECT TO PROTECTIVE ORDER\n")
    assert "> *Header (section 1, first page)*" in md and "> *Header (section 1, even pages)*" in md
    assert "> *Footer (section 1)*\n>\n> ACME-000123 page 1\n" in md
    assert md.index("Section one body.") < md.index("> *Header (section 2)*") < md.index("Section two body.")


def test_furniture_drop_reports_the_parts_as_before():
    result = read_docx(_memo(), furniture="drop")
    assert not [b for b in result.document.blocks if getattr(b, "class_", None) == "furniture"]
    (report,) = result.reporter.matching("docx.headers-footers-dropped")
    assert report.count == 5
    assert any("ACME-000123" in d for d in report.details)
    assert "docx.page-field-cached" not in result.codes()


def test_section_scan_is_linear_on_hostile_section_markup():
    """Thousands of sections naming headers that are not there, half-tags and "sectPr" as text: the scan
    before the body stays linear and nothing is carried or lost for what does not exist."""
    from .conftest import FX

    sections = "".join(f'<w:p><w:pPr><w:sectPr><w:headerReference w:type="first" r:id="rIdMissing{i}"/>'
                       f'<w:footerReference r:id="{"x" * 300}"/></w:sectPr></w:pPr></w:p>' for i in range(5_000))
    noise = FX.p("sectPr &lt;w:sectPr " * 20_000)
    data = FX.package(noise + sections + FX.p("Last words"))
    started = cpu_seconds()
    result = read_docx(data)
    assert cpu_seconds() - started < 20
    assert not [b for b in result.document.blocks if getattr(b, "class_", None) == "furniture"]
    assert "Last words" in plain_text(list(result.document.blocks))
    import zipfile
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        found = section_references(package.read("word/document.xml"))
    # an id past 255 characters is no id: only the header reference of each section is found
    assert found[0].references == [("header", "first", "rIdMissing0")] and len(found) >= 5_000


def _unswitched(title_page: bool = False, even_pages: bool = False) -> bytes:
    """One section with a default, a first-page and an even-page header, the settings that show the
    variants switched as asked (python-docx writes the parts either way)."""
    document = docx.Document()
    section = document.sections[0]
    section.header.paragraphs[0].text = "Default legend"
    section.first_page_header.paragraphs[0].text = "First page legend"
    section.even_page_header.paragraphs[0].text = "Even page legend"
    section.different_first_page_header_footer = title_page
    document.settings.odd_and_even_pages_header_footer = even_pages
    document.add_paragraph("Body.")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _furniture(result) -> list:
    return [(next(f for f in b.facets if isinstance(f, FurnitureFacet)).variant, plain_text([b]))
            for b in result.document.blocks if getattr(b, "class_", None) == "furniture"]


def test_variants_the_settings_do_not_show_are_reported_not_carried():
    """No w:titlePg, no w:evenAndOddHeaders: Word never prints the first-page and even-page headers, so
    they are not furniture; their text is reported under the headers code with why."""
    result = read_docx(_unswitched())
    assert _furniture(result) == [(None, "Default legend")]
    (report,) = result.reporter.matching("docx.headers-footers-dropped")
    assert report.count == 2
    assert any("First page legend" in d and "w:titlePg" in d for d in report.details)
    assert any("Even page legend" in d and "w:evenAndOddHeaders" in d for d in report.details)


def test_each_setting_switches_its_own_variant_on():
    result = read_docx(_unswitched(title_page=True))
    assert _furniture(result) == [(None, "Default legend"), ("first", "First page legend")]
    (report,) = result.reporter.matching("docx.headers-footers-dropped")
    assert report.count == 1 and "Even page legend" in report.details[0]
    result = read_docx(_unswitched(even_pages=True))
    assert _furniture(result) == [(None, "Default legend"), ("even", "Even page legend")]
    assert "First page legend" in result.reporter.matching("docx.headers-footers-dropped")[0].details[0]


def test_title_page_off_by_value_and_inherited_first_page_header():
    """w:titlePg w:val="0" is off; a later section with w:titlePg and no first-page reference of its own
    shows the first-page header it inherits, carried at that section."""
    data = _unswitched(title_page=True)
    import zipfile
    source = zipfile.ZipFile(io.BytesIO(data))
    xml = source.read("word/document.xml").decode()
    first_ref = xml[xml.index("<w:headerReference w:type=\"first\""):]
    first_ref = first_ref[:first_ref.index("/>") + 2]
    # section 1: the body's paragraph closes a section holding every reference, titlePg off by value
    sect = xml[xml.index("<w:sectPr"):xml.index("</w:sectPr>") + len("</w:sectPr>")]
    off = sect.replace("<w:titlePg/>", '<w:titlePg w:val="0"/>')
    assert off != sect
    on_no_refs = "<w:sectPr><w:titlePg/></w:sectPr>"
    body = xml.replace(sect, on_no_refs).replace("<w:p>", f"<w:p><w:pPr>{off}</w:pPr></w:p><w:p>", 1) \
        if "<w:p>" in xml else None
    assert body is not None and first_ref in body
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            target.writestr(item, body if item.filename == "word/document.xml" else source.read(item.filename))
    result = read_docx(out.getvalue())
    shown = [(next(f for f in b.facets if isinstance(f, FurnitureFacet)).section, plain_text([b]))
             for b in result.document.blocks if getattr(b, "class_", None) == "furniture"]
    assert shown == [(1, "Default legend"), (2, "First page legend")]
    (report,) = result.reporter.matching("docx.headers-footers-dropped")
    assert report.count == 1 and "Even page legend" in report.details[0]
