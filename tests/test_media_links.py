"""Never a silent broken image link: through every entry point, each media link in the Markdown or HTML
either finds the file it names, holding that document's own bytes, or is named in the manifest's
``host.media-not-written`` report (stdout and the API, where nothing can be written beside the output)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

import zenconv

from .conftest import run_cli
from .test_media_placement import BLUE, RED, hostile

MD_LINK = re.compile(r"!\[[^\]]*\]\(<?([^)>]+)>?\)")
HTML_SRC = re.compile(r'<img[^>]* src="([^"]+)"')
SUFFIX = {"markdown": ".md", "html": ".html"}


def links(text: str, to: str) -> list[str]:
    return [unquote(link) for link in (MD_LINK if to == "markdown" else HTML_SRC).findall(text)]


def not_written(manifest: dict) -> list[str]:
    return [d for r in manifest["reports"] if r["code"] == "host.media-not-written" for d in r["details"]]


def _docx(folder: Path, name: str, png: bytes) -> Path:
    path = folder / name
    path.write_bytes(hostile.docx_with_image("image1.png", png))
    return path


@pytest.mark.parametrize("to", ["markdown", "html"])
def test_written_beside_the_output_every_link_finds_its_file(tmp_path, to):
    src = _docx(tmp_path, "a.docx", RED)
    out = tmp_path / f"a{SUFFIX[to]}"
    done = run_cli(str(src), "-o", str(out))
    assert done.returncode == 0 and b"host.media-not-written" not in done.stderr
    found = links(out.read_text(), to)
    assert found and all((out.parent / link).read_bytes() == RED for link in found)
    assert not_written(json.loads(out.with_name(out.name + ".manifest.json").read_text())) == []


@pytest.mark.parametrize("to", ["markdown", "html"])
def test_to_stdout_every_link_is_reported(tmp_path, to):
    src = _docx(tmp_path, "a.docx", RED)
    manifest = tmp_path / "m.json"
    done = run_cli(str(src), "--to", to, "--manifest", str(manifest), cwd=tmp_path)
    assert done.returncode == 0
    found = links(done.stdout.decode(), to)
    assert found == ["media/image1.png"] and not (tmp_path / "media").exists()
    assert not_written(json.loads(manifest.read_text())) == ["image1.png"]
    assert b"host.media-not-written" in done.stderr  # and the summary says so


@pytest.mark.parametrize("to", ["markdown", "html"])
def test_through_the_api_every_link_is_reported(tmp_path, to):
    src = _docx(tmp_path, "a.docx", RED)
    result = zenconv.convert(str(src), to=to)
    found = links(result.output.decode(), to)
    assert found == ["media/image1.png"]
    assert [Path(link).name for link in found] == not_written(result.manifest)
    assert [r["name"] for r in result.manifest["resources"] if not r["written"]] == ["image1.png"]


@pytest.mark.parametrize("shared", [False, True])
def test_in_a_batch_two_documents_image1_png_each_link_their_own_bytes(tmp_path, shared):
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    _docx(src, "one.docx", RED)
    _docx(src, "two.docx", BLUE)
    _docx(src / "sub", "one.docx", BLUE)  # the same document name in another folder
    out = tmp_path / "out"
    extra = ["--media-dir", str(out / "media")] if shared else []
    done = run_cli(str(src), "-o", str(out), "-q", *extra)
    assert done.returncode == 0, done.stderr
    for name, png in (("one.docx.md", RED), ("two.docx.md", BLUE), ("sub/one.docx.md", BLUE)):
        output = out / name
        (link,) = links(output.read_text(), "markdown")
        assert (output.parent / link).read_bytes() == png, (name, link)
        assert not_written(json.loads(output.with_name(output.name + ".manifest.json").read_text())) == []
