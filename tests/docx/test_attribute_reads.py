"""Attributes read without lxml's ``get`` where it is dear, against the code that used it, kept here as the
reference: a bare toggle (``<w:b/>``) is known on without asking for its w:val, and a w:hyperlink's r:id and
w:anchor come from one listing of its attributes. Same masks, same documents, reports and all; and the bare
toggles are shown to skip ``get``."""

from __future__ import annotations

import random

import pytest
from lxml import etree

from zenconv_plugins.docx import body, formatting, runs
from zenconv_plugins.docx.formatting import HIDDEN, STRONG, rpr_masks

from .conftest import FX, read_docx

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_NS = f'xmlns:w="{W_NS}" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"'
_TOGGLES = ("b", "i", "strike", "dstrike", "smallCaps", "vanish")
_OTHERS = ('<w:u w:val="single"/>', '<w:u w:val="none"/>', "<w:u/>", '<w:vertAlign w:val="superscript"/>',
           '<w:vertAlign w:val="subscript"/>', '<w:rFonts w:ascii="Courier New"/>', '<w:rStyle w:val="Strong"/>',
           '<w:sz w:val="24"/>', "<w:rPrChange/>", "<w:unknown/>")
_VALS = ("", "", "", ' w:val="0"', ' w:val="1"', ' w:val="false"', ' w:val="OFF"', ' w:val="none"', ' w:val="on"',
         ' w14:val="0"', ' val="false"', ' w:val="true" w14:val="0"', ' w:other="y"', ' w:val=""')


def reference_rpr_masks(rpr) -> tuple:
    """rpr_masks as it was: every toggle's w:val asked for with get."""
    on = off = 0
    for child in rpr:
        bit = formatting._TOGGLES.get(child.tag)
        if bit is not None:
            if (child.get(formatting._VAL) or "true").lower() in formatting._OFF:
                off |= bit
            else:
                on |= bit
    return on, off


class CountingElement(etree.ElementBase):
    gets = 0

    def get(self, key, default=None):
        CountingElement.gets += 1
        return super().get(key, default)


def _rpr(rng: random.Random) -> tuple[str, int]:
    """A w:rPr of toggles and other properties, and how many of its toggles carry attributes."""
    kids, with_attributes = [], 0
    for _ in range(rng.randint(0, 6)):
        if rng.random() < 0.7:
            val = rng.choice(_VALS)
            with_attributes += bool(val)
            kids.append(f"<w:{rng.choice(_TOGGLES)}{val}/>")
        else:
            kids.append(rng.choice(_OTHERS))
    return f"<w:rPr {_NS}>{''.join(kids)}</w:rPr>", with_attributes


@pytest.mark.parametrize("seed", range(10))
def test_toggles_read_as_with_get(seed):
    rng = random.Random(seed)
    parser = etree.XMLParser()
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(element=CountingElement))
    bare = 0
    for _ in range(300):
        xml, with_attributes = _rpr(rng)
        rpr = etree.fromstring(xml, parser)
        on, off, _, _ = rpr_masks(rpr)
        # the toggles' own bits only: rpr_masks reads the other properties with get as before
        toggles = etree.fromstring(f"<w:rPr {_NS}>" + "".join(
            etree.tostring(c).decode() for c in rpr if c.tag in formatting._TOGGLES) + "</w:rPr>", parser)
        CountingElement.gets = 0
        t_on, t_off, _, _ = rpr_masks(toggles)
        assert CountingElement.gets == with_attributes   # a bare toggle is not asked for its value
        bare += len(toggles) - with_attributes
        assert (t_on, t_off) == reference_rpr_masks(toggles)
        toggle_bits = STRONG | formatting.EMPHASIS | formatting.STRIKE | formatting.SMALLCAPS | HIDDEN
        assert (on & toggle_bits, off & toggle_bits) == reference_rpr_masks(rpr)
    assert bare   # the generated properties hold bare toggles: the branch compared is taken


class ReferenceHyperlinks(runs.RunReader):
    """RunReader with w:hyperlink's attributes asked for with get, as before."""

    def hyperlink(self, el) -> None:
        st = self.st
        target = None
        rid = el.get(runs._RID)
        if rid:
            rel = st.rels.get(rid)
            if rel is not None:
                target = rel.target
                st.used_rels.add((st.part, rid))
        anchor = el.get(runs._ANCHOR)
        if anchor:
            target = (target or "") + "#" + anchor
        if not target:
            self.children(el)
            return
        st.bookmarks.linked(st, target)
        saved = self.keys
        self.keys = saved + (runs.link_key(target, st.next_serial()),)
        self.in_link += 1
        self.children(el)
        self.in_link -= 1
        self.keys = saved


_RIDS = ('r:id="rIdLink"', 'r:id="rIdInside"', 'r:id=""', 'r:id="rIdMissing"', 'id="rIdLink"', 'w:id="rIdLink"', "")
_ANCHORS = ('w:anchor="a"', 'w:anchor=""', 'anchor="a"', 'w14:anchor="a"', 'w:anchor="' + "b" * 400 + '"', "")


def _document(seed: int) -> bytes:
    rng = random.Random(seed)
    out = []
    for k in range(30):
        inner = "".join(FX.r(f"w{k}{i}", rng.choice(("", "<w:b/>", '<w:i w:val="0"/>', "<w:u/>")))
                        for i in range(rng.randint(0, 3)))
        for _ in range(rng.randint(0, 2)):
            attrs = [rng.choice(_RIDS), rng.choice(_ANCHORS), rng.choice(("", 'w:history="1"', 'w:tooltip="t"'))]
            rng.shuffle(attrs)
            inner = f"<w:hyperlink {' '.join(attrs)}>{inner}</w:hyperlink>" + FX.r("after")
        out.append(FX.p(runs=inner))
    return FX.package("".join(out), rels={"rIdLink": ("hyperlink", "https://example.com/link", True),
                                          "rIdInside": ("hyperlink", "other.xml", False)})


def _read(data: bytes, **options) -> tuple:
    result = read_docx(data, **options)
    result.document.materialize()
    doc = result.document
    return (repr(doc.blocks), repr(doc.notes), repr(doc.metadata), [repr(r) for r in result.reporter.reports])


@pytest.mark.parametrize("seed", range(12))
def test_hyperlinks_read_as_with_get(monkeypatch, seed):
    data = _document(seed)
    fast = _read(data)
    with monkeypatch.context() as patch:
        patch.setattr(body, "RunReader", ReferenceHyperlinks)
        reference = _read(data)
    assert fast == reference
    assert "Link(" in fast[0]
