"""The batch index as a journal: one JSON line per input file, appended as each document finishes.

``zenconv-index.jsonl`` is written in two ways. While a batch runs, each document's record is appended
and flushed the moment it is known (a crash loses at most the documents in flight). When the batch
ends, the journal is compacted: one record per input file, in :func:`~.inputs.order_key` order, the
latest record of each winning, the records of files no longer among the inputs dropped; the compacted
file replaces the journal atomically. A run that changes nothing appends nothing and leaves the index
byte for byte as it was.

Reading it back streams: the compacted part is in walk order, so a rerun walks the tree and the index
side by side (:class:`Previous`); only the records appended after it (a crashed run's) are held in
memory, as file offsets.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from ..files import file_mode, write_error
from .inputs import order_key

INDEX_NAME = "zenconv-index.jsonl"


def dumps(entry: dict[str, Any]) -> bytes:
    """One journal line: sorted keys, UTF-8; a name that is not UTF-8 (a surrogate escape) is written
    escaped, and reads back as the same name."""
    try:
        return (json.dumps(entry, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(entry, sort_keys=True) + "\n").encode("ascii")


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """(offset, line) of every complete line; a torn last line (a crash mid-write) is left out."""
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        return
    with fh:
        offset = 0
        for line in fh:
            if line.endswith(b"\n") and line.strip():
                yield offset, line
            offset += len(line)


def _source_of(line: bytes) -> str | None:
    try:
        entry = json.loads(line)
    except ValueError:
        return None
    source = entry.get("source") if isinstance(entry, dict) else None
    return source if isinstance(source, str) else None


class Previous:
    """The records of earlier runs, looked up in walk order at constant memory (but for a crashed run's tail).

    ``lookup(rel)`` must be called with ascending ``rel`` (by order key); records the walk passes
    without asking for are the files that are gone (each told to ``on_gone``).
    """

    def __init__(self, path: Path, on_gone=None) -> None:
        self.path = path
        self.sorted_end = 0         # bytes of the journal in walk order (the last compaction)
        self.tail: dict[str, int] = {}  # rel -> offset of its latest record appended after that
        self.on_gone = on_gone      # called with each such file's rel
        self._asked: set[str] = set()
        self.mtime_ns = _mtime_ns(path)
        last_key = None
        in_order = True
        for offset, line in _lines(path):
            source = _source_of(line)
            if source is None:
                continue
            key = order_key(source)
            if in_order and (last_key is None or key > last_key):
                last_key = key
                self.sorted_end = offset + len(line)
            else:
                in_order = False
                self.tail[source] = offset
        self._stream = self._sorted_records()
        self._pending: tuple[str, dict] | None = next(self._stream, None)

    def _sorted_records(self) -> Iterator[tuple[str, dict]]:
        for offset, line in _lines(self.path):
            if offset >= self.sorted_end:
                return
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and isinstance(entry.get("source"), str):
                yield order_key(entry["source"]), entry

    def lookup(self, rel: str) -> dict | None:
        key = order_key(rel)
        found = None
        while self._pending is not None and self._pending[0] <= key:
            if self._pending[0] == key:
                found = self._pending[1]
            else:
                self._gone(self._pending[1]["source"])
            self._pending = next(self._stream, None)
        if rel in self.tail:
            self._asked.add(rel)
            return self._read_at(self.tail[rel])
        return found

    def finish(self) -> None:
        """Tell what the walk never reached: the files gone since."""
        while self._pending is not None:
            self._gone(self._pending[1]["source"])
            self._pending = next(self._stream, None)
        for rel in sorted(set(self.tail) - self._asked, key=order_key):
            self._gone(rel, from_tail=True)

    def _gone(self, rel: str, from_tail: bool = False) -> None:
        if rel in self.tail and not from_tail:
            return  # its latest record is in the tail: finish() decides
        if self.on_gone is not None:
            self.on_gone(rel)

    def _read_at(self, offset: int) -> dict | None:
        with open(self.path, "rb") as fh:
            fh.seek(offset)
            try:
                entry = json.loads(fh.readline())
            except ValueError:
                return None
        return entry if isinstance(entry, dict) else None


class Journal:
    """Appends records to the index as documents finish; :meth:`compact` at the end."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.appended = 0
        self._fh: BinaryIO | None = None

    def append(self, entry: dict[str, Any]) -> None:
        """Write one record and flush it to the operating system (a killed batch keeps it)."""
        try:
            if self._fh is None:
                self._fh = open(self.path, "ab")
                if _torn(self.path):  # a crash mid-line: end it, so this record starts a line of its own
                    self._fh.write(b"\n")
            self._fh.write(dumps(entry))
            self._fh.flush()
        except OSError as exc:
            raise write_error(self.path, exc) from None
        self.appended += 1

    def close(self) -> None:
        if self._fh is not None:
            try:
                os.fsync(self._fh.fileno())
                self._fh.close()
            except OSError:
                pass
            self._fh = None

    def compact(self, sorted_end: int) -> None:
        """Rewrite the journal as one record per file, in walk order: the latest of each, tombstones
        (files gone) dropped. Streams the sorted part and merges the records appended after it (held
        as offsets): memory grows with what was appended, not with the index."""
        self.close()
        appended: dict[str, int] = {}
        for offset, line in _lines(self.path):
            if offset >= sorted_end:
                source = _source_of(line)
                if source is not None:
                    appended[source] = offset
        newer = sorted(appended, key=order_key)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.compact.zenconv-tmp")
        try:
            with open(self.path, "rb") as src, open(self.path, "rb") as seek, open(tmp, "wb") as out:
                def newer_line(source: str) -> bytes:
                    seek.seek(appended[source])
                    return seek.readline()

                i = 0
                offset = 0
                for line in src:
                    here, offset = offset, offset + len(line)
                    if here >= sorted_end:
                        break
                    source = _source_of(line) if line.endswith(b"\n") else None
                    if source is None:
                        continue
                    key = order_key(source)
                    while i < len(newer) and order_key(newer[i]) < key:
                        _keep(out, newer_line(newer[i]))
                        i += 1
                    if i < len(newer) and newer[i] == source:
                        _keep(out, newer_line(newer[i]))
                        i += 1
                    else:
                        _keep(out, line)
                for source in newer[i:]:
                    _keep(out, newer_line(source))
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, file_mode())
            os.replace(tmp, self.path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise write_error(self.path, exc) from None


TOMBSTONE = "gone"  # the status of a record that says its file is no longer among the inputs


def _keep(out: BinaryIO, line: bytes) -> None:
    # With sorted keys and json's separators this text can only be the status itself: a quote inside
    # a name is written escaped.
    if b'"status": "gone"' not in line:
        out.write(line)


def _torn(path: Path) -> bool:
    """Whether the file's last line is unfinished."""
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            if fh.tell() == 0:
                return False
            fh.seek(-1, os.SEEK_END)
            return fh.read(1) != b"\n"
    except OSError:
        return False


def _mtime_ns(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0
