"""The PowerPoint reader's shortcuts against the general paths they stand for, on random input, and each
shown to be taken: a one-run paragraph's trim and grouping, a paragraph's pPr and runs read in one walk, the
list styles a placeholder inherits (made once per deck), a shape's own list style found from its text body,
a notes page's shapes collected without placing them, a part's folder without posixpath."""

from __future__ import annotations

import json
import posixpath
import random

import pytest
from lxml import etree

from zenconv.ir import HardBreak
from zenconv.ir.serialize import document_to_data
from zenconv.safe.zip import resolve_target
from zenconv_plugins.pptx import package, slides, text
from zenconv_plugins.pptx.package import NS, Package
from zenconv_plugins.pptx.text import ListStyles
from zenconv_plugins.runs import group_runs

from .conftest import read_deck

_A = f"{{{NS['a']}}}"
SPACES = ["", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u3000", "\x1c"]
FORMATS = [(), ("b",), ("b", "i"), (("link", "http://x"),), ("u", ("link", "http://y"))]


def _segment(rng: random.Random):
    if rng.random() < 0.15:
        return HardBreak(), ()
    word = rng.choice(["", "a", "two words", "x\u00a0y"])
    return rng.choice(SPACES) + word + rng.choice(SPACES), rng.choice(FORMATS)


@pytest.mark.parametrize("seed", range(10))
def test_a_one_run_paragraph_reads_as_the_general_trim_and_grouping_read_it(seed):
    rng = random.Random(seed)
    for _ in range(500):
        segments = [_segment(rng) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        assert text._inlines(list(segments)) == group_runs(text._trim_runs(list(segments)), text._wrap), segments


def test_one_run_paragraphs_take_the_shortcut(decks, monkeypatch):
    general = []
    real = text._trim_runs
    monkeypatch.setattr(text, "_trim_runs", lambda segments: general.append(list(segments)) or real(segments))
    read_deck(decks["basic"]).document.materialize()
    assert general, "the deck has paragraphs of several runs"
    assert not [s for s in general if len(s) == 1 and isinstance(s[0][0], str)]


def _paragraph(rng: random.Random):
    """An a:p of random children: runs and fields (with and without rPr, their t before or after it), breaks,
    pPr stating a level and a bullet (none, one, two, anywhere among the runs), endParaRPr, comments."""
    p = etree.Element(f"{_A}p")
    for _ in range(rng.randint(0, 6)):
        kind = rng.random()
        if kind < 0.4:
            run = etree.SubElement(p, rng.choice([f"{_A}r", f"{_A}r", f"{_A}fld"]))
            parts = []
            if rng.random() < 0.6:
                rpr = etree.Element(f"{_A}rPr")
                for flag in rng.sample(["b", "i"], rng.randint(0, 2)):
                    rpr.set(flag, rng.choice(["1", "0", "true"]))
                parts.append(rpr)
            if rng.random() < 0.9:
                t = etree.Element(f"{_A}t")
                t.text = rng.choice(["", " ", "word", " two words ", "x\u00a0"])
                parts.append(t)
            rng.shuffle(parts)
            run.extend(parts)
        elif kind < 0.6:
            ppr = etree.SubElement(p, f"{_A}pPr")
            if rng.random() < 0.7:
                ppr.set("lvl", rng.choice(["0", "1", "2", "9", "-1", "x"]))
            if rng.random() < 0.6:
                bullet = etree.SubElement(ppr, f"{_A}{rng.choice(['buNone', 'buChar', 'buAutoNum', 'buFont'])}")
                if bullet.tag.endswith("buAutoNum"):
                    bullet.set("type", rng.choice(["arabicPeriod", "romanLcParenR", "bogus"]))
        elif kind < 0.75:
            etree.SubElement(p, f"{_A}br")
        elif kind < 0.9:
            etree.SubElement(p, f"{_A}endParaRPr")
        else:
            p.append(etree.Comment("c"))
    return p


def _reference_paragraphs(reader, tx_body, styles):
    """``TextReader.paragraphs`` as it read a paragraph before its one walk: the first pPr found by a walk of
    its own, then the runs by another, trimmed and grouped the general way."""
    out = []
    for p in tx_body:
        if p.tag != f"{_A}p":
            continue
        ppr = package.child(p, f"{_A}pPr")
        level = text._int(ppr.get("lvl") if ppr is not None else None, 0, 0, 8)
        bullet = text._stated(ppr) if ppr is not None else text._UNSTATED
        if bullet is text._UNSTATED:
            bullet = styles.bullet(level)
        segments = []
        for node in p:
            reader._segment(node, segments)
        inlines = group_runs(text._trim_runs(segments), text._wrap)
        if inlines:
            if bullet is not None and bullet[0] == "ordered" and text.autonum_label(bullet[2], 1) is None:
                reader.ctx.report("pptx.list-format-unsupported", reader.locator, detail=bullet[2][:40])
            out.append(text.Para(level, bullet, inlines))
    return out


@pytest.mark.parametrize("seed", range(5))
def test_paragraphs_read_in_one_walk_as_in_two(seed):
    rng = random.Random(seed)
    reported = 0
    for _ in range(300):
        body = etree.Element(f"{_A}txBody")
        body.extend(_paragraph(rng) for _ in range(rng.randint(0, 4)))
        styles = ListStyles((_style(rng),), ListStyles((_style(rng),)))
        reader, reference = text.TextReader(_Context(), {}, None), text.TextReader(_Context(), {}, None)
        assert reader.paragraphs(body, styles) == _reference_paragraphs(reference, body, styles), etree.tostring(body)
        assert reader.ctx.reports == reference.ctx.reports
        reported += bool(reader.ctx.reports)
    assert reported > 3  # the reports were compared too


class _Context:
    """What a TextReader asks of its context while reading these paragraphs: reports, kept to be compared."""

    def __init__(self) -> None:
        self.reports = []

    def report(self, *args, **kwargs) -> None:
        self.reports.append((args, kwargs))


# --- list styles --------------------------------------------------------------------------------


def _style(rng: random.Random):
    """An lstStyle-like element (or None) stating bullets at random levels, in random ways."""
    if rng.random() < 0.2:
        return None
    style = etree.Element(f"{_A}lstStyle")
    for n in rng.sample(range(1, 10), rng.randint(0, 9)):
        level = etree.SubElement(style, f"{_A}lvl{n}pPr")
        for _ in range(rng.randint(0, 2)):
            kind = rng.choice(["buNone", "buChar", "buAutoNum", "buBlip", "buFont", "buSzPct"])
            bullet = etree.SubElement(level, f"{_A}{kind}")
            if kind == "buAutoNum" and rng.random() < 0.7:
                bullet.set("type", rng.choice(["arabicPeriod", "alphaLcParenR", "bogus"]))
                bullet.set("startAt", rng.choice(["1", "4", "z", "-2"]))
    return style


def _flat(chain: list, level: int):
    """What a chain gives at a level, read as the reader read it before ListStyles: the first element
    stating a bullet at the level decides; None when none does."""
    for style in chain:
        props = style.find(f"{_A}lvl{level + 1}pPr") if style is not None else None
        if props is not None:
            found = text._stated(props)
            if found is not text._UNSTATED:
                return found
    return None


@pytest.mark.parametrize("seed", range(10))
def test_a_shared_tail_gives_what_the_whole_chain_gives(seed):
    rng = random.Random(seed)
    for _ in range(100):
        tail = tuple(_style(rng) for _ in range(rng.randint(0, 3)))
        shared = ListStyles(tail)
        for _ in range(4):   # several shapes on one layout share the tail and its lookups
            own = _style(rng)
            styles = ListStyles((own,), shared)
            for level in rng.sample(range(9), 9) * 2:
                assert styles.bullet(level) == _flat([own, *tail], level)


@pytest.mark.parametrize("seed", range(5))
def test_a_shape_list_style_found_from_its_text_body_is_the_one_descend_finds(seed):
    """``SlideReader.styles`` looks for the shape's own list style in the text body its caller found, and gives
    the shared tail itself when that style states no level: the bullets are those of the whole chain, the
    shape's own list style found by ``descend`` (the first text body that has one), in any shape."""
    rng = random.Random(seed)
    tail = slides._P + "txBody"
    empty_taken = 0
    for _ in range(300):
        sp = etree.Element(slides._SP)
        for _ in range(rng.randint(0, 3)):
            kind = rng.choice(["txBody", "txBody", "spPr", "comment"])
            if kind == "comment":
                sp.append(etree.Comment("c"))
                continue
            el = etree.SubElement(sp, f"{slides._P}{kind}")
            if kind == "txBody" and rng.random() < 0.7:
                style = _style(rng)
                el.append(style if style is not None else etree.Element(f"{_A}lstStyle"))
        reader = slides.SlideReader(_Deck(), None, number=1, part="ppt/slides/slide1.xml", root=None,
                                    layout=slides.geo.Template(None), master=slides.geo.Template(None), size=None)
        shape = slides.Placed(sp, None, None)
        styles = reader.styles(shape, package.child(sp, tail))
        inherited = reader.pkg.list_styles[(None, None, None, "otherStyle")]
        general = ListStyles((package.descend(sp, tail, f"{_A}lstStyle"),), inherited)
        for level in rng.sample(range(9), 9):
            assert styles.bullet(level) == general.bullet(level), etree.tostring(sp)
        empty_taken += styles is inherited
    assert empty_taken > 50


class _Deck:
    """The package as ``SlideReader.styles`` uses it: the chains it shares."""

    def __init__(self) -> None:
        self.list_styles = {}


def _deck(path):
    """Twelve slides on one layout, their bodies' paragraphs on three levels, with notes."""
    from pptx import Presentation

    prs = Presentation()
    for n in range(12):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = f"Slide {n}"
        frame = slide.placeholders[1].text_frame
        frame.text = "first"
        for level in (1, 2, 0):
            p = frame.add_paragraph()
            p.text, p.level = f"level {level}", level
        slide.notes_slide.notes_text_frame.text = f"Notes {n}"
    prs.save(path)
    return path


def _ir(path) -> str:
    return json.dumps(document_to_data(read_deck(path).document), sort_keys=True)


def test_placeholders_share_their_inherited_styles_across_slides(tmp_path, monkeypatch):
    path = _deck(tmp_path / "deck.pptx")
    made: list[Package] = []
    real_init = Package.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Package, "__init__", init)
    shared = _ir(path)
    inherited = made[-1].list_styles
    # the title's, the body's and the notes page's chains: made once for the twelve slides
    assert 2 <= len(inherited) <= 4
    assert any(len(chain._at) >= 3 for chain in inherited.values())  # the body's three levels, looked up

    class Forgetful(dict):
        """Keeps nothing: every shape makes its own chain, as before the chains were shared."""

        def __setitem__(self, key, value):
            pass

    def forgetful_init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self.list_styles = Forgetful()

    monkeypatch.setattr(Package, "__init__", forgetful_init)
    assert _ir(path) == shared


# --- notes pages and part names -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["basic", "templates", "comments", "shapegrid"])
def test_shapes_unplaced_are_the_placed_ones_without_boxes(decks, name):
    result = read_deck(decks[name])
    pkg = Package(decks[name], result.context)
    checked = 0
    for part in pkg.zip.names:
        # every notes page, and every slide read as a notes page is (its groups and alternate content)
        if not (part.startswith(("ppt/notesSlides/notesSlide", "ppt/slides/slide")) and part.endswith(".xml")):
            continue
        root = pkg.xml(part)
        tree = root.find(f"{{{NS['p']}}}cSld/{{{NS['p']}}}spTree")
        reader = slides.SlideReader(pkg, result.context, number=1, part=part, root=root,
                                    layout=slides.geo.Template(None), master=slides.geo.Template(None), size=None)
        placed = reader.collect(tree, ())
        unplaced = reader.collect(tree, (), placed=False)
        assert [(s.el, s.ph, s.layout_sp, s.master_sp, s.owners) for s in placed] == \
               [(s.el, s.ph, s.layout_sp, s.master_sp, s.owners) for s in unplaced]
        assert all(s.box is None for s in unplaced)
        checked += len(placed)
    assert checked


def test_notes_pages_are_collected_unplaced(decks, monkeypatch):
    calls = []
    real = slides.SlideReader.collect

    def collect(self, tree, groups, owners=(), *, placed=True):
        calls.append((self.part, placed))
        return real(self, tree, groups, owners, placed=placed)

    monkeypatch.setattr(slides.SlideReader, "collect", collect)
    read_deck(decks["basic"]).document.materialize()
    notes = [placed for part, placed in calls if "notesSlides/" in part]
    assert notes and not any(notes)
    assert all(placed for part, placed in calls if "/slides/" in part)


@pytest.mark.parametrize("seed", range(5))
def test_a_part_name_splits_at_its_last_slash_as_posixpath_splits_it(seed):
    rng = random.Random(seed)
    pieces = ["ppt", "slides", "..", ".", "", "a b", "x.xml", "_rels", "%41", "\\", "ünï"]
    for _ in range(2000):
        written = "/".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        part = resolve_target(rng.choice(["", "ppt", "ppt/slides"]), written) if rng.random() < 0.9 else ""
        folder, _, base = part.rpartition("/")
        assert (folder, base) == posixpath.split(part), part
        assert (f"{folder}/_rels/{base}.rels" if folder else f"_rels/{base}.rels") == \
               posixpath.join(*posixpath.split(part)[:1], "_rels", posixpath.split(part)[1] + ".rels")


def test_package_module_keeps_no_posixpath():
    assert not hasattr(package, "posixpath")
