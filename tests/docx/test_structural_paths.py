"""The reader's structural fast paths against its general path: with a fast path switched off, the same
document must come out, locators, notes and reports and all, on generated documents and on every
fixture; and each fast path is shown taken on the shapes it exists for."""

from __future__ import annotations

import random

import pytest

from zenconv_plugins.docx.body import BlockReader

from .conftest import FX, read_docx, read_whole

_WORDS = ("alpha", "beta", "gamma", "delta", "epsilon")
_COMMENTS = ('<w:comments xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
             '<w:comment w:id="0" w:author="Ann"><w:p><w:r><w:t>a note</w:t></w:r></w:p></w:comment></w:comments>')
_FOOTNOTES = '<w:footnote w:id="1"><w:tbl><w:tr><w:tc><w:p><w:r><w:t> in a note </w:t></w:r></w:p></w:tc>' \
             '<w:tc><w:p/></w:tc></w:tr></w:tbl></w:footnote>'




def _general(patch) -> None:
    """Every fast path off: the general path reads everything."""
    patch.setattr(BlockReader, "plain_cell", lambda self, p: None)


def _both(monkeypatch, data: bytes, **options) -> None:
    fast = read_whole(data, **options)
    with monkeypatch.context() as patch:
        _general(patch)
        general = read_whole(data, **options)
    assert fast == general


def _text(rng: random.Random) -> str:
    words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 3)))
    return rng.choice(["", " ", "\t", "  "]) + words + rng.choice(["", " ", "\n"])


def _cell_content(rng: random.Random, depth: int) -> str:
    k = rng.random()
    space = ' xml:space="preserve"' if rng.random() < 0.5 else ""
    if k < 0.4:   # the fast path's shape: one paragraph of one plain run
        return f"<w:p><w:r><w:t{space}>{_text(rng)}</w:t></w:r></w:p>"
    if k < 0.5:
        return rng.choice(["<w:p/>", "<w:p></w:p>", "<w:p><w:r/></w:p>", "<w:p><w:r><w:t/></w:r></w:p>"])
    if k < 0.6:   # near misses: properties, formatting, two runs, two paragraphs, other children
        return rng.choice([
            f'<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>{_text(rng)}</w:t></w:r></w:p>',
            f"<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>{_text(rng)}</w:t></w:r></w:p>",
            f"<w:p><w:r><w:t>{_text(rng)}</w:t></w:r><w:r><w:t>{_text(rng)}</w:t></w:r></w:p>",
            f"<w:p><w:r><w:t>{_text(rng)}</w:t><w:br/></w:r></w:p>",
            f"<w:p><w:r><w:tab/></w:r></w:p>",
            f"<w:p><w:r><w:t>{_text(rng)}</w:t></w:r></w:p><w:p><w:r><w:t>{_text(rng)}</w:t></w:r></w:p>",
            f'<w:p><w:r><w:t>{_text(rng)}</w:t></w:r><w:bookmarkEnd w:id="1"/></w:p>',
            f'<w:p><w:ins w:id="4" w:author="B"><w:r><w:t>{_text(rng)}</w:t></w:r></w:ins></w:p>',
            f'<w:sdt><w:sdtContent><w:p><w:r><w:t>{_text(rng)}</w:t></w:r></w:p></w:sdtContent></w:sdt>',
            f'<w:p><w:r><w:lastRenderedPageBreak/><w:t>{_text(rng)}</w:t></w:r></w:p>',
            f'<w:p><w:r><w:delText>{_text(rng)}</w:delText></w:r></w:p>',
        ])
    if k < 0.66 and depth < 2:
        return _table(rng, depth + 1) + "<w:p/>"
    if k < 0.7:   # a comment range within the cell
        return (f'<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>{_text(rng)}</w:t></w:r><w:commentRangeEnd w:id="0"/>'
                '<w:r><w:commentReference w:id="0"/></w:r></w:p>')
    return f"<w:p><w:r><w:t{space}>{_text(rng)}</w:t></w:r></w:p>"


def _table(rng: random.Random, depth: int = 0) -> str:
    cols, rows = rng.randint(1, 4), rng.randint(1, 4)
    out = ["<w:tbl><w:tblPr>" + rng.choice(["", '<w:tblLook w:firstRow="1"/>', '<w:tblLook w:val="04A0"/>'])
           + "</w:tblPr><w:tblGrid>" + "<w:gridCol/>" * cols + "</w:tblGrid>"]
    for _ in range(rows):
        out.append("<w:tr>" + rng.choice(["", "", "<w:trPr><w:tblHeader/></w:trPr>",
                                          '<w:trPr><w:gridBefore w:val="1"/></w:trPr>']))
        col = 0
        while col < cols:
            span = rng.choice((1, 1, 1, 2)) if col + 1 < cols else 1
            props = rng.choice(["", "", '<w:tcW w:w="2000" w:type="dxa"/>', '<w:vMerge w:val="restart"/>',
                                "<w:vMerge/>", '<w:vMerge w:val="continue"/>',
                                '<w:tcPrChange w:id="7" w:author="C"><w:tcPr/></w:tcPrChange>'])
            if span > 1:
                props += f'<w:gridSpan w:val="{span}"/>'
            where = rng.random()
            pr = f"<w:tcPr>{props}</w:tcPr>" if props or where < 0.3 else ""
            content = _cell_content(rng, depth)
            # properties first, as Word writes them; sometimes after the content, or none at all
            out.append(f"<w:tc>{content}{pr}</w:tc>" if where > 0.9 else f"<w:tc>{pr}{content}</w:tc>")
            col += span
        out.append("</w:tr>")
    out.append("</w:tbl>")
    return "".join(out)


def _tables(seed: int) -> bytes:
    rng = random.Random(seed)
    out = []
    for k in range(12):
        before = rng.random()
        if before < 0.15:   # an explicit page break waiting for the next text to confirm it
            out.append('<w:p><w:r><w:br w:type="page"/></w:r></w:p>')
        elif before < 0.25:   # a link field's result open across the table
            out.append('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK '
                       '"https://example.com/f" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
                       "<w:r><w:t>link </w:t></w:r></w:p>")
        elif before < 0.35:   # a comment range open across it
            out.append('<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>commented</w:t></w:r></w:p>')
        elif before < 0.4:
            out.append('<w:p><w:r><w:footnoteReference w:id="1"/></w:r></w:p>')
        table = _table(rng)
        wrap = rng.random()
        if wrap < 0.1:   # a table inserted or deleted whole
            change = rng.choice(["ins", "del"])
            table = f'<w:{change} w:id="{k}" w:author="A">{table}</w:{change}>'
        elif wrap < 0.15:
            table = f"<w:sdt><w:sdtContent>{table}</w:sdtContent></w:sdt>"
        out.append(table)
        after = rng.random()
        if after < 0.2:
            out.append('<w:p><w:r><w:t>after</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')
        elif after < 0.3:
            out.append('<w:p><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>')
        elif after < 0.4:
            out.append('<w:p><w:r><w:lastRenderedPageBreak/><w:t>next page</w:t></w:r></w:p>')
    return FX.package("".join(out), rels={"rIdC": ("comments", "comments.xml", False)},
                      parts={"word/comments.xml": _COMMENTS}, footnotes=_FOOTNOTES)


@pytest.mark.parametrize("name", sorted(FX.FIXTURES))
def test_fixtures_read_as_on_the_general_path(monkeypatch, name):
    _both(monkeypatch, FX.FIXTURES[name]())


@pytest.mark.parametrize("seed", range(16))
@pytest.mark.parametrize("options", [{}, {"revisions": "all"}, {"revisions": "reject", "hidden": "skip"},
                                     {"comments": "drop"}])
def test_generated_tables_read_as_on_the_general_path(monkeypatch, seed, options):
    _both(monkeypatch, _tables(seed), **options)


def test_plain_cells_take_the_fast_path(monkeypatch):
    taken = []
    fast = BlockReader.plain_cell

    def spy(self, p):
        found = fast(self, p)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(BlockReader, "plain_cell", spy)
    cells = "".join(f'<w:tc><w:tcPr><w:tcW w:w="1"/></w:tcPr><w:p><w:r><w:t>{w}</w:t></w:r></w:p></w:tc>'
                    for w in ("a", "b", " "))
    data = FX.package(f"<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid><w:tr>{cells}</w:tr>"
                      "<w:tr><w:tc><w:p/></w:tc><w:tc><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>c</w:t></w:r></w:p></w:tc>"
                      "<w:tc><w:p><w:r><w:t>d</w:t></w:r></w:p></w:tc></w:tr></w:tbl>")
    read_docx(data).document.materialize()
    # the bold run's cell is the general path's; every other cell is the fast path's
    assert taken == [True, True, True, True, False, True]


def _segments(rng: random.Random) -> list:
    from zenconv.ir.nodes import Code, HardBreak

    from zenconv_plugins.docx.formatting import EMPHASIS, STRONG, UNDERLINE
    from zenconv_plugins.docx.inlines import HIDDEN_KEY, link_key, span_key

    # equal wrappers made apart (equal, not identical tuples), as runs of the same formatting give them
    pool = [lambda: (), lambda: (STRONG,), lambda: (EMPHASIS,), lambda: (link_key("https://example.com/a", 1),),
            lambda: (link_key("https://example.com/a", 2),), lambda: (span_key("tag", 3),), lambda: (HIDDEN_KEY,),
            lambda: (STRONG, EMPHASIS), lambda: (link_key("https://example.com/a", 1), UNDERLINE)]
    shared = [make() for make in pool]
    leaves = [lambda: "a", lambda: " b ", lambda: "", lambda: "c", lambda: Code("x"), lambda: HardBreak()]
    deep = rng.random() < 0.3
    out = []
    for _ in range(rng.randint(0, 8)):
        i = rng.randrange(len(pool) if deep else len(pool) - 2)
        keys = shared[i] if rng.random() < 0.5 else pool[i]()
        leaf = rng.choice(leaves if rng.random() < 0.2 else leaves[:4])()
        out.append((keys, leaf))
    return out


def _loop(segments: list) -> list:
    """What build's stack makes of the segments on its own, from the first."""
    from zenconv_plugins.docx import inlines

    rest = iter(segments)
    first = next(rest, None)
    return inlines._stacked([], None, [], first, rest) if first is not None else []


def test_flat_build_makes_what_the_loop_makes():
    from zenconv_plugins.docx import inlines

    ends = {"flat": 0, "handed over": 0, "stacked": 0}
    for seed in range(4000):
        # made afresh for each build: build joins a run of code into its first Code node
        fast = repr(inlines.build(_segments(random.Random(seed))))
        assert repr(_loop(_segments(random.Random(seed)))) == fast, _segments(random.Random(seed))
        root: list = []
        current, _, stop = inlines._flat(iter(_segments(random.Random(seed))), root)
        ends["flat" if stop is None else "handed over" if current is not None else "stacked"] += 1
    # every path was exercised: flat to the end, the stack from the first segment, and from one in the middle
    assert all(count > 150 for count in ends.values()), ends


def test_a_paragraph_of_formatted_runs_and_a_link_is_built_flat():
    from zenconv_plugins.docx.formatting import EMPHASIS, STRONG
    from zenconv_plugins.docx.inlines import _flat, link_key

    link = (link_key("https://example.com/", 1),)
    segments = [((), "plain "), ((STRONG,), "bold"), ((STRONG,), " too"), ((), " and "), ((EMPHASIS,), "it"),
                ((STRONG, EMPHASIS), "both"), (link, "a link"), ((), ".")]
    root: list = []
    assert _flat(iter(segments), root) == (None, None, None)
    assert repr(root) == (
        "[Text(text='plain '), Strong(children=[Text(text='bold too')]), Text(text=' and '), "
        "Emphasis(children=[Text(text='it')]), Strong(children=[Emphasis(children=[Text(text='both')])]), "
        "Link(children=[Text(text='a link')], target='https://example.com/', title=None), Text(text='.')]")
    # wrappers opening with the group's own go to the stack: the bold italic text is inside the same bold
    root = []
    current, pieces, stop = _flat(iter([((STRONG,), "bold "), ((STRONG, EMPHASIS), "both")]), root)
    assert (root, current, pieces, stop) == ([], (STRONG,), ["bold "], ((STRONG, EMPHASIS), "both"))


def _body(seed: int) -> bytes:
    """Body children of every kind the stream tells apart: paragraphs, tables (one column or more, one row or
    more, none, rows in controls), controls, section properties, and children it does not name, between."""
    rng = random.Random(seed)
    unnamed = ['<w:bookmarkStart w:id="1" w:name="b"/>', '<w:bookmarkEnd w:id="1"/>', "<!-- c -->", "<?pi x?>",
               '<w:proofErr w:type="gramStart"/>', "<w:customXml><w:p><w:r><w:t>in xml</w:t></w:r></w:p></w:customXml>",
               '<w:ins w:id="2" w:author="A"><w:p><w:r><w:t>inserted</w:t></w:r></w:p></w:ins>']
    one_column = ("<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid>"
                  + "<w:tr><w:tc><w:p><w:r><w:t>framed</w:t></w:r></w:p></w:tc></w:tr>" * rng.randint(1, 3) + "</w:tbl>")
    named = [lambda: f"<w:p><w:r><w:t>{_text(rng)}</w:t></w:r></w:p>", lambda: _table(rng), lambda: one_column,
             lambda: "<w:tbl/>", lambda: "<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid></w:tbl>",
             lambda: _table(rng).replace("<w:tr>", "<w:sdt><w:sdtContent><w:tr>", 1).replace(
                 "</w:tr>", "</w:tr></w:sdtContent></w:sdt>", 1),
             lambda: "<w:sdt><w:sdtContent><w:p><w:r><w:t>control</w:t></w:r></w:p></w:sdtContent></w:sdt>",
             lambda: '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
                     "<w:r><w:t>item</w:t></w:r></w:p>",
             lambda: '<w:p><w:pPr><w:rPr><w:del w:id="3" w:author="B"/></w:rPr></w:pPr><w:r><w:t>joined</w:t></w:r></w:p>',
             lambda: "<w:sectPr/>",
             # a section break: where each block leaves decides the section whose header comes before it
             lambda: f'<w:p><w:pPr><w:sectPr><w:headerReference w:type="default" r:id="rIdH{rng.randint(1, 2)}"/>'
                     "</w:sectPr></w:pPr><w:r><w:t>section ends</w:t></w:r></w:p>"]
    out = [rng.choice(unnamed) if rng.random() < 0.3 else rng.choice(named)() for _ in range(rng.randint(0, 14))]
    out.append('<w:sectPr><w:headerReference w:type="default" r:id="rIdH2"/></w:sectPr>')
    ns = FX.NAMESPACES.format(w=FX.W_NS, r=FX.R_NS)
    return FX.package("".join(out), rels={f"rIdH{i}": ("header", f"header{i}.xml", False) for i in (1, 2)},
                      parts={f"word/header{i}.xml": f"<w:hdr {ns}>{FX.p(f'head {i}')}</w:hdr>" for i in (1, 2)})


@pytest.mark.parametrize("seed", range(40))
def test_a_body_held_whole_reads_as_streamed(monkeypatch, seed):
    from zenconv_plugins.docx import stream

    data = _body(seed)
    whole = read_whole(data)
    with monkeypatch.context() as patch:
        patch.setattr(stream, "WHOLE_PART", -1)   # every part streamed
        streamed = read_whole(data)
    assert whole == streamed


def test_a_small_part_is_held_whole(monkeypatch):
    from zenconv_plugins.docx import stream

    held = []
    read = stream._held_body

    def spy(*args):
        held.append(True)
        return read(*args)

    monkeypatch.setattr(stream, "_held_body", spy)
    read_docx(_body(1)).document.materialize()
    assert held == [True]
