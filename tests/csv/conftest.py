"""Reading CSV bytes through the registered reader, and the table's cells as plain text."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from zenconv.ir.nodes import Cell, Row, Table
from zenconv.testing import ReadResult, read

READER = "ai.insan.zenfmt.csv"


def cell_text(cell: Cell | str) -> str:
    return cell if isinstance(cell, str) else "".join(inline.text for inline in cell.content)


@dataclass
class CsvRead:
    result: ReadResult

    @property
    def tables(self) -> list[Table]:
        return [b for b in self.result.document.blocks if isinstance(b, Table)]

    @property
    def table(self) -> Table:
        (table,) = self.tables
        return table

    @property
    def rows(self) -> list[Row]:
        return list(self.table.rows)

    @property
    def grid(self) -> list[list[str]]:
        return [[cell_text(c) for c in row.cells] for row in self.table.rows]

    @property
    def codes(self) -> dict[str, int]:
        return self.result.codes()

    @property
    def flags(self) -> dict:
        return self.result.context.flags

    def report(self, code: str):
        (found,) = self.result.reporter.matching(code)
        return found


@pytest.fixture
def read_csv():
    def read_csv(source: bytes | str, name: str = "input.csv", **options) -> CsvRead:
        return CsvRead(read(source, READER, name=name, **options))

    return read_csv
