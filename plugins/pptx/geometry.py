"""Where a shape is on its slide: its own box, mapped through its groups, or inherited from a placeholder.

Boxes are in EMU from the slide's top-left corner (12 700 EMU per point). A shape inside a group
states its box in the group's child space; the group's ``xfrm`` maps that space onto its own box
(``x′ = off.x + (x − chOff.x) × ext.cx / chExt.cx``), innermost group first. A placeholder that states
no box takes the one of its layout placeholder (same ``idx``, then same type), then the master's.
"""

from __future__ import annotations

from dataclasses import field

from .package import NS, child
from zenconv.records import dataclass

EMU_PER_POINT = 12_700

_A = f"{{{NS['a']}}}"
_P = f"{{{NS['p']}}}"

# A master has one placeholder per role: the layout-level variants fold onto it.
_MASTER_TYPE = {"ctrTitle": "title", "subTitle": "body", "obj": "body"}
TITLE_TYPES = ("title", "ctrTitle")
FOOTER_TYPES = ("sldNum", "dt", "ftr", "hdr")


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class GroupMap:
    """One group's mapping from its child space to its parent's space."""

    off_x: float
    off_y: float
    scale_x: float
    scale_y: float
    ch_x: float
    ch_y: float

    def apply(self, box: Box) -> Box:
        return Box(self.off_x + (box.x - self.ch_x) * self.scale_x, self.off_y + (box.y - self.ch_y) * self.scale_y,
                   box.w * self.scale_x, box.h * self.scale_y)


_EMU_LIMIT = 27_273_042_329_600  # ST_Coordinate's bound: a bigger value is as invalid as a fraction


def _num(el, name: str) -> float:
    """A coordinate: EMU are whole numbers within ST_Coordinate, so NaN, fractions and giants read as 0."""
    try:
        value = int(el.get(name, "0"))
    except ValueError:
        return 0.0
    return float(value) if abs(value) <= _EMU_LIMIT else 0.0


def xfrm_of(sppr) -> Box | None:
    """The box an ``spPr``/``grpSpPr``/``p:xfrm`` states, or None when it states none."""
    if sppr is None:
        return None
    xfrm = sppr if sppr.tag in _XFRMS else child(sppr, _XFRM)
    if xfrm is None:
        return None
    # child(xfrm, _OFF) and child(xfrm, _EXT) in one walk over its children (an off and an ext, most often)
    off = ext = None
    for node in xfrm:
        tag = node.tag
        if tag == _OFF:
            if off is None:
                off = node
                if ext is not None:
                    break
        elif tag == _EXT and ext is None:
            ext = node
            if off is not None:
                break
    if off is None:
        return None
    return Box(_num(off, "x"), _num(off, "y"),
               _num(ext, "cx") if ext is not None else 0.0, _num(ext, "cy") if ext is not None else 0.0)


def group_map(grp_sppr) -> GroupMap | None:
    xfrm = child(grp_sppr, _XFRM) if grp_sppr is not None else None
    if xfrm is None:
        return None
    off, ext, ch_off, ch_ext = (child(xfrm, f"{_A}{n}") for n in ("off", "ext", "chOff", "chExt"))
    if off is None:
        return None
    sx = sy = 1.0
    cx = cy = 0.0
    if ch_off is not None:
        cx, cy = _num(ch_off, "x"), _num(ch_off, "y")
    if ext is not None and ch_ext is not None:
        # A zero child extent is a degenerate group: keep its children unscaled rather than divide by 0.
        if _num(ch_ext, "cx"):
            sx = _num(ext, "cx") / _num(ch_ext, "cx")
        if _num(ch_ext, "cy"):
            sy = _num(ext, "cy") / _num(ch_ext, "cy")
    return GroupMap(_num(off, "x"), _num(off, "y"), sx, sy, cx, cy)


def through_groups(box: Box, groups: tuple[GroupMap, ...]) -> Box:
    """The box in slide space: ``groups`` run outermost first, so they apply in reverse."""
    for group in reversed(groups):
        box = group.apply(box)
    return box


def placeholder_of(sp) -> tuple[str, str | None] | None:
    """(type, idx) of a placeholder shape, the type ``obj`` when unstated; None for other shapes."""
    for nv in _NV_PROPS:
        holder = child(sp, nv)
        if holder is not None:
            # holder.find("p:nvPr/p:ph") by hand: a path goes through ElementPath in Python, for every shape
            for props in holder.iterchildren(_NV_PR):
                ph = child(props, _PH)
                if ph is not None:
                    return ph.get("type", "obj"), ph.get("idx")
            return None
    return None


_NV_PROPS = (f"{_P}nvSpPr", f"{_P}nvPicPr", f"{_P}nvGraphicFramePr")
_NV_PR, _PH = f"{_P}nvPr", f"{_P}ph"


@dataclass(slots=True)
class Template:
    """A slide layout or master: its part, its placeholders by idx and by type, first one wins."""

    root: object
    part: str | None = None
    by_idx: dict[str, object] = field(default_factory=dict)
    by_type: dict[str, object] = field(default_factory=dict)
    # every slide on the template asks again: a placeholder's (type, idx) and its box, worked out once
    kinds: dict[object, tuple[str, str | None]] = field(default_factory=dict)
    boxes: dict[object, Box | None] = field(default_factory=dict)

    @classmethod
    def of(cls, root, part: str | None = None) -> Template:
        tpl = cls(root, part)
        if root is None:
            return tpl
        for sp in root.iter(f"{_P}sp"):
            ph = placeholder_of(sp)
            if ph is None:
                continue
            ph_type, idx = ph
            if idx is not None:
                tpl.by_idx.setdefault(idx, sp)
            tpl.by_type.setdefault(ph_type, sp)
            tpl.kinds.setdefault(sp, ph)
        return tpl

    def box(self, sp) -> Box | None:
        """``sp_box`` of one of this template's placeholders."""
        try:
            return self.boxes[sp]
        except KeyError:
            found = self.boxes[sp] = sp_box(sp)
            return found

    def match(self, ph_type: str, idx: str | None, *, master: bool = False):
        if master:
            return self.by_type.get(_MASTER_TYPE.get(ph_type, ph_type))
        if idx is not None and idx in self.by_idx:
            return self.by_idx[idx]
        return self.by_type.get(ph_type)


def inherited(ph: tuple[str, str | None], layout: Template | None, master: Template | None):
    """The layout and master placeholders a slide placeholder inherits from (either may be None)."""
    ph_type, idx = ph
    layout_sp = layout.match(ph_type, idx) if layout is not None else None
    if layout_sp is not None:
        ph_type = (layout.kinds.get(layout_sp) or placeholder_of(layout_sp) or (ph_type, None))[0]
    master_sp = master.match(ph_type, None, master=True) if master is not None else None
    return layout_sp, master_sp


def sp_box(sp) -> Box | None:
    for name in _BOX_PROPS:
        sppr = child(sp, name)
        if sppr is not None:
            return xfrm_of(sppr)
    xfrm = child(sp, _P_XFRM)  # a graphic frame states its box here
    return xfrm_of(xfrm) if xfrm is not None else None


_BOX_PROPS = (f"{_P}spPr", f"{_P}grpSpPr")
_P_XFRM, _XFRM, _OFF, _EXT = f"{_P}xfrm", f"{_A}xfrm", f"{_A}off", f"{_A}ext"
_XFRMS = (_XFRM, _P_XFRM)


def reading_key(box: Box | None, order: int) -> tuple[float, float, int]:
    """Rows by top (rounded to the point), then left; the document order breaks ties."""
    if box is None:
        return (-1.0, -1.0, order)
    return (float(round(box.y / EMU_PER_POINT)), box.x / EMU_PER_POINT, order)
