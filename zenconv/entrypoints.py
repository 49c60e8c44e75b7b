"""The ``zenconv`` entry points of the installed distributions, found without ``importlib.metadata``.

Importing ``importlib.metadata`` costs a fifth of a conversion's start-up (it brings the e-mail parser,
``zipfile``, ``csv``, ``tempfile`` and ``importlib.resources`` with it), and all the command line needs
from it is one group of one small file per distribution. So this reads what ``importlib.metadata`` reads, the
same way: every ``*.dist-info`` and ``*.egg-info`` folder of every ``sys.path`` folder, in ``sys.path`` order
and then the order the folder lists them, the first distribution of a normalised name winning;
``entry_points.txt`` parsed as its ``Sectioned`` parser does; the name and version from ``METADATA`` (else
``PKG-INFO``) headers, as the e-mail parser gives them. ``tests/test_entrypoints.py`` holds the two to the
same answer, on this environment and on sites made to be awkward.

Where the two could differ, the standard library answers: a ``sys.path`` entry that is a file (a zip, an
egg), an ``.egg`` folder, or a finder on ``sys.meta_path`` that brings distributions of its own (the
``importlib_metadata`` backport's path finder reads what this reads, and is not one).
"""

from __future__ import annotations

import os
import re
import sys
from functools import reduce
from importlib import import_module
from typing import Any

from .records import dataclass
from .patterns import pattern

# importlib.metadata.EntryPoint.pattern: module, then an optional :attr, then optional [extras].
_PATTERN = pattern(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
_INFO = (".dist-info", ".egg-info")


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """One ``name = value`` line of a group, and the distribution that declares it."""

    name: str
    value: str
    group: str
    dist_name: str  # as its METADATA states it ("" when it states none)
    dist_version: str

    def load(self) -> Any:
        """The module, or the attribute the value names in it (as ``importlib.metadata`` loads it)."""
        match = _PATTERN.match(self.value)
        if match is None:
            raise ValueError(f"the entry point's value {self.value!r} names no module")
        module = import_module(match.group("module"))
        attrs = filter(None, (match.group("attr") or "").split("."))
        return reduce(getattr, attrs, module)


def entry_points(group: str) -> list[EntryPoint]:
    """The group's entry points of every distribution, in ``importlib.metadata.entry_points`` order."""
    folders = _info_folders()
    if folders is None:
        return _from_importlib(group)
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for folder in folders:
        name = _name_from_stem(os.path.basename(folder))
        stated = None
        if name is None:  # an odd folder name: the distribution is known by its METADATA's name (as importlib does)
            stated = _name_and_version(folder)
            name = stated[0]
        key = _normalize(name)
        if key in seen:
            continue
        seen.add(key)
        points = _section(_read(folder, "entry_points.txt"), group)
        if points:
            dist_name, dist_version = stated or _name_and_version(folder)
            found += [EntryPoint(ep_name, value, group, dist_name, dist_version) for ep_name, value in points]
    return found


def _info_folders() -> list[str] | None:
    """Every metadata folder, in the order importlib.metadata discovers them; None where it would look
    somewhere this does not (a zip or an egg on the path, a finder of distributions of its own)."""
    from importlib.machinery import PathFinder

    for finder in sys.meta_path:
        if finder is PathFinder or getattr(finder, "find_distributions", None) is None:
            continue
        # The importlib_metadata backport (Dask imports it) puts its own path finder first and stands the
        # standard library's aside: it reads the same folders of the same sys.path.
        if getattr(finder, "__module__", "").partition(".")[0] == "importlib_metadata":
            continue
        return None
    folders: list[str] = []
    for entry in sys.path:
        root = entry or "."
        try:
            children = os.listdir(root)
        except (FileNotFoundError, NotADirectoryError):
            if os.path.isfile(root):
                return None  # a zip on the path: importlib.metadata reads inside it
            continue
        except OSError:
            continue
        if os.path.basename(entry).lower().endswith(".egg"):
            return None
        groups: dict[str, list[str]] = {}  # importlib's Lookup: grouped by normalised name, first seen first
        for child in children:
            low = child.lower()
            if low.endswith(_INFO):
                groups.setdefault(_normalize(low.rpartition(".")[0].partition("-")[0]), []).append(
                    os.path.join(entry, child) if entry else child)
        for paths in groups.values():
            folders += paths
    return folders


def _from_importlib(group: str) -> list[EntryPoint]:
    import importlib.metadata

    found = []
    stated: dict[Any, tuple[str, str]] = {}  # METADATA parsed once per distribution, not per entry point
    for ep in importlib.metadata.entry_points(group=group):
        dist = ep.dist
        if dist is None:
            name, version = "", ""
        elif dist in stated:
            name, version = stated[dist]
        else:
            try:
                meta = dist.metadata
                name, version = (meta["Name"] or "", meta["Version"] or "") if meta is not None else ("", "")
            except Exception:  # noqa: BLE001 - the backport raises for a folder without metadata; 3.11 says ""
                name, version = "", ""
            stated[dist] = (name, version)
        found.append(EntryPoint(ep.name, ep.value, group, name, version))
    return found


def _read(folder: str, name: str) -> str | None:
    try:
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            return handle.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return None


def _section(text: str | None, group: str) -> list[tuple[str, str]]:
    """``name = value`` pairs of ``[group]``, as importlib.metadata's ``Sectioned`` reads them."""
    if not text or group not in text:
        return []
    pairs = []
    section = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section == group:
            name, value = line.split("=", 1)
            pairs.append((name.strip(), value.strip()))
    return pairs


def _name_and_version(folder: str) -> tuple[str, str]:
    """``Name`` and ``Version`` from METADATA (else PKG-INFO) headers, as the e-mail parser gives them:
    the first of each, the value after the colon less its leading blanks, continuation lines joined."""
    text = _read(folder, "METADATA") or _read(folder, "PKG-INFO") or ""
    headers: dict[str, str] = {}
    last = None
    for line in text.splitlines(keepends=True):
        if line in ("\n", "\r\n", "\r"):
            break
        if line[:1] in (" ", "\t") and last is not None:
            headers[last] += line
            continue
        name, colon, value = line.partition(":")
        if not colon:
            break
        last = name.lower()
        if last in headers:
            last = None  # a repeated header: the first one is the one asked for
            continue
        headers[last] = value.lstrip(" \t")
    return (headers.get("name", "").rstrip("\r\n"), headers.get("version", "").rstrip("\r\n"))


def _name_from_stem(stem: str) -> str | None:
    filename, ext = os.path.splitext(stem)
    if ext not in _INFO:
        return None
    return filename.partition("-")[0]


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")
