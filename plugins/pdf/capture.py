"""What one page draws, as plain records: glyphs, ruling lines, images.

A pdfminer device that keeps only what the layout needs. It builds no LTChar and runs no layout
analysis (that is what makes pdfminer's own ``extract_text`` slow); the grouping is ours.
It also checks the page's time budget and the host's deadline as it goes, since one hostile
content stream can hold the interpreter for as long as it likes: on every 512th glyph or path
drawn, and on every buffer of content the parser reads (``interpreter``: each form XObject's
stream too), drawn or not.
"""

from __future__ import annotations

import contextlib
import math
import time
import unicodedata
from dataclasses import field

from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdffont import PDFUnicodeNotDefined
from pdfminer.utils import apply_matrix_pt, apply_matrix_rect, mult_matrix

from .fonts import FontStyle, style_of
from .grid import Rule
from zenconv.records import dataclass

INVISIBLE_MODES = (3, 7)   # text render modes that paint nothing (OCR layers, clip-only text)
RULE_THICKNESS = 3.0       # points: a filled rectangle this thin is a ruling line
_TICK = 512                # glyphs or paths between budget checks


class PageBudgetExceeded(Exception):
    """The page ran past its time or glyph budget; ``what`` names which."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


@dataclass(slots=True)
class Glyph:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    font: FontStyle
    angle: int = 0          # direction of the baseline in degrees, 0 for ordinary text
    vertical: bool = False  # a vertical writing-mode font
    hidden: bool = False    # drawn in an invisible render mode


@dataclass(slots=True)
class Picture:
    name: str
    bbox: tuple[float, float, float, float]
    stream: object


@dataclass(slots=True)
class PageCapture:
    width: float
    height: float
    glyphs: list[Glyph] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    unmapped: int = 0       # glyphs with no Unicode mapping
    offpage: int = 0        # glyphs drawn outside the page
    limited: dict[int, int] = field(default_factory=dict)  # id(font) → glyphs drawn in a font with a map not used
    unsaved: int = 0        # graphics states past the depth limit, not saved


class CaptureDevice(PDFTextDevice):
    """Records one page at a time; :meth:`start` resets it for the next page."""

    def __init__(self, rsrcmgr, checkpoint, page_seconds: float, max_glyphs: int,
                 max_state_depth: int, max_operands: int, guard=None) -> None:
        super().__init__(rsrcmgr)
        self._checkpoint = checkpoint
        self._guard = guard
        self._page_seconds = page_seconds
        self._max_glyphs = max_glyphs
        self.max_state_depth = max_state_depth   # read by the interpreter's ``q``
        self._max_operands = max_operands
        self._styles: dict[int, tuple[object, FontStyle, bool]] = {}
        self._render_mode = 0
        self._figures: list[tuple[float, float, float, float]] = []
        self.page = PageCapture(0, 0)
        self._deadline = 0.0
        self._ticks = 0

    # --- page and figure bookkeeping -------------------------------------------------------------

    def begin_page(self, page, ctm) -> None:
        x0, y0, x1, y1 = apply_matrix_rect(ctm, page.mediabox)
        self.page = PageCapture(abs(x1 - x0), abs(y1 - y0))
        self._figures = []
        self._deadline = time.monotonic() + self._page_seconds if self._page_seconds else 0.0
        self._ticks = 0

    def timed(self):
        """The page's time budget, which the host's watchdog enforces even inside pdfminer's own loops."""
        if self._guard is None:
            return contextlib.nullcontext()
        return self._guard.budget(self._page_seconds, lambda: PageBudgetExceeded("time"))

    def begin_figure(self, name, bbox, matrix) -> None:
        x0, y0, x1, y1 = apply_matrix_rect(mult_matrix(matrix, self.ctm), bbox)
        self._figures.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))

    def end_figure(self, name) -> None:
        if self._figures:
            self._figures.pop()

    def render_image(self, name, stream) -> None:
        if self._figures:
            self.page.pictures.append(Picture(str(name), self._figures[-1], stream))

    def _tick(self) -> None:
        self._ticks += 1
        if self._ticks % _TICK:
            return
        self._check()

    def content_read(self, open_objects: int) -> None:
        """The content parser read one more buffer; it holds ``open_objects`` in unclosed arrays."""
        if open_objects > self._max_operands:
            raise PageBudgetExceeded("operands")
        self._check()

    def state_too_deep(self) -> None:
        self.page.unsaved += 1

    def _check(self) -> None:
        self._checkpoint()
        if self._deadline and time.monotonic() > self._deadline:
            raise PageBudgetExceeded("time")
        if len(self.page.glyphs) > self._max_glyphs:
            raise PageBudgetExceeded("glyphs")
        if len(self.page.rules) > self._max_glyphs:  # each path adds up to four: as costly as glyphs
            raise PageBudgetExceeded("rules")

    # --- ruling lines --------------------------------------------------------------------------

    def paint_path(self, graphicstate, stroke, fill, evenodd, path) -> None:
        self._tick()
        if not (stroke or fill) or len(path) > 1024:
            return
        subpath: list[tuple[float, float]] = []
        for segment in path:
            op = segment[0]
            if op == "m":
                self._add_rules(subpath, stroke)
                subpath = []
            elif op == "h":
                continue
            elif op != "l":
                return  # a curve draws a shape, not a rule
            if len(segment) >= 3:
                subpath.append(apply_matrix_pt(self.ctm, (float(segment[-2]), float(segment[-1]))))
        self._add_rules(subpath, stroke)

    def _add_rules(self, points: list[tuple[float, float]], stroke: bool) -> None:
        if len(points) < 2:
            return
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        rules = self.page.rules
        if width <= RULE_THICKNESS and height > RULE_THICKNESS:
            x = (min(xs) + max(xs)) / 2
            rules.append(Rule(x, min(ys), x, max(ys)))
        elif height <= RULE_THICKNESS and width > RULE_THICKNESS:
            y = (min(ys) + max(ys)) / 2
            rules.append(Rule(min(xs), y, max(xs), y))
        elif stroke and len(points) in (4, 5) and _axis_aligned(points):
            # A stroked box: its edges are rules (cell borders are often drawn as rectangles).
            # A filled one is shading: a cell's background, drawn inside its borders.
            left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
            rules.extend((Rule(left, bottom, right, bottom), Rule(left, top, right, top),
                          Rule(left, bottom, left, top), Rule(right, bottom, right, top)))

    # --- text -----------------------------------------------------------------------------------

    def render_string(self, textstate, seq, ncs, graphicstate) -> None:
        self._render_mode = textstate.render
        super().render_string(textstate, seq, ncs, graphicstate)

    def _style(self, font) -> FontStyle:
        entry = self._styles.get(id(font))
        if entry is None or entry[0] is not font:
            entry = (font, style_of(font), id(font) in getattr(self.rsrcmgr, "limited", ()))
            self._styles[id(font)] = entry
        if entry[2]:
            limited = self.page.limited
            limited[id(font)] = limited.get(id(font), 0) + 1
        return entry[1]

    def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate) -> float:
        self._tick()
        try:
            text = font.to_unichr(cid)
        except PDFUnicodeNotDefined:
            text = _winansi_unused(font, cid)
            if text is None:
                text = "\ufffd"
                self.page.unmapped += 1
        if not isinstance(text, str) or (len(text) == 1 and _is_control(text)):
            # A control character is what a symbol font's glyph code turns into without a
            # ToUnicode map: it is no more text than an unmapped glyph.
            text = "\ufffd"
            self.page.unmapped += 1
        adv = font.char_width(cid) * fontsize * scaling
        style = self._style(font)
        hidden = self._render_mode in INVISIBLE_MODES
        a, b, c, d, e, f = matrix
        if font.is_vertical():
            x0, y0, x1, y1 = apply_matrix_rect(matrix, (-fontsize / 2, rise + adv, fontsize / 2, rise))
            self._add(Glyph(text, min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1),
                            abs(fontsize * math.hypot(a, b)), style, 0, True, hidden))
            return adv
        bottom = style.descent * fontsize + rise
        if b == 0 and c == 0 and a > 0 and d > 0:
            self._add(Glyph(text, e, d * bottom + f, e + a * adv, d * (bottom + fontsize) + f,
                            fontsize * d, style, 0, False, hidden))
            return adv
        angle = round(math.degrees(math.atan2(b, a))) % 360
        if angle in (359, 1):
            angle = 0
        scale = math.hypot(a, b) or 1.0
        size = abs(fontsize * (a * d - b * c) / scale)
        if angle == 0:
            x0, y0, x1, y1 = apply_matrix_rect(matrix, (0, bottom, adv, bottom + fontsize))
            self._add(Glyph(text, min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), size, style, 0, False, hidden))
            return adv
        # Rotated text is laid out in its own frame: turned back to horizontal around the origin,
        # so the same line assembly reads it.
        cos, sin = a / scale, b / scale
        ox, oy = e * cos + f * sin, -e * sin + f * cos
        length = adv * scale
        self._add(Glyph(text, ox, oy + bottom * size / max(fontsize, 1e-9), ox + length,
                        oy + (bottom + fontsize) * size / max(fontsize, 1e-9), size, style, angle, False, hidden))
        return adv

    def _add(self, glyph: Glyph) -> None:
        page = self.page
        if glyph.angle == 0 and not glyph.vertical and (
                glyph.x1 < -1 or glyph.x0 > page.width + 1 or glyph.y1 < -1 or glyph.y0 > page.height + 1):
            page.offpage += 1
            return
        page.glyphs.append(glyph)


def _winansi_unused(font, cid: int) -> str | None:
    """The PDF reference (Annex D): in WinAnsiEncoding every unused code above 040 is a bullet.

    pdfminer leaves those codes unmapped; some producers (reportlab among them) draw bullets so.
    The encoding is recognised by two of its own code points: 0x80 the euro, 0x95 the bullet.
    """
    table = getattr(font, "cid2unicode", None)
    if not table or cid < 0o40 or cid > 255 or table.get(0x80) != "\u20ac" or table.get(0x95) != "\u2022":
        return None
    return "\u2022"


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc" and ch not in "\t\n\r"


def _axis_aligned(points) -> bool:
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if abs(x0 - x1) > 0.5 and abs(y0 - y1) > 0.5:
            return False
    return True
