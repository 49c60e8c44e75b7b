"""The PowerPoint reader's hand-written child lookups against lxml's ElementPath, which they replace on
every shape, paragraph and run: the same element found (or none) in any tree, comments and processing
instructions among the children."""

from __future__ import annotations

import random

import pytest
from lxml import etree

from zenconv_plugins.pptx import geometry as geo
from zenconv_plugins.pptx.package import child, descend

from .conftest import read_deck

TAGS = ("{u:a}x", "{u:a}y", "{u:b}x", "z")


def _tree(rng: random.Random, depth: int = 0):
    el = etree.Element(rng.choice(TAGS))
    if depth < 4:
        for _ in range(rng.randint(0, 4)):
            kind = rng.random()
            if kind < 0.1:
                el.append(etree.Comment("c"))
            elif kind < 0.15:
                el.append(etree.ProcessingInstruction("pi", "x"))
            else:
                el.append(_tree(rng, depth + 1))
    return el


@pytest.mark.parametrize("seed", range(20))
def test_child_and_descend_find_what_find_finds(seed):
    rng = random.Random(seed)
    for _ in range(200):
        root = _tree(rng)
        for tag in TAGS:
            assert child(root, tag) is root.find(tag)
        for path in ((TAGS[0], TAGS[1]), (TAGS[1], TAGS[0], TAGS[2]), (TAGS[3], TAGS[3])):
            assert descend(root, *path) is root.find("/".join(path))


def test_template_boxes_and_kinds_are_sp_box_and_placeholder_of(decks):
    """Template.box and Template.kinds, worked out once per template, against the functions they cache."""
    from zenconv_plugins.pptx.package import Package

    checked = 0
    for name in ("basic", "templates", "shapegrid", "comments"):
        pkg = Package(decks[name], read_deck(decks[name]).context)
        for part in pkg.zip.names:
            if "slideLayouts/slideLayout" in part or "slideMasters/slideMaster" in part:
                if not part.endswith(".xml"):
                    continue
                template = geo.Template.of(pkg.xml(part), part)
                for sp in (*template.by_idx.values(), *template.by_type.values()):
                    assert template.kinds[sp] == geo.placeholder_of(sp)
                    assert template.box(sp) == geo.sp_box(sp)
                    checked += 1
    assert checked > 10


def _reference_xfrm_of(sppr):
    """``geo.xfrm_of`` as it was before its one walk over the xfrm's children: off and ext found each by ``find``."""
    if sppr is None:
        return None
    xfrm = sppr if sppr.tag in geo._XFRMS else sppr.find(geo._XFRM)
    if xfrm is None:
        return None
    off, ext = xfrm.find(geo._OFF), xfrm.find(geo._EXT)
    if off is None:
        return None
    return geo.Box(geo._num(off, "x"), geo._num(off, "y"),
                   geo._num(ext, "cx") if ext is not None else 0.0, geo._num(ext, "cy") if ext is not None else 0.0)


@pytest.mark.parametrize("seed", range(5))
def test_a_box_read_in_one_walk_is_the_box_find_reads(seed):
    """An xfrm of an off and an ext in any order, either missing or twice, among other children and comments."""
    rng = random.Random(seed)
    names = [geo._OFF, geo._EXT, geo._OFF, geo._EXT, f"{geo._A}chOff", f"{geo._A}chExt", "comment"]
    for _ in range(500):
        sppr = etree.Element(f"{geo._P}spPr")
        xfrm = etree.SubElement(sppr, rng.choice([geo._XFRM, geo._XFRM, f"{geo._A}other"]))
        for _ in range(rng.randint(0, 5)):
            name = rng.choice(names)
            if name == "comment":
                xfrm.append(etree.Comment("c"))
                continue
            el = etree.SubElement(xfrm, name)
            for attribute in ("x", "y", "cx", "cy"):
                el.set(attribute, str(rng.randint(-5, 10**7)))
        for el in (sppr, xfrm):
            assert geo.xfrm_of(el) == _reference_xfrm_of(el), etree.tostring(sppr)
