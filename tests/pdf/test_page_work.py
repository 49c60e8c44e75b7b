"""A page's budget holds when its content draws nothing, and what a page piles up is bounded.

A stream of ``q Q`` (or ``BT ET``, ``cm``, unknown operators) once ran for as long as it was
long: the budget was checked only when something was drawn. These run apart, under a timeout,
with the page's clock replaced by one that moves a tenth of a second each time it is read, so
the cut does not depend on how busy the machine is.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import zenconv

from ..apart import run_apart

ADVERSARIAL = Path(__file__).resolve().parents[2] / "adversarial" / "pdf.py"
PRELUDE = f"""
import importlib.util
from types import SimpleNamespace
import zenconv
from zenconv_plugins.pdf import capture
spec = importlib.util.spec_from_file_location("adversarial_pdf", {str(ADVERSARIAL)!r})
hostile = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hostile)
clock = iter(range(10 ** 9))  # a tenth of a second per look at the page's clock
capture.time = SimpleNamespace(monotonic=lambda: next(clock) / 10)
"""


def adversarial():
    spec = importlib.util.spec_from_file_location("adversarial_pdf", ADVERSARIAL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("unit", [b"q Q ", b"BT ET ", b"1 0 0 1 0 0 cm ", b"xx ", b"0 "])
def test_a_page_that_draws_nothing_is_cut_at_its_time_budget(unit):
    """20 MB of operators that draw nothing: pdfminer would parse for minutes; the page is cut
    after ten looks at the clock, what came before kept, and the next page read."""
    run_apart(PRELUDE + f"""
flood = hostile.deflated_repeat({unit!r}, 20 << 20)
data = hostile.build([
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents [5 0 R 7 0 R] >>",
    hostile.HELVETICA,
    hostile.stream(hostile.TEXT),
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 8 0 R >>",
    b"<< /Length %d /Filter /FlateDecode >>\\nstream\\n" % len(flood) + flood + b"\\nendstream",
    hostile.stream(b"BT /F1 12 Tf 72 720 Td (The second page is kept) Tj ET"),
])
result = zenconv.convert(data, to="markdown", name="flood.pdf", page_timeout=1)
assert result.reports.get("pdf.page-truncated") == 1, result.reports
assert b"Hostile but harmless" in result.output and b"The second page is kept" in result.output, result.output
""", timeout=120)


def test_the_adversarial_q_flood_is_cut_and_its_text_before_kept():
    run_apart(PRELUDE + """
result = zenconv.convert(hostile.q_flood(), to="markdown", name="flood.pdf", page_timeout=1)
assert result.manifest["reasons"] == ["pdf.page-truncated"], result.manifest
assert b"Hostile but harmless" in result.output and b"The second page is kept" in result.output
assert b"Text after the flood" not in result.output  # drawn after the cut
""", timeout=120)


def test_the_conversion_deadline_stops_a_page_that_draws_nothing():
    """--timeout is checked on the same beat: with no page budget, the host's deadline ends it."""
    run_apart("""
from zenconv.context import Guard
import zenconv
import importlib.util
spec = importlib.util.spec_from_file_location("adversarial_pdf", %r)
hostile = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hostile)
result = zenconv.convert(hostile.q_flood(), to="markdown", name="flood.pdf", page_timeout=0, timeout=2)
assert result.outcome == "unreadable" and result.manifest["reasons"] == ["host.deadline"], result.manifest
""" % str(ADVERSARIAL), timeout=120)


def test_q_nested_past_the_depth_limit_is_not_saved_and_the_text_reads():
    module = adversarial()
    result = zenconv.convert(module.deep_q(50), to="markdown", name="deep.pdf", max_state_depth=10)
    assert result.reports["pdf.state-depth-limit"] == 40
    assert b"Hostile but harmless" in result.output and b"The second page is kept" in result.output


def test_a_state_past_the_limit_leaks_outward_only_until_its_level_is_restored():
    """Past the limit a ``q`` saves nothing and its ``Q`` restores nothing: the state set inside
    stays until the last kept save is restored, so text after the whole nest is placed right."""
    module = adversarial()
    body = (b"q " * 3 + b"1 0 0 1 0 -800 cm " + b"Q " * 3 +   # a shift that would put the text off the page
            b"BT /F1 12 Tf 72 720 Td (At the top) Tj ET")
    result = zenconv.convert(module.two_pages(module.stream(body)), to="markdown", name="leak.pdf", max_state_depth=2)
    assert result.reports["pdf.state-depth-limit"] == 1
    assert b"At the top" in result.output and "pdf.offpage-text-dropped" not in result.reports


def test_q_nested_a_quarter_million_deep_ends_apart_with_its_code():
    run_apart(PRELUDE.replace("capture.time = ", "_ = ") + """
result = zenconv.convert(hostile.deep_q(250_000), to="markdown", name="deep.pdf")
assert result.reports["pdf.state-depth-limit"] == 250_000 - 1_000, result.reports
assert b"Hostile but harmless" in result.output
""", timeout=180)


def test_an_array_left_open_is_cut_at_the_operand_limit():
    module = adversarial()
    body = module.TEXT + b" [" + b"0 " * 50_000 + b"] TJ"
    result = zenconv.convert(module.two_pages(module.stream(body)), to="markdown", name="open.pdf", max_operands=10_000)
    assert result.reports["pdf.page-truncated"] == 1
    assert "page operands budget" in str(result.manifest["reports"])
    assert b"Hostile but harmless" in result.output and b"The second page is kept" in result.output


def test_the_operand_stack_keeps_only_its_top():
    from pdfminer.pdfdevice import PDFDevice
    from pdfminer.pdfinterp import PDFResourceManager

    from zenconv_plugins.pdf.interpreter import OPERANDS_KEPT, BoundedInterpreter

    interpreter = BoundedInterpreter(PDFResourceManager(), PDFDevice(PDFResourceManager()))
    interpreter.init_state((1, 0, 0, 1, 0, 0))
    for n in range(100_000):
        interpreter.push(n)
    assert len(interpreter.argstack) <= 2 * OPERANDS_KEPT
    assert interpreter.pop(3) == [99_997, 99_998, 99_999]


def test_pdfminer_outside_our_reader_parses_as_it_always_did(fixtures):
    """The counting content parser is installed module-wide; unmetered, it changes nothing."""
    from pdfminer.high_level import extract_text

    zenconv.convert(fixtures["columns.pdf"], to="markdown")
    from pdfminer import pdfinterp

    assert pdfinterp.PDFContentParser.__name__ == "_MeteredContentParser"
    assert "A Two-Column Article" in extract_text(str(fixtures["columns.pdf"]))


def test_ruling_lines_have_the_glyph_budget_too(monkeypatch):
    from zenconv_plugins.pdf import reader

    monkeypatch.setattr(reader, "MAX_PAGE_GLYPHS", 1_000)
    module = adversarial()
    body = module.TEXT + b" " + b"72 100 m 500 100 l S " * 5_000
    result = zenconv.convert(module.two_pages(module.stream(body)), to="markdown", name="rules.pdf")
    assert result.reports["pdf.page-truncated"] == 1 and "page rules budget" in str(result.manifest["reports"])
    assert b"Hostile but harmless" in result.output and b"The second page is kept" in result.output


def test_forms_that_draw_forms_a_hundred_times_each_are_cut_at_the_budget():
    """Four small forms, each drawing the next a hundred times: a hundred million executions of
    the last from one line of page content (a billion laughs of form XObjects)."""
    run_apart(PRELUDE + """
def form(number, body, inner):
    xobjects = b" /Resources << /XObject << /X 0 R >> >>".replace(b"0 R", b"%d 0 R" % inner) if inner else b""
    return hostile.stream(body, b" /Type /XObject /Subtype /Form /BBox [0 0 612 792]" + xobjects)

calls = b"/X Do " * 100
data = hostile.build([
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /XObject << /X 8 0 R >> >> /Contents 5 0 R >>",
    hostile.HELVETICA,
    hostile.stream(hostile.TEXT + b" /X Do"),
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>",
    hostile.stream(b"BT /F1 12 Tf 72 720 Td (The second page is kept) Tj ET"),
    form(8, calls, 9), form(9, calls, 10), form(10, calls, 11), form(11, b"q Q", None),
])
result = zenconv.convert(data, to="markdown", name="forms.pdf", page_timeout=1)
assert result.reports.get("pdf.page-truncated") == 1, result.reports
assert b"Hostile but harmless" in result.output and b"The second page is kept" in result.output
""", timeout=120)
