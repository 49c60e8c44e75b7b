"""Where an output's media go, what their files are called, and which are written at all.

One rule, for a single conversion, the API and a batch alike:

- **By default** the raster images of ``out.md`` are written into ``out.md.media/`` beside it: a folder
  unique to that output, so two documents never share one, and deleting an output's media is deleting
  its folder. Where there is no output folder (stdout, the API without an output path) nothing is
  written, and every resource the output may link is reported under ``host.media-not-written``; the
  links name ``media/`` and the resource's name in the document (what an API caller finds in
  ``document.resources``).
- **``--media-dir DIR``** names a folder (relative to the working directory, symlinks resolved) that
  must lie inside the output folder (a batch's ``-o`` folder); anything else is a usage error. Several
  documents may share it.
- **File names come from the content**, never from the source alone: ``<name>-<32 hex of SHA-256>``
  plus an extension chosen from the bytes' own signature. Two documents' ``image1.png`` are two files
  unless they are the same bytes (then one file serves both, and both manifests verify); and since the
  extension is one of the raster images' or ``.bin``, a media file can never be named like an output
  (``.md``, ``.html``, ``.json``, ``.jsonl``) or a manifest (``.manifest.json``), whatever the source
  called its parts.
- **Only raster images whose bytes say so** (PNG, JPEG, GIF, WebP: ``zenconv.ir.resources.raster_type``) are written as
  themselves. Anything else (SVG, HTML, XML, scripts, metafiles, a "PNG" that is not one) is active or
  unknown: without ``--media-dir`` it is not written (``host.active-media-withheld``); with it, it is
  written under the neutral extension ``.bin``, which no browser or viewer opens as a document, and
  reported (``host.active-media-neutralised``).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from .detect import UsageError
from .ir.resources import RASTER_EXTENSIONS, Resource, raster_type
from .records import dataclass

MEDIA_FOLDER_SUFFIX = ".media"  # out.md -> out.md.media/
NEUTRAL_EXTENSION = ".bin"
DIGEST_CHARS = 32  # 128 bits of SHA-256: two different images cannot be made to share a name

def raster_extension(data: bytes) -> str | None:
    """The extension of the raster image ``data`` is, by its signature; None for anything else."""
    kind = raster_type(data)
    return RASTER_EXTENSIONS[kind] if kind else None


def file_name(res: Resource) -> str:
    """The name a resource's file is written under: its name's stem, its digest, its real extension."""
    stem = res.name.rpartition(".")[0] or res.name
    return f"{stem}-{res.sha256[:DIGEST_CHARS]}{raster_extension(res.data) or NEUTRAL_EXTENSION}"


@dataclass(frozen=True)
class MediaPlan:
    """Where one output's media files go, and how the output links them."""

    folder: Path | None  # None: nowhere to write (no output folder)
    shared: bool         # --media-dir: active media are written there, neutralised
    prefix: str          # the URL of the folder relative to the output, percent-encoded, ending in /
    root: Path | None    # the output folder no media file may leave (resolved)


def plan_media(output: Path | None, media_dir: str | os.PathLike | None, root: Path | None = None) -> MediaPlan:
    """The media plan of a conversion writing ``output`` (None: no file) inside ``root`` (default: its folder).

    Raises UsageError for a ``--media-dir`` outside the output folder, or given with no output file.
    """
    if output is None:
        if media_dir:
            raise UsageError(f"--media-dir {media_dir}: media are written inside the output's folder, "
                             "and there is none: give -o")
        return MediaPlan(None, False, "media/", None)
    root = (root or output.parent).resolve()
    if media_dir:
        folder = check_media_dir(media_dir, root)
    else:
        folder = output.parent.resolve() / (output.name + MEDIA_FOLDER_SUFFIX)
    rel = os.path.relpath(folder, output.parent.resolve()).replace(os.sep, "/")
    prefix = "" if rel == "." else quote(rel, safe="/") + "/"
    return MediaPlan(folder, bool(media_dir), prefix, root)


def check_media_dir(media_dir: str | os.PathLike, root: Path) -> Path:
    """``--media-dir`` resolved (symlinks followed as far as they exist); a UsageError unless inside ``root``."""
    folder = Path(media_dir).resolve()
    root = root.resolve()
    if folder != root and not folder.is_relative_to(root):
        raise UsageError(f"--media-dir {media_dir}: resolves to {folder}, outside the output folder {root}")
    return folder


def inside(folder: Path, root: Path) -> bool:
    """Whether ``folder`` still resolves inside ``root`` when the files are written (a symlink may have
    appeared since the plan was made)."""
    resolved = folder.resolve()
    return resolved == root or resolved.is_relative_to(root)
