"""``namespaces.attribute``, the reader's way to read the attributes of its small per-run and per-paragraph
elements, against lxml's ``get`` it stands for: the same value for every element and name, and the same
document, reports and all, when the reader is made to use ``get`` instead (which also shows it is used)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from lxml import etree

from zenconv_plugins.docx import body, formatting, namespaces, runs, tables
from zenconv_plugins.docx.namespaces import W14_NS, W_NS, attribute

from .conftest import FX, read_docx

_USERS = (formatting, body, runs, tables)   # the modules that import it
_NAMES = ("val", "type", "fldCharType", "anchor", "id", "other")
_SPACES = (W_NS, W14_NS, "http://schemas.openxmlformats.org/officeDocument/2006/relationships", None)


def _key(space: str | None, name: str) -> str:
    return name if space is None else "{%s}%s" % (space, name)


def _element(rng: random.Random):
    el = etree.Element("{%s}%s" % (W_NS, rng.choice(("b", "u", "pStyle", "hyperlink", "br", "fldChar"))))
    for _ in range(rng.randint(0, 4)):
        value = rng.choice(("", "0", "1", "none", "x" * rng.choice((1, 300, 5000)), "ä\u00ad€"))
        el.set(_key(rng.choice(_SPACES), rng.choice(_NAMES)), value)
    if rng.random() < 0.1:
        el.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    return el


@pytest.mark.parametrize("seed", range(20))
def test_attribute_is_get(seed):
    rng = random.Random(seed)
    for _ in range(200):
        el = _element(rng)
        for space in _SPACES:
            for name in _NAMES:
                key = _key(space, name)
                assert attribute(el, key) == el.get(key), (etree.tostring(el), key)


_VALS = ("", ' w:val="0"', ' w:val="1"', ' w:val="false"', ' w:val="OFF"', ' w:val="none"', ' w:val="single"',
         ' w:val="superscript"', ' w:val="subscript"', ' w:val="baseline"', ' w14:val="0"', ' val="none"',
         ' w:val="on" w14:val="0"', ' w:other="y"')
_LEVELS = (' w:val="2"', ' w:val="9"')
_STYLE_IDS = (' w:val="Heading1"', ' w:val="Strong"')
_PROPS = ("b", "i", "strike", "dstrike", "smallCaps", "vanish", "u", "vertAlign", "rStyle")
_STYLES = ('<w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>'
           '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>')
_NUMBERING = ('<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/>'
              '<w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>')


_CONTENT = ("<w:t>w{n}</w:t>", "<w:br/>", '<w:br w:type="page"/>', '<w:br w:type="column"/>', '<w:br type="page"/>',
            "<w:fldChar/>", '<w:fldChar w:fldCharType="begin"/>', '<w:fldChar w:fldCharType="separate"/>',
            '<w:fldChar w:fldCharType="end"/>', '<w:fldChar fldCharType="begin"/>',
            '<w:instrText> HYPERLINK "https://example.com/f" </w:instrText>')


def _run(rng: random.Random, n: int) -> str:
    props = "".join(f"<w:{rng.choice(_PROPS)}{rng.choice(_VALS)}/>" for _ in range(rng.randint(0, 3)))
    if rng.random() < 0.2:
        props += f'<w:rStyle w:val="{rng.choice(("Strong", "Missing", ""))}"/>'
    content = rng.choice(_CONTENT).format(n=n)
    return f'<w:r>{f"<w:rPr>{props}</w:rPr>" if props else ""}{content}<w:t xml:space="preserve"> x{n} </w:t></w:r>'


def _link(rng: random.Random, inner: str) -> str:
    attrs = [rng.choice(('r:id="rIdLink"', 'r:id=""', 'r:id="rIdMissing"', 'id="rIdLink"', "")),
             rng.choice(('w:anchor="a"', 'w:anchor=""', 'anchor="a"', 'w14:anchor="a"', ""))]
    rng.shuffle(attrs)
    return f"<w:hyperlink {' '.join(attrs)}>{inner}</w:hyperlink>"


def _document(seed: int) -> bytes:
    rng = random.Random(seed)
    out = []
    for k in range(30):
        runs_ = "".join(_run(rng, k * 10 + i) for i in range(rng.randint(0, 5)))
        if rng.random() < 0.3:
            runs_ = _link(rng, runs_)
        ppr = ""
        if rng.random() < 0.3:
            ppr += f'<w:numPr><w:ilvl{rng.choice(_VALS)}/><w:numId w:val="{rng.choice(("1", "0", "9"))}"/></w:numPr>'
        if rng.random() < 0.2:
            ppr += f"<w:outlineLvl{rng.choice(_VALS + _LEVELS)}/>"
        if rng.random() < 0.2:
            ppr += f"<w:pStyle{rng.choice(_VALS + _STYLE_IDS)}/>"
        paragraph = FX.p(runs=runs_, ppr=ppr)
        if rng.random() < 0.15:
            props = "".join(rng.sample(('<w:gridSpan w:val="2"/>', '<w:gridSpan w:val="-1"/>', "<w:vMerge/>",
                                        '<w:vMerge w:val="restart"/>', '<w:vMerge val="restart"/>'), 2))
            cells = f"<w:tc><w:tcPr>{props}</w:tcPr>{paragraph}</w:tc><w:tc>{FX.p('c')}</w:tc>"
            paragraph = f"<w:tbl><w:tr>{cells}</w:tr><w:tr>{cells}</w:tr></w:tbl>"
        out.append(paragraph)
    return FX.package("".join(out), styles=_STYLES, numbering=_NUMBERING,
                      rels={"rIdLink": ("hyperlink", "https://example.com/link", True)})


def _read(data: bytes, **options) -> tuple:
    result = read_docx(data, **options)
    result.document.materialize()
    doc = result.document
    return (repr(doc.blocks), repr(doc.notes), repr(doc.metadata),
            [repr(r) for r in result.reporter.reports])


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("options", [{}, {"hidden": "skip", "revisions": "all"}])
def test_reader_reads_as_with_get(monkeypatch, seed, options):
    data = _document(seed)
    calls: Counter = Counter()

    def counted(module):
        def through(el, name):
            calls[module.__name__] += 1
            return namespaces.attribute(el, name)
        return through

    with monkeypatch.context() as patch:
        for module in _USERS:
            patch.setattr(module, "attribute", counted(module))
        fast = _read(data, **options)
    with monkeypatch.context() as patch:
        for module in _USERS:
            patch.setattr(module, "attribute", lambda el, name: el.get(name))
        reference = _read(data, **options)
    assert fast == reference
    # each module's reads went through it: the path compared is the one the reader takes
    assert all(calls[module.__name__] for module in _USERS), calls
