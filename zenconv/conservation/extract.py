"""The source's parts and their text, by family, never through a zenconv reader.

Packages are opened through the safe layer (``zenconv.safe``) with its default limits, so a hostile
package refuses the check as it refuses a conversion: the refusal is a problem of the account.
"""

from __future__ import annotations

from pathlib import Path

from ..reports import Unreadable
from ..safe.zip import open_zip
from . import flat, odf, ooxml
from .flow import MAX_PART_CHARS
from .model import Part

NS = "conservation"
FAMILIES = {
    "docx": "ooxml", "xlsx": "ooxml", "pptx": "ooxml",
    "odt": "odf", "ods": "odf", "odp": "odf",
    "pdf": "pdf", "csv": "csv", "html": "html", "markdown": "markdown",
}
"""A reader's name (the manifest's ``source.format``) -> the family of the source."""


def source_parts(path: Path, fmt: str, limit: int = MAX_PART_CHARS) -> tuple[list[Part], list[str]]:
    """The parts of the source at ``path``, read as format ``fmt``, and the problems met (a package
    part's text past ``limit`` characters is counted up to there, and named)."""
    family = FAMILIES.get(fmt)
    if family is None:
        return [], [f"no accounting for the format {fmt!r}"]
    try:
        if family in ("ooxml", "odf"):
            with open_zip(path, NS) as package:
                return (ooxml if family == "ooxml" else odf).extract(package, limit)
        if family == "pdf":
            return flat.pdf_parts(str(path)), []
        data = Path(path).read_bytes()
        if family == "csv":
            return flat.csv_parts(data, Path(path).name), []
        if family == "html":
            return flat.html_parts(data), []
        return flat.markdown_parts(data), []
    except Unreadable as exc:
        return [], [f"refused by the safe layer: {exc.code}"]
    except Exception as exc:  # a third-party parser's failure is the account's problem, not a crash
        return [], [f"{family}: {type(exc).__name__}: {str(exc)[:200]}"]
