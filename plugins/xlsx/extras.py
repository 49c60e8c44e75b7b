"""What a worksheet holds besides its cells, each reported under its code.

The byte scan found the start tags (``scan.FEATURES``); the sheet's relationships name its pivot
tables. Drawings are ``drawings.py``'s, comments ``comments.py``'s.
"""

from __future__ import annotations

from zenconv.ir.locator import Locator

from .package import Rel
from .scan import SheetScan

_FEATURE_CODES = {
    "conditionalFormatting": "conditional-formatting-dropped",
    "dataValidation": "data-validation-dropped",
    "legacyDrawingHF": "images-dropped",
    "picture": "images-dropped",
    "oleObject": "embedded-objects-dropped",
    "control": "embedded-objects-dropped",
    **{name: "headers-footers-dropped" for name in
       ("oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter")},
}
_FEATURE_NAMES = {"tablePart": "tables", "autoFilter": "auto-filter", "sortState": "sort state",
                  "scenario": "scenarios", "sparklineGroup": "sparklines", "slicer": "slicers",
                  "webPublishItem": "web publish items"}


def report_scan(scan: SheetScan, rels: dict[str, Rel], where: Locator, ctx, furniture: bool = False,
                converted: int = 0) -> None:
    """``furniture``: the headers and footers are carried (``headers.py``), so not reported; ``converted``:
    the sheet's OLE objects converted as children (``embedded.py``), not dropped."""
    for name, count in sorted(scan.features.items()):
        code = _FEATURE_CODES.get(name)
        if code == "headers-footers-dropped" and furniture:
            continue
        if name == "oleObject":
            count -= converted
            if count <= 0:
                continue
        if code == "headers-footers-dropped":
            ctx.report(f"xlsx.{code}", where, count=count, text="\n".join(scan.header_texts))
        elif code is not None:
            ctx.report(f"xlsx.{code}", where, count=count)
        elif name in _FEATURE_NAMES:
            ctx.report("xlsx.sheet-features-dropped", where, count=count, detail=_FEATURE_NAMES[name])
    pivots = sum(1 for rel in rels.values() if rel.kind == "pivotTable")
    if pivots:
        ctx.report("xlsx.sheet-features-dropped", where, count=pivots, detail="pivot table definitions")
    for name, count in sorted(scan.over_limit.items()):
        ctx.report("xlsx.unhandled-construct", where, count=count, detail=f"{name} elements past the limit per sheet")
    if scan.bad_ranges:
        ctx.report("xlsx.bad-reference", where, count=scan.bad_ranges, detail="a column, merged range or hyperlink reference")
