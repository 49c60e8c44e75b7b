"""A conversion whose process ends with it leaves document.xml's tree for the exit to reclaim; any other
lets it go as soon as the body is read. Either way the output is the same."""

from __future__ import annotations

import gc

import docx

from zenconv import context
from zenconv.context import Source
from zenconv.pipeline import Request, run
from zenconv_plugins.docx.namespaces import W


def _document(path):
    doc = docx.Document()
    doc.add_heading("Left for the exit", level=1)
    for n in range(3):
        doc.add_paragraph(f"paragraph {n}")
    doc.save(path)
    return path


def _request(source, output) -> Request:
    return Request(source=Source(source.name, path=source), output=output)


def test_only_a_conversion_that_ends_its_process_keeps_the_tree(tmp_path):
    source = _document(tmp_path / "in.docx")
    before = len(context._LEFT_FOR_EXIT)
    run(_request(source, tmp_path / "api.md"))
    assert len(context._LEFT_FOR_EXIT) == before  # the API's process goes on: the tree was freed
    threshold = gc.get_threshold()
    ending = _request(source, tmp_path / "ending.md")
    ending.ends_process = True
    try:
        run(ending)
        left = context._LEFT_FOR_EXIT[before:]
        assert [el.tag for el in left] == [W + "body"]
        assert len(left[0]) == 5  # the heading, three paragraphs, the section: the whole tree, held
    finally:
        del context._LEFT_FOR_EXIT[before:]
        gc.enable()  # an ending conversion leaves the collector off for its exit
        gc.set_threshold(*threshold)
    assert (tmp_path / "ending.md").read_bytes() == (tmp_path / "api.md").read_bytes()
