"""Embedded documents converted as children of the conversion that found them.

A reader that meets an embedded document (an OLE workbook in a memo, a PDF attachment) hands its bytes to
``ctx.embed(data, name, locator)``. When the document is readable by an installed reader, it is converted
there and then, through :func:`zenconv.pipeline.run` itself: the same detection, limits, reports, writer and
manifest, inside the same process and under the same isolation as its parent, with its output and manifest in
a folder named after the parent's output::

    memo.docx.md
    memo.docx.md.manifest.json             lists each child: name, format, digest, outcome, manifest digest
    memo.docx.md.embedded/1-budget.xlsx.md
    memo.docx.md.embedded/1-budget.xlsx.md.manifest.json

``embed`` returns the key the reader puts in a :class:`~zenconv.ir.nodes.Link` at the place of embedding
(:func:`reference`); the writers turn that key into the child's relative URL through their URL policy
(``zenconv.writers.urls``), and a key a writer does not know is refused like any unknown scheme.

What is not converted is listed all the same, and reported under a host code saying why: no reader handles
it (``host.embedded-unhandled``; with ``--embedded extract`` its bytes are written under the neutral
extension ``.bin``, never linked), ``--embedded drop``, no output folder (stdout, the API), nesting past
``--max-embedding-depth``, more than ``--max-embedded-documents`` in the family, or a family whose embedded
bytes together pass ``--max-package-bytes``. Converting
at the place of embedding, while the parent is read, is what lets the parent's link say whether the child
has an output; a parent that ends unreadable takes its children's files with it.
"""

from __future__ import annotations

import os
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .digest import sha256
from .ir.locator import Locator
from .ir.nodes import Container, Link, Paragraph, Text
from .ir.resources import safe_name
from .reports import Unreadable
from .records import dataclass

if TYPE_CHECKING:  # the readers import this module for reference(): the manifest's pydantic stays out of them
    from .manifest import ChildInfo

EMBEDDED_SUFFIX = ".embedded"  # out.md -> out.md.embedded/
KEY_PREFIX = "zenconv-embedded:"  # a scheme no writer lets through unless the key names a child it knows
EXTRACTED_EXTENSION = ".bin"     # an extracted file is never named as something a viewer would open or run
CONTAINER_CLASS = "embedded"


def reference(key: str, name: str, locator: Locator | None = None) -> Container:
    """The block a reader puts where a document was embedded and converted: a link to the child."""
    return Container([Paragraph([inline_reference(key, name)], locator=locator)], class_=CONTAINER_CLASS,
                     locator=locator)


def inline_reference(key: str, name: str) -> Link:
    """The link a reader puts inline (an OLE object in a Word run) where a document was embedded."""
    return Link([Text(f"Embedded document: {name}")], key)


@dataclass
class Lineage:
    """What a family shares down its tree: how deep this conversion is, and the embedded bytes spent."""

    depth: int = 0
    spent: list[int] = field(default_factory=lambda: [0, 0])  # [bytes, children]: shared by reference
    # The conservation check's: when a list, each child converted directly below the root is kept here as
    # (name, reader, bytes), so its own account can be drawn from the very bytes the family converted.
    converted: list | None = None

    def deeper(self) -> Lineage:
        return Lineage(self.depth + 1, self.spent)


class Children:
    """The embedded documents of one conversion: converted, listed, and known to its writer by key."""

    def __init__(self, request, plugins, options, reporter, writer_name: str, manifest_path: Path | None) -> None:
        self.request = request
        self.plugins = plugins
        self.options = options
        self.reporter = reporter
        self.writer_name = writer_name
        self.lineage: Lineage = request.lineage or Lineage()
        self.output: Path | None = request.output
        self.folder = self.output.with_name(self.output.name + EMBEDDED_SUFFIX) if self.output is not None else None
        self.manifest_base = manifest_path.parent if manifest_path is not None else None
        self.infos: list[ChildInfo] = []
        self.urls: dict[str, str] = {}   # key -> the child output's URL relative to the parent output
        self.policy_matches: set[str] = set()
        self._written: list[Path] = []
        self._folder_made = False

    def __contains__(self, key: str) -> bool:
        return key in self.urls

    def url(self, key: str) -> str | None:
        return self.urls.get(key)

    def embed(self, data: bytes, name: str, locator: Locator | None = None, origin: str | None = None) -> str | None:
        """Convert ``data`` as a child; return the key the parent links it by, or None when not converted."""
        from .context import Source
        from .detect import UsageError, choose_reader

        ordinal = len(self.infos) + 1
        base = safe_name(name or "embedded", "embedded")
        where = locator.citation() if locator is not None else None
        info: dict[str, Any] = {"ordinal": ordinal, "name": base, "size": len(data),
                                "sha256": sha256(data).hexdigest(), "origin": origin, "citation": where}
        detail = f"{ordinal}: {base}" + (f" ({origin})" if origin else "")
        mode = self.options["embedded"]
        source = Source(base, data=data)
        try:
            spec = choose_reader(source, self.plugins.registry) if data else None
        except (Unreadable, UsageError, OSError, ValueError):  # what detection says of bytes it cannot type
            spec = None
        if spec is None or not data:
            return self._unhandled(info, data, base, ordinal, detail, locator, mode)
        info["format"] = spec.name
        if mode == "drop":
            return self._listed(info, "host.embedded-dropped", detail, locator)
        if self.folder is None:
            return self._listed(info, "host.embedded-not-written", detail, locator)
        if self.lineage.depth + 1 > self.options["max_embedding_depth"]:
            return self._listed(info, "host.embedding-too-deep", detail, locator)
        if self.lineage.spent[1] >= self.options["max_embedded_documents"]:
            return self._listed(info, "host.embedded-too-many", detail, locator)
        if self.lineage.spent[0] + len(data) > self.options["max_package_bytes"]:
            return self._listed(info, "host.embedded-family-too-large", detail, locator)
        self.lineage.spent[0] += len(data)
        self.lineage.spent[1] += 1
        return self._convert(info, source, base, ordinal, detail, locator)

    def inline(self, data: bytes, name: str, reader: str, ctx) -> list | None:
        """``data`` read in place by the installed reader named ``reader``: its blocks, for the calling
        reader to carry as its own (a Word altChunk is body text). Its reports are the conversion's, under
        that reader's namespace; None when no such reader is installed."""
        from .context import ReadContext, Source

        spec = self.plugins.registry.reader_named(reader)
        if spec is None:
            return None
        try:
            read = spec.load()
        except ImportError:
            return None
        self.reporter.declare(spec.codes)
        inner = ReadContext(source_name=name, options=ctx.options, reporter=ctx.reporter, guard=ctx.guard,
                            resources=ctx.resources, notes=ctx.notes, namespace=spec.name, children=self,
                            ends_process=ctx.ends_process)
        return list(read(Source(name, data=data), inner))

    def _convert(self, info, source, base: str, ordinal: int, detail: str, locator) -> str | None:
        from .pipeline import Request, run

        target = self._make_folder() / f"{ordinal}-{base}{self.output.suffix}"
        request = self.request
        child = Request(source=source, to=self.writer_name, output=target, manifest=request.manifest is not False,
                        options=dict(request.options),
                        fail_on=request.fail_on, third_party=request.third_party,
                        output_root=request.output_root or self.output.parent, accounting=request.accounting,
                        lineage=self.lineage.deeper())
        result = run(child, self.plugins)
        manifest_path = result.manifest_path
        self._written += [target] + ([manifest_path] if manifest_path is not None else [])
        self._written += [Path(p) for p in result.family_files]
        self.policy_matches.update(result.policy_matches)
        outcome = result.manifest.outcome
        info.update(outcome=outcome, reasons=list(result.manifest.reasons), manifest_digest=result.manifest.digest,
                    manifest=self._relative(manifest_path) if manifest_path is not None else None)
        if result.manifest.output is not None:
            info["output"] = self._relative(target)
        self.infos.append(_child_info(**info))
        if self.lineage.converted is not None:
            self.lineage.converted.append((base, info.get("format"), source.data))
        if outcome == "unreadable" or result.manifest.output is None:
            self.reporter.report("host.embedded-unreadable", locator, detail=detail)
            return None
        if outcome == "needs_review":
            self.reporter.report("host.embedded-needs-review", locator, detail=detail)
        key = f"{KEY_PREFIX}{ordinal}"
        rel = os.path.relpath(target, self.output.parent).replace(os.sep, "/")
        self.urls[key] = rel
        return key

    def _unhandled(self, info, data: bytes, base: str, ordinal: int, detail: str, locator, mode: str) -> None:
        self.reporter.report("host.embedded-unhandled", locator, detail=detail)
        if mode == "extract" and self.folder is not None and data:
            path = self._make_folder() / f"{ordinal}-{base}{EXTRACTED_EXTENSION}"
            from .files import atomic_write

            atomic_write(path, data)
            self._written.append(path)
            info["extracted"] = self._relative(path)
            self.reporter.report("host.embedded-extracted", locator, detail=f"{detail} -> {path.name}")
        self.infos.append(_child_info(outcome="not-converted", reasons=["host.embedded-unhandled"], **info))
        return None

    def _listed(self, info, code: str, detail: str, locator) -> None:
        self.reporter.report(code, locator, detail=detail)
        self.infos.append(_child_info(outcome="not-converted", reasons=[code], **info))
        return None

    def _make_folder(self) -> Path:
        """The parent's ``.embedded`` folder, refused (as the media folder is) when it leaves the output folder."""
        if not self._folder_made:
            from .files import write_error
            from .media import inside

            root = (self.request.output_root or self.output.parent).resolve()
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise write_error(self.folder, exc) from None
            if not inside(self.folder, root):
                raise Unreadable("host.output-unwritable", f"{self.folder} leaves the output folder")
            self._folder_made = True
        return self.folder

    def _relative(self, path: Path) -> str:
        base = self.manifest_base or self.output.parent
        return os.path.relpath(Path(path).resolve(), base.resolve()).replace(os.sep, "/")

    @property
    def written(self) -> list[Path]:
        """Every file the family wrote below this conversion (outputs, manifests, extracted files)."""
        return list(self._written)

    def discard(self) -> None:
        """Remove what the children wrote: a parent that ends unreadable leaves no family behind."""
        for path in self._written:
            Path(path).unlink(missing_ok=True)
        for path in self._written:
            media = Path(str(path) + ".media")
            if media.is_dir():
                import shutil  # here only: importing it costs every conversion's start-up

                shutil.rmtree(media, ignore_errors=True)
        folders = {Path(p).parent for p in self._written if Path(p).parent.name.endswith(EMBEDDED_SUFFIX)}
        for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):  # the deepest first
            try:
                folder.rmdir()  # only when empty: never a file this conversion did not write
            except OSError:
                pass
        self._written.clear()
        self.infos.clear()
        self.urls.clear()


def _child_info(**fields) -> ChildInfo:
    from .manifest import ChildInfo

    return ChildInfo(**fields)


def family_manifests(path: Path, depth: int = 0) -> list[Path]:
    """The manifests of every child below the manifest at ``path`` (the audit counts a family's members
    as documents): only paths inside the parent's folder, at most ``MAX_FAMILY_DEPTH`` levels down."""
    from .manifest import MAX_FAMILY_DEPTH, contained, load

    if depth >= MAX_FAMILY_DEPTH:
        return []
    try:
        manifest = load(path)
    except (OSError, ValueError):
        return []
    found: list[Path] = []
    for child in manifest.children or ():
        inside = contained(Path(path).parent, child.manifest) if child.manifest else None
        if inside is not None and inside.is_file():
            named = Path(path).parent / child.manifest  # as the parent's path is written, not resolved
            found.append(named)
            found += family_manifests(named, depth + 1)
    return found


def family_files(path: Path, manifest) -> list[Path]:
    """The files a manifest's children account for beside it: their outputs, manifests and extracted bytes."""
    base = Path(path).parent
    return [base / stated for child in manifest.children or ()
            for stated in (child.output, child.manifest, child.extracted) if stated]
