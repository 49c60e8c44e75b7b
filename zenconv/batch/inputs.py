"""Every file under the batch's inputs, in one fixed order, each either a document to convert or a
listing that says why not.

The walk streams: it holds one folder's entries at a time, never the tree. It yields files in the
order of :func:`order_key` (the path's components compared one by one), the order of the index, so a
rerun can walk the tree and the previous index side by side. Nothing here opens a file: special files
(FIFOs, sockets, devices) are recognised by ``lstat``/``stat`` and listed, never read; a symlink is
followed only when its target stays inside the input folder it was found in (or with
``follow_symlinks``), and a symlinked folder only once on any path (a loop is listed).
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from ..detect import UsageError
from ..records import dataclass

NAME_MAX = 255                    # bytes in one file name (Linux, macOS)
OUTPUT_SUFFIXES = ".manifest.json"  # the longest name written beside an output
SHORT_NAME_BYTES = 200            # an output name past this is shortened (its manifest keeps the real name)

# Why a file is listed instead of converted (the index's ``reason_code``), with the words the index gives.
LISTED = {
    "batch.no-reader": "no reader for this format",
    "batch.symlink-outside": "a symlink to a file outside the input folder (not followed without --follow-symlinks)",
    "batch.symlink-broken": "a symlink whose target does not exist",
    "batch.symlink-loop": "a symlinked folder that leads back into a folder already being walked",
    "batch.not-regular-file": "not a regular file (a FIFO, socket or device is never opened)",
    "batch.permission-denied": "the file (or its folder) cannot be read: permission denied",
    "batch.vanished": "the file was listed but is gone",
}


@dataclass(frozen=True, slots=True)
class Found:
    """One file of the batch: a document (``listed`` None) or a file listed with why it is not converted."""

    rel: str                      # the path relative to the batch root, with /
    path: str                     # the path to open (absolute)
    out_rel: str = ""             # the output's path relative to the output folder, extension included
    listed: str | None = None     # a LISTED code
    detail: str = ""              # what the listing adds (the symlink's target, the errno)
    size: int = 0
    mtime_ns: int = 0


def listing(rel: str, code: str, detail: str = "") -> dict:
    """The journal record of a file not converted: its LISTED code, the code's words, what it adds."""
    entry = {"source": rel, "status": "skipped", "reason_code": code, "reason": LISTED[code]}
    if detail:
        entry["detail"] = detail
    return entry


def order_key(rel: str) -> str:
    """The index's order: component by component (``a/b`` before ``a-c``), which a folder walk gives."""
    return rel.replace("/", "\0")


def top_level(inputs: list[str], out_dir: Path) -> list[tuple[str, Path]]:
    """(name under the batch root, path) of each input, in order; usage errors for clashes and absences."""
    out_resolved = out_dir.resolve()
    single_folder = len(inputs) == 1 and Path(inputs[0]).is_dir()
    named: dict[str, Path] = {}
    for arg in inputs:
        path = Path(arg)
        if path.is_dir():
            if path.resolve() == out_resolved:
                raise UsageError(f"-o {out_dir} is the input folder itself: give another output folder")
            name = "" if single_folder else path.resolve().name
        elif path.exists() or path.is_symlink():
            name = path.name
        else:
            raise UsageError(f"{arg}: no such file or folder")
        seen = named.get(name)
        if seen is not None and seen.resolve() != path.resolve():
            raise UsageError(f"{seen} and {path} would both be written as {name}: give their folders instead")
        named[name] = path
    return sorted(named.items(), key=lambda item: order_key(item[0]))


def walk(inputs: list[str], out_dir: Path, extension: str, follow_symlinks: bool = False) -> Iterator[Found]:
    """Every file under ``inputs``, in :func:`order_key` order (``extension``: the writer's, for output names)."""
    out_resolved = out_dir.resolve()
    for name, path in top_level(inputs, out_dir):
        if path.is_dir():
            root = path.resolve()
            active = {_identity(root)}
            yield from _walk_folder(path, name, root, root, out_resolved, extension, follow_symlinks, active)
        else:  # a file named on the command line is the caller's choice: its symlink is followed
            yield _file(path, name, name, extension, set(), allow_outside=True, root=path.parent.resolve())


def _walk_folder(folder: Path, rel: str, root: Path, real: Path, out_resolved: Path, extension: str,
                 follow: bool, active: set) -> Iterator[Found]:
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda e: e.name)
    except FileNotFoundError:
        yield Found(rel or ".", str(folder), listed="batch.vanished")
        return
    except PermissionError:
        yield Found(rel or ".", str(folder), listed="batch.permission-denied")
        return
    except OSError as exc:
        yield Found(rel or ".", str(folder), listed="batch.not-regular-file", detail=str(exc))
        return
    folders = {e.name for e in entries if _is_dir_entry(e)}
    for entry in entries:
        child_rel = f"{rel}/{entry.name}" if rel else entry.name
        if _is_dir_entry(entry):
            child = Path(entry.path)
            target = _folder_target(entry, child, root, follow)
            if isinstance(target, Found):
                yield Found(child_rel, target.path, listed=target.listed, detail=target.detail)
                continue
            if target == out_resolved:
                continue  # the output folder inside an input folder: what the batch writes, not a source
            identity = _identity(target)
            if identity in active:
                yield Found(child_rel, entry.path, listed="batch.symlink-loop", detail=str(target))
                continue
            active.add(identity)
            try:
                yield from _walk_folder(child, child_rel, root, target, out_resolved, extension, follow, active)
            finally:
                active.discard(identity)
        else:
            yield _file(entry.path, child_rel, entry.name, extension, folders, allow_outside=follow, root=root,
                        entry=entry)


def _is_dir_entry(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir(follow_symlinks=True)
    except OSError:
        return False


def _folder_target(entry: os.DirEntry, path: Path, root: Path, follow: bool) -> Path | Found:
    """Where a folder entry leads: its real path, or a listing when it must not be walked."""
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError) as exc:
        return Found("", entry.path, listed="batch.symlink-loop", detail=str(exc))
    if entry.is_symlink() and not follow and not _inside(target, root):
        return Found("", entry.path, listed="batch.symlink-outside", detail=str(target))
    return target


def _file(path: str | Path, rel: str, name: str, extension: str, folders: set[str], *, allow_outside: bool,
          root: Path, entry: os.DirEntry | None = None) -> Found:
    """A document, or the listing of a file that must not be opened (a string path: this is the hot loop)."""
    try:
        own = entry.stat(follow_symlinks=False) if entry is not None else os.lstat(path)
    except FileNotFoundError:
        return Found(rel, str(path), listed="batch.vanished")
    except OSError as exc:
        return Found(rel, str(path), listed="batch.permission-denied", detail=str(exc))
    info = own
    if stat.S_ISLNK(own.st_mode):
        try:
            target = Path(path).resolve(strict=True)
            info = os.stat(target)
        except FileNotFoundError:
            return Found(rel, str(path), listed="batch.symlink-broken", detail=_link_text(Path(path)))
        except (OSError, RuntimeError) as exc:
            return Found(rel, str(path), listed="batch.symlink-loop", detail=str(exc))
        if not allow_outside and not _inside(target, root):
            return Found(rel, str(path), listed="batch.symlink-outside", detail=str(target))
    if not stat.S_ISREG(info.st_mode):
        return Found(rel, str(path), listed="batch.not-regular-file", detail=_kind(info.st_mode))
    if not os.access(path, os.R_OK):
        return Found(rel, str(path), listed="batch.permission-denied")
    out_name = output_name(name, extension, folders)
    parent = rel.rsplit("/", 1)[0] + "/" if "/" in rel else ""
    return Found(rel, os.path.abspath(path), out_rel=parent + out_name, size=info.st_size, mtime_ns=info.st_mtime_ns)


def output_name(name: str, extension: str, taken: set[str] = frozenset()) -> str:
    """The output's file name: the source's whole name and the writer's extension (``Damages.xlsx.md``).

    Shortened, with a digest of the whole name, when it would pass the file-name limit with the
    manifest's suffix, or when a folder beside the source would take it (``a.csv`` beside ``a.csv.md/``).
    """
    plain = name + extension
    clash = {plain, plain + OUTPUT_SUFFIXES, plain + ".media"} & taken
    if len(os.fsencode(plain + OUTPUT_SUFFIXES)) <= NAME_MAX and not clash:
        return plain
    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:16]
    keep = os.fsencode(name)[:SHORT_NAME_BYTES - 40].decode("utf-8", "ignore")
    return f"{keep}~{digest}{extension}"


def _inside(target: Path, root: Path) -> bool:
    return target == root or root in target.parents


def _identity(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_dev, info.st_ino


def _link_text(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return ""


def _kind(mode: int) -> str:
    for test, word in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return word
    return "not a regular file"
