"""Report codes, severities, the aggregating reporter and the outcome rules.

A reader or writer that meets a construct it cannot carry says so under a stable, named code,
``<namespace>.<what-happened>``, declared up front with a severity and a one-line meaning.
"""

from __future__ import annotations

import fnmatch
import functools
import re
from dataclasses import field
from enum import StrEnum

from .ir.locator import Locator
from .records import dataclass

FIRST_LOCATORS = 5
QUOTE_CHARS = 80  # a quote names what was taken; it is not a copy of it


@functools.cache
def _not_printable() -> re.Pattern:
    """Controls and invisible marks, which a quote does not show: compiled when a first text is quoted."""
    return re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+")


class Severity(StrEnum):
    DROPPED = "dropped"      # recognised and not carried
    DEGRADED = "degraded"    # carried with less fidelity
    TRUNCATED = "truncated"  # a content cap was hit; the output says so visibly
    REFUSED = "refused"      # the input, or a part of it, refused for safety or as unreadable


class Kind(StrEnum):
    """What a report's loss is a loss of: a summary and an audit show content first, presentation after.

    ``content``: text, data, a link target, a source's structure a reader relies on (the default: a
    code nobody classed is shown with the losses that matter). ``presentation``: every character is
    still in the output, only how it looked or where it sat is not (a font, a page break, a merged
    cell folded, a chart's drawing beside its data). Truncated and refused codes are always content.
    """

    CONTENT = "content"
    PRESENTATION = "presentation"


PRESENTATION = Kind.PRESENTATION  # for declarations: ``degraded(code, meaning, kind=PRESENTATION)``


class Outcome(StrEnum):
    CONVERTED = "converted"
    NEEDS_REVIEW = "needs_review"
    UNREADABLE = "unreadable"


@dataclass(frozen=True, slots=True)
class Code:
    """A declared report code. ``review`` forces needs_review (default: truncated or refused); ``kind``
    says whether it loses content or only presentation (:class:`Kind`)."""

    code: str
    severity: Severity
    meaning: str
    review: bool | None = None
    kind: Kind = Kind.CONTENT

    def __post_init__(self) -> None:
        if self.kind is Kind.PRESENTATION and self.severity in (Severity.TRUNCATED, Severity.REFUSED):
            raise ValueError(f"{self.code}: a {self.severity} code loses content; it cannot be presentation")

    @property
    def needs_review(self) -> bool:
        if self.review is not None:
            return self.review
        return self.severity in (Severity.TRUNCATED, Severity.REFUSED)


class UndeclaredCode(LookupError):
    """A plugin reported a code it did not declare: a bug, caught by the tests."""


class Unreadable(Exception):
    """Raised by a reader (or the safe layer) to end a conversion as ``unreadable`` under ``code``."""

    def __init__(self, code: str, message: str = "", locator: Locator | None = None) -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message
        self.locator = locator


def dropped(code: str, meaning: str, review: bool | None = None, kind: Kind = Kind.CONTENT) -> Code:
    return Code(code, Severity.DROPPED, meaning, review, Kind(kind))


def degraded(code: str, meaning: str, review: bool | None = None, kind: Kind = Kind.CONTENT) -> Code:
    return Code(code, Severity.DEGRADED, meaning, review, Kind(kind))


def truncated(code: str, meaning: str) -> Code:
    return Code(code, Severity.TRUNCATED, meaning)


def refused(code: str, meaning: str, review: bool | None = None) -> Code:
    return Code(code, Severity.REFUSED, meaning, review)


@dataclass(slots=True)
class Report:
    code: Code
    count: int = 0
    locators: list[Locator] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    chars: int = 0                                    # characters of text the reports took, all told
    quotes: list[str] = field(default_factory=list)  # the first words of the first few texts taken

    def to_json(self) -> dict:
        data = {
            "code": self.code.code,
            "severity": str(self.code.severity),
            "kind": str(self.code.kind),
            "meaning": self.code.meaning,
            "count": self.count,
        }
        if self.locators:
            data["first_locators"] = [
                {**loc.to_json(), "citation": loc.citation()} for loc in self.locators
            ]
        if self.details:
            data["details"] = list(self.details)
        if self.chars:  # only reports that took text carry these: every other manifest stays as it was
            data["chars"] = self.chars
            data["quotes"] = list(self.quotes)
        return data


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """The first words of ``text`` on one line: controls, bidi and zero-width marks read as spaces,
    spaces collapsed, cut after the last whole word that fits in ``limit`` characters (``…`` when cut)."""
    words = _not_printable().sub(" ", text[: limit * 4]).split()
    line = " ".join(words)
    if len(line) <= limit and len(text) <= limit * 4:
        return line
    kept = ""
    for word in words:
        if len(kept) + len(word) + 1 > limit - 1:
            break
        kept = f"{kept} {word}" if kept else word
    return (kept or line[: limit - 1]) + "…"


class Reporter:
    """Aggregates reports by code: a count, and the locators and details of the first few.

    A report that drops or degrades text passes it (``text=``): the report adds up its characters and
    quotes the first words of the first few. With ``accounting`` on (the conservation check), every
    text taken is also kept whole in :attr:`taken`, so the check can tell what the reports account for.
    """

    def __init__(self, declared: dict[str, Code] | None = None, *, accounting: bool = False) -> None:
        self.declared: dict[str, Code] = dict(declared or {})
        self._reports: dict[str, Report] = {}
        self.accounting = accounting
        self.taken: list[tuple[str, str]] = []  # (code, text), in report order; only with accounting

    def declare(self, codes) -> None:
        for code in codes:
            self.declared[code.code] = code

    def report(self, code: str, locator: Locator | None = None, *, count: int = 1, detail: str | None = None,
               text: str | None = None) -> None:
        declared = self.declared.get(code)
        if declared is None:
            raise UndeclaredCode(f"report code {code!r} was not declared by any plugin in this conversion")
        entry = self._reports.get(code)
        if entry is None:
            entry = self._reports[code] = Report(declared)
        entry.count += count
        if locator is not None and len(entry.locators) < FIRST_LOCATORS and locator not in entry.locators:
            entry.locators.append(locator)
        if detail and len(entry.details) < FIRST_LOCATORS and detail not in entry.details:
            entry.details.append(detail)
        if text:
            entry.chars += len(text)
            if len(entry.quotes) < FIRST_LOCATORS:
                line = quote(text)
                if line and line not in entry.quotes:
                    entry.quotes.append(line)
            if self.accounting:
                self.taken.append((code, text))

    def __contains__(self, code: str) -> bool:
        return code in self._reports

    def count(self, code: str) -> int:
        entry = self._reports.get(code)
        return entry.count if entry else 0

    @property
    def reports(self) -> list[Report]:
        """Reports sorted by code, so the manifest never depends on the order things happened in."""
        return [self._reports[k] for k in sorted(self._reports)]

    @property
    def by_kind(self) -> list[Report]:
        """Reports for a person: content losses first, then presentation, each sorted by code."""
        return content_first(self.reports, lambda r: r.code.kind)

    def matching(self, pattern: str) -> list[Report]:
        return [r for r in self.reports if fnmatch.fnmatchcase(r.code.code, pattern)]


def content_first(items, kind_of) -> list:
    """``items`` (sorted by code) with the content ones first, order kept within each kind."""
    return sorted(items, key=lambda item: kind_of(item) == Kind.PRESENTATION)


def outcome_of(reporter: Reporter, fatal: str | None) -> tuple[Outcome, list[str]]:
    """The outcome and its reasons (codes): unreadable when fatal, needs_review when a report says so."""
    if fatal is not None:
        return Outcome.UNREADABLE, [fatal]
    reasons = [r.code.code for r in reporter.reports if r.code.needs_review]
    if reasons:
        return Outcome.NEEDS_REVIEW, reasons
    return Outcome.CONVERTED, []


HOST_CODES: tuple[Code, ...] = (
    refused("host.unknown-format", "No installed reader recognises the input."),
    refused("host.legacy-format", "A legacy binary Office file (.doc, .xls, .ppt): out of scope."),
    refused("host.encrypted-package", "An encrypted Office package (OLE EncryptedPackage/EncryptionInfo)."),
    refused("host.deadline", "The conversion ran past its wall-clock limit (--timeout); no output was written."),
    refused("host.memory-limit", "The conversion used more memory than --max-memory; no output was written."),
    refused("host.input-too-large", "The source is larger than --max-input-bytes."),
    truncated("host.output-truncated", "The output reached its cap (--max-output-bytes, --max-output-ratio): the "
              "rest of the document was cut, and the output says where."),
    refused("host.output-too-large", "The writer went far past the output cap (one enormous block); no output was "
            "written."),
    refused("host.empty-input", "The source has no bytes."),
    refused("host.source-unreadable", "The source could not be read (deleted, moved, permission, an I/O error): the "
            "run's failure, not the document's."),
    refused("host.internal-error", "A reader or writer failed unexpectedly; no output was written."),
    refused("host.reader-unavailable", "The chosen reader's code could not be loaded."),
    refused("host.output-unwritable", "The output, its manifest or its media could not be written (the message names "
            "the errno): the run's fault, not the document's; no output was left."),
    dropped("host.media-not-written", "Media the output may link were not written (no output folder: stdout or the "
            "API); their links dangle."),
    dropped("host.active-media-withheld", "Media that are not a raster image by their bytes (SVG, HTML, scripts, "
            "metafiles) were not written: give --media-dir to keep them under a neutral .bin name."),
    degraded("host.active-media-neutralised", "Media that are not a raster image by their bytes were written into "
             "--media-dir under the neutral extension .bin, never as a document a browser would open."),
    # Embedded documents (zenconv.family): why one was not converted as a child, or what its conversion says
    dropped("host.embedded-unhandled", "An embedded file no installed reader handles (a program, a legacy "
            "binary): listed in the manifest's children, not converted; --embedded extract writes its bytes."),
    degraded("host.embedded-extracted", "An embedded file no reader handles was written under the neutral "
             "extension .bin into the output's .embedded/ folder (--embedded extract); never linked."),
    dropped("host.embedded-dropped", "An embedded document was not converted (--embedded drop)."),
    dropped("host.embedded-not-written", "An embedded document was not converted: children need an output folder "
            "(there is none with stdout or the API without an output path)."),
    dropped("host.embedded-unreadable", "An embedded document's conversion ended unreadable: its own manifest "
            "says why; the family needs review.", review=True),
    degraded("host.embedded-needs-review", "An embedded document's conversion needs review (its own manifest says "
             "why), and so does the family.", review=True),
    refused("host.embedding-too-deep", "An embedded document nested deeper than --max-embedding-depth was not "
            "converted (a recursive bomb stops here)."),
    refused("host.embedded-too-many", "An embedded document past --max-embedded-documents in its family was not "
            "converted."),
    refused("host.embedded-family-too-large", "An embedded document would take the family's embedded bytes past "
            "--max-package-bytes: not converted."),
)
