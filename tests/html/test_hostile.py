"""Hostile HTML and Markdown: every file of tests/html/hostile and tests/markdown/hostile is converted
to Markdown and HTML, and what the real renderers make of them may hold no script element, no
event-handler attribute and no script URL (tests/writers/renderers.py). Each file must also produce the
reports that say what was dropped: the reader's for the markup it does not carry, the writers' for the
links and images their URL policy refuses.

The readers carry link targets as the source has them (the writers own the policy), so the IR JSON
keeps a ``javascript:`` target as evidence; no output holds script markup, and segments, which are text,
hold no element at all.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import zenconv

from ..writers.renderers import html_problems, rendered_problems

HERE = Path(__file__).resolve().parent
FILES = sorted([*(HERE / "hostile").glob("*.html"), *(HERE.parent / "markdown" / "hostile").glob("*.md")])
FORMATS = ("markdown", "html", "json", "segments")

SCRIPT_ELEMENT = re.compile(rb"<\s*script", re.IGNORECASE)
EVENT_ATTRIBUTE = re.compile(rb"\bon[a-z]+\s*=", re.IGNORECASE)
# What a browser ignores inside a URL: a spelling with tabs, newlines or controls in it still counts.
_INVISIBLE = re.compile(rb"[\x00-\x20]")

EXPECTED = {
    "script-elements.html": {"html.script-dropped"},
    "event-attributes.html": {"html.event-attribute-dropped"},
    "script-urls.html": {"to-md.unsafe-url-dropped"},
    "embedded-documents.html": {"html.iframe-dropped", "html.object-dropped", "html.form-dropped"},
    "svg-and-math.html": {"html.svg-dropped", "to-md.unsafe-url-dropped", "to-md.active-media-unlinked",
                          "html.image-data-invalid"},
    "head-tricks.html": {"html.meta-refresh-dropped", "html.base-dropped", "html.style-dropped",
                         "html.noscript-dropped", "html.template-dropped", "html.comment-dropped"},
    "script-links.md": {"to-md.unsafe-url-dropped"},
    "raw-html.md": {"markdown.script-dropped", "markdown.event-attribute-dropped", "to-md.unsafe-url-dropped",
                    "markdown.iframe-dropped", "markdown.svg-dropped", "markdown.style-dropped"},
}


def assert_inert(result, fmt: str, where: str) -> None:
    text = result.output.decode("utf-8")
    if fmt == "markdown":
        assert rendered_problems(text) == {}, where
    elif fmt == "html":
        assert html_problems(text, page_furniture=True) == [], where
    else:  # JSON and segments are data: no markup may survive into them, whatever their targets say
        squeezed = _INVISIBLE.sub(b"", result.output)
        for pattern in (SCRIPT_ELEMENT, EVENT_ATTRIBUTE):
            m = pattern.search(squeezed)
            assert m is None, f"{where}: {squeezed[max(m.start() - 60, 0):m.end() + 60]!r}"


def test_every_hostile_file_says_what_it_expects():
    assert {f.name for f in FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_output_format_carries_script(path):
    for fmt in FORMATS:
        result = zenconv.convert(path, to=fmt)
        assert result.outcome in ("converted", "needs_review"), (fmt, result.outcome)
        assert_inert(result, fmt, f"{path.name} -> {fmt}")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_what_was_dropped_is_reported(path):
    result = zenconv.convert(path, to="markdown")
    missing = EXPECTED[path.name] - set(result.reports)
    assert not missing, sorted(result.reports)
    page = zenconv.convert(path, to="html")
    twins = {code.replace("to-md.", "to-html.") for code in EXPECTED[path.name]}
    assert not twins - set(page.reports), sorted(page.reports)


@pytest.mark.parametrize("spelling", [b"java\x00script:alert(1)", b"\x01javascript:alert(1)", b"java\nscript:alert(1)"])
def test_controls_inside_the_scheme_do_not_hide_it(spelling):
    page = b'<!doctype html><p><a href="' + spelling + b'">x</a><img src="' + spelling + b'" alt="y"></p>'
    for fmt in FORMATS:
        result = zenconv.convert(page, to=fmt, name="controls.html")
        assert_inert(result, fmt, fmt)
    assert zenconv.convert(page, to="markdown", name="controls.html").reports.get("to-md.unsafe-url-dropped") == 2
    assert zenconv.convert(page, to="html", name="controls.html").reports.get("to-html.unsafe-url-dropped") == 2


def test_the_ir_keeps_the_dropped_target_as_evidence():
    result = zenconv.convert(HERE / "hostile" / "script-urls.html", to="json")
    assert b"javascript:" in result.output.lower() and not result.reports.get("to-md.unsafe-url-dropped")


def test_the_allowed_links_survive():
    result = zenconv.convert(HERE / "hostile" / "script-urls.html", to="markdown")
    text = result.output.decode()
    for target in ("https://example.com/ok", "mailto:a@example.com", "#top"):
        assert target in text
    # A relative reference that names no resource of this conversion is no link (the writers' policy).
    assert "rel/page.html" not in text and "relative" in text
    for label in ("plain", "mixed case", "double encoded", "shouting image"):
        assert label in text  # a dropped link keeps its text, a dropped image its alt text
