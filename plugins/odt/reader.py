"""The ODT reader: content.xml streamed, one top-level body element at a time.

Styles come first (styles.xml, then content.xml's automatic styles, which precede the body), the
tracked-changes table is the body's first child, and each top-level element is turned into blocks
at its end event and then freed, so memory holds one paragraph, list or table at a time. Only the
elements of those top four levels come as events (``levels``): what is inside a paragraph is read
from the tree, never seen element by element as the parser meets it.
"""

from __future__ import annotations

from collections.abc import Iterator

import lxml.etree

from zenconv.context import ReadContext, Source
from zenconv.ir import LayoutFacet, List, Locator
from zenconv.reports import Unreadable

from .blocks import DECLARATIONS, BlockReader, merge_lists
from .names import OFFICE, TABLE, TEXT
from .package import BODY_LEVELS, OdfPackage
from .pagestyles import Placement, page_furniture
from .revisions import read_changes
from .state import State
from .styles import Styles, page_layout


def read(source: Source, ctx: ReadContext) -> Iterator:
    ctx.library = f"lxml/{lxml.etree.__version__}"
    pkg = OdfPackage(source, ctx)
    pages = pkg.metadata(ctx.metadata)
    styles = Styles()
    styles_root = pkg.xml("styles.xml")
    if styles_root is not None:
        styles.load(styles_root.find(f"{OFFICE}styles"), automatic=False)
        styles.load(styles_root.find(f"{OFFICE}automatic-styles"), automatic=True)
    width, height, decorated = page_layout(styles_root)
    placement = None
    if ctx.options.get("furniture", "keep") == "keep":
        # each page style's headers and footers open the body where its pages start
        furniture = page_furniture(styles_root)
        placement = Placement(furniture)
        if furniture.hidden:
            ctx.report("odt.headers-footers-dropped", Locator(part="styles.xml"), count=len(furniture.hidden),
                       detail="switched off (style:display=\"false\")", text="\n".join(furniture.hidden))
    elif decorated:
        ctx.report("odt.headers-footers-dropped", text=decorated)
    layout = LayoutFacet("page", width, height) if width or height else None
    events = pkg.events("content.xml", levels=BODY_LEVELS)
    if events is None:
        raise Unreadable("odt.wrong-document-type", "the package has no content.xml")
    state = State(ctx, pkg, styles, track_pages=pages is not None)
    reader = BlockReader(state)
    held: list = []  # the last top-level list, held back: the next list may continue it
    depth, seen_text = 0, False
    for event, el in events:
        if event == "start":
            depth += 1
            if depth == 1:
                state.root = el
            if depth == 3 and el.getparent() is not None and el.getparent().tag == _BODY:
                if el.tag != _TEXT_BODY:
                    raise Unreadable("odt.wrong-document-type", f"the body is {el.tag.rsplit('}', 1)[-1]}, not text")
                seen_text = True
                for el in _children_ends(events):
                    ctx.checkpoint()
                    tag = el.tag
                    if tag == _TRACKED_CHANGES:
                        state.changes = read_changes(el)
                        blocks = []
                    else:
                        blocks = reader.block(el, tag)
                        if placement is not None and tag not in DECLARATIONS:
                            starts = _STARTS.get(tag) if styles.start_pages else None  # else no style starts one
                            master = styles.master_page(starts[0], el.get(starts[1])) if starts else None
                            if furniture_blocks := placement.before(master):
                                yield from held
                                held = []
                                yield from furniture_blocks
                    el.clear(keep_tail=True)
                    while el.getprevious() is not None:
                        del el.getparent()[0]
                    # Lists are merged across blocks: one block after none held is as it is.
                    merged, held = merge_lists(held + blocks) if held or len(blocks) > 1 else blocks, []
                    for block in merged:
                        if layout is not None:
                            block.facets = (*block.facets, layout)
                            layout = None
                        held.append(block)
                    # Everything but a trailing list can go now.
                    while len(held) > 1 or (held and not isinstance(held[-1], List)):
                        yield held.pop(0)
                depth -= 1  # office:text's end, which _children_ends took
            continue
        depth -= 1
        if depth == 1 and el.tag == _AUTOMATIC_STYLES:
            styles.load(el, automatic=True)
    if not seen_text:
        raise Unreadable("odt.wrong-document-type", "content.xml has no office:text body")
    reader.annotations.finish()
    yield from held
    if placement is not None:
        yield from placement.before(None)  # a body with no blocks still has its first page
        placement.report(ctx, "odt", "page style '{style}' starts no page")


def _children_ends(events) -> Iterator:
    """The elements of the body (``office:text``), each at its end event, from the events after the body's
    start; it stops at the body's end. Most events are inside them: this loop only counts their depth."""
    depth = 0
    for event, el in events:
        if event == "start":
            depth += 1
        elif depth:
            depth -= 1
            if not depth:
                yield el
        else:
            return


_BODY, _TEXT_BODY, _AUTOMATIC_STYLES = f"{OFFICE}body", f"{OFFICE}text", f"{OFFICE}automatic-styles"
_TRACKED_CHANGES = f"{TEXT}tracked-changes"

# What may start a page style: its style family and the attribute naming its style.
_STARTS = {f"{TEXT}p": ("paragraph", f"{TEXT}style-name"), f"{TEXT}h": ("paragraph", f"{TEXT}style-name"),
           f"{TABLE}table": ("table", f"{TABLE}style-name")}
