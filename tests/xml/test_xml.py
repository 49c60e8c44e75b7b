"""The XML reader on real-format files (feeds, sitemaps, KML, GPX), gzip, its limits, and its refusals."""

from __future__ import annotations

import gzip
from pathlib import Path

import zenconv
from tests.writers.renderers import rendered_problems
from zenconv.ir import Heading, Link, Locator, Paragraph, Table
from zenconv.ir.walk import plain_text

FILES = Path(__file__).resolve().parent / "files"


def convert(source, **options):
    return zenconv.convert(source, isolate=False, **options)


def blocks(result) -> list:
    return list(result.document.blocks)


def test_an_atom_feed_is_a_section_per_entry_with_its_link_fields_and_xhtml_content():
    result = convert(FILES / "atom.xml")
    assert result.outcome == "converted", result.reports
    md = result.output.decode()
    assert md.startswith("# dive into mark\n")
    assert "## [Atom draft-07 snapshot](<http://example.org/2005/04/02/atom>)" in md
    assert "**Published:** 2003-12-13T08:29:29-04:00" in md
    assert "**Author:** Mark Pilgrim, f8dy@example.com, http\\://example.org/" in md
    assert "**Contributor:** Sam Ruby" in md and "Joe Gregorio" in md
    assert "[http\\://example.org/audio/ph34r\\_my\\_podcast.mp3]" in md  # the enclosure link
    assert "*\\[Update: The Atom draft is finished.\\]*" in md  # xhtml content through the HTML converter
    assert result.manifest["source"]["format"] == "xml" and result.manifest["flags"]["xml_kind"] == "feed"
    assert result.document.metadata.title == "dive into mark"


def test_an_rss_feed_cites_each_item_by_its_xpath_and_reads_html_descriptions():
    result = convert(FILES / "rss2.xml")
    found = blocks(result)
    headings = [b for b in found if isinstance(b, Heading) and b.level == 2]
    assert [plain_text(h.children) for h in headings] == ["Star City", "(untitled)", "The Engine That Does More"]
    assert [h.locator.xpath for h in headings] == [f"/rss/channel[1]/item[{i}]" for i in (1, 2, 3)]
    assert headings[0].locator.citation() == "Element /rss/channel[1]/item[1] (line 14)"
    assert isinstance(headings[1].children[0], Link)  # no link: the permalink guid
    assert headings[1].children[0].target == "http://liftoff.msfc.nasa.gov/2003/05/30.html#item572"
    description = next(b for b in found if "crash course" in plain_text(b.children))
    assert any(isinstance(n, Link) and n.target == "http://howe.iki.rssi.ru/GCTC/gctc_e.htm" for n in description.children)
    assert description.locator.xpath == "/rss/channel[1]/item[1]/description[1]"


def test_a_javascript_item_link_is_carried_and_written_inert():
    feed = (b'<rss version="2.0"><channel><title>F</title><item><title>Click</title>'
            b"<link>javascript:alert(1)</link><description>&lt;script&gt;alert(2)&lt;/script&gt;ok</description>"
            b"</item></channel></rss>")
    result = convert(feed, name="feed.rss")
    heading = next(b for b in blocks(result) if isinstance(b, Heading) and b.level == 2)
    assert heading.children[0].target == "javascript:alert(1)"  # the reader carries it; the writer decides
    md = result.output.decode()
    assert "javascript:" not in md.replace("javascript\\:", "") or "](javascript" not in md
    assert not rendered_problems(md), rendered_problems(md)
    assert result.reports["to-md.unsafe-url-dropped"] == 1 and result.reports["xml.script-dropped"] == 1
    html = convert(feed, name="feed.rss", to="html").output.decode()
    from zenconv.writers.html.page import page_script

    html = html.replace(f"<script>{page_script()}</script>", "", 1)  # the page's own, which copies citations
    assert "<script" not in html and 'href="javascript' not in html


def test_a_sitemap_is_a_table_of_its_urls_and_an_index_of_its_sitemaps():
    result = convert(FILES / "sitemap.xml")
    table = blocks(result)[0]
    assert isinstance(table, Table)
    rows = list(table.rows)
    assert [plain_text(c.content) for c in rows[0].cells] == ["loc", "lastmod", "changefreq", "priority"]
    assert len(rows) == 6
    assert rows[2].cells[0].content[0].target == "http://www.example.com/catalog?item=12&desc=vacation_hawaii"
    assert rows[2].cells[1:] == ["", "weekly", ""]
    assert rows[2].locator == Locator(row=2, line=rows[2].locator.line, xpath="/urlset/url[2]")
    index = list(blocks(convert(FILES / "sitemap-index.xml"))[0].rows)
    assert [plain_text(c.content) for c in index[0].cells] == ["loc", "lastmod"] and len(index) == 3


def test_a_gzipped_sitemap_is_inflated_and_a_gzip_bomb_refused(tmp_path):
    path = tmp_path / "sitemap.xml.gz"
    path.write_bytes(gzip.compress((FILES / "sitemap.xml").read_bytes(), mtime=0))
    result = convert(path)
    assert result.manifest["source"]["detection"] == "extension" and result.manifest["flags"]["gzip"] is True
    assert "vacation\\_hawaii" in result.output.decode()
    bomb = tmp_path / "bomb.xml.gz"
    bomb.write_bytes(gzip.compress(b"<a>" + b" " * (4 << 20) + b"</a>", mtime=0))
    refused = convert(bomb, max_part_bytes=1 << 20)
    assert refused.outcome == "unreadable" and refused.manifest["reasons"] == ["xml.gzip-too-large"]
    broken = tmp_path / "broken.xml.gz"
    broken.write_bytes(path.read_bytes()[:40])
    assert convert(broken).manifest["reasons"] == ["xml.gzip-corrupt"]


def test_kml_and_gpx_are_outlines_of_names_descriptions_coordinates_and_attributes():
    md = convert(FILES / "placemark.kml").output.decode()
    assert "## Document" in md and "### Placemark" in md
    assert "**name**: Simple placemark" in md and "**description**: Attached to the ground." in md
    assert "**coordinates**: -122.0822035425683,37.42228990140251,0" in md
    found = blocks(convert(FILES / "track.gpx"))
    point = next(b for b in found if isinstance(b, Heading) and plain_text(b.children) == "trkpt")
    assert point.locator.xpath == "/gpx/trk[1]/trkseg[1]/trkpt[1]"
    attributes = found[found.index(point) + 1]
    assert plain_text(attributes.children) == 'lat="47.644548", lon="-122.326897"'
    fields = found[found.index(point) + 2]  # its leaf children, one paragraph, a line each
    assert [plain_text([n]) for n in fields.children] == ["ele", ": 4.46", "", "time", ": 2009-10-17T18:37:26Z"]
    assert fields.locator.xpath == "/gpx/trk[1]/trkseg[1]/trkpt[1]/ele[1]"


def test_any_other_xml_is_an_outline_with_attributes_mixed_content_and_comments_reported():
    data = b'<?xml version="1.0"?><!-- c --><config xmlns:x="urn:x" x:v="1"><a k="v">text</a>mixed<b/></config>'
    result = convert(data, name="config.xml")
    found = blocks(result)
    assert plain_text(found[0].children) == "config" and found[0].locator.xpath == "/config"
    assert plain_text(found[1].children) == 'x:v="1"'
    assert plain_text(found[2].children) == 'a [k="v"]: text' and found[2].locator.xpath == "/config/a[1]"
    assert plain_text(found[3].children) == "mixed"
    assert result.reports["xml.mixed-content-flattened"] == 1 and result.reports["xml.comment-dropped"] == 1
    assert result.manifest["reports"][0]["chars"] == 3  # " c "


def test_the_element_and_item_limits_cut_with_a_note_and_a_code():
    data = b"<r>" + b"<e>x</e>" * 10 + b"</r>"
    result = convert(data, name="r.xml", max_xml_elements=4)
    assert result.outcome == "needs_review" and result.reports["xml.elements-truncated"] == 1
    assert "elements after 4 were not read (--max-xml-elements 4)" in result.output.decode()
    feed = convert(FILES / "rss2.xml", max_rows=2)
    assert feed.reports["xml.items-truncated"] == 1 and "The Engine" not in feed.output.decode()
    sitemap = convert(FILES / "sitemap.xml", max_rows=2)
    assert sitemap.reports["xml.items-truncated"] == 1 and "URLs after 2 were not read" in sitemap.output.decode()


def test_entities_depth_and_syntax_are_refused_with_their_codes():
    laughs = b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><l>&b;</l>'
    assert convert(laughs, name="l.xml").manifest["reasons"] == ["xml.doctype-refused"]
    assert convert(b"<a><b><c><d/></c></b></a>", name="d.xml", max_xml_depth=3).manifest["reasons"] == ["xml.xml-too-deep"]
    assert convert(b"<a><b></a>", name="m.xml").manifest["reasons"] == ["xml.xml-malformed"]


def test_html_given_as_xml_gets_the_hint_to_read_it_as_html():
    for page in (b"<!DOCTYPE html><html><body><p>x<br></body></html>", b"<html><body><p>x</p></body></html>"):
        result = convert(page, name="page.xml")
        assert result.manifest["reasons"] == ["xml.looks-like-html"]
        assert "--from html" in result.manifest["message"]


def test_output_is_deterministic():
    first, second = convert(FILES / "atom.xml"), convert(FILES / "atom.xml")
    assert first.output == second.output
    assert first.manifest.to_bytes() == second.manifest.to_bytes()


def test_channel_fields_keep_their_place_among_items_and_odd_shapes_are_reported():
    feed = (b"<rss><channel><title>C</title><item><title>one</title></item><foo>bar</foo><item/></channel>"
            b"<extra/></rss>")  # small enough that the parser has read it all before the first item ends
    md = convert(feed, name="f.rss").output.decode()
    assert md.index("## one") < md.index("**foo:** bar") < md.index("## (untitled)") < md.index("**extra:**")
    title = (b'<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;script&gt;x()&lt;/script&gt;A'
             b"</title></feed>")
    result = convert(title, name="t.atom")
    assert result.document.metadata.title == "A" and result.reports == {"xml.script-dropped": 1}
    sitemap = convert(b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><junk>j</junk></urlset>',
                      name="s.xml")
    assert sitemap.reports == {"xml.sitemap-extension-dropped": 1}
