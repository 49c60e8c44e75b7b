"""The conservation check: an independent account of what a source holds, held against its conversion.

:mod:`.extract` reads a source's text without the readers' code (OOXML by its relationships, ODF by
its manifest, PDF by pdfminer, CSV by :mod:`csv`, HTML by lxml, Markdown by mistune), under the
exclusion rules of :mod:`.rules`; :mod:`.check` converts the document with accounting on and counts
the source tokens that neither the output nor a report's taken text holds: the unaccounted tokens.
Run it as ``python -m zenconv.conservation PATHS... [--corpus DIR] [--json]``.
"""

from .check import check
from .model import Account

__all__ = ["Account", "check"]
