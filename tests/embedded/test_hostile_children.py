"""Hostile families: a bomb nested past any sane depth, child names that try to leave the output folder.

These codes show only where children are converted, with an output folder (the hostile-input set of
``adversarial/embedded.py`` holds the cases that end the same with or without one).
"""

from __future__ import annotations

from pathlib import Path

from zenconv.context import Source
from zenconv.manifest import load, verify
from zenconv.pipeline import Request, run

from . import fixtures as fx


def _run(tmp_path: Path, name: str, data: bytes, **options):
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    return run(Request(source=Source(name, data=data), output=out / f"{name}.md", options=options)), out


def test_a_bomb_nested_thirty_deep_stops_at_the_default_depth(tmp_path):
    result, out = _run(tmp_path, "bomb.docx", fx.nested_docx(30))
    assert result.outcome == "needs_review"
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.md"))
    assert len(written) == 4  # the parent and three levels below it: --max-embedding-depth 3
    deepest = load(out / (written[-1] + ".manifest.json"))
    assert deepest.children[0].reasons == ["host.embedding-too-deep"]
    assert verify(result.manifest_path) == []


def test_depth_zero_converts_no_child(tmp_path):
    result, out = _run(tmp_path, "memo.docx", fx.docx_with(embedded=[("book.xlsx", fx.xlsx_bytes())]),
                       max_embedding_depth=0)
    assert result.manifest.children[0].reasons == ["host.embedding-too-deep"]
    assert sorted(p.name for p in out.iterdir()) == ["memo.docx.md", "memo.docx.md.manifest.json"]


def test_child_names_never_leave_the_embedded_folder(tmp_path):
    names = ["../../../etc/passwd.docx", "..\\..\\evil.docx", "/abs/olute.docx", "con\x1b[31m.docx", "x" * 300 + ".docx"]
    data = fx.docx_with(embedded=[(f"oleObject{n}.bin", fx.packager_object(name, fx.docx_bytes(f"child {n}")))
                                  for n, name in enumerate(names, start=1)])
    result, out = _run(tmp_path, "memo.docx", data)
    folder = out / "memo.docx.md.embedded"
    written = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert all(p.parent in (out, folder) for p in written), written
    assert len(list(folder.glob("*.md"))) == len(names)
    for child in result.manifest.children:
        assert "/" not in child.name and "\x1b" not in child.name and len(child.name) <= 80
    assert verify(result.manifest_path) == []


def test_a_pdf_attachment_named_to_climb_out_stays_inside(tmp_path):
    data = fx.pdf_with(files=[("../../outside.docx", fx.docx_bytes("attached"))])
    result, out = _run(tmp_path, "brief.pdf", data)
    child = result.manifest.children[0]
    assert child.outcome == "converted" and child.output == "brief.pdf.md.embedded/1-outside.docx.md"
    assert not (tmp_path / "outside.docx.md").exists()


def test_a_manifest_whose_child_path_climbs_out_is_refused_by_verify(tmp_path):
    import json

    result, out = _run(tmp_path, "deck.pptx", fx.pptx_with(fx.xlsx_bytes()))
    raw = json.loads(result.manifest_path.read_text())
    raw["children"][0]["manifest"] = "../../../../etc/hostname"
    hostile = out / "hostile.manifest.json"
    hostile.write_text(json.dumps(raw))
    problems = verify(hostile)
    assert any("leaves the manifest's folder" in p for p in problems)
