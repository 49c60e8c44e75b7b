"""What :func:`zenconv.convert` returns.

Importing nothing heavy, so ``import zenconv`` can export it for free: the manifest model and the IR
are named for type checkers only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .records import dataclass

if TYPE_CHECKING:
    from .ir.nodes import Document
    from .manifest import Manifest


@dataclass(frozen=True, slots=True)
class ConversionResult:
    """One conversion: the output, the manifest that describes it, the document read.

    A document's own fault never raises: it ends here, ``outcome == "unreadable"`` with the reason in
    ``manifest.reasons`` and ``manifest.message``, and no output.
    """

    output: bytes | None
    """The output's bytes (Markdown, HTML, JSON or JSON Lines, all UTF-8); None when unreadable."""
    manifest: Manifest
    """The manifest (a pydantic model): ``manifest.reasons``, ``manifest.reports``, ``manifest.to_dict()``."""
    document: Document | None
    """The IR as read, materialised (blocks, notes, metadata, resources); None when nothing was read."""

    @property
    def text(self) -> str:
        """The output as text ("" when there is none: see :attr:`outcome`)."""
        return self.output.decode("utf-8") if self.output is not None else ""

    @property
    def outcome(self) -> str:
        """``converted``, ``needs_review`` (a cap was hit, or a human must look) or ``unreadable``."""
        return self.manifest.outcome

    @property
    def reports(self) -> dict[str, int]:
        """Each report code raised, with how many times (the details: ``manifest.reports``)."""
        return {r.code: r.count for r in self.manifest.reports}
