"""zenconv.digest.sha256: hashlib's digest, from the interpreter's own implementation while a process has
hashed little, from OpenSSL's once it has hashed more (loading OpenSSL cost a tiny conversion 3%)."""

from __future__ import annotations

import hashlib
import random
import sys

import pytest

from zenconv import digest

from .conftest import imported_by_a_conversion


@pytest.fixture
def fresh(monkeypatch):
    """The module as a new process has it: nothing hashed yet, hashlib not loaded."""
    monkeypatch.setattr(digest, "_hashed_small", 0)
    monkeypatch.delitem(sys.modules, "hashlib")
    return digest


def test_the_same_digest_however_the_bytes_arrive_and_whichever_implementation(fresh):
    rng = random.Random(7)
    for size in (0, 1, 63, 64, 65, 4096, digest.SMALL - 1, digest.SMALL, digest.SMALL + 1, 3 * digest.SMALL):
        data = rng.randbytes(size)
        whole = fresh.sha256(data)
        pieces = fresh.sha256()
        at = 0
        while at < size:
            step = rng.choice((1, 7, 1000, 65536, digest.SMALL))
            pieces.update(memoryview(data)[at:at + step] if step % 2 else data[at:at + step])
            at += step
        expected = hashlib.sha256(data)
        assert whole.hexdigest() == pieces.hexdigest() == expected.hexdigest()
        assert whole.digest() == expected.digest()


def test_small_inputs_are_hashed_built_in_and_the_budget_moves_to_openssl(fresh):
    small = fresh.sha256(b"a" * 1000)
    assert small._large is None  # held: hashed built-in when asked
    small.hexdigest()
    assert "hashlib" not in sys.modules and fresh._hashed_small == 1000
    big = fresh.sha256(b"b" * digest.SMALL)  # past the process's budget: OpenSSL's, loaded now
    assert "hashlib" in sys.modules and type(big._large).__module__ != type(small._large).__module__
    after = fresh.sha256(b"c")  # OpenSSL is loaded: nothing more to save
    assert after._large is not None


def test_an_update_after_the_digest_goes_on_as_hashlib_does(fresh):
    h = fresh.sha256(b"abc")
    first = h.hexdigest()
    h.update(b"def")
    assert first == hashlib.sha256(b"abc").hexdigest()
    assert h.hexdigest() == hashlib.sha256(b"abcdef").hexdigest()


def test_blake2s_is_hashlibs():
    assert digest.blake2s(b"x", digest_size=4).hexdigest() == hashlib.blake2s(b"x", digest_size=4).hexdigest()


def test_a_small_conversion_never_loads_openssl(tmp_path):
    assert imported_by_a_conversion(tmp_path, ("hashlib", "_hashlib")) == []
    manifest = (tmp_path / "t.md.manifest.json").read_text()
    assert hashlib.sha256((tmp_path / "t.csv").read_bytes()).hexdigest() in manifest
