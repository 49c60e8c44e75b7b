"""Fonts built under limits: each font's maps are measured (``fontscan``) before pdfminer builds them.

A map over a limit is taken out of the font's dictionary before pdfminer sees it: a ToUnicode
CMap (the font's text then falls back to what its encoding says, or is unmapped), a ``/W``
width array (every glyph then has the default width), an embedded TrueType or Type 1 program
(read only for its encoding). The rest of the font, and the document, is built as usual. A font
pdfminer still cannot build is built once more without any of those maps before its page is
given up. What was taken out, and from which font, is kept for the manifest.
"""

from __future__ import annotations

from dataclasses import field

from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import PSLiteral

from zenconv.reports import Unreadable

from .limits import StreamTooLarge
from .fontscan import cmap_cost, truetype_cost, type1_header_cost, widths_cost
from zenconv.records import dataclass

_PROGRAMS = ("FontFile", "FontFile2", "FontFile3")
_CID_FONTS = ("CIDFontType0", "CIDFontType2")


@dataclass(slots=True)
class FontLimit:
    """One font whose maps were (partly) not used, and why."""

    name: str
    what: list[str] = field(default_factory=list)   # "its ToUnicode CMap has more than … entries", …
    reported: bool = False                           # reported on the page that built it

    def detail(self, page: int) -> str:
        return f"font {self.name} (page {page}): " + "; ".join(self.what) + ": not used"


class BoundedResourceManager(PDFResourceManager):
    def __init__(self, max_entries: int, max_codes: int) -> None:
        super().__init__(caching=True)
        self.max_entries = max_entries
        self.max_codes = max_codes
        self.limited: dict[int, tuple[object, FontLimit]] = {}   # id(font) → (font, what was not used)
        self._building: FontLimit | None = None                   # the font being built, while it is
        self._screened: dict[int, str | None] = {}                # stream objid → why it is refused

    def get_font(self, objid, spec):
        if objid and objid in self._cached_fonts:
            return self._cached_fonts[objid]
        if self._building is not None:   # a Type0 font's descendant: part of the font being built
            return self._build(objid, spec)
        self._building = FontLimit(_name(spec))
        try:
            font = self._build(objid, spec)
            limit = self._building
        finally:
            self._building = None
        if limit.what:
            self.limited[id(font)] = (font, limit)
        return font

    def _build(self, objid, spec):
        screened = self._screen(spec) if isinstance(spec, dict) else spec
        try:
            return super().get_font(objid, screened)
        except (StreamTooLarge, Unreadable, MemoryError, RecursionError):
            raise
        except Exception as exc:  # pdfminer fails in many ways on a broken font: once more with none of its maps
            bare = _without_maps(screened)
            if bare is screened:
                raise
            font = super().get_font(objid, bare)
            self._building.what.append(f"it could not be built with its maps ({type(exc).__name__})")
            return font

    # --- the screen ---------------------------------------------------------------------------

    def _screen(self, spec: dict) -> dict:
        """``spec`` without the maps that are over a limit (the same dictionary when none is)."""
        out = spec
        why = self._to_unicode(spec.get("ToUnicode"))
        if why:
            out = {k: v for k, v in out.items() if k != "ToUnicode"}
            self._building.what.append(f"its ToUnicode CMap {why}")
        for key, step in (("W", 3), ("W2", 5)):
            if key in spec and widths_cost(spec[key], step, self.max_codes).codes > self.max_codes:
                out = {k: v for k, v in out.items() if k != key}
                self._building.what.append(f"its /{key} array gives widths to more than {self.max_codes} codes (--max-cmap-codes)")
        descriptor = _dict(spec.get("FontDescriptor"))
        if descriptor is not None:
            cid = _literal(spec.get("Subtype")) in _CID_FONTS
            dropped = self._programs(descriptor, cid and "ToUnicode" not in out, not cid and "Encoding" not in spec)
            if dropped:
                out = dict(out)
                out["FontDescriptor"] = {k: v for k, v in descriptor.items() if k not in dropped}
        return out

    def _to_unicode(self, value) -> str | None:
        stream = _stream(value)
        if stream is None:
            return None
        key = stream.objid
        if key is not None and key in self._screened:
            return self._screened[key]
        data = _data(stream)
        if data is None:
            why = "cannot be decoded"
        else:
            over = cmap_cost(data, self.max_entries, self.max_codes).over(self.max_entries, self.max_codes)
            why = f"has {over}" if over else None
        if key is not None:
            self._screened[key] = why
        return why

    def _programs(self, descriptor: dict, truetype: bool, type1: bool) -> set[str]:
        """The embedded font programs pdfminer would read for a map that are over a limit (or broken).

        pdfminer reads a TrueType program's ``cmap`` (``truetype``) for a CID font without a
        ToUnicode, and a Type 1 program's header (``type1``) for a simple font without /Encoding.
        """
        dropped: set[str] = set()
        program = _stream(descriptor.get("FontFile2"))
        if program is not None and truetype:
            data = _data(program)
            cost = truetype_cost(data, self.max_codes) if data is not None else None
            if cost is None:
                dropped.add("FontFile2")
                self._building.what.append("its TrueType cmap table is broken")
            elif cost.codes > self.max_codes:
                dropped.add("FontFile2")
                self._building.what.append(f"its TrueType cmap maps more than {self.max_codes} codes (--max-cmap-codes)")
        program = _stream(descriptor.get("FontFile"))
        if program is not None and type1:
            data = _data(program)
            length = resolve1(program.get("Length1"))
            if data is None or not isinstance(length, int):
                dropped.add("FontFile")
                self._building.what.append("its Type 1 program is unreadable")
            else:
                over = type1_header_cost(data[:max(length, 0)], self.max_entries).over(self.max_entries, self.max_codes)
                if over:
                    dropped.add("FontFile")
                    self._building.what.append(f"its Type 1 header has {over}")
        return dropped

    # --- per page -----------------------------------------------------------------------------

    def page_limits(self, page: int, glyphs: dict[int, int]) -> list[tuple[str, int]]:
        """(detail, glyphs drawn) for each limited font page ``page`` built or drew with."""
        out = []
        for key, (_font, limit) in sorted(self.limited.items(), key=lambda item: item[1][1].name):
            drawn = glyphs.get(key, 0)
            if drawn or not limit.reported:
                out.append((limit.detail(page), drawn))
                limit.reported = True
        return out


def _literal(value) -> str:
    value = resolve1(value)
    return value.name if isinstance(value, PSLiteral) else ""


def _name(spec) -> str:
    base = resolve1(spec.get("BaseFont")) if isinstance(spec, dict) else None
    if isinstance(base, PSLiteral):
        base = base.name
    if isinstance(base, bytes):
        base = base.decode("latin-1", "replace")
    return str(base)[:80] if base else "unnamed"


def _dict(value) -> dict | None:
    try:
        value = resolve1(value)
    except Exception:  # an unresolvable reference holds nothing to screen
        return None
    return value if isinstance(value, dict) else None


def _stream(value) -> PDFStream | None:
    try:
        value = resolve1(value)
    except Exception:
        return None
    return value if isinstance(value, PDFStream) else None


def _data(stream: PDFStream) -> bytes | None:
    """A stream's decoded bytes, or None when its filters fail (the budget's refusal still stops the file)."""
    try:
        return stream.get_data() or b""
    except (StreamTooLarge, Unreadable, MemoryError):
        raise
    except Exception:  # a broken filter chain: the map it holds cannot be used anyway
        return None


def _without_maps(spec: dict) -> dict:
    """``spec`` without a ToUnicode, width arrays or embedded programs (itself when it has none)."""
    out = {k: v for k, v in spec.items() if k not in ("ToUnicode", "W", "W2")}
    descriptor = _dict(spec.get("FontDescriptor"))
    if descriptor is not None and any(k in descriptor for k in _PROGRAMS):
        out["FontDescriptor"] = {k: v for k, v in descriptor.items() if k not in _PROGRAMS}
    elif len(out) == len(spec):
        return spec
    return out
