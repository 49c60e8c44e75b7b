"""Writing files: a temporary file renamed into place, under the process umask, every failure coded.

Whatever cannot be written (a read-only folder, a full disk, a name too long, a standard output that
refuses bytes) raises :class:`~zenconv.reports.Unreadable` under ``host.output-unwritable``, naming the
errno: the pipeline turns that into a refusal with a manifest where one can be written.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
from pathlib import Path
from typing import BinaryIO

from .reports import Unreadable

UNWRITABLE = "host.output-unwritable"


def open_temp(output: Path | None) -> tuple[Path, BinaryIO]:
    try:
        if output is None:
            import tempfile  # only here: see make_temp

            fd, name = tempfile.mkstemp(prefix=f"zenconv-{os.getpid()}.", suffix=".tmp")  # the pid: see isolation
        else:
            fd, name = make_temp(output.parent, temp_prefix(output), ".zenconv-tmp")
            os.fchmod(fd, file_mode())  # a private temporary (output None) stays 0600: it is never kept
    except OSError as exc:
        if output is None:
            import tempfile

            raise write_error(Path(tempfile.gettempdir()), exc) from None
        raise write_error(output, exc) from None
    return Path(name), UnwritableFile(os.fdopen(fd, "wb", buffering=1 << 16), output or Path(name))


# How tempfile.mkstemp opens the file it makes: created here or refused, never through a symlink, not
# inherited by a program this process runs.
_TEMP_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) \
    | getattr(os, "O_BINARY", 0)
_TEMP_TRIES = 10000  # tempfile.TMP_MAX


def make_temp(folder: Path, prefix: str, suffix: str) -> tuple[int, str]:
    """``tempfile.mkstemp(suffix, prefix, folder)``: a new file of mode 0600 named PREFIX, eight random
    characters, SUFFIX; its descriptor and its absolute path.

    Not tempfile's own because importing tempfile (with shutil, random and the compressors shutil loads)
    was 16 M instructions, some 4% of a small document's conversion, for one call.
    """
    for _ in range(_TEMP_TRIES):
        name = os.path.join(folder, f"{prefix}{os.urandom(4).hex()}{suffix}")
        try:
            return os.open(name, _TEMP_FLAGS, 0o600), os.path.abspath(name)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", str(folder))


class UnwritableFile:
    """A temporary output file whose write errors (a full disk, a quota) end the conversion as
    ``host.output-unwritable`` instead of passing through the writer as an internal error."""

    def __init__(self, raw: BinaryIO, path: Path) -> None:
        self._raw, self._path = raw, path

    def write(self, data) -> int:
        try:
            return self._raw.write(data)
        except OSError as exc:
            raise write_error(self._path, exc) from None

    def flush(self) -> None:
        try:
            self._raw.flush()
        except OSError as exc:
            raise write_error(self._path, exc) from None

    def close(self) -> None:
        try:
            self._raw.close()
        except OSError as exc:
            raise write_error(self._path, exc) from None

    def __enter__(self) -> UnwritableFile:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


TEMP_STEM_BYTES = 96  # of the final name kept in a temporary's: a 250-byte name must not make a 290-byte one


def temp_prefix(path: Path) -> str:
    """``.NAME.PID.``: the temporary of ``path``, named by the writing process's pid (a killed child's are
    found by it) and by at most :data:`TEMP_STEM_BYTES` of the final name, so it never passes NAME_MAX."""
    stem = os.fsencode(path.name)[:TEMP_STEM_BYTES].decode("utf-8", "ignore") or "out"
    return f".{stem}.{os.getpid()}."


def write_error(path: Path, exc: OSError) -> Unreadable:
    """The refusal for a file that cannot be written: the run's fault, named by its errno."""
    return Unreadable(UNWRITABLE, f"cannot write {path}: {errno_text(exc)}")


def errno_text(exc: OSError) -> str:
    """``ENOSPC (No space left on device)``: the errno's name first, what a log search wants."""
    name = errno.errorcode.get(exc.errno, "") if exc.errno else ""
    return f"{name} ({exc.strerror})" if name and exc.strerror else str(exc) or type(exc).__name__


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file renamed into place; Unreadable
    (``host.output-unwritable``) when it cannot be, leaving no temporary file behind."""
    name = None
    try:
        fd, name = make_temp(path.parent, temp_prefix(path), ".zenconv-tmp")
        os.fchmod(fd, file_mode())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(name, path)
    except OSError as exc:
        if name is not None:
            Path(name).unlink(missing_ok=True)
        raise write_error(path, exc) from None


@functools.cache
def file_mode() -> int:
    """The mode a new file gets under the process umask (``mkstemp`` creates 0600, readable by no one else).

    The umask is read once per process, from ``/proc/self/status`` where it is there: setting it to read
    it back would change it for every other thread meanwhile.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def copy_to_stdout(tmp_path: Path) -> None:
    out = sys.stdout.buffer
    try:
        with open(tmp_path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                out.write(chunk)
        out.flush()
    except OSError as exc:
        # What is still buffered would be flushed again at exit, and fail again with a traceback: the
        # standard output is pointed at /dev/null, so the failure is told once, as a refusal.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)
        raise write_error(Path("<stdout>"), exc) from None
