"""The conservation check across a family: a DOCX holding an embedded workbook (tests/embedded/fixtures.py).

The child is converted into a scratch folder and checked from the bytes the family converted: its text is
accounted for in the parent, and its own losses are the parent's too."""

from __future__ import annotations

import importlib
import json

from zenconv.conservation import check
from zenconv.conservation.__main__ import main
from zenconv.conservation.model import Part

from ..embedded import fixtures as fx

checking = importlib.import_module("zenconv.conservation.check")  # the package's check() shadows the name


def _memo(tmp_path):
    path = tmp_path / "memo.docx"
    path.write_bytes(fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes((("Item", "Cost"), ("Rent", "Heating"))))]))
    return path


def _extra(fmt: str, part: Part, monkeypatch) -> None:
    """One more part in what the extractor finds for sources of ``fmt``: text only a stand-in holds."""
    original = checking.source_parts

    def source_parts(path, found_fmt, limit):
        parts, problems = original(path, found_fmt, limit)
        return (parts + [part] if found_fmt == fmt else parts), problems

    monkeypatch.setattr(checking, "source_parts", source_parts)


def test_an_embedded_workbook_is_checked_as_a_child_and_the_family_is_whole(tmp_path):
    account = check(_memo(tmp_path))
    assert account.unaccounted == 0
    (child,) = account.children
    assert child.format == "xlsx" and child.outcome == "converted" and child.path.endswith("#1-book.xlsx")
    assert child.source_tokens == 4 and child.unaccounted == 0  # Item Cost Rent Heating
    found = account.to_json()["children"]
    assert found == [{"path": child.path, "format": "xlsx", "outcome": "converted", "source_tokens": 4,
                      "unaccounted": 0}]


def test_a_childs_text_the_parent_holds_is_accounted_for_by_the_child(tmp_path, monkeypatch):
    """Text of the workbook met in the parent's own parts (as an ODF object's content is) went to the child's
    output, not the parent's: it is not the parent's loss."""
    _extra("docx", Part("word/embeddings/book.xlsx", "package", "Rent Heating"), monkeypatch)
    account = check(_memo(tmp_path))
    assert account.unaccounted == 0 and account.source_tokens == 4 + 2


def test_a_childs_own_loss_is_the_familys(tmp_path, monkeypatch, capsys):
    _extra("xlsx", Part("xl/worksheets/phantom.xml", "worksheet", "Unconverted"), monkeypatch)
    account = check(_memo(tmp_path))
    assert account.unaccounted == 1 and account.children[0].unaccounted == 1
    (part,) = account.to_json()["parts"]
    assert part["part"] == "1-book.xlsx/xl/worksheets/phantom.xml" and part["first"] == ["unconverted"]
    assert main([str(tmp_path / "memo.docx"), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["unaccounted"] == 1
