"""Reports held back until a writer knows which rendering it keeps.

The Markdown writer renders a spooled table both as a pipe table and (with ``--html-tables``) as HTML,
and only after the last row knows which it writes; the losses of the one it drops must not be reported.
"""

from __future__ import annotations

from ..ir.locator import Locator
from ..reports import FIRST_LOCATORS


class DeferredReports:
    def __init__(self) -> None:
        self._held: dict[str, tuple[list[int], list[Locator], list[str]]] = {}

    def __call__(self, code: str, locator: Locator | None = None, count: int = 1, *, detail: str | None = None) -> None:
        total, locators, details = self._held.setdefault(code, ([0], [], []))
        total[0] += count
        if locator is not None and len(locators) < FIRST_LOCATORS and locator not in locators:
            locators.append(locator)
        if detail and len(details) < FIRST_LOCATORS and detail not in details:
            details.append(detail)

    def count(self, code: str) -> int:
        entry = self._held.get(code)
        return entry[0][0] if entry else 0

    def replay(self, report) -> None:
        """Hand the held reports to ``report`` (``ctx.report``): counts, the first few locators and details."""
        for code in sorted(self._held):
            (count,), locators, details = self._held[code]
            report(code, locators[0] if locators else None, count=count)
            for locator in locators[1:]:
                report(code, locator, count=0)
            for detail in details:
                report(code, None, count=0, detail=detail)
        self._held.clear()
