"""The OpenDocument fixtures, built once per session by make_fixtures.py, and reading helpers."""

from __future__ import annotations

import pytest

from zenconv.ir import Paragraph, plain_text
from zenconv.testing import read

from .make_fixtures import build

ODT = "ai.insan.zenfmt.odt"
ODP = "ai.insan.zenfmt.odp"


@pytest.fixture(scope="session")
def docs(tmp_path_factory):
    return build(tmp_path_factory.mktemp("odf"))


def read_odt(path, **options):
    return read(path, ODT, **options)


def read_odp(path, **options):
    return read(path, ODP, **options)


def paragraph(result, starting: str) -> Paragraph:
    """The first top-level paragraph whose text starts with ``starting``."""
    return next(b for b in result.document.blocks if isinstance(b, Paragraph) and plain_text(b).startswith(starting))
