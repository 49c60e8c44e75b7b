"""The PowerPoint fixtures, built once per session by make_fixtures.py, and reading helpers."""

from __future__ import annotations

import pytest

from zenconv.ir import Container, Heading, Table, Text
from zenconv.testing import read

from .make_fixtures import build

READER = "ai.insan.zenfmt.pptx"


@pytest.fixture(scope="session")
def decks(tmp_path_factory):
    return build(tmp_path_factory.mktemp("pptx"))


def read_deck(path, **options):
    return read(path, READER, **options)


def slides(result) -> list[Container]:
    blocks = list(result.document.blocks)
    assert all(isinstance(b, Container) and b.class_ == "slide" for b in blocks)
    return blocks


def slide_titles(result) -> list[str]:
    return ["".join(t.text for t in s.blocks[0].children if isinstance(t, Text))
            for s in slides(result) if isinstance(s.blocks[0], Heading)]


def tables(container: Container) -> list[Table]:
    return [b for b in container.blocks if isinstance(b, Table)]
