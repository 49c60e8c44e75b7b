"""The PowerPoint reader: slides in presentation order, each one Container streamed as it is read."""

from __future__ import annotations

from collections.abc import Iterator

import lxml.etree

from zenconv.context import ReadContext, Source
from zenconv.ir import LayoutFacet, Locator, Metadata
from zenconv.reports import Unreadable
from zenconv_plugins.properties import ooxml_app, ooxml_core
from zenconv_plugins.unread import report_unread_parts

from .comments import Commentary
from .geometry import Template
from .package import NS, R_ID, Package
from .parttext import PRINTED_PLACEHOLDERS, slide_text, template_text
from .slides import SlideReader

_P = f"{{{NS['p']}}}"


def read(source: Source, ctx: ReadContext) -> Iterator:
    ctx.library = f"lxml/{lxml.etree.__version__}"
    pkg = Package(source, ctx)
    main = next((r.target for r in pkg.rels("").values() if r.type == "officeDocument" and not r.external),
                "ppt/presentation.xml")
    pres = pkg.xml(main)
    if pres is None or pres.tag != f"{_P}presentation":
        raise Unreadable("pptx.no-presentation", f"the package has no presentation part ({main})")
    core_properties(pkg, ctx.metadata)
    size = _slide_size(pres)
    grid = None
    if ctx.options["pptx_shape_tables"]:
        from .shapegrid import grid_blocks as grid
    templates: dict[str, Template] = {}
    commentary = Commentary(pkg, ctx, main) if ctx.options["comments"] == "keep" else None
    shown: set[str] = set()  # the layouts and masters whose own shapes a slide read shows
    ids = pres.find(f"{_P}sldIdLst")
    for number, sld in enumerate(ids.iterfind(f"{_P}sldId") if ids is not None else (), 1):
        ctx.checkpoint()
        rel = pkg.target(main, sld.get(R_ID))
        root = pkg.xml(rel.target) if rel is not None and not rel.external else None
        if root is None or root.tag != f"{_P}sld":
            ctx.report("pptx.slide-missing", Locator(slide=number), detail=rel.target if rel is not None else sld.get(R_ID))
            continue
        hidden = root.get("show") in ("0", "false")
        if hidden and ctx.options["hidden"] == "skip":
            ctx.report("pptx.hidden-slide-skipped", Locator(slide=number), text=slide_text(pkg, rel.target, root) or None)
            continue
        layout_part = next(iter(pkg.related(rel.target, "slideLayout")), None)
        master_part = next(iter(pkg.related(layout_part, "slideMaster")), None) if layout_part else None
        slide = SlideReader(pkg, ctx, number=number, part=rel.target, root=root,
                            layout=_template(pkg, templates, layout_part), master=_template(pkg, templates, master_part),
                            size=size, commentary=commentary)
        yield slide.read(hidden, grid, shown)
    _report_unshown(pkg, ctx, main, shown)
    report_unread_parts(lambda part: ((r.type, r.target) for r in pkg.rels(part).values() if not r.external),
                        pkg.xml, ctx)


def _report_unshown(pkg: Package, ctx, main: str, shown: set[str]) -> None:
    """Text of the deck's templates that no slide read shows: the own shapes of a layout no slide uses
    (or only slides that hide background graphics, or skipped ones), and of a master likewise; the notes
    and handout masters' header, footer, date and page number, which print on notes pages and handouts."""
    for master in pkg.related(main, "slideMaster"):
        for part in (master, *pkg.related(master, "slideLayout")):
            if part not in shown:
                text = template_text(pkg.xml(part))
                if text:
                    ctx.report("pptx.template-text-dropped", Locator(part=part), text=text)
    for kind, code in (("notesMaster", "pptx.notes-master-dropped"), ("handoutMaster", "pptx.handout-master-dropped")):
        for part in pkg.related(main, kind):
            text = template_text(pkg.xml(part), printed=PRINTED_PLACEHOLDERS)
            if text:
                ctx.report(code, Locator(part=part), text=text)


def _template(pkg: Package, cache: dict, part: str | None) -> Template:
    if part is None:
        return Template(None)
    if part not in cache:
        root = pkg.xml(part)
        known = root is not None and root.tag in (f"{_P}sldLayout", f"{_P}sldMaster")
        cache[part] = Template.of(root if known else None, part if known else None)
    return cache[part]


def _slide_size(pres) -> LayoutFacet | None:
    size = pres.find(f"{_P}sldSz")
    try:
        return LayoutFacet("slide", int(size.get("cx")), int(size.get("cy"))) if size is not None else None
    except (TypeError, ValueError):
        return None


def core_properties(pkg: Package, meta: Metadata) -> None:
    """Fill ``meta`` (in place: the document already holds it) from docProps/core.xml and app.xml."""
    for kind, default, fill in (("core-properties", "docProps/core.xml", ooxml_core),
                                ("extended-properties", "docProps/app.xml", ooxml_app)):
        part = next((r.target for r in pkg.rels("").values() if r.type == kind and not r.external), default)
        root = pkg.xml(part)
        if root is not None:
            fill(root, meta)
