"""Write every hostile input into a folder, and the report code each must produce into expected.json.

    python adversarial/generate.py                 # adversarial/files/ and adversarial/expected.json
    python adversarial/generate.py --out DIR       # DIR/ and DIR/expected.json

This module builds the hostile packages (the zip and OLE layer, DOCX-shaped). Each area of the converter
keeps its own hostile set in a module beside this one (``AREAS``: ``urls.py``, ``limits.py``, ...), each
with a ``hostile_files()`` of the same shape; their files are written into a subfolder named after the
area (``files/urls/…``), so a name with a ``/`` is an area's and a bare name is a package's.

The bytes are deterministic (fixed timestamps, no randomness), so a file's digest never changes
between runs. The zips are written by hand, not with zipfile, because each one breaks a rule
zipfile will not break for us. Every package is DOCX-shaped ([Content_Types].xml, _rels/.rels
pointing at word/document.xml), so the CLI reports the refusal under ``docx.``. The generator uses
only the standard library: it must not share code with what it tests.
"""

from __future__ import annotations

import argparse
import json
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    '</Types>'
).encode()
RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Target="word/document.xml" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/>'
    '</Relationships>'
).encode()
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
BODY = "<w:body><w:p><w:r><w:t>{}</w:t></w:r></w:p></w:body>"
DOCUMENT = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document {W}>{BODY.format("Hello")}</w:document>'


@dataclass
class Member:
    """One zip entry. Every field past ``data`` is a way to lie in the directory."""

    name: str | bytes
    data: bytes = b""
    method: int = 8
    flags: int = 0
    size: int | None = None       # declared uncompressed size (default: the true one)
    csize: int | None = None      # declared compressed size (default: the true one)
    payload: bytes | None = None  # the bytes after the local header (default: data, compressed)
    crc: int | None = None
    local_name: bytes | None = None


def build_zip(members: list[Member], *, zip64: bool = False) -> bytes:
    """A zip with each member's local header and payload in order, then the central directory."""
    body, directory = bytearray(), bytearray()
    for m in members:
        name = m.name if isinstance(m.name, bytes) else m.name.encode()
        flags = m.flags | (0 if name.isascii() else 0x800)
        payload = m.payload
        if payload is None:
            payload = m.data if m.method == 0 else deflate(m.data)
        crc = zlib.crc32(m.data) if m.crc is None else m.crc
        size = len(m.data) if m.size is None else m.size
        csize = len(payload) if m.csize is None else m.csize
        local_name = name if m.local_name is None else m.local_name
        offset = len(body)
        # 0x21 is 1980-01-01 in DOS date format: a fixed timestamp keeps the bytes deterministic.
        body += struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, flags, m.method, 0, 0x21, crc, csize, size,
                            len(local_name), 0) + local_name + payload
        directory += struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, flags, m.method, 0, 0x21, crc, csize,
                                 size, len(name), 0, 0, 0, 0, 0, offset) + name
    count, cd_offset = len(members), len(body)
    tail = bytearray()
    if zip64 or count > 0xFFFF:
        z64_at = cd_offset + len(directory)
        tail += struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, count, count, len(directory), cd_offset)
        tail += struct.pack("<4sLQL", b"PK\x06\x07", 0, z64_at, 1)
        count = 0xFFFF
    tail += struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, len(directory), cd_offset, 0)
    return bytes(body + directory + tail)


def deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def docx(document: bytes | Member = DOCUMENT.encode(), *extra: Member) -> bytes:
    part = document if isinstance(document, Member) else Member("word/document.xml", document)
    return build_zip([Member("[Content_Types].xml", CONTENT_TYPES), Member("_rels/.rels", RELS),
                      part, *extra])


# Over the default --max-part-bytes (1 GiB) and --max-package-bytes (2 GiB).
BOMB_MIB = 2560


def zero_bomb(mib: int) -> tuple[bytes, int]:
    """A raw deflate stream of ``mib`` MiB of zeros, and its CRC-32, without holding the MiBs.

    Each MiB is compressed after a full flush, which resets the window, so every MiB compresses
    to the same bytes: one is made and repeated, then a final empty block ends the stream.
    """
    chunk = bytes(1 << 20)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(mib):
        crc = zlib.crc32(chunk, crc)
    return block * mib + b"\x03\x00", crc


def deep_document(depth: int) -> bytes:
    return (f'<w:document {W}><w:body>' + "<w:p>" * depth + "</w:p>" * depth + "</w:body></w:document>").encode()


BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE w:document [\n<!ENTITY lol "lol">\n'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n' for i in range(1, 10))
    + f']>\n<w:document {W}>{BODY.format("&lol9;")}</w:document>'
)
XXE = (
    '<?xml version="1.0"?>\n<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    f'<w:document {W}>{BODY.format("&xxe;")}</w:document>'
)
DOCTYPE = f'<?xml version="1.0"?>\n<!DOCTYPE w:document>\n<w:document {W}>{BODY.format("Hello")}</w:document>'


# -- OLE compound files ---------------------------------------------------------------------------

FREESECT, ENDOFCHAIN, FATSECT, NOSTREAM = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF


def compound_file(streams: list[tuple[str, bytes]]) -> bytes:
    """A minimal valid compound file (version 3, 512-byte sectors): header, one FAT sector, one
    directory sector, then each stream in its own run of sectors. Streams are padded to 4096 bytes,
    the mini-stream cutoff, so no mini FAT is needed."""
    assert len(streams) <= 3, "one directory sector holds the root and three streams"
    fat = [FATSECT, ENDOFCHAIN]
    starts = []
    for _, data in streams:
        n = max(8, -(-len(data) // 512))
        starts.append(len(fat))
        fat += [len(fat) + i + 1 for i in range(n - 1)] + [ENDOFCHAIN]
    assert len(fat) <= 128, "one FAT sector maps 128 sectors"
    fat_sector = struct.pack("<128L", *(fat + [FREESECT] * (128 - len(fat))))

    def entry(name: str, kind: int, right: int, child: int, start: int, size: int) -> bytes:
        raw = name.encode("utf-16-le") + b"\x00\x00"
        return struct.pack("<64sHBB3L16sLQQLQ", raw, len(raw), kind, 1, NOSTREAM, right, child,
                           bytes(16), 0, 0, 0, start, size)

    # The directory is a red-black tree; a chain of right siblings, all black, is a valid one.
    directory = entry("Root Entry", 5, NOSTREAM, 1 if streams else NOSTREAM, ENDOFCHAIN, 0)
    for i, ((name, data), start) in enumerate(zip(streams, starts), 1):
        directory += entry(name, 2, i + 1 if i < len(streams) else NOSTREAM, NOSTREAM, start, max(len(data), 4096))
    directory = directory.ljust(512, b"\x00")
    header = struct.pack("<8s16s5H6s9L109L", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", bytes(16), 0x3E, 3, 0xFFFE, 9, 6,
                         bytes(6), 0, 1, 1, 0, 4096, ENDOFCHAIN, 0, ENDOFCHAIN, 0, 0, *([FREESECT] * 108))
    data = b"".join(d.ljust(max(8, -(-len(d) // 512)) * 512, b"\x00") for _, d in streams)
    return header + fat_sector + directory + data


def encryption_info() -> bytes:
    # Agile encryption (version 4.4, flags 0x40) followed by the start of its XML descriptor.
    return struct.pack("<2HL", 4, 4, 0x40) + b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<encryption/>'


# -- the inventory --------------------------------------------------------------------------------

def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    """File name -> (bytes, expected report code, what it is)."""
    bomb, bomb_crc = zero_bomb(BOMB_MIB)
    small_doc = DOCUMENT.encode()
    files = {
        "deflate-bomb.docx": (
            docx(Member("word/document.xml", size=BOMB_MIB << 20, payload=bomb, crc=bomb_crc)),
            "docx.zip-part-too-large", f"word/document.xml: {BOMB_MIB} MiB of zeros deflated to about 1.5 MB, declared honestly"),
        "size-lie.docx": (
            docx(Member("word/document.xml", small_doc, size=100)),
            "docx.zip-size-mismatch", "word/document.xml declares 100 bytes and inflates to more"),
        "size-lie-bomb.docx": (
            docx(Member("word/document.xml", size=1024, payload=bomb, crc=bomb_crc)),
            "docx.zip-size-mismatch", f"the {BOMB_MIB} MiB bomb declared as 1 KiB: inflating must stop at 1 KiB + 1"),
        "overlapping-entries.docx": (
            _overlapping(), "docx.zip-overlapping-entries",
            "word/document.xml's compressed size runs over the next entry's header and data"),
        "too-many-entries.docx": (
            docx(small_doc, *(Member(f"f/{i:06d}", method=0) for i in range(100_000))),
            "docx.zip-too-many-entries", "100,003 entries (ZIP64 end record), over the 10,000 default"),
        "duplicate-name.docx": (
            docx(small_doc, Member("word/document.xml", small_doc)),
            "docx.zip-duplicate-name", "word/document.xml twice"),
        "duplicate-name-casefold.docx": (
            docx(small_doc, Member("Word/Document.XML", small_doc)),
            "docx.zip-duplicate-name", "word/document.xml and Word/Document.XML"),
        "name-dotdot.docx": (
            docx(small_doc, Member("word/../../evil.xml", b"x")),
            "docx.zip-unsafe-name", "an entry named word/../../evil.xml"),
        "name-absolute.docx": (
            docx(small_doc, Member("/etc/evil.xml", b"x")),
            "docx.zip-unsafe-name", "an entry named /etc/evil.xml"),
        "name-drive-letter.docx": (
            docx(small_doc, Member("C:/Windows/evil.xml", b"x")),
            "docx.zip-unsafe-name", "an entry named C:/Windows/evil.xml"),
        "name-backslash.docx": (
            docx(small_doc, Member("..\\..\\x", b"x")),
            "docx.zip-unsafe-name", "an entry named ..\\..\\x (../../x once \\ is read as /)"),
        "name-nul.docx": (
            docx(small_doc, Member(b"word/media/image1.png\x00.exe", b"x")),
            "docx.zip-unsafe-name", "an entry name with a NUL byte (zipfile silently cuts the name there)"),
        "encrypted-entry.docx": (
            docx(Member("word/document.xml", small_doc, flags=0x1)),
            "docx.zip-encrypted-entry", "word/document.xml with the encryption flag (bit 0) set"),
        "compression-99.docx": (
            docx(Member("word/document.xml", small_doc, method=99, flags=0x1, payload=b"\x00" * 64)),
            "docx.zip-unsupported-compression", "word/document.xml with method 99 (WinZip AES)"),
        "crc-mismatch.docx": (
            docx(Member("word/document.xml", small_doc, crc=0x12345678)),
            "docx.zip-corrupt", "word/document.xml whose CRC-32 does not match its content"),
        "local-name-mismatch.docx": (
            docx(Member("word/document.xml", small_doc, local_name=b"word/documenX.xml")),
            "docx.zip-corrupt", "word/document.xml whose local header names another part"),
        "truncated.docx": (
            docx()[:200], "docx.zip-corrupt", "a valid package cut after 200 bytes: no central directory"),
        "not-a-zip.docx": (
            b"This is a plain text file that claims to be a Word document.\n",
            "docx.not-a-zip", "plain text named .docx"),
        "doctype.docx": (
            docx(DOCTYPE.encode()), "docx.doctype-refused", "a DOCTYPE in word/document.xml"),
        "doctype-utf16.docx": (
            docx(b"\xff\xfe" + DOCTYPE.replace('"1.0"?>', '"1.0" encoding="UTF-16"?>').encode("utf-16-le")),
            "docx.doctype-refused", "a DOCTYPE in a UTF-16LE word/document.xml with a BOM"),
        "doctype-utf16be-nobom.docx": (
            docx(DOCTYPE.replace('"1.0"?>', '"1.0" encoding="UTF-16BE"?>').encode("utf-16-be")),
            "docx.doctype-refused", "a DOCTYPE in a UTF-16BE word/document.xml without a BOM"),
        "doctype-utf32.docx": (
            docx(b"\xff\xfe\x00\x00" + DOCTYPE.replace('"1.0"?>', '"1.0" encoding="UTF-32"?>').encode("utf-32-le")),
            "docx.doctype-refused", "a DOCTYPE in a UTF-32LE word/document.xml with a BOM"),
        "billion-laughs.docx": (
            docx(BILLION_LAUGHS.encode()), "docx.doctype-refused", "nine levels of tenfold entities (10^9 'lol')"),
        "xxe.docx": (
            docx(XXE.encode()), "docx.doctype-refused", "an external entity reading file:///etc/passwd"),
        "xml-too-deep.docx": (
            docx(deep_document(10_000)), "docx.xml-too-deep", "w:p elements nested 10,000 deep"),
        "xml-malformed.docx": (
            docx(f'<w:document {W}><w:body><w:p></w:body></w:document>'.encode()),
            "docx.xml-malformed", "word/document.xml with mismatched tags"),
        "encrypted-package.docx": (
            compound_file([("EncryptionInfo", encryption_info()), ("EncryptedPackage", bytes(4096))]),
            "host.encrypted-package", "an OLE compound file with EncryptionInfo and EncryptedPackage streams"),
        "legacy.doc": (
            compound_file([("WordDocument", struct.pack("<2H", 0xA5EC, 0xC1).ljust(4096, b"\x00"))]),
            "host.legacy-format", "an OLE compound file with a WordDocument stream (Word 97-2003)"),
    }
    return files


def _overlapping() -> bytes:
    """word/document.xml's declared compressed size swallows the next entry (the shape of an overlap bomb)."""
    doc = Member("word/document.xml", DOCUMENT.encode())
    media = Member("word/media/image1.png", b"\x89PNG" + bytes(60))
    plain = docx(doc, media)
    # The declared size covers the document's data, then the media entry's local header and data.
    doc.csize = len(deflate(doc.data)) + 30 + len("word/media/image1.png") + len(deflate(media.data))
    lying = docx(doc, media)
    assert len(lying) == len(plain)
    return lying


# The areas whose hostile sets live beside this module, each in <area>.py with its own hostile_files().
AREAS = ("urls", "limits", "pdf", "paths", "conservation", "xmltext", "data", "embedded", "xls")


def area_files(area: str) -> dict[str, tuple[bytes, str, str]]:
    """One area's hostile set, its names under the area's folder; empty while the module is not there."""
    path = HERE / f"{area}.py"
    if not path.exists():
        return {}
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(f"zenconv_adversarial_{area}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return {f"{area}/{name}": entry for name, entry in module.hostile_files().items()}


def every_hostile_file() -> dict[str, tuple[bytes, str, str]]:
    """The packages of this module and every area's set: relative name -> (bytes, code, what it is)."""
    files = hostile_files()
    for area in AREAS:
        files.update(area_files(area))
    return files


def generate(out: Path, files: dict[str, tuple[bytes, str, str]] | None = None) -> dict[str, str]:
    """Write every file (the packages unless ``files`` says) into ``out``; return name -> expected code."""
    out.mkdir(parents=True, exist_ok=True)
    expected = {}
    for name, (data, code, _) in sorted((files or hostile_files()).items()):
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        expected[name] = code
    return expected


def readme(files: dict[str, tuple[bytes, str, str]]) -> str:
    lines = ["# Hostile inputs", "",
             "Written by `python adversarial/generate.py` into `adversarial/files/` (kept out of git); "
             "`expected.json` maps each file to the report code it must produce. One line per file: "
             "what it is, then the code. The packages (bare names) come from `generate.py`; each area's set "
             "(" + ", ".join(f"`{area}/…`" for area in AREAS) + ") from the module of that name beside it. "
             "`tests/test_hostile_entrypoints.py` runs every file through the command line (a batch per output "
             "format) and the Python API, to Markdown, HTML and segments, under a timeout and a memory watch, "
             "and asserts both end it with the same codes, the expected one among them.", ""]
    for name, (_, code, what) in sorted(files.items()):
        lines.append(f"- `{name}`: {what}. `{code}`")
    lines += ["", "## Hostile inputs of other formats", "",
              "Each format's own hostile set lives with its tests, made by a script or kept as small text files:", "",
              "- PDF: `python tests/pdf/make_hostile.py DIR` writes circular /Kids, an xref past EOF, a self-calling "
              "form XObject, flate and object-stream bombs, arrays nested deep; `tests/pdf/test_hostile.py` asserts "
              "each ends cleanly, with its code where refused.",
              "- HTML and Markdown: `tests/html/hostile/` and `tests/markdown/hostile/` (script elements, event "
              "attributes, disguised script URLs, SVG and MathML, embedded documents, raw HTML); "
              "`tests/html/test_hostile.py` converts each to every output format and finds no script, no `on…=` "
              "attribute and no script URL; the cmark-gfm pathological inputs are timed by "
              "`tests/markdown/test_pathological.py`.",
              "- PPTX and ODT/ODS: `tests/pptx/test_adversarial.py`, `tests/odt/test_adversarial.py`.",
              "- Every format: `tests/<format>/test_robustness.py` holds the crash classes `bench/fuzz.py` found, each "
              "rebuilt in its test."]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "files", help="folder for the files")
    parser.add_argument("--expected", type=Path, default=None,
                        help="where to write expected.json (default: adversarial/expected.json, or OUT/ with --out)")
    parser.add_argument("--readme", action="store_true", help="also rewrite adversarial/README.md")
    args = parser.parse_args()
    files = every_hostile_file()
    expected = generate(args.out, files)
    target = args.expected or (HERE / "expected.json" if args.out == HERE / "files" else args.out / "expected.json")
    target.write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n")
    if args.readme:
        (HERE / "README.md").write_text(readme(files))
    print(f"{len(expected)} files in {args.out}, expected codes in {target}")


if __name__ == "__main__":
    main()
