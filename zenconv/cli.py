"""The command line: options in, the pipeline called, a summary out. No conversion logic lives here.

``zenconv INPUT -o OUTPUT`` converts; ``zenconv plugins | codes | verify | schema | audit | keygen`` sit beside
it. The conversion's options are built from the declarations of the installed plugins, so a plugin's
``--revisions`` appears in ``--help``, under that plugin, without the host knowing it (:mod:`.usage`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from . import __version__
from .context import Source
from .detect import UsageError, check_media_type
from .options import HOST_OPTIONS
from .files import UNWRITABLE, errno_text
from .pipeline import EXIT_UNREADABLE, EXIT_USAGE, Request, Result
from .plugins import OptionSpec, build_plugins
from .reports import Kind, Unreadable
from .terminal import safe
from .usage import BATCH, CONVERT_EXITS, EVERY, SHARED, DefaultConvert, exit_codes, fail, grouped, plugin_sections

SUBCOMMANDS = ("plugins", "codes", "verify", "schema", "audit", "keygen", "convert")
NO_THIRD_PARTY = "--no-third-party"


class _Main(click.Group):
    """``zenconv FILE …`` means ``zenconv convert FILE …``; subcommands are named explicitly.

    ``--no-third-party`` may come before a subcommand (``zenconv --no-third-party plugins``): it is
    taken off here and left in ``ctx.meta`` for the subcommand (and given to ``convert`` as its own).
    """

    def parse_args(self, ctx, args):
        args = list(args)
        global_off = False
        while args and args[0] == NO_THIRD_PARTY:
            args.pop(0)
            global_off = True
        ctx.meta[NO_THIRD_PARTY] = global_off
        if not args or args[0] in ("--help", "-h"):
            args = ["convert", "--help"]
        elif args[0] not in self.commands:
            args = ["convert", *([NO_THIRD_PARTY] if global_off else []), *args]
        return super().parse_args(ctx, args)


def _version(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"zenconv {__version__}")
        ctx.exit(0)


def _human(value) -> str:
    for unit, size in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if isinstance(value, int) and value >= size and value % size == 0:
            return f"{value // size}{unit}"
    return str(value)


def _click_option(spec: OptionSpec) -> click.Option:
    default_text = "on" if spec.default is True else "off" if spec.default is False else (
        _human(spec.default) if spec.metavar == "SIZE" else spec.default)
    help_text = spec.help if spec.default in (None, "") else f"{spec.help} [default: {default_text}]"
    if spec.type == "bool":
        return click.Option([f"--{spec.name}"], is_flag=True, default=None, help=spec.help)
    if spec.type == "choice":
        return click.Option([f"--{spec.name}"], type=click.Choice(spec.choices), default=None, help=help_text)
    if spec.type == "file":
        return click.Option([f"--{spec.name}"], type=click.Path(exists=True, dir_okay=False, path_type=Path),
                            default=None, help=help_text, metavar=spec.metavar or "FILE")
    if spec.type == "path":
        return click.Option([f"--{spec.name}"], type=click.Path(path_type=Path), default=None, help=help_text,
                            metavar=spec.metavar or "PATH")
    return click.Option([f"--{spec.name}"], type=str, default=None, help=help_text, metavar=spec.metavar or "VALUE")


def _click_options(registry) -> list[click.Option]:
    """The host's declared options, then every plugin's, each in its --help section."""
    options = [grouped(_click_option(spec), EVERY) for spec in HOST_OPTIONS]
    sections = plugin_sections(registry)
    for name, spec in registry.all_options().items():
        if name in {o.name for o in HOST_OPTIONS}:
            continue
        title, takers = sections[name]
        option = _click_option(spec)
        if title == SHARED:
            option.help = f"{option.help} ({takers})"
        options.append(grouped(option, title))
    return options


def build_cli(third_party: bool | None = None):
    plugins = build_plugins(third_party=third_party)
    registry = plugins.registry
    writer_names = [w.name for w in registry.ordered_writers()]

    def current(ctx: click.Context):
        """The plugins a subcommand works with: the built-ins only when asked before the subcommand."""
        if ctx.find_root().meta.get(NO_THIRD_PARTY) and third_party is not False:
            return build_plugins(third_party=False)
        return plugins

    @click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
    def main() -> None:
        """zenconv: documents to Markdown or sectioned HTML, with a manifest of every loss."""

    def convert(inputs, output, to, from_, media_type, manifest, no_manifest, fail_on, quiet, no_third_party, jobs,
                force, executor, retry, retries, verify_all, follow_symlinks, sign_key, **plugin_options):
        """Convert INPUT (a file, a folder, or - for stdin) to OUTPUT.

        The format comes from --to or OUTPUT's extension (.md, .html, .json, .jsonl); with no -o the
        output goes to stdout. An OUTPUT that ends in / or is an existing folder is a folder: each
        input is written into it as NAME.EXT (report.docx -> report.docx.md), as for several inputs.

        Other commands: zenconv plugins | codes | verify MANIFEST | schema | audit PATHS | keygen KEY.
        """
        loaded = build_plugins(third_party=False) if no_third_party and third_party is not False else plugins
        key = _signing_key(sign_key, no_manifest)
        options = {k: v for k, v in plugin_options.items() if v is not None}
        if not inputs:
            raise click.UsageError("give an INPUT file, a folder, or - for stdin")
        folder_out = output is not None and _names_folder(output)
        many = len(inputs) > 1 or any(p != "-" and _is_dir(p) for p in inputs)
        if many or folder_out:
            _media_type(media_type, True)
            if output is None:
                raise click.UsageError("several inputs or a folder need -o DIR")
            if "-" in inputs:
                raise click.UsageError("stdin (-) is one source with no name: give -o FILE")
            if not folder_out and _names_file(output, loaded.registry):
                folder = Path(output).with_suffix("")
                raise click.UsageError(safe(f"-o {output} names a file: several inputs or a folder need an output "
                                            f"folder (-o {folder}/)"))
            _check_fail_on(fail_on, loaded)
            from .batch import run_batch

            code = run_batch(inputs, Path(output), loaded, to=to, from_=from_, options=options,
                             fail_on=tuple(fail_on), quiet=quiet, jobs=jobs, force=force,
                             manifests=not no_manifest, executor=executor, retry_unreadable=retry == "unreadable",
                             retries=retries, verify_all=verify_all, follow_symlinks=follow_symlinks,
                             sign_key=key)
            sys.exit(code)
        source = _source(inputs[0])
        source.media_type = _media_type(media_type, many)
        _check_fail_on(fail_on, loaded)
        request = Request(
            source=source, to=to, output=Path(output) if output else None,
            manifest=False if no_manifest else (Path(manifest) if manifest else True),
            from_=from_, options=options, fail_on=tuple(fail_on),
            third_party=False if no_third_party or third_party is False else None,
            to_stdout=output is None, progress=not quiet and sys.stderr.isatty(),
        )
        for target in (output, manifest):
            if target:
                try:
                    Path(target).parent.mkdir(parents=True, exist_ok=True)
                except OSError as exc:  # no folder, so no manifest either: one line, the run's fault
                    click.echo(safe(f"zenconv: cannot create the folder of {target}: {errno_text(exc)}"), err=True)
                    sys.exit(EXIT_UNREADABLE)
        sys.exit(_run_one(request, loaded, quiet, key, _key_path(sign_key)))

    params = [
        click.Argument(["inputs"], nargs=-1, metavar="INPUT..."),
        click.Option(["-o", "--output"], type=click.Path(), help="Output file; a folder when it ends in / or "
                     "exists as one, or when there are several inputs."),
        click.Option(["--to"], type=click.Choice(writer_names), help="Output format (default: from -o's extension, else markdown)."),
        click.Option(["--from", "from_"], metavar="FORMAT", help="Input format, skipping detection (e.g. csv, docx)."),
        click.Option(["--media-type"], metavar="TYPE", help="What the source's HTTP Content-Type said (e.g. "
                     "application/rss+xml): chooses the reader when the bytes and the name do not."),
        click.Option(["--manifest"], type=click.Path(), help="Where to write the manifest (default: OUTPUT.manifest.json)."),
        click.Option(["--no-manifest"], is_flag=True, help="Write no manifest."),
        click.Option(["--fail-on"], multiple=True, metavar="CODE_GLOB", help="Exit 3 when a report matches (repeatable), "
                     "e.g. 'docx.*'; a pattern that matches no known code is a usage error (see zenconv codes)."),
        click.Option(["-q", "--quiet"], is_flag=True, help="No report summary on stderr."),
        click.Option([NO_THIRD_PARTY], is_flag=True, help="Load only the built-in plugins (as ZENCONV_DISABLE_PLUGIN_AUTOLOAD=1); "
                     "also before a command: zenconv --no-third-party plugins."),
        click.Option(["-V", "--version"], is_flag=True, expose_value=False, is_eager=True, callback=_version,
                     help="Print the version and exit."),
        grouped(click.Option(["-j", "--jobs"], type=int, default=1, show_default=True, help="Documents converted in parallel."), BATCH),
        grouped(click.Option(["--force"], is_flag=True, help="Convert again even when the previous output still verifies."), BATCH),
        grouped(click.Option(["--executor"], metavar="URL", help="Run on a cluster, e.g. dask://HOST:PORT (needs zenconv[dask])."), BATCH),
        grouped(click.Option(["--retry"], type=click.Choice(["unreadable"]), help="Convert again the documents an earlier run found unreadable (the run's failures are always retried)."), BATCH),
        grouped(click.Option(["--retries"], type=click.IntRange(0, 20), default=2, show_default=True, help="Times a document is tried again at once after a failure of the run (full disk, outside kill, lost worker, overload)."), BATCH),
        grouped(click.Option(["--verify-all"], is_flag=True, help="Hash every source and output to tell what is unchanged (default: sizes and times, hashing only what changed)."), BATCH),
        grouped(click.Option(["--follow-symlinks"], is_flag=True, help="Follow symlinks that leave the input folder (default: listed, not followed)."), BATCH),
        click.Option(["--sign-key"], type=click.Path(path_type=Path), metavar="KEY",
                     help="Sign the manifest (and a batch as a whole) with this Ed25519 key from zenconv keygen "
                          "(default: the file $ZENCONV_SIGN_KEY names)."),
        *_click_options(registry),
    ]
    main.add_command(DefaultConvert("convert", callback=convert, params=params, help=convert.__doc__,
                                    epilog=exit_codes(*CONVERT_EXITS),
                                    context_settings={"help_option_names": ["-h", "--help"]}))

    @main.command("plugins", epilog=exit_codes(("0", "listed (a third-party plugin that failed to load is listed "
                                                         "as failed, with why, and left out)")))
    @click.option("--json", "as_json", is_flag=True, help="As JSON.")
    @click.pass_context
    def plugins_cmd(ctx: click.Context, as_json: bool) -> None:
        """List every reader and writer: id, version, distribution, extensions, media types; and every
        third-party plugin left out, with the reason."""
        loaded = current(ctx)
        rows = [
            {"kind": "reader", "id": s.id, "name": s.name, "version": s.version, "distribution": s.distribution,
             "priority": s.priority, "extensions": list(s.extensions), "media_types": list(s.media_types)}
            for s in loaded.registry.ordered_readers()
        ] + [
            {"kind": "writer", "id": s.id, "name": s.name, "version": s.version, "distribution": s.distribution,
             "extensions": list(s.extensions), "media_types": [s.media_type]}
            for s in loaded.registry.ordered_writers()
        ] + [
            {"kind": "failed", "id": f.name, "name": "", "version": f.version, "distribution": f.distribution,
             "extensions": [], "media_types": [], "reason": f.reason}
            for f in loaded.failures
        ]
        if as_json:
            click.echo(json.dumps(rows, indent=2))
            return
        # A third-party plugin names itself: its strings reach the terminal as text, never as escapes.
        for row in rows:
            tail = row["reason"] if row["kind"] == "failed" else " ".join(row["media_types"])
            click.echo(safe(f"{row['kind']:6} {row['id']:32} {row['version']:8} {row['distribution']:16} "
                            f"{' '.join(row['extensions']):28} {tail}"))

    @main.command("codes", epilog=exit_codes(("0", "listed")))
    @click.argument("plugin", required=False)
    @click.option("--json", "as_json", is_flag=True, help="As JSON: code, severity, kind, meaning, plugin, distribution.")
    @click.pass_context
    def codes_cmd(ctx: click.Context, plugin: str | None, as_json: bool) -> None:
        """List every report code a conversion can produce: its severity, its kind (content or
        presentation), the plugin that declares it, and what it means. PLUGIN (an id, a name such as
        csv or markdown, host or batch) lists only that plugin's. Every --fail-on pattern must match
        one of these."""
        from .catalogue import catalogue, select

        loaded = current(ctx)
        entries = catalogue(loaded.registry)
        if plugin is not None:
            try:
                entries = select(entries, plugin, loaded.registry)
            except UsageError as exc:
                fail(str(exc), EXIT_USAGE)
        if as_json:
            click.echo(json.dumps([e.to_json() for e in entries], indent=2, ensure_ascii=False))
            return
        for e in entries:
            click.echo(safe(f"{e.code:44} {e.severity:9} {e.kind:12} {e.plugin:28} {e.meaning}"))

    @main.command("verify", epilog=exit_codes(("0", "every digest matches"),
                                              ("1", "a digest does not match, or the manifest cannot be read"),
                                              ("2", "usage: no such manifest or source file")))
    @click.argument("manifest", type=click.Path(path_type=Path))
    @click.option("--source", type=click.Path(path_type=Path), help="Also check the source file's digest.")
    @click.option("--output", type=click.Path(path_type=Path),
                  help="The output file to check: one that went to stdout (the manifest names none), or moved.")
    @click.option("--key", type=click.Path(path_type=Path), metavar="PUB",
                  help="Also check the signature beside the manifest against this public key (unsigned fails).")
    @click.option("--reconvert", is_flag=True,
                  help="With --source: convert it again with the manifest's options and compare output and "
                       "manifest byte for byte.")
    def verify_cmd(manifest: Path, source: Path | None, output: Path | None, key: Path | None,
                   reconvert: bool) -> None:
        """Recompute every digest a manifest states; name each that does not match (exit 1).

        With --key, the manifest must be signed by that key and every file it signed must match; with
        --source SRC --reconvert, the conversion is run again and must give the same bytes.
        """
        from .manifest import verify

        for given in (manifest, source, output):
            if given is not None and not given.is_file():
                fail(f"{given}: no such file", EXIT_USAGE)
        if reconvert and source is None:
            raise click.UsageError("--reconvert needs --source SRC: the file to convert again")
        public = _public_key(key) if key is not None else None
        problems = verify(manifest, source, output)
        if public is not None:
            from .attestation import check_conversion

            problems += check_conversion(manifest, public, output)
        if reconvert and not any(p.startswith("source:") for p in problems):
            from .reconversion import reconvert as again

            problems += again(manifest, source, plugins, output)
        for line in problems:
            click.echo(safe(line), err=True)
        if problems:
            sys.exit(1)
        said = "every digest matches"
        if public is not None:
            said += ", signed by the key"
        if reconvert:
            said += ", and the re-conversion gives the same bytes"
        click.echo(safe(f"{manifest}: {said}"))

    @main.command("keygen")
    @click.argument("key", type=click.Path(path_type=Path))
    def keygen_cmd(key: Path) -> None:
        """Write a new Ed25519 key pair: KEY (private, mode 0600) and KEY.pub (give it to verifiers)."""
        from .signing import KeyProblem, generate, keyid, load_public

        try:
            private, public = generate(key)
        except KeyProblem as exc:
            click.echo(safe(f"zenconv: {exc}"), err=True)
            sys.exit(EXIT_USAGE)
        click.echo(safe(f"{private}: private key (keep it); {public}: public key, "
                        f"keyid {keyid(load_public(public))}"))

    @main.command("schema", epilog=exit_codes(("0", "printed")))
    @click.option("--manifest", "which", flag_value="manifest", help="The manifest's schema instead.")
    def schema_cmd(which: str | None) -> None:
        """Print the JSON Schema of the JSON output (the IR), or of the manifest."""
        if which == "manifest":
            from .manifest import Manifest

            click.echo(json.dumps(Manifest.model_json_schema(), indent=2, sort_keys=True))
            return
        from .ir.schema import ir_schema

        click.echo(json.dumps(ir_schema(), indent=2, sort_keys=True))

    @main.command("audit", epilog=exit_codes(("0", "every manifest read and verified"),
                                             ("1", "a digest failed, or a document is missing, failed or stray"),
                                             ("2", "usage: a path that does not exist, a --fail-on that matches no code, "
                                                   "-o over a file the audit reads or with the table"),
                                             ("3", "a --fail-on pattern matched a report code")))
    @click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
    @click.option("--format", "fmt", type=click.Choice(["table", "csv", "json", "html"]), default="table",
                  show_default=True, help="html: one self-contained page to hand over (no script, nothing fetched).")
    @click.option("-o", "--output", type=click.Path(path_type=Path), metavar="FILE",
                  help="Write the csv, json or html there (- or none: stdout); never over a file the audit reads.")
    @click.option("--fail-on", multiple=True, metavar="CODE_GLOB", help="Exit 3 when a report code matches; a pattern "
                  "that matches no code installed or in the manifests is a usage error.")
    @click.option("--no-verify", is_flag=True, help="Skip recomputing the digests.")
    @click.option("--key", type=click.Path(path_type=Path), metavar="PUB",
                  help="Check every document's signature and each batch's signed membership against this "
                       "public key: unsigned, badly signed and missing members exit 1.")
    @click.pass_context
    def audit_cmd(ctx, paths, fmt, output, fail_on, no_verify, key) -> None:
        """Read manifests (or batch indexes, or folders of them) and report what was lost, where."""
        from .audit import run_audit
        from .catalogue import catalogue

        for path in paths:
            if not path.exists():
                fail(f"{path}: no such file or folder", EXIT_USAGE)
        output = None if output is None or str(output) == "-" else output
        if output is not None and fmt == "table":
            fail("-o: the table is for the terminal; give --format csv, json or html with -o", EXIT_USAGE)
        public = _public_key(key) if key is not None else None
        known = [e.code for e in catalogue(current(ctx).registry)] if fail_on else None
        sys.exit(run_audit(paths, fmt=fmt, fail_on=tuple(fail_on), verify_digests=not no_verify, known_codes=known, key=public,
                           output=output))

    return main


def _names_folder(output: str) -> bool:
    """-o names a folder: it ends in a separator, or it is one already."""
    return output.endswith(("/", os.sep)) or _is_dir(output)


def _names_file(output: str, registry) -> bool:
    """-o that does not exist names a file when its extension is one a writer takes (``out.md``)."""
    suffix = Path(output).suffix.lower()
    return bool(suffix) and registry.writer_for_extension(suffix) is not None and not os.path.lexists(output)


def _check_fail_on(patterns, plugins) -> None:
    """Each --fail-on pattern must match a code some installed plugin (or the host) declares."""
    if not patterns:
        return
    from .catalogue import catalogue, check_patterns

    try:
        check_patterns(patterns, [e.code for e in catalogue(plugins.registry)])
    except UsageError as exc:
        raise click.UsageError(safe(str(exc))) from None


def _key_path(path: Path | None) -> Path | None:
    if path is None and os.environ.get("ZENCONV_SIGN_KEY"):
        return Path(os.environ["ZENCONV_SIGN_KEY"])
    return path


def _signing_key(path: Path | None, no_manifest: bool):
    """The private key to sign with (--sign-key, else $ZENCONV_SIGN_KEY), loaded before any work; None
    when neither names one, and then ``cryptography`` is never imported."""
    path = _key_path(path)
    if path is None:
        return None
    if no_manifest:
        raise click.UsageError("--sign-key signs the manifest: it cannot go with --no-manifest")
    from .signing import KeyProblem, load_private

    try:
        return load_private(path)
    except KeyProblem as exc:
        raise click.UsageError(safe(str(exc))) from None


def _public_key(path: Path):
    from .signing import KeyProblem, load_public

    try:
        return load_public(path)
    except KeyProblem as exc:
        raise click.UsageError(safe(str(exc))) from None


def _is_dir(path: str) -> bool:
    try:
        return Path(path).is_dir()
    except OSError:  # a name too long, say: not a folder, and the write says why it fails
        return False


def _media_type(value: str | None, many: bool) -> str | None:
    """--media-type checked: well-formed, and for one source (it says what one response was)."""
    if value is None:
        return None
    if many:
        raise click.UsageError("--media-type describes one source: give one INPUT")
    try:
        return check_media_type(value)
    except UsageError as exc:
        raise click.UsageError(safe(str(exc))) from None


def _source(arg: str) -> Source:
    if arg == "-":  # read by the conversion's child, under --max-input-bytes and the deadline
        return Source("-", stream=sys.stdin.buffer)
    path = Path(arg)
    if not path.is_file():  # one line, exit 2: nothing was read, so there is no manifest (1 has one)
        fail(f"{arg}: no such file", EXIT_USAGE)
    return Source(path.name, path=path)


def _run_one(request: Request, plugins, quiet: bool, key=None, key_path: Path | None = None) -> int:
    from . import launch
    from .isolation import KillCodes, can_isolate, dumps, run_isolated, run_watched
    from .pipeline import check_request

    try:
        options = check_request(request, plugins)
        watcher = launch.watcher() if can_isolate() else None
        if watcher is None:
            result = run_isolated(request, plugins, options["timeout"], options["max_memory"])
        else:  # this process is the launcher's child: it converts here, watched by its parent
            finish = dumps((_stand_in(request), KillCodes(), quiet, key_path))
            result = run_watched(watcher, request, plugins, options["timeout"], options["max_memory"], finish)
    except (UsageError, ValueError) as exc:
        click.echo(safe(f"zenconv: {exc}"), err=True)
        return EXIT_USAGE
    return _conclude(request, result, quiet, key)


def _stand_in(request: Request) -> Request:
    """The request as the launcher's parent concludes it if the conversion is stopped: stdin, which the
    parent never reads, is stated as no bytes (as a forked child's parent states it)."""
    from dataclasses import replace
    from io import BytesIO

    source = request.source
    if source.stream is None:
        return request
    return replace(request, source=Source(source.name, stream=BytesIO(), media_type=source.media_type))


def conclude_unfinished(finish: bytes, killed: str | None, status: int, pid: int, write: bool = True) -> int:
    """In the launcher's parent (zenconv.launch): conclude the conversion its child did not finish (``killed``
    by the parent, or dead of ``status``) as :func:`_run_one` would have; the exit code. Not ``write``: the
    run was stopped (a signal the parent passed on, a Ctrl-C): only its temporary files are removed."""
    from .isolation import _remove_temporaries, loads, unfinished

    request, codes, quiet, key_path = loads(finish)
    if not write:
        _remove_temporaries(request, pid)
        return EXIT_UNREADABLE
    plugins = build_plugins(third_party=request.third_party)
    try:
        key = _signing_key(key_path, False)
    except click.UsageError as exc:  # the key was read when the conversion began; it has changed since
        click.echo(safe(f"zenconv: cannot sign: {exc.message}"), err=True)
        key = None
    _, result = unfinished(request, plugins, codes, killed, status, pid)
    return _conclude(request, result, quiet, key)


def _conclude(request: Request, result: Result, quiet: bool, key) -> int:
    """After a conversion: its manifest signed when asked, its summary on stderr; the exit code."""
    if key is not None and result.manifest_path is not None and result.manifest_path.is_file():
        from .attestation import sign_conversion

        try:
            sign_conversion(result.manifest_path, key)
        except (OSError, ValueError, Unreadable) as exc:  # a manifest without its signature is not what was asked for
            click.echo(safe(f"zenconv: cannot sign {result.manifest_path}: {getattr(exc, 'message', exc)}"), err=True)
            return EXIT_UNREADABLE
    if not quiet:
        summarise(request.source.name, result)
    elif UNWRITABLE in result.manifest.reasons:  # an error of the run, not a summary: said even under -q
        click.echo(safe(f"zenconv: {request.source.name}: unreadable ({UNWRITABLE}): {result.manifest.message}"),
                   err=True)
    return result.exit_code


def summarise(name: str, result: Result) -> None:
    """A few lines on stderr: the outcome when it is not plain, and each report: the content losses
    first, then the presentation ones under a line that counts them.

    Every piece of a line may be the document's own text (its name, a message quoting it, a locator's
    page label), so each line goes through :func:`~zenconv.terminal.safe` before the terminal sees it.
    """
    manifest = result.manifest
    if manifest.outcome == "converted" and not result.reports and not result.policy_matches:
        return
    line = f"zenconv: {name}: {manifest.outcome}"
    if manifest.outcome == "unreadable":
        line += f" ({', '.join(manifest.reasons)})"
        if manifest.message:
            line += f": {manifest.message}"
    click.echo(safe(line), err=True)
    if UNWRITABLE in manifest.reasons:
        return  # no output stands: what the conversion reported on the way describes nothing written
    content = [r for r in result.reports if r.code.kind is Kind.CONTENT]
    presentation = [r for r in result.reports if r.code.kind is Kind.PRESENTATION]
    for report in content:
        click.echo(safe(_summary_line(report)), err=True)
    if presentation:  # counted and listed after the content losses, so they never hide one
        count = sum(r.count for r in presentation)
        click.echo(safe(f"  presentation only (every character kept): {_codes(len(presentation))}, ×{count}"), err=True)
        for report in presentation:
            click.echo(safe("  " + _summary_line(report)), err=True)
    if result.policy_matches:
        click.echo(safe(f"  policy: --fail-on matched {', '.join(result.policy_matches)} (exit 3)"), err=True)


def _codes(n: int) -> str:
    return f"{n} code" if n == 1 else f"{n} codes"


def _summary_line(report) -> str:
    first = report.locators[0].citation() if report.locators else ""
    where = f"  first at {first}" if first else ""
    return f"  {report.code.code:40} {report.code.severity:9} ×{report.count}{where}"


def main() -> None:
    args = sys.argv[1:]
    # Before a command, --no-third-party keeps third-party code from even being imported.
    third_party = False if args[:1] == [NO_THIRD_PARTY] else None
    try:
        cli = build_cli(third_party)
    except Exception as exc:  # a built-in plugin that cannot register: a bug, said in one line
        click.echo(safe(f"zenconv: cannot start: {type(exc).__name__}: {exc}"), err=True)
        sys.exit(EXIT_USAGE)
    from .launch import start_collecting

    start_collecting()  # the command's code is in: what it does from here may make cyclic garbage
    cli(args=args, prog_name="zenconv")


def script() -> None:
    """The ``zenconv`` command (and ``python -m zenconv``): :func:`main`, then the process ends.

    ``main`` ends by raising SystemExit, so a caller in the same process (a test) can go on; here the
    process itself ends, without the interpreter's teardown when that has nothing left to do.
    """
    try:
        main()
    except SystemExit as done:
        _leave(done.code)


def _leave(code) -> None:
    """End the process with ``code``, skipping the interpreter's teardown when it has nothing to do.

    The teardown frees every object one by one; after a fork, each page it touches is first copied, so
    it cost a conversion more than its fork did (about 15 ms of a tiny document's 125). When no atexit
    callback is registered (a batch's pool or cluster registers them) and no other thread runs, what is
    left to do is flushing the standard streams, done here; otherwise the exit is the ordinary one.
    """
    import atexit
    import threading

    callbacks = getattr(atexit, "_ncallbacks", None)  # CPython's count of registered callbacks
    if callbacks is None or callbacks() or threading.active_count() > 1:
        sys.exit(code)
    if code is None:
        code = 0
    elif not isinstance(code, int):  # sys.exit("message"): printed, exit 1, as the interpreter does
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: the interpreter's exit says 120 for stdout
            code = code or (120 if stream is sys.stdout else 0)
    os._exit(code)


if __name__ == "__main__":
    main()
