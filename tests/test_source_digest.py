"""A source's digest: a large file hashed on a thread while it is read gives the digest hashing it at once
gives, in the manifest too; a failure on that thread is raised where the digest is asked for."""

from __future__ import annotations

import hashlib
import json
import threading

import pytest

from zenconv import context
from zenconv.context import Source


def _large_csv(path, size=context.HASH_ASIDE + 12345):
    row = b"alpha,beta,gamma,1234567890\n"
    path.write_bytes(b"a,b,c,d\n" + row * (size // len(row)))
    return path


def test_a_large_file_is_hashed_aside_and_gives_the_same_digest(tmp_path):
    path = _large_csv(tmp_path / "big.csv")
    source = Source(path.name, path=path)
    source.hash_aside()
    assert source._hashing is not None  # on its own thread
    assert source._hashing[0].name == "zenconv-source-digest"
    assert source.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert source._hashing is None and not any(t.name == "zenconv-source-digest" for t in threading.enumerate())


def test_a_small_file_or_bytes_are_hashed_at_once(tmp_path):
    path = tmp_path / "small.csv"
    path.write_bytes(b"a,b\n1,2\n")
    for source in (Source(path.name, path=path), Source("mem.csv", data=b"a,b\n1,2\n")):
        source.hash_aside()
        assert source._hashing is None and source._sha256 == hashlib.sha256(b"a,b\n1,2\n").hexdigest()


def test_a_failure_on_the_digest_thread_is_raised_where_the_digest_is_asked_for(tmp_path, monkeypatch):
    path = _large_csv(tmp_path / "big.csv")
    source = Source(path.name, path=path)

    def broken(fh):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(context, "_digest_of", broken)
    source.hash_aside()
    with pytest.raises(OSError, match="Input/output error"):
        source.sha256


def test_a_converted_large_file_states_the_digest_of_its_bytes(tmp_path):
    from zenconv import convert

    path = _large_csv(tmp_path / "big.csv")
    convert(path, manifest=tmp_path / "big.manifest.json", max_rows=10)
    manifest = json.loads((tmp_path / "big.manifest.json").read_text())
    assert manifest["source"]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert manifest["source"]["size"] == path.stat().st_size
