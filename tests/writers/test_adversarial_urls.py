"""Each hostile file of adversarial/urls.py, converted: its code in the manifest, its Markdown inert in five
renderers, its HTML page inert, its segments free of raw control characters."""

from __future__ import annotations

import pytest

from adversarial.urls import hostile_files
from zenconv.api import convert_api

from .renderers import html_problems, rendered_problems

FILES = hostile_files()
RAW_CONTROLS = {chr(c) for c in (*range(0x09), 0x0b, 0x0c, *range(0x0e, 0x20), *range(0x7f, 0xa0))}


@pytest.mark.parametrize("name", sorted(FILES))
def test_hostile_file_is_reported_and_renders_inert(name):
    data, code, _ = FILES[name]
    md = convert_api(data, to="markdown", name=name)
    assert md.outcome != "unreadable", md.manifest.get("reasons")
    assert code in md.reports, sorted(md.reports)
    text = md.output.decode("utf-8")
    assert not rendered_problems(text), rendered_problems(text)
    assert not RAW_CONTROLS & set(text)
    page = convert_api(data, to="html", name=name)
    if code.startswith("to-md.") and code != "to-md.math-written-as-code":  # HTML escapes math: no loss
        assert code.replace("to-md.", "to-html.", 1) in page.reports, sorted(page.reports)
    assert not html_problems(page.output.decode("utf-8"), page_furniture=True)
    segments = convert_api(data, to="segments", name=name).output.decode("utf-8")
    assert not RAW_CONTROLS - {"\n"} & set(segments)
