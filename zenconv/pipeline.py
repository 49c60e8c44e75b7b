"""detect → read → write → manifest, one direction, streaming.

The reader's block stream passes through :class:`~zenconv.stream.BlockStream` on its way to the
writer: it ticks the guard for every block and table row, counts facets, and (for the Python API)
keeps the IR. The writer writes into a temporary file beside the output, hashed as it goes; the file is renamed
into place only once the manifest is final, so an interrupted or refused conversion leaves no output.
"""

from __future__ import annotations

import fnmatch
import gc
import os
import sys
from dataclasses import field
from pathlib import Path
from typing import Any

from . import __version__
from .context import Guard, Progress, ReadContext, Source, WriteContext, out_of_memory
from .detect import UsageError, choose_reader
from .digest import sha256
from .family import Children, Lineage
from .ir.nodes import Document
from .files import atomic_write, copy_to_stdout, open_temp, write_error
from .ir.resources import ResourceStore
from .media import MediaPlan, file_name, inside, plan_media, raster_extension
from .manifest import (
    Component, Distribution, FacetSummary, Generator, Manifest, OutputInfo, ReportInfo, ResourceInfo, SourceInfo,
    manifest_path_for, redacted,
)
from .options import LIMIT_OPTIONS, all_option_specs, output_cap, resolve_options, time_budget
from .plugins import LoadedPlugins, ReaderSpec, WriterSpec, build_plugins
from .reports import HOST_CODES, Outcome, Reporter, Unreadable, outcome_of
from .stream import BlockStream, HashingWriter, hard_output_limit
from .records import dataclass
from .patterns import pattern

STRICT_ENV = "ZENCONV_STRICT"  # tests: let unexpected exceptions through instead of host.internal-error

EXIT_OK, EXIT_UNREADABLE, EXIT_USAGE, EXIT_POLICY = 0, 1, 2, 3
# Readers and writers recurse once or more per nesting level (a table in a cell of a table takes the HTML
# writer five frames); Python's default of 1,000 frames would stop a document nested 200 deep.
RECURSION_LIMIT = 10_000
# A conversion allocates millions of short-lived, acyclic objects (rows, locators, cells) and holds a
# thousand or so at a time: at Python's default of a young collection every 700 allocations, the
# collector walks each held object a dozen times (a quarter of the time of a million-row CSV). Freed
# by reference counting, they need the cycle collector rarely.
GC_YOUNG_THRESHOLD = 20_000


@dataclass
class Request:
    source: Source
    to: str | None = None
    output: Path | None = None           # None: the output is kept in memory (API) or sent to stdout (CLI)
    manifest: Path | None | bool = True  # True: beside the output; False: none; a Path: there
    from_: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    fail_on: tuple[str, ...] = ()
    third_party: bool | None = None
    keep_document: bool = False
    to_stdout: bool = False  # with no output path: copy the finished output to stdout, never hold it
    progress: bool = False   # a status line on stderr for a long conversion (the CLI on a terminal)
    output_root: Path | None = None  # the folder no media may leave (a batch's -o); default: the output's
    accounting: bool = False  # the conservation check: every report keeps the whole text it took
    lineage: Lineage | None = None  # a child conversion's place in its family (zenconv.family); None: a root
    # The process ends with this conversion (zenconv.isolation's forked child): what the conversion left in
    # reference cycles (a reader's parsed tree, a fifth of a 5 MB HTML page's time to free) is left to the
    # exit, not collected on the way out.
    ends_process: bool = False


@dataclass
class Result:
    manifest: Manifest
    exit_code: int
    output: bytes | None = None
    document: Document | None = None
    reporter: Reporter | None = None
    manifest_path: Path | None = None
    policy_matches: list[str] = field(default_factory=list)
    reports: list = field(default_factory=list)
    peak_memory: int | None = None  # isolated: what the child added to its parent's RSS at its peak
    family_files: list = field(default_factory=list)  # the files this conversion's embedded documents wrote

    @property
    def outcome(self) -> str:
        return self.manifest.outcome


def check_request(request: Request, plugins: LoadedPlugins):
    """Raise UsageError for what is wrong with the request itself (before any work is forked off)."""
    try:
        options = resolve_options(plugins.registry, request.options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    _choose_writer(request, plugins.registry)
    plan_media(request.output, options["media_dir"], request.output_root)
    for spec in all_option_specs(plugins.registry).values():
        if spec.type == "file" and options.get(spec.key) is not None and not Path(options[spec.key]).is_file():
            raise UsageError(f"--{spec.name} {options[spec.key]}: no such file")
    if request.from_ and plugins.registry.reader_named(request.from_) is None:
        from .detect import installed

        raise UsageError(f"--from {request.from_}: no installed reader has that name; installed: "
                         f"{installed(plugins.registry)}")
    return options


def run(request: Request, plugins: LoadedPlugins | None = None) -> Result:
    """Convert one source. Raises UsageError for a bad request; everything else ends in a Result."""
    plugins = plugins or build_plugins(third_party=request.third_party)
    registry = plugins.registry
    try:
        options = resolve_options(registry, request.options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    writer_spec = _choose_writer(request, registry)
    source = request.source

    reporter = Reporter(accounting=request.accounting)
    reporter.declare(HOST_CODES)
    reporter.declare(writer_spec.codes)
    progress = Progress(f"zenconv: {request.source.name}") if request.progress else None
    guard = Guard(time_budget(options, source.size), options["max_memory"], progress=progress)
    resources = ResourceStore(options["max_media_bytes"])
    manifest_path = _manifest_path(request)
    media = plan_media(request.output, options["media_dir"], request.output_root)
    children = Children(request, plugins, options, reporter, writer_spec.name, manifest_path)

    reader_spec: ReaderSpec | None = None
    ctx: ReadContext | None = None
    stream: BlockStream | None = None
    fatal: str | None = None
    message: str | None = None
    kept: list | None = [] if request.keep_document else None
    tmp_path: Path | None = None
    sink: HashingWriter | None = None
    output_bytes: bytes | None = None
    recursion_limit = sys.getrecursionlimit()
    gc_thresholds = gc.get_threshold()

    try:
        with guard.armed():
            sys.setrecursionlimit(max(recursion_limit, RECURSION_LIMIT))
            gc.set_threshold(max(gc_thresholds[0], GC_YOUNG_THRESHOLD), *gc_thresholds[1:])
            if source.stream is not None:  # stdin: read here, under the limit and the base deadline
                source.spool(options["max_input_bytes"])
                guard.extend(options["timeout_per_mib"] * source.size / (1 << 20))  # its size is known now
            if source.size > options["max_input_bytes"]:
                raise Unreadable("host.input-too-large", f"{source.size} bytes, over --max-input-bytes")
            source.hash_aside()  # hashed as it is read (a large file on a second thread): the bytes the reader meets
            reader_spec = choose_reader(source, registry, request.from_, password=options.get("password") or None,
                                        max_package_bytes=options.get("max_package_bytes"))
            reporter.declare(reader_spec.codes)
            try:
                read = reader_spec.load()
            except ImportError as exc:
                raise Unreadable("host.reader-unavailable", f"{reader_spec.id}: {exc}") from None
            ctx = ReadContext(source_name=source.name, options=options, reporter=reporter, guard=guard,
                              resources=resources, namespace=reader_spec.name, children=children,
                              ends_process=request.ends_process)
            if source.decryption is not None:  # how, never the password
                ctx.flags["decrypted"] = source.decryption
            write = writer_spec.load()
            stream = BlockStream(read(source, ctx), guard, kept, options["preserve_facets"])
            stream.prime()
            doc = Document(blocks=stream, metadata=ctx.metadata, notes=ctx.notes, resources=resources)
            wctx = WriteContext(options=options, reporter=reporter, guard=guard, resources=resources,
                                resource_prefix=media.prefix, embed_media=options["embed_media"],
                                file_names=_file_namer(resources) if media.folder is not None else None,
                                children=children, source_name=source.name)
            cap = output_cap(options, source.size)
            tmp_path, raw = open_temp(request.output)
            with raw:
                sink = HashingWriter(raw, hard_output_limit(cap))
                stream.cap_output(sink, cap)
                write(doc, sink, wctx)
                stream.drain()
            if stream.cut_at is not None:
                reporter.report("host.output-truncated", detail=f"cut at {stream.cut_at} bytes, over the cap of {cap}")
            guard.check_memory()
            if request.output is None and not request.to_stdout:
                with open(tmp_path, "rb") as fh:
                    output_bytes = fh.read()
    except UsageError:
        raise
    except Unreadable as exc:
        fatal, message = exc.code, exc.message or None
    except OSError as exc:
        if source.path is not None and not os.path.exists(source.path):
            fatal, message = "host.source-unreadable", f"the source is gone: {exc}"[:500]
        elif os.environ.get(STRICT_ENV):
            raise
        else:
            fatal, message = "host.internal-error", f"{type(exc).__name__}: {exc}"[:500]
    except MemoryError:
        fatal, message = "host.memory-limit", "the conversion ran out of memory (--max-memory)"
    except RecursionError:
        fatal, message = "host.internal-error", "the document nests deeper than the reader can follow"
    except Exception as exc:
        if out_of_memory(exc):  # a C library's allocation failure, in its own words
            fatal, message = "host.memory-limit", f"{type(exc).__name__}: {exc}"[:500]
        elif os.environ.get(STRICT_ENV):
            raise
        else:
            fatal, message = "host.internal-error", f"{type(exc).__name__}: {exc}"[:500]
    finally:
        sys.setrecursionlimit(recursion_limit)
        if request.ends_process:
            gc.disable()
        else:
            gc.set_threshold(*gc_thresholds)
        source.discard_spool()

    if progress is not None:
        progress.close()
    if fatal is not None and tmp_path is not None:
        tmp_path.unlink(missing_ok=True)
        tmp_path, output_bytes = None, None

    resource_infos: list[ResourceInfo] = []
    if fatal is None:
        try:
            resource_infos = _write_resources(resources, media, manifest_path, reporter,
                                              protected=(request.output, manifest_path))
        except Unreadable as exc:  # the media folder cannot be written: no output either
            fatal, message = exc.code, exc.message
            if tmp_path is not None:
                tmp_path.unlink(missing_ok=True)
            tmp_path, output_bytes = None, None

    if fatal is not None:  # no family stands without its head
        children.discard()
    outcome, reasons = outcome_of(reporter, fatal)
    manifest = _manifest(
        source, options, writer_spec, reader_spec, ctx.library if ctx else None,
        output=(OutputInfo(path=_relative(request.output, manifest_path), size=sink.size, sha256=sink.sha256,
                           media_type=writer_spec.media_type) if fatal is None and sink is not None else None),
        resources=resource_infos,
        outcome=str(outcome),
        reasons=reasons,
        message=message,
        reports=[ReportInfo(**r.to_json()) for r in reporter.reports],
        flags=dict(sorted(ctx.flags.items())) if ctx else {},
        metadata=ctx.metadata.to_json() if ctx else {},
        facets=FacetSummary(counts=dict(sorted(stream.facet_counts.items())) if stream else {},
                            rows=stream.facet_rows if stream and stream.facet_rows is not None else None),
        preservation=dict(sorted(ctx.preservation.items())) if ctx else {},
        children=list(children.infos) or None,
    )

    placed = tmp_path is not None and request.output is not None
    try:
        _place_output(tmp_path, request)
    except Unreadable as exc:
        manifest = _unwritable(manifest, exc.message)
        outcome, placed = Outcome.UNREADABLE, False
        children.discard()
    if manifest_path is not None:
        try:
            atomic_write(manifest_path, manifest.to_bytes())
        except Unreadable as exc:  # no manifest can be written: the Result says so, for the one-line error
            manifest = _unwritable(manifest, exc.message)
            outcome = Outcome.UNREADABLE
            if placed:
                request.output.unlink(missing_ok=True)  # no output stands without the manifest describing it
            children.discard()

    matches = sorted({r.code.code for pattern in request.fail_on for r in reporter.matching(pattern)}
                     | children.policy_matches)  # --fail-on applies to the family
    if fatal is not None and any(fnmatch.fnmatchcase(fatal, p) for p in request.fail_on):
        matches = sorted({*matches, fatal})
    if outcome is Outcome.UNREADABLE:
        exit_code = EXIT_UNREADABLE
    elif matches:
        exit_code = EXIT_POLICY
    else:
        exit_code = EXIT_OK
    document = None
    if kept is not None and ctx is not None:
        document = Document(blocks=kept, metadata=ctx.metadata, notes=ctx.notes, resources=resources)
    return Result(manifest=manifest, exit_code=exit_code, output=output_bytes, document=document, reporter=reporter,
                  manifest_path=manifest_path, policy_matches=matches, reports=reporter.reports,
                  family_files=[str(p) for p in children.written])


def unreadable_manifest(request: Request, code: str, message: str, plugins: LoadedPlugins | None = None) -> Manifest:
    """The manifest of a conversion that was stopped from outside (a killed worker): no output."""
    plugins = plugins or build_plugins(third_party=request.third_party)
    options = resolve_options(plugins.registry, request.options)
    writer_spec = _choose_writer(request, plugins.registry)
    return _manifest(request.source, options, writer_spec, None, None,
                     outcome=str(Outcome.UNREADABLE), reasons=[code], message=message)


def _manifest(source: Source, options, writer_spec: WriterSpec, reader_spec: ReaderSpec | None, library: str | None,
              **found: Any) -> Manifest:
    """The sealed manifest: what every conversion states (the generator, the source, the components and
    their distributions, the options changed, the limits), then what this one ``found``."""
    found = {key: _scrub(value) for key, value in found.items()}
    return Manifest(
        generator=Generator(version=__version__),
        source=SourceInfo(name=_scrub(source.name), **_stated_source(source),
                          format=reader_spec.name if reader_spec else None,
                          media_type=reader_spec.media_type if reader_spec else None,
                          detection=source.detection if reader_spec else None),
        reader=_component(reader_spec, library) if reader_spec else None,
        writer=_component(writer_spec, None),
        distributions=_distributions(reader_spec, writer_spec),
        options={k: _jsonable(v) for k, v in options.changed.items()},
        limits=_limits(options, reader_spec),
        **redacted(found, options.secrets),
    ).sealed()


def _stated_source(source: Source) -> dict[str, Any]:
    """The source's size and digest; a source gone before it could be hashed is stated as empty (its
    manifest's reason, ``host.source-unreadable`` or a kill, says why)."""
    try:
        return {"size": source.size, "sha256": source.sha256}
    except OSError:
        return {"size": 0, "sha256": sha256().hexdigest()}


_SURROGATES = pattern("[\ud800-\udfff]")


def _scrub(value: Any) -> Any:
    """``value`` with every lone surrogate replaced by U+FFFD, so the manifest can always be written.

    A reader's text can hold them (a file name undecodable as UTF-8, ``\\ud800`` escaped in front
    matter, a broken UTF-16 pair); UTF-8 cannot encode them, and the manifest must not fail to seal.
    """
    if isinstance(value, str):
        return _SURROGATES.sub("\ufffd", value) if _SURROGATES.search(value) else value
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_scrub(v) for v in value)
    if hasattr(value, "model_dump"):  # a manifest part (pydantic) built from a reader's strings
        dumped = value.model_dump()
        cleaned = _scrub(dumped)
        return value if cleaned == dumped else type(value).model_validate(cleaned)
    return value


def _choose_writer(request: Request, registry) -> WriterSpec:
    if request.to:
        spec = registry.writer_named(request.to)
        if spec is None:
            names = ", ".join(w.name for w in registry.ordered_writers())
            raise UsageError(f"--to {request.to}: no such writer; installed: {names}")
        return spec
    if request.output is not None and request.output.suffix:
        spec = registry.writer_for_extension(request.output.suffix)
        if spec is not None:
            return spec
    spec = registry.writer_named("markdown")
    if spec is None:
        raise UsageError("no markdown writer is installed; name one with --to")
    return spec


def _manifest_path(request: Request) -> Path | None:
    if request.manifest is False:
        return None
    if isinstance(request.manifest, Path):
        return request.manifest
    if request.output is not None:
        return manifest_path_for(request.output)
    return None


_atomic_write = atomic_write  # the name batch and isolation import


def _place_output(tmp_path: Path | None, request: Request) -> None:
    """The finished temporary output renamed into place, or copied to stdout, or dropped."""
    if tmp_path is None:
        return
    moved = False
    try:
        if request.output is not None:
            try:
                os.replace(tmp_path, request.output)
            except OSError as exc:
                raise write_error(request.output, exc) from None
            moved = True
        elif request.to_stdout:
            copy_to_stdout(tmp_path)
    finally:
        if not moved:  # (a moved one is gone: unlinking it would only fail, as dearly as a raised error costs)
            tmp_path.unlink(missing_ok=True)


def _unwritable(manifest: Manifest, message: str) -> Manifest:
    """The manifest of a conversion whose output could not be put in place: unreadable, no output."""
    if manifest.reasons == ["host.output-unwritable"] and manifest.message:
        message = f"{manifest.message}; {message}"  # the output failed first, then its manifest
    return manifest.model_copy(update={"outcome": str(Outcome.UNREADABLE), "reasons": ["host.output-unwritable"],
                                       "message": message, "output": None, "children": None}).sealed()


def _file_namer(resources: ResourceStore):
    """Resource name -> the file it is written as (see :mod:`zenconv.media`): what the writers link.

    With no media folder the links keep ``media/`` and the resource's own name (reported as not written):
    an API caller holding the document's resources can write them under those names.
    """

    def name_of(name: str) -> str:
        res = resources.get(name)
        return file_name(res) if res is not None else name

    return name_of


def _write_resources(resources: ResourceStore, media: MediaPlan, manifest_path: Path | None, reporter: Reporter,
                     protected: tuple[Path | None, ...] = ()) -> list[ResourceInfo]:
    """Write the media files :mod:`zenconv.media`'s rule allows, report every one it does not."""
    infos = []
    taken: set[Path] | None = None  # resolved at the first resource with a place to go (resolving stats each part)
    folder_ok: bool | None = None
    for res in resources:
        raster = raster_extension(res.data) is not None
        target = media.folder / file_name(res) if media.folder is not None else None
        if target is not None and taken is None:
            taken = {p.resolve() for p in protected if p is not None}
        path = None
        if not raster and not media.shared:
            reporter.report("host.active-media-withheld", detail=f"{res.name} ({res.media_type})")
        elif target is None or target in taken:
            reporter.report("host.media-not-written", detail=res.name)
        else:
            if folder_ok is None:
                folder_ok = _make_folder(media)
            if not folder_ok:
                reporter.report("host.media-not-written",
                                detail=f"{res.name}: the media folder leaves the output folder")
            else:
                atomic_write(target, res.data)
                path = _relative(target, manifest_path)
                if not raster:
                    reporter.report("host.active-media-neutralised", detail=f"{res.name} ({res.media_type})")
        infos.append(ResourceInfo(name=res.name, size=res.size, sha256=res.sha256, media_type=res.media_type,
                                  written=path is not None, path=path))
    return infos


def _make_folder(media: MediaPlan) -> bool:
    """Create the media folder; False when it (or a symlink on its way) resolves outside the output folder."""
    try:
        media.folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise write_error(media.folder, exc) from None
    return inside(media.folder, media.root)


def _relative(path: Path | None, manifest_path: Path | None) -> str | None:
    if path is None:
        return None
    base = manifest_path.parent if manifest_path is not None else Path.cwd()
    return os.path.relpath(Path(path).resolve(), base.resolve()).replace(os.sep, "/")


def _component(spec, library: str | None) -> Component:
    return Component(id=spec.id, version=spec.version, distribution=spec.distribution, library=library)


def _distributions(reader: ReaderSpec | None, writer: WriterSpec) -> list[Distribution]:
    found = {"zenconv": __version__}
    for spec in (reader, writer):
        if spec is not None:
            found[spec.distribution] = spec.distribution_version or found.get(spec.distribution, "")
    return [Distribution(name=k, version=v) for k, v in sorted(found.items())]


def _limits(options, reader: ReaderSpec | None) -> dict[str, Any]:
    names = set(LIMIT_OPTIONS)
    if reader is not None:
        names.update(o.name for o in reader.options if o.name.startswith("max-"))
    return {name: options[name] for name in sorted(names)}


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)
