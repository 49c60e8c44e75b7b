"""The document's embedded media: name → bytes, digested when registered.

Names are never taken from a package as they stand: :func:`safe_name` keeps only a short,
plain file name, so a resource can never be written outside the media folder whatever the
source called it.
"""

from __future__ import annotations


from ..digest import sha256
from ..records import dataclass
from ..patterns import pattern

_UNSAFE = pattern(r"[^A-Za-z0-9._-]+")

MEDIA_TYPES = {
    ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
    ".webp": "image/webp", ".bmp": "image/bmp", ".tif": "image/tiff", ".tiff": "image/tiff",
    ".svg": "image/svg+xml", ".emf": "image/emf", ".wmf": "image/wmf",
}


# The raster images every browser draws and none runs, known by their own first bytes (a name or a
# declared type proves nothing): the one list the writers' links, the media files written and the
# readers' data: images all go by. SVG runs script; BMP and TIFF are left out, as formats browsers draw
# unevenly and whose decoders have long been an attack surface.
RASTER_EXTENSIONS = {"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp"}


def raster_type(data: bytes) -> str | None:
    """The raster image type ``data`` is by its signature (one of :data:`RASTER_EXTENSIONS`), or None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def safe_name(hint: str, fallback: str = "resource") -> str:
    """A plain file name from a hint: last path segment, safe characters, no leading dots, ≤ 80 chars."""
    base = hint.replace("\\", "/").rsplit("/", 1)[-1]
    base = _UNSAFE.sub("_", base).lstrip(".")
    if not base or base in {".", ".."}:
        base = fallback
    if len(base) > 80:
        stem, dot, ext = base.rpartition(".")
        base = (stem[: 80 - len(ext) - 1] + dot + ext) if dot and len(ext) <= 8 else base[:80]
    return base


@dataclass(slots=True, frozen=True)
class Resource:
    name: str
    data: bytes
    media_type: str
    sha256: str
    origin: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


class ResourceStore:
    """Resources by name, in registration order. The same bytes registered twice are stored once."""

    def __init__(self, max_total_bytes: int | None = None) -> None:
        self._by_name: dict[str, Resource] = {}
        self._by_digest: dict[str, str] = {}
        self._folded: set[str] = set()  # names taken, case-folded: media folders may be case-insensitive
        self._total = 0
        self.max_total_bytes = max_total_bytes

    def add(self, data: bytes, hint: str, media_type: str | None = None, origin: str | None = None) -> str | None:
        """Register bytes; return the resource's name, or None when the store's byte budget is spent."""
        digest = sha256(data).hexdigest()
        if digest in self._by_digest:
            return self._by_digest[digest]
        if self.max_total_bytes is not None and self._total + len(data) > self.max_total_bytes:
            return None
        name = safe_name(hint)
        if media_type is None:
            media_type = MEDIA_TYPES.get("." + name.rpartition(".")[2].lower(), "application/octet-stream")
        stem, dot, ext = name.rpartition(".")
        if not dot:
            stem, ext = name, ""
        candidate, n = name, 1
        while candidate.lower() in self._folded:
            n += 1
            candidate = f"{stem}-{n}{dot}{ext}"
        self._by_name[candidate] = Resource(candidate, data, media_type, digest, origin)
        self._by_digest[digest] = candidate
        self._folded.add(candidate.lower())
        self._total += len(data)
        return candidate

    def get(self, name: str) -> Resource | None:
        return self._by_name.get(name)

    def __iter__(self):
        return iter(self._by_name.values())

    def __len__(self) -> int:
        return len(self._by_name)

    def __contains__(self, name: str) -> bool:
        return name in self._by_name
