"""Hostile legacy workbooks and encrypted packages: broken BIFF, lying counts, cyclic sector chains,
passwords that do not open, an EncryptionInfo of garbage, a package stating a plain text past the limit.

The .xls files start from a workbook xlwt writes (a test dependency, as xlsxwriter is for ``urls.py``),
whose ``Workbook`` stream is then broken byte by byte and put back into a compound file built here
(version 3, 512-byte sectors, every stream at least the 4,096-byte mini-stream cutoff). The encrypted
packages are encrypted with msoffcrypto-tool (the library ``zenconv.safe.decrypt`` uses, a runtime
dependency: no standard-library AES) with its random salts and keys replaced by a counter, so the bytes
are the same on every run. ``python adversarial/xls.py DIR`` writes them into DIR.
"""

from __future__ import annotations

import hashlib
import io
import struct
import sys
import zipfile
from pathlib import Path

_FREE, _END, _FATSECT, _NOSTREAM = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF
_SST, _LABELSST, _DIMENSIONS, _EOF = 0x00FC, 0x00FD, 0x0200, 0x000A


def compound(streams: list[tuple[str, bytes]], *, cycle: bool = False) -> bytes:
    """A compound file holding ``streams`` (each padded to 4,096 bytes): its FAT sectors first, then the
    directory sector, then each stream in a run of sectors; ``cycle``: the first stream's last sector
    links back to its first, so its chain never ends."""
    padded = [data.ljust(4096, b"\0") for _, data in streams]
    runs = [-(-len(data) // 512) for data in padded]
    fat_sectors = 1
    while fat_sectors * 128 < fat_sectors + 1 + sum(runs):
        fat_sectors += 1
    assert fat_sectors <= 109, "the header lists 109 FAT sectors"
    fat = [_FATSECT] * fat_sectors + [_END]
    starts = []
    for n in runs:
        starts.append(len(fat))
        fat += [len(fat) + i + 1 for i in range(n - 1)] + [_END]
    if cycle:
        fat[starts[0] + runs[0] - 1] = starts[0]
    fat += [_FREE] * (fat_sectors * 128 - len(fat))

    def entry(name: str, kind: int, right: int, child: int, start: int, size: int) -> bytes:
        raw = name.encode("utf-16-le") + b"\0\0"
        return struct.pack("<64sHBB3L16sLQQLQ", raw, len(raw), kind, 1, _NOSTREAM, right, child, bytes(16), 0, 0, 0,
                           start, size)

    directory = entry("Root Entry", 5, _NOSTREAM, 1, _END, 0)
    for i, ((name, _), start, data) in enumerate(zip(streams, starts, padded), 1):
        directory += entry(name, 2, i + 1 if i < len(streams) else _NOSTREAM, _NOSTREAM, start, len(data))
    difat = list(range(fat_sectors)) + [_FREE] * (109 - fat_sectors)
    header = struct.pack("<8s16s5H6s9L109L", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", bytes(16), 0x3E, 3, 0xFFFE, 9, 6,
                         bytes(6), 0, fat_sectors, fat_sectors, 0, 4096, _END, 0, _END, 0, *difat)
    body = b"".join(data.ljust(n * 512, b"\0") for data, n in zip(padded, runs))
    return header + struct.pack(f"<{len(fat)}L", *fat) + directory.ljust(512, b"\0") + body


def workbook_stream(rows: int = 400, text: str | None = None) -> bytes:
    """The ``Workbook`` stream xlwt writes for one sheet of ``rows`` rows (a label and a number each);
    ``text``: every label is that one string instead (one shared string, referenced by every row)."""
    import olefile
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Ledger")
    for row in range(rows):
        sheet.write(row, 0, text if text is not None else f"entry {row}")
        sheet.write(row, 1, row * 1.5)
    out = io.BytesIO()
    book.save(out)
    with olefile.OleFileIO(out.getvalue()) as ole:
        return ole.openstream("Workbook").read()


def records(stream: bytes) -> list[tuple[int, int]]:
    """Each BIFF record's (type, offset of its header)."""
    found, pos = [], 0
    while pos + 4 <= len(stream):
        kind, length = struct.unpack_from("<HH", stream, pos)
        found.append((kind, pos))
        pos += 4 + length
    return found


def patched(stream: bytes, kind: int, at: int, fmt: str, *values) -> bytes:
    """``stream`` with the first ``kind`` record's body overwritten at ``at`` by ``values`` (same length)."""
    offset = next(pos for found, pos in records(stream) if found == kind) + 4 + at
    data = bytearray(stream)
    struct.pack_into(fmt, data, offset, *values)
    return bytes(data)


def _counter_bytes():
    """msoffcrypto's random buffers, replaced by a hash counter: the same salts and keys on every run."""
    state = {"n": 0}

    def buffer(size: int) -> bytes:
        state["n"] += 1
        return hashlib.sha512(b"zenconv-adversarial-%d" % state["n"]).digest()[:size].ljust(size, b"\0")
    return buffer


def encrypted(data: bytes, password: str) -> bytes:
    """``data`` encrypted (agile, AES-256) with ``password``: its salts and keys from a counter and its
    compound file's timestamps fixed, so the bytes never change."""
    import datetime as dt

    from msoffcrypto.format.ooxml import OOXMLFile
    from msoffcrypto.method import ecma376_agile
    from msoffcrypto.method.container import ecma376_encrypted

    class Fixed(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2000, 1, 1)

    saved = ecma376_agile._random_buffer, ecma376_encrypted.datetime
    ecma376_agile._random_buffer, ecma376_encrypted.datetime = _counter_bytes(), Fixed
    try:
        out = io.BytesIO()
        OOXMLFile(io.BytesIO(data)).encrypt(password, out)
        return out.getvalue()
    finally:
        ecma376_agile._random_buffer, ecma376_encrypted.datetime = saved


def small_xlsx() -> bytes:
    """A one-sheet workbook of 120 rows, stored with fixed timestamps: over 4,096 bytes, so its encrypted
    package is a regular stream (msoffcrypto-tool writes a package under the mini-stream cutoff where
    olefile does not find it)."""
    parts = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
        'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/'
        'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
        'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
        '2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/'
        'spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheets><sheet name="Damages" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
        'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.'
        'org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.'
        'openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + "".join(f'<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>Claim {r}</t></is></c><c r="B{r}"><v>{r * 12}</v>'
                  "</c></row>" for r in range(1, 121))
        + "</sheetData></worksheet>",
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for name, text in parts.items():
            zf.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), text)
    return buf.getvalue()


def _agile_info(descriptor: bytes) -> bytes:
    return struct.pack("<2HL", 4, 4, 0x40) + descriptor


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    stream = workbook_stream()
    cut = next(pos for kind, pos in records(stream) if kind == _LABELSST and pos > len(stream) // 2) + 7
    sst_count = patched(stream, _SST, 0, "<LL", 0x7FFFFFFF, 0x7FFFFFFF)
    claims = patched(stream, _DIMENSIONS, 0, "<LLHH", 0, 0xFFFFFFFF, 0, 0xFFFF)
    shared = workbook_stream(2000, "x" * 32767)
    locked = encrypted(small_xlsx(), "s3cret-Pa55")
    big = bytearray(encrypted(small_xlsx(), "VelvetSweatshop"))
    # the EncryptedPackage stream's first 8 bytes state its plain size: made 1 TiB
    entry = big.find("EncryptedPackage".encode("utf-16-le"))  # its directory entry: the start sector at +116
    assert entry > 0 and big[30] == 9, "msoffcrypto writes 512-byte sectors"
    start = struct.unpack_from("<L", big, entry + 116)[0]
    struct.pack_into("<Q", big, (start + 1) * 512, 1 << 40)
    garbage = bytes(hashlib.sha512(b"%d" % i).digest()[i % 64] for i in range(600))
    bomb = (b'<?xml version="1.0"?><!DOCTYPE e [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">'
            + b"".join(b'<!ENTITY %c "%s">' % (ord("b") + i, b"&%c;" % (ord("a") + i) * 10) for i in range(9))
            + b']><encryption xmlns="http://schemas.microsoft.com/office/2006/encryption">&j;</encryption>')
    package = bytes(4096)
    return {
        "truncated-biff.xls": (
            compound([("Workbook", stream[:cut])]), "xls.corrupt",
            "a Workbook stream cut in the middle of a LABELSST record, the sheet's EOF gone: xlrd refuses it"),
        "sst-count-lies.xls": (
            compound([("Workbook", sst_count)]), "xls.corrupt",
            "an SST record claiming 2,147,483,647 strings, holding 400: xlrd reads what is there and refuses "
            "the rest, memory stays the file's"),
        "dimensions-claim-4g-rows.xls": (
            compound([("Workbook", claims)]), "",
            "a DIMENSIONS record claiming 4,294,967,295 rows by 65,535 columns over 400 rows: rows stay ragged, "
            "nothing is padded to the claim, the workbook converts"),
        "shared-string-amplification.xls": (
            compound([("Workbook", shared)]), "xls.sheet-truncated",
            "2,000 LABELSST cells referencing one shared string of 32,767 characters (65 million characters "
            "from 130 KB): cut at --max-expansion"),
        "cyclic-fat.xls": (
            compound([("Workbook", stream)], cycle=True), "xls.corrupt",
            "a Workbook stream whose FAT chain loops back to its first sector: refused, no endless read"),
        "encrypted-wrong-password.xlsx": (
            locked, "host.encrypted-package",
            "an xlsx encrypted (agile, AES) with a password it is not given: neither Excel's default nor "
            "--password opens it"),
        "encrypted-garbage-info.xlsx": (
            compound([("EncryptionInfo", garbage), ("EncryptedPackage", package)]), "host.encrypted-package",
            "an EncryptionInfo stream of 600 bytes of noise beside an EncryptedPackage: refused by name"),
        "encrypted-info-entity-bomb.xlsx": (
            compound([("EncryptionInfo", _agile_info(bomb)), ("EncryptedPackage", package)]), "host.encrypted-package",
            "an agile EncryptionInfo whose XML descriptor is a billion-laughs entity bomb: refused, nothing expanded"),
        "encrypted-states-1tib.xlsx": (
            bytes(big), "host.input-too-large",
            "an xlsx encrypted with Excel's default password whose EncryptedPackage states 1 TiB of plain text: "
            "refused by --max-package-bytes before a byte is decrypted"),
    }


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "xls-hostile")
    out.mkdir(parents=True, exist_ok=True)
    for file_name, (data, code, _) in hostile_files().items():
        (out / file_name).write_bytes(data)
        print(file_name, code)
