"""The HTML page in a real browser: headless Chromium renders the fixed set (tools/render_check.py) at 1280
and 390 px; the DOM says no horizontal overflow, no console error, no CSP violation, comments anchored, a
citation copied with one click. Skipped, saying why, without chromium and chromedriver."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tools import render_check  # the repository's root is on the path, as for adversarial/

PATHS = render_check.browser_paths()
pytestmark = pytest.mark.skipif(PATHS is None, reason="chromium and chromedriver are not installed "
                                "(apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages")
    return dict(render_check.convert_fixed_set(out))


@pytest.fixture(scope="module")
def browser():
    with render_check.Browser(*PATHS) as b:
        yield b


def _png_width(path: Path) -> int:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">I", data[16:20])[0]


@pytest.mark.parametrize("name", [name for name, _, _ in render_check.FIXED_SET])
def test_the_page_renders_as_it_must(name, pages, browser, tmp_path):
    result = render_check.check_page(browser, pages[name], tmp_path, name)
    assert not result.problems
    assert [_png_width(shot) for shot in result.shots] == list(render_check.WIDTHS)  # nothing wider than the view
    assert result.copied  # the citation the click copied, read back
    assert _png_width(result.dark) == render_check.WIDTHS[0]


def test_comments_are_margin_notes_beside_their_block_in_the_deck(pages, browser):
    browser.viewport(1280)
    browser.open(pages["pptx-deck"].resolve().as_uri())
    m = browser.run(render_check._MEASURE)
    assert m["comments"] >= 5 and m["margin"] and all(p["beside"] for p in m["margin"])


def test_word_comments_are_margin_notes_beside_the_paragraph_they_comment(pages, browser):
    """The DOCX reader reads a thread at its first reference: each referenced thread is beside its block."""
    browser.viewport(1280)
    browser.open(pages["docx-comments"].resolve().as_uri())
    m = browser.run(render_check._MEASURE)
    assert len(m["margin"]) == 3 and all(p["beside"] and p["from"] for p in m["margin"])


def _broken(page: Path, tmp_path: Path, old: str, new: str) -> Path:
    text = page.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / f"broken-{page.name}"
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def test_the_check_sees_a_csp_violation_and_an_overflow(pages, browser, tmp_path):
    """What the checks would say if the page broke: a style attribute the policy refuses, a wide block."""
    page = _broken(pages["docx-revisions"], tmp_path, "<main>",
                   '<main><p style="color: red">x</p><div class="wide">w</div>')
    page = _broken(page, tmp_path, "</style>", " .wide { width: 3000px; } </style>")  # its hash no longer matches
    result = render_check.check_page(browser, page, tmp_path, "broken")
    assert any("CSP violation: style-src" in p for p in result.problems), result.problems
    assert not any("overflows" in p for p in result.problems)  # the stylesheet was refused: nothing is wide
    wide = _broken(pages["docx-revisions"], tmp_path, "<main>", "<main><table><tr><td>" + "x" * 3000 + "</td></tr></table>")
    result = render_check.check_page(browser, wide, tmp_path, "wide")
    assert any("390px: the page overflows horizontally" in p for p in result.problems), result.problems


def test_the_audit_report_of_the_fixed_set_renders_and_links_into_its_pages(pages, browser, tmp_path):
    """The audit page a reviewer hands over: no overflow, console error or CSP violation at either width,
    and each link to a cited element opens a page of the set holding that id."""
    import json

    import lxml.html

    folder = next(iter(pages.values())).parent
    report = render_check.audit_report(folder)
    result = render_check.check_page(browser, report, tmp_path, "audit")
    assert result.problems == []
    links = [a.get("href") for a in lxml.html.parse(str(report)).iter("a") if ".html#" in (a.get("href") or "")]
    assert links
    for href in links:
        page, anchor = href.split("#", 1)
        browser.open((report.parent / page).resolve().as_uri() + "#" + anchor)
        assert browser.run(f"return document.getElementById({json.dumps(anchor)}) !== null;"), href
