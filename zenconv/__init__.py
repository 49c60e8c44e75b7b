"""zenconv: documents to Markdown or sectioned HTML, with a digest-bound manifest of every loss.

The public API:

- :func:`convert` converts one source and returns a :class:`ConversionResult` (the output, the
  manifest, the document read); a bad request raises :class:`UsageError`, a bad document never raises.
- The IR a reader yields and a writer consumes: ``Document``, the blocks (``Heading``, ``Paragraph``,
  ``Table``, …), the inlines (``Text``, ``Link``, …), ``Locator``, the facets (:mod:`zenconv.ir`).
- For plugin authors: ``hookimpl``, the report codes (``Code``, ``dropped``, ``degraded``,
  ``truncated``, ``refused``, ``Kind``, ``Severity``), ``Unreadable`` to refuse a document, and
  ``PluginError``. The guide is ``docs/plugin-authoring.md``; the test helper is :mod:`zenconv.testing`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing's own, without importing typing (the launcher imports this package)
if TYPE_CHECKING:
    import os
    from collections.abc import Sequence
    from typing import BinaryIO, Unpack

    import pluggy

    from .errors import PluginError, UsageError
    from .ir import *  # noqa: F401,F403
    from .keywords import ConvertOptions
    from .reports import Code, Kind, Severity, Unreadable, degraded, dropped, refused, truncated
    from .result import ConversionResult

    hookimpl: pluggy.HookimplMarker

__version__ = "0.1.0"

# The IR's public names (zenconv.ir.__all__ is this list): part of the API, imported from zenconv.ir on first use.
_IR_NAMES = (
    "BLOCK_TYPES", "INLINE_TYPES", "Block", "BlockQuote", "Cell", "Code", "CodeBlock", "ColumnSpec", "Columns",
    "CommentRangeFacet", "Container", "Document", "Emphasis", "Facet", "FurnitureFacet", "HardBreak", "Heading",
    "HiddenFacet", "Image", "Inline", "LayoutFacet", "Link", "List", "ListItem", "Locator", "Math", "MathBlock",
    "Metadata", "Note", "NoteRef", "Paragraph", "Resource", "ResourceStore", "RevisionFacet", "Row", "SmallCaps",
    "Span", "Strikethrough", "Strong", "StyleFacet", "Subscript", "Superscript", "Table", "Text", "ThematicBreak",
    "Underline", "UnknownFacet", "cell_text", "children", "facet_from_json", "facet_kind", "plain_text",
    "safe_name", "walk",
)

# The API's names are imported on first use (PEP 562), not with the package: the command's launcher
# (zenconv.launch) is a module of this package, and it forks before anything heavy is imported.
_FROM = {
    "PluginError": "errors", "UsageError": "errors", "ConversionResult": "result",
    **dict.fromkeys(("Code", "Kind", "Severity", "Unreadable", "degraded", "dropped", "refused", "truncated"),
                    "reports"),
}


def __getattr__(name: str):
    if name == "hookimpl":
        import pluggy

        value = pluggy.HookimplMarker("zenconv")
    elif name == "__all__":
        value = _public()
    elif name in _FROM or name in _IR_NAMES:
        from importlib import import_module

        value = getattr(import_module(f"{__name__}.{_FROM.get(name, 'ir')}"), name)
    else:  # a submodule not imported yet, or no name of the API: the import system takes it from here
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # found once: the next look-up is the module's own
    return value


def convert(
    source: str | os.PathLike[str] | bytes | BinaryIO,
    to: str = "markdown",
    *,
    from_: str | None = None,
    name: str | None = None,
    media_type: str | None = None,
    manifest: str | os.PathLike[str] | None = None,
    fail_on: Sequence[str] = (),
    third_party: bool | None = None,
    isolate: bool = True,
    sign_key: str | os.PathLike[str] | None = None,
    **options: Unpack[ConvertOptions],
) -> ConversionResult:
    """Convert one source; return its output, its manifest and the document read.

    ``source``: a path, bytes, or a binary file object (read by the conversion, under
    ``max_input_bytes``). Bytes, or a file object without a name, are detected from their bytes, as
    stdin is, and stated in the manifest as ``-``; a path or a file object's name only by its base name.

    ``to``: the writer, ``"markdown"`` (the default), ``"html"``, ``"json"`` (the IR), ``"segments"``
    (JSON Lines, one citable record per paragraph and table row), or an extension as ``-o out.md``
    chooses by: ``"md"``, ``"html"``, ``"jsonl"``.

    ``from_``: the reader's name (``"csv"``, ``"docx"``), skipping detection. ``name``: the source's
    name for detection and the manifest (``"report.csv"`` for bytes). ``media_type``: what an HTTP
    response's Content-Type said. ``manifest``: also write the manifest to this path.
    ``fail_on``: report-code globs (``"docx.*"``); the ones that matched are in the manifest's
    reports, and a pattern that matches no known code raises UsageError (``zenconv codes`` lists them).
    ``third_party``: False loads only the built-in plugins (default: ``ZENCONV_DISABLE_PLUGIN_AUTOLOAD``).
    ``isolate`` (default True): run in a forked child under the hard limits the command line uses
    (``timeout``, ``max_memory``, the output cap); False runs in this process, where only the
    cooperative checks hold. ``sign_key``: an Ed25519 private key from ``zenconv keygen``: the manifest
    (``manifest`` is then required) is signed as ``--sign-key`` signs it, ``NAME.intoto.jsonl`` beside it,
    the output named ``-`` as for stdout (``zenconv verify --key PUB --output FILE`` checks a saved copy).

    ``**options``: every option of the command line, by key: ``max_rows=1000``, ``revisions="all"``,
    ``hidden="skip"``, ``max_memory="512M"``, and those of installed plugins (``zenconv --help``).

    Raises :class:`UsageError` for a bad request (an unknown keyword or value, a reader or writer
    that is not installed, a source path that does not exist), with the keyword named as above. A
    document's own fault never raises: ``result.outcome == "unreadable"`` and ``result.manifest.reasons``
    says why.

    >>> result = convert(b"Item,Amount\\nRent,1000\\n", name="ledger.csv")
    >>> result.outcome, result.text.splitlines()[0]
    ('converted', '| Item | Amount |')
    """
    from .api import convert_api

    return convert_api(source, to, from_=from_, name=name, media_type=media_type, manifest=manifest,
                       fail_on=fail_on, third_party=third_party, isolate=isolate, sign_key=sign_key, **options)


def _public() -> list[str]:
    # ``Code`` is the report code (the IR's inline code is ``zenconv.ir.Code``).
    return sorted({"__version__", "convert", "hookimpl", *_FROM, *_IR_NAMES})


def __dir__() -> list[str]:
    # The API, not what building it imported (submodules, ``annotations``).
    return list(__getattr__("__all__"))
