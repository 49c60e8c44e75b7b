"""SmartArt carried as the list of its nodes' text at the drawing's place, not dropped."""

from __future__ import annotations

from zenconv.ir.nodes import List, Paragraph
from zenconv.ir.walk import plain_text

import zenconv

from .conftest import FX, read_docx

DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def _drawing(rid: str = "rIdDm") -> str:
    return (f'<w:r><w:drawing><wp:inline><wp:extent cx="5486400" cy="3200400"/><wp:docPr id="1" name="Diagram 1"/>'
            f'<a:graphic><a:graphicData uri="{DGM}"><dgm:relIds xmlns:dgm="{DGM}" r:dm="{rid}" r:lo="rIdLo" '
            f'r:qs="rIdQs" r:cs="rIdCs"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')


def _point(model: str, text: str | None, kind: str | None = None) -> str:
    body = "" if text is None else (f"<dgm:t><a:bodyPr/>"
                                    + "".join(f"<a:p><a:r><a:t>{line}</a:t></a:r></a:p>" for line in text.split("|"))
                                    + "</dgm:t>")
    return f'<dgm:pt modelId="{model}"{f" type={chr(34)}{kind}{chr(34)}" if kind else ""}>{body}</dgm:pt>'


def smartart_docx(points=None) -> bytes:
    points = points if points is not None else [
        _point("0", None, "doc"), _point("1", "Intake"), _point("2", "Review|by counsel"),
        _point("3", "ignored", "parTrans"), _point("4", "Production"),
    ]
    data = (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>{"".join(points)}</dgm:ptLst>'
            f'<dgm:cxnLst/></dgm:dataModel>')
    body = FX.p("Before the diagram.") + f"<w:p>{_drawing()}</w:p>" + FX.p("After the diagram.")
    return FX.package(body, rels={"rIdDm": ("diagramData", "diagrams/data1.xml", False)},
                      parts={"word/diagrams/data1.xml": data})


def test_smartart_is_a_list_of_its_nodes_text_at_the_drawings_place():
    result = read_docx(smartart_docx())
    found = list(result.document.blocks)
    at = next(i for i, b in enumerate(found) if isinstance(b, List))
    assert plain_text([found[at - 1]]) == "Before the diagram."
    assert plain_text([found[at + 1]]) == "After the diagram."
    items = found[at]
    assert not items.ordered
    assert [plain_text(item.blocks) for item in items.items] == ["Intake", "Review by counsel", "Production"]
    codes = result.codes()
    assert codes["docx.smartart-as-text"] == 1
    (dropped,) = result.reporter.matching("docx.embedded-objects-dropped")  # the transition's text, said
    assert "1 points not nodes" in dropped.details[0]
    clean = read_docx(smartart_docx(points=[_point("1", "Intake")]))
    assert "docx.embedded-objects-dropped" not in clean.codes()


def test_smartart_shows_in_the_markdown_between_its_neighbours():
    md = zenconv.convert(smartart_docx(), to="markdown", name="flow.docx").output.decode()
    assert md.index("Before the diagram.") < md.index("-   Intake\n-   Review by counsel\n-   Production") \
        < md.index("After the diagram.")
    assert "ignored" not in md


def test_smartart_whose_data_part_is_missing_or_empty_is_reported_dropped_as_before():
    empty = read_docx(smartart_docx(points=[_point("0", None, "doc")]))
    assert not [b for b in empty.document.blocks if isinstance(b, List)]
    assert empty.codes()["docx.embedded-objects-dropped"] == 1 and "docx.smartart-as-text" not in empty.codes()
    body = FX.p("Lonely.") + f"<w:p>{_drawing('rIdNone')}</w:p>"
    missing = read_docx(FX.package(body))
    assert missing.codes()["docx.embedded-objects-dropped"] == 1
    assert all(isinstance(b, Paragraph) for b in missing.document.blocks)


def test_a_hostile_data_part_refuses_under_a_named_code_like_any_optional_part():
    """A SmartArt data part declaring entities (a billion-laughs start) is refused by the safe XML layer:
    the document is unreadable under that layer's code, as a broken chart part makes it, never a traceback."""
    bomb = (f'<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:p><a:r>'
            f'<a:t>&b;</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>')
    body = FX.p("Before.") + f"<w:p>{_drawing()}</w:p>"
    result = zenconv.convert(FX.package(body, rels={"rIdDm": ("diagramData", "diagrams/data1.xml", False)},
                                        parts={"word/diagrams/data1.xml": bomb}), to="markdown", name="b.docx")
    assert result.manifest.outcome == "unreadable"
    assert result.manifest.reasons == ["docx.doctype-refused"]


def test_the_conservation_check_finds_every_word_of_the_diagram_accounted_for(tmp_path):
    """The check walks the data part on its own: nodes in the output, the transition's text in the report."""
    from zenconv.conservation import check

    path = tmp_path / "flow.docx"
    path.write_bytes(smartart_docx())
    account = check(path)
    assert account.unaccounted == 0 and account.reported_tokens == 1 and account.source_tokens == 12


def _cxn(src: str, dest: str, order: int, kind: str | None = None) -> str:
    return f'<dgm:cxn modelId="c{src}-{dest}" srcId="{src}" destId="{dest}" srcOrd="{order}" destOrd="0"' + (
        f' type="{kind}"/>' if kind else "/>")


def _hierarchy_docx(points: list[str], connections: list[str]) -> bytes:
    data = (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>{"".join(points)}</dgm:ptLst>'
            f'<dgm:cxnLst>{"".join(connections)}</dgm:cxnLst></dgm:dataModel>')
    return FX.package(FX.p("Org chart:") + f"<w:p>{_drawing()}</w:p>",
                      rels={"rIdDm": ("diagramData", "diagrams/data1.xml", False)},
                      parts={"word/diagrams/data1.xml": data})


def _tree(found: List) -> list:
    return [(plain_text(item.blocks[:1]), _tree(item.blocks[1]) if len(item.blocks) > 1 else [])
            for item in found.items]


def test_smartart_keeps_its_hierarchy_as_nested_lists_in_connection_order():
    points = [_point("0", None, "doc"), _point("b", "Board"), _point("c", "Counsel"), _point("e", "Experts"),
              _point("d", "Discovery"), _point("p", None, "pres"), _point("t", None, "parTrans")]
    connections = [_cxn("0", "b", 0), _cxn("b", "e", 1), _cxn("b", "c", 0), _cxn("c", "d", 0),
                   _cxn("b", "p", 0, "presOf"), _cxn("e", "d", 0, "presParOf")]
    result = read_docx(_hierarchy_docx(points, connections))
    (found,) = [b for b in result.document.blocks if isinstance(b, List)]
    assert _tree(found) == [("Board", [("Counsel", [("Discovery", [])]), ("Experts", [])])]
    md = zenconv.convert(_hierarchy_docx(points, connections), to="markdown", name="org.docx").output.decode()
    assert "-   Board\n\n    -   Counsel\n\n        -   Discovery\n\n    -   Experts" in md or \
        "-   Board\n    -   Counsel\n        -   Discovery\n    -   Experts" in md


def test_smartart_nodes_without_words_orphans_and_cycles_lose_no_words():
    points = [_point("0", None, "doc"), _point("g", None), _point("x", "Exhibit A"), _point("y", "Exhibit B"),
              _point("o", "Orphan"), _point("l", "Loop one"), _point("m", "Loop two")]
    connections = [_cxn("0", "g", 0), _cxn("g", "x", 0), _cxn("g", "y", 1), _cxn("0", "l", 1),
                   _cxn("l", "m", 0), _cxn("m", "l", 0)]
    (found,) = [b for b in read_docx(_hierarchy_docx(points, connections)).document.blocks if isinstance(b, List)]
    assert _tree(found) == [("Exhibit A", []), ("Exhibit B", []), ("Loop one", [("Loop two", [])]), ("Orphan", [])]


def test_a_line_break_inside_a_node_is_a_space_between_its_words():
    from zenconv_plugins.smartart import point_text
    from lxml import etree

    pt = etree.fromstring(f'<dgm:pt xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:t><a:p><a:r><a:t>Review</a:t></a:r><a:br/>'
                          f'<a:r><a:t>by counsel</a:t></a:r></a:p></dgm:t></dgm:pt>')
    assert point_text(pt) == "Review by counsel"


def test_smartart_nested_past_the_bound_joins_the_deepest_level():
    from zenconv_plugins.smartart import MAX_NESTING

    depth = MAX_NESTING + 5
    points = [_point("0", None, "doc")] + [_point(f"n{i}", f"Level {i}") for i in range(depth)]
    connections = [_cxn("0", "n0", 0)] + [_cxn(f"n{i}", f"n{i + 1}", 0) for i in range(depth - 1)]
    (found,) = [b for b in read_docx(_hierarchy_docx(points, connections)).document.blocks if isinstance(b, List)]
    levels, node = 0, found
    while True:
        levels += 1
        item = node.items[0]
        if len(item.blocks) == 1:
            break
        node = item.blocks[1]
    assert levels == MAX_NESTING
    assert [plain_text(i.blocks) for i in node.items] == [f"Level {i}" for i in range(MAX_NESTING - 1, depth)]
