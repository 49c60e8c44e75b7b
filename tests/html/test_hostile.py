"""Hostile HTML and Markdown: every file of tests/html/hostile and tests/markdown/hostile is converted
to every output format, and no output may hold a script element, an event-handler attribute or a
script URL. Each file must also produce the reports that say what was dropped.

The hostile files spell their attacks in markup only, never in text, so the outputs are searched as
plain bytes, JSON and segments included: any hit is markup that survived.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import zenconv

HERE = Path(__file__).resolve().parent
FILES = sorted([*(HERE / "hostile").glob("*.html"), *(HERE.parent / "markdown" / "hostile").glob("*.md")])
FORMATS = ("markdown", "html", "json", "segments")

SCRIPT_ELEMENT = re.compile(rb"<\s*script", re.IGNORECASE)
EVENT_ATTRIBUTE = re.compile(rb"\bon[a-z]+\s*=", re.IGNORECASE)
SCRIPT_URL = re.compile(rb"(?:java|vb)script:|data:text/html", re.IGNORECASE)
# What a browser ignores inside a URL: a spelling with tabs, newlines or controls in it still counts.
_INVISIBLE = re.compile(rb"[\x00-\x20]")

EXPECTED = {
    "script-elements.html": {"html.script-dropped"},
    "event-attributes.html": {"html.event-attribute-dropped"},
    "script-urls.html": {"html.unsafe-url-dropped"},
    "embedded-documents.html": {"html.iframe-dropped", "html.object-dropped", "html.form-dropped"},
    "svg-and-math.html": {"html.svg-dropped", "html.unsafe-url-dropped", "html.image-data-invalid"},
    "head-tricks.html": {"html.meta-refresh-dropped", "html.base-dropped", "html.style-dropped",
                         "html.noscript-dropped", "html.template-dropped", "html.comment-dropped"},
    "script-links.md": {"markdown.unsafe-url-dropped"},
    "raw-html.md": {"markdown.script-dropped", "markdown.event-attribute-dropped", "markdown.unsafe-url-dropped",
                    "markdown.iframe-dropped", "markdown.svg-dropped", "markdown.style-dropped"},
}


def assert_inert(output: bytes, where: str) -> None:
    squeezed = _INVISIBLE.sub(b"", output)
    for pattern in (SCRIPT_ELEMENT, EVENT_ATTRIBUTE, SCRIPT_URL):
        for text in (output, squeezed):
            m = pattern.search(text)
            assert m is None, f"{where}: {text[max(m.start() - 60, 0):m.end() + 60]!r}"


def test_every_hostile_file_says_what_it_expects():
    assert {f.name for f in FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_output_format_carries_script(path):
    for fmt in FORMATS:
        result = zenconv.convert(path, to=fmt)
        assert result.outcome in ("converted", "needs_review"), (fmt, result.outcome)
        assert_inert(result.output, f"{path.name} -> {fmt}")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_what_was_dropped_is_reported(path):
    result = zenconv.convert(path, to="json")
    missing = EXPECTED[path.name] - set(result.reports)
    assert not missing, sorted(result.reports)


@pytest.mark.parametrize("spelling", [b"java\x00script:alert(1)", b"\x01javascript:alert(1)", b"java\nscript:alert(1)"])
def test_controls_inside_the_scheme_do_not_hide_it(spelling):
    page = b'<!doctype html><p><a href="' + spelling + b'">x</a><img src="' + spelling + b'" alt="y"></p>'
    for fmt in FORMATS:
        result = zenconv.convert(page, to=fmt, name="controls.html")
        assert_inert(result.output, fmt)
        assert result.reports.get("html.unsafe-url-dropped") == 2


def test_the_allowed_links_survive():
    result = zenconv.convert(HERE / "hostile" / "script-urls.html", to="markdown")
    text = result.output.decode()
    for target in ("https://example.com/ok", "mailto:a@example.com", "#top"):
        assert target in text
    # A relative reference that names no resource of this conversion is no link (the writers' policy).
    assert "rel/page.html" not in text and "relative" in text
    for label in ("plain", "mixed case", "double encoded", "shouting image"):
        assert label in text  # a dropped link keeps its text, a dropped image its alt text
