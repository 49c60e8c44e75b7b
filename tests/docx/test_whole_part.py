"""document.xml parsed whole (a part up to ``stream.WHOLE_PART`` bytes) against the same part pulled by the
stream: the same document and the same reports, on every fixture and on the shapes where the two could part
(tables whose grid follows their rows, rows in controls, a second w:body, markup the parser refuses)."""

from __future__ import annotations

import io
import zipfile

import pytest

from zenconv.reports import Unreadable
from zenconv_plugins.docx import stream

from .conftest import FX, read_docx

TABLE = ("<w:tbl><w:tblPr><w:tblLook w:firstRow='1'/></w:tblPr><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>"
         "<w:tr><w:tc><w:p><w:r><w:t>a</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>b</w:t></w:r></w:p></w:tc></w:tr>"
         "<w:tr><w:tc><w:p><w:r><w:t>c</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>d</w:t></w:r></w:p></w:tc></w:tr>"
         "</w:tbl>")
ONE_COLUMN = ("<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid><w:tr><w:tc><w:p><w:r><w:t>framed</w:t></w:r></w:p></w:tc>"
              "</w:tr></w:tbl>")
ONE_ROW = ONE_COLUMN[ONE_COLUMN.index("<w:tr>"): ONE_COLUMN.index("</w:tbl>")]
SHAPES = {
    "table": TABLE,
    "grid after the rows": TABLE.replace("<w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>", "").replace(
        "</w:tbl>", "<w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid></w:tbl>"),
    "rows in a control": TABLE.replace("<w:tr>", "<w:sdt><w:sdtContent><w:tr>", 1).replace(
        "</w:tr>", "</w:tr></w:sdtContent></w:sdt>", 1),
    "one column": ONE_COLUMN + ONE_COLUMN.replace("</w:tr>", "</w:tr>" + ONE_ROW),
    "empty table": "<w:tbl/>",
    "markers between": "<!-- c --><w:bookmarkStart w:id='1' w:name='x'/>" + TABLE + "<?pi x?><w:bookmarkEnd w:id='1'/>",
    "a second body": FX.p("x").replace("</w:p>", "<w:body>" + FX.p("inner") + "</w:body></w:p>"),
    "nested table": TABLE.replace("<w:t>a</w:t></w:r></w:p>", "<w:t>a</w:t></w:r></w:p>" + TABLE),
}


def _read(data: bytes, **options) -> tuple:
    try:
        result = read_docx(data, **options)
        result.document.materialize()
    except Unreadable as exc:
        return ("unreadable", exc.code, str(exc))
    doc = result.document
    return (repr(doc.blocks), repr(doc.notes), repr(doc.metadata), [repr(r) for r in result.reporter.reports])


def _same(monkeypatch, data: bytes, **options) -> None:
    whole = _read(data, **options)
    with monkeypatch.context() as patch:
        patch.setattr(stream, "WHOLE_PART", -1)   # every part streamed
        streamed = _read(data, **options)
    assert whole == streamed


@pytest.mark.parametrize("name", sorted(FX.FIXTURES))
def test_fixtures_read_whole_as_streamed(monkeypatch, name):
    _same(monkeypatch, FX.FIXTURES[name]())


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_shapes_read_whole_as_streamed(monkeypatch, shape):
    _same(monkeypatch, FX.package(FX.p("before") + SHAPES[shape] + FX.p("after")))


@pytest.mark.parametrize("cut", [0.3, 0.6, 0.9])
def test_a_part_that_does_not_parse_is_refused_as_streamed(monkeypatch, cut):
    data = FX.package(FX.p("before") + TABLE + FX.p("after"))
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            part = src.read(info.filename)
            if info.filename == "word/document.xml":
                part = part[: int(len(part) * cut)]
            dst.writestr(info, part)
    _same(monkeypatch, out.getvalue())
