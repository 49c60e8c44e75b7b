"""Every file adversarial/generate.py writes is refused by the safe layer with the code expected.json names."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from zenconv.reports import Unreadable
from zenconv.safe.ole import is_ole, ole_kind
from zenconv.safe.xml import iterparse_xml, parse_xml
from zenconv.safe.zip import open_zip

ADVERSARIAL = Path(__file__).resolve().parents[2] / "adversarial"
EVERY = json.loads((ADVERSARIAL / "expected.json").read_text())
# The packages are the bare names; an area's files (urls/…, limits/…) go through the readers, not this layer.
EXPECTED = {name: code for name, code in EVERY.items() if "/" not in name}
OLE_CODES = {"encrypted": "host.encrypted-package", "legacy": "host.legacy-format"}


def refusal(path: Path, *, stream: bool) -> str | None:
    """What a DOCX reader meets: the OLE check, then every part read (streamed or whole) and its XML parsed."""
    data = path.read_bytes()
    if is_ole(data[:8]):
        return OLE_CODES[ole_kind(data)]
    try:
        with open_zip(path, "docx") as package:
            for name in package.names:
                if name.endswith("/"):
                    continue
                is_xml = name.endswith((".xml", ".rels"))
                if stream:
                    part = package.open(name)
                    if is_xml:
                        for _ in iterparse_xml(part, "docx", clear=True):
                            pass
                    else:
                        while part.read(1 << 16):
                            pass
                elif is_xml:
                    parse_xml(package.read(name), "docx")
                else:
                    package.read(name)
    except Unreadable as exc:
        return exc.code
    return None


@pytest.mark.parametrize("stream", [False, True], ids=["whole", "streamed"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hostile_file_is_refused_with_its_code(hostile, name, stream):
    folder, _, _ = hostile
    assert refusal(folder / name, stream=stream) == EXPECTED[name]


def test_generator_writes_what_expected_json_says(hostile):
    folder, expected, _ = hostile
    assert expected == EXPECTED
    assert sorted(p.name for p in folder.iterdir()) == sorted(EXPECTED)


def test_generator_is_fast(hostile):
    assert hostile[2] < 10


def test_generator_is_deterministic(gen, hostile, tmp_path):
    folder, expected, _ = hostile
    gen.generate(tmp_path)
    for name in expected:
        assert hashlib.sha256((tmp_path / name).read_bytes()).digest() == \
               hashlib.sha256((folder / name).read_bytes()).digest(), name


def test_readme_has_one_line_per_file_with_its_code():
    lines = [line for line in (ADVERSARIAL / "README.md").read_text().splitlines() if line.startswith("- `")]
    assert len(lines) == len(EVERY)
    for line in lines:
        name = line.split("`")[1]
        assert line.endswith(f"`{EVERY[name]}`"), line


def test_generated_files_stay_out_of_git():
    assert "files/" in (ADVERSARIAL / ".gitignore").read_text().split()


def test_every_zip_refusal_has_a_hostile_file():
    codes = {code.split(".", 1)[1] for code in EXPECTED.values() if code.startswith("docx.")}
    assert codes == {"not-a-zip", "zip-corrupt", "zip-too-many-entries", "zip-part-too-large", "zip-size-mismatch",
                     "zip-overlapping-entries", "zip-duplicate-name", "zip-unsafe-name", "zip-encrypted-entry",
                     "zip-unsupported-compression", "doctype-refused", "xml-too-deep", "xml-malformed"}


def test_bomb_is_small_and_honest_and_far_past_the_limit(hostile):
    path = hostile[0] / "deflate-bomb.docx"
    assert path.stat().st_size < 3_000_000
    with zipfile.ZipFile(path) as zf:  # zipfile would inflate it: the header does not lie
        assert zf.getinfo("word/document.xml").file_size >= 3 * (256 << 20)


def test_hostile_packages_are_docx_shaped(hostile):
    folder, expected, _ = hostile
    for name in expected:
        data = (folder / name).read_bytes()
        if name.endswith(".docx") and data.startswith(b"PK\x03\x04") and name != "truncated.docx":
            with zipfile.ZipFile(folder / name) as zf:
                names = zf.namelist()
            assert "[Content_Types].xml" in names and "_rels/.rels" in names, name
            assert any(n.lower() == "word/document.xml" for n in names), name


@pytest.fixture(scope="module")
def docx_reader_installed():
    from zenconv.plugins import build_plugins

    if not any(spec.name == "docx" for spec in build_plugins().registry.readers.values()):
        pytest.skip("no docx reader installed: the CLI path cannot be checked yet")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_conversion_ends_unreadable_under_the_code(docx_reader_installed, hostile, name):
    from zenconv import convert

    result = convert(hostile[0] / name)
    assert (result.outcome, result.manifest["reasons"], result.output) == ("unreadable", [EXPECTED[name]], None)
