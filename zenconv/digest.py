"""SHA-256 for the digests a conversion states, without loading OpenSSL for a small document.

``hashlib.sha256`` is OpenSSL's: much the fastest on large data (about 1.5 GB/s here, against 250 MB/s
for the interpreter's own implementation), but importing hashlib loads OpenSSL's library, some 11 M
instructions: more than hashing a small document's source, output and manifest takes with the built-in
one, and about 3% of converting a tiny file. So :class:`sha256` hashes with the built-in implementation
while the process has hashed fewer than :data:`SMALL` bytes in all, and with OpenSSL's from then on: the
same digest either way, and a large document hashed as fast as before.
"""

from __future__ import annotations

import sys

try:  # CPython's own SHA-256: _sha2 from 3.12, _sha256 before
    from _sha2 import sha256 as _builtin
except ImportError:  # pragma: no cover - depends on the interpreter
    try:
        from _sha256 import sha256 as _builtin
    except ImportError:
        _builtin = None

try:  # what hashlib.blake2s is: the interpreter's own, never OpenSSL's
    from _blake2 import blake2s
except ImportError:  # pragma: no cover - depends on the interpreter
    from hashlib import blake2s  # noqa: F401

SMALL = 1 << 18  # bytes worth hashing built-in rather than loading OpenSSL (11 M instructions hash ~1 MB)
_hashed_small = 0  # what this process has hashed built-in so far


class sha256:  # noqa: N801 - named as hashlib's, and used as it is
    """``hashlib.sha256(data)``: ``update`` it, then ``digest`` or ``hexdigest``.

    Until it is given more than the process's budget of :data:`SMALL` bytes, what it is given is held
    (at most that many bytes) and hashed built-in when the digest is asked for; past it, it is OpenSSL's.
    """

    __slots__ = ("_held", "_large")

    def __init__(self, data=b"") -> None:
        self._held: bytearray | None = bytearray()
        self._large = None
        if _builtin is None or "hashlib" in sys.modules:  # OpenSSL is loaded already: nothing to save
            self._go_large()
        if data:
            self.update(data)

    def update(self, data) -> None:
        if self._large is None:
            if _hashed_small + len(self._held) + memoryview(data).nbytes < SMALL:
                self._held += data
                return
            self._go_large()
        self._large.update(data)

    def _go_large(self) -> None:
        import hashlib

        self._large = hashlib.sha256(self._held)
        self._held = None

    def _final(self):
        global _hashed_small
        if self._large is None:  # hashed built-in now, and from here on (an update after a digest goes on)
            _hashed_small += len(self._held)
            self._large, self._held = _builtin(self._held), None
        return self._large

    def digest(self) -> bytes:
        return self._final().digest()

    def hexdigest(self) -> str:
        return self._final().hexdigest()
