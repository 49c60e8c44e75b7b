"""Where media go (zenconv/media.py): a folder unique to each output by default, an --media-dir only inside
the output folder, names from the bytes that no source can make collide with an output, a manifest or
another document's media, and active media never written as themselves."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from zenconv.context import Source
from zenconv.detect import UsageError
from zenconv.manifest import verify
from zenconv.media import file_name, plan_media, raster_extension
from zenconv.pipeline import Request, run

from .conftest import ROOT, run_cli
from .docx import make_fixtures as FX


def load_hostile():
    """adversarial/paths.py (stdlib only, no package): loaded by its path."""
    spec = importlib.util.spec_from_file_location("adversarial_paths", ROOT / "adversarial" / "paths.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hostile = load_hostile()

RED, BLUE = FX.tiny_png((200, 30, 30)), FX.tiny_png((30, 30, 200))
LINK = re.compile(rb"\]\(<?([^)>]+)>?\)")


def docx(tmp_path: Path, name: str, part: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(hostile.docx_with_image(part, data))
    return path


def convert(source: Path, output: Path, **options) -> object:
    return run(Request(source=Source(source.name, path=source), output=output, options=options))


def test_by_default_raster_images_go_into_a_folder_of_the_output_and_the_link_finds_them(tmp_path):
    src = docx(tmp_path, "a.docx", "image1.png", RED)
    out = tmp_path / "out" / "a b (1).md"
    out.parent.mkdir()
    result = convert(src, out)
    assert result.manifest.outcome == "converted" and not result.reports
    (written,) = (out.parent / "a b (1).md.media").iterdir()
    assert written.read_bytes() == RED and written.suffix == ".png"
    (link,) = LINK.findall(out.read_bytes())
    assert link == b"a%20b%20%281%29.md.media/" + written.name.encode()  # percent-encoded, relative
    (res,) = result.manifest.resources
    assert res.written and res.path == f"a b (1).md.media/{written.name}"
    assert verify(out.with_name(out.name + ".manifest.json")) == []


def test_two_documents_image1_png_in_one_media_dir_are_two_files_and_both_manifests_verify(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    docx(src, "one.docx", "image1.png", RED)
    docx(src, "two.docx", "image1.png", BLUE)
    docx(src, "same.docx", "image1.png", RED)  # the same bytes as one.docx: one file serves both
    out = tmp_path / "out"
    done = run_cli(str(src), "-o", str(out), "--media-dir", str(out / "media"), "-q")
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in (out / "media").iterdir())
    assert len(files) == 2 and all(f.startswith("image1-") and f.endswith(".png") for f in files)
    for name in ("one", "two", "same"):
        assert verify(out / f"{name}.docx.md.manifest.json") == []
    # Without --media-dir each output has its own folder.
    out2 = tmp_path / "out2"
    assert run_cli(str(src), "-o", str(out2), "-q").returncode == 0
    assert sorted(p.name for p in out2.iterdir() if p.is_dir()) == [
        "one.docx.md.media", "same.docx.md.media", "two.docx.md.media"]


def test_a_part_named_like_the_manifest_never_takes_its_name(tmp_path):
    src = docx(tmp_path, "m.docx", "out.md.manifest.json", RED)
    out = tmp_path / "out.md"
    result = convert(src, out, media_dir=str(tmp_path))  # the media folder is the output folder itself
    assert result.manifest.outcome == "converted"
    manifest = tmp_path / "out.md.manifest.json"
    assert json.loads(manifest.read_text())["source"]["name"] == "m.docx"
    assert verify(manifest) == []
    (media,) = [p for p in tmp_path.iterdir() if p.name.startswith("out.md.manifest-")]
    assert media.suffix == ".png" and media.read_bytes() == RED


def test_active_media_are_withheld_by_default_and_written_bin_only_with_media_dir(tmp_path):
    src = docx(tmp_path, "s.docx", "image1.png", hostile.SVG)  # an SVG named .png: the bytes decide
    out = tmp_path / "s.md"
    result = convert(src, out)
    # two facts, each reported where it is decided: the file was withheld, the writer linked nothing
    assert {r.code.code for r in result.reports} == {"host.active-media-withheld", "to-md.active-media-unlinked"}
    assert not (tmp_path / "s.md.media").exists()
    assert result.manifest.resources[0].written is False
    result = convert(src, out, media_dir=str(tmp_path / "media"))
    assert {r.code.code for r in result.reports} == {"host.active-media-neutralised", "to-md.active-media-unlinked"}
    (written,) = (tmp_path / "media").iterdir()
    assert written.suffix == ".bin" and written.read_bytes() == hostile.SVG


def test_with_no_output_folder_every_resource_is_reported_not_written(tmp_path):
    src = docx(tmp_path, "a.docx", "image1.png", RED)
    result = run(Request(source=Source(src.name, path=src), output=None))
    (report,) = result.reports
    assert report.code.code == "host.media-not-written" and report.details == ["image1.png"]
    assert result.manifest.resources[0].written is False


def test_media_dir_outside_the_output_folder_is_a_usage_error_everywhere(tmp_path):
    src = docx(tmp_path, "a.docx", "image1.png", RED)
    (tmp_path / "out").mkdir()
    outside = tmp_path / "elsewhere"
    with pytest.raises(UsageError, match="outside the output folder"):
        convert(src, tmp_path / "out" / "a.md", media_dir=str(outside))
    (tmp_path / "out" / "link").symlink_to(outside, target_is_directory=True)
    with pytest.raises(UsageError, match="outside the output folder"):
        plan_media(tmp_path / "out" / "a.md", tmp_path / "out" / "link" / "m")
    with pytest.raises(UsageError, match="there is none"):
        plan_media(None, "media")
    done = run_cli(str(src), "-o", str(tmp_path / "out" / "a.md"), "--media-dir", str(tmp_path / "out" / ".." / "x"))
    assert done.returncode == 2 and b"outside the output folder" in done.stderr
    folder = tmp_path / "in"
    folder.mkdir()
    docx(folder, "b.docx", "image1.png", RED)
    done = run_cli(str(folder), "-o", str(tmp_path / "batch"), "--media-dir", "/tmp")
    assert done.returncode == 2 and b"outside the output folder" in done.stderr
    assert not outside.exists() and not (tmp_path / "x").exists()


def test_file_names_come_from_the_bytes_signature():
    assert raster_extension(RED) == ".png"
    assert raster_extension(b"\xff\xd8\xff\xe0rest") == ".jpg"
    assert raster_extension(b"RIFF\x00\x00\x00\x00WEBPVP8 ") == ".webp"
    assert raster_extension(b"<svg/>") is None and raster_extension(b"WEBP") is None
    from zenconv.ir.resources import ResourceStore

    store = ResourceStore()
    name = store.add(b"<html><script>x</script>", "page.html")
    assert re.fullmatch(r"page-[0-9a-f]{32}\.bin", file_name(store.get(name)))
