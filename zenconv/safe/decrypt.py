"""Office files encrypted with a password (MS-OFFCRYPTO), decrypted before any reader sees them.

An encrypted .docx/.xlsx/.pptx is an OLE compound file whose ``EncryptedPackage`` stream holds the zip;
a legacy .xls encrypted with RC4 keeps its ``Workbook`` stream, scrambled after a ``FilePass`` record.
Excel encrypts a workbook that is only write-protected (or whose sheets are protected) with its built-in
default password, ``VelvetSweatshop``, and opens it without asking: it is tried first, then the one given
with ``--password``. msoffcrypto-tool (the library every Python Office tool uses for this) does the
cryptography; this module bounds it: the input is the source, already under ``--max-input-bytes``; the
size the package states for its plain text must be under ``--max-package-bytes`` before a byte is
decrypted, and the plain text is then the package every reader validates as usual (zip limits and all).

What is recorded is how the file was opened (``default-password`` or ``password``), never the password.
A file no password opens is refused ``host.encrypted-package``.
"""

from __future__ import annotations

import io
import struct

from ..reports import Unreadable

DEFAULT_PASSWORD = "VelvetSweatshop"  # Excel's built-in one (MS-OFFCRYPTO 2.3.6.1 and 2.4.2.3)
DEFAULT_PACKAGE_LIMIT = 2 << 30


class _Failed(Exception):
    pass


def decrypt(data: bytes, password: str | None, *, max_bytes: int = DEFAULT_PACKAGE_LIMIT,
            code: str = "host.encrypted-package") -> tuple[bytes, str]:
    """The plain bytes of an encrypted Office file and how they were opened: ``default-password`` or
    ``password``. Refused under ``code`` (unreadable) when neither opens it or it cannot be read; refused
    ``host.input-too-large`` when the plain text it states passes ``max_bytes``."""
    try:
        import msoffcrypto
    except ImportError:  # pragma: no cover - a dependency
        raise Unreadable(code, "an encrypted Office file, and msoffcrypto-tool is not installed") from None
    stated = _stated_size(data)
    if stated is not None and stated > max_bytes:
        raise Unreadable("host.input-too-large", f"the encrypted package states {stated} bytes of plain text, "
                         f"over --max-package-bytes ({max_bytes})")
    tries = [(DEFAULT_PASSWORD, "default-password")]
    if password and password != DEFAULT_PASSWORD:
        tries.append((password, "password"))
    for candidate, how in tries:
        try:
            plain = _decrypt(msoffcrypto, data, candidate, max_bytes)
        except Unreadable:
            raise
        except Exception:  # a wrong key, or a damaged or hostile EncryptionInfo (msoffcrypto raises what
            continue       # its parsers meet, an ExpatError among them): the next password, then refused
        return plain, how
    given = "the given --password does not open it" if password else "give its password with --password"
    raise Unreadable(code, f"an Office file encrypted with a password; {given}")


def _decrypt(msoffcrypto, data: bytes, password: str, max_bytes: int) -> bytes:
    office = msoffcrypto.OfficeFile(io.BytesIO(data))
    if not office.is_encrypted():
        raise _Failed("not encrypted")
    try:
        office.load_key(password=password, verify_password=True)
    except TypeError:  # a format whose load_key takes no verify_password: decrypting checks the key
        office.load_key(password=password)
    out = io.BytesIO()
    office.decrypt(out)
    plain = out.getvalue()
    if len(plain) > max_bytes:
        raise Unreadable("host.input-too-large", f"the decrypted package is {len(plain)} bytes, over "
                         f"--max-package-bytes ({max_bytes})")
    if not plain:
        raise _Failed("nothing decrypted")
    return plain


def _stated_size(data: bytes) -> int | None:
    """The plain-text size an ``EncryptedPackage`` stream states in its first 8 bytes, when the stream can
    be found by olefile (else None: the decryption's own output is checked instead)."""
    try:
        import olefile

        with olefile.OleFileIO(io.BytesIO(data)) as ole:
            if not ole.exists("EncryptedPackage"):
                return None
            with ole.openstream("EncryptedPackage") as stream:
                head = stream.read(8)
    except Exception:  # olefile raises what it likes on a damaged file; msoffcrypto then refuses it
        return None
    return struct.unpack("<Q", head)[0] if len(head) == 8 else None
