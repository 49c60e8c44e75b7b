"""The plugin manager (built in a function, never at import), the registry hooks fill, and specs."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import FunctionType, ModuleType
from dataclasses import field
from typing import Any

import pluggy

from . import hookspecs
from .entrypoints import entry_points
from .errors import PluginError
from .patterns import LazyPattern
from .reports import Code, Kind
from .records import dataclass

PROJECT = "zenconv"
BUILTIN_DISTRIBUTION = "zenconv"
AUTOLOAD_ENV = "ZENCONV_DISABLE_PLUGIN_AUTOLOAD"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option a plugin takes; the CLI builds ``--name`` from it, the manifest records it when set.

    ``type`` is one of ``str``, ``int``, ``bool``, ``choice``, ``path``, ``file`` (a path that must name a
    readable file when given: a request naming a missing one is refused before any work). Two plugins may declare the
    same option (``--hidden``, ``--max-rows``) if the declarations agree on type and default.
    A ``secret`` option (a password) is recorded in the manifest as set, never with its value.
    """

    name: str
    type: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    metavar: str | None = None
    secret: bool = False

    @property
    def key(self) -> str:
        return self.name.replace("-", "_")

    def parse(self, value: Any) -> Any:
        """Convert a value from the command line or the API to the option's type, or raise ValueError."""
        if value is None:
            return None
        if self.type == "int":
            if isinstance(value, bool):
                raise ValueError(f"--{self.name} takes a whole number")
            try:
                number = parse_size(value) if isinstance(value, str) else int(value)
            except (TypeError, ValueError):
                raise ValueError(f"--{self.name} takes a whole number or a size (512M, 2G), not {value!r}") from None
            if number < 0:
                raise ValueError(f"--{self.name} takes a number ≥ 0")
            return number
        if self.type == "bool":
            if isinstance(value, str):
                return value.lower() in {"1", "true", "yes", "on"}
            return bool(value)
        if self.type == "choice":
            if value not in self.choices:
                raise ValueError(f"--{self.name} takes one of {', '.join(self.choices)}, not {value!r}")
            return value
        return str(value)


def parse_size(text: str) -> int:
    """``"512M"``, ``"2G"``, ``"1000"`` → an int; K/M/G are binary multiples."""
    text = text.strip()
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
    suffix = text[-1:].lower()
    if suffix == "b" and len(text) > 1 and text[-2:-1].lower() in units:
        text, suffix = text[:-1], text[-2:-1].lower()
    if suffix in units:
        return int(float(text[:-1]) * units[suffix])
    return int(text)


@dataclass(frozen=True, slots=True)
class ReaderSpec:
    """A format reader as a plugin registers it. See ``docs/plugin-authoring.md`` for each field."""

    id: str
    name: str
    version: str
    reader: str
    extensions: tuple[str, ...] = ()
    media_types: tuple[str, ...] = ()
    priority: int = 0
    magic: tuple[bytes, ...] = ()
    zip_parts: tuple[str, ...] = ()
    odf_mimetypes: tuple[str, ...] = ()
    ole_streams: tuple[str, ...] = ()  # stream names that identify an OLE compound file as yours ("Workbook")
    sniff: Callable[[bytes, str | None], bool | str | None] | None = None  # truthy: it is; a str says why
    codes: tuple[Code, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    preservation: str | None = None
    distribution: str = BUILTIN_DISTRIBUTION
    distribution_version: str = ""

    @property
    def media_type(self) -> str:
        return self.media_types[0] if self.media_types else "application/octet-stream"

    def load(self) -> Callable:
        return load_dotted(self.reader)


@dataclass(frozen=True, slots=True)
class WriterSpec:
    """An output writer as a plugin registers it."""

    id: str
    name: str
    version: str
    writer: str
    extensions: tuple[str, ...] = ()
    media_type: str = "application/octet-stream"
    codes: tuple[Code, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    distribution: str = BUILTIN_DISTRIBUTION
    distribution_version: str = ""

    def load(self) -> Callable:
        return load_dotted(self.writer)


def load_dotted(path: str) -> Callable:
    module, _, attr = path.partition(":")
    obj = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


class Registry:
    """What the hooks receive: ``register.reader(...)`` and ``register.writer(...)``."""

    def __init__(self) -> None:
        self.readers: dict[str, ReaderSpec] = {}
        self.writers: dict[str, WriterSpec] = {}
        self._distribution = (BUILTIN_DISTRIBUTION, "")

    def reader(self, *, id: str, name: str, version: str, reader: str, extensions: Sequence[str] = (),
               media_types: Sequence[str] = (), priority: int = 0, magic: Sequence[bytes] = (),
               zip_parts: Sequence[str] = (), odf_mimetypes: Sequence[str] = (), ole_streams: Sequence[str] = (),
               sniff: Callable[[bytes, str | None], bool | str | None] | None = None, codes: Sequence[Code] = (),
               options: Sequence[OptionSpec] = (), preservation: str | None = None) -> ReaderSpec:
        if id in self.readers:
            raise PluginError(f"two readers register the id {id!r}")
        dist, dist_version = self._distribution
        spec = ReaderSpec(
            id=id, name=name, version=version, reader=reader,
            extensions=tuple(e.lower() if e.startswith(".") else "." + e.lower() for e in extensions),
            media_types=tuple(media_types), priority=priority, magic=tuple(magic),
            zip_parts=tuple(p.lower() for p in zip_parts), odf_mimetypes=tuple(odf_mimetypes),
            ole_streams=tuple(ole_streams), sniff=sniff,
            codes=tuple(codes), options=tuple(options), preservation=preservation,
            distribution=dist, distribution_version=dist_version,
        )
        _check_codes(id, spec.codes)
        self.readers[id] = spec
        return spec

    def writer(self, *, id: str, name: str, version: str, writer: str, extensions: Sequence[str] = (),
               media_type: str = "application/octet-stream", codes: Sequence[Code] = (),
               options: Sequence[OptionSpec] = ()) -> WriterSpec:
        if any(w.name == name for w in self.writers.values()) or id in self.writers:
            raise PluginError(f"two writers register the name {name!r} or id {id!r}")
        dist, dist_version = self._distribution
        spec = WriterSpec(
            id=id, name=name, version=version, writer=writer,
            extensions=tuple(e.lower() if e.startswith(".") else "." + e.lower() for e in extensions),
            media_type=media_type, codes=tuple(codes), options=tuple(options),
            distribution=dist, distribution_version=dist_version,
        )
        _check_codes(id, spec.codes)
        self.writers[id] = spec
        return spec

    # --- queries ---------------------------------------------------------------------------------

    def ordered_readers(self) -> list[ReaderSpec]:
        """Readers in the order detection tries them: highest priority first, then by id."""
        return sorted(self.readers.values(), key=lambda s: (-s.priority, s.id))

    def ordered_writers(self) -> list[WriterSpec]:
        return sorted(self.writers.values(), key=lambda s: s.name)

    def writer_named(self, name: str) -> WriterSpec | None:
        for spec in self.writers.values():
            if spec.name == name or spec.id == name:
                return spec
        return None

    def writer_for_extension(self, ext: str) -> WriterSpec | None:
        ext = ext.lower()
        for spec in self.ordered_writers():
            if ext in spec.extensions:
                return spec
        return None

    def reader_named(self, name: str) -> ReaderSpec | None:
        name = name.lower().lstrip(".")
        for spec in self.ordered_readers():
            if name in (spec.name, spec.id) or "." + name in spec.extensions:
                return spec
        return None

    def all_options(self) -> dict[str, OptionSpec]:
        """Every plugin-declared option by name; clashing declarations are a plugin error."""
        merged: dict[str, OptionSpec] = {}
        specs = [*self.ordered_readers(), *self.ordered_writers()]
        for spec in specs:
            for opt in spec.options:
                seen = merged.get(opt.name)
                if seen is None:
                    merged[opt.name] = opt
                elif (seen.type, seen.default, seen.choices) != (opt.type, opt.default, opt.choices):
                    raise PluginError(f"option --{opt.name} is declared twice with different types or defaults")
        return dict(sorted(merged.items()))


def _check_codes(owner: str, codes: Sequence[Code]) -> None:
    seen: set[str] = set()
    for code in codes:
        if code.code in seen:
            raise PluginError(f"{owner} declares {code.code!r} twice")
        if "." not in code.code:
            raise PluginError(f"{owner}: report code {code.code!r} needs a namespace (<format>.<what-happened>)")
        seen.add(code.code)


@dataclass(frozen=True, slots=True)
class PluginFailure:
    """A third-party plugin left out: its entry point, its distribution, and why (one line)."""

    name: str
    distribution: str
    version: str
    reason: str

    def __str__(self) -> str:
        return f"{self.name} ({self.distribution}): {self.reason}"


@dataclass(slots=True)
class LoadedPlugins:
    manager: pluggy.PluginManager
    registry: Registry
    distributions: dict[str, str] = field(default_factory=dict)  # plugin name -> distribution
    failures: list[PluginFailure] = field(default_factory=list)


class _PluginManager(pluggy.PluginManager):
    """pluggy's, finding a module plugin's hook implementations sooner.

    Registering looks at every name in the plugin, and for each asks whether it holds a function marked
    as a hook implementation, looking it up statically (no descriptor run): some thirty names a module,
    most of them what it imported. A module's names are its ``__dict__``'s, and only a function marked
    with ``zenconv_impl`` in its own ``__dict__`` can be one: any other name is passed over here, with
    the answer pluggy's own lookup would give; a marked function, and any plugin not a module, is
    pluggy's to read.
    """

    def parse_hookimpl_opts(self, plugin, name: str):
        if type(plugin) is ModuleType:
            value = plugin.__dict__.get(name)
            if type(value) is FunctionType and self.project_name + "_impl" not in value.__dict__:
                return None
            if type(value) in _NEVER_HOOKS:
                return None
        return super().parse_hookimpl_opts(plugin, name)


# What a module's name may hold that pluggy never takes for a hook implementation (it takes plain
# functions, bound methods, classmethods and staticmethods only): what modules hold most, and the
# plugin modules' own (their options, the hookimpl marker, __spec__, __loader__, ``annotations``).
_NEVER_HOOKS = frozenset({
    ModuleType, type, str, bytes, int, float, bool, tuple, dict, frozenset, set, list, type(None),
    OptionSpec, Kind, LazyPattern, pluggy.HookimplMarker, type(annotations), type(__spec__), type(__loader__),
})


def autoload_disabled() -> bool:
    return os.environ.get(AUTOLOAD_ENV, "") not in ("", "0")


def build_plugins(*, third_party: bool | None = None) -> LoadedPlugins:
    """Build the plugin manager: hookspecs, the ``zenconv`` entry points, then call the hooks.

    With third-party loading off (``ZENCONV_DISABLE_PLUGIN_AUTOLOAD=1`` or ``third_party=False``) only
    entry points of the ``zenconv`` distribution itself are loaded. A third-party plugin that fails
    (its module does not import, a hook is misspelt or has the wrong arguments, its hook raises or
    registers something inconsistent) is left out whole and named in ``failures``, so every other
    reader keeps working; a built-in one that fails is a bug and raises.
    """
    if third_party is None:
        third_party = not autoload_disabled()
    pm = _PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    loaded = LoadedPlugins(pm, Registry())
    for ep, dist_name, dist_version in _entry_points():
        builtin = dist_name == BUILTIN_DISTRIBUTION
        if not builtin and not third_party:
            continue
        if pm.has_plugin(ep.name):
            continue
        try:
            module = ep.load()
            pm.register(module, name=ep.name)
            # Checked one plugin at a time: a misspelt hook then names its plugin and only it is left out.
            pm.check_pending()
        except Exception as exc:  # a broken third-party wheel must not break every conversion
            if builtin:
                raise
            if pm.has_plugin(ep.name):
                pm.unregister(name=ep.name)
            loaded.failures.append(PluginFailure(ep.name, dist_name, dist_version, _reason(exc)))
            continue
        loaded.distributions[ep.name] = f"{dist_name}\0{dist_version}"
    registry = loaded.registry
    owned: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}  # plugin -> the reader and writer ids it added
    for hook in (pm.hook.zenconv_readers, pm.hook.zenconv_writers):
        # The built-ins first: a third-party plugin that takes one of their ids or options is the one left out.
        for impl in sorted(hook.get_hookimpls(), key=lambda i: (not _builtin(loaded, i.plugin_name), i.plugin_name)):
            if not pm.has_plugin(impl.plugin_name):
                continue  # failed in its readers hook: its writers are left out with it
            dist = loaded.distributions.get(impl.plugin_name, f"{BUILTIN_DISTRIBUTION}\0")
            registry._distribution = tuple(dist.split("\0"))  # type: ignore[assignment]
            if registry._distribution[0] == BUILTIN_DISTRIBUTION:
                impl.function(register=registry)
                continue
            before = set(registry.readers), set(registry.writers)
            try:
                impl.function(register=registry)
                _check_options(registry)
            except Exception as exc:  # what it registered goes with it: no half a plugin
                _forget(registry, before, owned.pop(impl.plugin_name, ((), ())))
                pm.unregister(name=impl.plugin_name)
                dist_name, _, dist_version = dist.partition("\0")
                loaded.failures.append(PluginFailure(impl.plugin_name, dist_name, dist_version, _reason(exc)))
                continue
            readers, writers = owned.get(impl.plugin_name, ((), ()))
            owned[impl.plugin_name] = ((*readers, *(set(registry.readers) - before[0])),
                                       (*writers, *(set(registry.writers) - before[1])))
    registry._distribution = (BUILTIN_DISTRIBUTION, "")
    loaded.failures.sort(key=lambda f: f.name)
    return loaded


def _builtin(loaded: LoadedPlugins, name: str) -> bool:
    return loaded.distributions.get(name, BUILTIN_DISTRIBUTION).partition("\0")[0] == BUILTIN_DISTRIBUTION


def _forget(registry: Registry, before: tuple[set[str], set[str]], earlier: tuple) -> None:
    """Take out what a failed plugin registered: in the hook that failed and in its earlier ones."""
    for id in [*(set(registry.readers) - before[0]), *earlier[0]]:
        registry.readers.pop(id, None)
    for id in [*(set(registry.writers) - before[1]), *earlier[1]]:
        registry.writers.pop(id, None)


def _check_options(registry: Registry) -> None:
    """Raise PluginError when the options registered so far clash (with each other or the host's)."""
    from .options import all_option_specs  # options imports this module

    all_option_specs(registry)


def _reason(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:300]}" if text else type(exc).__name__


def _entry_points():
    """(entry point, distribution name, version) for the group, sorted by entry-point name."""
    found = []
    seen: set[tuple[str, str]] = set()
    for ep in entry_points(PROJECT):
        if (ep.name, ep.value) in seen:
            continue
        seen.add((ep.name, ep.value))
        found.append((ep, _normalise(ep.dist_name), ep.dist_version))
    found.sort(key=lambda t: (t[0].name, t[1]))
    return found


def _normalise(name: str) -> str:
    return name.lower().replace("_", "-")


def python_version() -> str:
    return ".".join(map(str, sys.version_info[:3]))
