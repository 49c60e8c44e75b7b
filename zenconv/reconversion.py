"""Re-conversion as evidence: convert the source again as the manifest says it was, compare byte for byte.

Output is deterministic, so the strongest check needs no key: the same source, options, zenconv and
libraries give the same output and manifest. The conversion runs again in a temporary folder laid out
as the manifest's (its output and media at the same relative paths), under the same isolation as any
conversion (the source may be hostile), with the options the manifest states and the writer it names;
the reader is the one the manifest names when it was chosen with ``--from``, else detection's again.

A difference in the generator, the reader's or writer's version or parsing library, or the
distributions is reported as a version difference: the bytes may differ because the software does,
which is not evidence of tampering. What a re-conversion needs is what the manifest records; nothing
machine-specific enters it (no paths but relative ones, no times, no host names).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from .context import Source
from .manifest import Manifest, sha256_file
from .options import SECRET_RECORD

VERSION_FIELDS = ("generator", "reader", "writer", "distributions")
MANIFEST_SUFFIX = ".manifest.json"


def reconvert(manifest_path: Path, source: Path, plugins, output: Path | None = None) -> list[str]:
    """One line per difference between the manifest (and its output) and a re-conversion of ``source``."""
    from .isolation import run_isolated
    from .pipeline import Request, check_request

    manifest_path = Path(manifest_path)
    try:
        stated_bytes = manifest_path.read_bytes()
        stated = Manifest.model_validate_json(stated_bytes)
    except (OSError, ValueError) as exc:
        return [f"manifest: cannot be read ({type(exc).__name__})"]
    secret = sorted(k for k, v in stated.options.items() if v == SECRET_RECORD)
    if secret:
        return [f"re-conversion: not possible: the conversion used {', '.join('--' + k for k in secret)}, "
                "whose value the manifest never records"]
    if "media-dir" in stated.options:
        return ["re-conversion: not possible: --media-dir names a folder outside the manifest's layout"]
    writer = plugins.registry.writer_named(stated.writer.id) if stated.writer else None
    writer = writer or next((w for w in plugins.registry.ordered_writers()
                             if stated.writer and w.id == stated.writer.id), None)
    if writer is None:
        return [f"version: the writer {stated.writer.id if stated.writer else '(none)'} is not installed here"]
    from_ = stated.source.format if stated.source.detection == "from" else None

    with tempfile.TemporaryDirectory(prefix="zenconv-reconvert-") as tmp_name:
        tmp = Path(tmp_name).resolve()
        stated_output = stated.output.path if stated.output is not None else None
        depth = stated_output.count("..") if stated_output else 0  # an output above the manifest's folder
        folder = tmp.joinpath(*[f"d{n}" for n in range(depth + 1)])
        folder.mkdir(parents=True)
        new_manifest = folder / manifest_path.name
        if stated_output:
            new_output: Path | None = (folder / stated_output).resolve()
            if "\0" in stated_output or Path(stated_output).is_absolute() or not new_output.is_relative_to(tmp):
                return [f"re-conversion: not possible: the output path {stated_output!r} leaves the manifest's layout"]
        elif stated.output is None and manifest_path.name.endswith(MANIFEST_SUFFIX):  # unreadable: no output stated
            new_output = folder / manifest_path.name[: -len(MANIFEST_SUFFIX)]
        else:
            new_output = None  # it went to stdout: kept in memory, as the manifest's conversion sent it
        media_type = stated.source.media_type if stated.source.detection == "media-type" else None
        request = Request(source=Source(stated.source.name, path=source, media_type=media_type), to=writer.name,
                          output=new_output, manifest=new_manifest, from_=from_, options=dict(stated.options))
        try:
            options = check_request(request, plugins)
        except ValueError as exc:
            return [f"re-conversion: the manifest's options are not accepted here: {exc}"]
        result = run_isolated(request, plugins, options["timeout"], options["max_memory"], keep=new_output is None)
        if not new_manifest.is_file():
            return [f"re-conversion: wrote no manifest ({', '.join(result.manifest.reasons) or 'no reason'})"]
        again_bytes = new_manifest.read_bytes()
        again = Manifest.model_validate_json(again_bytes)
        problems = _versions(stated, again)
        if again_bytes != stated_bytes:
            problems += _manifest_differences(stated, again)
        if stated.output is not None:
            made = new_output if new_output is not None and new_output.is_file() else (result.output or b"")
            problems += _output_difference(stated, manifest_path, made, output)
    if problems and any(p.startswith("version:") for p in problems):
        problems.append("re-conversion: the versions differ, so a difference is not evidence of tampering")
    return problems


def _versions(stated: Manifest, again: Manifest) -> list[str]:
    lines = []
    for name in VERSION_FIELDS:
        before, after = getattr(stated, name), getattr(again, name)
        if before != after:
            lines.append(f"version: {name}: the manifest says {_show(before)}, this installation {_show(after)}")
    return lines


def _manifest_differences(stated: Manifest, again: Manifest) -> list[str]:
    """The manifest's fields that differ from the re-conversion's, the reports code by code."""
    before, after = stated.body(), again.body()
    lines = []
    for name in sorted(set(before) | set(after)):
        if name in VERSION_FIELDS or before.get(name) == after.get(name):
            continue
        if name == "reports":
            was = {r.code: r for r in stated.reports}
            now = {r.code: r for r in again.reports}
            for code in sorted(set(was) | set(now)):
                if code not in now:
                    lines.append(f"manifest: report {code} ×{was[code].count} is not in the re-conversion")
                elif code not in was:
                    lines.append(f"manifest: the re-conversion reports {code} ×{now[code].count}, the manifest does not")
                elif was[code] != now[code]:
                    lines.append(f"manifest: report {code} differs (×{was[code].count} stated, ×{now[code].count} again)")
        else:
            lines.append(f"manifest: {name} differs: stated {_show(before.get(name))}, again {_show(after.get(name))}")
    if not lines:
        lines.append("manifest: its bytes differ from the re-conversion's (its layout, not its content)")
    return lines


def _output_difference(stated: Manifest, manifest_path: Path, made: Path | bytes, output: Path | None) -> list[str]:
    """Compare the re-made output with the file the manifest names (or ``output``), byte for byte."""
    import hashlib
    import io

    target = Path(output) if output is not None else (
        manifest_path.parent / stated.output.path if stated.output.path else None)
    if target is None:
        if hashlib.sha256(made).hexdigest() != stated.output.sha256:
            return ["output: the re-conversion's is not the output the manifest states (give --output PATH "
                    "to compare the file)"]
        return []
    if not target.is_file():
        return [f"output: {target}: no such file"]
    # Streamed side by side: an output can be hundreds of MB, and only the first difference is named.
    at = line = 0
    with open(target, "rb") as have, (open(made, "rb") if isinstance(made, Path) else io.BytesIO(made)) as again:
        while True:
            a, b = have.read(1 << 16), again.read(1 << 16)
            if a != b:
                i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
                at, line = at + i, line + a[:i].count(b"\n")
                return [f"output: {target} differs from the re-conversion from byte {at} (line {line + 1})"]
            if not a:
                return []
            at, line = at + len(a), line + a.count(b"\n")


def _show(value) -> str:
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json", exclude_none=True)
    elif isinstance(value, list):
        value = [v.model_dump(mode="json", exclude_none=True) if hasattr(v, "model_dump") else v for v in value]
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= 200 else text[:199] + "…"
