"""Hostile inputs for the host's hard limits: output amplification, a page that never ends, crashes.

Each is built here from the standard library (a hand-made zip, a hand-written PDF), and ends with its
code under the default options. ``python adversarial/limits.py DIR`` writes them into DIR.
"""

from __future__ import annotations

import io
import sys
import zipfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdfbytes import build  # noqa: E402  (beside this file, however it was loaded)

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def amplifying_docx(paragraphs: int = 100, run_bytes: int = 1 << 20) -> bytes:
    """``paragraphs`` paragraphs, each one run of ``run_bytes`` of repeated words: deflate squeezes the
    repetition a thousandfold, so about 250 KB of package writes 100 MiB of text, far past the output cap
    (64 MiB for a small source). The parts are written by hand: a minimal, valid WordprocessingML package."""
    words = ("lorem ipsum dolor sit amet " * (run_bytes // 27 + 1))[:run_bytes]
    paragraph = f"<w:p><w:r><w:t>{words}</w:t></w:r></w:p>"
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{_W}"><w:body>'
                + paragraph * paragraphs + "</w:body></w:document>")
    content_types = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/word/document.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
        "</Types>")
    rels = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Target="word/document.xml" '
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/>'
        "</Relationships>")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("[Content_Types].xml", content_types)
        zf.writestr("_rels/.rels", rels)
        zf.writestr("word/document.xml", document)
    return buf.getvalue()


def endless_page_pdf(pairs: int = 20_000_000, pages: int = 8) -> bytes:
    """``pages`` pages sharing one content stream: a line of text, then ``pairs`` ``q Q`` operators (save
    and restore the graphics state, drawing nothing), flate-compressed to a few hundred KB. No glyph is
    drawn after the text, so a time check placed on drawing never runs. Each page is cut at
    ``--page-timeout``; all of them together outlast ``--timeout`` (the defaults, and the hostile-input
    test's tighter pair alike), so the document ends at its deadline."""
    content = b"BT /F1 12 Tf 72 720 Td (A page that never ends) Tj ET\n" + b"q Q " * pairs
    stream = zlib.compress(content, 9)
    contents, font = 3 + pages, 4 + pages  # the page objects first (3 .. 2 + pages), then what they share
    kids = b" ".join(b"%d 0 R" % (3 + n) for n in range(pages))
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (contents, font))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages),
        *(page for _ in range(pages)),
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return build(objects)


def surrogate_front_matter() -> bytes:
    """YAML front matter whose title is an escaped lone surrogate: a str UTF-8 cannot encode, which once
    broke the manifest's serialisation (host.internal-error on the CLI, UnicodeEncodeError from the API).
    It converts; the manifest carries U+FFFD. A stray line in the block is the report it must show."""
    return b'---\ntitle: "broken \\ud800 pair"\nauthor: "\\udfff"\n- a stray line\n---\n\n# Heading\n\nText.\n'


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    return {
        "amplifying.docx": (amplifying_docx(), "host.output-truncated",
                            "100 paragraphs of one 1 MiB run each (~250 KB zipped): the output cap cuts it"),
        "endless-page.pdf": (endless_page_pdf(), "host.deadline",
                             "8 pages of 20,000,000 'q Q' operators (~80 MB inflated, one stream): each page is cut, the deadline ends it"),
        "surrogate-front-matter.md": (surrogate_front_matter(), "markdown.front-matter-partial",
                                      "front matter with escaped lone surrogates: converts, the manifest is written"),
    }


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "adversarial/files")
    out.mkdir(parents=True, exist_ok=True)
    for name, (data, code, what) in hostile_files().items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes, {code}: {what}")
