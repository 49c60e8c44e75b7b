"""Hostile PDFs for the font and page-work limits, and two the writers' safety rules need as PDFs.

Each file is written byte by byte (no PDF library writes CMaps or TrueType tables this broken).
The costly parts are deflated, so the files stay a few kilobytes however much work they ask for:

- a ToUnicode CMap of 200,000 wide ``bfrange`` entries (each maps 65,536 codes);
- a ToUnicode CMap of one ``<00000000> <FFFFFFFF>`` range (four billion codes);
- a CID font whose ``/W`` width array gives one width to four billion codes;
- an embedded TrueType font whose ``cmap`` table (format 12) maps four billion codes;
- a Type 1 font whose clear-text header holds a million ``put`` tokens;
- a content stream of 100 MB of ``q Q`` (nothing drawn, so nothing else ticks);
- a content stream of ``q`` nested 250,000 deep (a million costs pdfminer's parser half a minute);
- a page label whose prefix holds OSC and CSI terminal escapes;
- link annotations whose URI actions are a ``data:text/html`` page and a ``JaVaScRiPt:`` URL.

Standard library only: it must not share code with what it tests. The tests in ``tests/pdf``
load this module by path and convert the same bytes.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdfbytes import build  # noqa: E402  (beside this file, however it was loaded)

TEXT = b"BT /F1 12 Tf 72 720 Td (Hostile but harmless) Tj ET"
HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def stream(body: bytes, extra: bytes = b"", deflate: bool = False) -> bytes:
    if deflate:
        body = zlib.compress(body, 9)
        extra += b" /Filter /FlateDecode"
    return b"<< /Length %d%s >>\nstream\n" % (len(body), extra) + body + b"\nendstream"


def deflated_repeat(unit: bytes, size: int) -> bytes:
    """``unit`` repeated to about ``size`` bytes, deflated a megabyte at a time (never all in memory)."""
    packer = zlib.compressobj(9)
    chunk = unit * max(1, (1 << 20) // len(unit))
    parts = [packer.compress(chunk) for _ in range(max(1, size // len(chunk)))]
    parts.append(packer.flush())
    return b"".join(parts)




def two_pages(hostile_page: bytes, font: bytes = HELVETICA, catalog_extra: bytes = b"",
              page_extra: bytes = b"", extra_objects: tuple[bytes, ...] = ()) -> bytes:
    """Page 1 draws ``hostile_page`` (object 5) with font F1 (object 4) and F2 (Helvetica);
    page 2 draws plain text, so a test can see the rest of the document kept."""
    resources = b"<< /Font << /F1 4 0 R /F2 7 0 R >> >>"
    return build([
        b"<< /Type /Catalog /Pages 2 0 R%s >>" % catalog_extra,
        b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents 5 0 R%s >>"
        % (resources, page_extra),
        font,
        hostile_page,
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents 8 0 R >>" % resources,
        HELVETICA,
        stream(b"BT /F2 12 Tf 72 720 Td (The second page is kept) Tj ET"),
        *extra_objects,
    ])


# --- fonts -------------------------------------------------------------------------------------

# Page 1 draws two codes in the hostile font F1, then a line in Helvetica (F2).
_FONT_PAGE = stream(b"BT /F1 12 Tf 72 720 Td <00410042> Tj ET BT /F2 12 Tf 72 700 Td (Helvetica still reads) Tj ET")


def _type0(to_unicode: bytes | None, descendant: bytes) -> tuple[bytes, list[bytes]]:
    """A Type0 font (object 4) whose descendant and ToUnicode are objects 9 and 10."""
    font = b"<< /Type /Font /Subtype /Type0 /BaseFont /Hostile /Encoding /Identity-H /DescendantFonts [9 0 R]%s >>" % (
        b" /ToUnicode 10 0 R" if to_unicode is not None else b"")
    extra = [descendant]
    if to_unicode is not None:
        extra.append(to_unicode)
    return font, extra


def _cid_font(extra: bytes = b"") -> bytes:
    return (b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Hostile /CIDSystemInfo "
            b"<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 11 0 R%s >>" % extra)


def _descriptor(extra: bytes = b"") -> bytes:
    return (b"<< /Type /FontDescriptor /FontName /Hostile /Flags 4 /FontBBox [0 -200 1000 900] "
            b"/ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80%s >>" % extra)


def _cmap(body: bytes) -> bytes:
    return (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Hostile def "
            b"1 begincodespacerange <0000> <FFFF> endcodespacerange\n" + body +
            b"\nendcmap CMapName currentdict /CMap defineresource pop end end")


def cmap_font_pdf(cmap_body: bytes) -> bytes:
    font, extra = _type0(stream(_cmap(cmap_body), deflate=True), _cid_font())
    return two_pages(_FONT_PAGE, font, extra_objects=(*extra, _descriptor()))


def wide_bfranges(entries: int = 200_000) -> bytes:
    """``entries`` bfrange entries of 4-byte codes, each spanning 65,536 codes, 100 to a section."""
    section = b"100 beginbfrange\n" + b"<00000000> <0000FFFF> <0041>\n" * 100 + b"endbfrange\n"
    return cmap_font_pdf(section * (entries // 100))


def full_range() -> bytes:
    """One bfrange from <00000000> to <FFFFFFFF>: four billion codes."""
    return cmap_font_pdf(b"1 beginbfrange\n<00000000> <FFFFFFFF> <0041>\nendbfrange")


def huge_widths() -> bytes:
    """A CID font's /W gives one width to every code from 0 to 2^32 - 1."""
    font, extra = _type0(stream(_cmap(b"2 beginbfchar <0041> <0041> <0042> <0042> endbfchar")),
                         _cid_font(b" /W [0 4294967295 500]"))
    return two_pages(_FONT_PAGE, font, extra_objects=(*extra, _descriptor()))


def truetype_cmap(groups: list[tuple[int, int, int]]) -> bytes:
    """A TrueType font of one ``cmap`` table (Windows Unicode, format 12) holding ``groups``."""
    sub = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    sub += b"".join(struct.pack(">III", *g) for g in groups)
    table = struct.pack(">HH", 0, 1) + struct.pack(">HHL", 3, 10, 12) + sub
    head = struct.pack(">4sHHHH", b"\x00\x01\x00\x00", 1, 16, 0, 0)
    directory = struct.pack(">4sLLL", b"cmap", 0, 12 + 16, len(table))
    return head + directory + table


def huge_truetype_cmap() -> bytes:
    """An embedded TrueType font (no ToUnicode) whose cmap maps codes 0 to 2^32 - 1."""
    ttf = truetype_cmap([(0, 0xFFFFFFFF, 1)])
    font, extra = _type0(None, _cid_font())
    return two_pages(_FONT_PAGE, font, extra_objects=(
        *extra, b"null", _descriptor(b" /FontFile2 12 0 R"), stream(ttf, b" /Length1 %d" % len(ttf), deflate=True)))


def huge_type1_header(puts: int = 1_000_000) -> bytes:
    """A Type 1 font with no /Encoding whose clear-text header is ``puts`` ``dup N /A put`` lines."""
    header = b"%!PS-AdobeFont-1.0: Hostile\n/Encoding 256 array\n" + b"dup 65 /A put\n" * puts + b"readonly def\n"
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Hostile /FirstChar 32 /LastChar 126 /FontDescriptor 9 0 R >>"
    page = stream(b"BT /F1 12 Tf 72 720 Td (AB) Tj ET BT /F2 12 Tf 72 700 Td (Helvetica still reads) Tj ET")
    return two_pages(page, font, extra_objects=(
        _descriptor(b" /FontFile 10 0 R"),
        stream(header, b" /Length1 %d /Length2 0 /Length3 0" % len(header), deflate=True)))


# --- page work ---------------------------------------------------------------------------------

def q_flood(size: int = 100 << 20) -> bytes:
    """Text, then ``size`` bytes of ``q Q`` (saves and restores that draw nothing), then more text:
    three streams of one /Contents array, the flood deflated a megabyte at a time."""
    flood = deflated_repeat(b"q Q ", size)
    resources = b"<< /Font << /F1 4 0 R >> >>"
    return build([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents [5 0 R 7 0 R 8 0 R] >>"
        % resources,
        HELVETICA,
        stream(TEXT),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents 9 0 R >>" % resources,
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(flood) + flood + b"\nendstream",
        stream(b" BT /F1 12 Tf 72 700 Td (Text after the flood) Tj ET"),
        stream(b"BT /F1 12 Tf 72 720 Td (The second page is kept) Tj ET"),
    ])


def deep_q(depth: int = 250_000) -> bytes:
    """``q`` nested ``depth`` deep around a line of text, and as many ``Q``."""
    body = b"q " * depth + TEXT + b" Q" * depth
    return two_pages(stream(body, deflate=True))


# --- what the writers must make safe -----------------------------------------------------------

def escape_page_label() -> bytes:
    """A page label whose /P prefix holds an OSC title escape and a CSI clear-screen, in UTF-16
    (in PDFDocEncoding the byte 1B is a dot accent, not an escape)."""
    prefix = ("\ufeff" + "\x1b]0;pwned\x07\x1b[2J").encode("utf-16-be").hex().upper().encode()
    label = b"<< /Nums [0 << /S /D /P <" + prefix + b"> >>] >>"
    return two_pages(stream(TEXT), catalog_extra=b" /PageLabels " + label)


def script_links() -> bytes:
    """Two links over the page's text: a data:text/html page with a script, and JaVaScRiPt:."""
    body = (b"BT /F1 12 Tf 72 720 Td (Data link here) Tj ET "
            b"BT /F1 12 Tf 72 690 Td (Script link here) Tj ET")
    annots = b" /Annots [9 0 R 10 0 R]"
    return two_pages(stream(body), page_extra=annots, extra_objects=(
        b"<< /Type /Annot /Subtype /Link /Rect [70 715 200 735] /Border [0 0 0] "
        b"/A << /S /URI /URI (data:text/html,<script>alert\\(1\\)</script>) >> >>",
        b"<< /Type /Annot /Subtype /Link /Rect [70 685 200 705] /Border [0 0 0] "
        b"/A << /S /URI /URI (JaVaScRiPt:alert\\(1\\)) >> >>",
    ))


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    return {
        "pdf-cmap-wide-bfranges.pdf": (wide_bfranges(), "pdf.font-limit",
                                       "a ToUnicode CMap of 200,000 bfrange entries of 65,536 codes each"),
        "pdf-cmap-full-range.pdf": (full_range(), "pdf.font-limit",
                                    "a ToUnicode CMap of one <00000000> <FFFFFFFF> range"),
        "pdf-huge-widths.pdf": (huge_widths(), "pdf.font-limit", "a CID font's /W gives a width to 2^32 codes"),
        "pdf-truetype-cmap.pdf": (huge_truetype_cmap(), "pdf.font-limit",
                                  "an embedded TrueType cmap (format 12) maps 2^32 codes"),
        "pdf-type1-header.pdf": (huge_type1_header(), "pdf.font-limit",
                                 "a Type 1 font header of a million put tokens"),
        "pdf-q-flood.pdf": (q_flood(), "pdf.page-truncated", "100 MB of q Q: saves and restores that draw nothing"),
        "pdf-deep-q.pdf": (deep_q(), "pdf.state-depth-limit", "q nested 250,000 deep"),
        "pdf-escape-page-label.pdf": (escape_page_label(), "",
                                      "a page label prefix with OSC and CSI terminal escapes: no code of its own "
                                      "(it reaches only citations), but no output may hold them raw"),
        "pdf-script-links.pdf": (script_links(), "to-md.unsafe-url-dropped",
                                 "links to data:text/html,<script> and JaVaScRiPt:alert(1)"),
    }
