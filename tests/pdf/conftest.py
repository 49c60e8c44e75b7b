"""The PDF fixtures (written once per session by make_fixtures.py) and a reader helper."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from zenconv.ir.nodes import Cell, Heading, List, Paragraph, Table, Text
from zenconv.ir.walk import walk
from zenconv.testing import ReadResult, read

from . import make_fixtures

READER = "ai.insan.zenfmt.pdf"


@pytest.fixture(scope="session")
def fixtures(tmp_path_factory) -> dict[str, Path]:
    return make_fixtures.main(tmp_path_factory.mktemp("pdf-fixtures"))


def text_of(node) -> str:
    """The plain text under a node (a cell may be a bare string)."""
    if isinstance(node, str):
        return node
    return "".join(n.text for n in walk(node) if isinstance(n, Text) or type(n).__name__ == "Code")


def cell_text(cell: Cell | str) -> str:
    return cell if isinstance(cell, str) else "".join(text_of(i) for i in cell.content)


@dataclass
class PdfRead:
    result: ReadResult

    @property
    def blocks(self) -> list:
        return list(self.result.document.blocks)

    @property
    def codes(self) -> dict[str, int]:
        return self.result.codes()

    def of(self, kind) -> list:
        return [b for b in self.blocks if isinstance(b, kind)]

    @property
    def tables(self) -> list[Table]:
        return self.of(Table)

    def grid(self, table: Table) -> list[list[str]]:
        return [[cell_text(c) for c in row.cells] for row in table.rows]

    @property
    def headings(self) -> list[tuple[int, str]]:
        return [(h.level, text_of(h)) for h in self.of(Heading)]

    @property
    def paragraphs(self) -> list[str]:
        return [text_of(p) for p in self.of(Paragraph)]

    @property
    def lists(self) -> list[List]:
        return self.of(List)


@pytest.fixture
def read_pdf():
    def run(path, **options) -> PdfRead:
        return PdfRead(read(path, READER, **options))
    return run
