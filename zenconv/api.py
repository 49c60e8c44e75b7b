"""The Python API behind :func:`zenconv.convert`: the source named, the request checked, the conversion run.

A mistake in the request raises :class:`~zenconv.UsageError` with a message in the API's terms
(``max_rows``, ``from_='nosuch'``), never the command line's flags; a document's own fault never
raises, it ends in the result's outcome.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

from .context import Source
from .detect import check_media_type
from .errors import UsageError
from .pipeline import Request, check_request, run
from .plugins import build_plugins
from .result import ConversionResult
from .patterns import pattern

NO_NAME = "-"  # what a source without a name is called: as stdin is, and detected from its bytes alike

# The API's own keywords, beside the options; an unknown keyword is checked against both.
KEYWORDS = ("to", "from_", "name", "media_type", "manifest", "fail_on", "third_party", "isolate")


def convert_api(source: str | os.PathLike[str] | bytes | bytearray | BinaryIO, to: str = "markdown", *,
                from_: str | None = None, name: str | None = None, media_type: str | None = None,
                manifest: str | os.PathLike[str] | None = None, fail_on: Sequence[str] = (),
                third_party: bool | None = None, isolate: bool = True, manifest_path: str | os.PathLike[str] | None = None,
                sign_key: str | os.PathLike[str] | None = None, **options: Any) -> ConversionResult:
    """See :func:`zenconv.convert`; ``manifest_path`` is the older name of ``manifest``."""
    try:
        return _convert(source, to, from_=from_, name=name, media_type=media_type,
                        manifest=manifest if manifest is not None else manifest_path, fail_on=fail_on,
                        third_party=third_party, isolate=isolate, options=options, sign_key=sign_key)
    except UsageError as exc:
        raise UsageError(api_terms(str(exc))) from None


def _convert(source, to: str, *, from_, name, media_type, manifest, fail_on, third_party, isolate,
             options: dict[str, Any], sign_key=None) -> ConversionResult:
    if isinstance(fail_on, str):  # one pattern given bare would be taken letter by letter
        fail_on = (fail_on,)
    media_type = check_media_type(media_type) if media_type is not None else None
    key = _private_key(sign_key, manifest) if sign_key is not None else None
    src = source_of(source, name, media_type)
    plugins = build_plugins(third_party=third_party)
    _check_keywords(options, plugins.registry)
    if fail_on:
        from .catalogue import catalogue, check_patterns

        check_patterns(tuple(fail_on), [e.code for e in catalogue(plugins.registry)])
    request = Request(source=src, to=writer_name(to, plugins.registry), output=None,
                      manifest=Path(manifest) if manifest else False, from_=from_, options=options,
                      fail_on=tuple(fail_on), third_party=third_party, keep_document=True)
    if isolate:
        from .isolation import run_isolated

        checked = check_request(request, plugins)
        result = run_isolated(request, plugins, checked["timeout"], checked["max_memory"], keep=True)
    else:
        result = run(request, plugins)
    if key is not None and result.manifest_path is not None and result.manifest_path.is_file():
        from .attestation import sign_conversion

        sign_conversion(result.manifest_path, key)
    return ConversionResult(output=result.output, manifest=result.manifest, document=result.document)


def _private_key(path, manifest):
    """The key to sign with, loaded before any work (a bad key is the caller's error, not the document's)."""
    if not manifest:
        raise UsageError("sign_key signs the manifest: give manifest=PATH too")
    from .signing import KeyProblem, load_private

    try:
        return load_private(Path(path))
    except KeyProblem as exc:
        raise UsageError(str(exc)) from None


def source_of(source, name: str | None, media_type: str | None = None) -> Source:
    """The :class:`Source` of what the caller gave. A name stated in the manifest is never a local
    path nor a repr: a path gives its base name, a file object its ``name``'s, and bytes or a file
    object without a usable name are called ``-``, as stdin is, and detected from their bytes alike."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return Source(name or NO_NAME, data=bytes(source), media_type=media_type)
    if hasattr(source, "read"):  # read by the conversion itself, under max_input_bytes and the deadline
        return Source(name or _stream_name(source), stream=source, media_type=media_type)
    if not isinstance(source, (str, os.PathLike)):
        raise UsageError(f"source: a path, bytes or a binary file object, not {type(source).__name__}")
    path = Path(source)
    if not path.is_file():  # the caller's mistake, not the document's: nothing to state in a manifest
        raise UsageError(f"source {os.fspath(source)!r}: no such file")
    return Source(name or path.name, path=path, media_type=media_type)


def _stream_name(stream) -> str:
    """A file object's base name: an ``open()``'s name is the path as given (perhaps absolute), a
    temporary file's an int, ``sys.stdin``'s ``<stdin>``: only a real base name is kept."""
    given = getattr(stream, "name", None)
    if isinstance(given, bytes):
        given = os.fsdecode(given)
    if not isinstance(given, str) or not given or (given.startswith("<") and given.endswith(">")):
        return NO_NAME
    return os.path.basename(given.replace("\\", "/")) or NO_NAME


def writer_name(to: str, registry) -> str:
    """``to`` as a writer's name: a name, an id, or an output extension (``md``, ``.html``, ``jsonl``)
    as ``-o out.md`` chooses by."""
    if registry.writer_named(to) is not None:
        return to
    spec = registry.writer_for_extension("." + to.lstrip(".")) if to else None
    return spec.name if spec is not None else to  # an unknown one is refused, naming the installed


def _check_keywords(options: dict[str, Any], registry) -> None:
    from .options import all_option_specs

    keys = {spec.key for spec in all_option_specs(registry).values()}
    for key in options:
        if key.replace("-", "_") not in keys:
            near = difflib.get_close_matches(key.replace("-", "_"), [*keys, *KEYWORDS], n=3, cutoff=0.75)
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            raise UsageError(f"unknown keyword {key!r}: not an option of convert() or of an installed plugin{hint}")


# ``--max-rows`` is ``max_rows``; ``--from csv: …`` is ``from_='csv': …``.
_FLAG = pattern(r"--([a-z][a-z0-9-]*)(?: ('[^']*'|[^\s:;,]+)(?=:))?")


def api_terms(message: str) -> str:
    """A usage message of the command line's in the API's terms: each ``--flag`` as its keyword."""

    def keyword(match: re.Match) -> str:
        flag, value = match.group(1), match.group(2)
        key = "from_" if flag == "from" else flag.replace("-", "_")
        if value is None:
            return key
        return f"{key}={value if value.startswith(chr(39)) else repr(value)}"

    return _FLAG.sub(keyword, message)
