"""The PDF reader: pages read a few ahead, composed with the document's view, emitted in order.

Stage one reads a page into cells (``page``); it runs up to ``furniture.WINDOW`` pages ahead so
the second stage (``compose``) can compare a page with its neighbours (running headers) and with
the document so far (body size, heading ranks, words for dehyphenation). The last stage
(``emit``) builds the IR and holds back a table that ends a page until the next page shows
whether it continues. Memory stays bounded by the window, whatever the page count.
"""

from __future__ import annotations

import logging
from collections import Counter, deque
from collections.abc import Iterator
from contextlib import contextmanager

import pdfminer

from zenconv.family import reference
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Paragraph, Text
from zenconv.reports import Unreadable

from .annotations import catalog_extras
from .capture import CaptureDevice
from .compose import compose
from .document import PdfFile, fill_metadata, open_pdf
from .emit import Emitter
from .furniture import WINDOW, RunningFurniture, running_lines
from .headings import HeadingRanks, body_size
from .interpreter import BoundedInterpreter
from .interpreter import install as install_meter
from .limits import (
    PageRangeError,
    StreamBudget,
    StreamTooLarge,
    install,
    last_selected,
    page_selected,
    parse_pages,
    reset_budget,
    set_budget,
)
from .attachments import file_of, name_tree_files
from .outline import read_outline
from .page import PageData, read_page
from .resources import BoundedResourceManager
from .tables import TableBlock

MAX_PAGE_GLYPHS = 1_000_000
_QUIET = ("pdfminer",)


def _silence() -> None:
    # pdfminer logs a warning for every oddity of a broken file; what matters reaches the manifest.
    for name in _QUIET:
        logging.getLogger(name).setLevel(logging.ERROR)


@contextmanager
def _bounded(budget: StreamBudget):
    """pdfminer work under the stream budget; never spans a ``yield`` (a context variable)."""
    token = set_budget(budget)
    try:
        yield
    except StreamTooLarge as exc:
        raise Unreadable("pdf.stream-too-large", str(exc)) from exc
    finally:
        reset_budget(token)
    if budget.exceeded:
        raise Unreadable("pdf.stream-too-large", f"a stream inflates past the {budget.exceeded} limit")


def _attached(budget: StreamBudget, ctx, specs: list, loc) -> list:
    """The linking blocks of the attached files converted as children (``zenconv.family``); ``specs``:
    (name, file specification) pairs. Each file is decoded under the stream budget, converted outside it."""
    blocks = []
    for ordinal, (label, spec) in enumerate(specs, start=1):
        with _bounded(budget):
            found = file_of(spec, label or f"attachment-{ordinal}")
        if found is None:
            continue
        name, data = found
        key = ctx.embed(data, name or label, loc, origin=f"attachment {label or name}")
        if key is not None:
            blocks.append(reference(key, name or label, loc))
    return blocks


def read(source, ctx) -> Iterator:
    _silence()
    install()
    install_meter()
    options = ctx.options
    try:
        ranges = parse_pages(options["pages"])
    except PageRangeError as exc:
        raise Unreadable("pdf.bad-page-range", str(exc)) from exc
    budget = StreamBudget(options["max_stream_bytes"], options["max_package_bytes"])
    ctx.library = f"pdfminer.six/{pdfminer.__version__}"
    stream = source.open()
    try:
        with _bounded(budget):
            pdf = open_pdf(stream, options["password"], options["max_objects"], ctx.checkpoint)
            fill_metadata(pdf, ctx.metadata)
            outline, _ = read_outline(pdf)
            files, fields = catalog_extras(pdf.document)
        if pdf.encrypted:
            ctx.flags["encrypted"] = True
        attached = _attached(budget, ctx, name_tree_files(pdf.document), None)
        if files > len(attached):
            ctx.report("pdf.attachments-dropped", count=files - len(attached))
        if fields:
            ctx.report("pdf.form-fields-dropped", count=fields)
        yield from attached
        yield from _Reading(pdf, ctx, budget, ranges, outline, fields).blocks()
    finally:
        stream.close()


class _Reading:
    def __init__(self, pdf: PdfFile, ctx, budget: StreamBudget, ranges, outline, fields: int) -> None:
        self.pdf = pdf
        self.ctx = ctx
        self.budget = budget
        self.ranges = ranges
        self.outline = outline
        self.fields = fields
        options = ctx.options
        self.fonts = BoundedResourceManager(options["max_cmap_entries"], options["max_cmap_codes"])
        self.device = CaptureDevice(self.fonts, ctx.checkpoint, options["page_timeout"], MAX_PAGE_GLYPHS,
                                    options["max_state_depth"], options["max_operands"], guard=ctx.guard)
        self.interpreter = BoundedInterpreter(self.fonts, self.device)
        self.ranks = HeadingRanks(outline)
        extract = bool(options.get("media_dir")) or bool(options.get("embed_media"))
        self.emitter = Emitter(ctx, self.ranks, options["hidden"], extract)
        self.sizes: Counter = Counter()
        self.bold: Counter = Counter()
        self.words: set[str] = set()
        self.furniture = RunningFurniture(ctx) if options.get("furniture", "keep") == "keep" else None

    # --- which pages -------------------------------------------------------------------------

    def _selected(self) -> tuple[list[int], int]:
        total = len(self.pdf.pages)
        last = last_selected(self.ranges)
        wanted = [i for i in range(min(total, last) if last else total) if page_selected(self.ranges, i + 1)]
        skipped = total - len(wanted)
        if skipped:
            self.ctx.report("pdf.pages-not-selected", count=skipped)
        cap = self.ctx.options["max_pages"]
        cut = 0
        if len(wanted) > cap:
            cut = len(wanted) - cap
            wanted = wanted[:cap]
            self.ctx.flags["truncated"] = True
        self.ctx.flags["pages"] = total
        self.ctx.flags["pages_read"] = len(wanted)
        return wanted, cut

    # --- stage one ---------------------------------------------------------------------------

    def _read(self, index: int) -> PageData:
        page = self.pdf.pages[index]
        number = index + 1
        label = page.label if self.pdf.has_labels else None
        try:
            with _bounded(self.budget):
                data = read_page(self.interpreter, self.device, page, number, label)
        except (Unreadable, MemoryError):
            raise
        except Exception as exc:  # pdfminer fails in many ways on a broken page; the others still read
            data = PageData(number, label, 0.0, 0.0, failed=f"{type(exc).__name__}: {exc}"[:200])
        data.font_limits = self.fonts.page_limits(number, self.device.page.limited)
        self.sizes.update(data.sizes)
        self.bold.update(data.bold)
        self.words |= data.words
        self.ctx.checkpoint()
        return data

    # --- all stages --------------------------------------------------------------------------

    def blocks(self) -> Iterator:
        wanted, cut = self._selected()
        pending = deque(wanted)
        ahead: deque[PageData] = deque()
        behind: deque[PageData] = deque(maxlen=WINDOW)
        held: list = []          # output held until some page shows it has text
        seen_text = False
        while pending or ahead:
            while pending and len(ahead) <= WINDOW:
                ahead.append(self._read(pending.popleft()))
            page = ahead.popleft()
            out = self._page(page, list(behind) + list(ahead))
            behind.append(page)
            if page.has_text or page.budget:
                seen_text = True  # a page cut short is not a scan: it is reported as cut
            if not seen_text:
                held.extend(out)
                continue
            if held:
                yield from held
                held = []
            yield from out
        tail = self.emitter.close()
        if wanted and not seen_text:
            raise Unreadable("pdf.no-text-layer", "no page has a text layer (a scan?); OCR is out of scope")
        yield from held
        yield from tail
        if cut:
            last = wanted[-1] + 1
            self.ctx.report("pdf.pages-truncated", count=cut)
            yield Paragraph([Text(f"[Stopped after page {last}: {cut} more pages were not read (--max-pages).]")])
        self._report_outline()

    def _page(self, page: PageData, neighbours: list[PageData]) -> list:
        ctx = self.ctx
        loc = Locator(page=page.number, page_label=page.label)
        self._report_page(page, loc)
        if not page.has_text and not page.failed and not page.budget:
            ctx.report("pdf.no-text-layer", loc)
        body = body_size(self.sizes)
        body_bold = self.bold.get(body, 0) > 0.5 * self.sizes.get(body, 1)
        others = [p for p in neighbours if not p.failed]
        running = running_lines(page, others)
        composed = compose(page, running, body, body_bold)
        kept = []
        if self.furniture is None:
            for text in composed.running:
                ctx.report("pdf.running-headers-dropped", loc, detail=text[:80], text=text)
        else:
            kept = self.furniture.page(page, running, loc)
        for rejected in composed.rejected:
            if rejected.failed:
                ctx.report("pdf.table-not-resolved", loc, detail=rejected.reason)
        for block in composed.blocks:
            if isinstance(block, TableBlock) and block.uncertain:
                ctx.report("pdf.table-structure-uncertain", loc, detail=block.uncertain)
        if composed.turned:
            ctx.report("pdf.rotated-text", loc, count=composed.turned)
        if composed.vertical:
            ctx.report("pdf.vertical-text", loc, count=composed.vertical)
        return kept + self.emitter.page_blocks(composed, self.sizes, body, body_bold, self.words) + page.attached

    def _report_page(self, page: PageData, loc) -> None:
        ctx = self.ctx
        if page.failed:
            ctx.report("pdf.page-unreadable", loc, detail=page.failed)
        if page.budget:
            ctx.report("pdf.page-truncated", loc, detail=f"page {page.budget} budget")
        if page.unmapped:
            ctx.report("pdf.unmapped-glyphs", loc, count=page.unmapped)
        for detail, glyphs in page.font_limits:
            ctx.report("pdf.font-limit", loc, count=glyphs, detail=detail)
        if page.unsaved:
            ctx.report("pdf.state-depth-limit", loc, count=page.unsaved)
        if page.offpage:
            ctx.report("pdf.offpage-text-dropped", loc, count=page.offpage)
        notes = page.annotations
        if notes.internal_links:
            ctx.report("pdf.internal-links-dropped", loc, count=notes.internal_links)
        if notes.markup or notes.media or notes.other or notes.attachments:
            if notes.markup or notes.media or notes.other:
                ctx.report("pdf.annotations-dropped", loc, count=notes.markup + notes.media + notes.other)
            if notes.attachments:
                page.attached = _attached(self.budget, ctx, [("", spec) for spec in notes.files], loc)
                if notes.attachments > len(page.attached):
                    ctx.report("pdf.attachments-dropped", loc, count=notes.attachments - len(page.attached))
        if notes.widgets:
            # Counted once from the form itself when the document has one; the pages only cite.
            ctx.report("pdf.form-fields-dropped", loc, count=0 if self.fields else notes.widgets)

    def _report_outline(self) -> None:
        unmatched = [e for e in self.outline if e.page is not None and not e.matched
                     and page_selected(self.ranges, e.page) and e.page <= len(self.pdf.pages)]
        if unmatched:
            self.ctx.report("pdf.outline-entries-unmatched", count=len(unmatched), detail=unmatched[0].title[:80])
