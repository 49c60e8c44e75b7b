"""pdfminer's page interpreter with a meter: what a content stream may cost even when it draws nothing.

The device checks the page's budget when something is drawn; a stream of 100 MB of ``q Q``
(or ``BT ET``, ``cm``, unknown operators, bare numbers) draws nothing and would never reach
it. So the content parser reports to the page's meter (the capture device) each time it reads
the next buffer of content (4 KB, about a thousand objects) or starts the next stream, with how
many objects it holds open inside unclosed arrays and dictionaries: a beat that costs nothing
per object. pdfminer builds its content parser by the module-global name ``PDFContentParser``
of ``pdfminer.pdfinterp``, which is the one hook it offers; outside a metered page the
subclass is pdfminer's own parser.

What a page may pile up is bounded here too: graphics states saved with ``q`` past
``max_state_depth`` are not kept (their ``Q`` restores nothing, so the nesting still balances),
and the operand stack keeps only its top (an operator never takes more than a few dozen operands,
so a flood of bare numbers costs nothing).
"""

from __future__ import annotations

import contextvars
from contextlib import contextmanager

from pdfminer import pdfinterp
from pdfminer.pdfinterp import PDFContentParser, PDFPageInterpreter

OPERANDS_KEPT = 256    # the top of the operand stack kept when a flood of operands is trimmed

_METER: contextvars.ContextVar = contextvars.ContextVar("zenconv_pdf_page_meter", default=None)


class _MeteredContentParser(PDFContentParser):
    def __init__(self, streams) -> None:
        self._meter = _METER.get()
        super().__init__(streams)

    def fillfp(self) -> bool:
        # Called when the buffer is spent, before the next one is read: once per 4 KB of content.
        if self._meter is not None:
            self._meter.content_read(self._open())
        return super().fillfp()

    def _open(self) -> int:
        """Objects held inside unclosed arrays and dictionaries (each level's own, and one per level)."""
        # pdfminer's constructor seeks (and so fills) before it has made its stacks.
        return len(getattr(self, "curstack", ())) + sum(len(level[2]) + 1 for level in getattr(self, "context", ()))


def install() -> None:
    """Point pdfminer's interpreter at the metered content parser (idempotent)."""
    if pdfinterp.PDFContentParser is not _MeteredContentParser:
        pdfinterp.PDFContentParser = _MeteredContentParser


@contextmanager
def metered(meter):
    """Content parsed in this block reports to ``meter``; never spans a ``yield`` (a context variable)."""
    token = _METER.set(meter)
    try:
        yield
    finally:
        _METER.reset(token)


class BoundedInterpreter(PDFPageInterpreter):
    """A page interpreter whose graphics-state and operand stacks stay bounded.

    The bound on nesting is the device's (``max_state_depth``), so ``dup`` (pdfminer's way to
    interpret a form XObject) needs no more arguments than pdfminer's own class.
    """

    def init_state(self, ctm) -> None:
        super().init_state(ctm)
        self._unsaved = 0   # ``q`` past the depth limit not yet matched by their ``Q``

    def push(self, obj) -> None:
        stack = self.argstack
        stack.append(obj)
        if len(stack) > 2 * OPERANDS_KEPT:
            del stack[:-OPERANDS_KEPT]

    def do_q(self) -> None:
        if self._unsaved or len(self.gstack) >= self.device.max_state_depth:
            self._unsaved += 1
            self.device.state_too_deep()
            return
        super().do_q()

    def do_Q(self) -> None:
        if self._unsaved:
            self._unsaved -= 1
            return
        super().do_Q()
