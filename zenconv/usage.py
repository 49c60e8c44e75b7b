"""How the command line presents itself: option groups in ``--help``, each command's exit codes, the
one-line errors.

``zenconv FILE …`` is the ``convert`` command without its name, so its help and its usage errors
speak of ``zenconv``, never of a ``convert`` subcommand a user has not typed. An option says which
group it is shown in (:data:`HELP_GROUP`); an option a plugin declares is shown under that plugin, so
a new plugin's options land in the right place without the host knowing them.
"""

from __future__ import annotations

import sys

import click

from .plugins import Registry

HELP_GROUP = "help_group"  # the attribute of a click parameter naming the --help section it is listed in
MAIN = "Options"
BATCH = "Batch (several inputs, or a folder)"
EVERY = "Every conversion: limits, media, facets"
SHARED = "Options several readers take"

# Exit codes per command, shown at the end of its --help ("\b": click keeps the lines as written).
CONVERT_EXITS = (
    ("0", "converted, or needs review (the manifest says what to look at)"),
    ("1", "unreadable: refused, and the manifest says why; or the output could not be written"),
    ("2", "usage: a bad option or value, or an input that does not exist (nothing read: no manifest)"),
    ("3", "a --fail-on pattern matched a report"),
    ("4", "batch: failed for the run's reasons (full disk, a kill, a lost worker): rerun to resume"),
)
USAGE_EXIT = ("2", "usage: a bad option or value, or a file named that does not exist")


def exit_codes(*rows: tuple[str, str]) -> str:
    """The epilog listing ``rows`` (code, meaning), with usage (2) added when not given."""
    if not any(code == "2" for code, _ in rows):
        rows = tuple(sorted((*rows, USAGE_EXIT)))
    return "\b\nExit codes:\n" + "\n".join(f"  {code}  {meaning}" for code, meaning in rows)


class TopContext(click.Context):
    """The default command's context: its path is ``zenconv``, so click's hints say ``zenconv --help``."""

    @property
    def command_path(self) -> str:
        return self.parent.command_path if self.parent is not None else super().command_path


class GroupedCommand(click.Command):
    """A command whose --help lists its options in sections: the host's first, then each plugin's."""

    def make_parser(self, ctx: click.Context):
        parser = super().make_parser(ctx)
        quick_short_options(parser)
        return parser

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        sections: dict[str, list[tuple[str, str]]] = {}
        for param in self.get_params(ctx):
            if not isinstance(param, click.Option):
                continue  # the usage line shows the arguments
            record = param.get_help_record(ctx)
            if record is not None:
                sections.setdefault(getattr(param, HELP_GROUP, MAIN), []).append(record)
        for title in sorted(sections, key=_section_order(list(sections))):
            with formatter.section(title):
                formatter.write_dl(sections[title])


def quick_short_options(parser) -> None:
    """Have click's parser fail a short option's first look, as a long option, without its error's cost.

    click reads ``-o`` by trying it as a long option first; failing, it builds a NoSuchOption (its message
    translated, and the long options closest to ``-o`` ranked with difflib, among a hundred) that it then
    drops to read ``-o`` as a short option. For a single-dash argument that names no long option that error
    is always dropped, so here it is made bare. Anything else (``--outptu``) gets click's own error, with
    its suggestions. Left alone where click's parser is not the one this knows.
    """
    match_long = getattr(parser, "_match_long_opt", None)
    prefixes = getattr(parser, "_opt_prefixes", None)
    long_options = getattr(parser, "_long_opt", None)
    if match_long is None or not isinstance(prefixes, set) or not isinstance(long_options, dict):
        return

    def quick(opt, explicit_value, state):
        if opt[:2] not in prefixes and opt not in long_options:
            raise click.NoSuchOption(opt, message=opt)  # dropped by the caller, which reads it as short options
        return match_long(opt, explicit_value, state)

    parser._match_long_opt = quick


def _section_order(titles: list[str]):
    """The host's sections first (as they appear), then the plugins' by title, shared options last."""
    host = [t for t in titles if t in (MAIN, BATCH, EVERY)]

    def key(title: str):
        if title in host:
            return (0, host.index(title), "")
        return (2 if title == SHARED else 1, 0, title)

    return key


class DefaultConvert(GroupedCommand):
    """The default command: its usage line reads as the user types it, without ``convert``."""

    context_class = TopContext

    def format_usage(self, ctx, formatter) -> None:
        formatter.write_usage("zenconv", "[OPTIONS] INPUT... [-o OUTPUT]")


def grouped(option: click.Option, title: str) -> click.Option:
    setattr(option, HELP_GROUP, title)
    return option


def plugin_sections(registry: Registry) -> dict[str, tuple[str, str]]:
    """Option name -> (section title, who takes it) for every option a plugin declares.

    An option one plugin declares is listed under it (``csv reader (ai.insan.zenfmt.csv)``); one that
    several declare (``--hidden``) is listed once, in :data:`SHARED`, naming who takes it.
    """
    owners: dict[str, list] = {}
    for spec in [*registry.ordered_readers(), *registry.ordered_writers()]:
        for option in spec.options:
            owners.setdefault(option.name, []).append(spec)
    sections = {}
    for name, specs in owners.items():
        if len(specs) == 1:
            spec = specs[0]
            kind = "reader" if spec.id in registry.readers else "writer"
            sections[name] = (f"{spec.name} {kind} ({spec.id})", spec.name)
        else:
            sections[name] = (SHARED, ", ".join(sorted({s.name for s in specs})))
    return sections


def fail(message: str, code: int) -> None:
    """One line on stderr, ``zenconv: …``, and exit ``code``: an error that is not about the syntax."""
    from .terminal import safe

    click.echo(safe(f"zenconv: {message}"), err=True)
    sys.exit(code)
