"""Reading DOCX bytes through the registered reader; fixtures come from make_fixtures.py."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from zenconv.ir.walk import plain_text
from zenconv.testing import ReadResult, read

READER = "ai.insan.zenfmt.docx"
HERE = Path(__file__).resolve().parent


def _load_fixtures():
    spec = importlib.util.spec_from_file_location("zenconv_docx_fixtures", HERE / "make_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


FX = _load_fixtures()


def read_docx(data: bytes, **options) -> ReadResult:
    return read(data, READER, name="input.docx", **options)


def read_whole(data: bytes, **options) -> tuple:
    """What a read comes to, materialised, as text to compare: blocks, notes, metadata, reports."""
    result = read_docx(data, **options)
    result.document.materialize()
    doc = result.document
    return (repr(doc.blocks), repr(doc.notes), repr(doc.metadata),
            [repr(r) for r in result.reporter.reports])


def blocks(data: bytes, **options) -> list:
    """The body's blocks: the page furniture (headers, footers) left out."""
    return body(read_docx(data, **options).document.blocks)


def body(found) -> list:
    return [b for b in found if getattr(b, "class_", None) != "furniture"]


def text(node) -> str:
    return plain_text(node if isinstance(node, list) else [node])


@pytest.fixture(scope="session")
def fx():
    """tests/docx/make_fixtures.py as a module: package(), p(), r(), the named FIXTURES."""
    return FX
