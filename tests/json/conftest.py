"""Reading JSON, JSON Lines and YAML through the registered readers, and the blocks as plain data."""

from __future__ import annotations

from zenconv.ir.nodes import Heading, List, Paragraph, Table
from zenconv.ir.walk import cell_text
from zenconv.testing import read

JSON = "ai.insan.zenfmt.json"
JSONL = "ai.insan.zenfmt.jsonl"
YAML = "ai.insan.zenfmt.yaml"


def inline_text(inlines) -> str:
    return "".join(getattr(inline, "text", None) or inline_text(getattr(inline, "children", [])) for inline in inlines)


def outline(blocks) -> list:
    """Each block as a small tuple: ("h", level, text), ("p", text), ("dl"/"ul", [...]), ("table", grid)."""
    shapes = []
    for block in blocks:
        if isinstance(block, Heading):
            shapes.append(("h", block.level, inline_text(block.children)))
        elif isinstance(block, Paragraph):
            shapes.append(("p", inline_text(block.children)))
        elif isinstance(block, Table):
            shapes.append(("table", [[cell_text(cell) for cell in row.cells] for row in block.rows]))
        elif isinstance(block, List):
            items = [outline(item.blocks) for item in block.items]
            flat = [item[0][1] for item in items if len(item) == 1 and item[0][0] == "p"]
            shapes.append(("dl", flat) if len(flat) == len(items) else ("ul", items))
    return shapes


def read_data(data: bytes, reader: str = JSON, **options):
    return read(data, reader, name={JSON: "x.json", JSONL: "x.jsonl", YAML: "x.yaml"}[reader], **options)


def tables(result) -> list[Table]:
    return [block for block in result.document.blocks if isinstance(block, Table)]
