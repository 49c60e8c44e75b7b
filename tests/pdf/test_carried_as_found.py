"""Link targets and page labels reach the IR as the file states them: the writers decide what is safe.

One safety policy, owned by the writers (DESIGN, second wave): the reader neither filters a
``javascript:`` target nor strips control characters from a label, so the writers' rules are the
only ones and the manifest names what they did.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from zenconv.ir.nodes import Link
from zenconv.ir.walk import walk
from zenconv.testing import read

from .conftest import READER

ADVERSARIAL = Path(__file__).resolve().parents[2] / "adversarial" / "pdf.py"


def adversarial():
    spec = importlib.util.spec_from_file_location("adversarial_pdf", ADVERSARIAL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_link_targets_are_kept_as_found():
    result = read(adversarial().script_links(), READER, name="links.pdf")
    targets = [n.target for block in result.document.blocks for n in walk(block) if isinstance(n, Link)]
    assert targets == ["data:text/html,<script>alert(1)</script>", "JaVaScRiPt:alert(1)"]


def test_a_page_label_keeps_its_escapes():
    result = read(adversarial().escape_page_label(), READER, name="label.pdf")
    labels = {block.locator.page_label for block in result.document.blocks}
    assert labels == {"\x1b]0;pwned\x07\x1b[2J1", "\x1b]0;pwned\x07\x1b[2J2"}
