"""The host's own options and the resolution of every option (host and plugin) to its value."""

from __future__ import annotations

from typing import Any

from .context import Options
from .plugins import OptionSpec, Registry

# Safety limits refuse the document (unreadable); content caps are declared by the readers.
HOST_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("timeout", "int", 20, "Wall-clock seconds one conversion may take (0: no limit), plus --timeout-per-mib "
               "for each MiB of source; past it: host.deadline.", metavar="SECONDS"),
    OptionSpec("timeout-per-mib", "int", 60, "Seconds added to --timeout for each MiB of source (a 300-page PDF of "
               "0.4 MiB takes 24 s on a busy 2-core machine).", metavar="SECONDS"),
    OptionSpec("max-memory", "int", 2 << 30, "Private memory (resident, less mapped files) one conversion may add to the process it starts in, "
               "e.g. 512M, 2G; past it: host.memory-limit.", metavar="SIZE"),
    OptionSpec("max-input-bytes", "int", 4 << 30, "Largest source accepted; past it: host.input-too-large.", metavar="SIZE"),
    OptionSpec("max-zip-entries", "int", 10_000, "Most entries a zip package may list.", metavar="N"),
    # Big parts are streamed (a 1,000,000-row sheet is a ~370 MB part), so these bound time, not memory.
    OptionSpec("max-part-bytes", "int", 1 << 30, "Most bytes one package part may inflate to.", metavar="SIZE"),
    OptionSpec("max-package-bytes", "int", 2 << 30, "Most bytes all package parts together may inflate to.", metavar="SIZE"),
    OptionSpec("max-xml-depth", "int", 256, "Deepest element nesting accepted in an XML part.", metavar="N"),
    OptionSpec("max-output-bytes", "int", 8 << 30, "Most bytes of output one conversion may write; past it the "
               "document is cut (host.output-truncated).", metavar="SIZE"),
    OptionSpec("max-output-ratio", "int", 200, "Most output bytes per source byte, past the first 64M (0: no "
               "ratio); past it the document is cut (host.output-truncated).", metavar="N"),
    OptionSpec("max-media-bytes", "int", 256 << 20, "Most bytes of embedded media kept in the resource store.", metavar="SIZE"),
    OptionSpec("media-dir", "path", None, "Write media into this folder, which must be inside the output folder (default: OUTPUT.media/ beside the output).", metavar="DIR"),
    OptionSpec("embed-media", "bool", False, "HTML: embed images as data: URLs instead of files."),
    OptionSpec("preserve-facets", "bool", False, "List every facet row in the manifest, not only counts per kind."),
    OptionSpec("embedded", "choice", "keep", "Embedded documents (OLE objects, attachments): keep = convert each one "
               "an installed reader handles as a child (its own output and manifest under OUTPUT.embedded/) and "
               "report the rest; extract = also write the bytes of the rest there, under a neutral .bin name; "
               "drop = convert none, report them.", choices=("keep", "extract", "drop")),
    OptionSpec("max-embedding-depth", "int", 3, "Deepest nesting of embedded documents converted (a document in a "
               "document in a document is depth 3); past it: host.embedding-too-deep.", metavar="N"),
    OptionSpec("max-embedded-documents", "int", 1_000, "Most embedded documents one family (a document and all "
               "those inside it) converts as children; past it: host.embedded-too-many.", metavar="N"),
)

# Options several readers take: each declares the same object, so the declarations cannot drift apart.
HIDDEN = OptionSpec("hidden", "choice", "keep", "Hidden sheets, rows, columns, slides and text: keep them marked, "
                    "or skip them and report it.", choices=("keep", "skip"))
REVISIONS = OptionSpec("revisions", "choice", "accept", "Tracked changes: accept (insertions kept, deletions "
                       "dropped), reject, or all (both kept and marked).", choices=("accept", "reject", "all"))
COMMENTS = OptionSpec("comments", "choice", "keep", "Review comments: keep them as notes (author, date, text, "
                      "referenced where they are anchored), or drop them and report it.", choices=("keep", "drop"))
VALUES = OptionSpec("values", "choice", "shown", "Spreadsheets: the text a cell shows, its number format applied "
                    "(shown: $1,599.99, 12.5%, 17-May-07), or its stored value (raw: 1599.99, 0.125, 2007-05-17); "
                    "the other travels too (JSON, segments, HTML data-cell-values).", choices=("shown", "raw"))
HEADER = OptionSpec("header", "choice", None, "Spreadsheets and CSV: the table's header row: found (auto: the first "
                    "row of text above rows of typed data), the first row, or none (default: auto for spreadsheets, "
                    "first for CSV).", choices=("auto", "first", "none"))
FILL_MERGED = OptionSpec("fill-merged", "choice", None, "Segments and Markdown: copy a merged cell's value into the "
                         "cells it covers, so each row is citable with its group key (on), or leave them empty "
                         "(off); default on for segments, off for Markdown; HTML keeps the spans.",
                         choices=("on", "off"))
PASSWORD = OptionSpec("password", "str", "", "PDF, and Office files encrypted with a password: the password to "
                      "open it (Excel's built-in default password is tried first).", metavar="PASSWORD", secret=True)
FURNITURE = OptionSpec("furniture", "choice", "keep", "Page headers and footers, slide footers and master text: "
                       "keep them as furniture (marked, apart from the body, each text once), or drop them and "
                       "report it.", choices=("keep", "drop"))
# A workbook's caps, the same for every spreadsheet reader (XLSX, XLS, ODS).
MAX_CELLS = OptionSpec("max-cells", "int", 50_000_000, "Spreadsheets: most cells read from one workbook, all sheets together; past it the rest is cut and reported.", metavar="N")
MAX_EXPANSION = OptionSpec("max-expansion", "int", 32, "Spreadsheets: most characters of cell text per byte of source (at least 1 MiB): repeated shared strings cannot blow a small file up; past it the rest is cut and reported.", metavar="N")
MAX_ROWS = OptionSpec("max-rows", "int", 5_000_000, "Most rows read from one table or sheet; past it the rest is "
                      "cut and reported.", metavar="N")
MAX_COLS = OptionSpec("max-cols", "int", 16_384, "Most columns read from one table or sheet; past it the rest is "
                      "cut and reported.", metavar="N")

SECRET_RECORD = "(set)"  # what the manifest records for a secret option given a value

LIMIT_OPTIONS = ("timeout", "timeout-per-mib", "max-memory", "max-input-bytes", "max-zip-entries", "max-part-bytes",
                 "max-package-bytes", "max-xml-depth", "max-media-bytes", "max-output-bytes", "max-output-ratio",
                 "max-embedding-depth", "max-embedded-documents")

def time_budget(options, source_size: int) -> float | None:
    """The seconds a conversion of a ``source_size``-byte source may take (None: no deadline)."""
    if not options["timeout"]:
        return None
    return options["timeout"] + options["timeout_per_mib"] * source_size / (1 << 20)


# Every source may write this much output whatever its size: the ratio is for what amplifies past it.
OUTPUT_FLOOR = 64 << 20


def output_cap(options, source_size: int) -> int:
    """The output a source of ``source_size`` bytes may write before the document is cut."""
    cap = options["max_output_bytes"]
    if options["max_output_ratio"]:
        cap = min(cap, max(OUTPUT_FLOOR, options["max_output_ratio"] * source_size))
    return cap


def all_option_specs(registry: Registry) -> dict[str, OptionSpec]:
    specs = {o.name: o for o in HOST_OPTIONS}
    for name, spec in registry.all_options().items():
        if name in specs and specs[name] != spec:
            raise ValueError(f"a plugin redeclares the host option --{name}")
        specs[name] = spec
    return specs


def resolve_options(registry: Registry, given: dict[str, Any]) -> Options:
    """Defaults overlaid with ``given`` (keys with - or _), each parsed to its type.

    An unknown key raises ValueError: a misspelt option must not be silently ignored.
    """
    specs = {spec.key: spec for spec in all_option_specs(registry).values()}
    values = {key: spec.default for key, spec in specs.items()}
    changed: dict[str, Any] = {}  # the manifest's record: a secret's value never enters it
    secrets: list[Any] = []
    for raw_key, raw in given.items():
        key = raw_key.replace("-", "_")
        spec = specs.get(key)
        if spec is None:
            raise ValueError(f"unknown option {raw_key!r}")
        if raw is None:
            continue
        value = spec.parse(raw)
        values[key] = value
        if value != spec.default:
            changed[spec.name] = SECRET_RECORD if spec.secret else value
            if spec.secret:
                secrets.append(value)
    return Options(values, dict(sorted(changed.items())), tuple(secrets))
